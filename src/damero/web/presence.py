"""Where the players are, across every server process: which sides of a game have a page open
anywhere, and since when the last one of a side closed.

The database holds it (which processes hold a page of each side, and since when a side has had
none), so that a player whose page closes on one server and opens on another stays present, and
one who left can be claimed against from any server. This process writes when its first page of a
side opens and its last one closes, hears every other process's word through the notices, and
reads it again with each game it reads; a page of its own counts at once, before its word is
stored. Pages of a process that died are taken away by the next round of any process.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from typing import Any

from anyio import to_thread

from damero.core import SIDES, Side
from damero.round import Presence
from damero.web.committer import GroupCommitter
from damero.web.scheduler import Scheduler, Work
from damero.web.storage import Attendance, Attending, DatabaseFault, Storage

ALL_HERE = Presence((True, True))
"""Both players here, as a game's moves nearly always find them."""
_NOBODY_SEEN = Attendance("")
"""What a game is taken for before the database has said where its players are."""


class Presences:
    """The players' presence in the games this process holds pages of.

    `told(game_id)` is called whenever what a game's pages should show of it may have changed:
    someone came or left, or a player has been gone `abandon_seconds` and may now be claimed
    against."""

    def __init__(
        self,
        storage: Storage,
        committer: GroupCommitter,
        scheduler: Scheduler,
        *,
        abandon_seconds: float,
        told: Callable[[str], None],
    ) -> None:
        self.storage = storage
        self.committer = committer
        self.scheduler = scheduler
        self.abandon_seconds = abandon_seconds
        self.told = told
        self.pages: Counter[tuple[str, Side]] = Counter()
        """How many pages of each side of each game this process holds open."""
        self.seen: dict[str, Attendance] = {}
        """Where each game's players are, as the database last said."""
        self.unsaved: dict[tuple[str, Side], Attending] = {}
        """This process's word that could not be stored (the database was away): said again at
        the next round."""

    def of(self, game_id: str) -> Presence:
        """Where `game_id`'s players are, this process's own pages counting at once."""
        seen = self.seen.get(game_id) or _NOBODY_SEEN
        first, second = SIDES
        here = (
            seen.here[0] or self.pages[game_id, first] > 0,
            seen.here[1] or self.pages[game_id, second] > 0,
        )
        if here == ALL_HERE.here:  # as nearly every move finds it: made once
            return ALL_HERE
        gone = seen.gone_since
        return Presence(here, (None if here[0] else gone[0], None if here[1] else gone[1]))

    def arrive(self, game_id: str, sides: frozenset[Side]) -> Coroutine[Any, Any, None]:
        """A page of `sides` opened here: it counts at once, and the coroutine returned stores
        the word of a side's first page."""
        now = time.time()
        first = []
        for side in sides:
            self.pages[game_id, side] += 1
            if self.pages[game_id, side] == 1:
                first.append(Attending(game_id, side.value, here=True, at=now))
        return self._say_all(first)

    def leave(self, game_id: str, sides: frozenset[Side]) -> Coroutine[Any, Any, None]:
        """A page of `sides` closed here: it counts at once, and the coroutine returned stores
        the word of a side's last page."""
        now = time.time()
        last = []
        for side in sides:
            self.pages[game_id, side] -= 1
            if self.pages[game_id, side] <= 0:
                del self.pages[game_id, side]
                last.append(Attending(game_id, side.value, here=False, at=now))
        return self._say_all(last)

    async def _say_all(self, items: list[Attending]) -> None:
        """Stores each item, all in one transaction where they come together."""
        await asyncio.gather(*map(self._say, items))

    async def _say(self, attending: Attending) -> None:
        key = (attending.game_id, Side(attending.side))
        try:
            attendance = await self.committer.attend(attending)
        except DatabaseFault:
            self.unsaved[key] = attending
            self.told(attending.game_id)
            return
        self.unsaved.pop(key, None)  # stored, and newer than any word not stored before
        if attendance is not None:
            self.heard(attendance)

    def heard(self, attendance: Attendance, *, holding: bool = False) -> None:
        """Where a game's players are, as another process or this one stored it, kept if newer
        than what is held, for a game this process holds pages of; or as read with the game
        (`holding`), which its reader shows."""
        held = self.seen.get(attendance.game_id)
        if (held is None and not holding) or (
            held is not None and held.version > attendance.version
        ):
            return
        self.seen[attendance.game_id] = attendance
        for side in Side:
            since = attendance.gone_since[side.value]
            key = ("claimable", attendance.game_id, side)
            if since is None or attendance.here[side.value]:
                self.scheduler.cancel(key)
            else:
                self.scheduler.at(key, since + self.abandon_seconds, self._tell(attendance.game_id))
        if not holding:
            self.told(attendance.game_id)

    def _tell(self, game_id: str) -> Work:
        async def tell() -> None:
            self.told(game_id)

        return tell

    def forget(self, game_id: str) -> None:
        """This process no longer holds pages of `game_id`."""
        self.seen.pop(game_id, None)
        for side in Side:
            self.scheduler.cancel(("claimable", game_id, side))

    async def sweep(self) -> None:
        """A round: the pages of processes that died are taken away, and what this process could
        not store before is said again."""
        for attendance in await to_thread.run_sync(
            lambda: self.storage.forget_dead_pages(now=time.time())
        ):
            self.heard(attendance)
        await self._say_all(list(self.unsaved.values()))

    async def say_again(self) -> None:
        """Says again every page open here (after the listening connection came back, another
        process may have taken this one for dead meanwhile)."""
        now = time.time()
        await self._say_all(
            [Attending(game_id, side.value, here=True, at=now) for game_id, side in self.pages]
        )
