"""The analysis board's side of the server: a position as the page draws it, with the pieces its
editor places and the position after each move; a position set up by hand, judged by the rules;
and the socket over which a position's move values come, deepening until exact or stopped.

A socket's analysis runs on a thread of its own, one step at a time, each step deeper and given
more time than the one before. A socket has at most one position in hand (a new one stops the
old), an address a few sockets, and a socket's close stops its work at once: the clock its search
reads jumps to the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from damero import analysis
from damero.core import Game, Limit, Message, Placement, Side, Value, describe_value
from damero.errors import DameroError
from damero.i18n import Catalog
from damero.progress import GameInProgress
from damero.web import checks
from damero.web.analysis import Analyses, cache_key, game_asked, position_asked
from damero.web.boards import piece_kind_json, sides_json
from damero.web.checks import WebError
from damero.web.limits import TokenBucket, address_of
from damero.web.protocol import BURST, MAX_MESSAGE, PER_SECOND, close
from damero.web.protocol import describe as describe_position
from damero.web.refusals import catalog_for, error_response, refusal
from damero.web.stored import SIDE_OF_NAME
from damero.web.workers import THREADS_PER_THINK, thinking_threads

STEP_SECONDS = (1.0, 4.0, 15.0, 60.0)
"""How long each step of a live analysis may think; the last one's time repeats, deeper each time."""
FIRST_DEPTH = 4
"""How deep the first step's estimate looks, where an engine estimates; each step looks one deeper."""
STEPS = 24
"""The most steps one position is given: an estimate this deep is as far as the page goes."""
LIVE_SECONDS = 600.0
"""The longest one position is analysed live, all its steps together."""
LIVE_SOCKETS = 2
"""Analysis sockets one address may hold open at once."""
MAX_PIECES_TEXT = 4000
"""The longest list of placed pieces taken, in characters; a full 10x10 Othello board is ~1200."""


def position_view(game: Game[Any, Any], position: Any, catalog: Catalog) -> dict[str, object]:
    """What the analysis board draws for a position before its values: the game's page
    description of it, the sides' names, the position each move leads to (a click on a move
    goes there), and the pieces its editor places, in the order `pieces=` names them."""
    return {
        "game": game.name,
        "options": {name: getattr(game, name) for name in game.options},
        "sides": sides_json(game, catalog),
        **describe_position(GameInProgress.replayed(game, start=position), 0, catalog),
        "after": {
            game.format_move(move): game.format_position(position.play(move))
            for move in position.legal_moves()
        },
        "pieces": [piece_kind_json(kind, catalog) for kind in game.piece_kinds],
    }


async def board_view(request: Request) -> Response:
    """`GET /api/analysis/board?game=NAME&position=TEXT` (the game's start without a position), or
    `...&pieces=[[kind, row, column], ...]&side=first` for a position set up by hand, each kind
    an index into the view's "pieces": the view to draw, or the rules' refusal (400) in words."""
    parameters = request.query_params
    language = parameters.get("lang")
    catalog = catalog_for(language)
    try:
        if "position" in parameters and "pieces" not in parameters:
            game, position = position_asked(parameters)
        else:
            named, given = game_asked(parameters)
            game = named.variant(**given)
            position = game.start()
            if "pieces" in parameters:
                pieces, side = placements_asked(game, parameters["pieces"], parameters.get("side"))
                try:
                    position = game.arrange(pieces, side)
                except DameroError as error:
                    raise WebError("analysis.bad_position", why=error.message) from None
    except DameroError as error:
        return error_response(error, language)
    return JSONResponse(position_view(game, position, catalog))


def placements_asked(
    game: Game[Any, Any], text: str, side_text: str | None
) -> tuple[list[Placement], Side]:
    """The pieces and side to move a page's editor sends: each an index into the game's
    `piece_kinds`, a row and a column of a cell that has a label, at most one per cell; WebError
    naming the field else (the page sends no other)."""
    kinds = game.piece_kinds
    if not kinds:
        raise WebError("web.no_editor")
    if side_text not in SIDE_OF_NAME:
        raise WebError("web.bad_field", name="side")
    bad = WebError("web.bad_field", name="pieces")
    if len(text) > MAX_PIECES_TEXT or checks.nesting(text) > checks.MAX_DEPTH:
        raise bad
    try:
        listed = json.loads(text)
    except ValueError:
        raise bad from None
    cells = {(cell.row, cell.column) for cell in game.board(game.start(), ()).cells if cell.label}
    if not isinstance(listed, list) or len(listed) > len(cells):
        raise bad
    placements: dict[tuple[int, int], Placement] = {}
    for item in listed:
        if not (isinstance(item, list) and len(item) == 3 and all(type(n) is int for n in item)):
            raise bad
        index, row, column = item
        if not 0 <= index < len(kinds) or (row, column) not in cells or (row, column) in placements:
            raise bad
        placements[(row, column)] = Placement(row, column, kinds[index].side, kinds[index].kind)
    return list(placements.values()), SIDE_OF_NAME[side_text]


def value_label(value: Value) -> Message:
    """A move's value as few characters as fit on its target: W5, L8, D; +6, or ≈+2.5 estimated."""
    if value.verdict is not None:
        if value.verdict.result == "draw":
            return Message("analysis.label_draw")
        return Message(f"analysis.label_{value.verdict.result}", {"plies": value.verdict.plies})
    if value.is_exact:
        return Message("analysis.label_discs", {"discs": round(value.score or 0.0)})
    return Message("analysis.label_estimate", {"discs": value.score or 0.0})


def _same_key(value: Value) -> tuple[object, ...]:
    """Values equal on the board: the same verdict, or the same score to a tenth of a disc."""
    if value.verdict is not None:
        return (value.verdict.result, value.verdict.plies)
    return (round(value.score or 0.0, 1), value.is_exact)


def values_message(
    game: Game[Any, Any],
    position: Any,
    values: analysis.MoveValues,
    catalog: Catalog,
    *,
    step: int,
    done: bool,
) -> dict[str, object]:
    """`{"type": "values", "position", "step", "done", "exact", "verdict", "moves"}`: what the
    board shows after one step, each move with its label, its value in words, its result for the
    side to move and its rank (0 for the best, one more for each worse value), best first; the
    verdict in words (None once over)."""
    side = position.side_to_move
    moves, rank, previous = [], -1, None
    for move, value in values:
        key = _same_key(value)
        if key != previous:
            rank, previous = rank + 1, key
        moves.append(
            {
                "move": game.format_move(move),
                "label": catalog.say(value_label(value)),
                "words": catalog.say(describe_value(game, value, side)),
                "result": value.result,
                "rank": rank,
            }
        )
    over = position.outcome() is not None
    value = analysis.position_value(position, values)
    return {
        "type": "values",
        "position": game.format_position(position),
        "step": step,
        "done": done,
        "exact": value.is_exact,
        "verdict": None if over else catalog.say(describe_value(game, value, side)),
        "moves": moves,
    }


class LiveAnalyses:
    """The analysis sockets: their thread, their count by address, and the cache they share with
    the analysis API (an exact answer is kept there)."""

    def __init__(self, analyses: Analyses) -> None:
        self.analyses = analyses
        self.executor = thinking_threads(1, "live-analysis")
        self.sockets: Counter[str] = Counter()
        self.running: set[asyncio.Future[None]] = set()

    async def serve(self, websocket: WebSocket) -> None:
        """`/ws/analysis?lang=es`: `{"type": "analyse", "game": NAME, "position": TEXT}` (options
        as further fields, as text) starts a position's analysis, stopping any other, and is
        answered by "values" messages until one says it is done; `{"type": "stop"}` stops it,
        answered `{"type": "stopped"}`; a refusal is `{"type": "error", "code", "message"}`."""
        try:
            await websocket.accept()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the client left before it was answered
        catalog = catalog_for(websocket.query_params.get("lang"))
        address = address_of(websocket)

        async def send(message: Mapping[str, object]) -> None:
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps(message, ensure_ascii=False))

        async def refuse(error: DameroError) -> None:
            await send(refusal(error, catalog))

        if self.sockets[address] >= LIVE_SOCKETS:
            await refuse(WebError("web.too_many_live_analyses", count=LIVE_SOCKETS))
            await close(websocket, 1008)
            return
        self.sockets[address] += 1
        messages = TokenBucket(BURST, PER_SECOND)
        stopped = threading.Event()
        try:
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                try:
                    if not messages.take():
                        raise WebError("web.flood")
                    text = received.get("text") or ""
                    if len(text) > MAX_MESSAGE:
                        raise WebError("web.too_long", limit=MAX_MESSAGE)
                    message = checks.json_object(text)
                    if message.get("type") not in ("analyse", "stop"):
                        raise WebError("web.bad_message")
                    stopped.set()
                    if message["type"] == "stop":
                        await send({"type": "stopped"})
                        continue
                    fields = {
                        name: value for name, value in message.items() if isinstance(value, str)
                    }
                    game, position = position_asked(fields)
                    stopped = threading.Event()
                    task = asyncio.ensure_future(
                        self.deepen(send, game, position, catalog, stopped)
                    )
                    self.running.add(task)
                    task.add_done_callback(self.running.discard)
                except DameroError as error:
                    await refuse(error)
        except WebSocketDisconnect:
            pass
        finally:
            stopped.set()
            self.sockets[address] -= 1
            if not self.sockets[address]:
                del self.sockets[address]

    async def deepen(
        self,
        send: Callable[[Mapping[str, object]], Awaitable[None]],
        game: Game[Any, Any],
        position: Any,
        catalog: Catalog,
        stopped: threading.Event,
    ) -> None:
        """Sends the position's values after each step, until they are exact, the steps or the
        time run out, or `stopped` is set (then nothing more is sent)."""
        key = cache_key(game, position, None)
        cached = self.analyses.cached(key)
        if cached is not None and all(value.is_exact for _, value in cached):
            await send(values_message(game, position, cached, catalog, step=1, done=True))
            return
        started = time.monotonic()

        def clock() -> float:
            return math.inf if stopped.is_set() else time.monotonic()

        loop = asyncio.get_running_loop()
        for step in range(STEPS):
            left = LIVE_SECONDS - (time.monotonic() - started)
            seconds = min(STEP_SECONDS[min(step, len(STEP_SECONDS) - 1)], left)
            limit = Limit(
                depth=FIRST_DEPTH + step, seconds=max(seconds, 0.0), threads=THREADS_PER_THINK
            )

            def work(limit: Limit = limit) -> analysis.MoveValues:
                return tuple(analysis.move_values(game, position, limit=limit, clock=clock))

            values = await loop.run_in_executor(self.executor, work)
            if stopped.is_set():
                return
            exact = all(value.is_exact for _, value in values)
            if exact:
                self.analyses.keep(key, values)
            done = exact or not game.analyst.is_timed or step == STEPS - 1 or seconds >= left
            await send(values_message(game, position, values, catalog, step=step + 1, done=done))
            if done:
                return

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
