"""The server's addresses: the pages, the small JSON API (games to list and create, records to
download, replay and upload) and the socket of each game, each refusal in the client's words."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from damero import registry
from damero.core import Game, Message, Side
from damero.errors import DameroError
from damero.i18n import Catalog, en, es
from damero.players import LEVELS
from damero.progress import Clock, GameInProgress
from damero.records import Record, format_for, read_any
from damero.results import side_titles
from damero.round import MODES, SPECTATOR, Join, Player, Round, new_round
from damero.web import analysis, analysis_board, checks
from damero.web.accounts import Accounts
from damero.web.boards import layout_at
from damero.web.checks import WebError
from damero.web.computer import ComputerTurns
from damero.web.levels import level_ratings_json, rating_game
from damero.web.limits import DEFAULT_LIMITS, AddressLimit, Limits, address_of
from damero.web.protocol import MAX_MESSAGE, close, player_json, replay_document, serve_socket
from damero.web.refusals import catalog_for, error_response
from damero.web.rooms import Rooms
from damero.web.sessions import is_same_origin, session_id
from damero.web.storage import DatabaseFault, StoredGame, hash_token
from damero.web.stored import (
    SEAT_NAMES,
    game_of,
    new_game_id,
    new_token,
)

STATIC = Path(__file__).parent / "static"
PAGE_PATHS = ("/api/", "/ws/", "/static/", "/boards/")
"""The addresses of resources rather than pages: one not found there is answered as such."""
MAX_UPLOAD = 256 * 1024
"""The largest record file taken, in bytes; a 10x10 Othello game is about 12 KB."""
OPEN_GAMES_LISTED = 50
LISTED_SECONDS = 1800.0
"""A public game nobody moved in for this long is taken for abandoned and no longer listed."""
CLOCK_SECONDS = range(1, 3 * 3600 + 1)
INCREMENT_SECONDS = range(0, 181)
RATINGS = range(0, 4001)
"""The ratings a range may name."""
SEATS = ("first", "second")
MAX_MOVES_GIVEN = 1000
FOREVER = {"Cache-Control": "public, max-age=31536000, immutable"}
"""What a response whose address names its content may be kept for: a year, unasked."""

PAGE_WORDS = {
    language: {key: text for key, text in messages.items() if key.startswith(("page.", "result."))}
    for language, messages in (("en", en.MESSAGES), ("es", es.MESSAGES))
}
"""The page's own words and a result's (which the page says to each reader from its codes),
with their {fields} left for the page to fill in."""


def _release_of(folder: Path) -> str:
    """A name for the page's files as they are, which changes with any of them."""
    digest = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


RELEASE = _release_of(STATIC)
"""The release of the page this server serves. A page of another one, open since before the
server was updated, reloads when its socket is refused for it: its code might read the new
server's messages otherwise."""
OTHER_RELEASE = 4426
"""The code a socket is closed with when its page is of another release than its server."""


@functools.cache
def _page_text() -> str:
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    return text.replace("<head>", f'<head>\n<meta name="release" content="{RELEASE}">', 1)


def page() -> Response:
    """The site's one page, naming its release; its scripts draw whatever the address asks."""
    return HTMLResponse(_page_text())


def missing_page(what: str) -> Response:
    """The page, answered with status 404, saying that there is no `what` ("game", "player",
    "page") at its address: the page says it in the visitor's language, which only the
    browser knows (its own choice, kept there, or the device's)."""
    text = _page_text().replace("<body>", f'<body data-missing="{what}">', 1)
    return HTMLResponse(text, status_code=404)


async def not_found(request: Request, exc: Exception) -> Response:
    """Any address nothing answers: the page saying so for an address a person opens, the plain
    refusal for a resource's (a file, the API)."""
    if request.url.path.startswith(PAGE_PATHS):
        return PlainTextResponse("Not Found", status_code=404)
    return missing_page("page")


class Routes:
    """The handlers of every address, over this process's rooms and computer."""

    def __init__(
        self,
        rooms: Rooms,
        computer: ComputerTurns,
        accounts: Accounts,
        *,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.rooms = rooms
        self.computer = computer
        self.accounts = accounts
        self.storage = rooms.storage
        self.new_games = AddressLimit(
            "web.too_many_games", burst=limits.games_burst, per_second=limits.games_per_second
        )
        self.analyses = analysis.Analyses(limits)
        self.live_analyses = analysis_board.LiveAnalyses(self.analyses)

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/healthz", self.health),
            Route("/readyz", self.readiness),
            Route("/", self.page),
            Route("/play/{game_id}", self.game_page),
            Route("/replay/{game_id}", self.game_page),
            Route("/replay", self.page),
            Route("/rules", self.page),
            Route("/analyse", self.page),
            Route("/api/messages", self.catalogue),
            Route("/boards/{name}", self.layout),
            Route("/api/games", self.listing),
            Route("/api/games", self.create, methods=["POST"]),
            Route("/api/games/{game_id}/join", self.join, methods=["POST"]),
            Route("/api/games/{game_id}/record", self.record),
            Route("/api/games/{game_id}/replay", self.replay),
            Route("/api/upload", self.upload, methods=["POST"]),
            Route(
                "/api/analysis",
                functools.partial(analysis.position_analysis, analyses=self.analyses),
            ),
            Route("/api/analysis/board", analysis_board.board_view),
            Route(
                "/api/games/{game_id}/analysis",
                functools.partial(
                    analysis.game_review, analyses=self.analyses, live_of=self.rooms.get
                ),
            ),
            WebSocketRoute("/ws/analysis", self.live_analyses.serve),
            WebSocketRoute("/ws/{game_id}", self.socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]

    async def page(self, request: Request) -> Response:
        return page()

    async def health(self, request: Request) -> Response:
        """The process answers (a load balancer's liveness check): nothing is read."""
        return PlainTextResponse("ok\n")

    async def readiness(self, request: Request) -> Response:
        """Whether this process should be sent players: it is not stopping, it listens for the
        other processes' moves, and the database answers with the current schema; 503 saying
        why not. One row read, cheap enough to be asked every second."""
        why: Message | None = None
        if self.rooms.draining:
            why = Message("web.draining")
        elif self.rooms.listening is None:
            why = Message("web.not_listening")
        else:
            try:
                await to_thread.run_sync(self.storage.ready)
            except DatabaseFault as fault:
                why = fault.why
        if why is None:
            return PlainTextResponse("ready\n")
        catalog = catalog_for(request.query_params.get("lang"))
        return PlainTextResponse(f"not ready: {catalog.say(why)}\n", status_code=503)

    async def game_page(self, request: Request) -> Response:
        """The page of a game; a 404 page saying so, with a link home, for a game there is not."""
        try:
            await self.rooms.get(request.path_params["game_id"])
        except DatabaseFault:
            pass  # the page itself says the server cannot reach its games, and tries again
        except DameroError:
            return missing_page("game")
        return page()

    async def layout(self, request: Request) -> Response:
        """A board's layout (web/boards.py), at an address that changes with its content: kept
        by the browser for good."""
        body = layout_at(request.url.path)
        if body is None:
            error = WebError("web.unknown_layout")
            return error_response(error, request.query_params.get("lang"), status=404)
        return Response(body, media_type="application/json", headers=FOREVER)

    async def catalogue(self, request: Request) -> Response:
        catalog = catalog_for(request.query_params.get("lang"))
        texts = dict(PAGE_WORDS[catalog.language])
        for game in registry.GAMES:
            # Every word of the game's own, among them the rules' reasons a result gives.
            texts.update(game.messages.get(catalog.language, {}))
            for suffix in ("title", "summary", "rules"):
                texts[f"{game.name}.{suffix}"] = catalog.text(f"{game.name}.{suffix}")
            for name in side_titles(game).values():
                texts[name.key] = catalog.say(name)
        return JSONResponse(texts)

    async def listing(self, request: Request) -> Response:
        language = request.query_params.get("lang")
        try:
            since = time.time() - LISTED_SECONDS
            stored, levels = await to_thread.run_sync(
                lambda: (
                    self.storage.open_games(limit=OPEN_GAMES_LISTED, since=since),
                    self.storage.level_ratings(),
                )
            )
        except DatabaseFault as fault:
            return error_response(fault, language)
        catalog = catalog_for(language)
        return JSONResponse(
            {
                "games": [
                    {
                        "name": game.name,
                        "options": options_json(game, catalog),
                        "sides": [
                            {"seat": SEAT_NAMES[side], "key": side_titles(game)[side].key}
                            for _, side in game.side_options
                        ],
                    }
                    for game in registry.GAMES
                ],
                "levels": list(LEVELS),
                "level_ratings": level_ratings_json(levels),
                "open": [_listed(game) for game in stored if _open_seat(game) is not None],
                "live": [_listed(game) for game in stored if _open_seat(game) is None],
            }
        )

    async def create(self, request: Request) -> Response:
        language = request.query_params.get("lang")
        try:
            body = checks.json_object(await capped_body(request, MAX_MESSAGE))
            game = game_of(checks.field(body, "game", str), checks.field(body, "options", dict, {}))
            mode = checks.one_of(body, "mode", MODES, "local", refusal="web.bad_mode")
            seat = checks.one_of(body, "seat", SEATS, "first", refusal="web.bad_seat")
            level = checks.one_of(body, "level", LEVELS, 3, refusal="web.bad_seat")
            start = game.start()
            if "start" in body:
                text = checks.field(body, "start", str)
                if len(text) > 400:
                    raise WebError("web.bad_field", name="start")
                start = game.parse_position(text)
            clock = None
            if "clock" in body:
                timing = checks.field(body, "clock", dict)
                initial = checks.one_of(
                    timing, "initial", CLOCK_SECONDS, 0, refusal="web.bad_clock"
                )
                increment = checks.one_of(
                    timing, "increment", INCREMENT_SECONDS, 0, refusal="web.bad_clock"
                )
                clock = Clock.of(initial=initial * 1000, increment=increment * 1000)
            given = checks.field(body, "moves", list, [])
            if len(given) > MAX_MOVES_GIVEN:
                raise WebError("web.bad_move_list", number=0)
            rated = checks.field(body, "rated", bool, False)
            rating_range = None
            if "rating_range" in body:
                bounds = checks.field(body, "rating_range", dict)
                low = checks.one_of(bounds, "low", RATINGS, 0, refusal="account.bad_range")
                high = checks.one_of(bounds, "high", RATINGS, 0, refusal="account.bad_range")
                rating_range = (low, high)
            key = rating_game(game.name, {name: getattr(game, name) for name in game.options})
            creator = await self.accounts.player(
                session_id(request), guest=body.get("name"), game=key
            )
            level_rating = None
            if mode == "computer":
                level_rating = await to_thread.run_sync(self.storage.level_rating, level, key)
            token = new_token()
            other = new_token() if mode == "friend" else None
            live = new_round(
                new_game_id(),
                game,
                mode=mode,
                side=Side.FIRST if seat == "first" else Side.SECOND,
                level=level,
                start=start,
                moves=checks.move_texts(given),
                clock=clock,
                mine=hash_token(token),
                other=None if other is None else hash_token(other),
                created=time.time(),
                creator=creator,
                rated=rated,
                rating_range=rating_range,
                level_rating=level_rating,
            )
            self.new_games.take(address_of(request))
            await self.rooms.create(live)
        except DameroError as error:
            return error_response(error, language)
        base = f"/play/{live.id}"
        links = {"you": f"{base}#seat={token}", "watch": base}
        if other is not None:
            links["other"] = f"{base}#seat={other}"
        return JSONResponse({"id": live.id, "token": token, "links": links})

    async def join(self, request: Request) -> Response:
        """Takes the open seat of a public game: its token and links, as for a new game. A join
        that lost a race with another process's change is decided again on the game as it is."""
        game_id = request.path_params["game_id"]
        try:
            body = await capped_body(request, MAX_MESSAGE)
            guest = checks.json_object(body).get("name") if body else None
            self.new_games.take(address_of(request))
            live = await self.rooms.get(game_id)
            key = rating_game(live.state.game.name, live.options)
            player = await self.accounts.player(session_id(request), guest=guest, game=key)
            token = new_token()
            join = Join(hash_token(token), player)
            try:
                await self.rooms.act(game_id, None, SPECTATOR, join, now=time.time())
            except WebError as error:
                if error.message.key != "web.moved_on":
                    raise
                await self.rooms.act(game_id, None, SPECTATOR, join, now=time.time())
        except DameroError as error:
            status = 404 if error.message.key == "web.unknown_id" else 409
            return error_response(error, request.query_params.get("lang"), status)
        base = f"/play/{game_id}"
        return JSONResponse(
            {"id": game_id, "token": token, "links": {"you": f"{base}#seat={token}", "watch": base}}
        )

    async def record(self, request: Request) -> Response:
        try:
            live = await self.rooms.get(request.path_params["game_id"])
        except DameroError as error:
            return error_response(error, request.query_params.get("lang"), 404)
        text = io.StringIO()
        dated = dated_record(live)
        format_for(dated).write(dated, text)
        name = live.state.game.name
        return Response(
            text.getvalue().encode("utf-8"),
            media_type="text/plain; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}-{live.id}.txt"'},
        )

    async def replay(self, request: Request) -> Response:
        language = request.query_params.get("lang")
        try:
            live = await self.rooms.get(request.path_params["game_id"])
        except DameroError as error:
            return error_response(error, language, 404)
        document = replay_document(live.state, catalog_for(language), analysable=live.may_help)
        return JSONResponse(document)

    async def upload(self, request: Request) -> Response:
        language = request.query_params.get("lang")
        try:
            data = await capped_body(request, MAX_UPLOAD)
            record = await to_thread.run_sync(read_uploaded, data)
        except DameroError as error:
            return error_response(error, language)
        state = GameInProgress.replayed(record.game, start=record.start, moves=record.moves)
        return JSONResponse(replay_document(state, catalog_for(language)))

    async def socket(self, websocket: WebSocket) -> None:
        """A game's socket; a session cookie counts only from the site's own pages (a socket's
        handshake is never refused for another site's, but gets no account)."""
        if websocket.query_params.get("release", RELEASE) != RELEASE:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await websocket.accept()
            await close(websocket, OTHER_RELEASE)
            return  # a page of another release: it reloads, asking nothing of the database
        account = None
        if is_same_origin(dict(websocket.headers.items()), has_session=True):
            with contextlib.suppress(DatabaseFault):
                account = await self.accounts.account_of(session_id(websocket))
        guest = websocket.query_params.get("name")

        async def player(game: str) -> Player | None:
            try:
                return await self.accounts.player_of(account, guest=guest, game=game)
            except DameroError:
                return None  # a name that will not do, or the database away: the seat stays unnamed

        await serve_socket(
            self.rooms,
            self.computer,
            websocket,
            account=None if account is None else account.id,
            player=player,
        )


def options_json(game: Game[Any, Any], catalog: Catalog) -> list[dict[str, object]]:
    """A game's options as a page offers them, in `catalog`'s language, so that it assumes
    nothing of any game: `[{"name": "size", "label": "Board size", "default": 8, "choices":
    [{"value": 4, "label": "4x4"}, ...]}]`, from the game's own words for each."""
    return [
        {
            "name": name,
            "label": catalog.text(f"{game.name}.{name}_label"),
            "default": getattr(game, name, values[0]),
            "choices": [
                {"value": value, "label": catalog.text(f"{game.name}.{name}_choice", value=value)}
                for value in values
            ],
        }
        for name, values in game.options.items()
    ]


async def capped_body(request: Request, limit: int) -> bytes:
    """The request's body, refused with a clear error past `limit` bytes (read no further)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise WebError("web.too_large", limit=limit // 1024)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise WebError("web.too_large", limit=limit // 1024)
        chunks.append(chunk)
    return b"".join(chunks)


def read_uploaded(data: bytes) -> Record:
    """The record in an uploaded file, read by the same readers as the terminal's files."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "upload.txt"
        path.write_bytes(data)
        return read_any(path, registry.GAMES)


def dated_record(live: Round) -> Record:
    """The game's record, its header saying when it started."""
    started = datetime.fromtimestamp(live.created).strftime("%Y-%m-%d %H:%M")
    state = live.state
    return Record(state.game, (("started", started),), state.start, state.moves)


def _open_seat(stored: StoredGame) -> str | None:
    """The name of the seat nobody took yet in a public game, or None."""
    for name, seat in zip(("first", "second"), stored.seats, strict=True):
        if seat.token_hash is None and seat.level is None:
            return name
    return None


def _listed(stored: StoredGame) -> dict[str, object]:
    """A public game as the front page lists it: its open seat if any, who made it (their name and
    rating, where they gave one), whether it is rated and the ratings its open seat takes."""
    seat = _open_seat(stored)
    creator = stored.players[1 if seat == "first" else 0]
    return {
        "id": stored.id,
        "game": stored.game,
        "options": dict(stored.options),
        "created": stored.created,
        "seat": seat,
        "creator": player_json(creator),
        "rated": stored.rated,
        "rating_range": None if stored.rating_range is None else list(stored.rating_range),
    }
