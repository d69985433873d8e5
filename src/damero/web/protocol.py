"""The socket protocol: the messages a page sends (parsed in one place into typed values, every
refusal a catalogue message) and the states it is sent, and the loop that serves one socket.

A socket that (re)connects is sent the whole state at the version held, so a reload or a dropped
socket never skips or repeats a move; every state carries the game's version, and a move or an
undo names the version it was made at. After that, a socket that asks for events is sent what
each change did (`event_message`), built at a cost that does not grow with the game's length.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from damero.core import Game, Message, Side
from damero.errors import DameroError
from damero.i18n import LANGUAGES, Catalog
from damero.progress import Ending, GameInProgress, Result
from damero.records import Record
from damero.web import checks
from damero.web.boards import board_json, sides_json
from damero.web.checks import WebError
from damero.web.computer import ComputerTurns
from damero.web.limits import TokenBucket
from damero.web.rooms import (
    SEAT_NAMES,
    SIDES,
    LiveGame,
    Presence,
    Rooms,
    player_move,
    side_name,
)
from damero.web.storage import Change, DatabaseFault

MAX_MESSAGE = 2_000
"""The longest message read, in characters; every real message is far shorter."""
BURST, PER_SECOND = 60, 20.0
"""A socket may send BURST messages at once and PER_SECOND on average; more are refused."""

_CATALOGS = {language: Catalog(language) for language in LANGUAGES}


def catalog_for(language: object) -> Catalog:
    return _CATALOGS.get(str(language), _CATALOGS["en"])


@dataclass(frozen=True, slots=True)
class Move:
    """`{"type": "move", "version": 7, "move": "3 4"}`: the move a player typed, at the version
    it saw."""

    version: int
    move: str


@dataclass(frozen=True, slots=True)
class Undo:
    """`{"type": "undo", "version": 7}`: take back the last move; between two people, ask the
    other, or accept the other's request."""

    version: int


@dataclass(frozen=True, slots=True)
class Resign:
    """`{"type": "resign", "version": 7}`."""

    version: int


@dataclass(frozen=True, slots=True)
class Draw:
    """`{"type": "draw", "version": 7}`: offer a draw, or accept the other's offer."""

    version: int


@dataclass(frozen=True, slots=True)
class Decline:
    """`{"type": "decline", "version": 7, "offer": "draw"}`: say no to the other's offer of a
    draw, a take-back or a rematch."""

    version: int
    offer: str


@dataclass(frozen=True, slots=True)
class Rematch:
    """`{"type": "rematch", "version": 7}`: ask for a rematch once the game is over, or accept."""

    version: int


@dataclass(frozen=True, slots=True)
class Claim:
    """`{"type": "claim", "version": 7, "result": "win"}`: end a game the other player has left
    for long enough, as a win or a draw."""

    version: int
    result: str


@dataclass(frozen=True, slots=True)
class Hint:
    """`{"type": "hint"}`: the best move for the sender's side, answered when thought of."""


@dataclass(frozen=True, slots=True)
class Sync:
    """`{"type": "sync", "lang": "es"}`: the whole state again, in that language from now on."""

    language: str | None


Incoming = Move | Undo | Resign | Draw | Decline | Rematch | Claim | Hint | Sync
OFFERS = ("draw", "undo", "rematch")
CLAIMS = ("win", "draw")


def parse_message(text: str | None) -> Incoming:
    """The message a socket sent; WebError saying what is wrong with it."""
    if text is None:
        raise WebError("web.bad_message")
    if len(text) > MAX_MESSAGE:
        raise WebError("web.too_long", limit=MAX_MESSAGE)
    message = checks.json_object(text)
    kind = message.get("type")
    if kind == "hint":
        return Hint()
    if kind == "sync":
        language = message.get("lang")
        return Sync(language if isinstance(language, str) else None)
    if kind not in ("move", "undo", "resign", "draw", "decline", "rematch", "claim"):
        raise WebError("web.bad_message")
    version = checks.field(message, "version", int)
    if kind == "move":
        return Move(version, checks.field(message, "move", str))
    if kind in ("decline", "claim"):
        name, allowed = ("offer", OFFERS) if kind == "decline" else ("result", CLAIMS)
        word = checks.field(message, name, str)
        if word not in allowed:
            raise WebError("web.bad_word", name=name, allowed=", ".join(allowed))
        return Decline(version, word) if kind == "decline" else Claim(version, word)
    plain: dict[str, type[Undo | Resign | Draw | Rematch]] = {
        "undo": Undo,
        "resign": Resign,
        "draw": Draw,
        "rematch": Rematch,
    }
    return plain[kind](version)


def describe(
    game: Game[Any, Any],
    positions: Sequence[Any],
    moves: Sequence[Any],
    catalog: Catalog,
    *,
    computers: frozenset[Side] = frozenset(),
) -> dict[str, object]:
    """What a page draws for the last of `positions` (`positions[k]` is the position after
    `moves[:k]`): its text, legal moves, last move, words under the board. The last move a side
    chose is marked with the moves the rules then made on their own (a forced pass), which
    `forced` says in words; `computers` are the sides the computer plays, so that a person who
    lost is told the computer won."""
    position = positions[-1]
    chosen = max(len(moves) - 1, 0)
    while chosen > 0 and game.automatic_move(positions[chosen]) is not None:
        chosen -= 1
    outcome = position.outcome()
    lines: Sequence[Message]
    if outcome is None:
        lines = game.status(position)
        turn: str | None = SEAT_NAMES[position.side_to_move]
    else:
        won_by_computer = outcome.winner is not None and outcome.winner in computers
        ending = game.describe_outcome(position, outcome, winner_is_computer=won_by_computer)
        lines = (*game.status(position), *ending)
        turn = None
    forced = [
        automatic[1]
        for automatic in map(game.automatic_move, positions[chosen : len(moves)])
        if automatic is not None
    ]
    return {
        "position": game.format_position(position),
        "legal": [game.format_move(move) for move in position.legal_moves()] if turn else [],
        "last": game.format_move(moves[-1]) if moves else None,
        "turn": turn,
        "winner": None if outcome is None or outcome.winner is None else SEAT_NAMES[outcome.winner],
        "over": outcome is not None,
        "status": [catalog.say(line) for line in lines],
        "forced": [catalog.say(notice) for notice in forced],
        "board": board_json(
            game, position, moves[chosen:], catalog, before=positions[chosen] if moves else None
        ),
    }


def movers(positions: Sequence[Any]) -> list[str]:
    """The seat that made each move, for a move list in two columns (a side may move twice in
    a row: the mouse's placement and first step, an Othello pass)."""
    return [SEAT_NAMES[position.side_to_move] for position in positions[:-1]]


def whole_state(
    live: LiveGame, shared: dict[str, object], personal: dict[str, object]
) -> dict[str, object]:
    """The state with its version and every move so far, of which events say what changed."""
    return {
        "type": "state",
        "version": live.version,
        "moves": list(live.state.move_texts),
        "movers": movers(live.state.positions),
        **shared,
        **personal,
    }


def event_message(
    change: Change, live: LiveGame, shared: list[list[object]], personal: list[list[object]]
) -> dict[str, object]:
    """`{"type": "event", "from": 7, "version": 8, "keep": 12, "add": ["25"], "movers":
    ["first"], "set": [[path, value], ...]}`: what `change` did to the state a client holds at
    version `from` (`live` is the game after it). Its moves from number `keep` on become `add`,
    made by `movers`, then each value at `path` (keys and list indexes from the
    state's top; an index one past a list's end adds to it) becomes `value`: `shared` and
    `personal` as `differences` gives them. events.js applies it."""
    return {
        "type": "event",
        "from": change.version,
        "version": change.version + 1,
        "keep": change.first,
        "add": list(change.moves),
        "movers": movers(live.state.positions[change.first : change.first + len(change.moves) + 1]),
        "set": [*shared, *personal],
    }


def differences(old: object, new: object, path: tuple[object, ...] = ()) -> list[list[object]]:
    """The `[path, value]` settings that make `old` into `new` (two views of a game): lists of
    pieces, cells and the like change element by element and grow at their end; any other value
    that changed is sent whole."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return [setting for key in new for setting in differences(old[key], new[key], (*path, key))]
    if (
        isinstance(old, list)
        and isinstance(new, list)
        and 0 < len(old) <= len(new)
        and isinstance(new[0], dict | list)
    ):
        changed = [
            setting
            for index, before in enumerate(old)
            for setting in differences(before, new[index], (*path, index))
        ]
        return changed + [[[*path, index], new[index]] for index in range(len(old), len(new))]
    return [[list(path), new]]


def shared_view(live: LiveGame, catalog: Catalog) -> dict[str, object]:
    """What every client in `catalog`'s language is shown of a game but its moves and version:
    built again at each version, at a cost that does not grow with the game's length."""
    state = live.state
    game = state.game
    result, offers, clock = state.result, state.offers, state.clock
    now = time.time()
    return {
        "id": live.id,
        "game": game.name,
        "options": live.options,
        "mode": live.mode,
        "seats": {SEAT_NAMES[side]: {"computer": state.seat(side).level} for side in SIDES},
        "open_seat": side_name(live.open_seat),
        "sides": sides_json(game, catalog),
        "thinking": state.computer_to_move is not None,
        "notices": [catalog.say(forced.notice) for forced in state.forced],
        "result": None
        if result is None
        else {"winner": side_name(result.winner), "reason": result.ending.value},
        "offers": {name: side_name(getattr(offers, name)) for name in OFFERS},
        "clock": None
        if clock is None
        else {
            "first": clock.remaining(Side.FIRST, now),
            "second": clock.remaining(Side.SECOND, now),
            "initial": clock.initial,
            "increment": clock.increment,
            "running": side_name(clock.running),
        },
        **describe(game, state.positions, state.moves, catalog, computers=state.computers),
        **decided_fields(state, catalog),
    }


def personal_view(
    live: LiveGame, sides: frozenset[Side], *, token: str | None, presence: Presence
) -> dict[str, object]:
    """What one client is shown of a game for its seat: its sides, what it may do, and its way
    into the rematch (`token` is its own)."""
    return {
        "seat": sorted(SEAT_NAMES[side] for side in sides),
        "can_undo": live.can_take_back(sides) or (live.has_two_people and bool(sides)),
        **presence_fields(presence, sides),
        "next": None
        if live.next_game is None
        else {"id": live.next_game, **({"token": token} if token and sides else {})},
    }


def decided_fields(state: GameInProgress, catalog: Catalog) -> dict[str, object]:
    """What a result from outside the rules changes of what the board says: nobody is to move,
    and a line under the board says how the game ended."""
    decided = state.decided
    if decided is None:
        return {}
    game = state.game
    names = {
        "winner": catalog.text(game.side_key(decided.winner)) if decided.winner else "",
        "loser": catalog.text(game.side_key(decided.winner.other)) if decided.winner else "",
    }
    key = f"result.{decided.ending.value}" + ("" if decided.winner else "_drawn")
    return {
        "turn": None,
        "legal": [],
        "over": True,
        "winner": side_name(decided.winner),
        "status": [*map(catalog.say, game.status(state.position)), catalog.text(key, **names)],
    }


def presence_message(presence: Presence, sides: frozenset[Side]) -> dict[str, object]:
    """`{"type": "presence", "presence": {"first": true, "second": false}, "can_claim": false}`:
    who has the game open, and whether this client may claim it for the other's absence."""
    return {"type": "presence", **presence_fields(presence, sides)}


def presence_fields(presence: Presence, sides: frozenset[Side]) -> dict[str, object]:
    return {
        "presence": {SEAT_NAMES[side]: presence.present.get(side, False) for side in SIDES},
        "can_claim": bool(sides & presence.claimable),
    }


def replay_document(record: Record, catalog: Catalog) -> dict[str, object]:
    """A record as the replay page walks it: each position as `describe` gives it."""
    game = record.game
    state = GameInProgress.replayed(game, start=record.start, moves=record.moves)
    return {
        "game": game.name,
        "options": {name: getattr(game, name) for name in game.options},
        "start": game.format_position(record.start),
        "moves": list(state.move_texts),
        "sides": sides_json(game, catalog),
        "movers": movers(state.positions),
        "frames": [
            describe(game, state.positions[: shown + 1], record.moves[:shown], catalog)
            for shown in range(len(state.positions))
        ],
    }


@dataclass(eq=False)
class Client:
    """One socket watching or playing a game; `messages` refuses a flood, `hinting` a second hint
    while one is thought of. A client that applies `events` is sent what changed once it holds
    the version before; `shown` is the version and views it was sent last."""

    socket: WebSocket
    sides: frozenset[Side]
    catalog: Catalog
    token: str | None = None
    messages: TokenBucket = field(default_factory=lambda: TokenBucket(BURST, PER_SECOND))
    hinting: bool = False
    events: bool = False
    shown: tuple[int, dict[str, object], dict[str, object]] | None = None

    @property
    def address(self) -> str:
        return address_of(self.socket)

    async def send(self, message: dict[str, object]) -> None:
        await self.send_text(as_json(message))

    async def send_text(self, text: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.send_text(text)

    async def refuse(self, error: DameroError) -> None:
        await self.send(
            {"type": "error", "code": error.message.key, "message": self.catalog.say(error.message)}
        )

    async def notice(self, presence: Presence) -> None:
        await self.send(presence_message(presence, self.sides))

    async def show(
        self,
        live: LiveGame,
        presence: Presence,
        built: dict[object, Any],
        change: Change | None = None,
    ) -> None:
        """Sends the event of `change` if this client holds the version before it, else the
        whole state; what every client in one language and seat is sent is built once."""
        language = self.catalog.language
        if ("view", language) not in built:
            built["view", language] = shared_view(live, self.catalog)
        shared = built["view", language]
        personal = personal_view(live, self.sides, token=self.token, presence=presence)
        shown, self.shown = self.shown, (live.version, shared, personal)
        if self.events and change is not None and shown is not None and shown[0] == change.version:
            since = ("event", language, id(shown[1]))
            if since not in built:
                built[since] = differences(shown[1], shared)
            event = event_message(change, live, built[since], differences(shown[2], personal))
            await self.send(event)
            return
        key = ("state", language, self.sides)
        if key not in built:
            built[key] = as_json(whole_state(live, shared, personal))
        await self.send_text(built[key])


def as_json(message: dict[str, object]) -> str:
    """A message as sent: no spaces, which would be a tenth of every event's bytes."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def address_of(connection: Any) -> str:
    """Where a request comes from, for the limits by address (behind a trusted proxy, uvicorn has
    put the address it forwards for here)."""
    return connection.client.host if connection.client else "unknown"


async def close(socket: WebSocket, code: int) -> None:
    """Closes a socket whose client may have left already (then there is nothing to close)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await socket.close(code=code)


async def serve_socket(rooms: Rooms, computer: ComputerTurns, websocket: WebSocket) -> None:
    """One socket from its opening to its end: the state first, then its messages in turn."""
    try:
        await websocket.accept()
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # the client left before it was answered
    game_id = websocket.path_params["game_id"]
    catalog = catalog_for(websocket.query_params.get("lang"))
    try:
        live = await rooms.get(game_id)
    except DameroError as error:
        await Client(websocket, frozenset(), catalog).refuse(error)
        # 1011: the server could not serve it now (the page tries again); 4404: no such game.
        await close(websocket, 1011 if isinstance(error, DatabaseFault) else 4404)
        return
    token = websocket.query_params.get("token")
    events = websocket.query_params.get("events") == "1"
    client = Client(websocket, live.sides_of(token), catalog, token, events=events)
    if token and not client.sides:
        await client.refuse(WebError("web.wrong_token"))
    try:
        await rooms.watch(game_id, client)
        if rooms.storage.is_shared:
            # A change another process made while this socket was joining was not heard for
            # it: read the game again now that it listens (a newer version is sent on).
            await rooms.reload(game_id, 0)
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            try:
                if not client.messages.take():
                    raise WebError("web.flood")
                await handle(rooms, computer, client, game_id, parse_message(received.get("text")))
            except DameroError as error:
                await client.refuse(error)
    except WebSocketDisconnect:
        pass
    finally:
        rooms.leave(game_id, client)


async def handle(
    rooms: Rooms, computer: ComputerTurns, client: Client, game_id: str, message: Incoming
) -> None:
    """One message from a socket, its time taken as it arrives. A change the database could not
    store is refused saying so and why: nothing of it was kept, and the player may send it
    again."""
    now = time.time()
    sides = client.sides
    match message:
        case Hint():
            await computer.hint(client, game_id)
        case Sync(language):
            if language is not None:
                client.catalog = catalog_for(language)
            await client.show(await rooms.get(game_id), rooms.presence(game_id), {})
        case Rematch(version):
            await rooms.rematch(game_id, version, sides)
        case Move() | Undo() | Resign() | Draw() | Decline() | Claim():

            def act(live: LiveGame) -> GameInProgress:
                """What the message does to the game, as the room holds it under its lock."""
                if isinstance(message, Move):
                    return player_move(live, sides=sides, text=message.move, now=now)
                state, side = live.state, live.acting_side(sides)
                match message:
                    case Undo() if live.has_two_people:
                        return state.ask_take_back(side, now=now)
                    case Undo():
                        if not live.can_take_back(sides):
                            raise WebError("web.cannot_undo")
                        return state.take_back(now=now)
                    case Resign():
                        return state.resign(side, now=now)
                    case Draw():
                        return state.offer_draw(side, now=now)
                    case Decline(_, offer):
                        return state.decline(side, offer)
                    case Claim(_, result):
                        if side not in rooms.presence(game_id).claimable:
                            raise WebError("web.cannot_claim")
                        winner = side if result == "win" else None
                        return state.with_result(Result(winner, Ending.ABANDONED), now=now)
                raise WebError("web.bad_message")

            try:
                await rooms.change(game_id, message.version, act, now=now)
            except DatabaseFault as fault:
                raise WebError("web.not_saved", why=fault.why) from None
