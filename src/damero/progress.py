"""A game being played, as one immutable value every front end keeps: the terminal's match loop,
its replay and play-on, and the server's live games.

The rules know positions; a game in progress also knows who sits at each side, how far a
take-back goes, the moves the rules made on their own, a version that grows with every change,
and a result that the players or the clock may give as well as the board. It answers the
questions of its history too (who made each move, which the rules made and the notice that says
so, whose turn it was at each position), so that no front end works them out again
(docs/DESIGN.md, "One game in progress").
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from damero.core import SIDES, Game, Message, Outcome, Side
from damero.errors import DameroError, MoveListError


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
class Offers:
    """The standing offers of a game, each the side that made it: a draw and a take-back while
    it goes on, a rematch once it has ended."""

    draw: Side | None = None
    undo: Side | None = None
    rematch: Side | None = None


NO_OFFERS = Offers()


@dataclass(frozen=True, slots=True)
class Clock:
    """A Fischer clock, in milliseconds: each side's time `left` when its clock last stopped, and
    the side whose clock runs since `since` (seconds, as the server's clock tells).

    A side gains `increment` after each move it made on a running clock; `started` is how many
    moves the game had when the clock began to run (None before), so that a take-back knows
    which moves gained. Time is passed in, never read here, so the clock is as pure as the rules.
    """

    initial: int
    increment: int
    left: tuple[int, int]
    running: Side | None = None
    since: float = 0.0
    started: int | None = None

    @classmethod
    def of(cls, *, initial: int, increment: int) -> Clock:
        return cls(initial, increment, (initial, initial))

    def remaining(self, side: Side, now: float) -> int:
        """`side`'s time left at `now`, never below 0; a clock held (`since` still to come) has
        not run yet."""
        left = self.left[side.value]
        if self.running is side:
            left -= round(max(now - self.since, 0.0) * 1000)
        return max(left, 0)

    def held(self, now: float, *, seconds: float) -> Clock:
        """The clock at `now` with the running side's time held for at most `seconds`: the side
        is charged up to `now`, and its time runs again at `now + seconds` unless `resumed`
        sooner. A server going down holds the clock of a player whose page it sends away."""
        if self.running is None:
            return self
        return replace(self.switched(now, to=self.running), since=now + seconds)

    def is_held(self, now: float) -> bool:
        return self.running is not None and self.since > now

    def resumed(self, now: float) -> Clock:
        """A held clock running again from `now`."""
        return replace(self, since=min(self.since, now))

    @property
    def falls_at(self) -> float | None:
        """When the running side's time runs out, if nothing happens before."""
        if self.running is None:
            return None
        return self.since + self.left[self.running.value] / 1000

    def fallen(self, now: float) -> Side | None:
        """The side whose time has run out at `now`, if any."""
        if self.running is not None and self.remaining(self.running, now) <= 0:
            return self.running
        return None

    def switched(self, now: float, *, to: Side | None, gaining: Side | None = None) -> Clock:
        """The clock at `now` with `to`'s time running (None: nobody's): the side whose time ran
        is charged for it, and gains the increment if it is `gaining`, the side that moved."""
        left = [self.remaining(side, now) for side in SIDES]
        if gaining is not None and self.running is gaining:
            left[gaining.value] += self.increment
        return replace(self, left=(left[0], left[1]), running=to, since=now)


@dataclass(frozen=True, slots=True)
class GameInProgress:
    """One game being played. Every change gives a new value one version on.

    `positions[k]` is the position after `moves[:k]`; `forced` is what the rules did on their
    own at the last change, for a front end to announce; `decided` is a result given from
    outside the rules (a resignation, an agreed draw, a flag), which ends the game whatever the
    board says. `offers` stand until their maker moves; `clock` is None in an untimed game.
    """

    game: Game[Any, Any]
    start: Any
    moves: tuple[Any, ...]
    positions: tuple[Any, ...]
    seats: tuple[Seat, Seat] = (PERSON, PERSON)
    version: int = 1
    forced: tuple[Forced, ...] = ()
    decided: Result | None = None
    offers: Offers = NO_OFFERS
    clock: Clock | None = None
    _outcomes: dict[int, tuple[Any, Outcome | None]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )
    """The rules' outcome of each position asked, shared by every value that follows from this
    one: a position's outcome never changes, so a move adds to the cache instead of copying it.
    Kept by the position's identity (hashing a position costs more than asking it again), with
    the position itself, which no other can then take the place of."""
    _result: tuple[Result | None] | None = field(
        default=None, init=False, compare=False, repr=False, hash=False
    )
    """`result`, once asked: a move's path asks it a dozen times (whose turn, whether it is
    over, the clock, each view)."""

    @classmethod
    def new(
        cls,
        game: Game[Any, Any],
        *,
        start: Any = None,
        moves: Sequence[Any] = (),
        texts: Sequence[str] = (),
        seats: tuple[Seat, Seat] = (PERSON, PERSON),
        version: int = 1,
        clock: Clock | None = None,
    ) -> GameInProgress:
        """A game from `start` (the game's own if None) after `moves` (or the moves `texts`
        name), with any move the rules make on their own where they stop played at once; `clock`
        starts once each side has moved. IllegalMoveError for a refused move (MoveListError for
        a refused text)."""
        begun = cls.replayed(
            game, start=start, moves=moves, texts=texts, seats=seats, version=version
        )
        return replace(begun._with_forced_moves(version), clock=clock)

    @classmethod
    def replayed(
        cls,
        game: Game[Any, Any],
        *,
        start: Any = None,
        moves: Sequence[Any] = (),
        texts: Sequence[str] = (),
        seats: tuple[Seat, Seat] = (PERSON, PERSON),
        version: int = 1,
    ) -> GameInProgress:
        """A game from `start` after exactly `moves`, as a record holds it: a replay shows a
        forced move only once the record has it. Given `texts` instead (a stored game's moves, a
        page's list), each is read in the position it is played in, and every move is played
        once; MoveListError names the first refused."""
        start = game.start() if start is None else start
        begun = cls(game, start, (), (start,), seats, version)
        return begun._read(texts) if texts else begun._extended(moves)

    @property
    def position(self) -> Any:
        return self.positions[-1]

    def seat(self, side: Side) -> Seat:
        return self.seats[side.value]

    @property
    def computers(self) -> frozenset[Side]:
        return frozenset(side for side in SIDES if self.seat(side).is_computer)

    @property
    def outcome(self) -> Outcome | None:
        """The rules' outcome of the current position, asked once: some games search to answer."""
        return self.outcome_at(len(self.moves))

    def outcome_at(self, count: int) -> Outcome | None:
        """The rules' outcome after the first `count` moves, asked once."""
        return self._outcome_of(self.positions[count])

    def _outcome_of(self, position: Any) -> Outcome | None:
        known = self._outcomes.get(id(position))
        if known is None or known[0] is not position:
            known = self._outcomes[id(position)] = (position, position.outcome())
        return known[1]

    @property
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        known = self._result
        if known is None:
            if self.decided is not None:
                known = (self.decided,)
            else:
                outcome = self.outcome
                known = (None if outcome is None else Result.of_outcome(outcome),)
            object.__setattr__(self, "_result", known)
        return known[0]

    def result_at(self, count: int) -> Result | None:
        """How the game stood after the first `count` moves: its result at the last, else the
        rules' outcome there (a position before the end that the rules ended: none, in play)."""
        if count == len(self.moves):
            return self.result
        outcome = self.outcome_at(count)
        return None if outcome is None else Result.of_outcome(outcome)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def side_to_move(self) -> Side | None:
        """The side whose turn it is, or None once the game is over."""
        return None if self.result is not None else self.positions[-1].side_to_move

    @property
    def computer_to_move(self) -> int | None:
        """The computer's level if it is to move in a game that goes on, else None."""
        side = self.side_to_move
        return None if side is None else self.seat(side).level

    def play(self, move: Any, *, now: float = 0.0) -> GameInProgress:
        """This game after `move` by the side to move at `now`, then the moves the rules make on
        their own (said in `forced`), one version on; the offers standing lapse. GameOverError
        once over; IllegalMoveError from the rules for a refused move."""
        return self._played(move, now, legal=False)

    def play_legal(self, move: Any, *, now: float = 0.0) -> GameInProgress:
        """`play` of a move taken from the position's own legal moves (a target of its board),
        which the rules play without judging it again."""
        return self._played(move, now, legal=True)

    def _played(self, move: Any, now: float, *, legal: bool) -> GameInProgress:
        side = self._going_on()
        last = self.positions[-1]
        position = last.play_legal(move) if legal else last.play(move)
        if self.clock is None and (
            self._outcome_of(position) is not None or self.game.automatic_move(position) is None
        ):
            # Nothing the rules make on their own and no clock, as most moves: one new value.
            return self._made(
                (*self.moves, move),
                (*self.positions, position),
                version=self.version + 1,
                forced=(),
                offers=NO_OFFERS,
                clock=None,
            )
        played, forced = self._extended((move,), after=(position,))._forced_played()
        clock = played._clock_after(side, now)
        return played._made(
            played.moves,
            played.positions,
            version=self.version + 1,
            forced=forced,
            offers=NO_OFFERS,
            clock=clock,
        )

    def play_text(self, text: str, *, now: float = 0.0) -> GameInProgress:
        """`play` of the move a player typed; InvalidMoveError says what is wrong with the text."""
        self._going_on()
        return self.play(self.game.parse_move(self.position, text), now=now)

    def continued(
        self, keep: int, texts: Sequence[str], *, version: int, forced: int
    ) -> GameInProgress:
        """This game as another process changed it to `version`: its first `keep` moves, then the
        moves `texts` name, the last `forced` of the game's moves being those the rules made on
        their own. Costs the moves it adds, whatever came before.

        The process that committed them judged them on this very game one version back, which
        the database's version check makes sure of: here they are parsed and played as legal,
        not judged again. A copy that is not that game is read afresh, never continued."""
        positions = list(self.positions[: keep + 1])
        moves = list(self.moves[:keep])
        parse = self.game.parse_move
        for number, text in enumerate(texts, start=1):
            try:
                move = parse(positions[-1], text)
            except DameroError as error:
                raise MoveListError(number, error.message) from None
            positions.append(positions[-1].play_legal(move))
            moves.append(move)
        played = self._made(
            tuple(moves),
            tuple(positions),
            version=version,
            forced=(),
            offers=self.offers,
            clock=self.clock,
        )
        if forced:
            made = range(len(moves) - forced, len(moves))
            played = replace(
                played,
                forced=tuple(
                    Forced(moves[index], notice)
                    for index in made
                    if (notice := played.notice(index)) is not None
                ),
            )
        return played

    def _going_on(self) -> Side:
        """The side to move; GameOverError once the game is over."""
        side = self.side_to_move
        if side is None:
            raise GameOverError("game.over")
        return side

    def _extended(
        self, moves: Sequence[Any], *, after: tuple[Any, ...] | None = None
    ) -> GameInProgress:
        """This game after `moves`, each played once, with nothing said of them; `after`, the
        positions they lead to where they are played already."""
        positions = list(self.positions)
        if after is not None:
            positions.extend(after)
        else:
            for move in moves:
                positions.append(positions[-1].play(move))
        return self._made(
            (*self.moves, *moves),
            tuple(positions),
            version=self.version,
            forced=(),
            offers=self.offers,
            clock=self.clock,
        )

    def _made(
        self,
        moves: tuple[Any, ...],
        positions: tuple[Any, ...],
        *,
        version: int,
        forced: tuple[Forced, ...],
        offers: Offers,
        clock: Clock | None,
    ) -> GameInProgress:
        """This game with these moves and what they led to, made at once: `dataclasses.replace`
        reads the fields' list again at every call, several times the cost, on every move."""
        return GameInProgress(
            self.game,
            self.start,
            moves,
            positions,
            self.seats,
            version,
            forced,
            self.decided,
            offers,
            clock,
            self._outcomes,
        )

    def _read(self, texts: Sequence[str]) -> GameInProgress:
        """`_extended` by the moves `texts` name, each parsed in the position it is played in;
        MoveListError names the first refused, counting from 1."""
        moves, positions = list(self.moves), list(self.positions)
        for number, text in enumerate(texts, start=1):
            try:
                move = self.game.parse_move(positions[-1], text)
                positions.append(positions[-1].play(move))
            except DameroError as error:
                raise MoveListError(number, error.message) from None
            moves.append(move)
        return replace(self, moves=tuple(moves), positions=tuple(positions), forced=())

    def with_forced_moves(self) -> GameInProgress:
        """This game with the moves the rules make on their own where it stands played, said in
        `forced`, at the same version: as play would go on from a record that stops there."""
        return self._with_forced_moves(self.version)

    def _with_forced_moves(self, version: int) -> GameInProgress:
        played, forced = self._forced_played()
        return replace(played, version=version, forced=forced)

    def _forced_played(self) -> tuple[GameInProgress, tuple[Forced, ...]]:
        """This game after the moves the rules make on their own where it stands, and those
        moves; one new value a move (a move's values are made once each, not copied again)."""
        played, forced = self, []
        while played.outcome is None:
            automatic = self.game.automatic_move(played.position)
            if automatic is None:
                break
            forced.append(Forced(*automatic))
            played = played._extended(automatic[:1])
        return played, tuple(forced)

    def _clock_after(self, mover: Side, now: float) -> Clock | None:
        """The clock after `mover`'s move led to this value: the side to move's time runs once
        each side has made a move of its own, and nobody's once the game is over."""
        clock = self.clock
        if clock is None:
            return None
        running = self.side_to_move
        if clock.started is None and running is not None:
            if not self.each_side_moved(len(self.moves)):
                running = None
            else:
                clock = replace(clock, started=len(self.moves))
        return clock.switched(now, to=running, gaining=mover)

    # The history: who made each move, which the rules made, whose turn it was.

    def mover(self, index: int) -> Side:
        """The side that made `moves[index]`: a side may move twice in a row (the mouse's
        placement and its first step, the side whose opponent the rules made pass)."""
        side: Side = self.positions[index].side_to_move
        return side

    def notice(self, index: int) -> Message | None:
        """What to say of `moves[index]` if the rules made it on their own (an Othello pass);
        None if its side chose it."""
        automatic = self.game.automatic_move(self.positions[index])
        return None if automatic is None else automatic[1]

    def is_forced(self, index: int) -> bool:
        """Whether the rules made `moves[index]` on their own."""
        return self.notice(index) is not None

    def notices(self, indexes: Iterable[int]) -> tuple[Message, ...]:
        """The notices of the moves at `indexes` that the rules made, in order."""
        return tuple(notice for index in indexes if (notice := self.notice(index)) is not None)

    def to_move(self, count: int) -> Side | None:
        """The side to move after the first `count` moves, None where the rules ended the game
        there (a result given from outside them is `side_to_move`'s business)."""
        if self.outcome_at(count) is not None:
            return None
        side: Side = self.positions[count].side_to_move
        return side

    def last_turn(self, count: int) -> range:
        """The indexes of the last turn among the first `count` moves: the last move a side
        chose and the moves the rules then made on their own (all of them where no side chose
        one), which a page marks as the last move; empty at the start."""
        chosen = max(count - 1, 0)
        while chosen > 0 and self.is_forced(chosen):
            chosen -= 1
        return range(chosen, count)

    def turn_starts(self) -> list[int]:
        """The move counts after which a side was to choose, and the last: the positions a replay
        steps through, where a move the rules make on their own (a forced pass) is shown only
        once it is made, as in play."""
        last = len(self.moves)
        return [count for count in range(last + 1) if count == last or not self.is_forced(count)]

    def each_side_moved(self, count: int) -> bool:
        """Whether each side made a move of its own among the first `count` moves."""
        movers = {self.mover(index) for index in range(count) if not self.is_forced(index)}
        return len(movers) == 2

    def take_back_point(self, side: Side | None = None) -> int | None:
        """How many moves remain after taking back the last move a person made (of `side`, if
        given) and all that followed it (the computer's replies, forced passes); None if there
        is no such move."""
        for index in range(len(self.moves) - 1, -1, -1):
            mover = self.mover(index)
            if side not in (None, mover):
                continue
            if not self.seat(mover).is_computer and not self.is_forced(index):
                return index
        return None

    @property
    def can_take_back(self) -> bool:
        return self.decided is None and self.take_back_point() is not None

    def take_back(self, side: Side | None = None, *, now: float = 0.0) -> GameInProgress:
        """This game back at the last position where a person (`side`, if given) was to move,
        one version on; the offers standing lapse, and the clock is as `_clock_taken_back` says."""
        keep = self.take_back_point(side) if self.decided is None else None
        if keep is None:
            raise NothingToTakeBackError("game.nothing_to_take_back")
        cut = replace(
            self,
            moves=self.moves[:keep],
            positions=self.positions[: keep + 1],
            version=self.version + 1,
            forced=(),
            offers=NO_OFFERS,
        )
        return replace(cut, clock=self._clock_taken_back(cut, now))

    def _clock_taken_back(self, cut: GameInProgress, now: float) -> Clock | None:
        """The clock once this game's moves after `cut`'s are taken back at `now`: the time used
        stays used, each side gives back the increment its taken-back moves gained, and the
        clock runs for the side to move only if it had begun to run by then."""
        clock = self.clock
        if clock is None:
            return None
        left = [clock.remaining(side, now) for side in SIDES]
        kept = len(cut.moves)
        if clock.started is not None:
            for index in range(max(kept, clock.started), len(self.moves)):
                if not self.is_forced(index):
                    left[self.mover(index).value] -= clock.increment
        started = clock.started if clock.started is not None and kept >= clock.started else None
        running = None if started is None else cut.side_to_move
        return replace(
            clock,
            left=(max(left[0], 0), max(left[1], 0)),
            running=running,
            since=now,
            started=started,
        )

    def with_result(self, result: Result, *, now: float = 0.0) -> GameInProgress:
        """This game ended by `result` from outside the rules (a resignation, an agreed draw, a
        flag, an abandoned game) at `now`, one version on; its clock stops. GameOverError once
        over."""
        self._going_on()
        clock = None if self.clock is None else self.clock.switched(now, to=None)
        return replace(
            self, decided=result, version=self.version + 1, forced=(), offers=NO_OFFERS, clock=clock
        )

    def with_offers(self, offers: Offers) -> GameInProgress:
        """This game with `offers` standing instead, one version on."""
        return replace(self, offers=offers, version=self.version + 1, forced=())

    def with_clock(self, clock: Clock) -> GameInProgress:
        """This game with `clock` instead (held or running again), one version on."""
        return replace(self, clock=clock, version=self.version + 1, forced=())

    @property
    def move_texts(self) -> tuple[str, ...]:
        return tuple(self.game.format_move(move) for move in self.moves)
