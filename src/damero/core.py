"""The small protocol every game meets, so that front ends and computer players need no game of their own."""

from __future__ import annotations

import enum
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, Self, TypeVar


class Side(enum.Enum):
    """The two sides; FIRST is the side that moves first (the mouse, X)."""

    FIRST = 0
    SECOND = 1

    @property
    def other(self) -> Side:
        return Side.SECOND if self is Side.FIRST else Side.FIRST


@dataclass(frozen=True, slots=True)
class Message:
    """Words for a person, kept as a catalogue key and its values so that rules never choose a language."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (None for a draw) and why, as a catalogue key."""

    winner: Side | None
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True, slots=True)
class Limit:
    """How far a search may go; None means no bound of that kind."""

    depth: int | None = None
    nodes: int | None = None
    seconds: float | None = None


MoveT = TypeVar("MoveT", bound=Hashable)
MoveT_co = TypeVar("MoveT_co", bound=Hashable, covariant=True)


class Position(Protocol[MoveT]):
    """An immutable, hashable game state; `play` returns a new one and never changes this one."""

    @property
    def side_to_move(self) -> Side: ...

    def legal_moves(self) -> tuple[MoveT, ...]: ...

    def play(self, move: MoveT) -> Self:
        """The position after `move`; raises IllegalMoveError saying why it is refused."""
        ...

    def outcome(self) -> Outcome | None:
        """The result if the game is over, else None."""
        ...


PositionT = TypeVar("PositionT", bound=Position)  # type: ignore[type-arg]


class Game(Protocol[PositionT, MoveT]):
    """A game's rules entry point, notation and drawing; variants are parameters of the value."""

    @property
    def name(self) -> str:
        """The command and record name: 'catmouse', 'othello', 'tictactoe'."""
        ...

    def start(self) -> PositionT: ...

    def parse_move(self, position: PositionT, text: str) -> MoveT:
        """The move a player typed; raises InvalidMoveError saying what is wrong with the text."""
        ...

    def format_move(self, move: MoveT) -> str:
        """The canonical text of a move, as a player types it; `parse_move` reads it back."""
        ...

    def draw(self, position: PositionT) -> str:
        """The board as text, in no particular language."""
        ...

    def side_key(self, side: Side) -> str:
        """The catalogue key naming a side ('catmouse.mouse', 'side.x')."""
        ...

    def prompt(self, position: PositionT) -> Message:
        """What to ask the side to move."""
        ...

    def status(self, position: PositionT) -> tuple[Message, ...]:
        """Lines shown under the board (counts, whose turn)."""
        ...

    def describe_outcome(self, position: PositionT, outcome: Outcome) -> tuple[Message, ...]:
        """The end-of-game lines."""
        ...

    def automatic_move(self, position: PositionT) -> tuple[MoveT, Message] | None:
        """A move the rules make for the side to move (an Othello pass), with the notice to show."""
        ...
