"""Fit the learned 8x8 Othello evaluation to positions from damero's own games: one seed, one
command, the same weights every time.

    python -m damero.training.othello --seed 1 --workers 2

Each round:

1. Games: each opens with 2 to 10 random moves; then each side plays the best move of an
   alpha-beta search `play_depths` plies deep (drawn per game) over the evaluation the round before
   fitted (the first round: the hand-set one), its scores blurred by a little noise, so that the
   games are sound but never the same.  Up to `positions` positions of each are kept.
2. Labels, stage by stage from the end, for the positions this round drew first (a position is
   labelled once, so that a round costs the same however many came before): the exact score
   from the endgame solver up to `exact_empties` empty squares; above, the mean of the last two
   depths of the engine's search `depth` plies deep (with its probable cut-offs), whose leaves
   are scored by the weights this round has just fitted for the later stages.  The exact scores
   climb that way from the end of the game to its start, and each round labels its positions
   with weights fitted on more positions than the last.
3. Fit: per stage, ridge least squares on that stage's positions and the stage before, solved by
   conjugate gradients on the normal equations (numpy only: the design matrix is never built).

`--cache DIR` keeps each round's games, weights and labels (in chunks of `LABEL_CHUNK`), so that
an interrupted run resumes at the chunk it stopped in; `--check FILE` reports the error against a
file of solved positions after each round, stage by stage.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import multiprocessing.pool
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from damero.core import Limit
from damero.engines.othello import choose_move
from damero.engines.othello import patterns as patterns_module
from damero.engines.othello.bits import Board as Word
from damero.engines.othello.bits import final_score, legal_moves, lowest, play, popcount
from damero.engines.othello.board import engine_board, geometry_of
from damero.engines.othello.cache import CACHING
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.evaluation import DISC
from damero.engines.othello.midgame import CUT_MARGIN_DEFAULT, depth_scores, discs_of
from damero.engines.othello.patterns import (
    CONSTANT,
    FEATURES,
    STAGE_EMPTIES,
    STAGES,
    WEIGHTS_FILE,
    feature_rows,
    save_weights,
    stage_of,
)
from damero.engines.othello.scoring import evaluate
from damero.rules.othello import OthelloPosition

_GEOMETRY = geometry_of(8)
_SHAPE = _GEOMETRY.shape
_INFINITY = 1000.0

Board = tuple[int, int]
"""A position in the engine's 8x8 layout: (side to move, other side)."""

SHIPPED_WEIGHTS = Path(patterns_module.__file__).with_name(WEIGHTS_FILE)

LABEL_CHUNK = 4000
"""Positions labelled between two saves of a run's cache."""

GAMES_REPORTED = 10_000
LABELS_REPORTED = 5
"""A long run reports its progress every so many games, and every so many chunks of labels."""

_NO_WEIGHTS = np.zeros((0, 0), dtype=np.float32)
"""Weights without rows: the engine's hand-set evaluation."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work a training run does."""

    rounds: int = 4
    games: int = 90_000
    """Games played in each round."""
    positions_per_game: int = 20
    play_depths: tuple[int, int] = (2, 4)
    """The games' search depths, drawn per game between these two."""
    noise: float = 1.0
    """The standard deviation, in discs, of the noise blurring the games' moves."""
    depth: int = 6
    exact_empties: int = 16
    ridge: float = 3.0
    iterations: int = 60
    workers: int = 1


def empties_of(board: Board) -> int:
    """Empty squares of an 8x8 board."""
    return 64 - (board[0] | board[1]).bit_count()


@numba.njit(nogil=True, cache=CACHING)
def _negamax(
    player: Word,
    opponent: Word,
    depth: int,
    alpha: float,
    beta: float,
    weights: npt.NDArray[np.float32],
) -> float:
    """Fail-hard alpha-beta to `depth` plies over the engine's evaluation (the patterns, or the
    hand-set terms for weights without rows), in discs."""
    moves = legal_moves(player, opponent, _SHAPE.board)
    if moves == 0:
        if legal_moves(opponent, player, _SHAPE.board) == 0:
            return float(final_score(player, opponent, 64 - popcount(player | opponent)))
        return -_negamax(opponent, player, depth, -beta, -alpha, weights)
    if depth == 0:
        return evaluate(player, opponent, _SHAPE, weights) / DISC
    while moves:
        move_bit = lowest(moves)
        moves ^= move_bit
        next_player, next_opponent = play(player, opponent, move_bit)
        score = -_negamax(next_player, next_opponent, depth - 1, -beta, -alpha, weights)
        if score > alpha:
            alpha = score
            if alpha >= beta:
                break
    return alpha


def _move_scores(
    board: Board, depth: int, weights: npt.NDArray[np.float32]
) -> list[tuple[float, int]]:
    """Each legal move's score (discs, for the side to move) by a search `depth` plies deep."""
    player, opponent = board
    moves = _GEOMETRY.legal_moves(player, opponent)
    scored = []
    while moves:
        move_bit = moves & -moves
        moves ^= move_bit
        after = _GEOMETRY.play(player, opponent, move_bit)
        score = -_negamax(
            np.uint64(after[0]), np.uint64(after[1]), depth - 1, -_INFINITY, _INFINITY, weights
        )
        scored.append((score, move_bit))
    return scored


def play_game(
    rng: random.Random,
    weights: npt.NDArray[np.float32],
    *,
    noise: float = 1.0,
    depths: tuple[int, int] = (2, 4),
) -> list[Board]:
    """Every position of one self-play game from a random opening, the start included: each
    side plays the best move of a search `depths` plies deep (drawn once per game) over
    `weights`, blurred by noise of that standard deviation in discs."""
    start = OthelloPosition.start()
    board: Board = (_GEOMETRY.to_engine(start.player), _GEOMETRY.to_engine(start.opponent))
    opening = rng.randint(2, 10)
    depth = rng.randint(*depths)
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
        if ply < opening:
            bits = [1 << square for square in range(64) if moves >> square & 1]
            chosen = rng.choice(bits)
        else:
            scored = _move_scores(board, depth, weights)
            chosen = max((score + rng.gauss(0.0, noise), bit) for score, bit in scored)[1]
        board = _GEOMETRY.play(player, opponent, chosen)
        boards.append(board)
        ply += 1


def engine_game(rng: random.Random, level: int, *, until_empties: int = 0) -> list[Board]:
    """The positions of a game the engine plays against itself at `level` after 2 to 10 random
    moves, down to `until_empties` empty squares: one thread and no clock, so that the same
    seed plays the same game."""
    position = OthelloPosition.start(8)
    for _ in range(rng.randint(2, 10)):
        position = position.play(rng.choice(position.legal_moves()))
    boards = []
    while not position.is_game_over():
        _, player, opponent = engine_board(position)
        if empties_of((player, opponent)) < until_empties:
            break
        boards.append((player, opponent))
        move = choose_move(position, level=level, rng=rng, limit=Limit(), threads=1)
        position = position.play(move)
    return boards


def _games_chunk(
    job: tuple[int, int, npt.NDArray[np.float32], int, tuple[int, int], float],
) -> list[Board]:
    """The kept positions of `games` games from their own seed."""
    seed, games, weights, positions_per_game, depths, noise = job
    rng = random.Random(seed)
    kept = []
    for _ in range(games):
        boards = [
            board
            for board in play_game(rng, weights, noise=noise, depths=depths)
            if _GEOMETRY.legal_moves(*board) and empties_of(board) < 60
        ]
        kept += rng.sample(boards, min(positions_per_game, len(boards)))
    return kept


def sample_positions(
    seed: int,
    games: int,
    positions_per_game: int,
    weights: npt.NDArray[np.float32],
    pool: multiprocessing.pool.Pool | None,
    depths: tuple[int, int] = (2, 4),
    noise: float = 1.0,
    report: Callable[[str], None] = lambda _: None,
) -> npt.NDArray[np.uint64]:
    """Up to `positions_per_game` positions of each of `games` games, with the side to move able
    to move (a pass position tells nothing its successor does not), no two alike.  The games
    come in chunks with seeds of their own, so that any number of workers plays the same; every
    `GAMES_REPORTED` games played are reported."""
    chunk = 500
    jobs = [
        (
            seed * 1_000_003 + start,
            min(chunk, games - start),
            weights,
            positions_per_game,
            depths,
            noise,
        )
        for start in range(0, games, chunk)
    ]
    played = pool.imap(_games_chunk, jobs) if pool is not None else map(_games_chunk, jobs)
    chunks = []
    for number, boards in enumerate(played):
        chunks.append(boards)
        done = min(games, (number + 1) * chunk)
        if done % GAMES_REPORTED == 0 or done == games:
            report(f"  {done} of {games} games played")
    return _boards_array(list(dict.fromkeys(board for boards in chunks for board in boards)))


def search_score(board: Board, depth: int, weights: npt.NDArray[np.float32]) -> float:
    """The engine's estimate after a search `depth` plies deep over `weights`: the mean of its
    last two depths (the evaluation leans towards the side to move at the leaves), in discs."""
    scores = depth_scores(_GEOMETRY, *board, depth, weights, cut_margin=CUT_MARGIN_DEFAULT)
    return (discs_of(scores[-1]) + discs_of(scores[-2])) / 2


def _label_chunk(job: tuple[list[Board], int, int, npt.NDArray[np.float32]]) -> list[float]:
    boards, depth, exact_empties, weights = job
    solver = EndgameSolver(_GEOMETRY, table_bits=20, threads=1)
    return [
        float(solver.solve(*board).score)
        if empties_of(board) <= exact_empties
        else search_score(board, depth, weights)
        for board in boards
    ]


def label(
    boards: Sequence[Board],
    depth: int,
    exact_empties: int,
    weights: npt.NDArray[np.float32],
    pool: multiprocessing.pool.Pool | None,
) -> npt.NDArray[np.float64]:
    """The exact score, or the search score, of each board, in discs for the side to move."""
    # A few large jobs: each carries the weights (megabytes) to its worker.
    chunk = max(1, -(-len(boards) // 8))
    jobs = [
        (list(boards[start : start + chunk]), depth, exact_empties, weights)
        for start in range(0, len(boards), chunk)
    ]
    chunks = pool.map(_label_chunk, jobs) if pool is not None else map(_label_chunk, jobs)
    return np.array([score for scores in chunks for score in scores], dtype=np.float64)


def fit_stage(
    rows: npt.NDArray[np.integer[Any]],
    targets: npt.NDArray[np.float64],
    *,
    ridge: float,
    iterations: int,
    size: int = FEATURES,
) -> npt.NDArray[np.float64]:
    """The weight row minimising squared error plus `ridge` times the squared weights.

    Preconditioned conjugate gradients on (A'A + ridge I) w = A'y, where A has a one for each
    index in `rows`; the constant is not shrunk.  Weights no position touches stay zero.  `size`
    is the row's length: longer for tables tried beside the patterns' (the evaluation benchmark's
    `features`).
    """
    weights = np.zeros(size)
    if len(rows) == 0:
        return weights
    flat = rows.ravel()
    width = rows.shape[1]
    shrink = np.full(size, ridge)
    shrink[CONSTANT] = 0.0

    def normal(vector: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        predicted = vector[rows].sum(axis=1)
        spread = np.bincount(flat, weights=np.repeat(predicted, width), minlength=size)
        return spread + shrink * vector

    right = np.bincount(flat, weights=np.repeat(targets, width), minlength=size)
    diagonal = np.bincount(flat, minlength=size) + shrink
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


class _Cache:
    """Arrays a run computed, kept under a folder named after its seed and budget, so that an
    interrupted run resumes where it stopped; without a folder, nothing is kept."""

    def __init__(self, folder: Path | None, seed: int, budget: Budget) -> None:
        if folder is None:
            self.folder = None
            return
        # The rounds and the workers change no round's games or labels.
        settings = asdict(budget)
        del settings["rounds"], settings["workers"]
        key = repr((seed, sorted(settings.items())))
        self.folder = folder / hashlib.sha256(key.encode()).hexdigest()[:12]
        self.folder.mkdir(parents=True, exist_ok=True)

    def get(
        self, name: str, compute: Callable[..., npt.NDArray[Any]], *arguments: Any
    ) -> npt.NDArray[Any]:
        """`compute(*arguments)`, or what it gave when last asked for `name`."""
        if self.folder is None:
            return compute(*arguments)
        path = self.folder / f"{name}.npy"
        if path.exists():
            loaded: npt.NDArray[Any] = np.load(path)
            return loaded
        array = compute(*arguments)
        temporary = path.with_name(path.name + ".partial.npy")
        np.save(temporary, array)
        temporary.replace(path)
        return array


def _boards_array(boards: Sequence[Board]) -> npt.NDArray[np.uint64]:
    return np.array(boards, dtype=np.uint64).reshape(-1, 2)


def _boards_of(array: npt.NDArray[np.generic]) -> list[Board]:
    return [(int(player), int(opponent)) for player, opponent in array]


def train(
    seed: int,
    budget: Budget,
    *,
    report: Callable[[str], None] = lambda _: None,
    cache: Path | None = None,
    check: Sequence[tuple[Board, int]] | Path = (),
) -> npt.NDArray[np.float32]:
    """Weights fitted in `budget.rounds` rounds of games played from `seed`; the same seed and
    budget give the same weights.  `check` is measured after each round: solved positions, or a
    file of them read again each round (a set still being solved grows between rounds)."""
    pool = multiprocessing.Pool(budget.workers) if budget.workers > 1 else None
    try:
        return _Training(seed, budget, report, _Cache(cache, seed, budget), pool).run(check)
    finally:
        if pool is not None:
            pool.close()
            pool.join()


@dataclass
class _Training:
    """One training run's settings and what it has found so far."""

    seed: int
    budget: Budget
    report: Callable[[str], None]
    kept: _Cache
    pool: multiprocessing.pool.Pool | None
    labelled: dict[Board, float] = field(default_factory=dict)
    """Every position labelled so far, with its label: a position is labelled once, in the
    round that first drew it, so that the cost of a round does not grow with the rounds before."""

    def run(self, check: Sequence[tuple[Board, int]] | Path) -> npt.NDArray[np.float32]:
        boards: list[Board] = []
        weights = _NO_WEIGHTS
        for round_number in range(1, self.budget.rounds + 1):
            started = time.monotonic()
            new = _boards_of(
                self.kept.get(
                    f"games-{round_number}",
                    sample_positions,
                    self.seed * 100 + round_number,
                    self.budget.games,
                    self.budget.positions_per_game,
                    weights,
                    self.pool,
                    self.budget.play_depths,
                    self.budget.noise,
                    self.report,
                )
            )
            fresh = [board for board in dict.fromkeys(new) if board not in self.labelled]
            boards += fresh
            self.report(
                f"round {round_number}: {len(new)} positions from {self.budget.games} games,"
                f" {len(fresh)} new, {len(boards)} in all ({time.monotonic() - started:.0f} s)"
            )
            weights = self.kept.get(
                f"weights-{round_number}", self.fit, boards, fresh, round_number
            )
            # `fit` keeps the targets before the weights, so a run resumed past this round
            # finds both.
            self.labelled.update(
                zip(
                    fresh,
                    self.kept.get(f"targets-{round_number}", self.targets, fresh).tolist(),
                    strict=True,
                )
            )
            if isinstance(check, Path):
                solved = read_solved(check) if check.exists() else []
            else:
                solved = list(check)
            if solved:
                self.report(f"round {round_number}: {check_error(weights, solved)}")
        return weights

    def targets(self, boards: list[Board]) -> npt.NDArray[np.float64]:
        return np.array([self.labelled[board] for board in boards])

    def labels(
        self, name: str, boards: list[Board], weights: npt.NDArray[np.float32]
    ) -> npt.NDArray[np.float64]:
        """The labels of one stage's new boards, in chunks of `LABEL_CHUNK` kept one by one, so
        that a run stopped halfway through a stage resumes at its last chunk."""
        parts = [np.zeros(0)]
        for start in range(0, len(boards), LABEL_CHUNK):
            if start and start // LABEL_CHUNK % LABELS_REPORTED == 0:
                self.report(f"  {name}: {start} of {len(boards)} positions labelled")
            parts.append(
                self.kept.get(
                    f"{name}-{start // LABEL_CHUNK}",
                    label,
                    boards[start : start + LABEL_CHUNK],
                    self.budget.depth,
                    self.budget.exact_empties,
                    weights,
                    self.pool,
                )
            )
        return np.concatenate(parts)

    def fit(
        self, boards: list[Board], fresh: list[Board], round_number: int
    ) -> npt.NDArray[np.float32]:
        """Labels the round's new boards and fits the stages on all, from the end of the game to
        its start: each stage's new boards are labelled by searches over the stages fitted
        before it."""
        budget = self.budget
        stages = np.array([stage_of(empties_of(board)) for board in boards], dtype=np.int64)
        fresh_stages = np.array([stage_of(empties_of(board)) for board in fresh], dtype=np.int64)
        weights = np.zeros((STAGES, FEATURES), dtype=np.float32)
        for stage in range(STAGES):
            started = time.monotonic()
            new = [fresh[index] for index in np.flatnonzero(fresh_stages == stage)]
            self.labelled.update(
                zip(
                    new,
                    self.labels(f"labels-{round_number}-{stage}", new, weights).tolist(),
                    strict=True,
                )
            )
            members = np.flatnonzero(stages == stage)
            window = np.flatnonzero((stages == stage) | (stages == stage - 1))
            rows = feature_rows([boards[index] for index in window]).astype(np.int32)
            targets = np.array([self.labelled[boards[index]] for index in window])
            weights[stage] = fit_stage(
                rows, targets, ridge=budget.ridge, iterations=budget.iterations
            )
            own = stages[window] == stage
            predicted = weights[stage][rows[own]].sum(axis=1)
            error = float(np.abs(predicted - targets[own]).mean()) if len(members) else 0.0
            spread = float(targets[own].std()) if len(members) else 0.0
            self.report(
                f"  stage {stage:2} (empties {stage * 4:2}-{stage * 4 + 3:2}): "
                f"{len(members):7} positions ({len(new)} new), labels spread {spread:5.2f}, "
                f"fitted mean error {error:5.2f} discs ({time.monotonic() - started:.0f} s)"
            )
        self.kept.get(f"targets-{round_number}", self.targets, fresh)
        return weights


def check_error(weights: npt.NDArray[np.float32], solved: Sequence[tuple[Board, int]]) -> str:
    """The mean absolute error of `weights` against exact scores, in words."""
    rows = feature_rows([board for board, _ in solved])
    stages = [stage_of(empties_of(board)) for board, _ in solved]
    estimates = [
        float(weights[stage][row].astype(np.float64).sum())
        for stage, row in zip(stages, rows, strict=True)
    ]
    errors = np.array(
        [abs(estimate - score) for estimate, (_, score) in zip(estimates, solved, strict=True)]
    )
    by_stage = ", ".join(
        f"{stage * STAGE_EMPTIES}-{stage * STAGE_EMPTIES + STAGE_EMPTIES - 1} empties "
        f"{errors[np.array(stages) == stage].mean():.2f}"
        for stage in sorted(set(stages))
    )
    return (
        f"mean absolute error {errors.mean():.2f} discs on {len(solved)} solved positions"
        f" ({by_stage})"
    )


def read_solved(path: Path) -> list[tuple[Board, int]]:
    """Solved positions, one a line: the two boards in hexadecimal and the exact score; lines
    starting with # are comments."""
    solved = []
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) == 3 and not line.startswith("#"):
            solved.append(((int(fields[0], 16), int(fields[1], 16)), int(fields[2])))
    return solved


def _parser() -> argparse.ArgumentParser:
    defaults = Budget()
    parser = argparse.ArgumentParser(
        prog="python -m damero.training.othello",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
        description="Fit the learned 8x8 Othello evaluation to positions from damero's own games.",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the games")
    parser.add_argument("--rounds", type=int, default=defaults.rounds, help="rounds of games")
    parser.add_argument("--games", type=int, default=defaults.games, help="games a round")
    parser.add_argument(
        "--positions", type=int, default=defaults.positions_per_game, help="positions kept per game"
    )
    parser.add_argument(
        "--play-depth",
        type=int,
        nargs=2,
        default=list(defaults.play_depths),
        metavar=("LOW", "HIGH"),
        help="search depths of the games' moves, drawn per game",
    )
    parser.add_argument(
        "--noise", type=float, default=defaults.noise, help="noise on the games' moves, in discs"
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
        "--workers", type=int, default=defaults.workers, choices=(1, 2), help="processes"
    )
    parser.add_argument("--cache", type=Path, help="keep games and labels here, to resume")
    parser.add_argument("--check", type=Path, help="solved positions to measure each round on")
    parser.add_argument(
        "--output",
        type=Path,
        default=SHIPPED_WEIGHTS,
        help="where to write the weights; the default is the file the engine loads",
    )
    return parser


def main(arguments: Sequence[str] | None = None) -> int:
    options = _parser().parse_args(arguments)
    for name in ("rounds", "games", "positions", "depth"):
        if getattr(options, name) < 1:
            print(f"--{name} must be 1 or more", file=sys.stderr)
            return 2
    low, high = options.play_depth
    if not 1 <= low <= high:
        print("--play-depth must be two depths of 1 or more, the lower first", file=sys.stderr)
        return 2
    if not options.output.parent.is_dir():
        print(f"cannot write {options.output}: no such directory", file=sys.stderr)
        return 2
    budget = Budget(
        rounds=options.rounds,
        games=options.games,
        positions_per_game=options.positions,
        play_depths=(low, high),
        noise=max(0.0, options.noise),
        depth=options.depth,
        exact_empties=max(0, options.exact_empties),
        ridge=options.ridge,
        workers=options.workers,
    )
    check: Path | tuple[()] = options.check or ()
    started = time.monotonic()
    weights = train(
        options.seed,
        budget,
        report=lambda line: print(line, flush=True),
        cache=options.cache,
        check=check,
    )
    try:
        save_weights(options.output, weights)
    except OSError as error:
        print(f"cannot write {options.output}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"weights written to {options.output} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
