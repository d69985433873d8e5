"""`othello solve` says what it is doing, and `--seconds` stops it with the best move so far."""

from __future__ import annotations

import re

from conftest import Run


def test_a_bounded_solve_reports_progress_and_the_best_move_found(run: Run) -> None:
    out = " ".join(run(["othello", "solve", "--seconds", "4", "--lang", "en"]).stdout.split())
    assert "60 empty, depth " in out and "positions, best " in out and "s left at most" in out
    assert "best move found " in out and "not solved to the end" in out
    times = re.findall(r"; (\d+) s left at most \((\d+) s so far\)", out)
    assert times, out
    for left, so_far in times:  # counted from the same start, each line's times add up
        assert abs(int(left) + int(so_far) - 4) <= 2, out


def test_a_small_board_is_solved_within_the_time(run: Run) -> None:
    out = run(["othello", "solve", "--size", "4", "--seconds", "60", "--lang", "en"]).stdout
    assert "O wins by" in out and "solved in" in out and "not solved" not in out


def test_every_time_limit_is_refused_in_words_unless_a_number_of_seconds(run: Run) -> None:
    for command in (["othello", "solve"], ["othello", "analyse", "-" * 64, "X"]):
        for bad in ("-1", "nan", "inf", "soon"):
            refused = run([*command, "--seconds", bad])
            assert refused.returncode == 2 and "is not a number of seconds" in refused.stderr
