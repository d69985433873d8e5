"""A refusal as a client hears it, the same from every address and socket: in the client's language,
with a code a program can read, and over HTTP a status that says whether asking again later helps.
"""

from __future__ import annotations

from starlette.responses import JSONResponse

from damero.core import Message
from damero.errors import DameroError
from damero.i18n import LANGUAGES, Catalog
from damero.web.storage import DatabaseFault

_CATALOGS = {language: Catalog(language) for language in LANGUAGES}

ASK_LATER = frozenset(
    {
        "web.too_many_games",
        "web.too_many_hints",
        "web.busy",
        "web.too_many_analyses",
        "web.analysis_busy",
        "account.too_many",
    }
)
"""Refusals of a limit reached: the same request is taken later (429)."""


def catalog_for(language: object) -> Catalog:
    """The catalogue of the language a client asked for, English if none or one damero lacks."""
    return _CATALOGS.get(str(language), _CATALOGS["en"])


def refusal_code(error: DameroError) -> str:
    """A refusal's code: its catalogue key, but a position the rules refuse is coded by their own
    reason, as the terminal says it."""
    why = error.message.values.get("why")
    if error.message.key == "analysis.bad_position" and isinstance(why, Message):
        return why.key
    return error.message.key


def refusal(error: DameroError, catalog: Catalog) -> dict[str, object]:
    """`{"type": "error", "code", "message"}`, as a socket is told it."""
    return {"type": "error", "code": refusal_code(error), "message": catalog.say(error.message)}


def error_response(error: DameroError, language: object, status: int = 400) -> JSONResponse:
    """`{"code", "message"}` in the client's language: 503 for a database fault and 429 for a
    limit reached (try again later, both), else `status`."""
    if isinstance(error, DatabaseFault):
        status = 503
    elif error.message.key in ASK_LATER:
        status = 429
    catalog = catalog_for(language)
    body = {"code": refusal_code(error), "message": catalog.say(error.message)}
    return JSONResponse(body, status_code=status)
