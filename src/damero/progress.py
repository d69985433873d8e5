"""A game being played, as one immutable value every front end keeps: the terminal's match loop,
its replay and play-on, and the server's live games.

The rules know positions; a game in progress also knows who sits at each side, how far a
take-back goes, the moves the rules made on their own, a version that grows with every change,
and a result that the players or the clock may give as well as the board (DESIGN.md, "A game
in progress").
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from damero.core import Game, Message, Outcome, Side
from damero.errors import DameroError


class GameOverError(DameroError):
    """A move, take-back or result asked of a game that has ended."""


class NothingToTakeBackError(DameroError):
    """A take-back asked where no person's move can be taken back."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a side: a person, or the computer at `level` 1..5."""

    level: int | None = None

    @property
    def is_computer(self) -> bool:
        return self.level is not None


PERSON = Seat()


class Ending(enum.Enum):
    """Why a game ended: on the board, or by what the players or the clock did."""

    RULES = "rules"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    TIME = "time"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winner (None for a draw) and why."""

    winner: Side | None
    ending: Ending

    @classmethod
    def of_outcome(cls, outcome: Outcome) -> Result:
        return cls(outcome.winner, Ending.RULES)


@dataclass(frozen=True, slots=True)
class Forced:
    """A move the rules made on their own (an Othello pass), with the notice that says so."""

    move: Any
    notice: Message


@dataclass(frozen=True, slots=True)
class GameInProgress:
    """One game being played. Every change gives a new value one version on.

    `positions[k]` is the position after `moves[:k]`; `forced` is what the rules did on their
    own at the last change, for a front end to announce; `decided` is a result given from
    outside the rules (a resignation, an agreed draw, a flag), which ends the game whatever the
    board says.
    """

    game: Game[Any, Any]
    start: Any
    moves: tuple[Any, ...]
    positions: tuple[Any, ...]
    seats: tuple[Seat, Seat] = (PERSON, PERSON)
    version: int = 1
    forced: tuple[Forced, ...] = ()
    decided: Result | None = None
    _outcomes: dict[int, Outcome | None] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )

    @classmethod
    def new(
        cls,
        game: Game[Any, Any],
        *,
        start: Any = None,
        moves: Sequence[Any] = (),
        seats: tuple[Seat, Seat] = (PERSON, PERSON),
        version: int = 1,
    ) -> GameInProgress:
        """A game from `start` (the game's own if None) after `moves`, with any move the rules
        make on their own where they stop played at once. IllegalMoveError for a refused move."""
        begun = cls.replayed(game, start=start, moves=moves, seats=seats, version=version)
        return begun._with_forced_moves(version)

    @classmethod
    def replayed(
        cls,
        game: Game[Any, Any],
        *,
        start: Any = None,
        moves: Sequence[Any] = (),
        seats: tuple[Seat, Seat] = (PERSON, PERSON),
        version: int = 1,
    ) -> GameInProgress:
        """A game from `start` after exactly `moves`, as a record holds it: a replay shows a
        forced move only once the record has it."""
        start = game.start() if start is None else start
        positions = [start]
        for move in moves:
            positions.append(positions[-1].play(move))
        return cls(game, start, tuple(moves), tuple(positions), seats, version)

    @property
    def position(self) -> Any:
        return self.positions[-1]

    def seat(self, side: Side) -> Seat:
        return self.seats[side.value]

    @property
    def computers(self) -> frozenset[Side]:
        return frozenset(side for side in Side if self.seat(side).is_computer)

    @property
    def outcome(self) -> Outcome | None:
        """The rules' outcome of the current position, asked once: some games search to answer."""
        return self._outcome_at(len(self.moves))

    def _outcome_at(self, index: int) -> Outcome | None:
        if index not in self._outcomes:
            self._outcomes[index] = self.positions[index].outcome()
        return self._outcomes[index]

    @property
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        if self.decided is not None:
            return self.decided
        outcome = self.outcome
        return None if outcome is None else Result.of_outcome(outcome)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def side_to_move(self) -> Side | None:
        """The side whose turn it is, or None once the game is over."""
        return None if self.is_over else self.position.side_to_move

    @property
    def computer_to_move(self) -> int | None:
        """The computer's level if it is to move in a game that goes on, else None."""
        side = self.side_to_move
        return None if side is None else self.seat(side).level

    def play(self, move: Any) -> GameInProgress:
        """This game after `move` by the side to move, then the moves the rules make on their own
        (said in `forced`), one version on. GameOverError once over; IllegalMoveError from the
        rules for a refused move."""
        if self.is_over:
            raise GameOverError("game.over")
        played = self._extended(move)
        return played._with_forced_moves(self.version + 1)

    def play_text(self, text: str) -> GameInProgress:
        """`play` of the move a player typed; InvalidMoveError says what is wrong with the text."""
        if self.is_over:
            raise GameOverError("game.over")
        return self.play(self.game.parse_move(self.position, text))

    def _extended(self, move: Any) -> GameInProgress:
        return replace(
            self,
            moves=(*self.moves, move),
            positions=(*self.positions, self.position.play(move)),
            forced=(),
            _outcomes=dict(self._outcomes),
        )

    def _with_forced_moves(self, version: int) -> GameInProgress:
        played = replace(self, version=version, forced=())
        forced = []
        while played.outcome is None:
            automatic = self.game.automatic_move(played.position)
            if automatic is None:
                break
            forced.append(Forced(*automatic))
            played = played._extended(automatic[0])
        return replace(played, forced=tuple(forced))

    def is_forced(self, index: int) -> bool:
        """Whether the rules made `moves[index]` on their own."""
        return self.game.automatic_move(self.positions[index]) is not None

    def take_back_point(self) -> int | None:
        """How many moves remain after taking back the last person's move and all that followed
        it (the computer's replies, forced passes); None if no person has moved yet."""
        for index in range(len(self.moves) - 1, -1, -1):
            mover = self.positions[index].side_to_move
            if not self.seat(mover).is_computer and not self.is_forced(index):
                return index
        return None

    @property
    def can_take_back(self) -> bool:
        return self.decided is None and self.take_back_point() is not None

    def take_back(self) -> GameInProgress:
        """This game back at the last position where a person was to move, one version on."""
        keep = self.take_back_point() if self.decided is None else None
        if keep is None:
            raise NothingToTakeBackError("game.nothing_to_take_back")
        return self.cut(keep)

    def cut(self, keep: int) -> GameInProgress:
        """This game with only its first `keep` moves, one version on."""
        return replace(
            self,
            moves=self.moves[:keep],
            positions=self.positions[: keep + 1],
            version=self.version + 1,
            forced=(),
            _outcomes={k: v for k, v in self._outcomes.items() if k <= keep},
        )

    def with_result(self, result: Result) -> GameInProgress:
        """This game ended by `result` from outside the rules (a resignation, an agreed draw, a
        flag, an abandoned game), one version on."""
        if self.is_over:
            raise GameOverError("game.over")
        return replace(self, decided=result, version=self.version + 1, forced=())

    def resign(self, side: Side) -> GameInProgress:
        return self.with_result(Result(side.other, Ending.RESIGNATION))

    @property
    def move_texts(self) -> tuple[str, ...]:
        return tuple(self.game.format_move(move) for move in self.moves)
