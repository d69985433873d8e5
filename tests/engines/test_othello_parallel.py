"""The engine on several threads: the shared lockless table, the parallel solver and search."""

from __future__ import annotations

import random

import numpy as np
import pytest
from othello_positions import Problem, random_endgame, read_problems

from damero.core import Limit
from damero.engines.othello import endgame, score_moves, search
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.control import STOP_REQUEST, new_control
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.parallel import check_threads, default_threads
from damero.engines.othello.table import (
    Table,
    entry_depth,
    entry_estimated,
    entry_lower,
    entry_move,
    entry_upper,
    find,
    home_slot,
    pack,
    store,
)
from damero.games.othello import OthelloPosition

THREADS = 2


@pytest.fixture
def every_solve_in_parallel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small solves run on one thread, being quicker so; here every solve takes the threads."""
    monkeypatch.setattr(endgame, "_PARALLEL_EMPTIES", 0)


@pytest.mark.parametrize(
    "problem",
    [problem for problem in read_problems() if problem.empties <= 20],
    ids=lambda problem: f"ffo{problem.number}",
)
@pytest.mark.usefixtures("every_solve_in_parallel")
def test_the_parallel_solver_gets_every_ffo_problem_up_to_20_empties_right(
    problem: Problem,
) -> None:
    geometry, player, opponent = engine_board(problem.position)
    solution = EndgameSolver(geometry, threads=THREADS).solve(player, opponent)
    assert solution.score == problem.score
    assert move_of(geometry, solution.move_bit) in problem.best_moves


@pytest.mark.parametrize(("size", "empties", "count"), [(6, 14, 6), (8, 16, 8), (10, 12, 3)])
@pytest.mark.usefixtures("every_solve_in_parallel")
def test_the_parallel_solver_agrees_with_one_thread_on_random_endgames(
    size: int, empties: int, count: int
) -> None:
    rng = random.Random(size * 1000 + empties)
    for _ in range(count):
        position = random_endgame(size, empties, rng)
        geometry, player, opponent = engine_board(position)
        alone = EndgameSolver(geometry, threads=1).solve(player, opponent)
        shared = EndgameSolver(geometry, threads=THREADS).solve(player, opponent)
        assert shared.score == alone.score
        # The move may differ where several are best; it must reach the same score.
        if shared.move_bit:
            # The position after it, from the opponent's side.
            after = geometry.play(player, opponent, shared.move_bit)
            reply = EndgameSolver(geometry, threads=1).solve(*after)
            assert -reply.score == alone.score


def test_a_parallel_search_to_the_end_is_exact_and_agrees_with_one_thread() -> None:
    rng = random.Random(7)
    for _ in range(3):
        position = random_endgame(8, 12, rng)
        *_, alone = search(position, exact_empties=0, threads=1)
        *_, shared = search(position, exact_empties=0, threads=THREADS)
        assert shared.is_exact and alone.is_exact
        assert shared.score == alone.score


def test_parallel_move_scores_match_one_thread_at_a_fixed_depth_to_the_end() -> None:
    position = random_endgame(8, 10, random.Random(3))
    alone = dict(score_moves(position, Limit(depth=10), exact_empties=0, threads=1))
    shared = dict(score_moves(position, Limit(depth=10), exact_empties=0, threads=THREADS))
    assert shared == alone


def test_a_node_limit_holds_for_all_threads_together() -> None:
    position = OthelloPosition.start(8)
    analyses = list(search(position, Limit(nodes=20_000), threads=THREADS))
    assert analyses
    assert analyses[-1].nodes <= 20_000


def test_a_parallel_solve_sleeps_until_a_thread_finishes_and_still_gets_the_score() -> None:
    """Without a control of the caller's, nothing outside can stop the solve, so the calling
    thread does not wake to look for a stop request: it wakes only when a thread finishes, and
    takes no CPU from the threads meanwhile."""
    rng = random.Random(40)
    for _ in range(3):
        geometry, player, opponent = engine_board(random_endgame(8, 18, rng))
        alone = EndgameSolver(geometry, threads=1).solve(player, opponent)
        solver = EndgameSolver(geometry, threads=THREADS)
        shared = solver.solve(player, opponent)
        assert shared.score == alone.score
        assert solver.windows
        for _, _, record in solver.windows:
            assert len(record.threads) == THREADS
            assert record.wakes <= THREADS
            assert sum(thread.nodes for thread in record.threads) > 0


def test_a_parallel_solve_given_a_control_stops_on_its_stop_request() -> None:
    """A caller's control may be stopped from another thread (a clock, Ctrl-C): the threads'
    driver watches it and stops them."""
    geometry, player, opponent = engine_board(random_endgame(8, 24, random.Random(41)))
    control = new_control(None)
    control[STOP_REQUEST] = 1
    solution = EndgameSolver(geometry, threads=THREADS).solve(player, opponent, control=control)
    assert not solution.is_complete


def test_threads_default_to_every_core_and_refuse_fewer_than_one() -> None:
    assert check_threads(None) == default_threads() >= 1
    assert check_threads(3) == 3
    with pytest.raises(ValueError, match="threads must be 1 or more, not 0"):
        check_threads(0)


def test_a_table_entry_packs_and_unpacks_every_field() -> None:
    for depth, lower, upper, move, estimated in [
        (0, -127, 127, -1, False),
        (60, -2_000_000, 2_000_000, 99, True),
        (125, 5, 5, 63, False),
    ]:
        entry = pack(depth, lower, upper, move, estimated)
        assert entry_depth(entry) == depth
        assert entry_lower(entry) == lower
        assert entry_upper(entry) == upper
        assert entry_move(entry) == move
        assert entry_estimated(entry) == estimated


def test_a_slot_caught_half_written_reads_as_no_entry() -> None:
    """Another thread's write between the key and the result must not pass for this position."""
    table = Table.create(4)
    player, opponent = np.uint64(0x0000000810000000), np.uint64(0x0000001008000000)
    home = home_slot(table, player, opponent)
    store(table, -1, home, player, opponent, 10, -4, 6, 19, False)
    slot, entry = find(table, player, opponent, home)
    assert slot >= 0
    assert (entry_lower(entry), entry_upper(entry), entry_move(entry)) == (-4, 6, 19)
    # A result of another position lands in the slot before its key words do.
    table.slots[slot, 0] = np.uint64(pack(12, 30, 30, 5, False))
    assert find(table, player, opponent, home) == (-1, 0)
