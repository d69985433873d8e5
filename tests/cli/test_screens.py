"""Every screen of every game, in both languages: within 80 columns, plurals right, no Python
leaking through (a repr, a traceback, an unfilled template)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import without_locale
from damero.cli import main
from damero.games import GAMES

EMPTY_4X4 = "-----OX--XO-----"
SESSIONS: list[tuple[list[str], list[str]]] = [
    ([], ["?", "x", "4", "4", "5"]),
    (["catmouse"], ["?", "h", "x", "40", "30", "u", "30", "26", "1 5", "8 2", "h", "q"]),
    (["catmouse", "--mouse", "computer", "--cats", "computer", "--level", "5"], []),
    (["tictactoe", "--save", "t.txt"], ["?", "h", "5", "5", "1", "9", "3", "2", "7", "8"]),
    (["tictactoe", "--replay", "t.txt"], ["?", "a", "x", "r", "r", "a", "a", "a", "a", "a"]),
    (["tictactoe", "--replay", "t.txt"], ["a"] * 8 + ["j", "s"]),
    (
        ["othello"],
        [
            *("?", "9", "1", "g.txt", "5", "4", "?", "h", "x", "4 3", "u", "d3", "-1 -1"),
            *("2", "g.txt", "?", "a", "x", "s", "4", "g.txt", "-1 -1", "2", "nowhere", "3"),
        ],
    ),
    (["othello", "play", "--x", "computer", "--o", "computer", "--size", "4", "--delay", "0"], []),
    (["catmouse", "analyse", "22", "2", "3", "4", "17"], []),
    (["catmouse", "analyse", "22", "22", "2", "3", "4"], []),
    (["catmouse", "analyse", "2", "1", "3", "4", "25", "cats"], []),
    (["tictactoe", "analyse", "XX-OO----"], []),
    (["tictactoe", "analyse", "XXXOO-O--"], []),
    (["othello", "analyse", EMPTY_4X4, "X", "--seconds", "0.5"], []),
    (["othello", "analyse", "---", "X"], []),
    (["catmouse", "solve"], []),
    (["othello", "solve", "--size", "4"], []),
    (["othello", "perft", "3"], []),
    (["replay", "nowhere.txt"], []),
]
LEAKS = re.compile(
    r"Side\.|Message\(|Traceback|Error\b|[{}]|<[a-z]| 1 (plies|moves|jugadas)\b|plies"
)
UNCONTRACTED = re.compile(r"\b(de|a) el\b")
"""Spanish says 'del ratón', never 'de el ratón', when a side's name follows a preposition."""


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_screen_fits_80_columns_and_reads_as_words(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for arguments, answers in SESSIONS:
        stdout = io.StringIO()
        stdin = io.StringIO("".join(f"{answer}\n" for answer in answers))
        main([*arguments, "--lang", language], stdin=stdin, stdout=stdout)
        for line in stdout.getvalue().splitlines():
            assert len(line) <= 80, (arguments, line)
            assert not LEAKS.search(line), (arguments, line)
            assert not UNCONTRACTED.search(line), (arguments, line)


@pytest.mark.parametrize("words", [[], *[[game.name] for game in GAMES], ["othello", "play"]])
def test_help_fits_80_columns(words: list[str]) -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "damero", *words, "--help"],
        capture_output=True,
        text=True,
        env=without_locale() | {"COLUMNS": "80"},
        check=True,
    ).stdout
    assert max(len(line) for line in shown.splitlines()) <= 80
