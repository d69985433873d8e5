"""Prints moves per second and move latency through the WebSocket API of real `damero serve` processes.

Each of --games games has two sockets, one per seat, playing random legal Four Cats and the
Mouse games by link; a finished game is replaced by a new one. Latency runs from sending a
move to the opponent's socket receiving the state that holds it (the server commits first).
With several servers the two seats of a game sit on different processes, as behind a load
balancer, so every move crosses PostgreSQL's NOTIFY. Loopback only, bounded by --seconds.

    python benchmarks/web.py                      # one server on SQLite
    python benchmarks/web.py --servers 1 2 4      # the same, then 1, 2 and 4 servers on one
                                                  # PostgreSQL (a throwaway cluster; needs root)
    python benchmarks/web.py --pause 0.09         # players think 90 ms before each move
    python benchmarks/web.py --thinks 4 --pause 0.05   # and four level-5 10x10 Othello games
                                                  # against the computer think all along

Each run also prints the servers' own CPU time per accepted move (from /proc, so the load
generator's share is not counted) and the bytes the sockets received per move; --commits
measures PostgreSQL's own commits per second on this machine, for comparison.

Without --pause every player answers at once, so the figures are the most moves a second the
server accepts, and the latency is mostly the queue of 200 games' moves waiting their turn.
With a pause the load is a given rate (about games / (pause + latency) moves a second) and the
latency is the server's own time to commit a move and pass it on at that rate.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

# The tests' helpers start a server on a free port and a throwaway PostgreSQL cluster.
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from servers import PostgresCluster, Server


def create_game(base: str, index: int, **body: object) -> dict[str, str]:
    """A new game for pair `index`, asked for as from an address of its own (198.18.0.0/15, the
    range kept for benchmarks, in the header a trusted proxy on loopback sets): the server limits
    the games one address starts, and each pair stands for two players elsewhere."""
    request = urllib.request.Request(
        f"http://{base}/api/games",
        data=json.dumps({"game": "catmouse", "mode": "friend", **body}).encode(),
        headers={
            "Content-Type": "application/json",
            "X-Forwarded-For": f"198.18.{index // 256}.{index % 256}",
        },
    )
    created = json.loads(urllib.request.urlopen(request, timeout=30).read())
    links = created["links"]
    return {
        "id": created["id"],
        "first": links["you"].split("#seat=")[1],
        "second": links.get("other", "#seat=").split("#seat=")[1],
    }


STALL_SECONDS = 10.0


class Totals:
    def __init__(self) -> None:
        self.moves = 0
        self.latencies: list[float] = []
        self.sent: dict[tuple[str, int], float] = {}
        self.refused = 0
        self.stalled = 0
        self.reasons: set[str] = set()
        self.received = 0
        """Bytes the sockets of the measured games received."""


def apply_event(state: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """What events.js does: the state after `event`, which follows it."""
    state = {**state, "version": event["version"]}
    state["moves"] = state["moves"][: event["keep"]] + event["add"]
    for path, value in event["set"]:
        target = state
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, list) and path[-1] == len(target):
            target.append(value)
        else:
            target[path[-1]] = value  # the benchmark keeps no older state to spoil
    return state


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time process `pid` has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_games(
    bases: list[str], index: int, totals: Totals, stop: float, pause: float
) -> None:
    """Plays game after game on one pair of sockets, each seat on its own server if there are several."""
    rng = random.Random(index)
    while time.monotonic() < stop:
        created = await asyncio.to_thread(create_game, bases[index % len(bases)], index)
        urls = [
            f"ws://{bases[(index + seat) % len(bases)]}/ws/{created['id']}"
            f"?events=1&token={created[name]}"
            for seat, name in enumerate(("first", "second"))
        ]
        async with connect(urls[0]) as first, connect(urls[1]) as second:
            seats = {"first": first, "second": second}
            await asyncio.gather(
                *(
                    player(name, sock, created["id"], rng, totals, stop, pause)
                    for name, sock in seats.items()
                )
            )


async def player(
    seat: str,
    sock: object,
    game_id: str,
    rng: random.Random,
    totals: Totals,
    stop: float,
    pause: float,
) -> None:
    seen = 0
    state: dict[str, Any] = {}
    while True:
        waiting_since = time.monotonic()
        try:
            text = await asyncio.wait_for(sock.recv(), STALL_SECONDS)  # type: ignore[attr-defined]
        except TimeoutError:
            # Near the end an opponent may stop instead of moving; silence well before is a fault.
            if waiting_since + STALL_SECONDS <= stop:
                totals.stalled += 1
            return
        totals.received += len(text.encode())
        message = json.loads(text)
        if message["type"] in ("state", "event") and message["version"] <= seen:
            continue  # a state sent again (a socket joining, a reconnection) is not news
        if message["type"] == "error":
            totals.refused += 1
            totals.reasons.add(message["message"])
            continue
        if message["type"] == "event":
            if message["from"] != seen:
                await sock.send(json.dumps({"type": "sync"}))  # type: ignore[attr-defined]
                continue
            state = apply_event(state, message)
        elif message["type"] == "state":
            state = message
        else:
            continue
        seen = state["version"]
        if state["turn"] == seat:  # the opponent moved: time it from its sending
            sent = totals.sent.pop((game_id, state["version"]), None)
            if sent is not None:
                totals.latencies.append(time.perf_counter() - sent)
        if state["over"] or time.monotonic() > stop:
            return
        if state["turn"] == seat and state["legal"]:
            if pause:
                await asyncio.sleep(pause)
            totals.sent[(game_id, state["version"] + 1)] = time.perf_counter()
            move = {"type": "move", "move": rng.choice(state["legal"]), "version": state["version"]}
            await sock.send(json.dumps(move))  # type: ignore[attr-defined]
            totals.moves += 1


async def think_all_along(base: str, index: int, stop: float) -> None:
    """A 10x10 Othello game against the computer at level 5, its person moving at once, so that
    the computer thinks nearly all the time; a finished game is replaced by a new one."""
    rng = random.Random(index)
    while time.monotonic() < stop:
        created = await asyncio.to_thread(
            create_game,
            base,
            1000 + index,
            game="othello",
            options={"size": 10},
            mode="computer",
            level=5,
        )
        async with connect(f"ws://{base}/ws/{created['id']}?token={created['first']}") as sock:
            while time.monotonic() < stop:
                try:
                    state = json.loads(await asyncio.wait_for(sock.recv(), 1.0))
                except TimeoutError:
                    continue
                if state["type"] != "state":
                    continue
                if state["over"]:
                    break
                if state["turn"] == "first" and state["legal"] and not state["thinking"]:
                    move = {
                        "type": "move",
                        "move": rng.choice(state["legal"]),
                        "version": state["version"],
                    }
                    await sock.send(json.dumps(move))


async def measure(
    bases: list[str], games: int, seconds: float, pause: float, thinks: int
) -> Totals:
    totals = Totals()
    stop = time.monotonic() + seconds
    await asyncio.gather(
        *(play_games(bases, index, totals, stop, pause) for index in range(games)),
        *(think_all_along(bases[0], index, stop) for index in range(thinks)),
    )
    return totals


def report(label: str, totals: Totals, seconds: float, cpu: float) -> None:
    latencies = sorted(totals.latencies)
    if not latencies:
        print(f"{label}: no move completed")
        return
    median = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(
        f"{label}: {totals.moves / seconds:,.0f} moves/s, latency median {median:.1f} ms, "
        f"p99 {p99:.1f} ms ({len(latencies)} moves timed, {totals.refused} refused)"
    )
    accepted = max(totals.moves - totals.refused, 1)
    print(
        f"  servers' CPU {cpu * 1000 / accepted:.2f} ms per accepted move (all servers together), "
        f"{totals.received / accepted:,.0f} bytes received per move by the sockets"
    )
    if totals.stalled:
        print(f"  {totals.stalled} sockets heard nothing for {STALL_SECONDS} s")
    for reason in sorted(totals.reasons):
        print(f"  refused: {reason}")


def run(
    url: str, servers: int, games: int, seconds: float, pause: float, folder: Path, thinks: int = 0
) -> None:
    started = [Server(url, folder / f"server{index}.log") for index in range(servers)]
    try:
        bases = [f"127.0.0.1:{server.port}" for server in started]
        before = sum(cpu_seconds(server.process.pid) for server in started)
        totals = asyncio.run(measure(bases, games, seconds, pause, thinks))
        cpu = sum(cpu_seconds(server.process.pid) for server in started) - before
    finally:
        for server in started:
            server.stop()
    report(
        f"{url.split(':', 1)[0]}, {servers} server(s), {games} games ({2 * games} sockets), "
        f"{pause * 1000:.0f} ms pause" + (f", {thinks} level-5 Othello thinks" if thinks else ""),
        totals,
        seconds,
        cpu,
    )


def commits_per_second(url: str, connections: int, seconds: float = 5.0) -> float:
    """PostgreSQL's own rate of durable commits: `connections` threads each updating one row
    of a table of their own, one transaction per update, as fast as they can."""
    import threading

    import psycopg

    with psycopg.connect(url, autocommit=True) as setup:
        setup.execute("CREATE TABLE IF NOT EXISTS bench (id int PRIMARY KEY, n int)")
        setup.execute(
            "INSERT INTO bench SELECT g, 0 FROM generate_series(0, 63) g ON CONFLICT DO NOTHING"
        )
    counts = [0] * connections
    stop = time.monotonic() + seconds

    def commit(index: int) -> None:
        with psycopg.connect(url, autocommit=True) as connection:
            while time.monotonic() < stop:
                connection.execute("UPDATE bench SET n = n + 1 WHERE id = %s", (index,))
                counts[index] += 1

    threads = [threading.Thread(target=commit, args=(index,)) for index in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games at once (two sockets each)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--pause", type=float, default=0.0, help="seconds a player waits before each move"
    )
    parser.add_argument(
        "--servers", type=int, nargs="*", default=[], help="numbers of servers on PostgreSQL"
    )
    parser.add_argument(
        "--db", default=None, help="a PostgreSQL URL to use instead of a new cluster"
    )
    parser.add_argument(
        "--thinks", type=int, default=0, help="level-5 Othello games against the computer beside"
    )
    parser.add_argument(
        "--commits", action="store_true", help="PostgreSQL's own commits per second"
    )
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        run(
            f"sqlite:///{folder / 'bench.sqlite3'}",
            1,
            arguments.games,
            arguments.seconds,
            arguments.pause,
            folder,
            arguments.thinks,
        )
        if not arguments.servers and not arguments.commits:
            return
        cluster = None if arguments.db else PostgresCluster()
        try:
            if arguments.commits:
                url = arguments.db or cluster.new_database()  # type: ignore[union-attr]
                for connections in (1, 8):
                    rate = commits_per_second(url, connections)
                    print(
                        f"PostgreSQL alone: {rate:,.0f} commits/s with {connections} connection(s)"
                    )
            for servers in arguments.servers:
                url = arguments.db or cluster.new_database()  # type: ignore[union-attr]
                run(url, servers, arguments.games, arguments.seconds, arguments.pause, folder)
        finally:
            if cluster is not None:
                cluster.stop()


if __name__ == "__main__":
    main()
