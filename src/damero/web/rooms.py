"""The live games of this process, one room each: the round at its version, the lock that makes its
changes one at a time, the commit that makes each durable before anyone hears of it, and the
broadcast to the sockets watching it. What a request may do is the round's to decide
(damero.round); where the players are is the presence's (web/presence.py).

A room holds its game only while a socket here watches it; every other read goes to the
database. Another process's commit, heard through the storage's notices, is followed here. While
the listening connection is down, and for every game read before it came back, nothing held is
trusted: each is read again before anything is answered from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from anyio import to_thread

from damero.core import Side
from damero.errors import DameroError
from damero.round import (
    ABANDON_SECONDS,
    ARBITER,
    Actor,
    Decision,
    Flag,
    Hold,
    Move,
    Refused,
    Request,
    Resume,
    Round,
    claimants,
    decide,
    held_side,
    seat_refusal,
)
from damero.web.checks import WebError
from damero.web.committer import GroupCommitter
from damero.web.metrics import Metrics
from damero.web.presence import Presences
from damero.web.sayings import Pace
from damero.web.scheduler import Scheduler, Work
from damero.web.storage import (
    Attendance,
    Change,
    DatabaseFault,
    Notice,
    Pointer,
    Released,
    Said,
    Storage,
    StoredGame,
)
from damero.web.stored import change_of, followed, is_game_id, round_of, side_name, stored_of

LOG = logging.getLogger("damero.web")

CREATED_KEPT = 1024
"""Games just created whose first page is shown them as they were stored, without reading them."""
CREATED_SECONDS = 60.0
"""How long a game just created is shown as it was stored: a page opens its link at once."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What the pages of a game are told of its players: whether each has a page open anywhere,
    and the sides that may claim the game for the other's absence."""

    here: tuple[bool, bool]
    claimants: frozenset[Side] = frozenset()


class _GameLock:
    """`Rooms._lock`: a game's lock held for one change, counted while anyone holds or awaits it
    (a class, not `contextlib.asynccontextmanager`, whose generator costs a move several times
    as much)."""

    __slots__ = ("game_id", "lock", "rooms")

    def __init__(self, rooms: Rooms, game_id: str) -> None:
        self.rooms, self.game_id = rooms, game_id

    async def __aenter__(self) -> None:
        rooms, game_id = self.rooms, self.game_id
        lock = rooms.locks.get(game_id)
        if lock is None:  # nobody holds it, as nearly every move finds it: made only now
            lock = rooms.locks[game_id] = asyncio.Lock()
        rooms.lock_users[game_id] = rooms.lock_users.get(game_id, 0) + 1
        self.lock = lock
        try:
            await self.lock.acquire()
        except BaseException:
            self._unused()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.lock.release()
        self._unused()

    def _unused(self) -> None:
        users, game_id = self.rooms.lock_users, self.game_id
        left = users[game_id] - 1
        if left:
            users[game_id] = left
        else:
            del users[game_id], self.rooms.locks[game_id]


class Watcher(Protocol):
    """A socket watching a room: it moves for `sides`, and is shown each version of the game.
    Showing never waits for the socket: what it does not take at once waits in its own queue."""

    @property
    def sides(self) -> frozenset[Side]: ...

    def show(
        self, live: Round, seen: Seen, built: dict[object, Any], change: Change | None = None
    ) -> None:
        """Sends `live` as this watcher sees it, as what `change` did if the watcher was shown the
        version before it; `built` keeps what was built for others alike."""
        ...

    def notice(self, seen: Seen) -> None:
        """Tells this watcher who has the game open now, if that changed for it."""
        ...

    def said(self, side: Side, message: str) -> None:
        """Tells this watcher what a player said (a key of the fixed list)."""
        ...


class Rooms:
    """The games being played in this process, their watchers, and the storage behind them.

    `changed` are told of every round this process commits or creates, after its watchers, of a
    game a page opens here where the computer is to move, and of one whose computer's turn another
    process gave back (the computer's turns start there)."""

    def __init__(
        self,
        storage: Storage,
        *,
        scheduler: Scheduler | None = None,
        abandon_seconds: float = ABANDON_SECONDS,
        metrics: Metrics | None = None,
    ) -> None:
        self.storage = storage
        self.scheduler = scheduler or Scheduler()
        self.abandon_seconds = abandon_seconds
        self.metrics = metrics or Metrics()
        self.committer = GroupCommitter(storage, self.metrics)
        self.presences = Presences(
            storage,
            self.committer,
            self.scheduler,
            abandon_seconds=abandon_seconds,
            told=self.tell_presence,
        )
        self.games: dict[str, Round] = {}
        """The games a socket here watches, as last read or followed."""
        self.read_in: dict[str, int] = {}
        """The `epoch` each held game was last read in: one read in an earlier epoch may have
        missed a notice, so it is read again before it is used."""
        self.epoch = 0
        """Grows (on the loop) each time the listening connection is back, and each time a
        notice is found missing."""
        self.listening: int | None = None if storage.is_shared else 0
        """Which connection listens for the other processes' notices (set by the listener's
        thread; None while none does)."""
        self.trusted: int | None = 0
        """The listening connection since whose coming back every game held was read again (set
        on the loop): while it is not the one listening, nothing held is trusted."""
        self.locks: dict[str, asyncio.Lock] = {}
        """The lock of each game in use here, while any task holds it or waits for it."""
        self.lock_users: dict[str, int] = {}
        """How many tasks hold or await each game's lock."""
        self.watchers: defaultdict[str, set[Watcher]] = defaultdict(set)
        self.changed: list[Callable[[Round], None]] = []
        self.pace = Pace()
        """How fast each seat here sends its short messages."""
        self.draining = False
        """This process is stopping: it holds the clocks of the pages it sends away, and resumes
        none."""
        self.created: dict[str, tuple[float, StoredGame, Round]] = {}
        """Each game this process created lately and nothing has changed since, when, as it was
        stored and as it was made: its first page is shown it without reading it back or building
        it again (on SQLite alone, where no other process writes it)."""

    # Reading.

    async def get(self, game_id: object) -> Round:
        """The game with this id, as held here if that can be trusted, else as stored; WebError if
        there is none (nothing is looked for under an id no game can have)."""
        held = self._held(game_id) if type(game_id) is str else None
        if held is not None:
            return held  # an id a game here has needs no checking: the move's path skips it
        if not is_game_id(game_id):
            raise WebError("web.unknown_id", id=str(game_id)[:40])
        assert isinstance(game_id, str)
        return await self.read(game_id)

    def _held(self, game_id: str) -> Round | None:
        live = self.games.get(game_id)
        trusted = self.listening is not None and self.listening == self.trusted
        if live is None or not trusted or self.read_in.get(game_id) != self.epoch:
            return None
        return live

    async def read(self, game_id: str, *, keep: bool = False) -> Round:
        """The game as stored now, kept if a socket here watches it (or is about to, `keep`);
        WebError if there is none."""
        epoch = self.epoch
        created = self._just_created(game_id)
        if created is not None:
            stored, live = created
        else:
            loaded = await to_thread.run_sync(self.storage.load, game_id)
            if loaded is None:
                raise WebError("web.unknown_id", id=game_id)
            stored, live = loaded, round_of(loaded)
        if keep or game_id in self.watchers:
            self.created.pop(game_id, None)  # held from now on
            held = self.games.get(game_id)
            self.read_in[game_id] = epoch
            self._keep(live)
            if stored.attendance is not None:
                self.presences.heard(stored.attendance, holding=True)
            if held is not None and held.version != live.version:
                self.broadcast(live)  # its watchers were shown a version gone by
            else:
                self.tell_presence(game_id)  # where its players are may have changed
        return live

    def _just_created(self, game_id: str) -> tuple[StoredGame, Round] | None:
        """The game as this process stored and made it, if nothing has changed it since and it
        is recent (a page opens its link at once; an account deleted later renames its seats)."""
        created = self.created.get(game_id)
        if created is None:
            return None
        if time.monotonic() - created[0] > CREATED_SECONDS:
            del self.created[game_id]
            return None
        return created[1], created[2]

    def _keep(self, live: Round) -> None:
        """Holds `live`, read or followed, and wakes when its clock falls; a clock a restart
        holds runs again if its player's page is here."""
        self.games[live.id] = live
        self._time(live)
        self._resume_if_back(live)

    def _resume_if_back(self, live: Round) -> None:
        side = held_side(live, time.time())
        if side is None or self.draining or not self.presences.pages[live.id, side]:
            return

        async def resume() -> None:
            await self.act(live.id, None, ARBITER, Resume(side), now=time.time())

        self.scheduler.soon(resume())

    def _forget(self, game_id: str) -> None:
        """Nobody here watches `game_id` any more: whoever comes next reads it afresh."""
        self.games.pop(game_id, None)
        self.read_in.pop(game_id, None)
        self.presences.forget(game_id)

    def _lock(self, game_id: str) -> _GameLock:
        """The game's changes one at a time; its lock is kept only while it is in use."""
        return _GameLock(self, game_id)

    # Changing.

    async def create(self, live: Round) -> None:
        stored = stored_of(live)
        await self.committer.commit(stored)
        if not self.storage.is_shared:
            while len(self.created) >= CREATED_KEPT:
                del self.created[next(iter(self.created))]
            # as a read finds it: where its players are said from now on
            self.created[live.id] = (
                time.monotonic(),
                replace(stored, attendance=Attendance(live.id)),
                live,
            )
        LOG.info(
            "game created: %s %s, %s",
            live.state.game.name,
            live.options or "",
            live.mode,
            extra={"game": live.id},
        )
        self._time(live)
        for listener in self.changed:
            listener(live)

    async def act(
        self, game_id: str, version: int | None, actor: Actor, request: Request, *, now: float
    ) -> Round:
        """Decides `request` by `actor` at `now` on the game at `version` (None: as it is), commits
        what it changes and tells every watcher; gives the game after it. The actor's right to ask
        it at all is checked before anything is read; Refused (a DameroError) says why not."""
        refusal = seat_refusal(actor, request)
        if refusal is not None:
            raise Refused(refusal.key, **refusal.values)
        if not isinstance(request, Move):
            return await self._act(game_id, version, actor, request, now=now)
        try:
            live = await self._act(game_id, version, actor, request, now=now)
        except DameroError:
            self.metrics.move(accepted=False)
            raise
        self.metrics.move(accepted=True)
        return live

    async def _act(
        self, game_id: str, version: int | None, actor: Actor, request: Request, *, now: float
    ) -> Round:
        async with self._lock(game_id):
            live = await self.get(game_id)
            if version is not None and version > live.version:
                # A client saw a version this process has not heard of yet: read it.
                live = await self.read(game_id)
            if version is not None and version != live.version:
                raise WebError("web.moved_on")
            decision = decide(
                live,
                actor,
                request,
                now=now,
                presence=self.presences.of(game_id),
                abandon_seconds=self.abandon_seconds,
            )
            if decision.changed is not None:
                live = await self._commit(live, decision, now=now)
        if decision.refusal is not None:
            raise Refused(decision.refusal.key, **decision.refusal.values)
        return live

    async def _commit(self, live: Round, decision: Decision, *, now: float) -> Round:
        """Stores the decision if `live` is still the stored version, then tells every watcher;
        the caller holds the room's lock."""
        changed = decision.changed
        assert changed is not None
        self.created.pop(live.id, None)  # no longer as it was created
        change = change_of(live, changed, now=now, gone=decision.gone, rematch=decision.rematch)
        try:
            stored = await self.committer.commit(change)
        except DatabaseFault:
            # A commit cut off by a lost connection may have gone in after all: the game is read
            # afresh before it is used again, rather than trusted from memory.
            self.read_in.pop(live.id, None)
            raise
        if not stored:
            # Another writer moved the game on first, or the absent player came back: read it
            # again, show it, and refuse this change.
            fresh = await self.read(live.id)
            if decision.gone is not None and fresh.version == live.version:
                raise WebError("web.cannot_claim")
            raise WebError("web.moved_on")
        if changed.state.is_over and not live.state.is_over:
            result = changed.state.result
            assert result is not None
            LOG.info(
                "game over: %s (%s)",
                side_name(result.winner) or "drawn",
                result.ending.value,
                extra={"game": live.id},
            )
        if live.id in self.watchers:
            self._keep(changed)
        else:
            self._time(changed)
        self.broadcast(changed, change)
        for made in (changed, decision.rematch):
            if made is not None:
                for listener in self.changed:
                    listener(made)
        return changed

    # Clocks.

    def _time(self, live: Round) -> None:
        """Wakes this process when the game's running clock falls, to end it on time."""
        falls_at = live.falls_at
        if falls_at is None:
            self.scheduler.cancel(("flag", live.id))
        else:
            self.scheduler.at(("flag", live.id), falls_at, self._flagger(live.id))

    def _flagger(self, game_id: str) -> Work:
        async def flag() -> None:
            live = await self.act(game_id, None, ARBITER, Flag(), now=time.time())
            if live.falls_at is not None and game_id in self.games:
                self._time(live)  # woken a moment early: the next wake is the right one

        return flag

    async def sweep_flags(self, seconds: float) -> None:
        """A round: every game whose clock falls before the next round, watched here or not, gets
        a timer, so that a flag falls on time with nobody watching it anywhere."""
        now = time.time()
        for game_id, falls_at in await to_thread.run_sync(
            lambda: self.storage.falling(until=now + seconds)
        ):
            if not self.scheduler.is_set(("flag", game_id)):
                self.scheduler.at(("flag", game_id), falls_at, self._flagger(game_id))

    # Telling.

    def seen(self, live: Round) -> Seen:
        presence = self.presences.of(live.id)
        if presence.here == (True, True):  # nobody is gone: nobody may claim
            return Seen(presence.here, frozenset())
        sides = claimants(live, presence, now=time.time(), abandon_seconds=self.abandon_seconds)
        return Seen(presence.here, sides)

    def broadcast(self, live: Round, change: Change | None = None) -> None:
        """Shows the game to each of its watchers, as what `change` did to the version before;
        one message per language and seat is built."""
        built: dict[object, Any] = {}
        seen = self.seen(live)
        for watcher in list(self.watchers.get(live.id, ())):
            watcher.show(live, seen, built, change)

    def tell_presence(self, game_id: str) -> None:
        """Tells the game's watchers who has it open and who may claim it now."""
        live = self.games.get(game_id)
        if live is None:
            return
        seen = self.seen(live)
        for watcher in list(self.watchers.get(game_id, ())):
            watcher.notice(seen)

    def say(self, game_id: str, side: Side, message: str) -> None:
        """A player said `message`: the game's pages here are told at once, the other
        processes' through the database's notices (announced by a task of the scheduler's)."""
        self.tell_said(game_id, side, message)
        if self.storage.is_shared:
            said = Said(game_id, side.value, message, self.storage.process_key)

            async def announce() -> None:
                with contextlib.suppress(DatabaseFault):  # the database is away: it goes unsaid
                    await to_thread.run_sync(self.storage.announce, said)

            self.scheduler.soon(announce())

    def tell_said(self, game_id: str, side: Side, message: str) -> None:
        for watcher in list(self.watchers.get(game_id, ())):
            watcher.said(side, message)

    # Sockets.

    async def watch(self, game_id: str, watcher: Watcher) -> Round:
        """`watcher` joins the room: it is shown the game, and the others that it came."""
        async with self._lock(game_id):
            live = self._held(game_id) or await self.read(game_id, keep=True)
            self.watchers[game_id].add(watcher)
            stored = self.presences.arrive(game_id, watcher.sides)
            live = await self._resumed(live, watcher.sides)
            watcher.show(live, self.seen(live), {})
        if live.state.computer_to_move is not None:
            for listener in self.changed:
                listener(live)  # its turn may have been given back by a process that stopped
        await stored
        return live

    async def _resumed(self, live: Round, sides: frozenset[Side]) -> Round:
        """`live`, its clock running again if a restart held it for one of `sides`, whose page
        is back here: the page is shown the clock running, and its move sent again at once
        meets the game at the version it was shown. The caller holds the room's lock."""
        now = time.time()
        side = held_side(live, now)
        if side is None or side not in sides or self.draining:
            return live
        decision = decide(live, ARBITER, Resume(side), now=now)
        try:
            return await self._commit(live, decision, now=now) if decision.changed else live
        except DameroError:
            # Another process resumed it (the page is shown it), or the database is away.
            return live

    def leave(self, game_id: str, watcher: Watcher) -> None:
        """`watcher` left; its page's departure is stored by a task of the scheduler's own, since
        the leaver's task may be cancelled as it ends."""
        if watcher in self.watchers.get(game_id, ()):
            self._unwatch(game_id, watcher)
            self.scheduler.soon(self.presences.leave(game_id, watcher.sides))

    def _unwatch(self, game_id: str, watcher: Watcher) -> None:
        watchers = self.watchers[game_id]
        watchers.discard(watcher)
        if not watchers:
            del self.watchers[game_id]
            self._forget(game_id)

    # Stopping.

    async def hold_clocks(self) -> None:
        """This process stops: the clock of each player whose page it holds and is about to send
        away is held until the page is back on another server (HOLD_SECONDS at most), all in
        one transaction where the database allows; a game it cannot hold goes on as it was."""
        self.draining = True
        now = time.time()
        held = [
            game_id
            for game_id, live in self.games.items()
            if (side := live.state.side_to_move) is not None
            and self.presences.pages[game_id, side]
            and live.falls_at is not None
        ]

        async def hold(game_id: str) -> None:
            with contextlib.suppress(DameroError):
                await self.act(game_id, None, ARBITER, Hold(), now=now)

        await asyncio.gather(*map(hold, held))

    # Other processes.

    async def start(self) -> None:
        """Listens for the other processes' notices (on PostgreSQL) before anything is served."""
        self.loop = asyncio.get_running_loop()
        loop = self.loop
        await to_thread.run_sync(
            lambda: self.storage.listen(self.heard_all, lost=self.lost, back=self.back, loop=loop)
        )

    def heard_all(self, notices: list[Notice]) -> None:
        """Other processes committed `notices`, heard together by the loop itself."""
        for notice in notices:
            self._heard(notice)

    def lost(self) -> None:
        """The listening connection is lost (from the listener's thread): nothing held is trusted
        until it is back and each game has been read again."""
        self.listening = None

    def back(self, connection: int) -> None:
        """The listening connection `connection` listens (from the listener's thread): what was
        announced meanwhile was not heard, so every game held is read again and its watchers
        shown it."""
        self.listening = connection
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._trust, connection)

    def _trust(self, connection: int) -> None:
        self.epoch += 1  # whatever was read before is read again before it is used
        self.trusted = connection
        self.scheduler.soon(self._read_all_again())

    def _heard(self, notice: Notice) -> None:
        if isinstance(notice, Said):
            if notice.process != self.storage.process_key:  # this process told its own already
                self.tell_said(notice.game_id, Side(notice.side), notice.message)
            return
        if isinstance(notice, Attendance):
            self.presences.heard(notice)
            return
        if isinstance(notice, Released):
            live = self._held(notice.game_id)
            if live is not None and live.version == notice.version:
                for listener in self.changed:
                    listener(live)
            return
        if isinstance(notice, Change) and notice.moved_at:
            self.metrics.notice_delay.observe(max(time.time() - notice.moved_at, 0.0))
        game_id = notice.game_id
        if isinstance(notice, Change) and game_id not in self.locks:
            # Nothing changes the game meanwhile: its lock is free, and this awaits nothing.
            live = self._held(game_id)
            if live is not None and live.version == notice.version and self._followed(live, notice):
                return
        if game_id in self.games or game_id in self.locks:  # held, or being read
            self.scheduler.soon(self._follow(notice))

    def _followed(self, live: Round, change: Change) -> bool:
        """Whether another process's `change` to `live`, the version before it, could be followed
        (and its watchers shown it) without reading the game."""
        try:
            after = followed(live, change)
        except DameroError:
            return False  # not the game it was made on: read it
        self._keep(after)
        self.broadcast(after, change)
        return True

    async def _follow(self, notice: Change | Pointer) -> None:
        """Applies another process's change to the game held here if it holds the version before
        it; a pointer reads the game, and a version missed means notices were lost: every game
        held is read again."""
        game_id = notice.game_id
        async with self._lock(game_id):
            if game_id not in self.games:
                return  # nobody here watches it
            live = self._held(game_id)
            version = notice.version + 1 if isinstance(notice, Change) else notice.version
            if live is not None and live.version >= version:
                return  # this process made the change, or has heard of it already
            if live is not None and isinstance(notice, Change):
                if live.version < notice.version:
                    self.epoch += 1  # a notice was missed: others may have been too
                    self.scheduler.soon(self._read_all_again())
                    return
                if self._followed(live, notice):
                    return
            await self.read(game_id)

    async def _read_all_again(self) -> None:
        """Every game held is read again and its watchers shown it if it changed, and this
        process's pages are said again."""
        await self.presences.say_again()
        for game_id in list(self.games):
            async with self._lock(game_id):
                if game_id not in self.games or self._held(game_id) is not None:
                    continue  # forgotten, or read again since
                with contextlib.suppress(DameroError):  # the database is away: read it later
                    await self.read(game_id)
