"""Database faults: the server says in words what was not saved and why, goes on, and recovers
when the database does; the computer keeps taking its turns; a damaged file is refused at start.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from servers import PostgresCluster, Server, free_port
from starlette.testclient import TestClient
from test_web_api import connect, move, next_error, next_state
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as connect_to

import damero.web.workers
from damero.web.app import create_app
from damero.web.metrics import Metrics
from damero.web.storage import (
    Attending,
    Change,
    Seat,
    Storage,
    StoredGame,
    fault_of,
    hash_token,
)
from damero.web.workers import computer_move

TIMEOUT = 30.0


def outage() -> Exception:
    """What SQLAlchemy raises when the database went away in the middle of a statement."""
    return fault_of(
        sa.exc.OperationalError("SELECT 1", {}, Exception("server closed the connection"))
    )


class FailingStorage(Storage):
    """A storage whose chosen calls fail as an outage would, a given number of times, then work."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.failing: dict[str, int] = {}
        self.renewed: list[set[tuple[str, int]]] = []
        """The claims each renewal that went in found still held."""

    def fail(self, name: str, times: int) -> None:
        self.failing[name] = times

    def _maybe_fail(self, name: str) -> None:
        if self.failing.get(name, 0) > 0:
            self.failing[name] -= 1
            raise outage()

    def unclaimed_with_computer(self, *, now: float) -> list[str]:
        self._maybe_fail("unclaimed_with_computer")
        return super().unclaimed_with_computer(now=now)

    def renew_claims(
        self, claims: Sequence[tuple[str, int]], *, seconds: float, now: float
    ) -> set[tuple[str, int]]:
        self._maybe_fail("renew_claims")
        held = super().renew_claims(claims, seconds=seconds, now=now)
        self.renewed.append(held)
        return held

    def write(self, items: Any) -> list[Any]:
        """Fails as asked when it stores a game or a change (a move, the computer's move), not
        when it stores only where the players are."""
        if not all(isinstance(item, Attending) for item in items):
            self._maybe_fail("write")
        return super().write(items)


def computer_first(game_id: str, token: str) -> StoredGame:
    """A Tic-tac-toe game stored by someone else, where the computer (X) is to move."""
    return StoredGame(
        game_id,
        "tictactoe",
        {},
        "---------",
        (),
        1,
        False,
        (Seat(level=1), Seat(hash_token(token))),
        time.time(),
    )


class HeldThinks:
    """The computer's thinks on threads of this process (a solver's), each begun and then held
    until `go` is set."""

    def __init__(self) -> None:
        self.begun = 0
        self.go = threading.Event()

    def computer_move(self, game: Any, level: int, seed: int, position: Any) -> Any:
        self.begun += 1
        self.go.wait(TIMEOUT)
        return computer_move(game, level, seed, position)


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[FailingStorage]:
    """A SQLite database's storage whose chosen calls fail."""
    storage = FailingStorage(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    yield storage
    storage.close()


@pytest.fixture
def held_thinks(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldThinks]:
    held = HeldThinks()
    monkeypatch.setattr(damero.web.workers, "computer_move", held.computer_move)
    yield held
    held.go.set()  # a test that failed lets its thinking threads end


def wait_until(condition: Any, failure: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.02)


def thought_of_elsewhere(storage: Storage, game_id: str, held_thinks: HeldThinks) -> Storage:
    """Another process's storage of `storage`'s database, once it has stored `game_id`, where the
    computer is to move, and the app on `storage` has begun to think of its turn."""
    other = Storage(storage.engine.url.render_as_string())
    other.write([computer_first(game_id, "o")])
    wait_until(lambda: held_thinks.begun == 1, "the computer's turn was never thought of")
    return other


def wait_for_moves(socket: Any, count: int) -> dict[str, Any]:
    state = next_state(socket)
    while len(state["moves"]) < count:
        state = next_state(socket)
    return state


def test_the_sweeper_goes_on_after_the_database_fails_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    storage = FailingStorage(url)
    storage.fail("unclaimed_with_computer", 3)
    with TestClient(create_app(storage, sweep_seconds=0.2)) as client:
        # Stored by another process after this one's sweeps began to fail: only a sweep finds it.
        deadline = time.monotonic() + TIMEOUT
        while storage.failing["unclaimed_with_computer"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert storage.failing["unclaimed_with_computer"] == 0
        other = Storage(url)
        other.write([computer_first("late", "o")])
        other.close()
        with connect(client, "late", "o") as socket:
            state = wait_for_moves(socket, 1)
            assert state["turn"] == "second" and not state["thinking"]


def test_a_think_cut_off_by_the_database_is_taken_up_at_the_next_sweep(tmp_path: Path) -> None:
    storage = FailingStorage(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    # A claim held for ten minutes: only giving it back lets the game go on within the test.
    app = create_app(storage, claim_seconds=600, sweep_seconds=0.5)
    with TestClient(app) as client:
        storage.fail("write", 1)  # the computer's move, when it comes to be stored
        Storage(storage.engine.url.render_as_string()).write([computer_first("cut", "o")])
        with connect(client, "cut", "o") as socket:
            state = wait_for_moves(socket, 1)
            assert state["turn"] == "second" and len(state["moves"]) == 1
        assert storage.failing["write"] == 0  # the first try did fail
        stored = storage.load("cut")
        assert stored is not None and len(stored.moves) == 1 and stored.version == 2


def renewals(metrics: Metrics) -> dict[str, float | None]:
    """The operator's count of the computer's claims renewed, by what each renewal found."""
    return {
        outcome: metrics.registry.get_sample_value(
            "damero_claim_renewals_total", {"outcome": outcome}
        )
        for outcome in ("held", "gone", "failed")
    }


def test_a_think_outlasts_its_claim_and_renewals_the_database_failed(
    storage: FailingStorage, held_thinks: HeldThinks
) -> None:
    storage.fail("renew_claims", 3)
    metrics = Metrics()
    # A claim of 0.6 seconds, renewed every 0.2: three renewals failed let it run out.
    app = create_app(storage, claim_seconds=0.6, sweep_seconds=0.2, metrics=metrics)
    with TestClient(app) as client:
        thought_of_elsewhere(storage, "long", held_thinks).close()
        wait_until(lambda: ("long", 1) in set().union(*storage.renewed), "never renewed again")
        counted = renewals(metrics)
        assert counted["failed"] == 3 and counted["gone"] == 0 and (counted["held"] or 0) >= 1
        held_thinks.go.set()
        with connect(client, "long", "o") as socket:
            state = wait_for_moves(socket, 1)
            assert state["turn"] == "second" and len(state["moves"]) == 1
    assert held_thinks.begun == 1  # the sweeps in the meantime found the turn thought of here
    stored = storage.load("long")
    assert stored is not None and len(stored.moves) == 1 and stored.version == 2


def test_a_think_whose_claim_another_process_took_stops_and_plays_nothing(
    storage: FailingStorage, held_thinks: HeldThinks
) -> None:
    metrics = Metrics()
    with TestClient(create_app(storage, claim_seconds=0.6, metrics=metrics)):
        other = thought_of_elsewhere(storage, "taken", held_thinks)
        assert metrics.registry.get_sample_value("damero_thinks_running") == 1
        # The database fails this process's renewals until its claim runs out and another
        # process takes the turn; then it answers again.
        storage.fail("renew_claims", 1_000_000)
        wait_until(
            lambda: other.claim("taken", version=1, seconds=600, now=time.time()),
            "the claim never ran out",
        )
        storage.fail("renew_claims", 0)
        wait_until(
            lambda: metrics.registry.get_sample_value("damero_thinks_running") == 0,
            "the think whose claim was taken never stopped",
        )
        assert renewals(metrics)["gone"] == 1 and renewals(metrics)["failed"] >= 1
        held_thinks.go.set()
    other.close()
    assert metrics.registry.get_sample_value("damero_moves_total", {"outcome": "accepted"}) == 0
    assert metrics.registry.get_sample_value("damero_moves_total", {"outcome": "refused"}) == 0
    stored = storage.load("taken")
    assert stored is not None and stored.moves == () and stored.version == 1


def test_a_move_the_database_could_not_store_is_refused_in_words_and_sent_again(
    tmp_path: Path,
) -> None:
    storage = FailingStorage(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    with TestClient(create_app(storage)) as client:
        created = client.post("/api/games", json={"game": "tictactoe", "mode": "local"}).json()
        with connect(client, created["id"], created["token"]) as socket:
            version = next_state(socket)["version"]
            storage.fail("write", 1)
            move(socket, "5", version)
            error = next_error(socket)
            assert error["code"] == "web.not_saved"
            assert error["message"] == (
                "Your move was not saved: the database cannot be reached. "
                "The game is as it was; try again in a moment."
            )
            move(socket, "5", version)
            assert next_state(socket)["moves"] == ["5"]
        storage.fail("write", 1)
        refused = client.post("/api/games?lang=es", json={"game": "tictactoe"})
        assert refused.status_code == 503
        assert "no se puede llegar a la base de datos" in refused.json()["message"]


def post(server: Server, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        server.base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def receive(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=TIMEOUT))
    return message


def test_a_full_sqlite_disk_is_told_in_words_and_recovered_from(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    server = Server(f"sqlite:///{database}", tmp_path / "server.log")
    try:
        _status, created = post(server, {"game": "tictactoe", "mode": "local"})
        token = created["links"]["you"].split("#seat=")[1]
        with connect_to(f"ws://127.0.0.1:{server.port}/ws/{created['id']}?token={token}") as ws:
            version = receive(ws)["version"]
            # The page's word is stored after its state is sent: the files are measured after it.
            watcher = Storage(f"sqlite:///{database}")
            wait_until(
                lambda: watcher.load(created["id"]).attendance.here[0],  # type: ignore[union-attr]
                "the page's arrival was never stored",
            )
            watcher.close()
            # No file of the server's may grow past its size now: the next commit cannot be written.
            largest = max(path.stat().st_size for path in tmp_path.glob("games.sqlite3*"))
            limit = (largest, resource.RLIM_INFINITY)
            resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, limit)
            ws.send(json.dumps({"type": "move", "move": "5", "version": version}))
            refusal = receive(ws)
            assert refusal["type"] == "error" and refusal["code"] == "web.not_saved"
            assert "the database file cannot be written" in refusal["message"]
            status, body = post(server, {"game": "catmouse"})
            assert status == 503 and "cannot be written" in body["message"]
            unlimited = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
            resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, unlimited)
            ws.send(json.dumps({"type": "move", "move": "5", "version": version}))
            assert receive(ws)["moves"] == ["5"]
            assert post(server, {"game": "catmouse"})[0] == 200
    finally:
        server.stop()
    reopened = Storage(f"sqlite:///{database}")
    stored = reopened.load(created["id"])
    assert stored is not None and stored.moves == ("5",) and stored.version == version + 1
    reopened.close()


def test_a_damaged_sqlite_file_is_refused_at_start(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    storage = Storage(f"sqlite:///{database}")
    storage.write([computer_first(f"game{number}", "o") for number in range(300)])
    storage.close()
    data = bytearray(database.read_bytes())
    assert len(data) > 8 * 4096
    data[3 * 4096 : 5 * 4096] = b"\xa5" * (2 * 4096)  # two pages of the games' table and index
    database.write_bytes(bytes(data))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "damero",
            "serve",
            "--port",
            str(free_port()),
            "--db",
            f"sqlite:///{database}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": "C"},
    )
    assert result.returncode == 2
    assert result.stdout.strip().endswith("the database file is damaged")
    assert "serving" not in result.stdout and "Traceback" not in result.stderr


@pytest.fixture
def own_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL server of this test's own, which it stops and starts."""
    cluster = PostgresCluster()
    yield cluster
    cluster.stop()


def play(socket: ClientConnection, text: str, version: int) -> None:
    socket.send(json.dumps({"type": "move", "move": text, "version": version}))


def state_at(socket: ClientConnection, version: int) -> dict[str, Any]:
    while True:
        message = receive(socket)
        if message["type"] == "state" and message["version"] >= version:
            return message


def wait_until_logged(servers: list[Server], words: str) -> None:
    """Waits until each server's log holds `words` once more than it does now."""
    deadline = time.monotonic() + TIMEOUT
    seen = [server.log_path.read_text(errors="replace").count(words) for server in servers]
    for server, before in zip(servers, seen, strict=True):
        while server.log_path.read_text(errors="replace").count(words) <= before:
            assert time.monotonic() < deadline, f"{server.log_path} never logged {words!r}"
            time.sleep(0.05)


def test_postgresql_stopped_and_started_under_two_servers_the_game_goes_on(
    own_cluster: PostgresCluster, tmp_path: Path
) -> None:
    database = own_cluster.new_database()
    servers = [
        Server(database, tmp_path / f"server{number}.log", "--computer-timeout", "5")
        for number in range(2)
    ]
    try:
        _status, created = post(
            servers[0],
            {"game": "othello", "options": {"size": 6}, "mode": "computer", "level": 5},
        )
        token = created["links"]["you"].split("#seat=")[1]
        player = connect_to(f"ws://127.0.0.1:{servers[1].port}/ws/{created['id']}?token={token}")
        with player:
            state = receive(player)
            play(player, state["legal"][0], state["version"])
            state = state_at(player, state["version"] + 2)  # the computer's answer
            assert len(state["moves"]) == 2 and state["turn"] == "first"

            own_cluster.halt()
            play(player, state["legal"][0], state["version"])
            refusal = receive(player)
            assert refusal["code"] == "web.not_saved"
            assert "the database cannot be reached" in refusal["message"]
            # Each server meets the fault in its own work too (its sweeps), and goes on.
            wait_until_logged(servers, "database fault")
            own_cluster.resume()

            deadline = time.monotonic() + TIMEOUT
            while True:  # a server may need a moment to be connected again
                play(player, state["legal"][0], state["version"])
                answer = receive(player)
                while answer["type"] == "state" and answer["version"] <= state["version"]:
                    answer = receive(player)  # the game as read again once the database is back
                if answer["type"] == "state" or time.monotonic() > deadline:
                    break
                assert answer["code"] == "web.not_saved"
                time.sleep(0.5)
            assert answer["type"] == "state" and len(answer["moves"]) == 3
            assert answer["thinking"]  # the player's server has claimed the computer's turn
        servers[1].kill()  # ... and dies thinking: the other server's sweep takes the turn over
        with connect_to(f"ws://127.0.0.1:{servers[0].port}/ws/{created['id']}") as watcher:
            state = receive(watcher)
            if len(state["moves"]) < 4:
                state = state_at(watcher, answer["version"] + 1)
        assert len(state["moves"]) == 4 and state["moves"][:3] == answer["moves"]
        stored = Storage(database)
        kept = stored.load(created["id"])
        stored.close()
        assert kept is not None and list(kept.moves) == state["moves"]
        assert kept.version == state["version"]
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.stop()


def test_states_always_match_their_versions_under_concurrent_writes(database_url: str) -> None:
    writer, reader = Storage(database_url), Storage(database_url)
    writer.write(
        [
            StoredGame(
                "busy",
                "tictactoe",
                {},
                "---------",
                (),
                1,
                False,
                (Seat(hash_token("x")), Seat(hash_token("o"))),
                1.0,
            )
        ]
    )
    done = threading.Event()
    mismatched: list[tuple[int, int]] = []
    loads = 0

    def read() -> None:
        nonlocal loads
        while not done.is_set():
            stored = reader.load("busy")
            assert stored is not None
            loads += 1
            if len(stored.moves) != (stored.version - 1) % 10:
                mismatched.append((stored.version, len(stored.moves)))

    readers = [threading.Thread(target=read) for _ in range(3)]
    for thread in readers:
        thread.start()
    try:
        for round_ in range(40):
            for count in range(9):
                version = round_ * 10 + count + 1
                writer.write([Change("busy", version, count, (str(count + 1),), False)])
            # all nine moves taken back at once: the version still grows, the moves start again
            writer.write([Change("busy", round_ * 10 + 10, 0, (), False, is_take_back=True)])
    finally:
        done.set()
        for thread in readers:
            thread.join()
    assert loads > 100 and not mismatched
    writer.close()
    reader.close()
