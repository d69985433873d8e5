"""`play` without a menu, the pause between computer moves, another game, and `j` at the end."""

from __future__ import annotations

import io
from pathlib import Path

from conftest import Run, run_in_terminal
from damero.cli.console import Console
from damero.cli.play import WATCHING_DELAY, Seating
from damero.core import Side
from damero.i18n import Catalog


def test_othello_play_needs_no_file(run: Run, tmp_path: Path) -> None:
    watch = ["--x", "computer", "--o", "computer", "--level", "1", "--delay", "0"]
    result = run(["othello", "play", *watch, "--size", "6", "--lang", "en"])
    assert result.returncode == 0, result.stderr
    assert "Name of the file" not in result.stdout and "Play again" not in result.stdout
    last = result.stdout.rstrip().splitlines()[-1]
    assert "wins" in last or "draw" in last.lower()
    assert list(tmp_path.iterdir()) == []


def test_othello_save_and_replay_as_the_other_games(run: Run, tmp_path: Path) -> None:
    run(["othello", "--save", "g.txt", "--size", "4", "--lang", "en"], ["4 3", "q"])
    assert (tmp_path / "g.txt").read_text().count("JUGADA") == 2
    out = run(["othello", "--replay", "g.txt", "--lang", "en"], ["a", "s"]).stdout
    assert "Position 2 of 2" in out and "Last move: 4 3" in out


def test_a_finished_game_asks_for_another_at_a_terminal(tmp_path: Path) -> None:
    cell = "type the number of the cell where you want to play: "
    answers = [
        *((cell, f"{number}\n") for number in (1, 4, 2, 5, 3)),
        ("Play again? (y/n): ", "y\n"),
        (cell, "5\n"),
        (cell, "q\n"),
    ]
    shown = run_in_terminal(["tictactoe", "--lang", "en"], answers, cwd=tmp_path)
    assert shown.count("Play again? (y/n)") == 1
    assert shown.count("Congratulations, player X") == 1
    assert "Game left." in shown


def test_j_on_a_finished_game_says_so(run: Run, tmp_path: Path) -> None:
    run(["tictactoe", "--save", "t.txt"], ["1", "4", "2", "5", "3"])
    out = run(["replay", "t.txt", "--lang", "en"], ["a"] * 5 + ["j", "r", "s"]).stdout
    assert "The game is over here" in out
    assert "Position 5 of 6" in out, "the next key is a replay key again"
    assert not (tmp_path / "r").exists()


def test_a_delay_is_a_number_of_seconds_up_to_an_hour(run: Run) -> None:
    for bad in ("-1", "nan", "soon", "3601", "1e10"):
        refused = run(["tictactoe", "--x", "computer", "--o", "computer", "--delay", bad])
        assert refused.returncode == 2 and "Traceback" not in refused.stderr
        assert f"'{bad}' is not a pause in seconds from 0 to 3600" in refused.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_computers_pause_between_moves_only_for_a_person_watching() -> None:
    terminal = Console(_Terminal(), _Terminal(), Catalog("en"))
    piped = Console(io.StringIO(), io.StringIO(), Catalog("en"))
    both = frozenset(Side)
    assert Seating(both).pause(terminal) == WATCHING_DELAY > 0
    assert Seating(both).pause(piped) == 0
    assert Seating(frozenset({Side.FIRST})).pause(terminal) == 0, "a person plays: no pause"
    assert Seating(both, delay=0.25).pause(piped) == 0.25
