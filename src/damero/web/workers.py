"""The threads and processes that think beside the event loop: the computer's turns on their own,
and hints apart on theirs, so that no number of hints can keep the computer from its turn.

Every think searches on one thread, and every thinking thread runs at the lowest priority the
system gives (on Linux, where a thread has a priority of its own: nice 19 in the idle class,
below even a server started at nice 19): a think takes only the CPU that the event loop and the
database leave, so other games' moves do not wait for it.

An engine's think (a game whose analyst is timed), the computer's or a hint, runs in a process
of its own: in the server's, its Python parts and the loading of the compiled engine on its first
think would hold the interpreter's lock for seconds, and the event loop waits for that lock
whatever the priorities (a thread in the idle class holding it is the last to run). Such a
process loads the engine at the server's priority before it searches at the lowest. A solver
answers at once, on a thread.

A hint never waits long: it may be asked while the hint threads are busy, but it must be
answered HINT_SECONDS after it was asked, so one that waited thinks only for what time is left
(a shorter search, not a later one). Past the few that may wait, a hint is refused in words.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from damero.core import Game, Limit
from damero.players import THINKING, computer_player
from damero.web.checks import WebError

ResultT = TypeVar("ResultT")

HINT_SECONDS = 2.0
"""The longest a hint takes from its asking to its answer, waiting included (and a moment more)."""
SHORTEST_HINT = 0.05
"""What a hint that waited its whole time still thinks: a shallow search, answered at once."""
THREADS_PER_THINK = 1
"""Threads one think searches on: the thinks share the cores out among games."""
ON_ONE_THREAD = replace(THINKING, threads=THREADS_PER_THINK)
"""A computer's think: its usual time, on one thread."""
SERVER_WATCH_SECONDS = 0.5
"""How often a thinking process looks whether its server is still there."""


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


def thinking_processes(count: int) -> ProcessPoolExecutor:
    """`count` processes that think at the lowest priority, started afresh (never forked from a
    server's threads) at their first think and kept for the next."""
    return ProcessPoolExecutor(
        count,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_thinking_process,
        initargs=(os.getpid(),),
    )


def _thinking_process(server: int) -> None:
    """Ctrl-C left to the server, which stops its thinking processes itself: they would
    otherwise each print their interruption in the server's log.  A server killed outright
    cannot stop them, so each also ends once `server` is gone (perhaps even before this process
    was ready). The process keeps the server's priority until its first think has loaded the
    game's engine (`_searched_lowest`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_without, args=(server,), name="server-watch", daemon=True).start()


def _searched_lowest(
    game: Game[Any, Any] | None, work: Callable[..., ResultT], *args: Any
) -> ResultT:
    """`work(*args)` in a thinking process at the lowest priority, `game`'s engine loaded first
    at the server's: that load is a second's work, once a process, which every think waits for
    and no search may cut short, so in the idle class on a busy machine it took minutes, and a
    computer's turn as long. (Asking what preparation is left loads the engine.)"""
    if game is not None:
        game.analyst.preparation()
    _lowest_priority()
    return work(*args)


def _end_without(server: int) -> None:
    """Ends this thinking process once `server` is no longer its parent: it would otherwise wait
    for work that never comes, holding its memory, and finish a think nobody will read."""
    while os.getppid() == server:
        time.sleep(SERVER_WATCH_SECONDS)
    os._exit(0)


def computer_move(game: Game[Any, Any], level: int, seed: int, position: Any) -> Any:
    """The move of the computer at `level` in `position`, thought of within a computer's think's
    time: in whatever process runs it, so everything it needs comes with it."""
    player = computer_player(
        game, level=level, rng=random.Random(seed), limit=ON_ONE_THREAD, clock=time.monotonic
    )
    return player.choose(position)


def move_values(game: Game[Any, Any], position: Any, limit: Limit) -> list[tuple[Any, Any]]:
    """The moves of `position` with their values, best first, thought of within `limit`: a
    hint's think, in whatever process runs it."""
    return list(game.analyst.move_values(position, limit=limit, clock=time.monotonic))


def _within(
    analyse: Callable[[Limit], ResultT], clock: Callable[[], float], asked: float
) -> ResultT:
    """`analyse` within what is left of HINT_SECONDS since `asked` by `clock`, at least
    SHORTEST_HINT: in whatever process runs it (time.monotonic is the same in every process)."""
    left = HINT_SECONDS - (clock() - asked)
    return analyse(Limit(seconds=max(left, SHORTEST_HINT), threads=THREADS_PER_THINK))


class Workers:
    """`computer_threads` processes for the computer's turns of engines, and as many threads for
    those of solvers (a core is left to the event loop, so thinks beyond them wait their turn
    rather than slow every game); `hint_threads` processes and threads for hints, with at most
    `hints_waiting` more hints waiting for one of them."""

    def __init__(
        self,
        *,
        computer_threads: int = max((os.cpu_count() or 2) - 1, 1),
        hint_threads: int = 1,
        hints_waiting: int = 4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.computer = thinking_threads(computer_threads, "computer")
        self.engines: Executor = thinking_processes(computer_threads)
        self.hints = thinking_threads(hint_threads, "hint")
        self.hint_processes = hint_threads
        self._engine_hints: Executor | None = None
        self.hint_places = hint_threads + hints_waiting
        self.hints_asked = 0
        self.clock = clock
        self.thinking: set[Future[Any]] = set()
        """The computer's thinks asked and not answered, for the operator's measures."""

    async def think(self, game: Game[Any, Any], level: int, seed: int, position: Any) -> Any:
        """The computer's move at `level` in `position` (`computer_move`): an engine's in a
        thinking process, a solver's on a computer's thread."""
        if game.analyst.is_timed:
            future = self.engines.submit(
                _searched_lowest, game, computer_move, game, level, seed, position
            )
        else:
            future = self.computer.submit(computer_move, game, level, seed, position)
        self.thinking.add(future)
        try:
            return await asyncio.wrap_future(future)
        finally:
            self.thinking.discard(future)

    @property
    def engine_hints(self) -> Executor:
        """The processes of engines' hints, made at the first (a site that never hints makes
        none)."""
        if self._engine_hints is None:
            self._engine_hints = thinking_processes(self.hint_processes)
        return self._engine_hints

    @property
    def thinks(self) -> tuple[int, int]:
        """The computer's thinks running, and waiting for a thread or process."""
        running = sum(future.running() for future in list(self.thinking))
        return running, len(self.thinking) - running

    async def hint(self, analyse: Callable[[Limit], ResultT], *, engine: bool = False) -> ResultT:
        """`analyse(limit)` run on a hint's thread, or with `engine` in a hint's process (then
        `analyse` is sent there: `functools.partial(move_values, game, position)`), the limit
        being the time left of HINT_SECONDS since now; WebError('web.busy') if too many hints are
        asked already."""
        if self.hints_asked >= self.hint_places:
            raise WebError("web.busy")
        self.hints_asked += 1
        try:
            if engine:
                future = self.engine_hints.submit(
                    _searched_lowest, None, _within, analyse, time.monotonic, time.monotonic()
                )
                return await asyncio.wrap_future(future)
            return await asyncio.get_running_loop().run_in_executor(
                self.hints, _within, analyse, self.clock, self.clock()
            )
        finally:
            self.hints_asked -= 1

    def close(self) -> None:
        for executor in (self.computer, self.engines, self.hints, self._engine_hints):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
