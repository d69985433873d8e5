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
from damero.web.storage import (
    Attendance,
    Attending,
    Change,
    DatabaseFault,
    Item,
    LoopWriter,
    Storage,
    is_driven,
)

Stored = bool | Attendance | None
"""What a write gives for one item: whether a change or a new game went in, where a game's
players are after a page opened or closed."""


class GroupCommitter:
    """While one transaction is being synced to the disk, the next writes wait and then go in one
    transaction of their own. Each caller still hears only once its own write is durable; and one
    writer at a time never waits on SQLite's lock."""

    def __init__(self, storage: Storage, metrics: Metrics | None = None) -> None:
        self.storage = storage
        self.metrics = metrics or Metrics()
        self.waiting: list[tuple[Item, asyncio.Future[Stored]]] = []
        self.writer: asyncio.Task[None] | None = None
        self.thread = WriterThread(storage)
        self.loop_writer: LoopWriter | None = None
        self.opening: asyncio.Task[None] | None = None

    async def commit(self, item: Change | Item) -> bool:
        """True once a change (or a new game) is stored; False if its game had moved on."""
        assert not isinstance(item, Attending)
        return bool(await self._write(item))

    async def attend(self, item: Attending) -> Attendance | None:
        """Where the game's players are once `item` is stored; None if there is no such game."""
        stored = await self._write(item)
        assert stored is None or isinstance(stored, Attendance)
        return stored

    async def _write(self, item: Item) -> Stored:
        done: asyncio.Future[Stored] = asyncio.get_running_loop().create_future()
        self.waiting.append((item, done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write_waiting())
        return await done

    async def _write_waiting(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            started = time.perf_counter()
            try:
                items = [item for item, _ in batch]
                on_loop = self._loop_writer_for(items)
                if on_loop is not None:
                    changes = [item for item in items if isinstance(item, Change)]
                    results: list[Stored] = list(await on_loop.write(changes))
                else:
                    results = await self.thread.write(items)
                self.metrics.commit_seconds.observe(time.perf_counter() - started)
            except DatabaseFault as fault:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(fault)
                continue
            for (_, done), stored in zip(batch, results, strict=True):
                if not done.done():
                    done.set_result(stored)

    def _loop_writer_for(self, items: list[Item]) -> LoopWriter | None:
        """The loop's own writer for a transaction of moves alone on PostgreSQL (nearly all of a
        server's transactions), if it has one ready; if not, one is opened on a thread for the
        next, and these items go to the writer's thread."""
        if not self.storage.is_shared or not all(
            is_driven(item) and not isinstance(item, Attending) for item in items
        ):
            return None
        writer = self.loop_writer
        if writer is not None and writer.usable:
            return writer
        if writer is not None and not writer.busy:
            writer.close()  # failed, or closed by the server
            self.loop_writer = None
        if self.opening is None:
            self.opening = asyncio.get_running_loop().create_task(self._open())
        return None

    async def _open(self) -> None:
        try:
            self.loop_writer = await asyncio.to_thread(self.storage.loop_writer)
        except DatabaseFault:
            pass  # the next move alone tries again; the writer's thread writes meanwhile
        finally:
            self.opening = None

    async def finish(self) -> None:
        """Waits for the commits under way (the process stops once they are durable)."""
        if self.writer is not None:
            await asyncio.shield(self.writer)


IDLE_SECONDS = 5.0
"""How long the writer's thread waits for the next transaction before it ends (and a new one
starts with the next)."""


class WriterThread:
    """The one thread that runs a committer's transactions: handed each straight, it costs the
    event loop a third of what a pool's thread does, once for every commit."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.jobs: queue.SimpleQueue[
            tuple[asyncio.AbstractEventLoop, asyncio.Future[list[Stored]], Sequence[Item]]
        ] = queue.SimpleQueue()
        self.guard = threading.Lock()
        self.running = False

    async def write(self, items: Sequence[Item]) -> list[Stored]:
        """`storage.write(items)` on the writer's thread. Cancelled, it still waits for the
        transaction's end, as the commit goes on regardless."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[list[Stored]] = loop.create_future()
        with self.guard:
            self.jobs.put((loop, done, items))
            if not self.running:
                self.running = True
                threading.Thread(target=self._run, name="writer", daemon=True).start()
        try:
            return await asyncio.shield(done)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await done
            raise

    def _run(self) -> None:
        while True:
            try:
                loop, done, items = self.jobs.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                with self.guard:
                    if self.jobs.empty():
                        self.running = False
                        return
                continue
            try:
                result: list[Stored] | BaseException = self.storage.write(items)
            except Exception as error:  # a DatabaseFault, or a bug for the caller to raise
                result = error
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(_settle, done, result)


def _settle(done: asyncio.Future[list[Stored]], result: list[Stored] | BaseException) -> None:
    if done.done():
        return
    if isinstance(result, BaseException):
        done.set_exception(result)
    else:
        done.set_result(result)
