"""Commits the changes of many games together, so that a move is durable before anyone is told of
it at the rate of many moves per disk sync instead of one."""

from __future__ import annotations

import asyncio

from anyio import to_thread

from damero.web.storage import Change, DatabaseFault, Storage, StoredGame


class GroupCommitter:
    """While one transaction is being synced to the disk, the next changes wait and then go in one
    transaction of their own. Each caller still hears only once its own change is durable; and one
    writer at a time never waits on SQLite's lock."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.waiting: list[tuple[Change | StoredGame, asyncio.Future[bool]]] = []
        self.writer: asyncio.Task[None] | None = None

    async def commit(self, change: Change | StoredGame) -> bool:
        """True once `change` (or a new game) is stored; False if its game had moved on."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.waiting.append((change, done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write())
        return await done

    async def _write(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            try:
                results = await to_thread.run_sync(
                    self.storage.write, [change for change, _ in batch]
                )
            except DatabaseFault as fault:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(fault)
                continue
            for (_, done), stored in zip(batch, results, strict=True):
                if not done.done():
                    done.set_result(stored)
