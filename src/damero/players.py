"""Everyone who moves, person or program, does it through `choose(position) -> move`.

Computer players come in levels 1..5. In the solved games (Four Cats and the Mouse,
Tic-tac-toe) a level is a horizon: the player knows the exact value of every move, but
only sees wins and losses that come within its horizon, and plays the others as if they
were unclear. Level 1 sees two plies (it takes a win in one and avoids losing at once),
level 5 sees to the end of the game and plays perfectly. Othello's levels are the
engine's (see `damero.engines.othello.player`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from typing import Any, Protocol

from damero.core import Limit
from damero.solvers.negamax import NegamaxSolver, Verdict
from damero.solvers.retrograde import tablebase

LEVELS = range(1, 6)
HORIZONS = {1: 2, 2: 4, 3: 8, 4: 16, 5: None}
"""How many plies ahead each level sees wins and losses; None: to the end of the game."""

MoveValues = Callable[[Any], Sequence[tuple[Hashable, Verdict]]]


class Player(Protocol):
    """Chooses a move for the side to move; a person's front end may also raise to take back or leave."""

    def choose(self, position: Any) -> Any: ...


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


class SolvedGamePlayer:
    """Plays a solved game at a level: the best move it can see, ties broken by `rng`."""

    def __init__(self, move_values: MoveValues, *, level: int, rng: random.Random) -> None:
        if level not in LEVELS:
            raise ValueError(f"levels go from 1 to 5, not {level}")
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


class OthelloEnginePlayer:
    """Plays Othello with the engine at a level, stopping each think at `limit` as `clock` tells."""

    def __init__(
        self, *, level: int, rng: random.Random, limit: Limit, clock: Callable[[], float] | None
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"levels go from 1 to 5, not {level}")
        self.level = level
        self.rng = rng
        self.limit = limit
        self.clock = clock

    def choose(self, position: Any) -> Any:
        # Imported here: compiling the engine is only worth its start-up time in an Othello game.
        from damero.engines.othello import choose_move

        return choose_move(
            position, level=self.level, rng=self.rng, limit=self.limit, clock=self.clock
        )


OTHELLO_THINKING = Limit(seconds=2.0)


@cache
def exact_move_values(game_name: str) -> MoveValues | None:
    """Each move's exact value in a solved game, from one solver kept for the process; None if unsolved."""
    if game_name == "catmouse":
        return tablebase().move_values
    if game_name == "tictactoe":
        return NegamaxSolver[Any]().move_values
    return None


def computer_player(
    game_name: str,
    *,
    level: int,
    rng: random.Random,
    limit: Limit = OTHELLO_THINKING,
    clock: Callable[[], float] | None = None,
) -> Player:
    """The computer player for a game at `level` (5: the strongest the game allows).

    `limit` and `clock` bound an Othello think; the solved games answer at once.
    """
    move_values = exact_move_values(game_name)
    if move_values is not None:
        return SolvedGamePlayer(move_values, level=level, rng=rng)
    if game_name == "othello":
        return OthelloEnginePlayer(level=level, rng=rng, limit=limit, clock=clock)
    raise ValueError(f"no computer player for {game_name!r}")
