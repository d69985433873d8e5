"""Running a site: a server stopped gracefully (SIGTERM) while games go on, the health checks a
load balancer asks, the operator's measures and log."""

from __future__ import annotations

import json
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from servers import STOP_SECONDS, PostgresCluster, Server, create_game, free_port
from test_web_postgres import join, move, receive, state_at, token_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from damero.round import HOLD_SECONDS
from damero.web.storage import Storage
from damero.web.stored import round_of

TIMEOUT = 120.0
AWAY = 1.5
"""How long a page stays away after its server sent it away, in the tests: under HOLD_SECONDS."""


@pytest.fixture
def database(postgres: PostgresCluster) -> str:
    return postgres.new_database()


@pytest.fixture
def servers(database: str, tmp_path: Path) -> Any:
    started: list[Server] = []

    def start(*options: str, port: int | None = None) -> Server:
        server = Server(database, tmp_path / f"server{len(started)}.log", *options, port=port)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def stop_gracefully(server: Server) -> None:
    """SIGTERM, as an operator or an orchestrator stops a server; it exits of itself."""
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=STOP_SECONDS) in (0, -signal.SIGTERM)


def until_closed(socket: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
    """Every message the socket is sent until it is closed, and the close code it was given."""
    seen = []
    try:
        while True:
            seen.append(receive(socket))
    except ConnectionClosed as closed:
        return seen, closed.rcvd.code if closed.rcvd else None


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def timed_game(server: Server) -> tuple[str, str, str]:
    """A friend's game of Tic-tac-toe with ten minutes each: its id and both seats' tokens."""
    created = create_game(
        server, game="tictactoe", mode="friend", clock={"initial": 600, "increment": 0}
    )
    return created["id"], token_of(created["links"]["you"]), token_of(created["links"]["other"])


def test_a_server_stopped_gracefully_holds_the_clock_of_the_page_it_sends_away(
    servers: Any, database: str
) -> None:
    first, second = servers(), servers()
    game_id, x_token, o_token = timed_game(first)
    with join(first, game_id, x_token) as x, join(second, game_id, o_token) as o:
        state = receive(x)
        receive(o)
        for socket, cell in ((x, "5"), (o, "1")):
            move(socket, cell, state["version"])
            state = state_at(x, state["version"] + 1)
        assert state["clock"]["running"] == "first"  # X's clock runs, X's page is on `first`
        first.process.send_signal(signal.SIGTERM)
        seen, code = until_closed(x)
    assert code == 1012  # service restart: the page reconnects, to another server
    held = [m for m in seen if m["type"] == "state"][-1]
    assert held["clock"]["running"] is None and held["moves"] == ["5", "1"]
    left_when_sent_away = held["clock"]["first"]
    time.sleep(AWAY)  # the page is away; the restart's time is not X's
    with join(second, game_id, x_token) as x_again:
        back = receive(x_again)
        assert back["clock"]["running"] == "first" and back["moves"] == ["5", "1"]
        assert left_when_sent_away - back["clock"]["first"] < 500, "the time away was charged"
        move(x_again, "9", back["version"])
        state_at(x_again, back["version"] + 1)
    assert first.process.wait(timeout=STOP_SECONDS) in (0, -signal.SIGTERM)
    storage = Storage(database)
    stored = storage.load(game_id)
    storage.close()
    assert stored is not None and stored.moves == ("5", "1", "9")
    clock = round_of(stored).state.clock
    assert clock is not None
    charged = left_when_sent_away - clock.left[0]
    assert 0 <= charged < AWAY * 1000, f"X was charged {charged} ms for a move made at once"


def test_a_move_sent_as_its_server_stops_is_played_once(servers: Any) -> None:
    """The page's rule: a move not answered before its socket closed is sent again from the next
    server if the game is still where it was; whether the stopping server committed it or not,
    it is played exactly once."""
    first, second = servers(), servers()
    game_id, x_token, o_token = timed_game(first)
    with join(first, game_id, x_token) as x, join(second, game_id, o_token) as o:
        version = receive(x)["version"]
        receive(o)
        first.process.send_signal(signal.SIGTERM)
        move(x, "5", version)  # in flight as the server stops
        seen, code = until_closed(x)
        answered = any(m["type"] == "state" and m["moves"] == ["5"] for m in seen)
        with join(second, game_id, x_token) as x_again:
            back = receive(x_again)
            if back["moves"] != ["5"]:
                assert not answered and back["moves"] == [] and back["turn"] == "first"
                move(x_again, "5", back["version"])
                back = state_at(x_again, back["version"] + 1)
            assert back["moves"] == ["5"]
        assert state_at(o, version + 1)["moves"][:1] == ["5"]
    assert first.process.wait(timeout=STOP_SECONDS) in (0, -signal.SIGTERM)
    assert code in (1012, 1006, None)


def test_a_computer_thinking_when_its_server_stops_still_moves_once(servers: Any) -> None:
    first, second = servers(), servers()
    created = create_game(
        first, game="othello", options={"size": 10}, mode="computer", seat="second", level=5
    )
    with join(first, created["id"], created["token"]) as player:
        state = receive(player)
        stop_gracefully(first)  # mid-think: it ends and commits, or is given back at once
        until_closed(player)
    with join(second, created["id"], created["token"]) as player:
        state = receive(player)
        if not state["moves"]:
            state = state_at(player, state["version"] + 1)
        assert len(state["moves"]) == 1 and state["turn"] == "second"


def test_ready_while_the_database_answers_and_not_while_postgresql_is_stopped(
    tmp_path: Path,
) -> None:
    cluster = PostgresCluster()
    server = Server(cluster.new_database(), tmp_path / "server.log")
    try:
        assert get(server.base + "/healthz") == (200, "ok\n")
        assert get(server.base + "/readyz") == (200, "ready\n")
        cluster.halt()
        deadline = time.monotonic() + TIMEOUT
        while (answer := get(server.base + "/readyz"))[0] == 200:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert answer[0] == 503 and answer[1].startswith("not ready: ")
        assert get(server.base + "/healthz") == (200, "ok\n")  # the process itself answers
        cluster.resume()
        while (answer := get(server.base + "/readyz"))[0] != 200:
            assert time.monotonic() < deadline, answer
            time.sleep(0.1)
        assert answer == (200, "ready\n")
    finally:
        server.stop()
        cluster.stop()
    log = (tmp_path / "server.log").read_text()
    assert "/readyz" not in log and "/healthz" not in log  # asked every second: never at info


def scrape(port: int) -> dict[str, float]:
    """The measures a server serves on its own address, by name and labels."""
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30).read().decode()
    figures = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            figures[name] = float(value)
    return figures


def test_the_measures_count_the_moves_played_and_are_served_only_where_asked(
    tmp_path: Path,
) -> None:
    measures = free_port()
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = Server(database, tmp_path / "server.log", "--metrics", f"127.0.0.1:{measures}")
    plain = Server(database, tmp_path / "plain.log")
    try:
        created = create_game(server, game="tictactoe", mode="local")
        with join(server, created["id"], created["token"]) as player:
            state = receive(player)
            assert scrape(measures)["damero_sockets_open"] == 1
            for cell in ("5", "1", "9"):
                move(player, cell, state["version"])
                state = state_at(player, state["version"] + 1)
            move(player, "5", state["version"])  # taken: refused
            assert receive(player)["code"] == "tictactoe.cell_taken"
            figures = scrape(measures)
            assert figures['damero_moves_total{outcome="accepted"}'] == 3
            assert figures['damero_moves_total{outcome="refused"}'] == 1
            assert figures["damero_commit_seconds_count"] >= 4  # the game, and each move
            assert figures["damero_games_held"] == 1
            assert figures["damero_database_errors_total"] == 0
            assert "damero_thinks_running" in figures and "damero_thinks_queued" in figures
        # Never beside the pages: not on the server's own address, nor on a server not asked.
        for base in (server.base, plain.base):
            assert get(base + "/metrics")[0] == 404
    finally:
        server.stop()
        plain.stop()


def test_the_log_is_one_json_line_per_event_naming_its_request_or_game(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = Server(database, tmp_path / "server.log", "--log-format", "json")
    try:
        created = create_game(server, game="tictactoe", mode="friend")
        request = urllib.request.Request(
            server.base + f"/api/games/{created['id']}/record", headers={"X-Request-ID": "req-42"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.headers["X-Request-ID"] == "req-42"
        with join(server, created["id"], token_of(created["links"]["other"])) as player:
            receive(player)
        get(server.base + "/healthz")
    finally:
        server.stop()
    lines = [
        json.loads(line)
        for line in (tmp_path / "server.log").read_text().splitlines()
        if line.startswith("{")
    ]
    assert all(line["request"] or line["game"] or line["logger"] for line in lines)
    by_message = {line["message"]: line for line in lines}
    record = next(line for line in lines if line.get("path", "").endswith("/record"))
    assert record["request"] == "req-42" and record["game"] == created["id"]
    assert record["status"] == 200 and record["method"] == "GET"
    created_line = next(m for m in by_message if m.startswith("game created"))
    assert by_message[created_line]["game"] == created["id"]
    sockets = [line for line in lines if line["message"].startswith("socket ")]
    assert len(sockets) == 2 and all(line["game"] == created["id"] for line in sockets)
    assert "?" not in "".join(line["message"] for line in sockets)  # no query string: no token
    assert not any(line.get("path") == "/healthz" for line in lines)
    text = (tmp_path / "server.log").read_text()
    for token in (created["token"], token_of(created["links"]["other"])):
        assert token not in text


def test_the_final_check_finds_a_secret_written_in_a_log(tmp_path: Path) -> None:
    import logged_secrets

    log = tmp_path / "server.log"
    log.write_text("GET /play/abc 200\nsocket /ws/abc?token=Zm9vYmFyYmF6cXV4 opened\n")
    assert logged_secrets.leaks([log], {"Zm9vYmFyYmF6cXV4", "never-written"}) == [
        f"{log}:2: a secret (Zm9v...)"
    ]
    assert logged_secrets.leaks([log], {"never-written"}) == []


def test_a_server_refuses_a_measures_address_it_cannot_use(tmp_path: Path) -> None:
    import sys

    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    for address, words in (("nowhere", "not HOST:PORT"), ("127.0.0.1:0", "not HOST:PORT")):
        command = [sys.executable, "-m", "damero", "serve", "--port", str(free_port())]
        finished = subprocess.run(
            [*command, "--db", database, "--metrics", address],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env={"LANG": "C", "PATH": "/usr/bin:/bin"},
        )
        assert finished.returncode == 2 and words in finished.stdout, finished
    assert HOLD_SECONDS > AWAY


def test_a_server_measures_how_late_it_heard_of_another_servers_moves(servers: Any) -> None:
    measures = free_port()
    first, second = servers(), servers("--metrics", f"127.0.0.1:{measures}")
    game_id, x_token, o_token = timed_game(first)
    assert scrape(measures)["damero_notice_delay_seconds_count"] == 0
    with join(first, game_id, x_token) as x, join(second, game_id, o_token) as o:
        state = receive(x)
        receive(o)
        move(x, "5", state["version"])  # played on `first`, heard of on `second`
        state_at(o, state["version"] + 1)
    figures = scrape(measures)
    assert figures["damero_notice_delay_seconds_count"] >= 1
    assert figures.get('damero_moves_total{outcome="accepted"}', 0) == 0  # none played here
    assert figures["damero_notice_delay_seconds_sum"] < 60
