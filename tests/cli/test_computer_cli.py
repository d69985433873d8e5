"""Playing against the computer, computer against computer, hints and the analysis commands."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from conftest import WAIT_SECONDS, Run, start_damero, wait_for_output

pytestmark = pytest.mark.usefixtures("compiled_engine")


def test_computer_against_computer_shows_each_move_and_ends(run: Run) -> None:
    catmouse = run(
        ["catmouse", "--mouse", "computer", "--cats", "computer", "--level", "5", "--lang", "en"]
    )
    assert catmouse.returncode == 0, catmouse.stderr
    assert "The computer (the mouse) plays" in catmouse.stdout
    assert "The computer (the cats) plays" in catmouse.stdout
    assert catmouse.stdout.rstrip().endswith("The mouse cannot move: it is trapped.")
    tictactoe = run(
        ["tictactoe", "--x", "computer", "--o", "computer", "--level", "5", "--lang", "es"]
    )
    assert "El juego termina en empate" in tictactoe.stdout
    assert tictactoe.stdout.count("El ordenador (X) juega") == 5


def test_a_person_against_the_computer_with_take_back(run: Run) -> None:
    out = run(
        ["tictactoe", "--o", "computer", "--level", "5", "--seed", "3", "--lang", "en"],
        ["1", "u", "5", "q"],
    ).stdout
    assert "The computer (O) plays 5." in out  # the only reply to a corner that holds the draw
    assert "Move 5 taken back." in out and "Move 1 taken back." in out
    assert out.count("Player X, type the number") == 4


def test_hint_at_any_prompt(run: Run) -> None:
    catmouse = run(["catmouse", "--lang", "en"], ["30", "h", "q"]).stdout
    assert "Best move: " in catmouse and "the cats win in" in catmouse
    tictactoe = run(["tictactoe", "--lang", "es"], ["h", "q"]).stdout
    assert "Mejor jugada: " in tictactoe and "tablas con el mejor juego" in tictactoe
    # A hint thinks for a while by the clock, and the first in a program also loads the engine's
    # compiled code in that while: on a loaded machine it may run out first and say an estimate.
    # The second has the whole while for a 4x4 solve, a moment's work, so it is exact.
    othello = run(["othello", "--lang", "en"], ["1", "g.txt", "4", "h", "h", "-1 -1", "3"]).stdout
    hints = othello.split("Best move: ")[1:]
    assert len(hints) == 2 and "O wins by" in hints[1].splitlines()[0], othello


def test_analyse_prints_the_verdict_and_every_move(run: Run) -> None:
    text = run(["catmouse", "analyse", "22", "2", "3", "4", "17", "mouse", "--lang", "en"]).stdout
    assert "the mouse wins in 9 moves: 5 by the mouse, 4 by the cats" in text
    assert "      18  the mouse wins in 9 moves" in text
    document = json.loads(run(["catmouse", "analyse", "22", "2", "3", "4", "17", "--json"]).stdout)
    assert document["result"] == "win" and document["plies"] == 9 and document["exact"] is True
    assert [move["move"] for move in document["moves"]] == ["18", "25", "26"]
    tictactoe = json.loads(run(["tictactoe", "analyse", "XX-OO----", "--json"]).stdout)
    assert tictactoe["result"] == "win" and tictactoe["plies"] == 1 and tictactoe["exact"]
    assert tictactoe["moves"][0] == {"move": "3", "result": "win", "plies": 1, "exact": True}
    board = "-" * 27 + "OX------XO" + "-" * 27
    printed = run(["othello", "analyse", board, "X", "--json", "--seconds", "1"]).stdout
    assert printed.count("\n") == 1  # one line, never wrapped, for programs that read lines
    othello = json.loads(printed)
    assert othello["result"] in ("win", "loss", "draw") and len(othello["moves"]) == 4
    assert {move["move"] for move in othello["moves"]} == {"3 4", "4 3", "5 6", "6 5"}


def test_bad_positions_are_refused_clearly(run: Run) -> None:
    bad = run(["catmouse", "analyse", "22", "22", "2", "3", "4", "--lang", "en"])
    assert bad.returncode == 2 and "That is not a position of this game" in bad.stdout
    short = run(["othello", "analyse", "XO-", "X", "--lang", "en"])
    assert short.returncode == 2 and "3 given" in short.stdout
    assert "Traceback" not in bad.stderr + short.stderr


def test_solve_commands(run: Run) -> None:
    catmouse = run(["catmouse", "solve", "--lang", "en"]).stdout
    assert "Legal positions: " in catmouse and catmouse.count("Mouse placed on") == 4
    othello = run(["othello", "solve", "--size", "4", "--lang", "en"]).stdout
    assert "O wins by" in othello and "best move" in othello


def test_ctrl_c_stops_a_long_think_at_once(tmp_path: Path) -> None:
    process = start_damero(["othello", "solve", "--lang", "en"], cwd=tmp_path)
    wait_for_output(process, "solving exactly", stream=process.stderr)
    assert process.poll() is None, "solving the 8x8 start takes far longer than this"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=WAIT_SECONDS)
    assert process.returncode == 130
    assert "Interrupted" in out and "Traceback" not in err
