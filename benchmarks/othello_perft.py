"""Prints perft to depth 9 from the 8x8 Othello start for each move generator, timed."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from damero.engines.othello import perft as compiled_perft
from damero.games.othello import OthelloPosition, perft

EXPECTED_LEAVES = 3005288
DEPTH = 9

PerftFunction = Callable[[OthelloPosition, int], int]

GENERATORS: list[tuple[str, PerftFunction]] = [
    ("rules (Python bitboards)", perft),
    ("engine (compiled kernel)", compiled_perft),
]


def measure(name: str, function: PerftFunction, depth: int) -> bool:
    position = OthelloPosition.start(8)
    started = time.perf_counter()
    leaves = function(position, depth)
    seconds = time.perf_counter() - started
    verdict = "ok" if depth != DEPTH or leaves == EXPECTED_LEAVES else f"expected {EXPECTED_LEAVES}"
    print(
        f"{name}: perft({depth}) = {leaves} in {seconds:.2f} s, "
        f"{leaves / seconds:,.0f} leaves/s  [{verdict}]"
    )
    return verdict == "ok"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("depth", type=int, nargs="?", default=DEPTH, help="plies from the start")
    depth = parser.parse_args().depth
    results = [measure(name, function, depth) for name, function in GENERATORS]
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
