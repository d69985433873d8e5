"""What every prompt does with what a player may type there, in both languages, through a pipe:
?, h and u answered at the prompts outside a game's moves, control characters never echoed,
numbers of any length refused alike, CRLF files continued in CRLF, help that never breaks a
board, and a hint that reads as one sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import Run

DATA = Path(__file__).parent.parent / "data"
GAME_4X4 = DATA / "othello_4x4_game.txt"

WORDS = {
    "en": {
        "size_help": "Type the board's size, an even number from 4 to 10",
        "size_h": "'h' does nothing here: type the board's size, or ? for help.",
        "size_u": "'u' does nothing here: type the board's size, or ? for help.",
        "yes_no_help": "Answer y (or yes) for yes; n, or anything else, is no.",
        "yes_no_h": "'h' does nothing here: answer y (yes) or n (no), or ? for help.",
        "repaired": "repaired",
        "replay_hint": "Best move: ",
        "replay_u": "A replay takes nothing back: r (or ←) goes back a move.",
        "replay_keys": "Replay keys: a (or →) forward",
        "menu": "Choose an option: ",
    },
    "es": {
        "size_help": "Escriba el tamaño del tablero, un número par entre 4 y 10",
        "size_h": "'h' no hace nada aquí: escriba el tamaño del tablero, o ? para ver la ayuda.",
        "size_u": "'u' no hace nada aquí: escriba el tamaño del tablero, o ? para ver la ayuda.",
        "yes_no_help": "Responda s (o sí) para decir que sí; n, o cualquier otra cosa, es que no.",
        "yes_no_h": "'h' no hace nada aquí: responda s (sí) o n (no), o ? para ver la ayuda.",
        "repaired": "reparado",
        "replay_hint": "Mejor jugada: ",
        "replay_u": "En la reproducción no se deshace nada: r (o ←) retrocede una jugada.",
        "replay_keys": "Teclas: a (o →) avanzar",
        "menu": "Elija una opción: ",
    },
}


def said(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_size_prompt_answers_question_mark_h_and_u(run: Run, language: str) -> None:
    words = WORDS[language]
    result = run(["othello", "--lang", language], ["1", "g.txt", "?", "h", "u", "4", "-1 -1", "3"])
    out = said(result.stdout)
    assert said(words["size_help"]) in out
    assert words["size_h"] in out and words["size_u"] in out
    assert "  1 2 3 4" in result.stdout, "and then the size is taken"


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_yes_or_no_prompt_answers_question_mark_h_and_u(
    run: Run, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    whole = GAME_4X4.read_text()
    (tmp_path / "cut.txt").write_text(whole[: whole.index("JUGADA 7:") + len("JUGADA 7:\n.OX")])
    result = run(
        ["othello", "--lang", language], ["4", "cut.txt", "?", "h", "u", "y", "-1 -1", "3"]
    )
    out = said(result.stdout)
    assert words["yes_no_help"] in out and words["yes_no_h"] in out
    assert out.count("(y/n)" if language == "en" else "(s/n)") == 4, "asked again after each"
    assert words["repaired"] in out, "a yes after them is a yes"


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_replay_prompt_answers_question_mark_h_and_u(
    run: Run, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    run(["tictactoe", "--save", "t.txt"], ["5", "1", "9", "q"])
    out = run(["replay", "t.txt", "--lang", language], ["a", "h", "u", "?", "s"]).stdout
    assert words["replay_hint"] in out, "h: the best move in the position shown"
    assert words["replay_u"] in out
    assert words["replay_keys"] in said(out)


@pytest.mark.parametrize("language", ["en", "es"])
def test_control_characters_typed_are_echoed_visibly_never_as_they_are(
    run: Run, language: str
) -> None:
    result = run(["tictactoe", "--lang", language], ["\x1b[2J\x1b[31m5", "\x00", "7\x07", "q"])
    assert "\x1b" not in result.stdout and "\x00" not in result.stdout
    assert "\x07" not in result.stdout
    assert "\ufffd[2J\ufffd[31m5" in result.stdout, "what was typed, shown as typed"


@pytest.mark.parametrize(
    ("arguments", "answers", "language", "refusal"),
    [
        (
            ["catmouse"],
            ["29", "{}"],
            "en",
            "Wrong move... {} is not a square: squares are 1 to 32.",
        ),
        (["catmouse"], ["29", "{}"], "es", "Movimiento erroneo... {} no es una casilla"),
        (["tictactoe"], ["{}"], "en", "There is no cell {}: cells are numbered 1 to 9"),
        (["tictactoe"], ["{}"], "es", "no existe la casilla {}"),
        (["othello", "play"], ["{} 1"], "en", "{} 1: rows and columns go from 1 to 8."),
        (["othello", "play"], ["{} 1"], "es", "{} 1: las filas y las columnas van de 1 a 8."),
    ],
)
def test_a_number_of_seven_digits_or_more_is_refused_as_six_are(
    run: Run, arguments: list[str], answers: list[str], language: str, refusal: str
) -> None:
    for number in ("123456", "1234567", "12345678901234567890"):
        typed = [answer.format(number) for answer in answers]
        out = run([*arguments, "--lang", language], [*typed, "q"]).stdout
        assert refusal.format(number) in out, out[-600:]


@pytest.mark.parametrize("language", ["en", "es"])
def test_continuing_a_crlf_file_appends_crlf_lines(run: Run, tmp_path: Path, language: str) -> None:
    boards = GAME_4X4.read_text().splitlines()
    first_two = "".join(line + "\r\n" for line in boards[: boards.index("JUGADA 3:")])
    (tmp_path / "crlf.txt").write_bytes(first_two.encode())
    result = run(["othello", "--lang", language], ["4", "crlf.txt", "4 2", "-1 -1", "3"])
    assert result.returncode == 0, result.stderr
    data = (tmp_path / "crlf.txt").read_bytes()
    assert data.startswith(first_two.encode()) and data.count(b"JUGADA") == 3
    assert data.count(b"\n") == data.count(b"\r\n"), "every line ends as the file's do"
    assert data.endswith(b"\r\n")
    replay = run(["replay", "crlf.txt", "--lang", language], ["a", "a", "s"]).stdout
    assert ("Position 3 of 3" if language == "en" else "Jugada 3 de 3") in replay


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_analyse_help_keeps_its_example_position_on_one_line(run: Run, language: str) -> None:
    start = "---------------------------OX------XO--------------------------- X"
    out = run(["othello", "analyse", "--help", "--lang", language]).stdout
    assert start in out.splitlines()[-1] or any(line.strip() == start for line in out.splitlines())
    assert all(len(line) <= 80 for line in out.splitlines())
    for game, example in (("catmouse", "- 1 2 3 4 mouse"), ("tictactoe", "---------")):
        lines = run([game, "analyse", "--help", "--lang", language]).stdout.splitlines()
        assert example in [line.strip() for line in lines]


@pytest.mark.usefixtures("compiled_engine")
@pytest.mark.parametrize(("language", "hint"), [("en", "Best move: "), ("es", "Mejor jugada: ")])
def test_the_othello_hint_reads_as_one_sentence(run: Run, language: str, hint: str) -> None:
    """An estimate says so in brackets: the hint does not put them inside brackets of its own."""
    out = run(["othello", "play", "--lang", language], ["h", "q"]).stdout
    line = next(line for line in out.splitlines() if hint in line)
    assert line.count("(") == line.count(")") <= 1, line
    assert not re.search(r"\([^)]*\(", line), line
