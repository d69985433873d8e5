"""`damero serve`: the app on uvicorn, over the storage the --db URL names.

Everything that can stop a server from serving (a port out of range, an unknown host, a port
taken, a database that cannot be used or is damaged) is refused in words before the server says
it is serving.
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from damero.core import Message
from damero.errors import DameroError, os_reason
from damero.web.app import create_app
from damero.web.storage import Storage, StorageError, default_url

PING_SECONDS = 20.0
"""A socket is pinged this often, and closed if it does not answer within as long."""
WEBSOCKET_FRAME_LIMIT = 1024 * 1024
"""uvicorn drops a socket sending more; the app refuses anything past its own, smaller limit."""
PORTS = range(1, 65536)


class ServeError(DameroError):
    """The server cannot listen where it was asked to."""


class AnsweredHandshakes(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, answering the handshakes that websockets refuses.

    websockets reads an upgrade request line of at most 8 KB (and headers of at most 8 KB each,
    128 of them) and refuses a longer one with 414 or 431; uvicorn never sends that answer, so the
    client would wait and the connection be held open. Here the answer is sent and the connection
    closed at once.
    """

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self.handshake_initiated and self.conn.handshake_exc is not None:
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
            self.transport.close()


class ClosedWhenStuck(AnsweredHandshakes):
    """A socket that does not read what it is sent is cut, not waited for.

    uvicorn closes a connection by flushing what it has buffered first, which for a client that
    never reads is never: its keepalive's timeout and the app's close would leave the socket (and
    the app's send, waiting for the buffer to drain) held for good. Here a socket whose keepalive
    goes unanswered, or that the app closes while its buffer is full, is aborted at once: it is
    owed no closing handshake, and its buffered messages could never arrive.
    """

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self.transport.abort()

    async def send(self, message: Any) -> None:
        if message["type"] == "websocket.close" and not self.writable.is_set():
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1006})
            self.close_sent = True
            self.transport.abort()
            return
        await super().send(message)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on `host` and `port`; ServeError saying why there is none."""
    if port not in PORTS:
        raise ServeError("web.bad_port", port=port)
    try:
        family, _, _, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        return socket.create_server(address, family=family)
    except (socket.gaierror, UnicodeError):
        raise ServeError(
            "web.cannot_listen", host=host, port=port, why=Message("web.unknown_host")
        ) from None
    except OSError as error:
        why = Message("web.address_in_use") if error.errno == errno.EADDRINUSE else os_reason(error)
        raise ServeError("web.cannot_listen", host=host, port=port, why=why) from None


def serve(
    say: Callable[[Message], None],
    *,
    host: str,
    port: int,
    url: str | None,
    claim_seconds: float,
    abandon_seconds: float,
) -> int:
    """Runs the server until Ctrl-C, telling the person who started it through `say`; 2 if it
    cannot listen or the database cannot be used."""
    try:
        listener = listening_socket(host, port)
    except ServeError as error:
        say(error.message)
        return 2
    with listener:
        try:
            storage = Storage(url or default_url())
        except StorageError as error:
            say(error.message)
            return 2
        shown_host = f"[{host}]" if ":" in host else host
        say(
            Message(
                "web.serving", {"url": f"http://{shown_host}:{port}/", "db": storage.describe()}
            )
        )
        config = uvicorn.Config(
            create_app(storage, claim_seconds=claim_seconds, abandon_seconds=abandon_seconds),
            ws=ClosedWhenStuck,
            ws_ping_interval=PING_SECONDS,
            ws_ping_timeout=PING_SECONDS,
            ws_max_size=WEBSOCKET_FRAME_LIMIT,
            ws_per_message_deflate=False,  # states are small; compressing each costs more than it saves
            log_level="warning",
        )
        try:
            uvicorn.Server(config).run(sockets=[listener])
        finally:
            storage.close()
    return 0
