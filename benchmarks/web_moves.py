"""Prints what damero's own code costs a move on one server, without sockets or commits.

Four Cats games by link, each seat watched by a client that asks for events, as a page does; the
seat to move sends a random target's cells, and the move goes through the server's own path
(`protocol.handle`: the clicks read, the rules, the change formatted for the database, each
client's event built and encoded), all in this process. The commit is answered at once, and
what the clients are sent goes nowhere, so that only damero's code is measured: a figure that
changes little from one run to the next, where `benchmarks/web.py`'s, with sockets, a database
and the load generator on the same cores, differs by more than most changes to that code.

    python benchmarks/web_moves.py                    # 3,000 moves, the CPU per move
    python benchmarks/web_moves.py --profile out.txt  # and cProfile's figures, to out.txt
    python benchmarks/web_moves.py --moves 1500 --runs 7  # the fastest and median of seven runs

Under other work the fastest of several runs moves least from one try to the next.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from damero.core import Side
from damero.registry import find_game
from damero.round import new_round
from damero.web.boards import targets_clicked
from damero.web.protocol import Client, handle, parse_message
from damero.web.refusals import catalog_for
from damero.web.rooms import Rooms
from damero.web.storage import Storage, hash_token
from damero.web.stored import new_game_id


class Unread:
    """A socket that takes every message and reads nothing."""

    async def send_text(self, data: str) -> None:
        pass

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


async def measure(moves: int, profile: cProfile.Profile | None) -> tuple[int, float]:
    """Plays games until `moves` are made; the moves made and the CPU seconds they took."""
    with tempfile.TemporaryDirectory() as folder:
        rooms = Rooms(Storage(f"sqlite:///{Path(folder) / 'games.sqlite3'}"))
        stored = rooms.committer.commit

        async def at_once(item: Any) -> bool:
            return True

        game = find_game("catmouse")
        rng = random.Random(1)
        made, spent = 0, 0.0
        while made < moves:
            live = new_round(
                new_game_id(),
                game,
                mode="friend",
                side=Side.FIRST,
                level=3,
                start=game.start(),
                moves=[],
                clock=None,
                mine=hash_token("first"),
                other=hash_token("second"),
                created=time.time(),
            )
            rooms.committer.commit = stored  # type: ignore[method-assign]
            await rooms.create(live)
            rooms.committer.commit = at_once  # type: ignore[method-assign]
            clients = []
            for token, side in (("first", Side.FIRST), ("second", Side.SECOND)):
                client = Client(Unread(), frozenset([side]), catalog_for("en"), token, events=True)
                await rooms.watch(live.id, client)
                clients.append(client)
            while made < moves and not live.state.is_over:
                side = live.state.side_to_move
                assert side is not None
                clicked = targets_clicked(game, live.state.position)
                cells = clicked[rng.choice(sorted(clicked))]
                text = json.dumps({"type": "move", "cells": cells, "version": live.version})
                started = time.process_time()
                if profile is not None:
                    profile.enable()
                await handle(rooms, None, clients[side.value], live.id, parse_message(text))  # type: ignore[arg-type]
                if profile is not None:
                    profile.disable()
                spent += time.process_time() - started
                made += 1
                live = await rooms.get(live.id)
                for client in clients:
                    client.outbox.waiting.clear()
            for client in clients:
                rooms.leave(live.id, client)
        return made, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--profile", help="cProfile's figures of the moves, to this file")
    parser.add_argument("--runs", type=int, default=1, help="this many runs, in one process")
    arguments = parser.parse_args()
    profile = cProfile.Profile() if arguments.profile else None
    each = []
    for _ in range(arguments.runs):
        made, spent = asyncio.run(measure(arguments.moves, profile))
        each.append(spent * 1000 / made)
        print(f"{made} moves: {each[-1]:.3f} ms of CPU per move")
    if arguments.runs > 1:
        print(
            f"fastest {min(each):.3f} ms, median {statistics.median(each):.3f} ms of CPU per move"
        )
    if profile is not None:
        with open(arguments.profile, "w") as out:
            stats = pstats.Stats(profile, stream=out)
            stats.sort_stats("cumulative").print_stats(60)
            stats.sort_stats("tottime").print_stats(40)


if __name__ == "__main__":
    main()
