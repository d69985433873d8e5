"""Commits the changes of many games together, so that a move is durable before anyone is told of
it at the rate of many moves per disk sync instead of one."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

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
            # Moves alone go from the loop on PostgreSQL, the rest (a new game, a page, a move
            # that ends a game or takes a seat) in a transaction of the writer's thread beside.
            writer = self._loop_writer_for([item for item, _ in batch])
            moves = [] if writer is None else [pair for pair in batch if _from_loop(pair[0])]
            rest = [pair for pair in batch if not _from_loop(pair[0])] if moves else batch
            writes = [_settled(moves, writer.write)] if writer is not None and moves else []
            if rest:
                writes.append(_settled(rest, self.thread.write))
            # A write alone is awaited as it is: gathering would make it a task of its own.
            written = await asyncio.gather(*writes) if len(writes) > 1 else [await writes[0]]
            if all(written):
                self.metrics.commit_seconds.observe(time.perf_counter() - started)

    def _loop_writer_for(self, items: list[Item]) -> LoopWriter | None:
        """The loop's own writer, for the moves alone among `items` on PostgreSQL (nearly every
        item of a server's), if it has one ready; if not, one is opened on a thread for the
        next, and these items all go to the writer's thread."""
        if not self.storage.is_shared or not any(map(_from_loop, items)):
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
            pass  # the next moves try again; the writer's thread writes meanwhile
        finally:
            self.opening = None

    async def finish(self) -> None:
        """Waits for the commits under way (the process stops once they are durable)."""
        if self.writer is not None:
            await asyncio.shield(self.writer)


def _from_loop(item: Item) -> bool:
    """Whether `item` is a move alone, which the loop writes itself on PostgreSQL."""
    return isinstance(item, Change) and is_driven(item)


async def _settled(
    batch: list[tuple[Item, asyncio.Future[Stored]]],
    write: Callable[[list[Any]], Awaitable[Sequence[Stored]]],
) -> bool:
    """Tells each caller of `batch` what `write` stored of its item, in one transaction, or the
    fault that failed it; whether it went in."""
    try:
        results = await write([item for item, _ in batch])
    except DatabaseFault as fault:
        for _, done in batch:
            if not done.done():
                done.set_exception(fault)
        return False
    for (_, done), stored in zip(batch, results, strict=True):
        if not done.done():
            done.set_result(stored)
    return True


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
        done: _Ended[list[Stored]] = _Ended(loop=loop)
        with self.guard:
            self.jobs.put((loop, done, items))
            if not self.running:
                self.running = True
                threading.Thread(target=self._run, name="writer", daemon=True).start()
        return await done

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


T = TypeVar("T")


class _Ended(asyncio.Future[T]):
    """A transaction's end, which cancelling its waiter does not cancel: the waiter is cancelled
    once the transaction has ended (as `asyncio.shield` and a second wait would, without the
    second future and the loop's turn between them at every commit)."""

    def cancel(self, msg: object = None) -> bool:
        return False


def _settle(done: asyncio.Future[list[Stored]], result: list[Stored] | BaseException) -> None:
    if done.done():
        return
    if isinstance(result, BaseException):
        done.set_exception(result)
    else:
        done.set_result(result)
