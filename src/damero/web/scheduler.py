"""Every timer of one server process in one place: the instants at which games' clocks fall and
absent players may be claimed against, the rounds that look for computer turns and dead processes,
and the tasks they start.

A timer is named by a key, and setting one again replaces it; its work runs in a task of its
own that the scheduler keeps until it ends. A fault in a round's work is logged in one line
(a database fault is logged where it happened) and the round comes again. Stopping the
scheduler cancels every timer and task, so a process that stops leaves nothing running.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from typing import Any

from damero.errors import DameroError

LOG = logging.getLogger("damero.web")
LATE = 0.01
"""How long after its instant a timer wakes: an instant is a float, the clock's reading at the
wake a little past it."""

Work = Callable[[], Coroutine[Any, Any, None]]


class Scheduler:
    """Timers at instants of the wall clock (`clock`), which every server process shares: a game's
    clock falls at an instant stored in the database, and each process holding it wakes then."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.timers: dict[Hashable, asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.rounds: set[asyncio.Task[None]] = set()
        """The tasks of `every`, which end only when the scheduler stops."""

    def at(self, key: Hashable, when: float, work: Work) -> None:
        """Runs `work()` once at the instant `when` (at once if it is past), instead of whatever
        `key`'s timer was set to do."""
        self.cancel(key)
        delay = max(when - self.clock(), 0.0) + LATE
        loop = asyncio.get_running_loop()
        self.timers[key] = loop.call_later(delay, self._fire, key, work)

    def cancel(self, key: Hashable) -> None:
        timer = self.timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def is_set(self, key: Hashable) -> bool:
        return key in self.timers

    def _fire(self, key: Hashable, work: Work) -> None:
        self.timers.pop(key, None)
        self.soon(work())

    def every(self, seconds: float, work: Work) -> None:
        """Runs `work()` now and then `seconds` after each run ends, until the scheduler stops; a
        fault in one run is logged and the next run comes all the same."""
        self.rounds.add(self.soon(self._repeat(seconds, work)))

    async def _repeat(self, seconds: float, work: Work) -> None:
        while True:
            await _quietly(work())
            await asyncio.sleep(seconds)

    def soon(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Runs `work` in a task of its own, kept until it ends (a caller's task may be cancelled
        before it would); a refusal or a database fault in it ends it quietly."""
        task = asyncio.get_running_loop().create_task(_quietly(work))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def settle(self, seconds: float) -> None:
        """Waits at most `seconds` for the work under way to end (a page's departure being
        stored), leaving the rounds, which never end, to `close`."""
        under_way = [task for task in self.tasks if task not in self.rounds]
        if under_way:
            await asyncio.wait(under_way, timeout=seconds)

    def close(self) -> None:
        """Cancels every timer and every task."""
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        for task in list(self.tasks):
            task.cancel()


async def _quietly(work: Awaitable[None]) -> None:
    try:
        await work
    except DameroError:
        pass  # refused, or the database is away (logged where it happened): nobody to tell
    except Exception:
        LOG.exception("the server's own work failed; it goes on")
