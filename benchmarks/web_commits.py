"""Prints what committing moves costs a server's process, by how many go together.

--games games each make one move at once, again and again, through the committer a server
commits with (`GroupCommitter`), so that each transaction holds --games moves, on a throwaway
PostgreSQL cluster (needs root), the database --db names, or a new SQLite file (--sqlite). The
figure is the process's CPU (every thread's) per move, from the first move's commit to the
last's: what the event loop and the writer's thread spend on a move's statements, its notice,
the sync to the disk and the hand-offs between them, without sockets, rules or drawing.

    python benchmarks/web_commits.py                 # 4 moves a transaction, 300 times
    python benchmarks/web_commits.py --games 1       # each move a transaction of its own
    python benchmarks/web_commits.py --sqlite --games 1   # on SQLite, each commit synced
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from damero.web.committer import GroupCommitter
from damero.web.storage import Change, Seat, Storage, StoredGame, hash_token

# The tests' helpers start a throwaway PostgreSQL cluster.
sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from servers import PostgresCluster


def a_game(game_id: str) -> StoredGame:
    seats = (Seat(hash_token("first")), Seat(hash_token("second")))
    return StoredGame(game_id, "othello", {"size": 6}, "-" * 36 + " X", (), 1, False, seats, 1.0)


async def measure(storage: Storage, games: int, rounds: int) -> float:
    """The CPU seconds per move of `rounds` transactions of `games` moves each."""
    ids = [f"game{index}" for index in range(games)]
    storage.write([a_game(game_id) for game_id in ids])
    committer = GroupCommitter(storage)
    # The first goes to the writer's thread and opens the loop's own connection meanwhile.
    assert await committer.commit(Change(ids[0], 1, 0, ("warm",), False))
    if committer.opening is not None:
        await committer.opening
    made = dict.fromkeys(ids, 0)
    made[ids[0]] = 1
    started = time.process_time()
    for _ in range(rounds):
        if committer.writer is not None:
            await committer.writer  # the moves below wait together for the next transaction
        changes = [Change(key, made[key] + 1, made[key], (f"{made[key]}",), False) for key in ids]
        assert all(await asyncio.gather(*map(committer.commit, changes)))
        for key in ids:
            made[key] += 1
    return (time.process_time() - started) / (rounds * games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="moves a transaction")
    parser.add_argument("--rounds", type=int, default=300, help="transactions")
    parser.add_argument("--db", help="an empty database's URL, not a new PostgreSQL cluster")
    parser.add_argument("--sqlite", action="store_true", help="a new SQLite file, not a cluster")
    arguments = parser.parse_args()
    cluster = None if arguments.db or arguments.sqlite else PostgresCluster()
    try:
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{Path(folder) / 'commits.sqlite3'}" if arguments.sqlite else None
            storage = Storage(url or arguments.db or cluster.new_database())  # type: ignore[union-attr]
            spent = asyncio.run(measure(storage, arguments.games, arguments.rounds))
            storage.close()
    finally:
        if cluster is not None:
            cluster.stop()
    print(
        f"{arguments.games} move(s) a transaction: {spent * 1e6:.0f} microseconds of the"
        " process's CPU a move"
    )


if __name__ == "__main__":
    main()
