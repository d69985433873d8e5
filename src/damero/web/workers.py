"""The threads that think beside the event loop: the computer's turns on threads of their own, and
hints apart on theirs, so that no number of hints can keep the computer from its turn.

Every think searches on one thread, and every thinking thread runs at the lowest priority the
system gives (on Linux, where a thread has a priority of its own: nice 19 in the idle class,
below even a server started at nice 19): a think takes only the CPU that the event loop and the
database leave, so other games' moves do not wait for it.

A hint never waits long: it may be asked while the hint threads are busy, but it must be
answered HINT_SECONDS after it was asked, so one that waited thinks only for what time is left
(a shorter search, not a later one). Past the few that may wait, a hint is refused in words.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from damero.core import Limit
from damero.web.checks import WebError

ResultT = TypeVar("ResultT")

HINT_SECONDS = 2.0
"""The longest a hint takes from its asking to its answer, waiting included (and a moment more)."""
SHORTEST_HINT = 0.05
"""What a hint that waited its whole time still thinks: a shallow search, answered at once."""
THREADS_PER_THINK = 1
"""Threads one think searches on: the thinks share the cores out among games."""


def thinking_threads(count: int, name: str) -> ThreadPoolExecutor:
    """`count` threads that think at the lowest priority, named `name`; the threads a search
    starts inherit it."""
    return ThreadPoolExecutor(count, thread_name_prefix=name, initializer=_lowest_priority)


def _lowest_priority() -> None:
    """Nice 19, and on Linux the idle class below every nice: a server itself started at nice 19
    (beside other work, or under a benchmark) still has its loop run before a think."""
    if sys.platform == "linux":
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, 19)
        with contextlib.suppress(OSError):  # a system that refuses it keeps nice 19
            os.sched_setscheduler(thread, os.SCHED_IDLE, os.sched_param(0))


class Workers:
    """`computer_threads` threads for the computer's turns (a core is left to the event loop, so
    thinks beyond them wait their turn rather than slow every game); `hint_threads` for hints,
    with at most `hints_waiting` more hints waiting for one of them."""

    def __init__(
        self,
        *,
        computer_threads: int = max((os.cpu_count() or 2) - 1, 1),
        hint_threads: int = 1,
        hints_waiting: int = 4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.computer = thinking_threads(computer_threads, "computer")
        self.hints = thinking_threads(hint_threads, "hint")
        self.hint_places = hint_threads + hints_waiting
        self.hints_asked = 0
        self.clock = clock
        self.thinks_asked = 0
        self.thinks_running = 0
        """The computer's thinks asked and not answered, and those of them on a thread now (the
        others wait for one), for the operator's measures."""

    async def think(self, choose: Callable[[], ResultT]) -> ResultT:
        """`choose()` run on a computer's thread."""

        def counted() -> ResultT:
            self.thinks_running += 1
            try:
                return choose()
            finally:
                self.thinks_running -= 1

        self.thinks_asked += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.computer, counted)
        finally:
            self.thinks_asked -= 1

    @property
    def thinks(self) -> tuple[int, int]:
        """The computer's thinks running, and waiting for a thread."""
        running = self.thinks_running
        return running, max(self.thinks_asked - running, 0)

    async def hint(self, analyse: Callable[[Limit], ResultT]) -> ResultT:
        """`analyse(limit)` run on a hint's thread, the limit being the time left of HINT_SECONDS
        since now; WebError('web.busy') if too many hints are asked already."""
        if self.hints_asked >= self.hint_places:
            raise WebError("web.busy")
        asked = self.clock()
        self.hints_asked += 1

        def shortened() -> ResultT:
            left = HINT_SECONDS - (self.clock() - asked)
            return analyse(Limit(seconds=max(left, SHORTEST_HINT), threads=THREADS_PER_THINK))

        try:
            return await asyncio.get_running_loop().run_in_executor(self.hints, shortened)
        finally:
            self.hints_asked -= 1

    def close(self) -> None:
        for executor in (self.computer, self.hints):
            executor.shutdown(wait=False, cancel_futures=True)
