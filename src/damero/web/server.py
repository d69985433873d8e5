"""`damero serve`: the app on uvicorn, over the storage the --db URL names.

Everything that can stop a server from serving (a port out of range, an unknown host, a port
taken, a database that cannot be used or is damaged, a measures' address that cannot be listened
on) is refused in words before the server says it is serving.

SIGTERM (or Ctrl-C) stops it gracefully: it stops listening, holds the clocks of the players whose
pages it holds, sends every socket away with close code 1012 (service restart: the page
reconnects at once, through the proxy to another server), lets the commits and thinks under way
end, gives back the computer's turns left and exits, within GRACE_SECONDS + STOP_SECONDS.
"""

from __future__ import annotations

import errno
import gc
import logging
import socket
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from damero.core import Message
from damero.errors import DameroError, os_reason
from damero.web import logs
from damero.web.app import Site, create_app
from damero.web.metrics import Metrics
from damero.web.storage import Storage, StorageError, default_url

LOG = logging.getLogger("damero.web")

PING_SECONDS = 20.0
"""A socket is pinged this often, and closed if it does not answer within as long."""
WEBSOCKET_FRAME_LIMIT = 1024 * 1024
"""uvicorn drops a socket sending more; the app refuses anything past its own, smaller limit."""
PORTS = range(1, 65536)
GRACE_SECONDS = 5
"""How long a stopping server waits for its connections to end (requests answered, sockets
closed) before it cancels them."""
GC_YOUNG = 7000
"""New objects between two collections of the youngest: ten times Python's default, since a
move makes a few hundred short-lived ones and holds none in a cycle."""


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


class GracefulServer(uvicorn.Server):
    """uvicorn's server, which on SIGTERM first stops listening and tells the app (its clocks
    held), then sends every socket away with close code 1012 as uvicorn does."""

    def __init__(self, config: uvicorn.Config, site: Site) -> None:
        super().__init__(config)
        self.site = site

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        LOG.info("stopping: no new connections; sending the pages to another server")
        for server in self.servers:
            server.close()  # a page that reconnects finds another server, never this one
        for listener in sockets or []:
            listener.close()
        try:
            await self.site.stop()
        except Exception:  # the pages are sent away all the same
            LOG.exception("could not hold the clocks of the pages sent away")
        await super().shutdown(sockets)
        LOG.info("stopped")


def metrics_address(text: str) -> tuple[str, int]:
    """HOST:PORT (an IPv6 host in brackets) as a host and a port; ServeError if it is not one."""
    host, colon, port = text.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not colon or not host or not port.isdigit() or int(port) not in PORTS:
        raise ServeError("web.bad_metrics_address", address=text)
    return host, int(port)


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
    metrics: str | None = None,
    log_format: str = "text",
    forwarded_allow_ips: str | None = None,
) -> int:
    """Runs the server until SIGTERM or Ctrl-C, telling the person who started it through `say`;
    2 if it cannot listen or the database cannot be used. `metrics` is the HOST:PORT the
    measures are served on (none if None); `log_format` one of logs.FORMATS; the addresses in
    `forwarded_allow_ips` (uvicorn's default if None: $FORWARDED_ALLOW_IPS, else 127.0.0.1) are
    the proxies whose X-Forwarded-For is believed."""
    logs.configure(log_format)
    try:
        listener = listening_socket(host, port)
        measured = None if metrics is None else metrics_address(metrics)
    except ServeError as error:
        say(error.message)
        return 2
    with listener:
        try:
            storage = Storage(url or default_url())
        except StorageError as error:
            say(error.message)
            return 2
        measures = Metrics()
        stop_measures: Callable[[], None] = lambda: None  # noqa: E731
        if measured is not None:
            try:
                stop_measures = measures.serve(*measured)
            except OSError as error:
                why = (
                    Message("web.address_in_use")
                    if error.errno == errno.EADDRINUSE
                    else os_reason(error)
                )
                say(Message("web.cannot_serve_metrics", {"address": metrics, "why": why}))
                storage.close()
                return 2
        shown_host = f"[{host}]" if ":" in host else host
        say(
            Message(
                "web.serving", {"url": f"http://{shown_host}:{port}/", "db": storage.describe()}
            )
        )
        app = create_app(
            storage,
            claim_seconds=claim_seconds,
            abandon_seconds=abandon_seconds,
            metrics=measures,
        )
        config = uvicorn.Config(
            app,
            ws=ClosedWhenStuck,
            ws_ping_interval=PING_SECONDS,
            ws_ping_timeout=PING_SECONDS,
            ws_max_size=WEBSOCKET_FRAME_LIMIT,
            ws_per_message_deflate=False,  # states are small; compressing each costs more than it saves
            log_config=None,  # the log is set up above: uvicorn's own lines of each request
            # and socket would write a seat's token, which a socket's query string holds
            access_log=False,
            forwarded_allow_ips=forwarded_allow_ips,
            timeout_graceful_shutdown=GRACE_SECONDS,
        )
        LOG.info("serving on %s:%s, games in %s", host, port, storage.describe())
        # What the server made to start (modules, catalogues, layouts) lives as long as it does:
        # the collector no longer walks it, and walks the young objects (a move's views and
        # events, most of them gone by then) a tenth as often.
        gc.freeze()
        gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
        try:
            GracefulServer(config, app.state.site).run(sockets=[listener])
        finally:
            stop_measures()
            storage.close()
    return 0
