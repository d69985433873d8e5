"""The solver's benchmark positions: drawn once from varied games, split into a tuning set and a
check set, and kept in a file with their exact scores.

Every position comes from a game opened by 2 to 10 random moves and then played by one of the
`SOURCES`: random moves to the end (one side is often far ahead), or the engine's computer player
at a level (1 blunders now and then, 3 looks a little ahead, 5 plays its best, and its games
stay close).  For each source and each count of empty squares from 18 to 26, two games give a
position each; a seeded shuffle sends one to the tuning set and the other to the check set.  The
solver's choices are made on the tuning set; its figures are reported on the check set, which
nothing was tuned on.

    python benchmarks/othello_engine.py draw      # draws and solves them again (minutes)
"""

from __future__ import annotations

import multiprocessing
import random
import time
from dataclasses import dataclass
from pathlib import Path

from damero.core import Limit, Side
from damero.engines.othello import choose_move, solve
from damero.games.othello import PASS, OthelloPosition

SEED = 20_261_126
SOURCES = ("random", "level-1", "level-3", "level-5")
EMPTIES = range(18, 27)
SETS = ("tuning", "check")
FILE = Path(__file__).resolve().parent / "data" / "othello_solver_positions.txt"


@dataclass(frozen=True, slots=True)
class Position:
    """One benchmark position with its exact score for the side to move."""

    number: int
    set: str
    source: str
    position: OthelloPosition
    empties: int
    score: int


def _empties(position: OthelloPosition) -> int:
    return position.size**2 - position.count(Side.FIRST) - position.count(Side.SECOND)


def _game_to(rng: random.Random, source: str, empties: int) -> OthelloPosition | None:
    """A game of `source` from a random opening, stopped at `empties` empty squares with the side
    to move able to move; None if it ended or passed there."""
    position = OthelloPosition.start(8)
    for _ in range(rng.randint(2, 10)):
        position = position.play(rng.choice(position.legal_moves()))
    while _empties(position) > empties and not position.is_game_over():
        if source == "random":
            move = rng.choice(position.legal_moves())
        else:
            level = int(source.removeprefix("level-"))
            move = choose_move(position, level=level, rng=rng, limit=Limit(), threads=1)
        position = position.play(move)
    if _empties(position) != empties or position.legal_moves() in ((), (PASS,)):
        return None
    return position


def draw(seed: int = SEED) -> list[tuple[str, str, OthelloPosition]]:
    """(set, source, position) of every benchmark position, the same for the same seed: the
    engine's players think on one thread without a clock."""
    rng = random.Random(seed)
    drawn = []
    for source in SOURCES:
        for empties in EMPTIES:
            pair: list[OthelloPosition] = []
            while len(pair) < 2:
                position = _game_to(rng, source, empties)
                if position is not None and position not in pair:
                    pair.append(position)
            rng.shuffle(pair)
            drawn += [(name, source, position) for name, position in zip(SETS, pair, strict=True)]
    return drawn


def _line(position: Position) -> str:
    board = "".join(position.position.board_rows()).replace(".", "-")
    side = "X" if position.position.side_to_move is Side.FIRST else "O"
    return (
        f"{position.number}\t{position.set}\t{position.source}\t{board}\t{side}"
        f"\t{position.score:+d}"
    )


def _solved(job: tuple[int, str, str, OthelloPosition]) -> Position:
    number, name, source, position = job
    score, _ = solve(position, threads=1)
    return Position(number, name, source, position, _empties(position), score)


def write(path: Path = FILE, seed: int = SEED, workers: int = 2) -> None:
    """Draws the positions, solves them (`workers` processes) and writes the file, a line at a
    time to a partial file, from which an interrupted run resumes."""
    temporary = path.with_name(path.name + ".partial")
    done = (
        {position.number: position for position in read(temporary, None)}
        if temporary.exists()
        else {}
    )
    jobs = [
        (number, name, source, position)
        for number, (name, source, position) in enumerate(draw(seed), start=1)
    ]
    started = time.perf_counter()
    with multiprocessing.Pool(workers) as pool, temporary.open("w", encoding="utf-8") as out:
        out.write(
            f"# Othello solver benchmark positions, seed {seed} (benchmarks/othello_check_set.py)\n"
            "# number\tset\tsource\tboard\tside to move\texact score\n"
        )
        for job in jobs:
            if job[0] in done:
                out.write(_line(done[job[0]]) + "\n")
        missing = [job for job in jobs if job[0] not in done]
        for solved in pool.imap(_solved, missing):
            out.write(_line(solved) + "\n")
            out.flush()
            print(
                f"  #{solved.number} {solved.set} {solved.source} {solved.empties} empties:"
                f" {solved.score:+d} ({time.perf_counter() - started:.0f} s so far)",
                flush=True,
            )
    temporary.replace(path)


def read(path: Path = FILE, which: str | None = "check") -> list[Position]:
    """The positions of set `which` (every set for None)."""
    positions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, name, source, board, side, score = line.split("\t")
        if which is not None and name != which:
            continue
        rows = [board[row * 8 : row * 8 + 8].replace("-", ".") for row in range(8)]
        position = OthelloPosition.from_rows(rows, Side.FIRST if side == "X" else Side.SECOND)
        positions.append(
            Position(int(number), name, source, position, _empties(position), int(score))
        )
    return positions
