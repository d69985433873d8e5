"""What one socket is sent, in order, at once where the socket takes it, else from a bounded queue
of its own by a task of its own: no socket that reads slowly, or not at all, can hold up a game
or another socket.

A message is never waited for. One put while nothing waits before it is sent at once, by
whoever puts it, as far as the socket takes it without waiting (nearly always: a socket that
reads has room); what must wait for the socket, and every message after it, is the socket's
sender's to send. A socket that lets OUTBOX_LIMIT messages pile up, or keeps one unsent
SEND_SECONDS, is closed: its page reconnects and is sent the whole state afresh.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Coroutine, Generator
from typing import Any, Protocol

OUTBOX_LIMIT = 64
"""The most messages a socket may have waiting; a page that keeps up has one or two."""
SEND_SECONDS = 30.0
"""The longest one message may wait for the socket to take it."""
CLOSE_SECONDS = 5.0
"""The longest a socket given up on may take to close."""
TOO_SLOW = 1013
"""The close code a socket given up on gets (try again later): its page reconnects."""


class Sending(Protocol):
    """The socket's end the outbox needs: Starlette's WebSocket."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class _Begun:
    """A send begun at once that must wait for the socket (`waiting_for`, what it awaited), to
    be awaited by the sender's task as if that task had begun it."""

    __slots__ = ("sending", "waiting_for")

    def __init__(self, sending: Coroutine[Any, Any, None], waiting_for: Any) -> None:
        self.sending, self.waiting_for = sending, waiting_for

    def __await__(self) -> Generator[Any, Any, None]:
        waiting_for = self.waiting_for
        while True:
            try:
                try:
                    answer = yield waiting_for
                except BaseException as error:  # a deadline's cancellation: the send's to handle
                    waiting_for = self.sending.throw(error)
                else:
                    waiting_for = self.sending.send(answer)
            except StopIteration:
                return


class Outbox:
    """A socket's messages waiting to be sent; `sent` and `dropped` count what it did, for a
    server's measures. `run()` sends until the socket ends or is given up on."""

    def __init__(
        self,
        socket: Sending,
        *,
        limit: int = OUTBOX_LIMIT,
        send_seconds: float = SEND_SECONDS,
    ) -> None:
        self.socket = socket
        self.limit = limit
        self.send_seconds = send_seconds
        self.waiting: collections.deque[str] = collections.deque()
        self.ready = asyncio.Event()
        self.idle = False
        """The sender waits for messages with none in hand: one put now is sent at once."""
        self.begun: _Begun | None = None
        """A message sent at once that waits for the socket: the sender sends it first."""
        self.closed = False
        self.gone = False
        """The client has gone: nothing is sent, nor the socket closed."""
        self.finishing = False
        self.sent = 0
        self.dropped = 0

    def put(self, text: str) -> None:
        """Sends `text` at once if nothing waits before it, else queues it; a socket with too
        many waiting already is given up on."""
        if self.closed:
            return
        if self.idle:
            self._send_at_once(text)
            return
        if len(self.waiting) >= self.limit:
            self.dropped += len(self.waiting) + 1
            self.give_up()
            return
        self.waiting.append(text)
        self.ready.set()

    def _send_at_once(self, text: str) -> None:
        """Sends `text` as far as the socket takes it without waiting (the sender's task is not
        woken for a send that needs no waiting: about as much as the send itself); the rest of
        a send that must wait is handed to the sender, under its deadline."""
        sending = self.socket.send_text(text)
        try:
            waiting_for = sending.send(None)
        except StopIteration:
            self.sent += 1
            return
        except Exception:  # the client has gone (each server says so its own way)
            self.closed = self.gone = True
            self.ready.set()
            return
        self.idle = False
        self.begun = _Begun(sending, waiting_for)
        self.ready.set()

    def give_up(self) -> None:
        """Stops sending: nothing more is queued, and the sender closes the socket."""
        self.closed = True
        self.idle = False
        self.waiting.clear()
        self.ready.set()

    def finish(self) -> None:
        """Sends what is queued, then closes the socket (its reader has ended)."""
        self.finishing = True
        self.ready.set()

    async def run(self) -> None:
        """Sends what is queued, in order, until the socket fails, is given up on or is finished;
        then closes it, within CLOSE_SECONDS whether or not its client answers."""
        code = 1000
        try:
            while not self.closed:
                self.idle = not self.finishing
                await self.ready.wait()
                self.idle = False
                self.ready.clear()
                if self.begun is not None and not self.closed:
                    begun, self.begun = self.begun, None
                    async with asyncio.timeout(self.send_seconds):
                        await begun
                    self.sent += 1
                while self.waiting and not self.closed:
                    text = self.waiting.popleft()
                    # A deadline, not wait_for: that makes a task of every message it sends.
                    async with asyncio.timeout(self.send_seconds):
                        await self.socket.send_text(text)
                    self.sent += 1
                if self.finishing:
                    break
            else:
                if self.gone:
                    return
                code = TOO_SLOW
        except TimeoutError:
            code = TOO_SLOW  # a socket that does not take what it is sent
        except Exception:  # the client has gone (each server says so its own way)
            self.closed = True
            return
        finally:
            self.idle = False
            if self.begun is not None:  # given up on while it waited for the socket
                self.begun.sending.close()
                self.begun = None
        self.closed = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code), CLOSE_SECONDS)
