"""Learned against hand-set Othello evaluation: error against exact scores, and a match.

Prints measurements only; nothing here passes or fails.  Run from the repository root:

    python benchmarks/othello_eval.py                  # both parts
    python benchmarks/othello_eval.py error --positions 500 --depth 4
    python benchmarks/othello_eval.py error --solved FILE --weights new.npz
    python benchmarks/othello_eval.py match --games 100 --match-depth 3
    python benchmarks/othello_eval.py match --weights new.npz --against old.npz
    python benchmarks/othello_eval.py curve --check FILE --label-depth 6 --sizes 3000 6000 12000
    python benchmarks/othello_eval.py features --cache DIR --stages 3 5 --check FILE

The held-out positions come from games the engine plays against itself at its strongest level
(5), each from a few random moves, with a seed no training uses, and are solved exactly; playing
and solving them is the slow part (seconds each), so the solved set is kept in a file
(`--held-out`) and reused while its seed and size match.  `--seed VALIDATION_SEED` draws another
such set, for the training to be judged on while it is tuned.  `--solved FILE` measures on any
file of solved positions instead (the trainer's `--check` format), and `--weights FILE` measures
weights the trainer wrote instead of the shipped ones.
Both evaluations run inside one plain alpha-beta search, so that only the evaluation differs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from damero.engines.othello.board import geometry_of
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.evaluation import DISC
from damero.engines.othello.evaluation import evaluate as hand_set_evaluate
from damero.engines.othello.patterns import load_weights, pattern_score, read_weights
from damero.games.othello import Othello
from damero.training.othello import (
    Board,
    empties_of,
    engine_game,
    feature_rows,
    fit_stage,
    play_game,
    read_solved,
    search_score,
)

GEOMETRY = geometry_of(8)
HELD_OUT_SEED = 20_261_123
"""Differs from every seed the shipped weights were trained with (docs/engine.md, "The learned
evaluation")."""
VALIDATION_SEED = 20_261_124
"""The positions the training is tuned on, apart from the held-out ones."""
LEVEL = 5

Evaluator = Callable[[int, int], float]


def hand_set(player: int, opponent: int) -> float:
    return hand_set_evaluate(GEOMETRY, player, opponent) / DISC


def learned(path: Path | None = None) -> Evaluator:
    """The learned evaluation with the shipped weights, or those of `path`."""
    weights = load_weights() if path is None else read_weights(path)
    return lambda player, opponent: float(
        pattern_score(np.uint64(player), np.uint64(opponent), weights)
    )


def final_score(player: int, opponent: int) -> float:
    difference = player.bit_count() - opponent.bit_count()
    empties = 64 - (player | opponent).bit_count()
    return float(
        difference + empties if difference > 0 else difference - empties if difference else 0
    )


def negamax(
    player: int, opponent: int, depth: int, alpha: float, beta: float, evaluate: Evaluator
) -> float:
    """Fail-hard alpha-beta, estimates in discs; a finished game scores its disc difference."""
    moves = GEOMETRY.legal_moves(player, opponent)
    if not moves:
        if not GEOMETRY.legal_moves(opponent, player):
            return final_score(player, opponent)
        return -negamax(opponent, player, depth, -beta, -alpha, evaluate)
    if depth == 0:
        return evaluate(player, opponent)
    while moves:
        move_bit = moves & -moves
        moves ^= move_bit
        score = -negamax(
            *GEOMETRY.play(player, opponent, move_bit), depth - 1, -beta, -alpha, evaluate
        )
        if score > alpha:
            alpha = score
            if alpha >= beta:
                break
    return alpha


def best_move(player: int, opponent: int, depth: int, evaluate: Evaluator) -> int:
    """The first best move of a `depth`-ply search; the side to move has a move."""
    moves = GEOMETRY.legal_moves(player, opponent)
    best, chosen = -1000.0, 0
    while moves:
        move_bit = moves & -moves
        moves ^= move_bit
        score = -negamax(
            *GEOMETRY.play(player, opponent, move_bit), depth - 1, -1000.0, -best, evaluate
        )
        if score > best:
            best, chosen = score, move_bit
    return chosen


def held_out_set(count: int, low: int, high: int, seed: int) -> list[Board]:
    """`count` distinct positions of the engine's level-5 games against itself with `low` to
    `high` empties, the side to move able to move, at most two from one game."""
    rng = random.Random(seed)
    chosen: dict[Board, None] = {}
    while len(chosen) < count:
        boards = [
            board
            for board in engine_game(rng, LEVEL, until_empties=low)
            if low <= empties_of(board) <= high and GEOMETRY.legal_moves(*board)
        ]
        for board in rng.sample(boards, min(2, len(boards))):
            if len(chosen) < count:
                chosen[board] = None
    return list(chosen)


def solved_set(path: Path, count: int, low: int, high: int, seed: int) -> list[tuple[Board, int]]:
    """The first `count` held-out positions with exact scores.

    Solved positions are appended to `path` one line each as they come, so an interrupted run
    resumes where it stopped, and a smaller count reads a prefix of a larger one.
    """
    header = f"# level-{LEVEL} games, seed {seed}, empties {low}-{high}"
    solved: list[tuple[Board, int]] = []
    if path.exists():
        lines = path.read_text().splitlines()
        if lines and lines[0] != header:
            raise SystemExit(f"{path} holds another set ({lines[0]}); give another --held-out")
        if lines:
            for line in lines[1:]:
                fields = line.split()
                if len(fields) == 3:
                    solved.append(((int(fields[0], 16), int(fields[1], 16)), int(fields[2])))
    if len(solved) >= count:
        return solved[:count]
    boards = held_out_set(count, low, high, seed)
    solver = EndgameSolver(GEOMETRY, threads=1)
    estimate = learned()
    started = time.perf_counter()
    if not solved:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header + "\n")
    with path.open("a") as out:
        for number in range(len(solved), count):
            board = boards[number]
            # The estimate only tells the solver's narrow windows where to start.
            score = solver.solve(*board, guess=round(estimate(*board))).score
            solved.append((board, score))
            out.write(f"{board[0]:016x} {board[1]:016x} {score}\n")
            out.flush()
            if (number + 1) % 50 == 0:
                print(f"  solved {number + 1}/{count} in {time.perf_counter() - started:.0f} s")
    return solved


def bench_error(
    solved: Sequence[tuple[Board, int]],
    depth: int,
    weights: Path | None = None,
    label_depths: Sequence[int] = (),
) -> None:
    """The mean absolute error of each evaluation, alone and after a `depth`-ply search, and the
    learned one's by count of empty squares; then that of the trainer's labels of each of
    `label_depths` plies over the learned weights."""
    empties = [empties_of(board) for board, _ in solved]
    print(
        f"mean absolute error against exact scores, {len(solved)} held-out positions, "
        f"{min(empties)}-{max(empties)} empties (discs)"
    )
    for name, evaluate in (("learned", learned(weights)), ("hand-set", hand_set)):
        started = time.perf_counter()
        errors = [abs(evaluate(*board) - exact) for board, exact in solved]
        static = np.mean(errors)
        searched = np.mean(
            [
                abs(negamax(*board, depth, -1000.0, 1000.0, evaluate) - exact)
                for board, exact in solved
            ]
        )
        print(
            f"  {name:9} evaluation {static:5.2f}   depth-{depth} search {searched:5.2f}"
            f"   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        if name == "learned":
            by_count = np.array(errors), np.array(empties)
            print(
                "    by empties: "
                + ", ".join(
                    f"{count} {by_count[0][by_count[1] == count].mean():.2f}"
                    for count in sorted(set(empties))
                )
            )
    table = load_weights() if weights is None else read_weights(weights)
    for label_depth in label_depths:
        started = time.perf_counter()
        labels = [search_score(board, label_depth, table) for board, _ in solved]
        error = np.mean(
            [abs(label - exact) for label, (_, exact) in zip(labels, solved, strict=True)]
        )
        bias = np.mean([label - exact for label, (_, exact) in zip(labels, solved, strict=True)])
        print(
            f"  the trainer's {label_depth}-ply labels {error:5.2f} (bias {bias:+.2f})"
            f"   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


def play(opening: Board, first: Evaluator, second: Evaluator, depth: int) -> int:
    """Disc difference for `first`, who moves first from `opening`; empties go to the winner."""
    player, opponent = opening
    sides = (first, second)
    turn = 0
    while True:
        if not GEOMETRY.legal_moves(player, opponent):
            if not GEOMETRY.legal_moves(opponent, player):
                score = int(final_score(player, opponent))
                return score if turn == 0 else -score
            player, opponent, turn = opponent, player, 1 - turn
            continue
        move_bit = best_move(player, opponent, depth, sides[turn])
        player, opponent = GEOMETRY.play(player, opponent, move_bit)
        turn = 1 - turn


def bench_match(
    games: int, depth: int, seed: int, weights: Path | None = None, against: Path | None = None
) -> None:
    """Learned (the shipped weights, or those of `weights`) against hand-set (or the learned
    evaluation with the weights of `against`) from random openings of 4 to 8 plies, each played
    both ways."""
    rng = random.Random(seed)
    start = Othello().start()
    learned_evaluate = learned(weights)
    hand_set_name = "hand-set" if against is None else against.name
    other = hand_set if against is None else learned(against)
    wins = draws = losses = 0
    total = 0
    started = time.perf_counter()
    name = "learned" if weights is None else weights.name
    print(
        f"match, {name} against {hand_set_name}, depth {depth} each, {games} games, colours swapped"
    )
    for _ in range(games // 2):
        player, opponent = GEOMETRY.to_engine(start.player), GEOMETRY.to_engine(start.opponent)
        for _ in range(rng.randint(4, 8)):
            moves = GEOMETRY.legal_moves(player, opponent)
            bits = [1 << square for square in range(64) if moves >> square & 1]
            player, opponent = GEOMETRY.play(player, opponent, rng.choice(bits))
        for learned_first in (True, False):
            if learned_first:
                score = play((player, opponent), learned_evaluate, other, depth)
            else:
                score = -play((player, opponent), other, learned_evaluate, depth)
            total += score
            wins += score > 0
            draws += score == 0
            losses += score < 0
    played = wins + draws + losses
    print(
        f"  {name} {wins} wins, {draws} draws, {losses} losses of {played}: "
        f"{100 * (wins + draws / 2) / played:.1f}%, mean disc difference {total / played:+.1f}"
        f"   ({time.perf_counter() - started:.0f} s)"
    )


def curve_positions(count: int, low: int, high: int, seed: int) -> list[Board]:
    """`count` positions of `low` to `high` empties from the trainer's games (2 to 4 plies over
    the shipped weights, a little noise), three of each game at most."""
    rng = random.Random(seed)
    weights = load_weights()
    chosen: dict[Board, None] = {}
    while len(chosen) < count:
        boards = [
            board
            for board in play_game(rng, weights)
            if low <= empties_of(board) <= high and GEOMETRY.legal_moves(*board)
        ]
        chosen.update(dict.fromkeys(rng.sample(boards, min(3, len(boards)))))
    return list(chosen)[:count]


def bench_curve(
    check: Sequence[tuple[Board, int]], sizes: Sequence[int], depth: int, ridge: float, seed: int
) -> None:
    """The learning curve: one weight row fitted on the first N positions of the check set's
    range of empties, labelled by a `depth`-ply search (0: exact), against the solved set."""
    low = min(empties_of(board) for board, _ in check)
    high = max(empties_of(board) for board, _ in check)
    started = time.perf_counter()
    boards = curve_positions(max(sizes), low, high, seed)
    weights = load_weights()
    solver = EndgameSolver(GEOMETRY, threads=1)
    labels = np.array(
        [
            solver.solve(*board).score if depth == 0 else search_score(board, depth, weights)
            for board in boards
        ],
        dtype=np.float64,
    )
    print(
        f"{len(boards)} positions of {low}-{high} empties, labelled by "
        + ("exact solves" if depth == 0 else f"{depth}-ply searches")
        + f" ({time.perf_counter() - started:.0f} s); error on {len(check)} solved positions:"
    )
    rows = feature_rows(boards)
    check_rows = feature_rows([board for board, _ in check])
    exact = np.array([score for _, score in check], dtype=np.float64)
    for size in sizes:
        row = fit_stage(rows[:size], labels[:size], ridge=ridge, iterations=60)
        fitted = np.abs(row[rows[:size]].sum(axis=1) - labels[:size]).mean()
        error = np.abs(row[check_rows].sum(axis=1) - exact).mean()
        print(f"  {size:8} positions: {error:5.2f} discs (on its own labels {fitted:5.2f})")


_U = np.uint64
_SHIFTS = (
    # (left, amount, the columns a shift may land on): the eight directions of a line.
    (True, 1, _U(0xFEFEFEFEFEFEFEFE)),
    (False, 1, _U(0x7F7F7F7F7F7F7F7F)),
    (True, 8, _U(0xFFFFFFFFFFFFFFFF)),
    (False, 8, _U(0xFFFFFFFFFFFFFFFF)),
    (True, 9, _U(0xFEFEFEFEFEFEFEFE)),
    (False, 9, _U(0x7F7F7F7F7F7F7F7F)),
    (True, 7, _U(0x7F7F7F7F7F7F7F7F)),
    (False, 7, _U(0xFEFEFEFEFEFEFEFE)),
)


def _shifted(boards: np.ndarray, shift: tuple[bool, int, np.uint64]) -> np.ndarray:
    left, amount, mask = shift
    return ((boards << _U(amount)) if left else (boards >> _U(amount))) & mask


def _mobility(player: np.ndarray, opponent: np.ndarray) -> np.ndarray:
    """Each board's count of moves for `player`."""
    empty = ~(player | opponent)
    moves = np.zeros_like(player)
    for shift in _SHIFTS:
        run = _shifted(player, shift) & opponent
        for _ in range(5):
            run |= _shifted(run, shift) & opponent
        moves |= _shifted(run, shift) & empty
    return np.bitwise_count(moves).astype(np.int64)


def _frontier(discs: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """Each board's count of empty squares beside `discs` (the other side's potential mobility)."""
    beside = np.zeros_like(discs)
    for shift in _SHIFTS:
        beside |= _shifted(discs, shift)
    return np.bitwise_count(beside & empty).astype(np.int64)


def _pattern(player: np.ndarray, opponent: np.ndarray, squares: str) -> tuple[np.ndarray, int]:
    """The instances of a pattern named by its squares (A1 is the corner of bit 0) under the
    board's symmetries, as table indices, and its table's size."""
    from damero.engines.othello.patterns import symmetries

    base = [(int(name[1]) - 1, "ABCDEFGH".index(name[0])) for name in squares.split()]
    shifts = np.arange(64, dtype=_U)
    cells = ((player[:, None] >> shifts) & _U(1)) + 2 * ((opponent[:, None] >> shifts) & _U(1))
    powers = 3 ** np.arange(len(base) - 1, -1, -1, dtype=np.int64)
    seen: set[tuple[int, ...]] = set()
    columns = []
    for symmetry in range(8):
        ordered = tuple(
            row * 8 + column for row, column in (symmetries(*s)[symmetry] for s in base)
        )
        if ordered not in seen:
            seen.add(ordered)
            columns.append(cells[:, list(ordered)].astype(np.int64) @ powers)
    return np.stack(columns, axis=1), 3 ** len(base)


def _quadrant_parity(empty: np.ndarray) -> np.ndarray:
    """Each board's count of quadrants with an odd number of empty squares."""
    odd = np.zeros(len(empty), dtype=np.int64)
    for quadrant in (0x0F0F0F0F, 0xF0F0F0F0, 0x0F0F0F0F00000000, 0xF0F0F0F000000000):
        odd += np.bitwise_count(empty & _U(quadrant)).astype(np.int64) & 1
    return odd


EXTRA_FEATURES = (
    "mobility",
    "potential mobility",
    "parity",
    "empties",
    "disc difference",
    "corner angle",
    "edge block",
)
"""Features the pattern set lacks (Logistello's and Edax's), each a small table or a pattern."""


def _extra_columns(boards: np.ndarray, name: str) -> list[tuple[np.ndarray, int]]:
    """One feature's columns of table indices, with each table's size."""
    player, opponent = boards[:, 0].astype(_U), boards[:, 1].astype(_U)
    empty = ~(player | opponent)
    empties = np.bitwise_count(empty).astype(np.int64)
    if name == "mobility":
        return [
            (np.minimum(_mobility(player, opponent), 31)[:, None], 32),
            (np.minimum(_mobility(opponent, player), 31)[:, None], 32),
        ]
    if name == "potential mobility":
        return [
            (np.minimum(_frontier(opponent, empty), 39)[:, None], 40),
            (np.minimum(_frontier(player, empty), 39)[:, None], 40),
        ]
    if name == "parity":
        return [((_quadrant_parity(empty) * 2 + (empties & 1))[:, None], 10)]
    if name == "empties":
        return [(empties[:, None], 65)]
    if name == "disc difference":
        difference = np.bitwise_count(player).astype(np.int64) - np.bitwise_count(opponent)
        return [((difference + 64)[:, None], 129)]
    if name == "corner angle":
        return [_pattern(player, opponent, "A5 A4 A3 A2 A1 B2 B1 C1 D1 E1")]
    if name == "edge block":
        return [_pattern(player, opponent, "A1 C1 D1 C2 D2 E2 F2 E1 F1 H1")]
    raise ValueError(name)


def _feature_table(boards: np.ndarray, names: Sequence[str]) -> tuple[np.ndarray, int]:
    """The pattern rows with the named features' columns beside them, and the row's length."""
    from damero.engines.othello.patterns import FEATURES

    parts = [feature_rows(_boards_list(boards))]
    size = FEATURES
    for name in names:
        for columns, table in _extra_columns(boards, name):
            parts.append(columns + size)
            size += table
    return np.concatenate(parts, axis=1), size


def _boards_list(boards: np.ndarray) -> list[Board]:
    return [(int(player), int(opponent)) for player, opponent in boards]


def cached_stage(folder: Path, stage: int) -> tuple[np.ndarray, np.ndarray]:
    """Round 1's positions of one stage and their labels, from a trainer's cache folder (the
    labels follow the stage's positions in the order the round drew them)."""
    from damero.engines.othello.patterns import stage_of

    games = np.load(folder / "games-1.npy")
    empties = 64 - np.bitwise_count(games[:, 0] | games[:, 1]).astype(np.int64)
    members = games[np.array([stage_of(int(count)) for count in empties]) == stage]
    chunks = sorted(
        folder.glob(f"labels-1-{stage}-*.npy"), key=lambda path: int(path.stem.rsplit("-")[-1])
    )
    labels = np.concatenate([np.load(path) for path in chunks]) if chunks else np.zeros(0)
    if len(labels) != len(members):
        raise SystemExit(f"stage {stage}: {len(labels)} labels for {len(members)} positions")
    return members, labels


def bench_features(
    folder: Path, stages: Sequence[int], check: Sequence[tuple[Board, int]], ridge: float
) -> None:
    """For each stage, one weight row fitted as the trainer fits it (its stage and the one before,
    ridge, 60 steps) on 90% of the cached positions, with the patterns alone, with each extra
    feature, and with all: the error on its own labels, on the other 10%, and on the check
    set's positions of that stage."""
    from damero.engines.othello.patterns import stage_of

    check_boards = np.array([board for board, _ in check], dtype=_U).reshape(-1, 2)
    check_scores = np.array([score for _, score in check], dtype=np.float64)
    check_stages = np.array([stage_of(empties_of(board)) for board, _ in check], dtype=np.int64)
    for stage in stages:
        boards, labels = cached_stage(folder, stage)
        before = cached_stage(folder, stage - 1) if stage > 0 else None
        kept = np.random.default_rng(stage).random(len(boards)) >= 0.1
        own_check = check_stages == stage
        print(
            f"stage {stage} ({len(boards)} positions, labels spread {labels.std():.2f},"
            f" {int(own_check.sum())} checked):"
        )
        for names in [[]] + [[name] for name in EXTRA_FEATURES] + [list(EXTRA_FEATURES)]:
            started = time.perf_counter()
            rows, size = _feature_table(boards, names)
            fitted_rows, targets = rows[kept], labels[kept]
            if before is not None:
                before_rows, _ = _feature_table(before[0], names)
                fitted_rows = np.concatenate([fitted_rows, before_rows])
                targets = np.concatenate([targets, before[1]])
            row = fit_stage(fitted_rows, targets, ridge=ridge, iterations=60, size=size)
            own = np.abs(row[rows[kept]].sum(axis=1) - labels[kept]).mean()
            held = np.abs(row[rows[~kept]].sum(axis=1) - labels[~kept]).mean()
            label = "all of them" if len(names) > 1 else names[0] if names else "patterns alone"
            line = f"  {label:20} {own:5.2f} own, {held:5.2f} held out"
            if own_check.any():
                check_rows, _ = _feature_table(check_boards[own_check], names)
                checked = np.abs(row[check_rows].sum(axis=1) - check_scores[own_check]).mean()
                line += f", {checked:5.2f} checked"
            print(f"{line}   ({size} weights, {time.perf_counter() - started:.0f} s)", flush=True)


def main(arguments: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "part", nargs="?", default="all", choices=["all", "error", "match", "curve", "features"]
    )
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--empties", type=int, nargs=2, default=[20, 24], metavar=("LOW", "HIGH"))
    parser.add_argument("--depth", type=int, default=4, help="search depth for the error")
    parser.add_argument(
        "--held-out",
        type=Path,
        help="file keeping the solved held-out set (default: one per range under benchmarks/data)",
    )
    parser.add_argument(
        "--solved", type=Path, help="error: measure on this file of solved positions instead"
    )
    parser.add_argument(
        "--weights",
        type=Path,
        help="error, match: measure these weights instead of the shipped ones",
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="match: play the learned evaluation with these weights instead of the hand-set one",
    )
    parser.add_argument(
        "--label-depths",
        type=int,
        nargs="*",
        default=[],
        help="error: also the trainer's labels of these depths over the weights",
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--match-depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=HELD_OUT_SEED)
    parser.add_argument(
        "--check", type=Path, help="curve, features: the solved positions to measure on"
    )
    parser.add_argument(
        "--label-depth", type=int, default=6, help="curve: the labels' search depth, 0 exact"
    )
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[3000, 6000, 12000, 24000], help="curve: N"
    )
    parser.add_argument("--ridge", type=float, default=3.0, help="curve: the fit's ridge")
    parser.add_argument("--curve-seed", type=int, default=7, help="curve: the games' seed")
    parser.add_argument(
        "--cache",
        type=Path,
        help="features: a trainer's cache folder (the one holding games-1.npy)",
    )
    parser.add_argument(
        "--stages", type=int, nargs="+", default=[3, 5], help="features: the stages to fit"
    )
    options = parser.parse_args(arguments)
    if options.part == "features":
        if options.cache is None:
            parser.error("features needs --cache DIR (a trainer's cache folder)")
        check = read_solved(options.check) if options.check else []
        bench_features(options.cache, options.stages, check, options.ridge)
        return
    if options.part == "curve":
        if options.check is None:
            parser.error("curve needs --check FILE (solved positions)")
        check = read_solved(options.check)
        bench_curve(check, options.sizes, options.label_depth, options.ridge, options.curve_seed)
        return
    if options.part == "error" and options.solved is not None:
        bench_error(
            read_solved(options.solved), options.depth, options.weights, options.label_depths
        )
        return
    if options.part in ("all", "error"):
        low, high = options.empties
        held_out = options.held_out or Path(__file__).resolve().parent / "data" / (
            f"othello_eval_level{LEVEL}_{options.seed}_{low}_{high}.txt"
        )
        solved = solved_set(held_out, options.positions, low, high, options.seed)
        bench_error(solved, options.depth, options.weights, options.label_depths)
    if options.part in ("all", "match"):
        bench_match(
            options.games, options.match_depth, options.seed, options.weights, options.against
        )


if __name__ == "__main__":
    main()
