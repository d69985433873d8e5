"""The session cookie, and the check that keeps other sites from acting in a player's name.

The cookie holds only the session's random id (the database holds its hash and whose it is): it
is HttpOnly (no script reads it), SameSite=Lax (another site's form or script does not send it)
and Secure when the page came over HTTPS. Besides, every request that changes anything must come
from a page of this site, as its Origin header says: `SameOrigin` refuses the rest before any
route sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from damero.web.accounts import SESSION_LIFETIME
from damero.web.checks import WebError
from damero.web.refusals import error_response

COOKIE = "damero_session"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def session_id(connection: HTTPConnection) -> str | None:
    """The session id the request's cookie holds, if it looks like one."""
    value = connection.cookies.get(COOKIE)
    if (
        value is None
        or not 20 <= len(value) <= 64
        or not value.replace("-", "").replace("_", "").isalnum()
    ):
        return None
    return value


def keep_session(response: Response, connection: HTTPConnection, session: str) -> None:
    """Gives the browser its session's cookie."""
    response.set_cookie(
        COOKIE,
        session,
        max_age=int(SESSION_LIFETIME),
        path="/",
        httponly=True,
        samesite="lax",
        secure=connection.url.scheme in ("https", "wss"),
    )


def forget_session(response: Response, connection: HTTPConnection) -> None:
    """Tells the browser to drop its session's cookie."""
    response.delete_cookie(
        COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=connection.url.scheme in ("https", "wss"),
    )


def is_same_origin(headers: Mapping[str, str], *, has_session: bool) -> bool:
    """Whether a request that changes something may be acted on: it says it comes from this
    site's own pages (its Origin, or else its Referer, names the host it was sent to), or it
    comes from no browser at all (neither header, nor a session cookie to abuse).

    >>> is_same_origin({"host": "a.org", "origin": "https://a.org"}, has_session=True)
    True
    >>> is_same_origin({"host": "a.org", "origin": "https://b.org"}, has_session=False)
    False
    >>> is_same_origin({"host": "a.org"}, has_session=True)
    False
    """
    host = headers.get("host", "")
    origin = headers.get("origin")
    if origin is None:
        if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            return False
        referer = headers.get("referer")
        if referer is None:
            return not has_session
        origin = referer
    return bool(host) and urlsplit(origin).netloc == host


class SameOrigin:
    """ASGI middleware: a request other than GET, HEAD or OPTIONS from another site's page is
    answered 403 in words, and never reaches a route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            connection = HTTPConnection(scope)
            headers = {key: value for key, value in connection.headers.items()}
            if not is_same_origin(headers, has_session=COOKIE in connection.cookies):
                language = connection.query_params.get("lang")
                response = error_response(WebError("web.cross_site"), language, 403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
