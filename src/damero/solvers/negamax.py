"""Exact values of small games by negamax over the whole game tree, remembering each position.

The solver works on any value meeting the `Position` protocol of `damero.core` and
searches to the end of the game, so it suits games whose positions fit in memory and
whose games are short (tic-tac-toe: 5,478 positions, at most nine plies). It recurses
once per ply, so a game must not last more than a few hundred plies, and every game
must end: a position that can come back to itself is refused.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

from damero.core import Position, Verdict, verdict_of_outcome

__all__ = ["NegamaxSolver", "Verdict", "verdict_of_outcome"]

MoveT = TypeVar("MoveT", bound=Hashable)


class NegamaxSolver(Generic[MoveT]):
    """Solves positions exactly and keeps every verdict it finds, keyed by the position itself.

    The table lives as long as the solver: reuse one solver for many questions about
    the same game, and drop it to free the memory. Positions must be hashable values
    that include everything the rest of the game depends on (the side to move among it).
    """

    def __init__(self) -> None:
        self._table: dict[Position[MoveT], Verdict] = {}
        self._on_path: set[Position[MoveT]] = set()

    @property
    def positions_solved(self) -> int:
        """How many distinct positions the table holds."""
        return len(self._table)

    def verdict(self, position: Position[MoveT]) -> Verdict:
        """The exact value of `position` for its side to move."""
        known = self._table.get(position)
        if known is not None:
            return known
        outcome = position.outcome()
        if outcome is not None:
            verdict = verdict_of_outcome(outcome, position.side_to_move)
        else:
            verdict = self._search(position)
        self._table[position] = verdict
        return verdict

    def _search(self, position: Position[MoveT]) -> Verdict:
        moves = position.legal_moves()
        if not moves:
            raise ValueError(f"an unfinished position without legal moves: {position!r}")
        if position in self._on_path:
            raise ValueError(f"a position that can recur, so a game may never end: {position!r}")
        self._on_path.add(position)
        try:
            values = [self.verdict(position.play(move)).before_move() for move in moves]
        finally:
            self._on_path.discard(position)
        return max(values, key=lambda verdict: verdict.rank)

    def move_values(self, position: Position[MoveT]) -> list[tuple[MoveT, Verdict]]:
        """Every legal move, in the position's order, with its value for the side to move."""
        return [
            (move, self.verdict(position.play(move)).before_move())
            for move in position.legal_moves()
        ]

    def best_moves(self, position: Position[MoveT]) -> list[MoveT]:
        """The moves that keep the position's value: the fastest win, else the longest defence.

        Empty for a finished game. Every move listed is equally good; which one to play
        is the caller's choice (the first, or one picked with the caller's `rng`).
        """
        values = self.move_values(position)
        if not values:
            return []
        best = max(verdict.rank for _, verdict in values)
        return [move for move, verdict in values if verdict.rank == best]
