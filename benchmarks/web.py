"""Prints what a move costs `damero serve` beside the floor of its stack, measured in the same run.

Each of --games games has two sockets, one per seat, playing random legal Four Cats and the
Mouse games by link, as the page does (events, moves sent as the cells clicked); a finished game
is replaced by a new one. Latency runs from sending a move to the opponent's socket receiving
the event that holds it (the server commits first). With several servers the two seats of a game
sit on different processes, as behind a load balancer, so every move crosses PostgreSQL's NOTIFY.
Loopback only, bounded by --seconds.

The floor (benchmarks/floor.py) is a bare server of the same stack doing the least a game server
must do for a move: parse it, commit it to SQLite in WAL mode, send a small event to both seats.
It is measured first, under the same load, and every figure after it is printed with its ratio
to the floor's; --rounds runs floor and servers again in turn and prints the medians, since a
machine shared with other work gives different figures from one minute to the next.

    python benchmarks/web.py                      # the floor, then one server on SQLite
    python benchmarks/web.py --servers 2          # then two servers on one PostgreSQL (a
                                                  # throwaway cluster; needs root)
    python benchmarks/web.py --rounds 5           # five times over, floor and servers in turn
    python benchmarks/web.py --servers 2 --without-sqlite   # the floor and two servers alone
    python benchmarks/web.py --pause 0.09         # players think 90 ms before each move
    python benchmarks/web.py --thinks 4 --pause 0.05   # and four level-5 10x10 Othello games
                                                  # against the computer think all along
    python benchmarks/web.py --profile out.txt    # and py-spy samples the SQLite server (and
                                                  # the floor, into out.txt.floor, the first of
                                                  # several on PostgreSQL, into out.txt.postgres,
                                                  # and beside the thinks, out.txt.thinks)
                                                  # while it holds the GIL

Each run prints the servers' own CPU time per accepted move (from /proc, so the load
generator's share is not counted) and the bytes the sockets received per move, joins included;
--commits measures PostgreSQL's own commits per second on this machine, for comparison.

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
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

# The tests' helpers start a server on a free port and a throwaway PostgreSQL cluster.
sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from servers import PostgresCluster, Server, free_port


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
        self.events: list[int] = []
        """The size of each event received, in bytes."""


OTHER = {"first": "second", "second": "first"}


def apply_event(state: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """What events.js does to the fields a player reads (the moves, the turn, the targets, whether
    the game is over): the state after `event`, which follows it."""
    fields = {key: value for key, value in event.items() if key not in ("type", "put", "clock")}
    moves, movers = state["moves"], state["movers"]
    keep = fields.pop("keep", len(moves))
    add = fields.pop("add", [])
    add = [add] if isinstance(add, str) else add
    made = fields.pop("movers", None)
    if made is None:
        made, side = [], state["turn"]
        for _ in add:
            made.append(side)
            side = OTHER.get(side)
    state = {**state, "moves": moves[:keep] + add, "movers": movers[:keep] + made}
    if made:
        state.update(turn=OTHER.get(made[-1]), targets=[])
    elif keep < len(moves):
        state["turn"] = movers[keep]
    for name, value in list(fields.items()):
        whole, _, key = name.partition(".")
        if key:
            state[whole] = {**state[whole], key: value}
            del fields[name]
    if isinstance(fields.get("targets"), str):
        fields["targets"] = cells_of_mask(fields["targets"])
    if isinstance(fields.get("result"), list):
        state.update(over=True, turn=None)
    if "put" in event:
        pieces = list(state["pieces"])
        for index, run in re.findall(r"(\d+)(\D+)", event["put"]):
            for step, piece in enumerate(run):
                pieces[int(index) + step] = piece
        state["pieces"] = "".join(pieces)
    return {**state, **fields}


def whole_state(message: dict[str, Any]) -> dict[str, Any]:
    """What events.js's wholeState gives of the fields a player reads from a `state` message."""
    moves = message["moves"]
    state = {"over": False, "targets": [], **message}
    state.setdefault("movers", [("first", "second")[index % 2] for index in range(len(moves))])
    if isinstance(state["targets"], str):
        state["targets"] = cells_of_mask(state["targets"])
    return state


def cells_of_mask(mask: str) -> list[int]:
    """The cells of a mask of hexadecimal digits, four cells each, the lowest bit first."""
    return [
        4 * place + bit
        for place, digit in enumerate(mask)
        for bit in range(4)
        if int(digit, 16) >> bit & 1
    ]


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time process `pid` has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def a_target(state: dict[str, Any], rng: random.Random) -> list[int] | str:
    """A random legal move of the state's targets: the cells clicked, or a button's text."""
    moves = [
        [entry] if isinstance(entry, int) else entry if isinstance(entry, str) else [entry[0], end]
        for entry in state["targets"]
        for end in ([None] if not isinstance(entry, list) else entry[1:])
    ]
    return rng.choice(moves)


async def play_games(
    bases: list[str], index: int, totals: Totals, stop: float, pause: float, floor: bool
) -> None:
    """Plays game after game on one pair of sockets, each seat on its own server if there are
    several."""
    rng = random.Random(index)
    while time.monotonic() < stop:
        if floor:
            created = await asyncio.to_thread(create_floor_game, bases[0])
        else:
            created = await asyncio.to_thread(create_game, bases[index % len(bases)], index)
        urls = [
            f"ws://{bases[(index + seat) % len(bases)]}/ws/{created['id']}"
            + (f"?seat={name}" if floor else f"?events=1&token={created[name]}")
            for seat, name in enumerate(("first", "second"))
        ]
        async with connect(urls[0]) as first, connect(urls[1]) as second:
            seats = {"first": first, "second": second}
            await asyncio.gather(
                *(
                    player(name, sock, created["id"], rng, totals, stop, pause, floor)
                    for name, sock in seats.items()
                )
            )


def create_floor_game(base: str) -> dict[str, str]:
    request = urllib.request.Request(f"http://{base}/games", data=b"", method="POST")
    return {"id": str(json.loads(urllib.request.urlopen(request, timeout=30).read())["id"])}


async def player(
    seat: str,
    sock: Any,
    game_id: str,
    rng: random.Random,
    totals: Totals,
    stop: float,
    pause: float,
    floor: bool,
) -> None:
    """One seat: applies each event, and moves when it is its turn (on the floor, sides
    alternate from the first and any text is a move)."""
    seen = 0
    state: dict[str, Any] = {}
    while True:
        waiting_since = time.monotonic()
        try:
            text = await asyncio.wait_for(sock.recv(), STALL_SECONDS)
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
            totals.reasons.add(message.get("message", "refused"))
            continue
        if message["type"] == "event":
            totals.events.append(len(text.encode()))
            if message["version"] != seen + 1:
                await sock.send(json.dumps({"type": "sync"}))
                continue
            state = {**state, **message} if floor else apply_event(state, message)
        elif message["type"] == "state":
            state = message if floor else whole_state(message)
        else:
            continue
        seen = state["version"]
        if floor:
            state["turn"] = "first" if seen % 2 else "second"
        if state["turn"] == seat:  # the opponent moved: time it from its sending
            sent = totals.sent.pop((game_id, state["version"]), None)
            if sent is not None:
                totals.latencies.append(time.perf_counter() - sent)
        if state.get("over") or time.monotonic() > stop:
            return
        if state["turn"] == seat and (floor or state["targets"]):
            if pause:
                await asyncio.sleep(pause)
            totals.sent[(game_id, state["version"] + 1)] = time.perf_counter()
            chosen = "20 24" if floor else a_target(state, rng)
            made = {"move": chosen} if isinstance(chosen, str) else {"cells": chosen}
            await sock.send(json.dumps({"type": "move", **made, "version": state["version"]}))
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
    bases: list[str], games: int, seconds: float, pause: float, thinks: int, floor: bool
) -> Totals:
    totals = Totals()
    stop = time.monotonic() + seconds
    await asyncio.gather(
        *(play_games(bases, index, totals, stop, pause, floor) for index in range(games)),
        *(think_all_along(bases[0], index, stop) for index in range(thinks)),
    )
    return totals


@dataclass
class Figures:
    label: str
    cpu: float
    """Milliseconds of the servers' CPU per accepted move."""
    bytes: float
    """Bytes the sockets received per accepted move."""
    rate: float
    median: float
    p99: float


def report(
    label: str, totals: Totals, seconds: float, cpu: float, floor: Figures | None
) -> Figures | None:
    latencies = sorted(totals.latencies)
    if not latencies:
        print(f"{label}: no move completed")
        return None
    accepted = max(totals.moves - totals.refused, 1)
    figures = Figures(
        label,
        cpu * 1000 / accepted,
        totals.received / accepted,
        totals.moves / seconds,
        statistics.median(latencies) * 1000,
        latencies[int(len(latencies) * 0.99) - 1] * 1000,
    )

    def ratio(value: float, reference: float) -> str:
        return "" if floor is None else f" ({value / reference:.2f} x the floor)"

    print(
        f"{label}: {figures.rate:,.0f} moves/s, latency median {figures.median:.1f} ms, "
        f"p99 {figures.p99:.1f} ms ({len(latencies)} moves timed, {totals.refused} refused)"
    )
    events = sorted(totals.events)
    print(
        f"  servers' CPU {figures.cpu:.3f} ms per accepted move"
        f"{ratio(figures.cpu, floor.cpu if floor else 1)} (all servers together); "
        f"{figures.bytes:,.0f} bytes received per move, joins included"
        f"{ratio(figures.bytes, floor.bytes if floor else 1)}; events of "
        f"{events[len(events) // 2]} bytes (median), {events[int(len(events) * 0.99)]} (p99), "
        f"{events[-1]} at most"
    )
    if totals.stalled:
        print(f"  {totals.stalled} sockets heard nothing for {STALL_SECONDS} s")
    for reason in sorted(totals.reasons):
        print(f"  refused: {reason}")
    return figures


def start_floor(url: str, log: Path) -> subprocess.Popen[bytes]:
    """benchmarks/floor.py on a free port, once it listens."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).parent / "floor.py"), "--port", str(port), "--db", url],
        stdout=log.open("a"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
            process.base = f"127.0.0.1:{port}"  # type: ignore[attr-defined]
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the floor did not start; see {log}") from None
            time.sleep(0.1)


def run(
    url: str,
    servers: int,
    arguments: argparse.Namespace,
    folder: Path,
    floor: Figures | None,
    *,
    thinks: int = 0,
    profile: str | None = None,
) -> Figures | None:
    """Measures `servers` damero servers on `url` (none: the floor, on SQLite)."""
    if servers:
        started = [Server(url, folder / f"server{index}.log") for index in range(servers)]
        processes = [server.process for server in started]
        bases = [f"127.0.0.1:{server.port}" for server in started]
    else:
        processes = [start_floor(url, folder / "floor.log")]
        bases = [processes[0].base]  # type: ignore[attr-defined]
    sampler = None
    if profile:
        sampler = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "py-spy"),
                "record",
                "--pid",
                str(processes[0].pid),
                "--format",
                "raw",
                "--output",
                profile,
                "--rate",
                "200",
                "--nonblocking",
                "--gil",
                "--duration",
                str(int(arguments.seconds)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    try:
        before = sum(cpu_seconds(process.pid) for process in processes)
        totals = asyncio.run(
            measure(bases, arguments.games, arguments.seconds, arguments.pause, thinks, not servers)
        )
        cpu = sum(cpu_seconds(process.pid) for process in processes) - before
    finally:
        if sampler is not None:
            sampler.wait()
        if servers:
            for server in started:
                server.stop()
        else:
            processes[0].terminate()
            processes[0].wait()
    label = (
        f"{url.split(':', 1)[0]}, {servers} server(s)" if servers else "the floor (SQLite)"
    ) + (f", {thinks} level-5 Othello thinks" if thinks else "")
    return report(label, totals, arguments.seconds, cpu, floor)


def profile_of(profile: str | None, url: str, servers: int, thinks: int) -> str | None:
    """Where py-spy writes the samples of a run's first server: the file named for one server on
    SQLite, that name with `.thinks` beside the computer's thinks, with `.postgres` for the
    first of several servers on PostgreSQL."""
    if profile is None:
        return None
    if url.startswith("sqlite"):
        return f"{profile}.thinks" if thinks else profile
    return f"{profile}.postgres" if servers > 1 else None


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
    parser.add_argument("--games", type=int, default=100, help="games at once (two sockets each)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--pause", type=float, default=0.0, help="seconds a player waits before each move"
    )
    parser.add_argument(
        "--servers", type=int, nargs="*", default=[], help="numbers of servers on PostgreSQL"
    )
    parser.add_argument("--rounds", type=int, default=1, help="floor and servers, this many times")
    parser.add_argument(
        "--db", default=None, help="a PostgreSQL URL to use instead of a new cluster"
    )
    parser.add_argument(
        "--thinks", type=int, default=0, help="level-5 Othello games against the computer beside"
    )
    parser.add_argument(
        "--commits", action="store_true", help="PostgreSQL's own commits per second"
    )
    parser.add_argument("--profile", help="py-spy's samples of the servers, to this file")
    parser.add_argument(
        "--without-sqlite",
        action="store_true",
        help="the floor and the servers on PostgreSQL alone, not one server on SQLite",
    )
    arguments = parser.parse_args()
    if arguments.thinks:
        # Compiled once beforehand (at once if it is already), or the thinks would measure numba
        # compiling the engine on the server's loop.
        subprocess.run([sys.executable, "-m", "damero", "setup", "--quiet"], check=True)
    ratios: dict[str, list[tuple[float, float, float]]] = {}
    floors: list[float] = []
    slowed: list[float] = []
    """Each round's p99 of the other games' moves beside the thinks over that without them."""
    cluster: PostgresCluster | None = None
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        try:
            if arguments.servers or arguments.commits:
                cluster = None if arguments.db else PostgresCluster()
            if arguments.commits:
                url = arguments.db or cluster.new_database()  # type: ignore[union-attr]
                for connections in (1, 8):
                    rate = commits_per_second(url, connections)
                    print(
                        f"PostgreSQL alone: {rate:,.0f} commits/s with {connections} connection(s)"
                    )
            for number in range(arguments.rounds):
                floor = run(
                    f"sqlite:///{folder / f'floor{number}.sqlite3'}",
                    0,
                    arguments,
                    folder,
                    None,
                    profile=f"{arguments.profile}.floor"
                    if arguments.profile and not number
                    else None,
                )
                if floor is None:
                    continue
                floors.append(floor.cpu)
                runs = []
                if not arguments.without_sqlite:  # the thinks are measured beside it
                    runs.append((f"sqlite:///{folder / f'bench{number}.sqlite3'}", 1, 0))
                    if arguments.thinks:
                        thinking = f"sqlite:///{folder / f'thinks{number}.sqlite3'}"
                        runs.append((thinking, 1, arguments.thinks))
                for servers in arguments.servers:
                    runs.append((arguments.db or cluster.new_database(), servers, 0))  # type: ignore[union-attr]
                alone: Figures | None = None
                for url, servers, thinks in runs:
                    measured = run(
                        url,
                        servers,
                        arguments,
                        folder,
                        floor,
                        thinks=thinks,
                        profile=profile_of(arguments.profile, url, servers, thinks)
                        if not number
                        else None,
                    )
                    if measured is None:
                        continue
                    ratios.setdefault(measured.label, []).append(
                        (measured.cpu / floor.cpu, measured.bytes / floor.bytes, measured.cpu)
                    )
                    if url == runs[0][0]:
                        alone = measured
                    elif thinks and alone is not None:
                        slowed.append(measured.p99 / alone.p99)
                        print(
                            f"  the thinks make the other games' p99 {measured.p99 / alone.p99:.2f}"
                            f" times what it is without them ({alone.p99:.1f} ms), the median"
                            f" {measured.median / alone.median:.2f} times"
                        )
        finally:
            if cluster is not None:
                cluster.stop()
    if arguments.rounds > 1:
        print(
            f"medians of {arguments.rounds} rounds, each beside its own floor"
            f" (the floor's CPU {statistics.median(floors):.3f} ms per move):"
        )
        for label, each in ratios.items():
            cpu = statistics.median(cpu for cpu, _, _ in each)
            sent = statistics.median(sent for _, sent, _ in each)
            spent = statistics.median(spent for _, _, spent in each)
            print(
                f"  {label}: CPU {cpu:.2f} x the floor ({spent:.3f} ms per move),"
                f" bytes {sent:.2f} x the floor"
            )
        if slowed:
            print(f"  the thinks make the other games' p99 {statistics.median(slowed):.2f} times")


if __name__ == "__main__":
    main()
