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
from damero.registry import GAMES

EMPTY_4X4 = "-----OX--XO-----"
SESSIONS: list[tuple[list[str], list[str], int]] = [
    ([], ["?", "x", "", "4", "4", "5"], 0),
    (["catmouse"], ["?", "h", "x", "40", "30", "u", "30", "26", "1 5", "8 2", "h", "q"], 0),
    (["catmouse", "--mouse", "computer", "--cats", "computer", "--level", "5"], [], 0),
    (["tictactoe", "--save", "t.txt"], ["?", "h", "5", "5", "1", "9", "3", "2", "7", "8"], 0),
    (["tictactoe", "--replay", "t.txt"], ["?", "a", "x", "r", "r", "a", "a", "a", "a", "a"], 0),
    (["tictactoe", "--replay", "t.txt"], ["a"] * 8 + ["j", "?", "u", "s"], 0),
    (["tictactoe", "--o", "computer", "--level", "5"], ["1", "2", "3", "4", "6", "7", "8"], 0),
    (
        ["othello"],
        [
            *("?", "9", "", "1", "g.txt", "5", "4", "?", "h", "x", "4 3", "u", "d3", "-1 -1"),
            *("2", "g.txt", "?", "a", "x", "s", "4", "g.txt", "-1 -1", "2", "nowhere", "3"),
        ],
        0,
    ),
    (["othello", "--size", "6"], ["1", "?", "s.txt", "-1 -1", "3"], 0),
    (
        ["othello", "play", "--x", "computer", "--o", "computer", "--size", "4", "--delay", "0"],
        [],
        0,
    ),
    (["catmouse", "analyse", "22", "2", "3", "4", "17"], [], 0),
    (["catmouse", "analyse", "22", "22", "2", "3", "4"], [], 2),
    (["catmouse", "analyse", "33", "1", "2", "3", "4"], [], 2),
    (["catmouse", "analyse", "2", "1", "3", "4", "25", "cats"], [], 0),
    (["tictactoe", "analyse", "XX-OO----"], [], 0),
    (["tictactoe", "analyse", "XXXOO-O--"], [], 2),
    (["othello", "analyse", EMPTY_4X4, "X", "--seconds", "0.5"], [], 0),
    (["othello", "analyse", "---", "X"], [], 2),
    (["catmouse", "solve"], [], 0),
    (["othello", "solve", "--size", "4"], [], 0),
    (["othello", "perft", "3"], [], 0),
    (["replay", "nowhere.txt"], [], 1),
]
"""Each session: the command, what the player types, and the exit status it must end with."""
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
    for arguments, answers, status in SESSIONS:
        stdout = io.StringIO()
        stdin = io.StringIO("".join(f"{answer}\n" for answer in answers))
        assert main([*arguments, "--lang", language], stdin=stdin, stdout=stdout) == status
        for line in stdout.getvalue().splitlines():
            assert len(line) <= 80, (arguments, line)
            assert not LEAKS.search(line), (arguments, line)
            assert not UNCONTRACTED.search(line), (arguments, line)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("words", [[], *[[game.name] for game in GAMES], ["othello", "play"]])
def test_help_fits_80_columns(words: list[str], language: str) -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "damero", *words, "--help"],
        capture_output=True,
        text=True,
        env=without_locale() | {"COLUMNS": "80", "LANG": f"{language}_ES.UTF-8"},
        check=True,
    ).stdout
    assert max(len(line) for line in shown.splitlines()) <= 80
