"""A socket's outbox: messages go out in order, at once where nothing waits before them, else from
a task of the socket's own; putting never waits; a socket that lets its queue fill, or keeps one
message unsent too long, is closed."""

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
        self.gone = False

    async def send_text(self, data: str) -> None:
        if self.gone:
            raise RuntimeError("the client has gone")
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


def test_a_message_put_while_nothing_waits_is_sent_at_once_by_whoever_puts_it() -> None:
    async def check() -> None:
        socket = Socket(reading=True)
        outbox = Outbox(socket)
        sender = asyncio.create_task(outbox.run())
        await asyncio.sleep(0)  # the sender waits for messages
        outbox.put("1")
        assert socket.received == ["1"]  # before the sender's task has run again
        outbox.put("2")
        assert socket.received == ["1", "2"] and outbox.sent == 2
        outbox.finish()
        await asyncio.wait_for(sender, 10)
        assert socket.closed_with == 1000

    run_on_a_loop_of_its_own(check())


def test_a_message_sent_at_once_that_waits_for_the_socket_goes_out_before_those_after_it() -> None:
    async def check() -> None:
        socket = Socket(reading=False)
        outbox = Outbox(socket)
        sender = asyncio.create_task(outbox.run())
        await asyncio.sleep(0)
        for number in range(5):
            outbox.put(str(number))  # the first waits for the socket, the others behind it
        assert socket.received == []
        socket.reading.set()
        outbox.finish()
        await asyncio.wait_for(sender, 10)
        assert socket.received == [str(number) for number in range(5)]
        assert socket.closed_with == 1000 and outbox.sent == 5

    run_on_a_loop_of_its_own(check())


def test_a_message_sent_at_once_that_the_socket_keeps_unsent_too_long_closes_it() -> None:
    async def check() -> None:
        socket = Socket(reading=False)
        outbox = Outbox(socket, send_seconds=0.05)
        sender = asyncio.create_task(outbox.run())
        await asyncio.sleep(0)
        outbox.put("event")
        await asyncio.wait_for(sender, 10)
        assert socket.closed_with == TOO_SLOW and outbox.closed
        socket.reading.set()
        await asyncio.sleep(0)
        assert socket.received == []  # the send given up on never goes out

    run_on_a_loop_of_its_own(check())


def test_a_socket_whose_client_has_gone_ends_its_sender_without_closing_it() -> None:
    async def check() -> None:
        socket = Socket(reading=True)
        outbox = Outbox(socket)
        sender = asyncio.create_task(outbox.run())
        await asyncio.sleep(0)
        socket.gone = True
        outbox.put("event")
        await asyncio.wait_for(sender, 10)
        assert outbox.closed and socket.closed_with is None and outbox.sent == 0
        outbox.put("late")
        assert not outbox.waiting

    run_on_a_loop_of_its_own(check())
