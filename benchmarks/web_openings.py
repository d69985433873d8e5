"""Prints what opening a game costs `damero serve` on SQLite beside the floor, measured in turn.

--games pairs of sockets each open game after game with no move in it, as benchmarks/web.py
opens them: a Four Cats game created by link, both seats' sockets opened, each socket's first
state read, both sockets closed. The floor (benchmarks/floor.py) opens its games the same way.
The figure is each server's CPU (from /proc) per game opened, and damero's ratio to the floor's;
spread over a game's moves (about 48 in benchmarks/web.py) it is the opening's share of a move.

    python benchmarks/web_openings.py                # 10 pairs, 10 seconds, 3 rounds
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.client import connect

# benchmarks/web.py opens games as this measures them; the tests' helpers start a server.
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from servers import Server

from web import cpu_seconds, create_floor_game, create_game, start_floor


async def open_games(
    base: str, index: int, stop: float, opened: list[int], urls: Callable[[str, int], list[str]]
) -> None:
    """Opens game after game on one pair of sockets until `stop`, counting them in `opened`."""
    while time.monotonic() < stop:
        first, second = await asyncio.to_thread(urls, base, index)
        async with connect(first) as one, connect(second) as other:
            await one.recv()
            await other.recv()
        opened[0] += 1


def damero_urls(base: str, index: int) -> list[str]:
    # Each game from an address of its own: a pair opens more games than one address may start.
    created = create_game(base, next(ADDRESSES) % 65536)
    return [f"ws://{base}/ws/{created['id']}?events=1&token={created[seat]}" for seat in SEATS]


def floor_urls(base: str, index: int) -> list[str]:
    created = create_floor_game(base)
    return [f"ws://{base}/ws/{created['id']}?seat={seat}" for seat in SEATS]


SEATS = ("first", "second")
ADDRESSES = itertools.count()


def measure(
    base: str, pid: int, games: int, seconds: float, urls: Callable[[str, int], list[str]]
) -> float:
    """Milliseconds of process `pid`'s CPU per game opened."""
    opened = [0]

    async def all_pairs() -> None:
        stop = time.monotonic() + seconds
        await asyncio.gather(
            *(open_games(base, index, stop, opened, urls) for index in range(games))
        )

    before = cpu_seconds(pid)
    asyncio.run(all_pairs())
    return (cpu_seconds(pid) - before) * 1000 / max(opened[0], 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="pairs of sockets at once")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3, help="floor and server, this many times")
    arguments = parser.parse_args()
    ratios = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for number in range(arguments.rounds):
            floor = start_floor(f"sqlite:///{folder / f'floor{number}.sqlite3'}", folder / "f.log")
            try:
                floor_ms = measure(
                    floor.base,  # type: ignore[attr-defined]
                    floor.pid,
                    arguments.games,
                    arguments.seconds,
                    floor_urls,
                )
            finally:
                floor.terminate()
                floor.wait()
            server = Server(f"sqlite:///{folder / f'games{number}.sqlite3'}", folder / "s.log")
            try:
                damero_ms = measure(
                    f"127.0.0.1:{server.port}",
                    server.process.pid,
                    arguments.games,
                    arguments.seconds,
                    damero_urls,
                )
            finally:
                server.stop()
            ratios.append(damero_ms / floor_ms)
            print(
                f"the floor {floor_ms:.2f} ms of CPU a game opened; damero on SQLite"
                f" {damero_ms:.2f} ms ({damero_ms / floor_ms:.2f} x the floor)"
            )
    if arguments.rounds > 1:
        print(f"median of {arguments.rounds} rounds: {statistics.median(ratios):.2f} x the floor")


if __name__ == "__main__":
    main()
