"""The live games of this process, one room each: the game in progress at its version, the sockets
watching it, and the rule that a change is committed before anyone hears of it.

A room changes only under its lock and only by committing a new version over the one it holds;
another process's commit, heard through the storage, replaces the room's game and is shown to
its sockets (DESIGN.md, "The browser").
"""

from __future__ import annotations

import asyncio
import secrets
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from anyio import to_thread

from damero.core import Game, Message, Side
from damero.errors import DameroError
from damero.games import find_game
from damero.progress import GameInProgress, Seat
from damero.web.checks import WebError
from damero.web.committer import GroupCommitter
from damero.web.storage import Change, DatabaseFault, Storage, StoredGame, hash_token
from damero.web.storage import Seat as StoredSeat

SIDES = (Side.FIRST, Side.SECOND)
MODES = ("local", "computer", "friend")


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


def parse_moves(game: Game[Any, Any], start: Any, texts: Sequence[object]) -> tuple[Any, ...]:
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


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A game as a room holds it: the game in progress, and the hashed token of each side's
    person (None for the computer's side)."""

    id: str
    state: GameInProgress
    tokens: tuple[str | None, str | None]
    created: float

    @classmethod
    def from_stored(cls, stored: StoredGame) -> LiveGame:
        game = game_of(stored.game, stored.options)
        start = game.parse_position(stored.start)
        first, second = (Seat(seat.level) for seat in stored.seats)
        state = GameInProgress.replayed(
            game,
            start=start,
            moves=parse_moves(game, start, stored.moves),
            seats=(first, second),
            version=stored.version,
        )
        tokens = (stored.seats[0].token_hash, stored.seats[1].token_hash)
        return cls(stored.id, state, tokens, stored.created)

    def stored(self) -> StoredGame:
        state = self.state
        return StoredGame(
            id=self.id,
            game=state.game.name,
            options=self.options,
            start=state.game.format_position(state.start),
            moves=state.move_texts,
            version=state.version,
            finished=state.is_over,
            seats=(
                StoredSeat(self.tokens[0], state.seats[0].level),
                StoredSeat(self.tokens[1], state.seats[1].level),
            ),
            created=self.created,
        )

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def options(self) -> dict[str, int]:
        game = self.state.game
        return {name: getattr(game, name) for name in game.options}

    def changed_to(self, state: GameInProgress) -> tuple[LiveGame, Change]:
        """This game moved on to `state`, and the change to commit for it."""
        kept = min(len(self.state.moves), len(state.moves))
        change = Change(
            self.id,
            version=self.version,
            first=kept,
            moves=state.move_texts[kept:],
            finished=state.is_over,
            is_take_back=kept < len(self.state.moves),
        )
        return replace(self, state=state), change

    def sides_of(self, token: str | None) -> frozenset[Side]:
        """The sides the holder of `token` moves for; none for a spectator or a wrong token."""
        if not token:
            return frozenset()
        hashed = hash_token(token)
        return frozenset(side for side in SIDES if self.tokens[side.value] == hashed)

    def can_take_back(self, sides: frozenset[Side]) -> bool:
        """Undo is for a game without a second person: one screen, or against the computer."""
        people = {token for token in self.tokens if token is not None}
        return bool(sides) and len(people) == 1 and self.state.can_take_back


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_game(
    game: Game[Any, Any],
    *,
    mode: str,
    side: Side,
    level: int,
    start: Any,
    moves: Sequence[Any],
    created: float,
) -> tuple[LiveGame, str, str | None]:
    """A new game and the tokens of its seats: (game, your token, the other seat's token or None).

    `mode` is 'local' (one screen holds both sides), 'computer' (you play `side`) or
    'friend' (the other seat's link goes to someone else). A forced pass where the given
    moves stop is played at once.
    """
    if mode not in MODES:
        raise WebError("web.bad_mode")
    token = new_token()
    other_token = new_token() if mode == "friend" else None
    mine = hash_token(token)
    other = hash_token(other_token) if other_token else mine if mode == "local" else None
    computer = Seat(level) if mode == "computer" else Seat()
    tokens: tuple[str | None, str | None] = (mine, other)
    seats = (Seat(), computer)
    if side is Side.SECOND:
        tokens, seats = (other, mine), (computer, Seat())
    state = GameInProgress.new(game, start=start, moves=moves, seats=seats)
    return LiveGame(secrets.token_urlsafe(9), state, tokens, created), token, other_token


class Watcher(Protocol):
    """A socket watching a room: it moves for `sides`, and is shown each version of the game."""

    @property
    def sides(self) -> frozenset[Side]: ...

    async def show(self, live: LiveGame, built: dict[object, str]) -> None:
        """Sends `live` as this watcher sees it; `built` keeps what was built for others alike."""
        ...


class Rooms:
    """The games being played in this process, their watchers, and the storage behind them.

    `changed` are told of every version this process commits, after its watchers (the
    computer's turns start there)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.games: dict[str, LiveGame] = {}
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.watchers: defaultdict[str, set[Watcher]] = defaultdict(set)
        self.committer = GroupCommitter(storage)
        self.changed: list[Callable[[LiveGame], None]] = []

    async def get(self, game_id: object) -> LiveGame:
        """The game with this id, from memory or storage; WebError if there is none."""
        if not isinstance(game_id, str) or len(game_id) > 32:
            raise WebError("web.unknown_id", id=str(game_id)[:40])
        live = self.games.get(game_id)
        if live is None:
            stored = await to_thread.run_sync(self.storage.load, game_id)
            if stored is None:
                raise WebError("web.unknown_id", id=game_id)
            live = self.games.setdefault(game_id, LiveGame.from_stored(stored))
        return live

    def forget(self, game_id: str) -> None:
        """Reads the game afresh next time (another process may have moved it)."""
        self.games.pop(game_id, None)

    async def create(self, live: LiveGame) -> None:
        await self.committer.commit(live.stored())
        self.games[live.id] = live
        self._tell(live)

    async def current(self, game_id: str, version: int) -> LiveGame:
        """The game, read again if a client has seen a newer version than this process holds (the
        other process's commit has not been heard of here yet)."""
        live = await self.get(game_id)
        if version > live.version:
            self.forget(game_id)
            live = await self.get(game_id)
        return live

    async def change(
        self, game_id: str, version: int, change: Callable[[LiveGame], GameInProgress]
    ) -> None:
        """Commits `change(game)` over the game at `version`, then shows it to every watcher.

        Under the room's lock: `change` refuses (raising DameroError) or gives the new state.
        """
        async with self.locks[game_id]:
            live = await self.current(game_id, version)
            if version != live.version:
                raise WebError("web.moved_on")
            await self.commit(live, change(live))

    async def commit(self, live: LiveGame, state: GameInProgress) -> None:
        """Stores `state` if `live` is still the stored version, then tells every watcher; the
        caller holds the room's lock."""
        changed, change = live.changed_to(state)
        try:
            stored = await self.committer.commit(change)
        except DatabaseFault:
            # A commit cut off by a lost connection may have gone in after all: the game is read
            # afresh next time rather than trusted from memory.
            self.forget(live.id)
            raise
        if not stored:
            # Another writer moved the game on: read it again and refuse this change.
            self.forget(live.id)
            await self.broadcast(await self.get(live.id))
            raise WebError("web.moved_on")
        self.games[live.id] = changed
        await self.broadcast(changed)
        self._tell(changed)

    def _tell(self, live: LiveGame) -> None:
        for listener in self.changed:
            listener(live)

    async def broadcast(self, live: LiveGame) -> None:
        """Shows the game to each of its watchers; one message per language and seat is built."""
        built: dict[object, str] = {}
        await asyncio.gather(*(watcher.show(live, built) for watcher in self.watchers[live.id]))

    def watch(self, game_id: str, watcher: Watcher) -> None:
        self.watchers[game_id].add(watcher)

    def leave(self, game_id: str, watcher: Watcher) -> None:
        self.watchers[game_id].discard(watcher)
        if not self.watchers[game_id]:
            del self.watchers[game_id]

    def heard(self, game_id: str, version: int) -> None:
        """Another process committed `version` of a game: its watchers here are told (from the
        listener's thread)."""
        self.loop.call_soon_threadsafe(lambda: self.loop.create_task(self.reload(game_id, version)))

    def reconnected(self) -> None:
        """The listening connection came back: changes may have been missed, so every watched game is
        read again and its watchers shown the version stored (nothing lost, nothing twice)."""
        for game_id in list(self.watchers):
            self.heard(game_id, 0)

    async def reload(self, game_id: str, version: int) -> None:
        if game_id not in self.watchers:
            # Nobody here watches it: forget it, so that whoever comes next reads it afresh
            # rather than be shown, and move from, the version this process saw last.
            self.forget(game_id)
            return
        cached = self.games.get(game_id)
        if cached is not None and cached.version >= version > 0:
            return
        async with self.locks[game_id]:
            try:
                stored = await to_thread.run_sync(self.storage.load, game_id)
            except DatabaseFault:
                return  # the listener reconnects once the database is back, and reads it then
            if stored is None:
                return
            live = LiveGame.from_stored(stored)
            cached = self.games.get(game_id)
            if cached is not None and cached.version >= live.version:
                return  # this process made the change, or has heard of it already
            self.games[game_id] = live
            await self.broadcast(live)

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        await to_thread.run_sync(self.storage.listen, self.heard, self.reconnected)


def player_move(live: LiveGame, sides: frozenset[Side], text: str) -> GameInProgress:
    """The game after the move `text` by a holder of `sides`; DameroError saying why not."""
    state = live.state
    if not sides:
        raise WebError("web.spectator_move")
    side = state.side_to_move
    if side is None:
        raise WebError("game.over")
    if side not in sides:
        raise WebError("web.not_your_turn", side=Message(state.game.side_key(side)))
    return state.play_text(text)
