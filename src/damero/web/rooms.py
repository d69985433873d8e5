"""The live games of this process, one room each: the game in progress at its version, the sockets
watching it, and the rule that a change is committed before anyone hears of it.

A room changes only under its lock and only by committing a new version over the one it holds;
another process's commit, heard through the storage, replaces the room's game and is shown to
its sockets (docs/DESIGN.md, "A click in the browser").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections import defaultdict
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from anyio import to_thread

from damero.core import Game, Message, Side
from damero.errors import DameroError
from damero.progress import NO_OFFERS, Clock, Ending, GameInProgress, Offers, Result, Seat
from damero.registry import find_game
from damero.web.checks import WebError
from damero.web.committer import GroupCommitter
from damero.web.storage import Change, DatabaseFault, Storage, StoredGame, hash_token
from damero.web.storage import Seat as StoredSeat

SIDES = (Side.FIRST, Side.SECOND)
ABANDON_SECONDS = 300.0
"""How long a player may be gone from a game between two people before the other may claim it."""
MODES = ("local", "computer", "friend", "open")


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


SEAT_NAMES = {Side.FIRST: "first", Side.SECOND: "second"}
SIDE_OF_NAME = {name: side for side, name in SEAT_NAMES.items()}


def side_name(side: Side | None) -> str | None:
    return None if side is None else SEAT_NAMES[side]


def format_round(state: GameInProgress, next_game: str | None) -> str:
    """What the players and the clock added to a game's moves, as stored: its result if they
    gave it, the offers standing, the clock, and the rematch's game."""
    decided, offers, clock = state.decided, state.offers, state.clock
    return json.dumps(
        {
            "result": None
            if decided is None
            else {"winner": side_name(decided.winner), "reason": decided.ending.value},
            "offers": {
                "draw": side_name(offers.draw),
                "undo": side_name(offers.undo),
                "rematch": side_name(offers.rematch),
            },
            "clock": None
            if clock is None
            else {
                "initial": clock.initial,
                "increment": clock.increment,
                "left": list(clock.left),
                "running": side_name(clock.running),
                "since": clock.since,
            },
            "next": next_game,
        },
        sort_keys=True,
    )


def parse_round(state: GameInProgress, text: str | None) -> tuple[GameInProgress, str | None]:
    """`state` with the round `format_round` wrote, and the rematch's game."""
    if not text:
        return state, None
    stored = json.loads(text)
    result, offers, clock = stored["result"], stored["offers"], stored["clock"]
    return replace(
        state,
        decided=None
        if result is None
        else Result(SIDE_OF_NAME.get(result["winner"]), Ending(result["reason"])),
        offers=Offers(*(SIDE_OF_NAME.get(offers[name]) for name in ("draw", "undo", "rematch"))),
        clock=None
        if clock is None
        else Clock(
            clock["initial"],
            clock["increment"],
            (clock["left"][0], clock["left"][1]),
            SIDE_OF_NAME.get(clock["running"]),
            clock["since"],
        ),
    ), stored["next"]


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A game as a room holds it: the game in progress, the hashed token of each side's person
    (None for the computer's side, and for an open seat nobody took yet), how it was offered
    (`mode`), and the game its rematch goes on in."""

    id: str
    state: GameInProgress
    tokens: tuple[str | None, str | None]
    created: float
    mode: str = "local"
    next_game: str | None = None

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
        state, next_game = parse_round(state, stored.round)
        tokens = (stored.seats[0].token_hash, stored.seats[1].token_hash)
        return cls(stored.id, state, tokens, stored.created, stored.mode, next_game)

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
            mode=self.mode,
            round=format_round(state, self.next_game),
            falls_at=None if state.clock is None else state.clock.falls_at,
        )

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def options(self) -> dict[str, int]:
        game = self.state.game
        return {name: getattr(game, name) for name in game.options}

    def changed_to(
        self,
        state: GameInProgress,
        *,
        now: float,
        next_game: str | None = None,
        joined: tuple[Side, str] | None = None,
    ) -> tuple[LiveGame, Change]:
        """This game moved on to `state` at `now` (its rematch in `next_game`, a seat taken by
        `joined`'s token), and the change to commit for it."""
        kept = min(len(self.state.moves), len(state.moves))
        tokens = list(self.tokens)
        if joined is not None:
            tokens[joined[0].value] = joined[1]
        changed = replace(
            self,
            state=state,
            tokens=(tokens[0], tokens[1]),
            next_game=next_game or self.next_game,
        )
        change = Change(
            self.id,
            version=self.version,
            first=kept,
            moves=tuple(map(state.game.format_move, state.moves[kept:])),
            finished=state.is_over,
            is_take_back=kept < len(self.state.moves),
            round=format_round(state, changed.next_game),
            falls_at=None if state.clock is None else state.clock.falls_at,
            moved_at=now,
            joined=None if joined is None else (joined[0].value, joined[1]),
            forced=len(state.forced),
        )
        return changed, change

    def followed(self, change: Change) -> LiveGame:
        """This game after `change`, committed by another process over the version held here:
        the moves it adds are parsed, never the game replayed."""
        state = self.state.continued(
            change.first, change.moves, version=change.version + 1, forced=change.forced
        )
        state, next_game = parse_round(state, change.round)
        tokens = list(self.tokens)
        if change.joined is not None:
            tokens[change.joined[0]] = change.joined[1]
        return replace(self, state=state, tokens=(tokens[0], tokens[1]), next_game=next_game)

    def sides_of(self, token: str | None) -> frozenset[Side]:
        """The sides the holder of `token` moves for; none for a spectator or a wrong token."""
        if not token:
            return frozenset()
        hashed = hash_token(token)
        return frozenset(side for side in SIDES if self.tokens[side.value] == hashed)

    @property
    def has_two_people(self) -> bool:
        """Whether each side is a person of its own (a friend's game, an open seat): then a
        take-back, a draw and a rematch need the other's yes."""
        return all(seat.level is None for seat in self.state.seats) and (
            self.tokens[0] != self.tokens[1] or None in self.tokens
        )

    @property
    def open_seat(self) -> Side | None:
        """The side nobody has taken yet in a game offered to anyone."""
        for side in SIDES:
            if self.tokens[side.value] is None and self.state.seat(side).level is None:
                return side
        return None

    def can_take_back(self, sides: frozenset[Side]) -> bool:
        """Undo at once is for a game without a second person: one screen, or the computer."""
        return bool(sides) and not self.has_two_people and self.state.can_take_back

    def acting_side(self, sides: frozenset[Side]) -> Side:
        """The side a holder of `sides` speaks for: its own, or the side to move on one screen."""
        if not sides:
            raise WebError("web.spectator_move")
        if len(sides) == 1:
            return next(iter(sides))
        side: Side = self.state.position.side_to_move
        return side

    def rematch(self, *, created: float) -> LiveGame:
        """The next game between the same players, sides swapped: each keeps its own token, so
        each page moves to the new game with the seat it holds."""
        state = self.state
        seats = (state.seats[1], state.seats[0])
        clock = state.clock
        if clock is not None:
            clock = Clock.of(initial=clock.initial, increment=clock.increment)
        fresh = GameInProgress.new(state.game, start=state.start, seats=seats, clock=clock)
        tokens = (self.tokens[1], self.tokens[0])
        return LiveGame(secrets.token_urlsafe(9), fresh, tokens, created, self.mode)


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
    clock: Clock | None,
    created: float,
) -> tuple[LiveGame, str, str | None]:
    """A new game and the tokens of its seats: (game, your token, the other seat's token or None).

    `mode` is 'local' (one screen holds both sides), 'computer' (you play `side`), 'friend'
    (the other seat's link goes to someone else) or 'open' (anyone may take the other seat
    from the front page). A forced pass where the given moves stop is played at once.
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
    state = GameInProgress.new(game, start=start, moves=moves, seats=seats, clock=clock)
    live = LiveGame(secrets.token_urlsafe(9), state, tokens, created, mode)
    return live, token, other_token


Action = Callable[[LiveGame], GameInProgress]
"""What a request does to a game: the new state, or a DameroError saying why not."""


@dataclass(frozen=True, slots=True)
class Presence:
    """Whether each side's person has a page open on the game, and the sides that may claim it
    because the other has been gone long enough."""

    present: dict[Side, bool]
    claimable: frozenset[Side] = frozenset()


class Watcher(Protocol):
    """A socket watching a room: it moves for `sides`, and is shown each version of the game."""

    @property
    def sides(self) -> frozenset[Side]: ...

    async def show(
        self,
        live: LiveGame,
        presence: Presence,
        built: dict[object, Any],
        change: Change | None = None,
    ) -> None:
        """Sends `live` as this watcher sees it, as what `change` did if the watcher was shown the
        version before it; `built` keeps what was built for others alike."""
        ...

    async def notice(self, presence: Presence) -> None:
        """Tells this watcher who has the game open now."""
        ...


class Rooms:
    """The games being played in this process, their watchers, and the storage behind them.

    `changed` are told of every version this process commits, after its watchers (the
    computer's turns start there)."""

    def __init__(self, storage: Storage, *, abandon_seconds: float = ABANDON_SECONDS) -> None:
        self.storage = storage
        self.abandon_seconds = abandon_seconds
        self.gone_since: dict[tuple[str, Side], float] = {}
        """When (on the loop's monotonic clock) a side's last page on a game closed, while none
        is open: the wall clock may be set back or forward meanwhile."""
        self.games: dict[str, LiveGame] = {}
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.watchers: defaultdict[str, set[Watcher]] = defaultdict(set)
        self.committer = GroupCommitter(storage)
        self.changed: list[Callable[[LiveGame], None]] = []
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

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
            self._time(live)
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

    async def change(self, game_id: str, version: int, change: Action, *, now: float) -> None:
        """Commits `change(game)` over the game at `version`, then shows it to every watcher.

        Under the room's lock: `change` refuses (raising DameroError) or gives the new state.
        A player whose time ran out by `now` has lost, whatever it asked (the flag is
        committed and the request refused)."""
        async with self.locks[game_id]:
            live = await self.current(game_id, version)
            if version != live.version:
                raise WebError("web.moved_on")
            if await self._flag(live, now):
                raise WebError("game.time_up")
            await self.commit(live, change(live), now=now)

    async def flag(self, game_id: str) -> None:
        """Ends the game on time if its running clock has run out (whoever notices first)."""
        async with self.locks[game_id]:
            # Another process flagged it first, or the database is away: then a sweep tries again.
            with contextlib.suppress(WebError, DatabaseFault):
                await self._flag(await self.get(game_id), time.time())

    async def _flag(self, live: LiveGame, now: float) -> bool:
        flagged = live.state.on_time(now)
        if flagged is live.state:
            return False
        await self.commit(live, flagged, now=now)
        return True

    async def commit(
        self,
        live: LiveGame,
        state: GameInProgress,
        *,
        now: float,
        next_game: str | None = None,
        joined: tuple[Side, str] | None = None,
    ) -> LiveGame:
        """Stores `state` if `live` is still the stored version, then tells every watcher; the
        caller holds the room's lock."""
        changed, change = live.changed_to(state, now=now, next_game=next_game, joined=joined)
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
        await self.broadcast(changed, change)
        self._tell(changed)
        return changed

    async def rematch(self, game_id: str, version: int, sides: frozenset[Side]) -> None:
        """Asks for a rematch for the holder of `sides`; once both players have asked (at once
        against the computer or on one screen), the new game starts and each page is sent it."""
        now = time.time()
        async with self.locks[game_id]:
            live = await self.current(game_id, version)
            if version != live.version:
                raise WebError("web.moved_on")
            side = live.acting_side(sides)
            state = live.state
            if live.has_two_people and not state.accepts_rematch(side):
                await self.commit(live, state.ask_rematch(side), now=now)
                return
            if not state.is_over:
                raise WebError("game.not_over")
            if live.next_game is not None:
                raise WebError("game.already_offered")
            fresh = live.rematch(created=now)
            await self.create(fresh)
            agreed = replace(state, offers=NO_OFFERS, version=state.version + 1)
            await self.commit(live, agreed, now=now, next_game=fresh.id)

    async def join(self, game_id: str, token_hash: str) -> Side:
        """Seats the holder of `token_hash` at the game's open seat; WebError if none is left."""
        now = time.time()
        async with self.locks[game_id]:
            live = await self.get(game_id)
            side = live.open_seat
            if side is None or live.mode != "open":
                raise WebError("web.seat_taken")
            state = replace(live.state, version=live.version + 1)
            await self.commit(live, state, now=now, joined=(side, token_hash))
            return side

    def _tell(self, live: LiveGame) -> None:
        self._time(live)
        for listener in self.changed:
            listener(live)

    def _time(self, live: LiveGame) -> None:
        """Wakes this process when the game's running clock runs out, to end it on time."""
        timer = self.timers.pop(live.id, None)
        if timer is not None:
            timer.cancel()
        falls_at = None if live.state.clock is None else live.state.clock.falls_at
        if falls_at is not None and not live.state.is_over:
            delay = max(falls_at - time.time(), 0.0) + 0.01
            self.timers[live.id] = asyncio.get_running_loop().call_later(
                delay, self._flag_soon, live.id
            )

    def _flag_soon(self, game_id: str) -> None:
        self._soon(self.flag(game_id))

    async def broadcast(self, live: LiveGame, change: Change | None = None) -> None:
        """Shows the game to each of its watchers, as what `change` did to the version before;
        one message per language and seat is built."""
        built: dict[object, Any] = {}
        presence = self.presence(live.id)
        await asyncio.gather(
            *(watcher.show(live, presence, built, change) for watcher in self.watchers[live.id])
        )

    def presence(self, game_id: str) -> Presence:
        """Who has the game open here, and who may claim it for the other's absence."""
        watching = {side for watcher in self.watchers.get(game_id, ()) for side in watcher.sides}
        now = asyncio.get_running_loop().time()
        live = self.games.get(game_id)
        claimable = frozenset(
            side
            for side in SIDES
            if live is not None
            and live.has_two_people
            and not live.state.is_over
            and side in watching
            and now - self.gone_since.get((game_id, side.other), now) >= self.abandon_seconds
        )
        return Presence({side: side in watching for side in SIDES}, claimable)

    async def watch(self, game_id: str, watcher: Watcher) -> None:
        """`watcher` joins the room: it is shown the game, and the others that it came."""
        before = self.presence(game_id)
        self.watchers[game_id].add(watcher)
        for side in watcher.sides:
            self.gone_since.pop((game_id, side), None)
        await watcher.show(await self.get(game_id), self.presence(game_id), {})
        await self._tell_presence(game_id, before, besides=watcher)

    def leave(self, game_id: str, watcher: Watcher) -> None:
        """`watcher` left: the others are told if its side has no page open any more, by a task
        of the rooms' own, since the leaver's task may be cancelled as it ends."""
        before = self.presence(game_id)
        self.watchers[game_id].discard(watcher)
        loop = asyncio.get_running_loop()
        for side in watcher.sides:
            if not self.presence(game_id).present[side]:
                self.gone_since[(game_id, side)] = loop.time()
                loop.call_later(self.abandon_seconds, self._show_soon, game_id)
        if not self.watchers[game_id]:
            del self.watchers[game_id]
        self._soon(self._tell_presence(game_id, before))

    async def _tell_presence(
        self, game_id: str, before: Presence, *, besides: Watcher | None = None
    ) -> None:
        """Tells every watcher (`besides` the one shown it already) who is here now, if that
        changed since `before`."""
        presence = self.presence(game_id)
        if presence != before:
            watchers = self.watchers.get(game_id, set()) - {besides}
            await asyncio.gather(*(watcher.notice(presence) for watcher in watchers))

    def _show_soon(self, game_id: str) -> None:
        """A player has been gone long enough: the other may now claim the game."""
        if game_id in self.watchers:
            self._soon(self._tell_presence(game_id, Presence({})))

    def _soon(self, work: Coroutine[Any, Any, None]) -> None:
        """Runs `work` in a task of its own, kept until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def heard(self, game_id: str, version: int, change: Change | None = None) -> None:
        """Another process committed `version` of a game by `change` (None: read it): its
        watchers here are told (from the listener's thread, which outlives a stopped app)."""
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(
            lambda: self.loop.create_task(self.follow(game_id, version, change))
        )

    def reconnected(self) -> None:
        """The listening connection came back: changes may have been missed, so every watched game is
        read again and its watchers shown the version stored (nothing lost, nothing twice)."""
        for game_id in list(self.watchers):
            self.heard(game_id, 0)

    async def follow(self, game_id: str, version: int, change: Change | None) -> None:
        """Applies another process's `change` to the game held here if it holds the version before
        it; a gap (a change missed, or one too long to be sent) reads the game once."""
        cached = self.games.get(game_id)
        if change is None or cached is None or game_id not in self.watchers:
            await self.reload(game_id, version)
            return
        async with self.locks[game_id]:
            cached = self.games.get(game_id)
            if cached is not None and cached.version >= version:
                return  # this process made the change, or has heard of it already
            if cached is not None and cached.version == change.version:
                with contextlib.suppress(DameroError):  # not the game it was made on: read it
                    followed = cached.followed(change)
                    self.games[game_id] = followed
                    await self.broadcast(followed, change)
                    return
        await self.reload(game_id, version)

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
            self._time(live)  # this process, too, ends it on time if nothing comes first
            await self.broadcast(live)

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        await to_thread.run_sync(self.storage.listen, self.heard, self.reconnected)


def player_move(live: LiveGame, *, sides: frozenset[Side], text: str, now: float) -> GameInProgress:
    """The game after the move `text` by a holder of `sides`; DameroError saying why not."""
    state = live.state
    if not sides:
        raise WebError("web.spectator_move")
    side = state.side_to_move
    if side is None:
        raise WebError("game.over")
    if side not in sides:
        raise WebError("web.not_your_turn", side=Message(state.game.side_key(side)))
    return state.play_text(text, now=now)
