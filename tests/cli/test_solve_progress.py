"""`othello solve` says what it is doing, and `--seconds` stops it with the best move so far."""

from __future__ import annotations

from conftest import Run


def test_a_bounded_solve_reports_progress_and_the_best_move_found(run: Run) -> None:
    out = run(["othello", "solve", "--seconds", "2", "--lang", "en"]).stdout
    assert "60 empty, depth " in out and "positions, best " in out and "s left at most" in out
    assert "best move found " in out and "not solved to the end" in out


def test_a_small_board_is_solved_within_the_time(run: Run) -> None:
    out = run(["othello", "solve", "--size", "4", "--seconds", "60", "--lang", "en"]).stdout
    assert "O wins by" in out and "solved in" in out and "not solved" not in out
