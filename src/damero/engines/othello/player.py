"""Computer Othello players from beginner to strongest, and a per-move analysis, over the search.

A level sets how deep the engine looks, how soon it switches to exact endgame play and how much
random noise blurs its judgement: level 1 plays legal, roughly sensible moves and blunders
corners now and then; level 5 plays as well as the limit allows and perfectly near the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from damero.core import Limit
from damero.engines.othello.search import Analysis, score_moves, search
from damero.games.othello.rules import PASS, Move, OthelloPosition

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


def analyse(
    position: OthelloPosition,
    limit: Limit,
    *,
    clock: Callable[[], float] | None = None,
    threads: int | None = None,
) -> list[tuple[Move, float]]:
    """Every legal move with its score in discs for the side to move, best first.

    A score is the final disc difference the engine expects after the move (exact in the near
    endgame).  The limit works as in `choose_move`; without any bound the search goes 4 plies
    deep; `threads` threads search (every core by default).  A forced pass gives
    [(PASS, score)]; a finished game gives [].
    """
    moves = position.legal_moves()
    if not moves:
        return []
    should_stop = _stopper(limit, clock)
    depth = limit.depth
    if depth is None and limit.nodes is None and should_stop is None:
        depth = 4
    bounded = Limit(depth=depth, nodes=limit.nodes)
    if moves == (PASS,):
        after = score_moves(position.play(PASS), bounded, should_stop=should_stop, threads=threads)
        return [(PASS, -after[0][1])]
    return score_moves(position, bounded, should_stop=should_stop, threads=threads)
