"""Prints moves per second and move latency through the WebSocket API of real `damero serve` processes.

Each of --games games has two sockets, one per seat, playing random legal Four Cats and the
Mouse games by link; a finished game is replaced by a new one. Latency runs from sending a
move to the opponent's socket receiving the state that holds it (the server commits first).
Loopback only, bounded by --seconds.

    python benchmarks/web.py [--games 200] [--seconds 10] [--db URL] [--servers N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(url: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "damero", "serve", "--port", str(port), "--db", url],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        env={**os.environ, "LANG": "C"},
    )
    base = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://{base}/api/games", timeout=2).close()
            return process, base
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start; see {log}") from None
            time.sleep(0.1)


def create_game(base: str) -> dict[str, str]:
    request = urllib.request.Request(
        f"http://{base}/api/games",
        data=json.dumps({"game": "catmouse", "mode": "friend"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    created = json.loads(urllib.request.urlopen(request, timeout=30).read())
    links = created["links"]
    return {
        "id": created["id"],
        "first": links["you"].split("#seat=")[1],
        "second": links["other"].split("#seat=")[1],
    }


class Totals:
    def __init__(self) -> None:
        self.moves = 0
        self.latencies: list[float] = []
        self.sent: dict[tuple[str, int], float] = {}
        self.refused = 0


async def play_games(bases: list[str], index: int, totals: Totals, stop: float) -> None:
    """Plays game after game on one pair of sockets, each seat on its own server if there are several."""
    rng = random.Random(index)
    while time.monotonic() < stop:
        created = await asyncio.to_thread(create_game, bases[index % len(bases)])
        urls = [
            f"ws://{bases[(index + seat) % len(bases)]}/ws/{created['id']}?token={created[name]}"
            for seat, name in enumerate(("first", "second"))
        ]
        async with connect(urls[0]) as first, connect(urls[1]) as second:
            seats = {"first": first, "second": second}
            await asyncio.gather(
                *(
                    player(name, sock, created["id"], rng, totals, stop)
                    for name, sock in seats.items()
                )
            )


async def player(
    seat: str, sock: object, game_id: str, rng: random.Random, totals: Totals, stop: float
) -> None:
    async for text in sock:  # type: ignore[attr-defined]
        state = json.loads(text)
        if state["type"] == "error":
            totals.refused += 1
            continue
        sent = totals.sent.pop((game_id, state["version"]), None)
        if sent is not None and state["turn"] == seat:
            totals.latencies.append(time.perf_counter() - sent)
        if state["over"] or time.monotonic() > stop:
            return
        if state["turn"] == seat and state["legal"]:
            totals.sent[(game_id, state["version"] + 1)] = time.perf_counter()
            move = {"type": "move", "move": rng.choice(state["legal"]), "version": state["version"]}
            await sock.send(json.dumps(move))  # type: ignore[attr-defined]
            totals.moves += 1


async def measure(bases: list[str], games: int, seconds: float) -> Totals:
    totals = Totals()
    stop = time.monotonic() + seconds
    await asyncio.gather(*(play_games(bases, index, totals, stop) for index in range(games)))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games at once (two sockets each)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--servers", type=int, default=1, help="server processes on the database")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = arguments.db or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        servers = [start_server(url, Path(folder) / "server.log") for _ in range(arguments.servers)]
        try:
            totals = asyncio.run(
                measure([base for _, base in servers], arguments.games, arguments.seconds)
            )
        finally:
            for process, _ in servers:
                process.terminate()
                process.wait()
        kind = url.split(":", 1)[0]
        report(
            f"{kind}, {arguments.servers} server(s), {arguments.games} games "
            f"({2 * arguments.games} sockets)",
            totals,
            arguments.seconds,
        )


if __name__ == "__main__":
    main()
