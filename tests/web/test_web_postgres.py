"""Several `damero serve` processes on one PostgreSQL database, as behind a load balancer."""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from servers import PostgresCluster, Server
from websockets.sync.client import ClientConnection, connect

from damero.web.storage import Storage

TIMEOUT = 120.0
"""How long a socket waits for a message: generous, for a machine loaded by other work."""


@pytest.fixture
def database(postgres: PostgresCluster) -> str:
    return postgres.new_database()


def create(server: Server, **body: object) -> dict[str, Any]:
    request = urllib.request.Request(
        server.base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    created: dict[str, Any] = json.loads(urllib.request.urlopen(request, timeout=30).read())
    return created


def token_of(link: str) -> str:
    return link.split("#seat=")[1]


def join(server: Server, game_id: str, token: str | None = None) -> ClientConnection:
    query = f"?token={token}" if token else ""
    return connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}{query}")


def receive(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=TIMEOUT))
    return message


def state_at(socket: ClientConnection, version: int) -> dict[str, Any]:
    """The first state this socket is sent at `version` or later."""
    while True:
        message = receive(socket)
        if message["type"] == "state" and message["version"] >= version:
            return message


def move(socket: ClientConnection, text: str, version: int) -> None:
    socket.send(json.dumps({"type": "move", "move": text, "version": version}))


@pytest.fixture
def servers(database: str, tmp_path: Path) -> Any:
    started: list[Server] = []

    def start(*options: str) -> Server:
        server = Server(database, tmp_path / f"server{len(started)}.log", *options)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def test_two_servers_play_a_whole_game_and_a_third_shows_it(servers: Any) -> None:
    first, second, third = servers(), servers(), servers()
    created = create(first, game="catmouse", mode="friend")
    game_id = created["id"]
    rng = random.Random(11)
    with (
        join(first, game_id, token_of(created["links"]["you"])) as mouse,
        join(second, game_id, token_of(created["links"]["other"])) as cats,
        join(third, game_id) as watcher,
    ):
        states = {"first": receive(mouse), "second": receive(cats)}
        receive(watcher)
        sockets = {"first": mouse, "second": cats}
        state = states["first"]
        while not state["over"]:
            move(sockets[state["turn"]], rng.choice(state["legal"]), state["version"])
            seen = [state_at(socket, state["version"] + 1) for socket in (mouse, cats, watcher)]
            assert seen[0]["moves"] == seen[1]["moves"] == seen[2]["moves"]
            state = seen[0]
        assert seen[2]["over"] and seen[2]["status"] == seen[0]["status"]


def test_racing_moves_on_two_servers_one_is_played(servers: Any) -> None:
    first, second = servers(), servers()
    created = create(first, game="tictactoe", mode="local")
    with (
        join(first, created["id"], created["token"]) as a,
        join(second, created["id"], created["token"]) as b,
    ):
        version = receive(a)["version"]
        receive(b)
        move(a, "1", version)
        move(b, "9", version)
        heard = []
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for socket in (a, b):
                with contextlib.suppress(TimeoutError):
                    heard.append(json.loads(socket.recv(timeout=0.5)))
            states = [m for m in heard if m["type"] == "state" and m["version"] == version + 1]
            errors = [m for m in heard if m["type"] == "error"]
            if len(states) >= 2 and errors:
                break
        assert [e["code"] for e in errors] == ["web.moved_on"]
        assert {tuple(s["moves"]) for s in states} in ({("1",)}, {("9",)})


def test_a_server_where_nobody_watched_a_game_shows_it_as_it_now_is(servers: Any) -> None:
    first, second = servers(), servers()
    created = create(first, game="tictactoe", mode="local")  # `first` knows it, unwatched
    with join(second, created["id"], created["token"]) as player:
        version = receive(player)["version"]
        for number, cell in enumerate(("5", "1", "9"), start=1):
            move(player, cell, version + number - 1)
            state_at(player, version + number)
        time.sleep(1.0)  # time enough for `first` to hear of the moves
        with join(first, created["id"], created["token"]) as late:
            # The first state sent is the game as stored, not as `first` last saw it.
            assert receive(late)["moves"] == ["5", "1", "9"]


def test_a_killed_server_loses_nothing_and_the_game_goes_on(servers: Any) -> None:
    first, second = servers(), servers()
    created = create(first, game="tictactoe", mode="friend")
    x_token, o_token = token_of(created["links"]["you"]), token_of(created["links"]["other"])
    with join(first, created["id"], x_token) as x, join(second, created["id"], o_token) as o:
        state = receive(x)
        receive(o)
        for socket, cell in ((x, "5"), (o, "1"), (x, "9")):
            move(socket, cell, state["version"])
            state = state_at(o, state["version"] + 1)
        first.kill()
        with join(second, created["id"], x_token) as x_again:
            again = receive(x_again)
            assert again["moves"] == ["5", "1", "9"] and again["seat"] == ["first"]
            move(o, "3", again["version"])
            assert state_at(x_again, again["version"] + 1)["moves"] == ["5", "1", "9", "3"]


def test_a_computer_turn_left_by_a_killed_server_is_taken_over(servers: Any, database: str) -> None:
    thinker = servers("--computer-timeout", "3")
    created = create(
        thinker, game="othello", options={"size": 10}, mode="computer", seat="second", level=5
    )
    storage = Storage(database)
    deadline = time.monotonic() + TIMEOUT
    while storage.unclaimed_with_computer(now=time.time()) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert storage.unclaimed_with_computer(now=time.time()) == []  # the thinker holds the turn
    thinker.kill()
    assert storage.load(created["id"]).moves == ()  # type: ignore[union-attr]
    other = servers("--computer-timeout", "3")
    with join(other, created["id"], created["token"]) as player:
        state = receive(player)
        if not state["moves"]:
            state = state_at(player, state["version"] + 1)
        assert len(state["moves"]) == 1 and state["turn"] == "second" and not state["thinking"]
    stored = storage.load(created["id"])
    assert stored is not None and len(stored.moves) == 1
    storage.close()


def test_a_server_that_loses_its_database_connection_catches_up(
    servers: Any, database: str
) -> None:
    first, second = servers(), servers()
    created = create(first, game="tictactoe", mode="friend")
    x_token, o_token = token_of(created["links"]["you"]), token_of(created["links"]["other"])
    storage = Storage(database)
    with join(first, created["id"], x_token) as x, join(second, created["id"], o_token) as o:
        state = receive(x)
        receive(o)
        with storage.engine.begin() as connection:
            cut = connection.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE starts_with(query, 'LISTEN') AND pid <> pg_backend_pid() "
                "AND datname = current_database()"
            ).all()
        assert len(cut) == 2  # each server's listening connection
        move(x, "5", state["version"])
        seen = state_at(o, state["version"] + 1)
        assert seen["moves"] == ["5"]
        move(o, "1", seen["version"])
        assert state_at(x, seen["version"] + 1)["moves"] == ["5", "1"]
    storage.close()


def test_a_flag_is_decided_once_by_two_servers_that_both_watch_the_clock(
    servers: Any, database: str
) -> None:
    first, second = servers("--computer-timeout", "1.5"), servers("--computer-timeout", "1.5")
    created = create(first, game="tictactoe", mode="friend", clock={"initial": 2, "increment": 0})
    x_token, o_token = token_of(created["links"]["you"]), token_of(created["links"]["other"])
    with join(first, created["id"], x_token) as x, join(second, created["id"], o_token) as o:
        state = receive(x)
        receive(o)
        for socket, cell in ((x, "5"), (o, "1")):
            move(socket, cell, state["version"])
            state = state_at(x, state["version"] + 1)
            state_at(o, state["version"])
        assert state["clock"]["running"] == "first"
        # Both processes hold the game with X's clock running: each wakes when it falls, and
        # each one's sweep looks for fallen flags too.
        flagged = [state_at(socket, state["version"] + 1) for socket in (x, o)]
        for seen in flagged:
            assert seen["version"] == state["version"] + 1
            assert seen["result"] == {"winner": "second", "reason": "time"}
        time.sleep(2.0)  # several sweeps of both servers: none may decide the game again
        for socket in (x, o):
            socket.send(json.dumps({"type": "sync"}))
            while (message := receive(socket))["type"] != "state":
                pass
            assert message["version"] == state["version"] + 1
            assert message["clock"]["first"] == 0
    storage = Storage(database)
    stored = storage.load(created["id"])
    assert stored is not None and stored.version == state["version"] + 1 and stored.finished
    storage.close()
