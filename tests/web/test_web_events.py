"""Events instead of whole states: a page that joins late, reconnects or misses a change ends with
exactly the state the server holds; servers on one PostgreSQL follow each other's moves without
reading the game; and a move costs the same in a long game as in a short one."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import anyio
import pytest
from servers import PostgresCluster, Server
from starlette.testclient import TestClient
from test_web_online import friends_game
from websockets.sync.client import connect

from damero.core import Side
from damero.games.catmouse import CatMouse
from damero.progress import GameInProgress
from damero.registry import find_game
from damero.round import Move, Person
from damero.rules.catmouse import CatMousePosition
from damero.web.app import create_app
from damero.web.rooms import Rooms
from damero.web.storage import Change, Storage
from damero.web.stored import change_of

TIMEOUT = 120.0
"""How long a socket waits for a message: generous, for a machine loaded by other work."""

FOLD = """async ([state, event]) => {
  const events = await import("/static/events.js");
  return events.follows(state, event) ? events.applyEvent(state, event) : null;
}"""
"""The page's own events.js, run in Chromium: the state after an event, or null for a gap."""


class Follower:
    """A socket keeping a game's state as the page does, with events.js: the whole state first,
    then each event applied; an event that does not follow (a change missed) asks for the whole
    state. `lost` are versions whose events are dropped on arrival, as if never heard."""

    def __init__(self, fold: Any, url: str, *, lost: frozenset[int] = frozenset()) -> None:
        self.fold = fold
        self.url = url
        self.lost = set(lost)
        self.state: dict[str, Any] | None = None
        self.wholes = 0
        self.events = 0
        self.missed = 0
        self.sockets = contextlib.ExitStack()
        self.socket = self.sockets.enter_context(connect(url))

    def take(self) -> None:
        message = json.loads(self.socket.recv(timeout=TIMEOUT))
        assert message["type"] != "error", message
        held = self.state["version"] if self.state else 0
        if message["type"] == "state" and message["version"] >= held:
            self.state = message
            self.wholes += 1
        elif message["type"] == "event" and message["version"] > held:
            if message["version"] in self.lost:
                self.lost.discard(message["version"])
                self.missed = message["version"]
                return
            folded = self.fold.evaluate(FOLD, [self.state, message])
            if folded is None:
                self.socket.send(json.dumps({"type": "sync"}))
                return
            self.state = folded
            self.events += 1

    def at(self, version: int) -> dict[str, Any]:
        """The state once at `version`, or once its event was lost (the next shows the gap)."""
        while (self.state is None or self.state["version"] < version) and self.missed != version:
            self.take()
        assert self.state is not None
        return self.state

    def reconnect(self) -> None:
        """A new socket, as the page opens after a dropped one: the state held is kept."""
        self.socket = self.sockets.enter_context(connect(self.url))

    def server_state(self) -> dict[str, Any]:
        """The whole state the server holds for this socket now, asked for."""
        self.socket.send(json.dumps({"type": "sync"}))
        while True:
            message = json.loads(self.socket.recv(timeout=TIMEOUT))
            if message["type"] == "state":
                return dict(message)


def create(base: str, **body: object) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    created: dict[str, Any] = json.loads(urllib.request.urlopen(request, timeout=30).read())
    created["tokens"] = [created["links"][name].split("#seat=")[1] for name in ("you", "other")]
    return created


def test_late_reconnected_and_gapped_pages_end_with_the_servers_state(
    browser: Any, server: Server
) -> None:
    fold = browser.new_page()
    fold.goto(server.base + "/")
    created = create(server.base, game="catmouse", mode="friend")
    url = f"ws://127.0.0.1:{server.port}/ws/{created['id']}?events=1"
    mouse = Follower(fold, f"{url}&token={created['tokens'][0]}")
    cats = Follower(fold, f"{url}&token={created['tokens'][1]}", lost=frozenset({8}))
    players = {"first": mouse, "second": cats}
    everyone = [mouse, cats]
    rng = random.Random(24)
    version = mouse.at(1)["version"]
    cats.at(version)
    for ply in range(30):
        if ply == 5:
            everyone.append(late := Follower(fold, url))
        if ply == 3:
            everyone.append(dropped := Follower(fold, url))
        if ply == 6:
            dropped.socket.close()
            everyone.remove(dropped)
        if ply == 12:
            dropped.reconnect()
            everyone.append(dropped)
        state = mouse.state
        assert state is not None
        if state["over"]:
            break
        mover = players[state["turn"]]
        mover.socket.send(
            json.dumps(
                {"type": "move", "move": rng.choice(mover.at(version)["legal"]), "version": version}
            )
        )
        version += 1
        for follower in everyone:
            follower.at(version)
    if not mouse.at(version)["over"]:
        mouse.socket.send(json.dumps({"type": "resign", "version": version}))
        version += 1
    for player in players.values():
        player.socket.send(
            json.dumps({"type": "rematch", "version": player.at(version)["version"]})
        )
        version += 1
    for follower in everyone:
        follower.at(version)
    assert mouse.state is not None and mouse.state["next"]["id"]
    assert mouse.state["result"] is not None and len(mouse.state["moves"]) > 10
    for follower in everyone:
        assert follower.state == follower.server_state()
    # The whole state went only where it had to: a join, a reconnection, a change missed.
    assert (mouse.wholes, cats.wholes, late.wholes, dropped.wholes) == (1, 2, 1, 2)
    assert min(follower.events for follower in everyone) > 5
    for follower in everyone:
        follower.sockets.close()


# Two servers in this process on one PostgreSQL, each reading through a storage of its own, so
# that the reads of each can be counted.


@pytest.fixture
def two_servers(
    postgres: PostgresCluster,
) -> Iterator[tuple[Storage, TestClient, Storage, TestClient]]:
    url = postgres.new_database()
    first, second = Storage(url), Storage(url)
    with TestClient(create_app(first)) as one, TestClient(create_app(second)) as other:
        yield first, one, second, other
    first.close()
    second.close()


def receive(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        assert message["type"] != "error", message
        if message["type"] == kind:
            return message


def random_moves(count: int, seed: int) -> GameInProgress:
    """A Four Cats game of `count` random moves that is not over."""
    game = find_game("catmouse")
    rng = random.Random(seed)
    while True:
        state = GameInProgress.new(game)
        while len(state.moves) < count and not state.is_over:
            state = state.play(rng.choice(state.position.legal_moves()))
        if not state.is_over:
            return state


def test_two_servers_on_postgresql_follow_each_others_moves_without_reading_the_game(
    two_servers: tuple[Storage, TestClient, Storage, TestClient],
) -> None:
    first, one, second, other = two_servers
    created = one.post("/api/games", json={"game": "catmouse", "mode": "friend"}).json()
    tokens = [created["links"][name].split("#seat=")[1] for name in ("you", "other")]
    played = random_moves(24, seed=3)
    with (
        one.websocket_connect(f"/ws/{created['id']}?events=1&token={tokens[0]}") as mouse,
        other.websocket_connect(f"/ws/{created['id']}?events=1&token={tokens[1]}") as cats,
    ):
        for socket in (mouse, cats):
            receive(socket, "state")
            socket.send_json({"type": "sync"})  # answered once the socket's joining read is done
            receive(socket, "state")
        reads = (first.loads, second.loads)
        for number, move in enumerate(played.move_texts, start=1):
            socket = (mouse, cats)[played.positions[number - 1].side_to_move.value]
            socket.send_json({"type": "move", "move": move, "version": number})
            for watching in (mouse, cats):
                event = receive(watching, "event")
                assert (event["version"], event["add"]) == (number + 1, [move])
        assert (first.loads, second.loads) == reads
        for socket in (mouse, cats):
            socket.send_json({"type": "sync"})
            assert receive(socket, "state")["moves"] == list(played.move_texts)


# What a move costs, counted: every call of the rules and the storage while the server accepts
# one move and tells both players, in a game of 40 moves and in one started at their position.

COUNTED: list[tuple[type, str]] = [
    (CatMousePosition, "play"),
    (CatMousePosition, "legal_moves"),
    (CatMousePosition, "outcome"),
    (CatMouse, "parse_move"),
    (CatMouse, "format_move"),
    (CatMouse, "format_position"),
    (Storage, "load"),
    (GameInProgress, "play"),
]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    counts: Counter[str] = Counter()
    lock = threading.Lock()

    def counting(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted_call(*arguments: Any, **options: Any) -> Any:
            with lock:
                counts[name] += 1
            return method(*arguments, **options)

        return counted_call

    for owner, name in COUNTED:
        monkeypatch.setattr(owner, name, counting(f"{owner.__name__}.{name}", getattr(owner, name)))
    return counts


def test_a_move_costs_the_same_in_a_long_game_as_in_a_short_one(
    client: TestClient, counted: Counter[str]
) -> None:
    long = random_moves(40, seed=5)
    game = long.game
    move = game.format_move(long.position.legal_moves()[0])
    costs = []
    for body in (
        {"moves": list(long.move_texts)},
        {"start": game.format_position(long.position)},
    ):
        created = client.post(
            "/api/games", json={"game": "catmouse", "mode": "friend", **body}
        ).json()
        tokens = [created["links"][name].split("#seat=")[1] for name in ("you", "other")]
        with (
            client.websocket_connect(f"/ws/{created['id']}?events=1&token={tokens[0]}") as mouse,
            client.websocket_connect(f"/ws/{created['id']}?events=1&token={tokens[1]}") as cats,
        ):
            version = receive(mouse, "state")["version"]
            receive(cats, "state")
            mover = mouse if long.position.side_to_move.value == 0 else cats
            counted.clear()
            mover.send_json({"type": "move", "move": move, "version": version})
            for socket in (mouse, cats):
                assert receive(socket, "event")["add"] == [move]
            costs.append(dict(counted))
    long_cost, short_cost = costs
    assert long_cost["CatMousePosition.play"] >= 1 and long_cost["CatMouse.format_move"] >= 1
    assert long_cost == short_cost


class Shown:
    """A watcher that notes what it was shown: each version, and whether as an event."""

    sides: frozenset[Any] = frozenset()

    def __init__(self) -> None:
        self.shown: list[tuple[int, bool]] = []

    def show(self, live: Any, seen: Any, built: Any, change: Any = None) -> None:
        self.shown.append((live.version, change is not None))

    def notice(self, seen: Any) -> None:
        pass


def test_a_process_that_missed_a_change_reads_the_game_once_then_follows_again(
    database: str,
) -> None:
    async def run() -> None:
        mover, follower = Rooms(Storage(database)), Rooms(Storage(database))
        await follower.start()
        live = friends_game("catmouse")
        await mover.create(live)
        watcher = Shown()
        await follower.watch(live.id, watcher)

        async def move() -> Change:
            held = await mover.get(live.id)
            text = held.state.game.format_move(held.state.position.legal_moves()[0])
            both = Person(frozenset(Side))
            moved = await mover.act(live.id, held.version, both, Move(text), now=0.0)
            return change_of(held, moved, now=0.0)

        async def heard(change: Change) -> None:
            """The follower hears of `change` and has shown what it does."""
            shown = len(watcher.shown)
            follower.heard(change)
            with anyio.fail_after(TIMEOUT):
                while len(watcher.shown) == shown:
                    await asyncio.sleep(0.01)

        await move()  # the follower never hears of this change to version 2
        reads = follower.storage.loads
        await heard(await move())
        assert follower.storage.loads == reads + 1
        await heard(await move())
        assert follower.storage.loads == reads + 1
        assert watcher.shown == [(1, False), (3, False), (4, True)]
        held = await follower.get(live.id)
        assert held.state.moves == (await mover.get(live.id)).state.moves
        for rooms in (mover, follower):
            rooms.scheduler.close()

    # On a thread of its own: the browser's driver may hold this thread's event loop.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, run()).result()
