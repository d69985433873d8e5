"""A socket's outbox: messages go out in order from a task of the socket's own; queuing never
waits; a socket that lets its queue fill, or keeps one message unsent too long, is closed."""

from __future__ import annotations

import asyncio

from servers import run_on_a_loop_of_its_own

from damero.web.outbox import TOO_SLOW, Outbox


class Socket:
    """A socket's end that takes what it is sent while `reading` is set, and notes its close."""

    def __init__(self, *, reading: bool) -> None:
        self.reading = asyncio.Event()
        if reading:
            self.reading.set()
        self.received: list[str] = []
        self.closed_with: int | None = None

    async def send_text(self, data: str) -> None:
        await self.reading.wait()
        self.received.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = code


def test_messages_go_out_in_order_and_a_finished_outbox_closes_the_socket() -> None:
    async def check() -> None:
        socket = Socket(reading=True)
        outbox = Outbox(socket)
        sender = asyncio.create_task(outbox.run())
        for number in range(10):
            outbox.put(str(number))
        outbox.finish()
        await asyncio.wait_for(sender, 10)
        assert socket.received == [str(number) for number in range(10)]
        assert socket.closed_with == 1000 and outbox.sent == 10

    run_on_a_loop_of_its_own(check())


def test_a_socket_that_never_reads_is_closed_once_its_queue_is_full() -> None:
    async def check() -> None:
        socket = Socket(reading=False)
        outbox = Outbox(socket, limit=4)
        sender = asyncio.create_task(outbox.run())
        await asyncio.sleep(0)
        for number in range(6):
            outbox.put(str(number))  # never waits, however full the socket is
        await asyncio.wait_for(sender, 10)
        assert socket.closed_with == TOO_SLOW and outbox.dropped > 0
        assert socket.received == []
        outbox.put("late")  # nothing is queued for a socket given up on
        assert not outbox.waiting

    run_on_a_loop_of_its_own(check())


def test_a_socket_that_keeps_one_message_unsent_too_long_is_closed() -> None:
    async def check() -> None:
        socket = Socket(reading=False)
        outbox = Outbox(socket, send_seconds=0.05)
        sender = asyncio.create_task(outbox.run())
        outbox.put("state")
        await asyncio.wait_for(sender, 10)
        assert socket.closed_with == TOO_SLOW and outbox.closed

    run_on_a_loop_of_its_own(check())
