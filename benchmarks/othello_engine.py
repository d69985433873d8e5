"""Othello engine figures: perft speed, FFO endgames solved exactly, and the 6x6 game solved.

Prints measurements only; nothing here passes or fails.  Run from the repository root:

    python benchmarks/othello_engine.py                 # everything, 6x6 for 60 s at most
    python benchmarks/othello_engine.py perft --depths 9 10
    python benchmarks/othello_engine.py ffo --empties 20
    python benchmarks/othello_engine.py six --seconds 600
    python benchmarks/othello_engine.py six --start-only --seconds 3600
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engines"))

from othello_positions import read_problems

from damero.core import Limit, Side
from damero.engines.othello import perft, search
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.endgame import EndgameSolver
from damero.games.othello import OthelloPosition, format_move

PERFT_8X8 = {
    1: 4,
    2: 12,
    3: 56,
    4: 244,
    5: 1396,
    6: 8200,
    7: 55092,
    8: 390216,
    9: 3005288,
    10: 24571284,
    11: 212258800,
}


def warm_up() -> float:
    """Loads (or compiles, on a first run) the kernels; returns the seconds it took."""
    started = time.perf_counter()
    perft(OthelloPosition.start(8), 3)
    geometry, player, opponent = engine_board(OthelloPosition.start(4))
    EndgameSolver(geometry, table_bits=10).solve(player, opponent)
    return time.perf_counter() - started


def bench_perft(depths: list[int]) -> None:
    print("perft from the 8x8 start (compiled kernel, last ply counted from the move mask)")
    start = OthelloPosition.start(8)
    for depth in depths:
        started = time.perf_counter()
        leaves = perft(start, depth)
        seconds = time.perf_counter() - started
        expected = PERFT_8X8.get(depth)
        check = (
            "" if expected is None else (" ok" if leaves == expected else f" EXPECTED {expected}")
        )
        print(
            f"  depth {depth:2}: {leaves:>12,} leaves in {seconds:8.3f} s"
            f" = {leaves / seconds / 1e6:8.1f} million leaves/s{check}"
        )


def bench_ffo(empties: list[int]) -> None:
    problems = [problem for problem in read_problems() if problem.empties in empties]
    print(f"FFO problems with {', '.join(map(str, empties))} empties, solved with a full window")
    total_nodes = 0
    total_seconds = 0.0
    right = 0
    for problem in problems:
        geometry, player, opponent = engine_board(problem.position)
        solver = EndgameSolver(geometry)
        started = time.perf_counter()
        solution = solver.solve(player, opponent)
        seconds = time.perf_counter() - started
        move = move_of(geometry, solution.move_bit)
        is_right = solution.score == problem.score and move in problem.best_moves
        right += is_right
        total_nodes += solution.nodes
        total_seconds += seconds
        column_row = f"{'abcdefgh'[move.column]}{move.row + 1}"
        print(
            f"  #{problem.number:2} ({problem.empties} empties): score {solution.score:+3}"
            f" (file {problem.score:+3}), move {column_row}"
            f" {'ok' if is_right else 'WRONG'}, {solution.nodes:>12,} nodes,"
            f" {seconds:7.3f} s, {solution.nodes / seconds / 1e6:5.1f} million nodes/s"
        )
    if problems:
        print(
            f"  total: {right}/{len(problems)} right, {total_nodes:,} nodes"
            f" in {total_seconds:.2f} s ({total_nodes / total_seconds / 1e6:.1f} million nodes/s)"
        )


def bench_six(seconds: float, *, start_only: bool) -> None:
    """Solves positions of one 6x6 game from its end backwards, then the start, within the time."""
    print(f"6x6 Othello solved exactly, within {seconds:g} s (published: O wins 20-16, X -4)")
    start = OthelloPosition.start(6)
    line = [start]
    position = start
    # A plausible game, played by a shallow search, to walk back along.
    while position.legal_moves():
        *_, analysis = search(position, Limit(depth=3), exact_empties=0)
        position = position.play(analysis.best_move)
        line.append(position)
    deadline = time.perf_counter() + seconds
    geometry, _, _ = engine_board(start)
    solver = EndgameSolver(geometry, table_bits=22)
    rate = 5e6
    by_empties = {
        36 - position.count(Side.FIRST) - position.count(Side.SECOND): position for position in line
    }
    for empties in [32] if start_only else [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32]:
        position = by_empties.get(empties)
        if position is None:
            continue
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            print("  out of time")
            return
        _, player, opponent = engine_board(position)
        started = time.perf_counter()
        solution = solver.solve(player, opponent, node_limit=int(remaining * rate) + 1000)
        elapsed = time.perf_counter() - started
        rate = max(rate, solution.nodes / max(elapsed, 1e-6))
        side = "X" if position.side_to_move is Side.FIRST else "O"
        if not solution.is_complete:
            print(
                f"  {empties} empties: unfinished after {elapsed:.1f} s"
                f" and {solution.nodes:,} nodes"
            )
            return
        move = format_move(move_of(geometry, solution.move_bit))
        print(
            f"  {empties:2} empties ({side} to move): {solution.score:+3} for {side}, move {move},"
            f" {solution.nodes:>14,} nodes, {elapsed:8.2f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="all", choices=["all", "perft", "ffo", "six"])
    parser.add_argument("--depths", type=int, nargs="+", default=[8, 9, 10])
    parser.add_argument("--empties", type=int, nargs="+", default=[20])
    parser.add_argument("--seconds", type=float, default=60.0, help="time budget for 6x6")
    parser.add_argument(
        "--start-only", action="store_true", help="6x6: solve the start at once, no warm-up series"
    )
    arguments = parser.parse_args()
    print(f"kernels ready in {warm_up():.2f} s (a first run compiles and caches them)")
    if arguments.part in ("all", "perft"):
        bench_perft(arguments.depths)
    if arguments.part in ("all", "ffo"):
        bench_ffo(arguments.empties)
    if arguments.part in ("all", "six"):
        bench_six(arguments.seconds, start_only=arguments.start_only)


if __name__ == "__main__":
    main()
