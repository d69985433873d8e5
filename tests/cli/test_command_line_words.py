"""The command line in the chosen language, to its last word: argparse's own usage line, headings
and errors through the catalogues, each option's refusal in words, the sides' values in the
language's words."""

from __future__ import annotations

import argparse
import ast
import inspect

import pytest

from conftest import Run
from damero.i18n import es

ENGLISH_WORDS = ("usage", "argument ", "invalid", "choose", "required", "expected", "unrecognized")


@pytest.mark.parametrize(
    ("arguments", "english", "spanish"),
    [
        (
            ["tictactoe", "--level", "9"],
            "damero tictactoe: error: argument --level: invalid choice: 9 (choose from 1, 2, 3, 4, 5)",
            "damero tictactoe: error: argumento --level: elección no válida: 9 (elija entre 1, 2, 3, 4, 5)",
        ),
        (
            ["tictactoe", "--seed", "x"],
            "argument --seed: 'x' is not a whole number",
            "argumento --seed: 'x' no es un número entero",
        ),
        (
            ["tictactoe", "--level", "x"],
            "argument --level: 'x' is not a whole number, 0 or more",
            "argumento --level: 'x' no es un número entero, 0 o más",
        ),
        (
            ["othello", "perft", "deep"],
            "argument DEPTH: 'deep' is not a whole number, 0 or more",
            "argumento PROFUNDIDAD: 'deep' no es un número entero, 0 o más",
        ),
        (
            ["tictactoe", "--bogus"],
            "damero: error: unrecognized arguments: --bogus",
            "damero: error: argumentos desconocidos: --bogus",
        ),
        (
            ["review"],
            "damero review: error: the following arguments are required: FILE",
            "damero review: error: faltan estos argumentos: FICHERO",
        ),
        (
            ["catmouse", "--mouse"],
            "argument --mouse: expected one argument",
            "argumento --mouse: se esperaba un argumento",
        ),
        (
            ["tictactoe", "--delay", "x"],
            "damero tictactoe: error: argument --delay: 'x' is not a pause in seconds from 0 to 3600",
            "damero tictactoe: error: argumento --delay: 'x' no es una pausa en segundos de 0 a 3600",
        ),
        (
            ["tictactoe", "--x", "robot"],
            "argument --x: 'robot' is neither human nor computer",
            "argumento --x: 'robot' no es ni persona ni ordenador",
        ),
        (
            ["chess"],
            "argument GAME: invalid choice: 'chess' (choose from",
            "argumento JUEGO: elección no válida: 'chess' (elija entre",
        ),
    ],
)
def test_every_refusal_is_in_the_chosen_language(
    run: Run, arguments: list[str], english: str, spanish: str
) -> None:
    for language, expected in (("en", english), ("es", spanish)):
        result = run([*arguments, "--lang", language])
        assert result.returncode == 2 and result.stdout == ""
        assert expected in result.stderr, result.stderr
        assert result.stderr.startswith("usage: " if language == "en" else "uso: ")
        if language == "es":
            assert not any(word in result.stderr for word in ENGLISH_WORDS), result.stderr


def test_the_spanish_help_says_everything_in_spanish(run: Run) -> None:
    spanish = run(["tictactoe", "--help", "--lang", "es"]).stdout
    assert "argumentos:" in spanish and "opciones:" in spanish
    assert "--x {persona,ordenador}" in spanish
    assert "quién juega con X (por omisión: persona)" in spanish
    assert "human" not in spanish and "computer" not in spanish and "positional" not in spanish
    english = run(["tictactoe", "--help", "--lang", "en"]).stdout
    assert "--x {human,computer}" in english and "who plays X (default: human)" in english


def test_either_language_s_words_seat_the_computer(run: Run) -> None:
    for words in (["--o", "ordenador", "--lang", "es"], ["--o", "computer", "--lang", "es"]):
        result = run(["tictactoe", *words, "--level", "5"], ["5", "q"])
        assert "El ordenador (O) juega" in result.stdout, result.stdout
    result = run(["tictactoe", "--x", "ordenador", "--o", "persona", "--lang", "en"], ["q"])
    assert "The computer (X) plays" in result.stdout


def test_every_text_argparse_has_is_in_the_spanish_catalogue() -> None:
    """Read from the argparse that runs, so that a Python whose argparse says something new
    fails here rather than say it in English."""
    texts = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "ngettext"):
            texts |= {
                argument.value
                for argument in node.args
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
            }
    assert "invalid choice: %(value)r (choose from %(choices)s)" in texts
    assert texts - set(es.ARGPARSE) == set()
    for english, spanish in es.ARGPARSE.items():
        assert english.count("%") == spanish.count("%"), english
