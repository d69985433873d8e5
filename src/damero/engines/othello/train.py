"""Fit the pattern weights of `patterns` to positions from damero's own games; one seed, one command.

    python -m damero.engines.othello.train --seed 1 --games 8000 --depth 4 --workers 2

1. Games: each opens with a few random moves, then each side plays the move the hand-set
   evaluation likes best one ply ahead, blurred by noise and the odd random move, so the games
   cover many positions a real game meets.  A few positions of each game are kept.
2. Labels, stage by stage from the end: positions with at most `exact_empties` empty squares get
   their exact score from the endgame solver; earlier ones the score of an alpha-beta search
   `depth` plies deep whose leaves are scored by the weights already fitted for later stages.
3. Fit: per stage, ridge least squares on that stage's positions and the stage before, solved by
   conjugate gradients on the normal equations (numpy only: the design matrix is never built).
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import Board as Word
from damero.engines.othello.bits import final_score, flips, legal_moves, popcount
from damero.engines.othello.board import geometry_of
from damero.engines.othello.cache import CACHING
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.evaluation import DISC
from damero.engines.othello.evaluation import evaluate as hand_set_evaluate
from damero.engines.othello.patterns import (
    CONSTANT,
    FEATURES,
    STAGES,
    WEIGHTS_FILE,
    feature_rows,
    pattern_score,
    save_weights,
    stage_of,
)
from damero.rules.othello import OthelloPosition

_GEOMETRY = geometry_of(8)
_FULL = np.uint64(0xFFFFFFFFFFFFFFFF)
_ZERO = np.uint64(0)
_INFINITY = 1000.0

Board = tuple[int, int]
"""A position in the engine's 8x8 layout: (side to move, other side)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work a training run does."""

    games: int = 8000
    positions_per_game: int = 20
    depth: int = 4
    exact_empties: int = 16
    ridge: float = 10.0
    iterations: int = 200
    workers: int = 1


def empties_of(board: Board) -> int:
    """Empty squares of an 8x8 board."""
    return 64 - (board[0] | board[1]).bit_count()


def play_game(rng: random.Random, *, noise: float = 2.0, random_rate: float = 0.05) -> list[Board]:
    """Every position of one noisy self-play game from a random opening, the start included."""
    start = OthelloPosition.start()
    board: Board = (_GEOMETRY.to_engine(start.player), _GEOMETRY.to_engine(start.opponent))
    opening = rng.randint(2, 10)
    boards = [board]
    ply = 0
    while True:
        player, opponent = board
        moves = _GEOMETRY.legal_moves(player, opponent)
        if not moves:
            if not _GEOMETRY.legal_moves(opponent, player):
                return boards
            board = (opponent, player)
            continue
        bits = [1 << square for square in range(64) if moves >> square & 1]
        if ply < opening or rng.random() < random_rate:
            chosen = rng.choice(bits)
        else:
            scored = []
            for bit in bits:
                after = _GEOMETRY.play(player, opponent, bit)
                value = -hand_set_evaluate(_GEOMETRY, *after) / DISC + rng.gauss(0.0, noise)
                scored.append((value, bit))
            chosen = max(scored)[1]
        board = _GEOMETRY.play(player, opponent, chosen)
        boards.append(board)
        ply += 1


def sample_positions(rng: random.Random, games: int, positions_per_game: int) -> list[Board]:
    """Up to `positions_per_game` positions of each of `games` games, with the side to move able
    to move (a pass position tells nothing its successor does not), no two alike."""
    chosen: dict[Board, None] = {}
    for _ in range(games):
        boards = [
            board
            for board in play_game(rng)
            if _GEOMETRY.legal_moves(*board) and empties_of(board) < 60
        ]
        for board in rng.sample(boards, min(positions_per_game, len(boards))):
            chosen[board] = None
    return list(chosen)


@numba.njit(nogil=True, cache=CACHING)
def _negamax(
    player: Word,
    opponent: Word,
    depth: int,
    alpha: float,
    beta: float,
    weights: npt.NDArray[np.float32],
) -> float:
    """Fail-hard alpha-beta to `depth` plies with pattern scores at the leaves, in discs."""
    moves = legal_moves(player, opponent, _FULL)
    if moves == _ZERO:
        if legal_moves(opponent, player, _FULL) == _ZERO:
            return float(final_score(player, opponent, 64 - popcount(player | opponent)))
        return -_negamax(opponent, player, depth, -beta, -alpha, weights)
    if depth == 0:
        return pattern_score(player, opponent, weights)
    while moves:
        move_bit = moves & (_ZERO - moves)
        moves ^= move_bit
        flipped = flips(player, opponent, move_bit)
        score = -_negamax(
            opponent ^ flipped, player | flipped | move_bit, depth - 1, -beta, -alpha, weights
        )
        if score > alpha:
            alpha = score
            if alpha >= beta:
                break
    return alpha


def search_score(board: Board, depth: int, weights: npt.NDArray[np.float32]) -> float:
    """The score of an alpha-beta search `depth` plies deep over the pattern evaluation, in discs."""
    return float(
        _negamax(np.uint64(board[0]), np.uint64(board[1]), depth, -_INFINITY, _INFINITY, weights)
    )


def _label_chunk(
    job: tuple[list[Board], int, int, npt.NDArray[np.float32]],
) -> list[float]:
    boards, depth, exact_empties, weights = job
    solver = EndgameSolver(_GEOMETRY, table_bits=16)
    return [
        float(solver.solve(*board).score)
        if empties_of(board) <= exact_empties
        else search_score(board, depth, weights)
        for board in boards
    ]


def label(
    boards: Sequence[Board],
    *,
    depth: int,
    exact_empties: int,
    weights: npt.NDArray[np.float32],
    pool: multiprocessing.pool.Pool | None,
) -> npt.NDArray[np.float64]:
    """The exact score, or the search score, of each board, in discs for the side to move."""
    if not boards:
        return np.zeros(0)
    if pool is None:
        return np.array(_label_chunk((list(boards), depth, exact_empties, weights)))
    chunk = max(1, len(boards) // 16)
    jobs = [
        (list(boards[start : start + chunk]), depth, exact_empties, weights)
        for start in range(0, len(boards), chunk)
    ]
    return np.array([score for scores in pool.map(_label_chunk, jobs) for score in scores])


def fit_stage(
    rows: npt.NDArray[np.int64],
    targets: npt.NDArray[np.float64],
    *,
    ridge: float,
    iterations: int,
) -> npt.NDArray[np.float64]:
    """The weight row minimising squared error plus `ridge` times the squared weights.

    Preconditioned conjugate gradients on (A'A + ridge I) w = A'y, where A has a one for each
    index in `rows`; the constant is not shrunk.  Weights no position touches stay zero.
    """
    weights = np.zeros(FEATURES)
    if len(rows) == 0:
        return weights
    flat = rows.ravel()
    width = rows.shape[1]
    shrink = np.full(FEATURES, ridge)
    shrink[CONSTANT] = 0.0

    def normal(vector: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        predicted = vector[rows].sum(axis=1)
        spread = np.bincount(flat, weights=np.repeat(predicted, width), minlength=FEATURES)
        return spread + shrink * vector

    right = np.bincount(flat, weights=np.repeat(targets, width), minlength=FEATURES)
    diagonal = np.bincount(flat, minlength=FEATURES) + shrink
    diagonal[diagonal == 0] = 1.0
    residual = right - normal(weights)
    preconditioned = residual / diagonal
    direction = preconditioned.copy()
    product = float((residual * preconditioned).sum())
    for _ in range(iterations):
        image = normal(direction)
        curvature = float((direction * image).sum())
        if not product > 0 or not curvature > 0:
            break
        step = product / curvature
        weights += step * direction
        residual -= step * image
        preconditioned = residual / diagonal
        next_product = float((residual * preconditioned).sum())
        if next_product < 1e-12 * len(rows):
            break
        direction = preconditioned + (next_product / product) * direction
        product = next_product
    return weights


def train(
    seed: int,
    budget: Budget,
    *,
    report: Callable[[str], None] = lambda _: None,
) -> npt.NDArray[np.float32]:
    """Weights fitted to positions of `budget.games` games played from `seed`; the same seed and
    budget give the same weights."""
    rng = random.Random(seed)
    boards = sample_positions(rng, budget.games, budget.positions_per_game)
    report(f"{len(boards)} positions from {budget.games} games")
    stages = np.array([stage_of(empties_of(board)) for board in boards])
    rows = feature_rows(boards)
    targets = np.zeros(len(boards))
    weights = np.zeros((STAGES, FEATURES), dtype=np.float32)
    pool = multiprocessing.Pool(budget.workers) if budget.workers > 1 else None
    try:
        for stage in range(STAGES):
            members = np.flatnonzero(stages == stage)
            targets[members] = label(
                [boards[index] for index in members],
                depth=budget.depth,
                exact_empties=budget.exact_empties,
                weights=weights,
                pool=pool,
            )
            window = np.flatnonzero((stages == stage) | (stages == stage - 1))
            weights[stage] = fit_stage(
                rows[window], targets[window], ridge=budget.ridge, iterations=budget.iterations
            )
            predicted = weights[stage][rows[members]].sum(axis=1)
            error = float(np.abs(predicted - targets[members]).mean()) if len(members) else 0.0
            spread = float(targets[members].std()) if len(members) else 0.0
            report(
                f"stage {stage:2} (empties {stage * 4:2}-{stage * 4 + 3:2}): "
                f"{len(members):6} positions, labels spread {spread:5.2f}, "
                f"fitted mean error {error:5.2f} discs"
            )
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return weights


def _parser() -> argparse.ArgumentParser:
    defaults = Budget()
    parser = argparse.ArgumentParser(
        prog="python -m damero.engines.othello.train",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
        description="Fit the learned 8x8 Othello evaluation to positions from damero's own games.",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the games")
    parser.add_argument("--games", type=int, default=defaults.games, help="self-play games")
    parser.add_argument(
        "--positions", type=int, default=defaults.positions_per_game, help="positions kept per game"
    )
    parser.add_argument(
        "--depth", type=int, default=defaults.depth, help="search depth of the labels"
    )
    parser.add_argument(
        "--exact-empties",
        type=int,
        default=defaults.exact_empties,
        help="positions with at most this many empty squares are labelled exactly",
    )
    parser.add_argument(
        "--ridge", type=float, default=defaults.ridge, help="shrinkage of rarely seen weights"
    )
    parser.add_argument(
        "--workers", type=int, default=defaults.workers, choices=(1, 2), help="labelling processes"
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=Path(__file__).with_name(WEIGHTS_FILE),
        help="where to write the weights; the default is the file the package loads",
    )
    return parser


def main(arguments: Sequence[str] | None = None) -> int:
    options = _parser().parse_args(arguments)
    for name in ("games", "positions", "depth"):
        if getattr(options, name) < 1:
            print(f"--{name} must be 1 or more", file=sys.stderr)
            return 2
    if not options.output.parent.is_dir():
        print(f"cannot write {options.output}: no such directory", file=sys.stderr)
        return 2
    budget = Budget(
        games=options.games,
        positions_per_game=options.positions,
        depth=options.depth,
        exact_empties=max(0, options.exact_empties),
        ridge=options.ridge,
        workers=options.workers,
    )
    started = time.monotonic()
    weights = train(options.seed, budget, report=print)
    try:
        save_weights(options.output, weights)
    except OSError as error:
        print(f"cannot write {options.output}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"weights written to {options.output} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
