"""How well a shallow Othello search predicts a deeper one: the figures behind probable cut-offs.

For positions from games of a shallow search with some random moves, scores every depth from 0
to `--depth` without cut-offs, pairs each depth with the shallower search that stands for it
(`reduced_depth`), and fits the standard error of the shallow score as a guess at the deep one:
constant + per empty square + per ply of depth + per ply of the shallow depth, the form
`shallow_error` reads.  Prints the fit, ready to paste, and how often a guess falls within 1, 1.5
and 2 of its fitted errors.  `match` plays the search with probable cut-offs against the
search without, each move on the same node budget.  Run from the repository root:

    python benchmarks/othello_probcut.py                          # 8x8, the learned evaluation
    python benchmarks/othello_probcut.py --evaluation hand-set --sizes 6 8 10
    python benchmarks/othello_probcut.py --exact 12 22            # exact scores paired too
    python benchmarks/othello_probcut.py match --games 40 --nodes 300000
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from damero.core import Limit
from damero.engines.othello import search
from damero.engines.othello.board import engine_board, geometry_of
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.evaluation import DISC
from damero.engines.othello.midgame import CUT_MARGIN_DEFAULT, WIN, depth_scores, reduced_depth
from damero.engines.othello.scoring import weights_for
from damero.games.othello import PASS, OthelloPosition

_CHOICE_DEPTH = 2
_RANDOM_SHARE = 0.15


def game_positions(size: int, games: int, seed: int, weights: np.ndarray) -> list[tuple[int, int]]:
    """(player, opponent) boards of every position with moves in `games` games played by a
    two-ply search that plays a random move one time in seven or so."""
    rng = random.Random(seed)
    geometry = geometry_of(size)
    positions = []
    for _ in range(games):
        _, player, opponent = engine_board(OthelloPosition.start(size))
        while True:
            moves = geometry.legal_moves(player, opponent)
            if not moves:
                if not geometry.legal_moves(opponent, player):
                    break
                player, opponent = opponent, player
                continue
            positions.append((player, opponent))
            bits = []
            while moves:
                bits.append(moves & -moves)
                moves &= moves - 1
            if rng.random() < _RANDOM_SHARE:
                move = rng.choice(bits)
            else:
                move = max(
                    bits,
                    key=lambda bit: (
                        -depth_scores(
                            geometry, *geometry.play(player, opponent, bit), _CHOICE_DEPTH, weights
                        )[-1]
                    ),
                )
            player, opponent = geometry.play(player, opponent, move)
    return positions


def match(games: int, nodes: int, seed: int) -> None:
    """Games between the search with cut-offs and without, from openings of 8 random moves, each
    opening played twice with the sides swapped; every move on `nodes` nodes."""
    rng = random.Random(seed)
    totals = {CUT_MARGIN_DEFAULT: 0.0, 0: 0.0}
    depths: dict[int, list[int]] = {CUT_MARGIN_DEFAULT: [], 0: []}
    discs = 0
    for game in range(games):
        if game % 2 == 0:
            opening = OthelloPosition.start(8)
            for _ in range(8):
                opening = opening.play(rng.choice(opening.legal_moves()))
        margins = (CUT_MARGIN_DEFAULT, 0) if game % 2 == 0 else (0, CUT_MARGIN_DEFAULT)
        position = opening
        while not position.is_game_over():
            moves = position.legal_moves()
            if moves == (PASS,):
                position = position.play(PASS)
                continue
            margin = margins[0] if position.side_to_move is opening.side_to_move else margins[1]
            *_, analysis = search(position, Limit(nodes=nodes), threads=1, cut_margin=margin)
            if not analysis.is_exact:
                depths[margin].append(analysis.depth)
            position = position.play(analysis.best_move)
        first = opening.side_to_move
        difference = position.count(first) - position.count(first.other)
        winner = margins[0] if difference > 0 else margins[1] if difference < 0 else None
        for margin in totals:
            totals[margin] += 1.0 if winner == margin else 0.5 if winner is None else 0.0
        discs += difference if margins[0] == CUT_MARGIN_DEFAULT else -difference
    print(
        f"{games} games, {nodes:,} nodes a move: with cut-offs {totals[CUT_MARGIN_DEFAULT]:g}"
        f" points, without {totals[0]:g}; discs {discs:+d} in all for the cut-offs; mean depth"
        f" {statistics.fmean(depths[CUT_MARGIN_DEFAULT]):.1f} against"
        f" {statistics.fmean(depths[0]):.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("part", nargs="?", default="fit", choices=["fit", "match"])
    parser.add_argument("--nodes", type=int, default=300_000, help="match: nodes a move")
    parser.add_argument("--evaluation", default="learned", choices=["learned", "hand-set"])
    parser.add_argument("--sizes", type=int, nargs="+", default=[8])
    parser.add_argument("--games", type=int, default=24, help="games per size, or of the match")
    parser.add_argument("--depth", type=int, default=9, help="deepest search scored")
    parser.add_argument("--min-empties", type=int, default=15)
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument(
        "--exact",
        type=int,
        nargs=2,
        metavar=("FROM", "TO"),
        help="also pair exact scores of positions of FROM to TO empties with their shallow search",
    )
    arguments = parser.parse_args()
    if arguments.part == "match":
        match(arguments.games, arguments.nodes, arguments.seed)
        return
    started = time.perf_counter()
    rows = score_pairs(arguments)
    print(
        f"{len(rows):,} pairs of scores on {arguments.sizes} with the {arguments.evaluation}"
        f" evaluation, depths to {arguments.depth}, in {time.perf_counter() - started:.0f} s"
    )
    report_fit(rows, arguments.exact is not None)


def score_pairs(arguments: argparse.Namespace) -> list[tuple[int, int, int, float]]:
    """(empties, depth, shallow depth, deep score less shallow score) of positions of the games,
    for every depth from 3 (and the exact score as the deepest, with `--exact`)."""
    rows: list[tuple[int, int, int, float]] = []
    for size in arguments.sizes:
        geometry = geometry_of(size)
        weights = weights_for(size, arguments.evaluation)
        positions = game_positions(size, arguments.games, arguments.seed, weights)
        solver = EndgameSolver(geometry, threads=1)
        for player, opponent in positions:
            empties = geometry.empties(player, opponent)
            if empties < arguments.min_empties:
                continue
            if arguments.exact and arguments.exact[0] <= empties <= arguments.exact[1]:
                # The exact score is the deepest search of all: depth = empties.
                reduced = reduced_depth(empties)
                exact = solver.solve(player, opponent, guess=0).score
                shallow = depth_scores(geometry, player, opponent, reduced, weights)[-1]
                if abs(shallow) < WIN // 2:
                    rows.append((empties, empties, reduced, float(exact * DISC - shallow)))
            scores = depth_scores(geometry, player, opponent, arguments.depth, weights)
            for depth in range(3, arguments.depth + 1):
                reduced = reduced_depth(depth)
                deep, shallow = scores[depth], scores[reduced]
                if max(abs(deep), abs(shallow)) < WIN // 2:
                    rows.append((empties, depth, reduced, float(deep - shallow)))
    return rows


def report_fit(rows: list[tuple[int, int, int, float]], with_exact: bool) -> None:
    """The standard error fitted as a straight line, and how many pairs lie within it."""
    # The error of each (depth, band of 4 empties) with enough pairs, fitted linearly.
    groups: dict[tuple[int, int], list[float]] = {}
    for empties, depth, _, difference in rows:
        groups.setdefault((depth, empties // 4), []).append(difference)
    features, targets, counts = [], [], []
    for (depth, band), differences in sorted(groups.items()):
        if len(differences) < 20:
            continue
        error = float(np.sqrt(np.mean(np.square(differences))))
        features.append([1.0, 4 * band + 1.5, depth, reduced_depth(depth)])
        targets.append(error)
        counts.append(len(differences))
    weights_of_rows = np.sqrt(np.array(counts, dtype=float))
    fit, *_ = np.linalg.lstsq(
        np.array(features) * weights_of_rows[:, None],
        np.array(targets) * weights_of_rows,
        rcond=None,
    )
    print(f"  fit: ({', '.join(f'{value:.3f}' for value in fit)})")
    for depth in sorted({row[1] for row in rows}):
        differences = [row[3] for row in rows if row[1] == depth]
        mean = statistics.fmean(differences) if differences else 0.0
        print(
            f"  depth {depth} from {reduced_depth(depth)}: {len(differences)} pairs, mean {mean:+.1f}"
        )
    shares = [("", rows)]
    if with_exact:
        shares.append(("exact scores ", [row for row in rows if row[0] == row[1]]))
    for label, chosen in shares:
        for margin in (1.0, 1.5, 2.0):
            within = sum(
                abs(difference)
                <= margin * (fit[0] + fit[1] * empties + fit[2] * depth + fit[3] * reduced)
                for empties, depth, reduced, difference in chosen
            )
            print(f"  {label}within {margin} errors: {within / max(1, len(chosen)):.1%}")


if __name__ == "__main__":
    main()
