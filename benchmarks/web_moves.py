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
    python benchmarks/web_moves.py --follow           # each seat on a server of its own
    python benchmarks/web_moves.py --moves 1500 --runs 7  # the fastest and median of seven runs

With `--follow`, as two servers on one PostgreSQL play a game whose seats are on both: each seat's
client is on a server of its own (two `Rooms` in this process, on one SQLite file), and the server
that does not hold the mover's seat follows each move from its notice, as the listener hands it
over (`format_notice` and `parse_notice`, then `Rooms.heard_all`). The CPU of both is printed
apart, and `--profile` takes the follower's alone. Under other work the fastest of several runs
moves least from one try to the next.
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
from damero.web.storage import Attendance, Change, Storage, format_notice, hash_token, parse_notice
from damero.web.stored import new_game_id


class Unread:
    """A socket that takes every message and reads nothing."""

    async def send_text(self, data: str) -> None:
        pass

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


async def measure(
    moves: int, profile: cProfile.Profile | None, *, follow: bool = False
) -> tuple[int, float, float]:
    """Plays games until `moves` are made; the moves made, the CPU seconds their movers took and
    those their followers took (none, without `follow`)."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'games.sqlite3'}"
        servers = [Rooms(Storage(url))] + ([Rooms(Storage(url))] if follow else [])
        stored = [rooms.committer.commit for rooms in servers]
        committed: list[Change] = []

        async def at_once(item: Any) -> bool:
            committed.append(item)
            return True

        game = find_game("catmouse")
        rng = random.Random(1)
        made, spent, followed = 0, 0.0, 0.0
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
            servers[0].committer.commit = stored[0]  # type: ignore[method-assign]
            await servers[0].create(live)
            clients = []
            for token, side in (("first", Side.FIRST), ("second", Side.SECOND)):
                rooms = servers[side.value % len(servers)]
                rooms.committer.commit = at_once  # type: ignore[method-assign]
                client = Client(Unread(), frozenset([side]), catalog_for("en"), token, events=True)
                await rooms.watch(live.id, client)
                clients.append((rooms, client))
            for rooms in servers:  # both players here, as the other server's notice says
                rooms.heard_all([Attendance(live.id, (True, True), (None, None), made + 2)])
            while made < moves and not live.state.is_over:
                side = live.state.side_to_move
                assert side is not None
                clicked = targets_clicked(game, live.state.position)
                cells = clicked[rng.choice(sorted(clicked))]
                text = json.dumps({"type": "move", "cells": cells, "version": live.version})
                mover, client = clients[side.value]
                committed.clear()
                started = time.process_time()
                if profile is not None and not follow:
                    profile.enable()
                await handle(mover, None, client, live.id, parse_message(text))  # type: ignore[arg-type]
                if profile is not None and not follow:
                    profile.disable()
                spent += time.process_time() - started
                if follow:
                    (change,) = committed
                    notice = format_notice(change, by="the mover")
                    follower = servers[1 - side.value]
                    started = time.process_time()
                    if profile is not None:
                        profile.enable()
                    follower.heard_all([parse_notice(notice)])
                    if profile is not None:
                        profile.disable()
                    followed += time.process_time() - started
                made += 1
                live = await mover.get(live.id)
                for _, each in clients:
                    each.outbox.waiting.clear()
            for rooms, each in clients:
                rooms.leave(live.id, each)
        return made, spent, followed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--profile", help="cProfile's figures of the moves, to this file")
    parser.add_argument(
        "--follow", action="store_true", help="each seat on a server of its own, as two would"
    )
    parser.add_argument("--runs", type=int, default=1, help="this many runs, in one process")
    arguments = parser.parse_args()
    profile = cProfile.Profile() if arguments.profile else None
    each = []
    for _ in range(arguments.runs):
        made, spent, followed = asyncio.run(
            measure(arguments.moves, profile, follow=arguments.follow)
        )
        each.append(spent * 1000 / made)
        print(f"{made} moves: {each[-1]:.3f} ms of CPU per move", end="")
        if arguments.follow:
            print(f" by the mover's server, {followed * 1000 / made:.3f} by the other following it")
        else:
            print()
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
