"""`othello solve` says what it is doing, and `--seconds` stops it with the best move so far."""

from __future__ import annotations

import math
import re
import time

import pytest

from conftest import Run

pytestmark = pytest.mark.usefixtures("compiled_engine")


def test_a_bounded_solve_reports_progress_apart_and_the_best_move_found(run: Run) -> None:
    # The time asked for starts before the engine's compiled code is loaded, which a loaded
    # machine stretches many times; so the solve is given twice what a whole small solve takes
    # now (at least 4 s), and its search has whole seconds to report in however loaded it is.
    started = time.monotonic()
    assert "solved in" in run(["othello", "solve", "--size", "4", "--lang", "en"]).stdout
    seconds = max(4, math.ceil(2 * (time.monotonic() - started)))
    result = run(["othello", "solve", "--seconds", str(seconds), "--lang", "en"])
    progress = result.stderr.splitlines()
    assert progress[0] == "The computer is thinking", "progress goes apart from the output"
    assert all(len(line) <= 80 for line in progress)
    shown = " ".join(result.stderr.split())
    assert "60 empty, depth " in shown and ", best " in shown and " positions, " in shown
    times = [
        (left, so_far)
        for so_far, left in re.findall(r"(\d+) s: 60 empty, [^:]*, (\d+) s left", shown)
    ]
    assert times, shown
    # Counted from the same start, each line's times add up to the seconds asked for, give or
    # take the time the line waited to be printed, which a loaded machine stretches: the least of
    # them is close.
    sums = [int(left) + int(so_far) for left, so_far in times]
    assert seconds - 1 <= min(sums) <= seconds + 2, shown
    out = " ".join(result.stdout.split())
    assert out.startswith("1 2 3 4 5 6 7 8"), "the output is the board and the answer alone"
    assert "best move found " in out and "not solved to the end" in out


def test_a_small_board_is_solved_within_the_time(run: Run) -> None:
    out = run(["othello", "solve", "--size", "4", "--seconds", "60", "--lang", "en"]).stdout
    assert "O wins by" in out and "solved in" in out and "not solved" not in out


def test_every_time_limit_is_refused_in_words_unless_a_number_of_seconds(run: Run) -> None:
    for command in (["othello", "solve"], ["othello", "analyse", "-" * 64, "X"]):
        for bad in ("-1", "nan", "inf", "soon"):
            refused = run([*command, "--seconds", bad])
            assert refused.returncode == 2 and "is not a number of seconds" in refused.stderr


def test_a_solve_runs_on_the_threads_asked_for_and_refuses_fewer_than_one(run: Run) -> None:
    for threads in ("1", "2"):
        out = run(["othello", "solve", "--size", "4", "--threads", threads, "--lang", "en"]).stdout
        assert "O wins by" in out and "solved in" in out
    refused = run(["othello", "solve", "--size", "4", "--threads", "0"])
    assert refused.returncode == 2 and "--threads" in refused.stderr
