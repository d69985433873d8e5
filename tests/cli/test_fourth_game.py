"""A fourth game, added only by the tests, plays through everything the command line offers.

Nim lives in tests/nim.py and nowhere else; `with_nim` adds it to `damero.registry.GAMES`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from damero.cli import main

pytestmark = pytest.mark.usefixtures("with_nim")

# The first player wins with best play: 1 3 5 has a non-zero nim-sum.
WHOLE_GAME = ["3 5", "2 3", "1 1"]


def damero(arguments: Sequence[str], lines: Sequence[str] = ()) -> tuple[int, str]:
    stdout = io.StringIO()
    status = main(
        [*arguments, "--lang", "en"],
        stdin=io.StringIO("".join(f"{line}\n" for line in lines)),
        stdout=stdout,
    )
    return status, stdout.getvalue()


def test_the_menu_offers_it_and_a_whole_game_plays_with_take_back_and_hint() -> None:
    status, out = damero([], ["4", "2 2", "u", "h", *WHOLE_GAME, "6"])
    assert status == 0
    assert "4- Nim: take counters from heaps" in out and "6- Quit" in out
    assert "Move 2 2 taken back." in out
    assert "Best move: " in out and "the first player wins in" in out
    assert "The last counter is taken." in out and "Winner: the first player." in out


def test_help_analysis_and_computer_players(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        damero(["--help"])
    assert "nim" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        damero(["nim", "--help"])
    usage = capsys.readouterr().out
    assert all(word in usage for word in ("--first", "--second", "analyse"))
    status, out = damero(["nim", "analyse", "1", "3", "5", "first"])
    assert status == 0 and "the first player wins in" in out
    status, out = damero(["nim", "analyse", "1", "1", "0", "first", "--json"])
    assert json.loads(out)["result"] == "loss"
    status, out = damero(["nim", "--rows", "4", "analyse", "1", "3", "5", "7", "first"])
    assert status == 0 and "the second player wins in" in out, "its option, as the game names it"
    assert "the number of rows" in usage
    status, out = damero(["nim", "analyse", "1", "9", "5", "first"])
    assert status == 2 and "'1 9 5 first' is not a position" in out
    status, out = damero(["nim", "--first", "computer", "--second", "computer", "--level", "5"])
    assert "The computer (the first player) plays" in out and "Winner: the first player." in out


def test_save_replay_and_play_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    damero(["nim", "--save", "nim.txt"], [*WHOLE_GAME[:2], "q"])
    lines = (tmp_path / "nim.txt").read_text().splitlines()
    assert lines[:2] == ["# damero record: nim", "# rows: 3"] and lines[3:] == WHOLE_GAME[:2]
    status, out = damero(["replay", "nim.txt"], ["a", "a", "j", "more.txt", "1 1"])
    assert status == 0 and "Position 3 of 3" in out and "Last move: 2 3" in out
    assert (tmp_path / "more.txt").read_text().splitlines()[3:] == WHOLE_GAME
