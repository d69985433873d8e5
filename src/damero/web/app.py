"""The ASGI app: pages, a small JSON API, and one WebSocket per viewer of a game.

The server owns every game (see DESIGN.md, "The browser"): a move is checked by the
rules, committed to storage, and only then sent to every socket of the game with the
game's new version. A socket that (re)connects is sent the whole state at the version
now stored, so nothing is skipped or repeated.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import logging
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from damero import games
from damero.core import Limit, Message, Side, describe_value
from damero.errors import DameroError
from damero.i18n import LANGUAGES, Catalog, en, es
from damero.players import LEVELS, computer_player
from damero.records import Record, format_for, read_any
from damero.web import checks
from damero.web.limits import DEFAULT_LIMITS, AddressLimit, Limits, TokenBucket
from damero.web.storage import Change, DatabaseFault, Storage, StoredGame
from damero.web.table import (
    SEAT_NAMES,
    Table,
    WebError,
    frames,
    game_of,
    new_table,
    replay_texts,
    view,
)
from damero.web.workers import Workers

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 2_000
"""The longest WebSocket message read, in characters; every real message is far shorter."""
MAX_UPLOAD = 256 * 1024
"""The largest record file taken, in bytes; a 10x10 Othello game is about 12 KB."""
BURST, PER_SECOND = 60, 20.0
"""A socket may send BURST messages at once and PER_SECOND on average; more are refused."""
OPEN_GAMES_LISTED = 50
CLAIM_SECONDS = 30.0
"""How long a process holds a computer's turn; a think stops at 2 s, so only a dead process lets
it run out."""
MODES = ("local", "computer", "friend")
TOO_MANY = frozenset({"web.too_many_games", "web.too_many_hints", "web.busy"})
SEATS = ("first", "second")
LOG = logging.getLogger("damero.web")

_CATALOGS = {language: Catalog(language) for language in LANGUAGES}
PAGE_WORDS = {
    language: {key: text for key, text in messages.items() if key.startswith("page.")}
    for language, messages in (("en", en.MESSAGES), ("es", es.MESSAGES))
}
"""The page's own words, with their {fields} left for the page to fill in."""


def catalog_for(language: object) -> Catalog:
    return _CATALOGS.get(str(language), _CATALOGS["en"])


@dataclass(eq=False)
class Client:
    """One socket watching or playing a game; `messages` refuses a flood, `hinting` a second hint
    while one is thought of."""

    socket: WebSocket
    sides: frozenset[Side]
    catalog: Catalog
    messages: TokenBucket = field(default_factory=lambda: TokenBucket(BURST, PER_SECOND))
    hinting: bool = False

    @property
    def address(self) -> str:
        return address_of(self.socket)

    async def send(self, message: dict[str, object]) -> None:
        with contextlib.suppress(Exception):
            await self.socket.send_text(json.dumps(message, ensure_ascii=False))

    async def refuse(self, error: DameroError) -> None:
        await self.send(
            {"type": "error", "code": error.message.key, "message": self.catalog.say(error.message)}
        )


class GroupCommitter:
    """Commits the changes of many games together: while one transaction is being synced to the
    disk, the next changes wait and then go in one transaction of their own.

    Each caller still hears only once its own change is durable, so a move is committed
    before anyone is told, at the rate of many moves per disk sync instead of one; and one
    writer at a time never waits on SQLite's lock.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.waiting: list[tuple[Change | StoredGame, asyncio.Future[bool]]] = []
        self.writer: asyncio.Task[None] | None = None

    async def commit(self, change: Change | StoredGame) -> bool:
        """True once `change` (or a new game) is stored; False if its game had moved on."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.waiting.append((change, done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write())
        return await done

    async def _write(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            try:
                results = await to_thread.run_sync(
                    self.storage.write, [change for change, _ in batch]
                )
            except DatabaseFault as fault:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(fault)
                continue
            for (_, done), stored in zip(batch, results, strict=True):
                if not done.done():
                    done.set_result(stored)


class Hub:
    """The games being played in this process, their sockets, and the storage behind them."""

    def __init__(
        self,
        storage: Storage,
        *,
        claim_seconds: float = CLAIM_SECONDS,
        sweep_seconds: float | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.storage = storage
        self.claim_seconds = claim_seconds
        self.sweep_seconds = max(claim_seconds / 3, 0.5) if sweep_seconds is None else sweep_seconds
        self.tables: dict[str, Table] = {}
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.clients: defaultdict[str, set[Client]] = defaultdict(set)
        self.thinking: dict[str, asyncio.Task[None]] = {}
        self.hint_tasks: set[asyncio.Task[None]] = set()
        self.unreleased: set[tuple[str, int]] = set()
        """Computer's turns this process claimed and could not play nor give back yet."""
        self.workers = Workers()
        self.rng = random.Random()
        self.committer = GroupCommitter(storage)
        self.new_games = AddressLimit(
            "web.too_many_games", burst=limits.games_burst, per_second=limits.games_per_second
        )
        self.hints = AddressLimit(
            "web.too_many_hints", burst=limits.hints_burst, per_second=limits.hints_per_second
        )

    async def table(self, game_id: object) -> Table:
        """The game with this id, from memory or storage; WebError if there is none."""
        if not isinstance(game_id, str) or len(game_id) > 32:
            raise WebError("web.unknown_id", id=str(game_id)[:40])
        table = self.tables.get(game_id)
        if table is None:
            stored = await to_thread.run_sync(self.storage.load, game_id)
            if stored is None:
                raise WebError("web.unknown_id", id=game_id)
            table = self.tables.setdefault(game_id, Table.from_stored(stored))
        return table

    async def create(self, table: Table, address: str) -> None:
        self.new_games.take(address)
        await self.committer.commit(table.stored())
        self.tables[table.id] = table
        self.start_thinking(table)

    async def commit(self, table: Table, changed: Table) -> None:
        """Stores `changed` if `table` is still the stored version, then tells every socket."""
        kept = min(len(table.moves), len(changed.moves))
        try:
            stored = await self.committer.commit(
                Change(
                    table.id,
                    version=table.version,
                    first=kept,
                    moves=changed.move_texts[kept:],
                    finished=changed.is_finished,
                    is_take_back=kept < len(table.moves),
                )
            )
        except DatabaseFault:
            # A commit cut off by a lost connection may have gone in after all: the game is read
            # afresh next time rather than trusted from memory.
            self.tables.pop(table.id, None)
            raise
        if not stored:
            # Another writer moved the game on: read it again and refuse this change.
            self.tables.pop(table.id, None)
            await self.broadcast(await self.table(table.id))
            raise WebError("web.moved_on")
        self.tables[table.id] = changed
        await self.broadcast(changed)
        self.start_thinking(changed)

    async def broadcast(self, table: Table) -> None:
        """Sends each socket of the game its view; one message per language and seat is built."""
        built: dict[tuple[str, frozenset[Side]], str] = {}
        sends = []
        for client in list(self.clients[table.id]):
            key = (client.catalog.language, client.sides)
            if key not in built:
                built[key] = json.dumps(
                    view(table, client.sides, client.catalog), ensure_ascii=False
                )
            sends.append(_send_text(client.socket, built[key]))
        await asyncio.gather(*sends)

    async def current(self, game_id: str, version: int) -> Table:
        """The game, read again if a client has seen a newer version than this process holds (the
        other process's commit has not been heard of here yet)."""
        table = await self.table(game_id)
        if version > table.version:
            self.tables.pop(game_id, None)
            table = await self.table(game_id)
        return table

    async def move(self, client: Client, game_id: str, version: int, text: str) -> None:
        async with self.locks[game_id]:
            table = await self.current(game_id, version)
            if not client.sides:
                raise WebError("web.spectator_move")
            if version != table.version:
                raise WebError("web.moved_on")
            if table.is_finished:
                raise WebError("web.game_over")
            side = table.position.side_to_move
            if side not in client.sides:
                raise WebError("web.not_your_turn", side=Message(table.game.side_key(side)))
            moves, notices = table.after_move(text)
            await self.commit(table, table.extended(moves, notices))

    async def undo(self, client: Client, game_id: str, version: int) -> None:
        async with self.locks[game_id]:
            table = await self.current(game_id, version)
            if not table.can_take_back(client.sides):
                raise WebError("web.cannot_undo")
            if version != table.version:
                raise WebError("web.moved_on")
            task = self.thinking.pop(game_id, None)
            if task is not None:
                task.cancel()
            await self.commit(table, table.taken_back())

    async def hint(self, client: Client, game_id: str) -> None:
        """Starts thinking of the best move for the client's side; its answer comes when it is
        ready, and the socket's other messages go on meanwhile. One hint at a time a socket, a few
        a minute an address, on the hints' own threads and shortened when they are busy."""
        table = await self.table(game_id)
        if not client.sides or table.is_finished:
            raise WebError("web.no_hint")
        if client.hinting:
            raise WebError("web.hint_pending")
        self.hints.take(client.address)
        client.hinting = True
        task = asyncio.get_running_loop().create_task(self._hint(client, table))
        self.hint_tasks.add(task)
        task.add_done_callback(self.hint_tasks.discard)

    async def _hint(self, client: Client, table: Table) -> None:
        position = table.position

        def analyse(limit: Limit) -> list[tuple[Any, Any]]:
            return list(table.game.analyst.move_values(position, limit=limit, clock=time.monotonic))

        try:
            values = await self.workers.hint(analyse)
            if not values:
                raise WebError("web.no_hint")
        except DameroError as error:
            await client.refuse(error)
            return
        finally:
            client.hinting = False
        move, value = values[0]
        meaning = client.catalog.say(describe_value(table.game, value, position.side_to_move))
        text = table.game.format_move(move)
        await client.send(
            {
                "type": "hint",
                "version": table.version,
                "move": text,
                "message": client.catalog.text("analysis.hint", move=text, meaning=meaning),
            }
        )

    def start_thinking(self, table: Table) -> None:
        """Starts the computer's think if it is to move; the think runs off the event loop."""
        level = table.computer_level()
        running = self.thinking.get(table.id)
        if level is None or (running is not None and not running.done()):
            return
        self.thinking[table.id] = asyncio.get_running_loop().create_task(
            self._think(table.id, table.version, level)
        )

    async def _think(self, game_id: str, version: int, level: int) -> None:
        """Claims the computer's turn at `version`, thinks and commits its move. A database fault on
        the way gives the claim back (now, or at a later sweep once the database answers), so the
        next sweep takes the turn up again."""
        claimed = False
        try:
            claimed = await to_thread.run_sync(
                lambda: self.storage.claim(
                    game_id, version=version, seconds=self.claim_seconds, now=time.time()
                )
            )
            if not claimed:
                return  # another process thinks, or the game moved on
            table = await self.table(game_id)
            player = computer_player(table.game, level=level, rng=self.rng, clock=time.monotonic)
            position = table.position
            move = await self.workers.think(functools.partial(player.choose, position))
            async with self.locks[game_id]:
                self.thinking.pop(game_id, None)
                table = await self.table(game_id)
                if table.version != version:
                    return
                moves, notices = table.after_move(table.game.format_move(move))
                await self.commit(table, table.extended(moves, notices))
        except DameroError:
            if claimed:
                self.unreleased.add((game_id, version))
                await self._release_claims()
        finally:
            if self.thinking.get(game_id) is asyncio.current_task():
                del self.thinking[game_id]

    async def _release_claims(self) -> None:
        """Gives back the turns claimed here whose think failed; those the database does not take
        yet stay for the next sweep."""
        for game_id, version in list(self.unreleased):
            with contextlib.suppress(DatabaseFault):
                await to_thread.run_sync(
                    functools.partial(self.storage.release, game_id, version=version)
                )
                self.unreleased.discard((game_id, version))

    async def sweep(self) -> None:
        """At a start and then from time to time: the computer takes up every game where it is to
        move and no process holds its turn (one that died mid-think lets its claim expire). A
        database fault skips one sweep; the next tries again."""
        while True:
            try:
                await self._sweep_once()
            except DatabaseFault:
                pass  # logged where it happened; the database may be back by the next sweep
            except Exception:
                LOG.exception("the sweep for the computer's turns failed; it goes on")
            await asyncio.sleep(self.sweep_seconds)

    async def _sweep_once(self) -> None:
        await self._release_claims()
        for game_id in await to_thread.run_sync(
            functools.partial(self.storage.unclaimed_with_computer, now=time.time())
        ):
            self.tables.pop(game_id, None)  # read it afresh: another process may have moved it
            with contextlib.suppress(WebError):
                self.start_thinking(await self.table(game_id))

    def heard(self, game_id: str, version: int) -> None:
        """Another process committed `version` of a game: its sockets here are told (listener thread)."""
        self.loop.call_soon_threadsafe(lambda: self.loop.create_task(self.reload(game_id, version)))

    def reconnected(self) -> None:
        """The listening connection came back: changes may have been missed, so every watched game is
        read again and its sockets sent the state at the version stored (nothing lost, nothing twice)."""
        for game_id in list(self.clients):
            self.heard(game_id, 0)

    async def reload(self, game_id: str, version: int) -> None:
        if game_id not in self.clients:
            # Nobody here watches it: forget it, so that whoever comes next reads it afresh
            # rather than be shown, and move from, the version this process saw last.
            self.tables.pop(game_id, None)
            return
        cached = self.tables.get(game_id)
        if cached is not None and cached.version >= version > 0:
            return
        async with self.locks[game_id]:
            try:
                stored = await to_thread.run_sync(self.storage.load, game_id)
            except DatabaseFault:
                return  # the listener reconnects once the database is back, and reads it then
            if stored is None:
                return
            table = Table.from_stored(stored)
            cached = self.tables.get(game_id)
            if cached is not None and cached.version >= table.version:
                return  # this process made the change, or has heard of it already
            self.tables[game_id] = table
            await self.broadcast(table)

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        await to_thread.run_sync(self.storage.listen, self.heard, self.reconnected)
        self.sweeper = self.loop.create_task(self.sweep())

    async def close(self) -> None:
        self.sweeper.cancel()
        for task in [*self.thinking.values(), *self.hint_tasks]:
            task.cancel()
        self.workers.close()


async def _send_text(socket: WebSocket, text: str) -> None:
    with contextlib.suppress(Exception):
        await socket.send_text(text)


async def _close(socket: WebSocket, code: int) -> None:
    """Closes a socket whose client may have left already (then there is nothing to close)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await socket.close(code=code)


def address_of(connection: Request | WebSocket) -> str:
    """Where a request comes from, for the limits by address (behind a trusted proxy, uvicorn has
    put the address it forwards for here)."""
    return connection.client.host if connection.client else "unknown"


def _error_response(error: DameroError, language: object, status: int = 400) -> JSONResponse:
    """The error in the client's language: 503 for a database fault, 429 for a limit reached (try
    again later, both), else `status`."""
    catalog = catalog_for(language)
    if isinstance(error, DatabaseFault):
        status = 503
    elif error.message.key in TOO_MANY:
        status = 429
    return JSONResponse(
        {"code": error.message.key, "message": catalog.say(error.message)}, status_code=status
    )


def create_app(
    storage: Storage,
    *,
    claim_seconds: float = CLAIM_SECONDS,
    sweep_seconds: float | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Starlette:
    """The app serving the games in `storage`; a computer's turn left unplayed `claim_seconds`
    by the process that took it is taken over by another, looked for every `sweep_seconds`
    (a third of `claim_seconds` unless given)."""
    hub = Hub(storage, claim_seconds=claim_seconds, sweep_seconds=sweep_seconds, limits=limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.close()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def catalogue(request: Request) -> Response:
        catalog = catalog_for(request.query_params.get("lang"))
        texts = dict(PAGE_WORDS[catalog.language])
        for game in games.GAMES:
            for suffix in ("title", "summary"):
                texts[f"{game.name}.{suffix}"] = catalog.text(f"{game.name}.{suffix}")
            for _, side in game.side_options:
                texts[game.side_key(side)] = catalog.text(game.side_key(side))
        return JSONResponse(texts)

    async def listing(request: Request) -> Response:
        try:
            stored = await to_thread.run_sync(lambda: storage.open_games(limit=OPEN_GAMES_LISTED))
        except DatabaseFault as fault:
            return _error_response(fault, request.query_params.get("lang"))
        return JSONResponse(
            {
                "games": [
                    {
                        "name": game.name,
                        "options": {name: list(values) for name, values in game.options.items()},
                        "default": {
                            name: getattr(game, name, values[0])
                            for name, values in game.options.items()
                        },
                        "sides": [
                            {"seat": SEAT_NAMES[side], "key": game.side_key(side)}
                            for _, side in game.side_options
                        ],
                    }
                    for game in games.GAMES
                ],
                "levels": list(LEVELS),
                "open": [
                    {
                        "id": game.id,
                        "game": game.game,
                        "options": dict(game.options),
                        "created": game.created,
                    }
                    for game in stored
                ],
            }
        )

    async def create(request: Request) -> Response:
        language = request.query_params.get("lang")
        try:
            body = checks.json_object(await _capped_body(request, MAX_MESSAGE))
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
            moves = replay_texts(game, start, _list(checks.field(body, "moves", list, [])))
            side = Side.FIRST if seat == "first" else Side.SECOND
            table, token, other = new_table(
                game, mode=mode, side=side, level=level, start=start, moves=moves
            )
            await hub.create(table, address_of(request))
        except DameroError as error:
            return _error_response(error, language)
        base = f"/play/{table.id}"
        links = {"you": f"{base}#seat={token}", "watch": base}
        if other is not None:
            links["other"] = f"{base}#seat={other}"
        return JSONResponse({"id": table.id, "token": token, "links": links})

    async def record(request: Request) -> Response:
        try:
            table = await hub.table(request.path_params["game_id"])
        except DameroError as error:
            return _error_response(error, request.query_params.get("lang"), 404)
        text = io.StringIO()
        dated = _dated(table)
        format_for(dated).write(dated, text)
        return Response(
            text.getvalue().encode("utf-8"),
            media_type="text/plain; charset=utf-8",
            headers={
                "Content-Disposition": f'attachment; filename="{table.game.name}-{table.id}.txt"'
            },
        )

    async def replay(request: Request) -> Response:
        language = request.query_params.get("lang")
        try:
            table = await hub.table(request.path_params["game_id"])
        except DameroError as error:
            return _error_response(error, language, 404)
        return JSONResponse(_replay_document(table.record(), catalog_for(language)))

    async def upload(request: Request) -> Response:
        language = request.query_params.get("lang")
        try:
            data = await _capped_body(request, MAX_UPLOAD)
            record = await to_thread.run_sync(_read_record, data)
        except DameroError as error:
            return _error_response(error, language)
        return JSONResponse(_replay_document(record, catalog_for(language)))

    async def socket(websocket: WebSocket) -> None:
        try:
            await websocket.accept()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the client left before it was answered
        game_id = websocket.path_params["game_id"]
        catalog = catalog_for(websocket.query_params.get("lang"))
        try:
            table = await hub.table(game_id)
        except DameroError as error:
            await Client(websocket, frozenset(), catalog).refuse(error)
            # 1011: the server could not serve it now (the page tries again); 4404: no such game.
            await _close(websocket, 1011 if isinstance(error, DatabaseFault) else 4404)
            return
        token = websocket.query_params.get("token")
        client = Client(websocket, table.sides_of(token), catalog)
        if token and not client.sides:
            await client.refuse(WebError("web.wrong_token"))
        hub.clients[game_id].add(client)
        try:
            await client.send(view(table, client.sides, catalog))
            if hub.storage.is_shared:
                # A change another process made while this socket was joining was not heard for
                # it: read the game again now that it listens (a newer version is sent on).
                await hub.reload(game_id, 0)
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                try:
                    await _handle(hub, client, game_id, received.get("text"))
                except DameroError as error:
                    await client.refuse(error)
        except WebSocketDisconnect:
            pass
        finally:
            hub.clients[game_id].discard(client)
            if not hub.clients[game_id]:
                del hub.clients[game_id]

    return Starlette(
        routes=[
            Route("/", page),
            Route("/play/{game_id}", page),
            Route("/api/messages", catalogue),
            Route("/api/games", listing),
            Route("/api/games", create, methods=["POST"]),
            Route("/api/games/{game_id}/record", record),
            Route("/api/games/{game_id}/replay", replay),
            Route("/api/upload", upload, methods=["POST"]),
            WebSocketRoute("/ws/{game_id}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )


async def _handle(hub: Hub, client: Client, game_id: str, text: str | None) -> None:
    """One message from a socket: a move, an undo, a hint, a language or a request to resync.

    A move or an undo the database could not store is refused saying so and why: nothing of it
    was kept, and the player may send it again."""
    if not client.messages.take():
        raise WebError("web.flood")
    if text is None:
        raise WebError("web.bad_message")
    if len(text) > MAX_MESSAGE:
        raise WebError("web.too_long", limit=MAX_MESSAGE)
    message = checks.json_object(text)
    kind = message.get("type")
    actions: dict[str, Callable[[], Awaitable[None]]] = {
        "move": lambda: hub.move(
            client,
            game_id,
            checks.field(message, "version", int),
            checks.field(message, "move", str),
        ),
        "undo": lambda: hub.undo(client, game_id, checks.field(message, "version", int)),
        "hint": lambda: hub.hint(client, game_id),
        "sync": lambda: _sync(hub, client, game_id, message.get("lang")),
    }
    action = actions.get(kind) if isinstance(kind, str) else None
    if action is None:
        raise WebError("web.bad_message")
    try:
        await action()
    except DatabaseFault as fault:
        if kind == "move":
            raise WebError("web.not_saved", why=fault.why) from None
        raise


async def _sync(hub: Hub, client: Client, game_id: str, language: object) -> None:
    if language is not None:
        client.catalog = catalog_for(language)
    await client.send(view(await hub.table(game_id), client.sides, client.catalog))


def _list(value: list[object]) -> list[object]:
    if len(value) > 1000:
        raise WebError("web.bad_move_list", number=0)
    return value


async def _capped_body(request: Request, limit: int) -> bytes:
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


def _read_record(data: bytes) -> Record:
    """The record in an uploaded file, read by the same readers as the terminal's files."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "upload.txt"
        path.write_bytes(data)
        return read_any(path, games.GAMES)


def _dated(table: Table) -> Record:
    started = datetime.fromtimestamp(table.created).strftime("%Y-%m-%d %H:%M")
    record = table.record()
    return Record(record.game, (("started", started),), record.start, record.moves)


def _replay_document(record: Record, catalog: Catalog) -> dict[str, object]:
    game = record.game
    return {
        "game": game.name,
        "options": {name: getattr(game, name) for name in game.options},
        "start": game.format_position(record.start),
        "moves": [game.format_move(move) for move in record.moves],
        "sides": {SEAT_NAMES[side]: catalog.text(game.side_key(side)) for side in Side},
        "frames": frames(record, catalog),
    }
