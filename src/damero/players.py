"""Everyone who moves, person or program, does it through `choose(position) -> move`.

Computer players come in levels 1..5. In a game an exact analyst solves (Four Cats and
the Mouse, Tic-tac-toe, any small game through plain negamax) a level is a horizon: the
player knows the exact value of every move, but only sees wins and losses that come
within its horizon, and plays the others as if they were unclear. Level 1 sees two plies
(it takes a win in one and avoids losing at once), level 5 sees to the end of the game and
plays perfectly. Othello's levels are the engine's (see `damero.engines.othello.player`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from damero.core import Game, Limit, Player, Preparation, Value, Verdict
from damero.solvers.negamax import NegamaxSolver

__all__ = [
    "HORIZONS",
    "LEVELS",
    "ExactAnalyst",
    "Player",
    "RandomPlayer",
    "SolvedGamePlayer",
    "computer_player",
    "negamax_analyst",
    "seen_value",
]

LEVELS = range(1, 6)
HORIZONS = {1: 2, 2: 4, 3: 8, 4: 16, 5: None}
"""How many plies ahead each level sees wins and losses; None: to the end of the game."""

MoveValues = Callable[[Any], Sequence[tuple[Hashable, Verdict]]]

THINKING = Limit(seconds=2.0)
"""How long a computer player or a hint may think where thinking time matters."""


class RandomPlayer:
    """Plays a uniformly random legal move; the baseline every other player should beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, position: Any) -> Any:
        return self.rng.choice(position.legal_moves())


def seen_value(verdict: Verdict, horizon: int | None) -> tuple[int, int]:
    """How good a move looks to a player who sees `horizon` plies ahead (larger is better).

    A win or loss beyond the horizon looks like a draw, so the player cannot tell it apart.
    """
    if horizon is not None and verdict.result != "draw" and verdict.plies > horizon:
        return (1, 0)
    if verdict.result == "draw":
        return (1, 0)
    return verdict.rank


def check_level(level: int) -> None:
    if level not in LEVELS:
        raise ValueError(f"levels go from 1 to 5, not {level}")


class SolvedGamePlayer:
    """Plays a solved game at a level: the best move it can see, ties broken by `rng`."""

    def __init__(self, move_values: MoveValues, *, level: int, rng: random.Random) -> None:
        check_level(level)
        self.move_values = move_values
        self.horizon = HORIZONS[level]
        self.rng = rng

    def choose(self, position: Any) -> Any:
        values = [
            (move, seen_value(verdict, self.horizon))
            for move, verdict in self.move_values(position)
        ]
        best = max(value for _, value in values)
        return self.rng.choice([move for move, value in values if value == best])


@dataclass(frozen=True)
class ExactAnalyst:
    """The analyst of a solved game: `verdicts(position)` gives each move's exact verdict.

    It answers at once, so a limit and a clock change nothing.
    """

    verdicts: MoveValues

    @property
    def is_timed(self) -> bool:
        return False

    def move_values(
        self,
        position: Any,
        *,
        limit: Limit = THINKING,
        clock: Callable[[], float] | None = None,
    ) -> list[tuple[Any, Value]]:
        ranked = sorted(self.verdicts(position), key=lambda pair: pair[1].rank, reverse=True)
        return [(move, Value(verdict=verdict)) for move, verdict in ranked]

    def player(
        self,
        *,
        level: int,
        rng: Any,
        limit: Limit = THINKING,
        clock: Callable[[], float] | None = None,
    ) -> Player:
        return SolvedGamePlayer(self.verdicts, level=level, rng=rng)

    def preparation(self, position: Any = None) -> Preparation | None:
        """Nothing: a solved game's values are at hand (a table is filled as it is read)."""
        return None


@functools.cache
def negamax_analyst(game: Hashable) -> ExactAnalyst:
    """The default analyst of a small game: plain negamax to the end, one table per game value.

    Suits games whose every position fits in memory (see `damero.solvers.negamax`).
    """
    return ExactAnalyst(NegamaxSolver[Any]().move_values)


def computer_player(
    game: Game[Any, Any],
    *,
    level: int,
    rng: random.Random,
    limit: Limit = THINKING,
    clock: Callable[[], float] | None = None,
) -> Player:
    """The computer player for `game` at `level` (5: the strongest the game allows).

    `limit` and `clock` bound a think where the game's analyst is an engine; solvers answer at once.
    """
    check_level(level)
    return game.analyst.player(level=level, rng=rng, limit=limit, clock=clock)
