"""Several `damero serve` processes on one PostgreSQL database, as behind a load balancer, where
a server is killed or started with options of its own (a short claim of a computer's turn, a short
absence before a claim): each test starts its servers on a database of its own. A module apart
from test_web_postgres.py, whose tests share their servers, so that another worker may run it
meanwhile."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import test_web_postgres
from servers import Server, create_game
from test_web_postgres import (
    TIMEOUT,
    first_moves,
    friends,
    join,
    move,
    presence_of,
    receive,
    send,
    state_at,
    token_of,
    until,
)

from damero.web.storage import Storage

database = test_web_postgres.database
servers = test_web_postgres.servers
"""The fixtures of the other tests on PostgreSQL: a new database, and servers started on it."""


def test_a_killed_server_loses_nothing_and_the_game_goes_on(servers: Any) -> None:
    first, second = servers(), servers()
    created = create_game(first, game="tictactoe", mode="friend")
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


def thinking_processes(server: int) -> set[int]:
    """The processes `server` started to think in."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
            if parent == server and b"spawn_main" in command:
                found.add(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    """Whether process `pid` is still there and not merely waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_computer_turn_left_by_a_killed_server_is_taken_over(servers: Any, database: str) -> None:
    thinker = servers("--computer-timeout", "3")
    created = create_game(
        thinker, game="othello", options={"size": 10}, mode="computer", seat="second", level=5
    )
    storage = Storage(database)
    deadline = time.monotonic() + TIMEOUT
    while storage.unclaimed_with_computer(now=time.time()) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert storage.unclaimed_with_computer(now=time.time()) == []  # the thinker holds the turn
    while not (thinking := thinking_processes(thinker.process.pid)):
        assert time.monotonic() < deadline, "the turn's think never started a process"
        time.sleep(0.02)
    thinker.kill()
    deadline = time.monotonic() + TIMEOUT
    while any(map(running, thinking)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(running, thinking)), "a thinking process outlived its killed server"
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


def test_a_flag_is_decided_once_by_two_servers_that_both_watch_the_clock(
    servers: Any, database: str
) -> None:
    first, second = servers("--computer-timeout", "1.5"), servers("--computer-timeout", "1.5")
    created = create_game(
        first, game="tictactoe", mode="friend", clock={"initial": 2, "increment": 0}
    )
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


def test_a_seat_that_moves_to_the_other_server_stays_present_and_cannot_be_claimed_against(
    servers: Any,
) -> None:
    a, b = servers("--abandon-after", "1"), servers("--abandon-after", "1")
    game_id, x_token, o_token = friends(a)
    heard: list[dict[str, Any]] = []
    with join(a, game_id, x_token) as x:
        version = receive(x)["version"]
        with join(a, game_id, o_token) as o:
            receive(o)
            version = first_moves(x, o, version)
        # O closes the page on A and opens it again on B.
        with join(b, game_id, o_token) as o_again:
            assert receive(o_again)["presence"] == {"first": True, "second": True}
            until(x, lambda m: (presence_of(m) or {}).get("presence", {}).get("second"), heard)
            time.sleep(2.0)  # twice --abandon-after: O has had a page open all along since
            send(x, type="claim", result="win", version=version)
            refusal = until(x, lambda m: m["type"] == "error", heard)
            assert refusal["code"] == "web.cannot_claim"
            send(o_again, type="sync")
            seen = until(o_again, lambda m: m["type"] == "state")
            assert seen["presence"] == {"first": True, "second": True} and seen["result"] is None
            send(x, type="sync")
            seen = until(x, lambda m: m["type"] == "state", heard)
            assert seen["presence"] == {"first": True, "second": True} and seen["result"] is None
    assert not any((presence_of(m) or {}).get("can_claim") for m in heard)


def test_a_real_departure_can_be_claimed_from_either_server(servers: Any) -> None:
    a, b = servers("--abandon-after", "1"), servers("--abandon-after", "1")
    for claims_through in (a, b):
        game_id, x_token, o_token = friends(a)
        with join(a, game_id, x_token) as x_on_a, join(b, game_id, x_token) as x_on_b:
            version = receive(x_on_a)["version"]
            receive(x_on_b)
            with join(b, game_id, o_token) as o:
                receive(o)
                version = first_moves(x_on_a, o, version)
                state_at(x_on_b, version)
            # O leaves for good: each of X's pages is told it may claim, on either server.
            for page in (x_on_a, x_on_b):
                until(page, lambda m: (presence_of(m) or {}).get("can_claim"))
            claimant = x_on_a if claims_through is a else x_on_b
            send(claimant, type="claim", result="win", version=version)
            for page in (x_on_a, x_on_b):
                ended = state_at(page, version + 1)
                assert ended["result"] == {"winner": "first", "reason": "abandoned"}


def stored_clock(storage: Storage, game_id: str) -> dict[str, Any]:
    stored = storage.load(game_id)
    assert stored is not None and stored.round is not None
    clock: dict[str, Any] = json.loads(stored.round)["clock"]
    return clock


def test_a_flag_falls_on_time_when_the_server_that_made_the_last_move_is_killed(
    servers: Any, database: str
) -> None:
    a, b = servers(), servers()
    created = create_game(a, game="tictactoe", mode="friend", clock={"initial": 3, "increment": 0})
    game_id = created["id"]
    x_token, o_token = token_of(created["links"]["you"]), token_of(created["links"]["other"])
    storage = Storage(database)
    with join(a, game_id, x_token) as x, join(b, game_id, o_token) as o:
        version = receive(x)["version"]
        receive(o)
        for player, cell in ((x, "5"), (o, "1"), (x, "9")):  # the last move is A's
            if cell == "9":
                time.sleep(0.5)  # X thinks: what B woke for before is well before O's flag
            move(player, cell, version)
            version += 1
            state_at(o, version)
            state_at(x, version)
        a.kill()
        falls_at = storage.load(game_id).falls_at  # type: ignore[union-attr]
        assert falls_at is not None and stored_clock(storage, game_id)["running"] == "second"
        flagged = state_at(o, version + 1)
    assert flagged["result"] == {"winner": "first", "reason": "time"}
    # B woke at the instant stored with the move, not at a later round of its own: the flag's
    # instant, as stored, is within a second of the instant the clock fell.
    fell = stored_clock(storage, game_id)["since"]
    print(f"the flag fell {fell - falls_at:.3f} s after its time")
    assert 0 <= fell - falls_at < 1.0
    storage.close()


def notes(folder: Path, kind: str) -> list[tuple[int, float]]:
    """What slow_thinks_server wrote down of `kind` (thinks, sweeps): each one's process and
    instant."""
    path = folder / kind
    lines = path.read_text().splitlines() if path.exists() else []
    return [(int(pid), float(instant)) for pid, instant in (line.split() for line in lines)]


def sweeps_since(folder: Path, server: Server, instant: float) -> int:
    """How many sweeps `server` began after `instant`, as slow_thinks_server wrote them down."""
    return sum(pid == server.process.pid and at > instant for pid, at in notes(folder, "sweeps"))


def test_a_think_longer_than_its_claim_is_thought_of_once_by_two_servers(
    servers: Any, database: str, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("DAMERO_SLOW_THINKS", str(tmp_path))
    claim = 2.0
    first, second = (
        servers("--computer-timeout", str(claim), module="slow_thinks_server") for _ in range(2)
    )
    created = create_game(first, game="tictactoe", mode="computer", seat="second", level=1)
    deadline = time.monotonic() + TIMEOUT
    while not notes(tmp_path, "thinks"):
        assert time.monotonic() < deadline, "the computer's first turn was never thought of"
        time.sleep(0.05)
    [(_, began)] = notes(tmp_path, "thinks")
    # Each server looks for turns to take up, twice, after the first claim would have run out.
    for server in (first, second):
        while sweeps_since(tmp_path, server, began + claim) < 2:
            assert time.monotonic() < deadline, "a server stopped looking for computer's turns"
            time.sleep(0.05)
    storage = Storage(database)
    assert storage.unclaimed_with_computer(now=time.time()) == []  # the thinker holds the turn
    assert len(notes(tmp_path, "thinks")) == 1
    (tmp_path / "go").touch()
    with join(second, created["id"], created["token"]) as player:
        state = receive(player)
        if not state["moves"]:
            state = state_at(player, state["version"] + 1)
        assert len(state["moves"]) == 1 and state["turn"] == "second"
        move(player, state["legal"][0], state["version"])
        state = state_at(player, state["version"] + 2)  # the game goes on: the computer answers
        assert len(state["moves"]) == 3 and state["turn"] == "second"
    first.stop()
    second.stop()  # every think under way, and every one a sweep started, is over and noted
    assert len(notes(tmp_path, "thinks")) == 2  # one a turn
    stored = storage.load(created["id"])
    assert stored is not None and list(stored.moves) == state["moves"]
    storage.close()
