"""Prints how long the Four Cats and the Mouse tablebase takes to build, its counts and the solved starts.

Run `python benchmarks/catmouse_tablebase.py`; add `--verify` to also check every one of the
2,013,760 entries against the rules module and count the reachable positions by a plain
forward search through the rules (about two minutes on one core).
"""

from __future__ import annotations

import argparse
import time

started = time.perf_counter()
from damero.games.catmouse import (  # noqa: E402 (the import is part of what is timed)
    CATS,
    MOUSE,
    MOUSE_STARTS,
    CatMousePosition,
    MouseMove,
)
from damero.solvers.negamax import Verdict  # noqa: E402
from damero.solvers.retrograde import (  # noqa: E402
    CAT_SET_COUNT,
    CatMouseTablebase,
    cat_set_of_rank,
    cat_set_rank,
    tablebase,
)

IMPORT_SECONDS = time.perf_counter() - started
REPEATS = 7


def timed_build() -> tuple[CatMouseTablebase, float]:
    started = time.perf_counter()
    table = CatMouseTablebase()
    return table, time.perf_counter() - started


def agrees_with_the_rules(table: CatMouseTablebase, position: CatMousePosition) -> bool:
    verdict = table.verdict(position)
    outcome = position.outcome()
    if outcome is not None:
        won = outcome.winner is position.side_to_move
        return verdict == Verdict("win" if won else "loss", 0)
    after = [table.verdict(position.play(move)) for move in position.legal_moves()]
    lost = [verdict.plies for verdict in after if verdict.result == "loss"]
    if lost:
        return verdict == Verdict("win", 1 + min(lost))
    return verdict == Verdict("loss", 1 + max(verdict.plies for verdict in after))


def verify(table: CatMouseTablebase) -> bool:
    started = time.perf_counter()
    checked = wrong = 0
    for rank in range(CAT_SET_COUNT):
        cats = cat_set_of_rank(rank)
        for mouse in range(1, 33):
            if mouse in cats:
                continue
            for side in (MOUSE, CATS):
                position = CatMousePosition(mouse, cats, side)
                checked += 1
                if not agrees_with_the_rules(table, position):
                    wrong += 1
                    if wrong <= 10:
                        print(f"  disagrees with the rules: {position!r}")
    seconds = time.perf_counter() - started
    print(f"every entry against the rules: {checked:,} checked, {wrong} wrong ({seconds:.0f} s)")

    started = time.perf_counter()
    start = CatMousePosition.start()
    seen = {start.play(MouseMove(square)) for square in MOUSE_STARTS}
    frontier = list(seen)
    while frontier:
        position = frontier.pop()
        for move in position.legal_moves():
            after = position.play(move)
            if after not in seen:
                seen.add(after)
                frontier.append(after)
    reached_mouse, reached_cats = table.reachable_mask()
    marked = int(reached_mouse.sum() + reached_cats.sum())
    all_marked = all(
        (reached_mouse if position.side_to_move is MOUSE else reached_cats)[
            cat_set_rank(position.cats), (position.mouse or 0) - 1
        ]
        for position in seen
    )
    agree = len(seen) == marked and all_marked
    seconds = time.perf_counter() - started
    print(
        f"forward search through the rules: {len(seen):,} positions reached, "
        f"the table marks {marked:,} ({'same' if agree else 'DIFFERENT'}, {seconds:.0f} s)"
    )
    return wrong == 0 and agree


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--verify", action="store_true", help="check every entry against the rules (minutes)"
    )
    verifying = parser.parse_args().verify
    first, first_seconds = timed_build()
    seconds = [timed_build()[1] for _ in range(REPEATS)]
    print(f"import of the rules and the solver: {IMPORT_SECONDS * 1000:.0f} ms")
    print(f"first build (nothing to compile: numpy only): {first_seconds * 1000:.0f} ms")
    print(
        f"build, best of {REPEATS}: {min(seconds) * 1000:.0f} ms "
        f"(median {sorted(seconds)[REPEATS // 2] * 1000:.0f} ms)"
    )
    started = time.perf_counter()
    summary = first.summary()
    print(f"summary (legal and reachable masks): {(time.perf_counter() - started) * 1000:.0f} ms")
    started = time.perf_counter()
    tablebase()
    print(
        f"tablebase(), first call in this process: {(time.perf_counter() - started) * 1000:.0f} ms"
    )

    print(f"legal positions: {summary.legal_positions:,}")
    print(f"reachable after the placement: {summary.reachable_positions:,}")
    side = "mouse" if summary.start.result == "win" else "cats"
    print(f"start, before the placement: the {side} win in {summary.start.plies} plies")
    for placement in summary.placements:
        winner = "mouse" if placement.winner is MOUSE else "cats"
        print(f"  mouse placed on {placement.square}: the {winner} win in {placement.plies} plies")
    won_mouse, plies_mouse = first.results(MOUSE)
    won_cats, plies_cats = first.results(CATS)
    reached_mouse, reached_cats = first.reachable_mask()
    longest = max(int(plies_mouse[reached_mouse].max()), int(plies_cats[reached_cats].max()))
    mouse_wins = int((won_mouse & reached_mouse).sum() + (~won_cats & reached_cats).sum())
    print(
        f"reachable positions the mouse wins: {mouse_wins:,}; longest game with best play: "
        f"{longest} plies"
    )

    if verifying:
        return 0 if verify(first) else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
