"""Prints how long a computer takes to answer while a flood of hints is asked of the same server.

--sockets sockets, each on a 10x10 Othello game of its own and from an address of its own (set in
the header a trusted proxy on loopback sets, in 198.18.0.0/15, the range kept for benchmarks),
ask a hint again as soon as the last is answered or refused; meanwhile one player plays
Tic-tac-toe against the level-1 computer, game after game, for --seconds.

    python benchmarks/web_hints.py --sockets 30 --seconds 30
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from servers import Server


def create(server: Server, body: dict[str, Any], address: str) -> dict[str, Any]:
    request = urllib.request.Request(
        server.base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": address},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        created: dict[str, Any] = json.loads(response.read())
    return created


def flood(server: Server, number: int, stop: threading.Event, counts: dict[str, int]) -> None:
    address = f"198.18.{number // 256}.{number % 256 + 1}"
    created = create(server, {"game": "othello", "options": {"size": 10}}, address)
    url = f"ws://127.0.0.1:{server.port}/ws/{created['id']}?token={created['token']}"
    with connect(url, additional_headers={"X-Forwarded-For": address}) as hinter:
        hinter.recv(timeout=30)
        while not stop.is_set():
            hinter.send(json.dumps({"type": "hint"}))
            answer = json.loads(hinter.recv(timeout=30))
            key = answer["type"] if answer["type"] == "hint" else answer["code"]
            counts[key] = counts.get(key, 0) + 1


def play(server: Server, stop: float) -> list[float]:
    """Moves against the computer until `stop`; the seconds from each move to the answer."""
    waits = []
    while time.monotonic() < stop:
        created = create(server, {"game": "tictactoe", "mode": "computer", "level": 1}, "127.0.0.1")
        url = f"ws://127.0.0.1:{server.port}/ws/{created['id']}?token={created['token']}"
        with connect(url) as player:
            state = json.loads(player.recv(timeout=30))
            while not state["over"] and time.monotonic() < stop:
                asked = time.monotonic()
                player.send(
                    json.dumps(
                        {"type": "move", "move": state["legal"][0], "version": state["version"]}
                    )
                )
                while True:
                    state = json.loads(player.recv(timeout=120))
                    if state["type"] == "state" and not state["thinking"]:
                        break
                if not state["over"] or len(state["moves"]) % 2 == 0:  # not ended by the player
                    waits.append(time.monotonic() - asked)
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=30, help="sockets asking hints")
    parser.add_argument("--seconds", type=float, default=30.0)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{folder}/games.sqlite3", Path(folder) / "server.log")
        stop = threading.Event()
        counts: dict[str, int] = {}
        threads = [
            threading.Thread(target=flood, args=(server, number, stop, counts))
            for number in range(arguments.sockets)
        ]
        try:
            for thread in threads:
                thread.start()
            time.sleep(2)
            waits = play(server, time.monotonic() + arguments.seconds)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
            server.stop()
    print(f"{arguments.sockets} sockets asking hints for {arguments.seconds:.0f} s: {counts}")
    print(
        f"the computer's {len(waits)} answers: median {statistics.median(waits) * 1000:.0f} ms, "
        f"slowest {max(waits) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
