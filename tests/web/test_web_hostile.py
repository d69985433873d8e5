"""Hostile clients and odd requests: wrong types, deep JSON, floods of games and hints, sockets that
leave at once, huge upgrade URLs, and `damero serve` asked to listen where it cannot."""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from servers import Server, free_port, run_on_a_loop_of_its_own
from starlette.testclient import TestClient
from test_web_api import connect, next_error, next_message, next_state, send
from websockets.sync.client import connect as connect_to

import damero.engines.othello.parallel
import damero.web.computer
import damero.web.protocol
from damero.core import Limit
from damero.games.othello import Othello, OthelloPosition
from damero.games.othello.engine import OthelloEngineAnalyst
from damero.games.tictactoe import TicTacToe
from damero.i18n import en
from damero.web.app import create_app
from damero.web.limits import Limits
from damero.web.storage import Storage
from damero.web.workers import HINT_SECONDS, Workers, move_values, thinking_threads

TIMEOUT = 30.0


def said_in_words(response: Any) -> str:
    """The refusal's message, checked to come from the catalogue."""
    body = response.json()
    assert body["code"] in en.MESSAGES and body["message"], body
    message: str = body["message"]
    return message


@pytest.mark.parametrize(
    "body",
    [
        {"game": "othello", "options": {"size": 8.0}},
        {"game": "othello", "options": {"size": True}},
        {"game": "othello", "options": {"size": "8"}},
        {"game": "tictactoe", "mode": "computer", "level": True},
        {"game": "tictactoe", "mode": "computer", "level": 1.0},
        {"game": "tictactoe", "mode": 1},
        {"game": "tictactoe", "seat": ["first"]},
        {"game": ["tictactoe"]},
        {"game": "tictactoe", "options": []},
        {"game": "tictactoe", "start": 5},
        {"game": "tictactoe", "moves": "15"},
        {"game": "tictactoe", "moves": [5]},
    ],
)
def test_every_field_of_the_wrong_type_is_refused(client: TestClient, body: Any) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    said_in_words(response)


def test_json_nested_deep_is_refused_over_http_and_on_a_socket(client: TestClient) -> None:
    deep = "[" * 999 + "]" * 999
    assert len(deep) < damero.web.protocol.MAX_MESSAGE
    for text in (deep, '{"game": ' * 150 + "1" + "}" * 150):
        response = client.post("/api/games", content=text.encode())
        assert response.status_code == 400
        assert said_in_words(response) == "That message nests more than 8 levels deep."
    created = client.post("/api/games", json={"game": "tictactoe", "mode": "local"}).json()
    with connect(client, created["id"], created["token"]) as player:
        version = next_state(player)["version"]
        player.send_text(deep)
        assert next_error(player)["code"] == "web.too_deep"
        for wrong in (True, 1.0, str(version)):
            send(player, type="move", move="5", version=wrong)
            assert (
                next_error(player)["message"]
                == "The field 'version' is missing or of the wrong kind."
            )
        send(player, type="move", move="5", version=version)
        assert next_state(player)["moves"] == ["5"]


def test_new_games_from_one_address_are_limited(database: str) -> None:
    limits = Limits(games_burst=3, games_per_second=0.01)
    with TestClient(create_app(Storage(database), limits=limits)) as client:
        offered = {"game": "tictactoe", "mode": "open"}
        for _ in range(3):
            assert client.post("/api/games", json=offered).status_code == 200
        refused = client.post("/api/games", json=offered)
        assert refused.status_code == 429
        assert said_in_words(refused) == (
            "Too many new games from your address: wait 100 s and try again."
        )
        assert len(client.get("/api/games").json()["open"]) == 3


class HeldHints(Workers):
    """Hints that wait until the test lets them think."""

    let_go = threading.Event()

    async def hint(self, analyse: Callable[[Limit], Any], *, engine: bool = False) -> Any:
        await asyncio.to_thread(self.let_go.wait, TIMEOUT)
        return await super().hint(analyse, engine=engine)


def test_one_hint_at_a_time_a_socket_and_a_few_an_address(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(damero.web.computer, "Workers", HeldHints)
    limits = Limits(hints_burst=3, hints_per_second=0.01)
    with TestClient(create_app(Storage(database), limits=limits)) as client:
        created = client.post("/api/games", json={"game": "tictactoe", "mode": "local"}).json()
        with (
            connect(client, created["id"], created["token"]) as first,
            connect(client, created["id"], created["token"]) as second,
        ):
            version = next_state(first)["version"]
            next_state(second)
            send(first, type="hint")
            send(first, type="hint")
            assert next_error(first)["code"] == "web.hint_pending"
            # the socket is not held by its hint: a move goes through meanwhile
            send(first, type="move", move="5", version=version)
            assert next_state(first)["moves"] == ["5"]
            next_state(second)
            HeldHints.let_go.set()
            hint = next_message(first)
            assert hint["type"] == "hint" and hint["version"] == version
            for _ in range(2):
                send(second, type="hint")
                assert next_message(second)["type"] == "hint"
            send(second, type="hint")  # the fourth from this address (the refused one took none)
            assert next_error(second)["message"] == (
                "Too many hints asked from your address: wait 100 s and try again."
            )


def test_a_hint_asked_while_others_think_is_shortened_and_past_a_few_refused() -> None:
    now = [0.0]
    workers = Workers(hint_threads=1, hints_waiting=1, clock=lambda: now[0])
    limits: list[float] = []
    all_asked = threading.Event()

    def slow(limit: Limit) -> None:
        """A hint that takes a second by the workers' clock, once all three are asked."""
        assert limit.seconds is not None and all_asked.wait(timeout=60)
        limits.append(limit.seconds)
        now[0] += 1.0

    async def ask_three() -> list[Any]:
        asked = [asyncio.ensure_future(workers.hint(slow)) for _ in range(3)]
        await asyncio.sleep(0)  # each has been asked (the third refused) by the time this goes on
        all_asked.set()
        return await asyncio.gather(*asked, return_exceptions=True)

    results = run_on_a_loop_of_its_own(ask_three())
    workers.close()
    assert results[:2] == [None, None]
    assert getattr(results[2], "message", None) is not None
    assert results[2].message.key == "web.busy"
    # the second waited a second for the first: it thinks only for what is left of its time
    assert limits == [HINT_SECONDS, HINT_SECONDS - 1.0]


def test_a_hint_flood_does_not_hold_up_another_games_computer(tmp_path: Path) -> None:
    """30 sockets (each from an address of its own, as behind a proxy) ask hints on 10x10
    Othello without pause while a Tic-tac-toe computer answers moves. Sharing two threads, the
    computer's turn waited behind the hints (33 s in the audit); now the computer's threads are
    its own and its answer comes in about as long as a hint, whatever the flood."""
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "server.log")
    stop = threading.Event()
    hints = [0]

    def flood(number: int) -> None:
        headers = {"X-Forwarded-For": f"198.18.0.{number + 1}"}
        created = create(server, {"game": "othello", "options": {"size": 10}}, headers)
        url = f"ws://127.0.0.1:{server.port}/ws/{created['id']}?token={created['token']}"
        with connect_to(url, additional_headers=headers) as hinter:
            hinter.recv(timeout=TIMEOUT)
            while not stop.is_set():
                hinter.send(json.dumps({"type": "hint"}))
                try:
                    while True:  # every answer and refusal so far, until it goes quiet
                        answer = json.loads(hinter.recv(timeout=0.2))
                        hints[0] += answer["type"] == "hint"
                except TimeoutError:
                    pass

    threads = [threading.Thread(target=flood, args=(number,)) for number in range(30)]
    try:
        created = create(server, {"game": "tictactoe", "mode": "computer", "level": 1}, {})
        url = f"ws://127.0.0.1:{server.port}/ws/{created['id']}?token={created['token']}"
        for thread in threads:
            thread.start()
        with connect_to(url) as player:
            state = json.loads(player.recv(timeout=TIMEOUT))
            deadline = time.monotonic() + 120  # the engine's compiled code loaded, the flood on
            while hints[0] < len(threads) and time.monotonic() < deadline:
                time.sleep(0.1)
            waits = []
            while not state["over"]:
                asked = time.monotonic()
                player.send(
                    json.dumps(
                        {"type": "move", "move": state["legal"][0], "version": state["version"]}
                    )
                )
                while True:
                    state = json.loads(player.recv(timeout=TIMEOUT))
                    if state["type"] == "state" and not state["thinking"]:
                        break
                waits.append(time.monotonic() - asked)
        print(f"computer's answers under a flood of hints: {[round(w, 2) for w in waits]} s")
        assert hints[0] >= len(threads)  # the flood was answered too
        assert max(waits) < 5 * HINT_SECONDS
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        server.stop()


def priority() -> tuple[int, int]:
    """The thread's nice and its scheduling class."""
    thread = threading.get_native_id()
    return os.getpriority(os.PRIO_PROCESS, thread), os.sched_getscheduler(thread)


def test_thinking_threads_and_the_threads_they_start_yield_to_the_event_loop() -> None:
    started: list[int] = []
    before = priority()

    def think() -> int:
        search = threading.Thread(target=lambda: started.append(priority()))
        search.start()
        search.join()
        return priority()

    lowest = (19, os.SCHED_IDLE)  # below every nice, even a server's own nice 19
    with thinking_threads(1, "test") as pool:
        assert pool.submit(think).result() == lowest
    assert started == [lowest] and priority() == before


def process_priority(pool: Executor, started: float) -> tuple[int, int]:
    """The nice and the scheduling class of the thread that runs `pool`'s work in its process."""
    nice = pool.submit(os.getpriority, os.PRIO_PROCESS, 0).result(timeout=started)
    return nice, pool.submit(os.sched_getscheduler, 0).result(timeout=started)


def test_an_engines_think_runs_in_a_process_of_its_own_and_a_solvers_on_a_thread() -> None:
    """The event loop never waits for the interpreter's lock held by an engine's think, the
    computer's or a hint (its compiled search loading on the first, its Python parts after): it
    is in another process. That process loads the engine at the server's own priority, and only
    then searches at the lowest: in the idle class, on a busy machine, the load took minutes."""
    workers = Workers()
    lowest = (19, os.SCHED_IDLE)
    # A process started afresh on a machine that may be loaded: as long as a page would wait.
    started = 120.0
    try:
        engines = workers.engines
        engines_pid = engines.submit(os.getpid).result(timeout=started)
        assert engines_pid != os.getpid()
        assert process_priority(engines, started) == priority()  # the server's, to load
        # Ctrl-C stops the server, which stops its thinking processes without a word in its log.
        interrupted = engines.submit(signal.getsignal, signal.SIGINT)
        assert interrupted.result(timeout=started) == signal.SIG_IGN
        assert workers.computer.submit(os.getpid).result(timeout=started) == os.getpid()
        assert workers.computer.submit(priority).result(timeout=started) == lowest

        async def both() -> list[Any]:
            game, solved = Othello(size=6), TicTacToe()
            return await asyncio.gather(
                workers.think(game, 5, 1, game.start()), workers.think(solved, 5, 1, solved.start())
            )

        engine_move, solver_move = run_on_a_loop_of_its_own(both())
        assert engine_move in Othello(size=6).start().legal_moves()
        assert solver_move in TicTacToe().start().legal_moves()
        assert process_priority(engines, started) == lowest  # its think searched there

        hints = workers.engine_hints
        assert hints.submit(os.getpid).result(timeout=started) not in (os.getpid(), engines_pid)

        async def hinted() -> list[Any]:
            game, solved = Othello(size=6), TicTacToe()
            return await asyncio.gather(
                workers.hint(partial(move_values, game, game.start()), engine=True),
                workers.hint(partial(move_values, solved, solved.start())),
            )

        engine_hint, solver_hint = run_on_a_loop_of_its_own(hinted())
        assert engine_hint and engine_hint[0][0] in Othello(size=6).start().legal_moves()
        assert solver_hint and solver_hint[0][0] in TicTacToe().start().legal_moves()
        assert process_priority(hints, started) == lowest
    finally:
        workers.close()


def test_the_servers_thinks_each_search_on_one_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However many cores the machine has, a computer's move, a hint and a game's review each
    search on one thread, so that the thinks share the cores out among games."""
    parallel_runs: list[int] = []
    # The module, which the package's search() function hides.
    search = importlib.import_module("damero.engines.othello.search")
    run_threads = search.run_threads

    def counted(run: Any, threads: int, *arguments: Any) -> Any:
        parallel_runs.append(threads)
        return run_threads(run, threads, *arguments)

    monkeypatch.setattr(search, "run_threads", counted)
    monkeypatch.setattr(damero.engines.othello.parallel, "default_threads", lambda: 4)
    body = {"game": "othello", "mode": "computer", "seat": "second", "level": 5}
    created = client.post("/api/games", json=body).json()
    with connect(client, created["id"], created["token"]) as socket:
        state = next_state(socket)
        while state["thinking"] or not state["moves"]:
            state = next_state(socket)
        send(socket, type="hint")
        hint = next_message(socket)
        assert hint["type"] == "hint" and hint["move"] in state["legal"]
    assert client.get(f"/api/games/{created['id']}/analysis").status_code == 200
    assert parallel_runs == []
    # The same search where nothing bounds its threads runs on every core.
    OthelloEngineAnalyst().move_values(OthelloPosition.start(8), limit=Limit(depth=7))
    assert parallel_runs and set(parallel_runs) == {4}


def create(server: Server, body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(
        server.base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **headers},
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        created: dict[str, Any] = json.loads(response.read())
    return created


def test_sockets_that_leave_at_once_leave_no_traceback(server: Server) -> None:
    """`server` fails at its stop if its log holds a traceback."""
    for number in range(20):
        game_id = "nosuchgame" if number % 2 else "x" * 40
        with connect_to(f"ws://127.0.0.1:{server.port}/ws/{game_id}"):
            pass
        with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as raw:
            raw.sendall(upgrade(f"/ws/{game_id}"))
    # The server's side of the last ones may end after the clients have gone: `server` stops
    # gracefully, letting every socket's task end (and log what it would), before reading the log.


def upgrade(path: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def test_an_upgrade_with_a_huge_url_is_answered_and_closed(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as raw:
        raw.sendall(upgrade("/ws/game?" + "a" * 12_000))
        answer = b""
        while chunk := raw.recv(4096):  # until the server closes the connection
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 414 ")


def serve(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "damero", "serve", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": "C"},
    )


def test_serve_refuses_what_it_cannot_serve_before_it_says_it_is_serving(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        cases = [
            (["--port", "70000"], "The port 70000 is not one a server can listen on"),
            (["--port", "-1"], "The port -1 is not one a server can listen on"),
            (["--host", "a" * 64], "no such address is known"),
            (["--port", str(port)], "another program listens on that port already"),
            (["--db", "sqlite://", "--port", str(free_port())], "would live in memory only"),
        ]
        for arguments, words in cases:
            result = serve("--db", database, *arguments)
            assert result.returncode == 2, result
            said = " ".join(result.stdout.split())
            assert words in said and "serving" not in said
            assert "Traceback" not in result.stderr
