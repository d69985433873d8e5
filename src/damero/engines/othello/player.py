"""Computer Othello players from beginner to strongest, and a per-move analysis, over the search.

A level sets how deep the engine looks, how soon it switches to exact endgame play and how much
random noise blurs its judgement: level 1 plays legal, roughly sensible moves and blunders
corners now and then; level 5 plays as well as the limit allows and perfectly near the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from damero.core import Limit
from damero.engines.othello.board import engine_board
from damero.engines.othello.control import new_control
from damero.engines.othello.endgame import EndgameSolver, Solution
from damero.engines.othello.search import (
    Analysis,
    run_stoppable,
    score_moves,
    scores_are_exact,
    search,
)
from damero.rules.othello import PASS, Move, OthelloPosition, symmetric_moves

LEVELS = (1, 2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class _Level:
    depth: int | None
    """Deepest search; None lets the limit decide (with a fallback when it sets no bound)."""
    exact_empties: int
    noise: float
    """Standard deviation, in discs, of the noise added to each move's score."""


_LEVELS = {
    1: _Level(1, 0, 6.0),
    2: _Level(2, 6, 3.0),
    3: _Level(3, 10, 1.0),
    4: _Level(5, 14, 0.0),
    5: _Level(None, 18, 0.0),
}

_UNBOUNDED_DEPTH = 10


def _stopper(limit: Limit, clock: Callable[[], float] | None) -> Callable[[], bool] | None:
    if limit.seconds is None or clock is None:
        return None
    deadline = clock() + limit.seconds
    return lambda: clock() >= deadline


def _depth_cap(level: _Level, limit: Limit, *, has_stopper: bool) -> int | None:
    caps = [cap for cap in (level.depth, limit.depth) if cap is not None]
    if not caps and limit.nodes is None and not has_stopper:
        caps.append(_UNBOUNDED_DEPTH)
    return min(caps) if caps else None


def choose_move(
    position: OthelloPosition,
    *,
    level: int,
    rng: random.Random,
    limit: Limit,
    clock: Callable[[], float] | None = None,
    evaluation: str = "learned",
    threads: int | None = None,
) -> Move:
    """The move a computer player of `level` (1 to 5) makes; PASS when it must pass.

    `limit.depth` and `limit.nodes` always apply; `limit.seconds` applies when `clock` (for
    example `time.monotonic`) is given, since the engine reads no clock itself.  Without any bound
    the level's own depth is used (level 5: 10 plies).  `evaluation` names one of the search's
    EVALUATIONS.  `threads` threads search (every core by default).  Raises ValueError when the
    game is over.
    """
    if level not in _LEVELS:
        raise ValueError(f"the level is 1 to 5, not {level!r}")
    moves = position.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if moves == (PASS,):
        return PASS
    settings = _LEVELS[level]
    if settings.noise > 0:
        should_stop = _stopper(limit, clock)
        depth = _depth_cap(settings, limit, has_stopper=should_stop is not None)
        scored = score_moves(
            position,
            Limit(depth=depth, nodes=limit.nodes),
            should_stop=should_stop,
            exact_empties=settings.exact_empties,
            evaluation=evaluation,
            threads=threads,
        )
        noisy = [(score + rng.gauss(0.0, settings.noise), move) for move, score in scored]
        best = max(noisy, key=lambda pair: pair[0])
        return best[1]
    best_move = moves[0]
    for analysis in level_analyses(
        position, level=level, limit=limit, clock=clock, evaluation=evaluation, threads=threads
    ):
        best_move = analysis.best_move
    return best_move


def level_analyses(
    position: OthelloPosition,
    *,
    level: int,
    limit: Limit,
    clock: Callable[[], float] | None = None,
    evaluation: str = "learned",
    threads: int | None = None,
) -> Iterator[Analysis]:
    """The search a player of `level` runs, its analyses as they come (the last one decides)."""
    settings = _LEVELS[level]
    should_stop = _stopper(limit, clock)
    depth = _depth_cap(settings, limit, has_stopper=should_stop is not None)
    return search(
        position,
        Limit(depth=depth, nodes=limit.nodes),
        should_stop=should_stop,
        exact_empties=settings.exact_empties,
        evaluation=evaluation,
        threads=threads,
    )


ESTIMATE_DEPTH = 4
"""How deep the estimate looks that stands in for an exact solve stopped by the time limit."""


def analyse(
    position: OthelloPosition,
    limit: Limit,
    *,
    clock: Callable[[], float] | None = None,
    threads: int | None = None,
) -> list[tuple[Move, float]]:
    """Every legal move with its score in discs for the side to move, best first.

    A score is the final disc difference the engine expects after the move (exact in the near
    endgame, unless the time ran out first: `analyse_moves` says which).  The limit works as in
    `choose_move`; without any bound the search goes 4 plies deep; `threads` threads search
    (every core by default).  A forced pass gives [(PASS, score)]; a finished game gives [].
    """
    return analyse_moves(position, limit, clock=clock, threads=threads)[0]


def analyse_moves(
    position: OthelloPosition,
    limit: Limit,
    *,
    clock: Callable[[], float] | None = None,
    threads: int | None = None,
) -> tuple[list[tuple[Move, float]], bool]:
    """`analyse`'s scores, and whether they are exact (see `_analyse_each_move`); moves that a
    symmetry of the position maps onto each other share one score (`shared_by_symmetry`)."""
    scores, is_exact = _analyse_each_move(position, limit, clock=clock, threads=threads)
    return shared_by_symmetry(position, scores), is_exact


def shared_by_symmetry(
    position: OthelloPosition, scores: list[tuple[Move, float]]
) -> list[tuple[Move, float]]:
    """`scores` with each class of symmetric moves given the mean of its members' scores, best
    first. A search scores each move in turn over one transposition table, pruning by estimates:
    a move searched after its mirror image meets what the search of the other left there, and
    two moves of one value come out apart, more so the deeper it looks."""
    given = dict(scores)
    shared = {}
    for moves in symmetric_moves(position):
        mean = sum(given[move] for move in moves) / len(moves)
        shared.update(dict.fromkeys(moves, mean))
    order = [move for move, _ in scores]
    return sorted(((move, shared[move]) for move in order), key=lambda pair: -pair[1])


def _analyse_each_move(
    position: OthelloPosition,
    limit: Limit,
    *,
    clock: Callable[[], float] | None = None,
    threads: int | None = None,
) -> tuple[list[tuple[Move, float]], bool]:
    """Each move's score, as the search gives it, and whether they are exact.

    Near the end (`scores_are_exact`) each move is solved exactly; with a time limit and a clock
    the solve stops when the time is up, and the scores are then an estimate (a search
    ESTIMATE_DEPTH plies deep, which takes a moment), said to be one.  Further from the end the
    scores are always estimates.
    """
    moves = position.legal_moves()
    if not moves:
        return [], True
    should_stop = _stopper(limit, clock)
    if moves == (PASS,):
        after, is_exact = _analyse_each_move(
            position.play(PASS), limit, clock=clock, threads=threads
        )
        return [(PASS, -after[0][1])], is_exact
    if scores_are_exact(position):
        if should_stop is None:
            return score_moves(position, threads=threads), True
        solved = _solve_each_move(position, should_stop, threads)
        if solved is not None:
            return solved, True
        estimate = Limit(depth=ESTIMATE_DEPTH)
        return score_moves(position, estimate, exact_empties=-1, threads=threads), False
    depth = limit.depth
    if depth is None and limit.nodes is None and should_stop is None:
        depth = 4
    bounded = Limit(depth=depth, nodes=limit.nodes)
    return score_moves(position, bounded, should_stop=should_stop, threads=threads), False


def _solve_each_move(
    position: OthelloPosition, should_stop: Callable[[], bool], threads: int | None
) -> list[tuple[Move, float]] | None:
    """Each move's exact score, best first; None if `should_stop` said so before the end."""
    geometry = engine_board(position)[0]
    solver = EndgameSolver(geometry, threads=threads)
    control = new_control(None)
    scored = []
    for move in position.legal_moves():
        if should_stop():
            return None
        _, player, opponent = engine_board(position.play(move))
        score = _solve_until_stopped(solver, player, opponent, control, should_stop)
        if score is None:
            return None
        scored.append((move, float(-score)))
    scored.sort(key=lambda pair: -pair[1])
    return scored


def _solve_until_stopped(
    solver: EndgameSolver,
    player: int,
    opponent: int,
    control: npt.NDArray[np.int64],
    should_stop: Callable[[], bool],
) -> int | None:
    """The exact score for the side to move, or None if `should_stop` said so first."""
    solutions: list[Solution] = []
    run_stoppable(
        lambda: solutions.append(solver.solve(player, opponent, control=control)),
        control,
        should_stop,
    )
    if not solutions or not solutions[0].is_complete:
        return None
    return solutions[0].score
