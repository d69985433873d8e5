"""One game as the server holds it: the rules' positions, who sits where, and what each viewer is shown.

Everything here is plain and synchronous; the app decides when to store and whom to tell.
A move is turned into texts to store before anyone hears of it, and what a page draws
(position, legal moves, last move, outcome, status lines) comes from the game's own
functions, translated with the terminal's catalogue.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from damero.core import Game, Message, Outcome, Side
from damero.errors import DameroError
from damero.games import find_game
from damero.i18n import Catalog
from damero.records import Record
from damero.web.storage import Seat, StoredGame, hash_token

SIDES = (Side.FIRST, Side.SECOND)
SEAT_NAMES = {Side.FIRST: "first", Side.SECOND: "second"}


class WebError(DameroError):
    """A request the server refuses; the message goes to the one client that sent it."""


def new_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def game_of(name: object, options: object) -> Game[Any, Any]:
    """The game called `name` with `options`; WebError for an unknown game or option."""
    try:
        game = find_game(str(name))
    except KeyError:
        raise WebError("web.unknown_game", name=str(name)[:40]) from None
    if not isinstance(options, Mapping) or any(
        key not in game.options or type(value) is not int or value not in game.options[key]
        for key, value in options.items()
    ):
        raise WebError("web.bad_options", game=game.name)
    return game.variant(**options)


def replay_texts(game: Game[Any, Any], start: Any, texts: Sequence[object]) -> tuple[Any, ...]:
    """The moves `texts` name, played from `start`; WebError naming the first that is refused."""
    position, moves = start, []
    for number, text in enumerate(texts, start=1):
        if not isinstance(text, str) or len(text) > 64:
            raise WebError("web.bad_move_list", number=number)
        try:
            move = game.parse_move(position, text)
            position = position.play(move)
        except DameroError as error:
            raise WebError("web.bad_move_in_list", number=number, reason=error.message) from None
        moves.append(move)
    return tuple(moves)


@dataclass
class Table:
    """A live game: the stored facts and the positions they give; `version` grows with each change."""

    id: str
    game: Game[Any, Any]
    start: Any
    moves: list[Any]
    positions: list[Any]
    version: int
    seats: tuple[Seat, Seat]
    created: float
    notices: list[Message] = field(default_factory=list)
    """What the rules did on their own at the last change (a forced pass), for everyone to read."""

    @classmethod
    def from_stored(cls, stored: StoredGame) -> Table:
        game = game_of(stored.game, stored.options)
        start = game.parse_position(stored.start)
        moves = replay_texts(game, start, stored.moves)
        record = Record(game, (), start, moves)
        return cls(
            stored.id,
            game,
            start,
            list(moves),
            record.positions(),
            stored.version,
            stored.seats,
            stored.created,
        )

    def stored(self) -> StoredGame:
        return StoredGame(
            id=self.id,
            game=self.game.name,
            options=self.options,
            start=self.game.format_position(self.start),
            moves=self.move_texts,
            version=self.version,
            finished=self.is_finished,
            seats=self.seats,
            created=self.created,
        )

    @property
    def options(self) -> dict[str, int]:
        return {name: getattr(self.game, name) for name in self.game.options}

    @property
    def position(self) -> Any:
        return self.positions[-1]

    @property
    def move_texts(self) -> tuple[str, ...]:
        return tuple(self.game.format_move(move) for move in self.moves)

    @functools.cached_property
    def outcome(self) -> Outcome | None:
        """The rules' outcome of the last position, asked once: some games search to answer."""
        outcome: Outcome | None = self.position.outcome()
        return outcome

    @property
    def is_finished(self) -> bool:
        return self.outcome is not None

    def record(self) -> Record:
        return Record(self.game, (), self.start, tuple(self.moves))

    def sides_of(self, token: str | None) -> frozenset[Side]:
        """The sides the holder of `token` moves for; none for a spectator or a wrong token."""
        if not token:
            return frozenset()
        hashed = hash_token(token)
        return frozenset(side for side in SIDES if self.seats[side.value].token_hash == hashed)

    def computer_level(self) -> int | None:
        """The level of the computer if it is to move in a game that goes on, else None."""
        if self.is_finished:
            return None
        return self.seats[self.position.side_to_move.value].level

    def can_take_back(self, sides: frozenset[Side]) -> bool:
        """Undo is for a game without a second person: one screen, or against the computer."""
        people = {seat.token_hash for seat in self.seats if seat.level is None}
        return bool(sides) and len(people) == 1 and self._take_back_point() is not None

    def _take_back_point(self) -> int | None:
        """How many moves remain after undoing the last person's move (and what followed it)."""
        count = len(self.moves)
        while count > 0:
            count -= 1
            mover = self.positions[count]
            made_by_rules = self.game.automatic_move(mover) is not None
            if self.seats[mover.side_to_move.value].level is None and not made_by_rules:
                return count
        return None

    def after_move(self, text: str) -> tuple[list[Any], list[Message]]:
        """The moves to store for the player's `text`: it, then any the rules make on their own.

        Raises DameroError saying why the text is not a move or the rules refuse it.
        """
        position = self.position
        if position.outcome() is not None:
            raise WebError("web.game_over")
        move = self.game.parse_move(position, text)
        position = position.play(move)
        moves, notices = [move], []
        while position.outcome() is None:
            automatic = self.game.automatic_move(position)
            if automatic is None:
                break
            moves.append(automatic[0])
            notices.append(automatic[1])
            position = position.play(automatic[0])
        return moves, notices

    def extended(self, moves: Sequence[Any], notices: list[Message]) -> Table:
        """This table after `moves`, one version on."""
        positions = list(self.positions)
        for move in moves:
            positions.append(positions[-1].play(move))
        return replace(
            self,
            moves=[*self.moves, *moves],
            positions=positions,
            version=self.version + 1,
            notices=notices,
        )

    def taken_back(self) -> Table:
        """This table after undoing the last person's move, one version on."""
        keep = self._take_back_point()
        if keep is None:
            raise WebError("web.nothing_to_undo")
        return replace(
            self,
            moves=self.moves[:keep],
            positions=self.positions[: keep + 1],
            version=self.version + 1,
            notices=[],
        )


def new_table(
    game: Game[Any, Any],
    *,
    mode: str,
    side: Side,
    level: int,
    start: Any = None,
    moves: Sequence[Any] = (),
) -> tuple[Table, str, str | None]:
    """A new game and the tokens of its seats: (table, your token, the other seat's token or None).

    `mode` is 'local' (one screen holds both sides), 'computer' (you play `side`) or
    'friend' (the other seat's link goes to someone else).
    """
    token = new_token()
    other_token = None
    mine = Seat(hash_token(token))
    if mode == "local":
        other = mine
    elif mode == "computer":
        other = Seat(level=level)
    elif mode == "friend":
        other_token = new_token()
        other = Seat(hash_token(other_token))
    else:
        raise WebError("web.bad_mode")
    seats = (mine, other) if side is Side.FIRST else (other, mine)
    start = game.start() if start is None else start
    moves = list(moves)
    position = Record(game, (), start, tuple(moves)).positions()[-1]
    while position.outcome() is None and (automatic := game.automatic_move(position)):
        moves.append(automatic[0])  # a forced pass where the given moves stop is played at once
        position = position.play(automatic[0])
    record = Record(game, (), start, tuple(moves))
    table = Table(new_id(), game, start, list(moves), record.positions(), 1, seats, time.time())
    return table, token, other_token


def seat_kinds(table: Table) -> dict[str, dict[str, object]]:
    return {SEAT_NAMES[side]: {"computer": table.seats[side.value].level} for side in SIDES}


def describe(game: Game[Any, Any], position: Any, last: Any, catalog: Catalog) -> dict[str, object]:
    """What a page draws for one position: its text, legal moves, last move, words under the board."""
    outcome = position.outcome()
    lines: Sequence[Message]
    if outcome is None:
        lines = game.status(position)
        turn: str | None = SEAT_NAMES[position.side_to_move]
    else:
        lines = (*game.status(position), *game.describe_outcome(position, outcome))
        turn = None
    return {
        "position": game.format_position(position),
        "legal": [game.format_move(move) for move in position.legal_moves()] if turn else [],
        "last": None if last is None else game.format_move(last),
        "turn": turn,
        "winner": None if outcome is None or outcome.winner is None else SEAT_NAMES[outcome.winner],
        "over": outcome is not None,
        "status": [catalog.say(line) for line in lines],
    }


def view(table: Table, sides: frozenset[Side], catalog: Catalog) -> dict[str, object]:
    """The whole state one client is sent: what to draw, and what this client may do."""
    position = table.position
    game = table.game
    return {
        "type": "state",
        "id": table.id,
        "game": game.name,
        "options": table.options,
        "version": table.version,
        "seat": sorted(SEAT_NAMES[side] for side in sides),
        "seats": seat_kinds(table),
        "sides": {SEAT_NAMES[side]: catalog.text(game.side_key(side)) for side in SIDES},
        "moves": list(table.move_texts),
        "thinking": table.computer_level() is not None,
        "can_undo": table.can_take_back(sides),
        "notices": [catalog.say(notice) for notice in table.notices],
        **describe(game, position, table.moves[-1] if table.moves else None, catalog),
    }


def frames(record: Record, catalog: Catalog) -> list[dict[str, object]]:
    """Each position of a record as `describe` gives it, from the start to the last move."""
    positions = record.positions()
    lasts = [None, *record.moves]
    return [
        describe(record.game, position, last, catalog)
        for position, last in zip(positions, lasts, strict=True)
    ]
