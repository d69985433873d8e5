"""The analysis API: `GET /api/analysis`, each legal move's value in a position given as text, and
`GET /api/games/{id}/analysis`, a stored game's review; the same documents as the terminal's
`analyse --json` and `review --json`, from the same code (`damero.analysis`).

The work runs on a thread of its own, never on the event loop nor on the hints' or the computer's
threads; each address may ask a few analyses at once and then one every few seconds, a few more
wait for the thread, and answers are kept by position in a small cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import Response

from damero import analysis, registry
from damero.core import Game, Limit, Message, parse_number
from damero.errors import DameroError
from damero.round import Round
from damero.web.checks import WebError
from damero.web.limits import AddressLimit, Limits, address_of
from damero.web.refusals import error_response
from damero.web.workers import THREADS_PER_THINK, thinking_threads

ANALYSIS_SECONDS = 2.0
"""The longest a position's analysis takes from its asking to its answer, waiting included: an
Othello endgame not solved by then is given as the engine's estimate, said to be one."""
SHORTEST_ANALYSIS = 0.05
"""What an analysis that waited its whole time still thinks: a shallow search, answered at once."""
CACHED_POSITIONS = 512
"""Positions whose move values are kept, the one used longest ago forgotten first."""
MAX_POSITION = 400
"""The longest position text taken, in characters; a 10x10 Othello board is about 110."""
Key = tuple[str, tuple[tuple[str, int], ...], str, int | None]
"""A cached analysis: the game, its options, the position's text, and the depth asked."""


class Analyses:
    """The analyses' thread, their places, their limit by address and their cache."""

    def __init__(
        self,
        limits: Limits,
        *,
        threads: int = 1,
        waiting: int = 4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.executor = thinking_threads(threads, "analysis")
        self.places = threads + waiting
        self.taken = 0
        self.clock = clock
        self.addresses = AddressLimit(
            "web.too_many_analyses",
            burst=limits.analyses_burst,
            per_second=limits.analyses_per_second,
            clock=clock,
        )
        self.cache: OrderedDict[Key, analysis.MoveValues] = OrderedDict()
        self.cache_lock = threading.Lock()

    @contextlib.asynccontextmanager
    async def place(self, address: str) -> AsyncIterator[None]:
        """A place for one request's work: WebError if the address asked too much lately or too
        many requests wait already."""
        self.addresses.take(address)
        if self.taken >= self.places:
            raise WebError("web.analysis_busy")
        self.taken += 1
        try:
            yield
        finally:
            self.taken -= 1

    async def move_values(
        self, game: Game[Any, Any], position: Any, *, seconds: float, depth: int | None = None
    ) -> analysis.MoveValues:
        """The position's move values, from the cache or worked out on the analyses' thread in the
        time left of `seconds` from now (and `depth` deep at most, where an engine estimates)."""
        key = cache_key(game, position, depth)
        cached = self.cached(key)
        if cached is not None:
            return cached
        asked = self.clock()

        def work() -> analysis.MoveValues:
            left = max(seconds - (self.clock() - asked), SHORTEST_ANALYSIS)
            limit = Limit(depth=depth, seconds=left, threads=THREADS_PER_THINK)
            return tuple(analysis.move_values(game, position, limit=limit, clock=time.monotonic))

        values = await asyncio.get_running_loop().run_in_executor(self.executor, work)
        self.keep(key, values)
        return values

    def cached(self, key: Key) -> analysis.MoveValues | None:
        with self.cache_lock:
            cached = self.cache.get(key)
            if cached is not None:
                self.cache.move_to_end(key)
            return cached

    def keep(self, key: Key, values: analysis.MoveValues) -> None:
        with self.cache_lock:
            self.cache[key] = values
            while len(self.cache) > CACHED_POSITIONS:
                self.cache.popitem(last=False)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


async def position_analysis(request: Request, *, analyses: Analyses) -> Response:
    """`GET /api/analysis?game=NAME&position=TEXT`, the game's options as further parameters
    (size=8) or read from the position: what `damero NAME analyse POSITION --json` prints."""
    parameters = request.query_params
    language = parameters.get("lang")
    try:
        game, position = position_asked(parameters)
        async with analyses.place(address_of(request)):
            values = await analyses.move_values(game, position, seconds=ANALYSIS_SECONDS)
    except DameroError as error:
        return error_response(error, language)
    return _document_response(analysis.position_document(game, position, values))


async def game_review(
    request: Request, *, analyses: Analyses, live_of: Callable[[str], Awaitable[Round]]
) -> Response:
    """`GET /api/games/{id}/analysis`: the stored game's review, what `damero review FILE --json`
    prints for its record. Refused (403) while fair play says no (`Round.may_help`): while a game
    between two people is being played, to its players and its spectators alike."""
    language = request.query_params.get("lang")
    try:
        live = await live_of(request.path_params["game_id"])
    except DameroError as error:
        return error_response(error, language, 404)
    state = live.state
    try:
        if not live.may_help:
            refusal = "account.rated_no_help" if live.rated else "web.analysis_in_play"
            return error_response(WebError(refusal), language, 403)
        async with analyses.place(address_of(request)):
            values = {}
            for position in analysis.judged_positions(state):
                values[position] = await analyses.move_values(
                    state.game,
                    position,
                    seconds=analysis.REVIEW_SECONDS,
                    depth=analysis.REVIEW_DEPTH,
                )
    except DameroError as error:
        return error_response(error, language)
    reviewed = analysis.review(state, values.__getitem__)
    return _document_response(analysis.review_document(state, reviewed))


def cache_key(game: Game[Any, Any], position: Any, depth: int | None) -> Key:
    options = tuple(sorted((name, getattr(game, name)) for name in game.options))
    return (game.name, options, game.format_position(position), depth)


def game_asked(
    parameters: QueryParams | Mapping[str, str],
) -> tuple[Game[Any, Any], dict[str, int]]:
    """The game a request names and the options it gives; WebError for an unknown game or a bad
    option."""
    name = parameters.get("game")
    try:
        game = registry.find_game(str(name))
    except KeyError:
        raise WebError("web.unknown_game", name=str(name)[:40]) from None
    given = {}
    for option, allowed in game.options.items():
        text = parameters.get(option)
        if text is None:
            continue
        number = parse_number(text)
        if number not in allowed:
            raise WebError("web.bad_options", game=game.name)
        given[option] = number
    return game, given


def position_asked(parameters: QueryParams | Mapping[str, str]) -> tuple[Game[Any, Any], Any]:
    """The game and position a request names; WebError for an unknown game or a bad option, and
    the rules' refusal, said as the terminal says it, for a position that cannot occur."""
    game, given = game_asked(parameters)
    text = parameters.get("position")
    if text is None or len(text) > MAX_POSITION:
        raise WebError("web.bad_field", name="position")
    try:
        position = game.variant(**given).parse_position(text)
    except DameroError as error:
        raise WebError("analysis.bad_position", why=error.message) from None
    found = {name: getattr(position, name) for name in game.options if hasattr(position, name)}
    for option, number in given.items():
        if option in found and found[option] != number:
            what = Message(f"{game.name}.{option}_option")
            raise WebError("web.options_disagree", what=what, found=found[option], given=number)
    return game.variant(**{**found, **given}), position


def _document_response(document: Mapping[str, object]) -> Response:
    """A document as the terminal prints it, byte for byte."""
    return Response(
        analysis.format_document(document) + "\n", media_type="application/json; charset=utf-8"
    )
