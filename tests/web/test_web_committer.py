"""The group committer: writes that wait while a transaction runs go in the next one together,
each caller hears its own result, and the loop is woken once for a whole transaction."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Sequence
from typing import Any

from servers import run_on_a_loop_of_its_own

from damero.core import Message
from damero.web.committer import GroupCommitter, WriterThread
from damero.web.storage import Change, DatabaseFault

TIMEOUT = 30


class HeldStorage:
    """Writes nothing: records each transaction's items, holds the first until let go, and
    refuses a transaction with an item whose game is 'faulty'."""

    is_shared = False

    def __init__(self) -> None:
        self.transactions: list[list[str]] = []
        self.started = threading.Event()
        self.go = threading.Event()

    def write(self, items: Sequence[Any]) -> list[bool]:
        self.transactions.append([item.game_id for item in items])
        self.started.set()
        if not self.go.wait(TIMEOUT):
            raise AssertionError("never let go")
        if any(item.game_id == "faulty" for item in items):
            raise DatabaseFault(Message("web.db_failed"))
        return [item.version == 1 for item in items]


def change(game_id: str, version: int = 1) -> Change:
    return Change(game_id, version, 0, ("3 4",), False)


def test_writes_that_wait_go_in_one_transaction_and_each_caller_hears_its_own() -> None:
    async def run() -> None:
        storage = HeldStorage()
        committer = GroupCommitter(storage)  # type: ignore[arg-type]
        first = asyncio.ensure_future(committer.commit(change("one")))
        await asyncio.to_thread(storage.started.wait, TIMEOUT)
        waiting = [
            asyncio.ensure_future(committer.commit(change(game_id, version)))
            for game_id, version in (("two", 1), ("three", 2), ("four", 1))
        ]
        woken = 0
        original = asyncio.get_running_loop().call_soon_threadsafe

        def counted(*arguments: Any, **keywords: Any) -> Any:
            nonlocal woken
            woken += 1
            return original(*arguments, **keywords)

        asyncio.get_running_loop().call_soon_threadsafe = counted  # type: ignore[method-assign]
        storage.go.set()
        assert await asyncio.wait_for(first, TIMEOUT) is True
        assert await asyncio.wait_for(asyncio.gather(*waiting), TIMEOUT) == [True, False, True]
        assert storage.transactions == [["one"], ["two", "three", "four"]]
        assert woken == 2  # once for each transaction, not for each write

    run_on_a_loop_of_its_own(run())


def test_a_fault_reaches_every_write_of_its_transaction_and_the_next_goes_in() -> None:
    async def run() -> None:
        storage = HeldStorage()
        committer = GroupCommitter(storage)  # type: ignore[arg-type]
        first = asyncio.ensure_future(committer.commit(change("one")))
        await asyncio.to_thread(storage.started.wait, TIMEOUT)
        failing = [
            asyncio.ensure_future(committer.commit(change(game_id)))
            for game_id in ("faulty", "two")
        ]
        storage.go.set()
        assert await asyncio.wait_for(first, TIMEOUT) is True
        for write in failing:
            try:
                await asyncio.wait_for(write, TIMEOUT)
            except DatabaseFault as fault:
                assert fault.why.key == "web.db_failed"
            else:
                raise AssertionError("a write of a failed transaction was taken as stored")
        assert await asyncio.wait_for(committer.commit(change("three")), TIMEOUT) is True

    run_on_a_loop_of_its_own(run())


def test_a_write_whose_caller_gave_up_still_goes_in_and_finishing_waits_for_it() -> None:
    async def run() -> None:
        storage = HeldStorage()
        committer = GroupCommitter(storage)  # type: ignore[arg-type]
        first = asyncio.ensure_future(committer.commit(change("one")))
        await asyncio.to_thread(storage.started.wait, TIMEOUT)
        given_up = asyncio.ensure_future(committer.commit(change("two")))
        await asyncio.sleep(0)
        given_up.cancel()
        finished = asyncio.ensure_future(committer.finish())
        await asyncio.sleep(0)
        assert not finished.done()  # the transaction under way is not durable yet
        storage.go.set()
        await asyncio.wait_for(finished, TIMEOUT)
        assert storage.transactions == [["one"], ["two"]]
        assert first.result() is True

    run_on_a_loop_of_its_own(run())


def test_a_transaction_whose_waiter_is_cancelled_is_waited_for_to_its_end() -> None:
    async def run() -> None:
        storage = HeldStorage()
        thread = WriterThread(storage)  # type: ignore[arg-type]
        waiter = asyncio.ensure_future(thread.write([change("one")]))
        await asyncio.to_thread(storage.started.wait, TIMEOUT)
        waiter.cancel()
        await asyncio.sleep(0)
        assert not waiter.done()  # the transaction has not ended
        storage.go.set()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(waiter, TIMEOUT)
        assert waiter.cancelled() and storage.transactions == [["one"]]

    run_on_a_loop_of_its_own(run())
