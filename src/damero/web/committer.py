"""Commits the changes of many games together, so that a move is durable before anyone is told of
it at the rate of many moves per disk sync instead of one."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Sequence

from damero.web.metrics import Metrics
from damero.web.storage import Attendance, Attending, Change, Item, Storage

Stored = bool | Attendance | None
"""What a write gives for one item: whether a change or a new game went in, where a game's
players are after a page opened or closed."""

Job = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Stored]", Item | None]
"""An item to write, the loop its writer waits on and the future it waits for; no item: a mark
that settles once everything handed over before it is written."""


class GroupCommitter:
    """While one transaction is being synced to the disk, the next writes wait and then go in one
    transaction of their own. Each caller still hears only once its own write is durable; and one
    writer at a time never waits on SQLite's lock."""

    def __init__(self, storage: Storage, metrics: Metrics | None = None) -> None:
        self.storage = storage
        self.metrics = metrics or Metrics()
        self.thread = WriterThread(storage, self.metrics)

    async def commit(self, item: Change | Item) -> bool:
        """True once a change (or a new game) is stored; False if its game had moved on."""
        assert not isinstance(item, Attending)
        return bool(await self.thread.hand(item))

    async def attend(self, item: Attending) -> Attendance | None:
        """Where the game's players are once `item` is stored; None if there is no such game."""
        stored = await self.thread.hand(item)
        assert stored is None or isinstance(stored, Attendance)
        return stored

    async def finish(self) -> None:
        """Waits for the commits under way (the process stops once they are durable)."""
        if self.thread.running:
            await asyncio.shield(self.thread.hand(None))


IDLE_SECONDS = 5.0
"""How long the writer's thread waits for the next transaction before it ends (and a new one
starts with the next)."""


class WriterThread:
    """The one thread that runs a committer's transactions. Each write is handed to it straight and
    its result handed back in one call on the loop for a whole transaction: the loop pays one
    hop each way, and no task, between a move and its commit."""

    def __init__(self, storage: Storage, metrics: Metrics | None = None) -> None:
        self.storage = storage
        self.metrics = metrics or Metrics()
        self.jobs: queue.SimpleQueue[Job] = queue.SimpleQueue()
        self.guard = threading.Lock()
        self.running = False

    def hand(self, item: Item | None) -> asyncio.Future[Stored]:
        """A future of `item`'s result, written with whatever else waits when the thread is next
        free. Cancelled, it changes nothing: the write goes on regardless."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Stored] = loop.create_future()
        with self.guard:
            self.jobs.put((loop, done, item))
            if not self.running:
                self.running = True
                threading.Thread(target=self._run, name="writer", daemon=True).start()
        return done

    def _run(self) -> None:
        while True:
            try:
                batch = [self.jobs.get(timeout=IDLE_SECONDS)]
            except queue.Empty:
                with self.guard:
                    if self.jobs.empty():
                        self.running = False
                        return
                continue
            while True:  # everything handed over meanwhile goes in the same transaction
                try:
                    batch.append(self.jobs.get_nowait())
                except queue.Empty:
                    break
            self._write(batch)

    def _write(self, batch: list[Job]) -> None:
        items = [item for _, _, item in batch if item is not None]
        results: Sequence[Stored | BaseException]
        started = time.perf_counter()
        try:
            written = iter(self.storage.write(items) if items else [])
            self.metrics.commit_seconds.observe(time.perf_counter() - started)
            results = [None if item is None else next(written) for _, _, item in batch]
        except Exception as error:  # a DatabaseFault, or a bug for the callers to raise
            results = [error] * len(batch)
        loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Stored], object]]] = {}
        for (loop, done, _), result in zip(batch, results, strict=True):
            loops.setdefault(loop, []).append((done, result))
        for loop, settled in loops.items():
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(_settle, settled)


def _settle(settled: list[tuple[asyncio.Future[Stored], object]]) -> None:
    for done, result in settled:
        if done.done():  # its caller was cancelled
            continue
        if isinstance(result, BaseException):
            done.set_exception(result)
        else:
            done.set_result(result)  # type: ignore[arg-type]
