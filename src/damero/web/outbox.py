"""What one socket is sent, in order, from a bounded queue of its own by a task of its own: no
socket that reads slowly, or not at all, can hold up a game or another socket.

A message is queued at once, never waited for; the socket's sender takes it out and sends it. A
socket that lets OUTBOX_LIMIT messages pile up, or keeps one unsent SEND_SECONDS, is closed: its
page reconnects and is sent the whole state afresh.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from typing import Protocol

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
        self.closed = False
        self.finishing = False
        self.sent = 0
        self.dropped = 0

    def put(self, text: str) -> None:
        """Queues `text`; a socket with too many waiting already is given up on."""
        if self.closed:
            return
        if len(self.waiting) >= self.limit:
            self.dropped += len(self.waiting) + 1
            self.give_up()
            return
        self.waiting.append(text)
        self.ready.set()

    def give_up(self) -> None:
        """Stops sending: nothing more is queued, and the sender closes the socket."""
        self.closed = True
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
                await self.ready.wait()
                self.ready.clear()
                while self.waiting and not self.closed:
                    text = self.waiting.popleft()
                    # A deadline, not wait_for: that makes a task of every message it sends.
                    async with asyncio.timeout(self.send_seconds):
                        await self.socket.send_text(text)
                    self.sent += 1
                if self.finishing:
                    break
            else:
                code = TOO_SLOW
        except TimeoutError:
            code = TOO_SLOW  # a socket that does not take what it is sent
        except Exception:  # the client has gone (each server says so its own way)
            self.closed = True
            return
        self.closed = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code), CLOSE_SECONDS)
