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

Without --pause every player answers at once, so the figures are the most moves a second the
server accepts, and the latency is mostly the queue of 200 games' moves waiting their turn.
With a pause the load is a given rate (about games / (pause + latency) moves a second) and the
latency is the server's own time to commit a move and pass it on at that rate.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

# The tests' helpers start a server on a free port and a throwaway PostgreSQL cluster.
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from servers import PostgresCluster, Server


def create_game(base: str, index: int) -> dict[str, str]:
    """A new game for pair `index`, asked for as from an address of its own (198.18.0.0/15, the
    range kept for benchmarks, in the header a trusted proxy on loopback sets): the server limits
    the games one address starts, and each pair stands for two players elsewhere."""
    request = urllib.request.Request(
        f"http://{base}/api/games",
        data=json.dumps({"game": "catmouse", "mode": "friend"}).encode(),
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
        "second": links["other"].split("#seat=")[1],
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


async def play_games(
    bases: list[str], index: int, totals: Totals, stop: float, pause: float
) -> None:
    """Plays game after game on one pair of sockets, each seat on its own server if there are several."""
    rng = random.Random(index)
    while time.monotonic() < stop:
        created = await asyncio.to_thread(create_game, bases[index % len(bases)], index)
        urls = [
            f"ws://{bases[(index + seat) % len(bases)]}/ws/{created['id']}?token={created[name]}"
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
    while True:
        waiting_since = time.monotonic()
        try:
            text = await asyncio.wait_for(sock.recv(), STALL_SECONDS)  # type: ignore[attr-defined]
        except TimeoutError:
            # Near the end an opponent may stop instead of moving; silence well before is a fault.
            if waiting_since + STALL_SECONDS <= stop:
                totals.stalled += 1
            return
        state = json.loads(text)
        if state["type"] == "state" and state["version"] <= seen:
            continue  # a state sent again (a socket joining, a reconnection) is not news
        if state["type"] == "error":
            totals.refused += 1
            totals.reasons.add(state["message"])
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


async def measure(bases: list[str], games: int, seconds: float, pause: float) -> Totals:
    totals = Totals()
    stop = time.monotonic() + seconds
    await asyncio.gather(*(play_games(bases, index, totals, stop, pause) for index in range(games)))
    return totals


def report(label: str, totals: Totals, seconds: float) -> None:
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
    if totals.stalled:
        print(f"  {totals.stalled} sockets heard nothing for {STALL_SECONDS} s")
    for reason in sorted(totals.reasons):
        print(f"  refused: {reason}")


def run(url: str, servers: int, games: int, seconds: float, pause: float, folder: Path) -> None:
    started = [Server(url, folder / f"server{index}.log") for index in range(servers)]
    try:
        bases = [f"127.0.0.1:{server.port}" for server in started]
        totals = asyncio.run(measure(bases, games, seconds, pause))
    finally:
        for server in started:
            server.stop()
    report(
        f"{url.split(':', 1)[0]}, {servers} server(s), {games} games ({2 * games} sockets), "
        f"{pause * 1000:.0f} ms pause",
        totals,
        seconds,
    )


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
        )
        if not arguments.servers:
            return
        cluster = None if arguments.db else PostgresCluster()
        try:
            for servers in arguments.servers:
                url = arguments.db or cluster.new_database()  # type: ignore[union-attr]
                run(url, servers, arguments.games, arguments.seconds, arguments.pause, folder)
        finally:
            if cluster is not None:
                cluster.stop()


if __name__ == "__main__":
    main()
