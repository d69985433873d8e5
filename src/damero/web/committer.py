"""Commits the changes of many games together, so that a move is durable before anyone is told of
it at the rate of many moves per disk sync instead of one."""

from __future__ import annotations

import asyncio
import time

from anyio import to_thread

from damero.web.metrics import Metrics
from damero.web.storage import Attendance, Attending, Change, DatabaseFault, Item, Storage

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
                results = await to_thread.run_sync(self.storage.write, [item for item, _ in batch])
                self.metrics.commit_seconds.observe(time.perf_counter() - started)
            except DatabaseFault as fault:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(fault)
                continue
            for (_, done), stored in zip(batch, results, strict=True):
                if not done.done():
                    done.set_result(stored)

    async def finish(self) -> None:
        """Waits for the commits under way (the process stops once they are durable)."""
        if self.writer is not None:
            await asyncio.shield(self.writer)
