"""Events instead of whole states: a page that joins late, reconnects or misses a change ends with
exactly the state the server holds; servers on one PostgreSQL follow each other's moves without
reading the game; and a move costs the same in a long game as in a short one."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import random
import runpy
import string
import threading
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from playwright.sync_api import expect
from servers import PostgresCluster, Server, run_on_a_loop_of_its_own
from starlette.testclient import TestClient
from test_web_online import friends_game
from websockets.sync.client import connect

from damero.core import Side
from damero.games.catmouse import CatMouse
from damero.i18n import every_message
from damero.progress import GameInProgress
from damero.registry import find_game
from damero.results import rules_reason
from damero.round import Move, Person, Player, new_round
from damero.rules.catmouse import CatMousePosition
from damero.web.app import create_app
from damero.web.boards import cells_of_mask
from damero.web.protocol import (
    as_json,
    changed,
    changed_view,
    drawn_last,
    message_json,
    shared_view,
)
from damero.web.refusals import catalog_for
from damero.web.rooms import Rooms
from damero.web.storage import Change, Storage
from damero.web.stored import change_of

LARGEST_EVENT = 150
"""The most bytes any event may take, a game's last among them, in any game."""
PER_MOVE = 300
"""The most bytes a whole game may cost a seat each move, its join included."""
TIMEOUT = 120.0
"""How long a socket waits for a message: generous, for a machine loaded by other work."""


@pytest.fixture(scope="module")
def server(site: Server) -> Server:
    """One server for the module's tests, each of which follows games of its own on it."""
    return site


benchmark = runpy.run_path(
    str(Path(__file__).parent.parent.parent / "benchmarks" / "web.py"), run_name="players"
)
benchmark_event, benchmark_whole = benchmark["apply_event"], benchmark["whole_state"]
"""The web benchmark's players' own copy of events.js, kept in step with it here."""

FOLD = """async ([state, event]) => {
  const events = await import("/static/events.js");
  return events.follows(state, event) ? events.applyEvent(state, event) : null;
}"""
"""The page's own events.js, run in Chromium: the state after an event, or null for a gap."""

WHOLE = """async (message) => (await import("/static/events.js")).wholeState(message)"""
"""The page's own events.js, run in Chromium: the whole state a `state` message says."""


def what_a_player_reads(state: dict[str, Any]) -> tuple[Any, ...]:
    """The fields the web benchmark's players move by, which its own copy of events.js keeps."""
    return tuple(state.get(key) for key in ("version", "moves", "turn", "targets", "over"))


class Follower:
    """A socket keeping a game's state as the page does, with events.js: the whole state first,
    then each event applied, and each presence message; an event that does not follow (a change
    missed) asks for the whole state. `lost` are versions whose events are dropped on arrival, as
    if never heard."""

    def __init__(self, fold: Any, url: str, *, lost: frozenset[int] = frozenset()) -> None:
        self.fold = fold
        self.url = url
        self.lost = set(lost)
        self.state: dict[str, Any] | None = None
        self.wholes = 0
        self.events = 0
        self.missed = 0
        self.largest = 0
        self.biggest = ""
        """The bytes of the largest event, and the event."""
        self.joined = 0
        """The bytes of the first whole state, sent on joining."""
        self.moved: list[int] = []
        """The bytes of each event that adds moves."""
        self.sockets = contextlib.ExitStack()
        self.socket = self.sockets.enter_context(connect(url))

    def take(self) -> None:
        text = self.socket.recv(timeout=TIMEOUT)
        message = json.loads(text)
        assert message["type"] != "error", message
        held = self.state["version"] if self.state else 0
        if message["type"] == "state" and message["version"] >= held:
            self.joined = self.joined or len(text.encode())
            self.state = self.fold.evaluate(WHOLE, message)
            played = benchmark_whole(message)
            assert what_a_player_reads(played) == what_a_player_reads(self.state), message
            self.wholes += 1
        elif message["type"] == "presence" and self.state is not None:
            self.state = {**self.state, **{key: message[key] for key in ("presence", "can_claim")}}
        elif message["type"] == "event" and message["version"] > held:
            if message["version"] in self.lost:
                self.lost.discard(message["version"])
                self.missed = message["version"]
                return
            folded = self.fold.evaluate(FOLD, [self.state, message])
            if folded is None:
                self.socket.send(json.dumps({"type": "sync"}))
                return
            played = benchmark_event(self.state, message)
            assert what_a_player_reads(played) == what_a_player_reads(folded), message
            self.state = folded
            self.events += 1
            if len(text.encode()) > self.largest:
                self.largest, self.biggest = len(text.encode()), text
            if "add" in message:
                self.moved.append(len(text.encode()))

    def at(self, version: int) -> dict[str, Any]:
        """The state once at `version`, or once its event was lost (the next shows the gap)."""
        while (self.state is None or self.state["version"] < version) and self.missed != version:
            self.take()
        assert self.state is not None
        return self.state

    def reconnect(self) -> None:
        """A new socket, as the page opens after a dropped one: the state held is kept until the
        socket sends the whole state."""
        self.socket = self.sockets.enter_context(connect(self.url))
        wholes = self.wholes
        while self.wholes == wholes:
            self.take()

    def server_state(self) -> dict[str, Any]:
        """The whole state the server holds for this socket now, asked for; what came before it
        is taken first."""
        self.socket.send(json.dumps({"type": "sync"}))
        while True:
            text = self.socket.recv(timeout=TIMEOUT)
            message = json.loads(text)
            if message["type"] == "state":
                return dict(self.fold.evaluate(WHOLE, message))
            if message["type"] == "presence" and self.state is not None:
                self.state = {**self.state, "presence": message["presence"]}
                self.state["can_claim"] = message["can_claim"]

    def checked(self, version: int) -> dict[str, Any]:
        """The state at `version`, once it is found equal to the whole state the server sends
        (but for the running clock's time, which the server gives as it is when it sends)."""
        self.at(version)
        whole = self.server_state()  # what came before its answer is taken first
        held = self.state
        assert held is not None
        assert apart_from_time(held) == apart_from_time(whole), f"version {version} went astray"
        if held["clock"] and held["clock"]["running"]:
            running = held["clock"]["running"]
            assert held["clock"][running] >= whole["clock"][running]
        return held


def apart_from_time(state: dict[str, Any]) -> dict[str, Any]:
    """A state but for the time left on its running clock."""
    clock = state["clock"]
    if not clock or not clock["running"]:
        return state
    return {**state, "clock": {**clock, clock["running"]: None}}


def a_move(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move of the targets a state gives its player, as the page sends it: the
    cells clicked (a move the board cannot show by its text)."""
    made = [
        [entry] if isinstance(entry, int) else entry if isinstance(entry, str) else [entry[0], end]
        for entry in state["targets"]
        for end in (entry[1:] if isinstance(entry, list) else [None])
    ]
    chosen = rng.choice(made)
    played = {"move": chosen} if isinstance(chosen, str) else {"cells": chosen}
    return {"type": "move", "version": state["version"], **played}


def create(base: str, **body: object) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    created: dict[str, Any] = json.loads(urllib.request.urlopen(request, timeout=30).read())
    created["tokens"] = [created["links"][name].split("#seat=")[1] for name in ("you", "other")]
    return created


class Table:
    """A game between two people by link, each seat and a spectator following it by events."""

    def __init__(self, fold: Any, server: Server, **body: object) -> None:
        created = create(server.base, mode="friend", **body)
        self.id = created["id"]
        url = f"ws://127.0.0.1:{server.port}/ws/{created['id']}?events=1"
        self.seats = {
            seat: Follower(fold, f"{url}&token={token}")
            for seat, token in zip(("first", "second"), created["tokens"], strict=True)
        }
        self.watcher = Follower(fold, url + "&lang=es")
        self.everyone = [*self.seats.values(), self.watcher]
        self.version = 1
        for follower in self.everyone:
            follower.at(1)

    def send(self, seat: str, kind: str, **fields: object) -> None:
        """`seat` asks `kind` at the version it holds; every follower is then checked at the next
        version against the server's whole state."""
        message = {"type": kind, "version": self.version, **fields}
        self.seats[seat].socket.send(json.dumps(message))
        self.version += 1
        self.check()

    def move(self, rng: random.Random) -> None:
        state = self.seats["first"].state
        assert state is not None and state["turn"] is not None
        mover = self.seats[state["turn"]]
        mover.socket.send(json.dumps(a_move(mover.at(self.version), rng)))
        self.version += 1
        self.check()

    def check(self) -> None:
        for follower in self.everyone:
            follower.checked(self.version)

    @property
    def state(self) -> dict[str, Any]:
        state = self.seats["first"].state
        assert state is not None
        return state

    def close(self) -> None:
        for follower in self.everyone:
            follower.sockets.close()


@pytest.mark.parametrize(
    "game",
    [("catmouse", {}), ("othello", {"size": 8}), ("othello", {"size": 10}), ("tictactoe", {})],
)
def test_every_kind_of_change_applied_as_an_event_gives_the_servers_state(
    browser: Any, server: Server, game: tuple[str, dict[str, int]]
) -> None:
    """Moves, offers made, declined and lapsing, a take-back asked and given, a clock, presence,
    a resignation and a rematch: after each, every page's state built from events is the whole
    state the server sends, in each seat and a spectator's, in English and Spanish."""
    fold = browser.new_page()
    fold.goto(server.base + "/")
    name, options = game
    rng = random.Random(37)
    table = Table(fold, server, game=name, options=options, clock={"initial": 600, "increment": 2})
    for _ in range(3):
        table.move(rng)
    assert table.state["clock"]["running"] is not None
    mover = table.state["turn"]
    other = "second" if mover == "first" else "first"
    table.send(mover, "draw")
    assert table.state["offers"]["draw"] == mover
    table.send(other, "decline", offer="draw")
    table.send(other, "undo")  # asks to take back its last move
    table.send(mover, "undo")  # and is given it
    assert table.state["turn"] == other
    table.send(other, "draw")
    table.move(rng)  # the offer lapses with its maker's move
    assert table.state["offers"]["draw"] is None
    leaving = table.seats[other]
    leaving.socket.close()
    for follower in (table.seats[mover], table.watcher):
        while follower.state is not None and follower.state["presence"][other]:
            follower.take()
    leaving.reconnect()
    for follower in (table.seats[mover], table.watcher):
        while follower.state is not None and not follower.state["presence"][other]:
            follower.take()
    table.check()
    for _ in range(2):
        table.move(rng)
    table.send(table.state["turn"], "resign")
    assert table.state["over"] and table.state["result"]["reason"] == "resignation"
    table.send("first", "rematch")
    table.send("second", "rematch")
    assert table.state["next"]["id"]
    # Each event is small, the resignation's among them: the board's layout is sent once, a move
    # changes little, the result is sent as codes that each page words for its reader, and a
    # running clock as the time that changed.
    largest = max(table.everyone, key=lambda follower: follower.largest)
    assert largest.largest <= LARGEST_EVENT, largest.biggest
    table.close()


@pytest.mark.parametrize(
    "game",
    [
        ("catmouse", {}),
        *(("othello", {"size": size}) for size in (4, 6, 8, 10)),
        ("tictactoe", {}),
    ],
)
def test_a_whole_game_by_events_costs_a_few_bytes_a_move(
    browser: Any, server: Server, game: tuple[str, dict[str, int]]
) -> None:
    """A random game on a running clock played to its end by link, each state checked against
    the server's (the last with the result's codes, the rules' reason among them): a move's
    event is about a hundred bytes (the layout is fetched once, the pieces that changed are a few
    characters, the targets a mask of cells, the clock the time of the side that moved), its
    last one too (the result as codes, each page wording it), and a whole game costs each move a
    few hundred bytes, both seats' joins included."""
    fold = browser.new_page()
    fold.goto(server.base + "/")
    name, options = game
    rng = random.Random(11)
    table = Table(fold, server, game=name, options=options, clock={"initial": 600, "increment": 2})
    while not table.state["over"]:
        table.move(rng)
    moves = len(table.state["moves"])
    seats = table.seats.values()
    events = sorted(size for follower in seats for size in follower.moved)
    ending = [follower.moved[-1] for follower in seats]
    going_on = sorted(size for follower in seats for size in follower.moved[:-1])
    per_move = sum(follower.joined + sum(follower.moved) for follower in seats) / moves
    print(
        f"{name} {options}: {moves} moves, events of {events[len(events) // 2]} bytes (median),"
        f" {going_on[-1]} at most while the game goes on, {max(ending)} at its end;"
        f" {per_move:.0f} bytes a move, joins of {[f.joined for f in seats]} included"
    )
    assert events[len(events) // 2] <= 110
    # The rules ended it, and say why in codes: a key of the catalogue and its values.
    assert table.state["result"]["reason"] == "rules" and table.state["result"]["why"]
    largest = max(table.everyone, key=lambda follower: follower.largest)
    assert largest.largest <= LARGEST_EVENT, largest.biggest
    assert per_move <= PER_MOVE  # Tic-tac-toe's too, whose seven moves share two joins
    table.close()


def test_random_timed_10x10_othello_games_end_in_events_of_at_most_150_bytes(
    server: Server,
) -> None:
    """Seeded random 10x10 Othello games on a running clock, played to their ends as the web
    benchmark's players play them: no event is over 150 bytes, a game's last (the move, the
    discs turned, the result with both counts, the winner's discs and the time) and a forced
    pass's among them."""
    largest, biggest, passes, ends = 0, "", 0, 0
    for seed in range(8):
        rng = random.Random(seed)
        created = create(
            server.base,
            game="othello",
            options={"size": 10},
            mode="friend",
            clock={"initial": 600, "increment": 2},
        )
        url = f"ws://127.0.0.1:{server.port}/ws/{created['id']}?events=1&token="
        with contextlib.ExitStack() as stack:
            sockets = {
                seat: stack.enter_context(connect(url + token))
                for seat, token in zip(("first", "second"), created["tokens"], strict=True)
            }
            states: dict[str, dict[str, Any]] = {}
            for seat, socket in sockets.items():
                while seat not in states:
                    message = json.loads(socket.recv(timeout=TIMEOUT))
                    if message["type"] == "state":
                        states[seat] = benchmark_whole(message)
            while not states["first"]["over"]:
                mover = states["first"]["turn"]
                sockets[mover].send(json.dumps(a_move(states[mover], rng)))
                for seat, socket in sockets.items():
                    while True:
                        text = socket.recv(timeout=TIMEOUT)
                        message = json.loads(text)
                        assert message["type"] != "error", message
                        if message["type"] == "event":
                            break
                    states[seat] = benchmark_event(states[seat], message)
                    passes += "forced" in message
                    ends += "result" in message
                    if len(text.encode()) > largest:
                        largest, biggest = len(text.encode()), text
            assert states["first"]["moves"] == states["second"]["moves"]
    assert passes and ends == 16
    assert largest <= LARGEST_EVENT, biggest


def test_a_state_sent_in_few_bytes_is_the_whole_state(browser: Any, server: Server) -> None:
    """A page that applies events is sent each whole state without what is at its default (a
    join is most of a short game's bytes): what the page makes of it is the state a program that
    plays by text is sent in full, at the start, with an offer made and after moves on a running
    clock, in each seat and a spectator's (in Spanish)."""
    fold = browser.new_page()
    fold.goto(server.base + "/")
    typed = ("position", "legal", "winner", "status", "notices")
    rng = random.Random(5)
    for name, options in [("tictactoe", {}), ("othello", {"size": 10}), ("catmouse", {})]:
        clock = {"initial": 600, "increment": 2}
        table = Table(fold, server, game=name, options=options, clock=clock)
        assert max(follower.joined for follower in table.everyone) <= 480
        for step in range(3):
            if step == 1:
                table.send(table.state["turn"], "draw")
            if step == 2:
                table.move(rng)
                table.move(rng)
            for follower in table.everyone:
                made = follower.server_state()
                with connect(follower.url.replace("events=1", "events=0")) as full:
                    whole = json.loads(full.recv(timeout=TIMEOUT))
                kept = {key: value for key, value in whole.items() if key not in typed}
                assert apart_from_time(made) == apart_from_time(kept), (name, step)
        table.close()


def test_a_mouse_trapped_far_from_the_first_cell_ends_in_a_small_event(
    browser: Any, server: Server
) -> None:
    """The cells that decided it, the mouse in its corner and the cat that closed it in, lie at
    the far end of the board, where their indexes take fewer bytes than their mask. Draws offered
    and declined first bring the game to a version of two digits."""
    fold = browser.new_page()
    fold.goto(server.base + "/")
    table = Table(fold, server, game="catmouse", start="29 2 3 4 21 cats")
    cats, mouse = table.state["turn"], "second" if table.state["turn"] == "first" else "first"
    while table.version < 10:  # a version of two digits, as most games reach
        table.send(mouse, "draw")
        table.send(cats, "decline", offer="draw")
    table.send(cats, "move", move="21 25")
    assert table.state["result"]["why"] == ["catmouse.mouse_trapped"]
    assert cells_of_mask(table.state["decisive"]) == [49, 56]
    assert max(follower.largest for follower in table.everyone) <= LARGEST_EVENT
    table.close()


def test_a_forced_pass_a_flag_and_an_agreement_applied_as_events_give_the_servers_state(
    browser: Any, server: Server
) -> None:
    """The rules' own move (an Othello pass) after a player's; then a clock that runs out; then a
    draw by agreement: each event small, and the state built from them the server's."""
    fold = browser.new_page()
    fold.goto(server.base + "/")
    # X plays 1 2, and O, with no disc to place, passes (0 0): X is to move again.
    table = Table(fold, server, game="othello", options={"size": 4}, start="X-O-XOOOOOOOXXXX X")
    table.send("first", "move", move="1 2")
    assert table.state["moves"] == ["1 2", "0 0"] and table.state["movers"] == ["first", "second"]
    assert table.state["turn"] == "first" and table.state["forced"]
    passed = max(follower.largest for follower in table.everyone)
    # The pass's notice travels as its place among the notices the board's layout words once,
    # and the page says it from there.
    assert passed <= 90, passed
    layout = json.loads(urllib.request.urlopen(server.base + table.state["layout"]).read())
    words = [layout["notices"][index] for index in table.state["forced"]]
    assert words == ["O cannot place a disc and passes."]
    page = browser.new_page()
    page.goto(f"{server.base}/play/{table.id}")
    expect(page.locator("#notice")).to_have_text("O cannot place a disc and passes.")
    page.close()
    table.close()
    # Each side moves once, and the first side's clock then runs out.
    table = Table(fold, server, game="tictactoe", clock={"initial": 1, "increment": 0})
    table.move(random.Random(3))
    table.move(random.Random(4))
    for follower in table.everyone:
        follower.at(table.version + 1)
    table.version += 1
    table.check()
    assert table.state["result"] == {"winner": "second", "reason": "time"}
    flagged = max(follower.largest for follower in table.everyone)
    table.close()
    table = Table(fold, server, game="catmouse")
    table.move(random.Random(5))
    mover = table.state["turn"]
    table.send(mover, "draw")
    table.send("second" if mover == "first" else "first", "draw")  # the other side accepts
    assert table.state["result"] == {"winner": None, "reason": "agreement"}
    assert table.state["over"] and table.state["turn"] is None
    assert max(passed, flagged, *(f.largest for f in table.everyone)) <= LARGEST_EVENT
    table.close()


def test_a_claim_applied_as_an_event_gives_the_servers_state(browser: Any, tmp_path: Path) -> None:
    """A player gone long enough to be claimed against, then the claim."""
    server = Server(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "server.log", "--abandon-after", "1"
    )
    try:
        fold = browser.new_page()
        fold.goto(server.base + "/")
        table = Table(fold, server, game="tictactoe")
        table.move(random.Random(2))
        table.seats["second"].socket.close()
        claimant = table.seats["first"]
        while claimant.state is not None and not claimant.state["can_claim"]:
            claimant.take()
        table.everyone.remove(table.seats["second"])
        table.send("first", "claim", result="win")
        assert table.state["result"]["reason"] == "abandoned"
        assert max(follower.largest for follower in table.everyone) <= LARGEST_EVENT
        table.close()
    finally:
        server.stop()


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
        mover.socket.send(json.dumps(a_move(mover.at(version), rng)))
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
                assert (event["version"], event["add"]) == (number + 1, move)
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
                assert receive(socket, "event")["add"] == move
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
            follower.heard_all([change])
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

    run_on_a_loop_of_its_own(run())


class Told(Shown):
    """A seat's watcher that also notes who it was told has the game open."""

    def __init__(self, side: Side) -> None:
        super().__init__()
        self.sides = frozenset([side])
        self.told: list[tuple[bool, bool]] = []

    def notice(self, seen: Any) -> None:
        self.told.append(seen.here)


def test_a_game_just_created_is_shown_to_its_first_pages_without_reading_it_back(
    database: str,
) -> None:
    """A game opened by its link right after it was made is not read from the database, nor
    built again from what was stored: the process on SQLite wrote it and nobody else did. One
    changed before any page opened it is read as it is now."""

    async def run() -> None:
        rooms = Rooms(Storage(database))
        live = friends_game("catmouse")
        await rooms.create(live)
        reads = rooms.storage.loads
        assert await rooms.get(live.id) is live  # the page's own request
        first, second = Told(Side.FIRST), Told(Side.SECOND)
        await rooms.watch(live.id, first)
        await rooms.watch(live.id, second)
        assert rooms.storage.loads == reads
        assert await rooms.get(live.id) is live
        assert first.shown == second.shown == [(live.version, False)]
        assert first.told[-1] == (True, True)  # the first page was told that the second came

        moved_first = friends_game("catmouse")
        await rooms.create(moved_first)
        text = live.state.game.format_move(live.state.position.legal_moves()[0])
        both = Person(frozenset(Side))
        moved = await rooms.act(moved_first.id, moved_first.version, both, Move(text), now=0.0)
        watcher = Shown()
        await rooms.watch(moved_first.id, watcher)
        assert watcher.shown == [(moved.version, False)]
        assert (await rooms.get(moved_first.id)).state.move_texts == (text,)
        rooms.scheduler.close()

    run_on_a_loop_of_its_own(run())


@pytest.mark.parametrize("name", ["catmouse", "othello", "tictactoe"])
def test_the_rules_reasons_name_every_value_they_are_sent_in_both_languages(name: str) -> None:
    """A result's reason goes to the page as its key and its values in the order of their names
    (`message_json`), which the page finds in its words: so the words of every reason the rules
    give name every one of its values, in English and Spanish."""
    game = find_game(name)
    formatter = string.Formatter()
    seen = set()
    for seed in range(30):
        state = random_game(game, seed)
        result = state.result
        assert result is not None
        reason = rules_reason(game, state.position, result)
        assert reason is not None
        coded = message_json(reason)
        assert coded == [reason.key, *(reason.values[key] for key in sorted(reason.values))]
        for language in ("en", "es"):
            template = every_message(language)[reason.key]
            named = {field for _, field, _, _ in formatter.parse(template) if field}
            assert named == set(reason.values), (language, reason.key)
        seen.add(reason.key)
    assert len(seen) >= 2, "more than one way the rules end a game"


def random_game(game: Any, seed: int) -> GameInProgress:
    """A game of `game` played at random to its end."""
    rng = random.Random(seed)
    state = GameInProgress.new(game)
    while not state.is_over:
        state = state.play(rng.choice(state.position.legal_moves()))
    return state


def test_a_views_part_no_move_changes_is_made_once_and_compared_again_when_a_seat_changes() -> None:
    """Between moves the seats, players and names are the same object and not walked again; a
    name put on a seat makes them anew, and the event says it, as a walk of the whole view does."""
    game = find_game("tictactoe")
    live = new_round(
        "views0000001",
        game,
        mode="friend",
        side=Side.FIRST,
        level=3,
        start=game.start(),
        moves=[],
        clock=None,
        mine="first-key",
        other="second-key",
        created=1.0,
    )
    catalog = catalog_for("en")

    def view(live: Any) -> Any:
        state = live.state
        return shared_view(live, catalog, drawn_last(state, len(state.moves)))

    before = view(live)
    moved = dataclasses.replace(live, state=live.state.play_text("5"))
    after = view(moved)
    assert after.fixed is before.fixed
    assert changed_view(before, after) == changed(before, after)
    assert "pieces" in changed_view(before, after)
    named = dataclasses.replace(moved, players=(Player("Ada"), None))
    renamed = view(named)
    assert renamed.fixed is not after.fixed
    assert changed_view(after, renamed) == changed(after, renamed)
    assert changed_view(after, renamed)["players"]["first"]["name"] == "Ada"


def test_a_message_is_sent_as_the_json_text_of_its_values_without_spaces() -> None:
    """Every message a socket is sent is the text `json.dumps` gives it without spaces (the
    server keeps one encoder for them all): words in any language as they are, quotes and
    controls escaped, numbers, nested lists and objects in their keys' order; a value JSON has
    no text for is refused as `json.dumps` refuses it."""
    messages: list[dict[str, object]] = [
        {"type": "event", "version": 8, "add": "25", "put": "25b29.", "targets": "a403"},
        {"type": "said", "words": "¡Buena suerte, señora Müller! 你好", "quote": 'a "b"\\c\n'},
        {"z": 1, "a": [1.5, -0.0, 1e300, None, True, False, [], {}], "m": {"b": [[2, 3]], "a": 1}},
    ]
    for message in messages:
        assert as_json(message) == json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        assert json.loads(as_json(message)) == message
    with pytest.raises(TypeError):
        as_json({"type": "event", "moves": {1, 2}})
