"""Several `damero serve` processes on one PostgreSQL database, as behind a load balancer: the
tests here share one database and three servers, each playing games of its own; those that kill a
server or need its options are in test_web_postgres_stops.py."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from servers import PostgresCluster, Server, create_game
from websockets.sync.client import ClientConnection, connect

from damero.registry import find_game
from damero.web.storage import Storage

TIMEOUT = 120.0
"""How long a socket waits for a message: generous, for a machine loaded by other work."""


@pytest.fixture
def database(postgres: PostgresCluster) -> str:
    return postgres.new_database()


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

    def start(*options: str, module: str = "recorded_damero") -> Server:
        server = Server(database, tmp_path / f"server{len(started)}.log", *options, module=module)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@dataclass
class Shared:
    """A database and three servers on it, started once for the module's tests that stop no
    server and need none of the servers' options: each plays games of its own."""

    database: str
    servers: list[Server]


@pytest.fixture(scope="module")
def shared(postgres: PostgresCluster, tmp_path_factory: pytest.TempPathFactory) -> Any:
    database = postgres.new_database()
    folder = tmp_path_factory.mktemp("shared")
    started: list[Server] = []
    try:
        for number in range(3):
            started.append(Server(database, folder / f"server{number}.log"))
        yield Shared(database, started)
    finally:
        for server in started:
            server.stop()


def test_two_servers_play_a_whole_game_and_a_third_shows_it(shared: Shared) -> None:
    first, second, third = shared.servers
    created = create_game(first, game="catmouse", mode="friend")
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
        # Each reader is told the result in their own words, and the rules' reason alike.
        assert seen[2]["over"] and seen[2]["status"][1:] == seen[0]["status"][1:]
        assert {seen[0]["status"][0], seen[1]["status"][0]} == {"You won.", "You lost."}
        assert seen[2]["status"][0] in ("The mouse won.", "The cats won.")


def test_racing_moves_on_two_servers_one_is_played(shared: Shared) -> None:
    first, second, _ = shared.servers
    created = create_game(first, game="tictactoe", mode="local")
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


def test_a_server_where_nobody_watched_a_game_shows_it_as_it_now_is(shared: Shared) -> None:
    first, second, _ = shared.servers
    created = create_game(first, game="tictactoe", mode="local")  # `first` knows it, unwatched
    witness = create_game(first, game="tictactoe", mode="local")  # and watches this one
    with (
        join(second, created["id"], created["token"]) as player,
        join(first, witness["id"]) as watching,
        join(second, witness["id"], witness["token"]) as witness_player,
    ):
        version = receive(player)["version"]
        for number, cell in enumerate(("5", "1", "9"), start=1):
            move(player, cell, version + number - 1)
            state_at(player, version + number)
        # `first` has heard of the moves once it hears of a move made after them: the database
        # tells a listener of changes in the order they were committed.
        receive(watching)
        witness_version = receive(witness_player)["version"]
        move(witness_player, "5", witness_version)
        state_at(watching, witness_version + 1)
        with join(first, created["id"], created["token"]) as late:
            # The first state sent is the game as stored, not as `first` last saw it.
            assert receive(late)["moves"] == ["5", "1", "9"]


def test_a_server_that_loses_its_database_connection_catches_up(shared: Shared) -> None:
    first, second, _ = shared.servers
    created = create_game(first, game="tictactoe", mode="friend")
    x_token, o_token = token_of(created["links"]["you"]), token_of(created["links"]["other"])
    storage = Storage(shared.database)
    with join(first, created["id"], x_token) as x, join(second, created["id"], o_token) as o:
        state = receive(x)
        receive(o)
        with storage.engine.begin() as connection:
            cut = connection.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE starts_with(query, 'LISTEN') AND pid <> pg_backend_pid() "
                "AND datname = current_database()"
            ).all()
        assert len(cut) == len(shared.servers)  # each server's listening connection
        move(x, "5", state["version"])
        seen = state_at(o, state["version"] + 1)
        assert seen["moves"] == ["5"]
        move(o, "1", seen["version"])
        assert state_at(x, seen["version"] + 1)["moves"] == ["5", "1"]
    storage.close()


# One round, whichever server: rematches, a lost listening connection and a socket that never
# reads here, presence, claims and flags in test_web_postgres_stops.py, each with the two seats
# of a game on different servers.


def send(socket: ClientConnection, **message: object) -> None:
    socket.send(json.dumps(message))


def until(socket: ClientConnection, wanted: Any, heard: list[dict[str, Any]] | None = None) -> Any:
    """The first message this socket is sent for which `wanted(message)` holds; every message on
    the way is noted in `heard`."""
    while True:
        message = receive(socket)
        if heard is not None:
            heard.append(message)
        if wanted(message):
            return message


def presence_of(message: dict[str, Any]) -> dict[str, Any] | None:
    """What a state or a presence message says of who is here and who may claim."""
    if message["type"] not in ("state", "presence"):
        return None
    return {"presence": message["presence"], "can_claim": message["can_claim"]}


def friends(server: Server) -> tuple[str, str, str]:
    """A new Tic-tac-toe game by link: its id, X's token and O's."""
    created = create_game(server, game="tictactoe", mode="friend")
    return created["id"], token_of(created["links"]["you"]), token_of(created["links"]["other"])


def first_moves(x: ClientConnection, o: ClientConnection, version: int) -> int:
    """X plays 5 and O 1, each seen by the other; the game's version after them."""
    move(x, "5", version)
    state_at(o, version + 1)
    move(o, "1", version + 1)
    state_at(x, version + 2)
    return version + 2


def count_games(database: str) -> int:
    storage = Storage(database)
    with storage.engine.begin() as connection:
        games = connection.exec_driver_sql("SELECT count(*) FROM games").scalar()
    storage.close()
    return int(games or 0)


def test_a_rematch_accepted_at_once_through_two_servers_is_one_game(shared: Shared) -> None:
    a, b, _ = shared.servers
    games_before = count_games(shared.database)
    rematches = set()
    for _ in range(50):
        game_id, x_token, o_token = friends(a)
        with (
            join(a, game_id, x_token) as x,
            join(a, game_id, o_token) as o_on_a,
            join(b, game_id, o_token) as o_on_b,
        ):
            version = receive(x)["version"]
            receive(o_on_a)
            receive(o_on_b)
            send(x, type="resign", version=version)
            send(x, type="rematch", version=version + 1)
            for page in (o_on_a, o_on_b):
                state_at(page, version + 2)
            # O accepts at once from both its pages, one on each server.
            send(o_on_a, type="rematch", version=version + 2)
            send(o_on_b, type="rematch", version=version + 2)
            agreed = [
                until(page, lambda m: m["type"] == "state" and m["next"] is not None)
                for page in (o_on_a, o_on_b, x)
            ]
            assert len({state["next"]["id"] for state in agreed}) == 1
            rematches.add(agreed[0]["next"]["id"])
    assert len(rematches) == 50 and count_games(shared.database) - games_before == 100


def listeners_of(storage: Storage, server: Server) -> list[tuple[int, float]]:
    """The pid and start (seconds) of each connection listening for `server`."""
    with storage.engine.begin() as connection:
        return [
            (row[0], row[1])
            for row in connection.exec_driver_sql(
                "SELECT pid, extract(epoch FROM backend_start) FROM pg_stat_activity "
                "WHERE application_name LIKE %(name)s AND starts_with(query, 'LISTEN')",
                {"name": f"damero-{server.process.pid}-%"},
            )
        ]


def test_a_server_whose_listening_connection_was_cut_answers_nothing_stale(
    shared: Shared,
) -> None:
    """A has read a game without watching it, and watches an open one; its listening connection is
    cut, and meanwhile a move is made and the open seat taken through B. The seat's holder is
    seated at once on A, and once A listens again, it reads every game it holds again: what it
    answers about either is current."""
    a, b, _ = shared.servers
    storage = Storage(shared.database)
    in_the_gap = 0
    for _ in range(3):
        game_id, x_token, _ = friends(b)
        offered = create_game(b, game="tictactoe", mode="open")
        record = f"{a.base}/api/games/{game_id}/record"
        with join(b, game_id, x_token) as x, join(a, offered["id"]) as watcher:
            version = receive(x)["version"]
            receive(watcher)
            assert urllib.request.urlopen(record, timeout=30).read().decode().count("\n") == 2
            ((listener, _),) = listeners_of(storage, a)
            with storage.engine.begin() as connection:
                connection.exec_driver_sql(f"SELECT pg_terminate_backend({listener})")
            # Meanwhile, on B: X moves, and someone takes the open seat, whose page opens on A.
            move(x, "5", version)
            state_at(x, version + 1)
            request = urllib.request.Request(f"{b.base}/api/games/{offered['id']}/join", b"")
            joined = json.loads(urllib.request.urlopen(request, timeout=30).read())
            seated_at = time.time()
            with join(a, offered["id"], joined["token"]) as newcomer:
                first = receive(newcomer)
                assert first["type"] == "state" and first["seat"] == ["second"], first
            deadline = time.monotonic() + TIMEOUT
            while not (back := [s for s in listeners_of(storage, a) if s[0] != listener]):
                assert time.monotonic() < deadline, "A did not listen again"
                time.sleep(0.05)
            in_the_gap += seated_at < back[0][1]
            lines = urllib.request.urlopen(record, timeout=30).read().decode().splitlines()
            assert lines[2:] == ["5"]
            assert state_at(watcher, 2)["open_seat"] is None
            with join(b, offered["id"], joined["token"]) as newcomer:
                assert receive(newcomer)["seat"] == ["second"]
    storage.close()
    assert in_the_gap >= 1, "no seat was taken while A was not listening"


def websocket_frame(text: str) -> bytes:
    """`text` as a client's masked WebSocket text frame (shorter than 126 bytes)."""
    payload = text.encode()
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


class Flooder:
    """A spectator's socket with a small receive buffer that never reads, and asks for the whole
    state 60 times at once and then 20 times a second, as fast as a socket may, until the server
    closes it."""

    def __init__(self, server: Server, game_id: str) -> None:
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.socket.connect(("127.0.0.1", server.port))
        self.socket.sendall(
            f"GET /ws/{game_id} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        self.closed = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.flood)
        self.thread.start()

    def flood(self) -> None:
        sync = websocket_frame(json.dumps({"type": "sync"}))
        try:
            self.socket.sendall(sync * 60)
            while not self.stop.wait(1 / 20):
                self.socket.sendall(sync)
        except OSError:
            self.closed.set()  # the server has cut it off

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.socket.close()


def play_and_time(mover: ClientConnection, other: ClientConnection, state: dict[str, Any]) -> Any:
    """Plays the first legal move on `mover`; the seconds until `other` has it, and the state."""
    asked = time.monotonic()
    move(mover, state["legal"][0], state["version"])
    arrived = state_at(other, state["version"] + 1)
    waited = time.monotonic() - asked
    state_at(mover, state["version"] + 1)
    return waited, arrived


def random_moves(size: int, count: int, seed: int) -> list[str]:
    """`count` random moves of an Othello game of `size` that does not end by then."""
    game = find_game("othello").variant(size=size)
    rng = random.Random(seed)
    position, moves = game.start(), []
    while len(moves) < count:
        move = rng.choice(position.legal_moves())
        moves.append(game.format_move(move))
        position = position.play(move)
    return moves


def test_a_socket_that_never_reads_and_floods_sync_holds_up_no_other_players_move(
    shared: Shared,
) -> None:
    """Two games alike (10x10 Othello after 40 moves, whose state is 12 KB), each with X on A
    and O on B, played move for move while a spectator of the first floods A with `sync` and
    never reads: A's buffers for it fill in some 10 s, after which it was waited for with the
    game's lock held. The first game's moves now wait no more than a second longer than the
    second's, and A cuts the flooder off."""
    a, b, _ = shared.servers
    begun = random_moves(10, 40, seed=8)
    games = []
    for _ in range(2):
        body = {"game": "othello", "options": {"size": 10}, "mode": "friend", "moves": begun}
        created = create_game(a, **body)
        games.append(
            (created["id"], token_of(created["links"]["you"]), token_of(created["links"]["other"]))
        )
    (flooded, fx, fo), (calm, cx, co) = games
    with (
        join(a, flooded, fx) as flooded_x,
        join(b, flooded, fo) as flooded_o,
        join(a, calm, cx) as calm_x,
        join(b, calm, co) as calm_o,
    ):
        flooded_state, _, calm_state, _ = map(receive, (flooded_x, flooded_o, calm_x, calm_o))
        players = {"first": (flooded_x, flooded_o), "second": (flooded_o, flooded_x)}
        calm_players = {"first": (calm_x, calm_o), "second": (calm_o, calm_x)}
        flooder = Flooder(a, flooded)
        waits: dict[str, list[float]] = {"flooded": [], "calm": []}
        try:
            deadline = time.monotonic() + TIMEOUT
            after = 0  # moves played once the flooder was cut off
            while after < 2 and time.monotonic() < deadline and not flooded_state["over"]:
                waited, flooded_state = play_and_time(
                    *players[flooded_state["turn"]], flooded_state
                )
                waits["flooded"].append(waited)
                waited, calm_state = play_and_time(*calm_players[calm_state["turn"]], calm_state)
                waits["calm"].append(waited)
                after += flooder.closed.is_set()
                time.sleep(0.4)  # the players think
            print({name: [round(t, 3) for t in times] for name, times in waits.items()})
            assert max(waits["flooded"]) < max(waits["calm"]) + 1.0
            assert flooder.closed.wait(TIMEOUT), "A kept the socket that never reads"
        finally:
            flooder.close()
