"""The server's log, for its operator: one line per event, as text for people or JSON for
programs, each naming the request or the game it is about, and never a secret.

A request is given an id (the proxy's `X-Request-ID` if it sent a plain one, else a new one),
answered in the response's `X-Request-ID`; a socket's lines name its game. Addresses are logged
by their path alone: a seat's token travels in a socket's query string, which is never written.
Health checks are logged only at the debug level, since a load balancer asks every second.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

LOG = logging.getLogger("damero.web")
FORMATS = ("text", "json")
QUIET_PATHS = frozenset({"/healthz", "/readyz"})
"""Asked every second by a load balancer: logged at the debug level only."""

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request", default=None)
game_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("game", default=None)

_SECRET = re.compile(
    r"(?i)\b(token|seat|session(?:_id)?|password|passwd|secret|cookie)(=|\":\s*\"|: )[^\s&\"';,]+"
)
"""A secret a line might carry by mistake (a query string, a JSON field, a header): hidden."""
_PLAIN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_GAME_PATH = re.compile(r"/(?:ws|play|replay|api/games)/([A-Za-z0-9_-]{1,32})(?:/|$)")
"""The addresses of one game, whose lines name it."""


def hide_secrets(text: str) -> str:
    """`text` with any value named like a secret replaced.

    >>> hide_secrets("GET /ws/abc?token=s3cr3t&lang=en")
    'GET /ws/abc?token=[hidden]&lang=en'
    """
    return _SECRET.sub(lambda match: f"{match.group(1)}{match.group(2)}[hidden]", text)


class Context(logging.Filter):
    """Every record names the request and the game it was logged for, and carries no secret."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request = getattr(record, "request", None) or request_id.get()
        record.game = getattr(record, "game", None) or game_id.get()
        message = record.getMessage()
        hidden = hide_secrets(message)
        if hidden != message:
            record.msg, record.args = hidden, None
        return True


class TextFormat(logging.Formatter):
    """`2024-05-01 12:00:00,123 INFO damero.web [request=... game=...] message` on one line."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(context)s%(message)s")

    def format(self, record: logging.LogRecord) -> str:
        named = [
            f"{name}={value}"
            for name in ("request", "game")
            if (value := getattr(record, name, None)) is not None
        ]
        record.context = f"[{' '.join(named)}] " if named else ""
        return hide_secrets(super().format(record))


class JsonFormat(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request, game, and the fields a
    line adds (`extra`), a fault's trace in `exception`."""

    FIELDS = ("address", "method", "path", "status", "ms", "code", "seconds")

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self.formatTime(record),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request": getattr(record, "request", None),
            "game": getattr(record, "game", None),
        }
        line.update({name: getattr(record, name) for name in self.FIELDS if hasattr(record, name)})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return hide_secrets(json.dumps(line, ensure_ascii=False, separators=(",", ":")))


def configure(log_format: str = "text", *, level: int = logging.INFO) -> None:
    """The process's log on its standard error: damero's lines from `level` on, uvicorn's own
    from warnings on (its lines of each request and socket would write a token's query string)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormat() if log_format == "json" else TextFormat())
    # Neither format names the calling file and line, the thread or the process: a line is not
    # made to look them up (a socket's opening and its closing each write one), as the logging
    # documentation's "Optimization" section advises.
    logging._srcfile = None
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    handler.addFilter(Context())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("damero").setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).setLevel(logging.WARNING)
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class LoggedRequests:
    """An ASGI middleware: each request gets an id and one line when answered (a socket one when
    it opens and one when it closes), with its address's path only."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        ident = given if _PLAIN_ID.fullmatch(given) else secrets.token_hex(8)
        request_id.set(ident)
        path = scope.get("path", "")
        named = _GAME_PATH.match(path)
        game_id.set(named.group(1) if named and named.group(1) != "analysis" else None)
        client = scope.get("client")
        address = client[0] if client else "unknown"
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send, path, address)
            return
        started = time.perf_counter()
        status = 500

        async def answered(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [
                    *message.get("headers", ()),
                    (b"x-request-id", ident.encode("latin-1")),
                ]
            await send(message)

        try:
            await self.app(scope, receive, answered)
        finally:
            ms = round((time.perf_counter() - started) * 1000, 1)
            LOG.log(
                logging.DEBUG if path in QUIET_PATHS else logging.INFO,
                "%s %s %s %s ms from %s",
                scope["method"],
                path,
                status,
                ms,
                address,
                extra={
                    "address": address,
                    "method": scope["method"],
                    "path": path,
                    "status": status,
                    "ms": ms,
                },
            )

    async def _socket(
        self, scope: Scope, receive: Receive, send: Send, path: str, address: str
    ) -> None:
        started = time.monotonic()
        code: int | None = None

        async def sent(message: MutableMapping[str, Any]) -> None:
            nonlocal code
            if message["type"] == "websocket.close":
                code = message.get("code", 1000)
            await send(message)

        async def received() -> MutableMapping[str, Any]:
            nonlocal code
            message = await receive()
            if message["type"] == "websocket.disconnect" and code is None:
                code = message.get("code", 1005)
            return message

        LOG.info(
            "socket %s opened from %s", path, address, extra={"path": path, "address": address}
        )
        try:
            await self.app(scope, received, sent)
        finally:
            seconds = round(time.monotonic() - started, 1)
            LOG.info(
                "socket %s closed (%s) after %s s",
                path,
                code,
                seconds,
                extra={"path": path, "code": code, "seconds": seconds},
            )
