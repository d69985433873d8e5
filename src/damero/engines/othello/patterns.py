"""A learned 8x8 Othello evaluation: pattern weights per game stage, in the manner of Logistello.

Each pattern is an ordered set of squares (an edge with its X-squares, the 3x3 and 2x5 corners,
rows 2 to 4, the diagonals of 4 to 8 squares); its instances are every image of the base squares
under the board's eight symmetries, so the sum is the same for a position and its images.  The
contents of an instance (empty 0, side to move 1, other side 2, first square most significant)
index that pattern's table of weights; a position's score is the sum over all instances plus a
constant, from the weight row of its stage (the number of empty squares, in bands of
`STAGE_EMPTIES`).  The weights are fitted by `damero.engines.othello.train` and ship as
`pattern_weights.npz`.

The boards are the engine's 8x8 layout (see bits.py): bit `row * 8 + column` of an unsigned
64-bit word, the side to move first.  Only 8x8 has learned weights; smaller boards embedded in the
layout and 10x10 keep the hand-set evaluation.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

import numba
import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import Board as Word
from damero.engines.othello.bits import popcount
from damero.engines.othello.board import Geometry, engine_board
from damero.engines.othello.evaluation import DISC
from damero.games.othello import OthelloPosition

SIZE = 8
STAGE_EMPTIES = 4
"""Width of a stage in empty squares: stage = empties // STAGE_EMPTIES."""
STAGES = 60 // STAGE_EMPTIES + 1

WEIGHTS_FILE = "pattern_weights.npz"

Square = tuple[int, int]

_BASE_PATTERNS: tuple[tuple[str, tuple[Square, ...]], ...] = (
    ("edge and X-squares", (*((0, column) for column in range(8)), (1, 1), (1, 6))),
    ("corner 3x3", tuple((row, column) for row in range(3) for column in range(3))),
    ("corner 2x5", tuple((row, column) for row in range(2) for column in range(5))),
    ("row 2", tuple((1, column) for column in range(8))),
    ("row 3", tuple((2, column) for column in range(8))),
    ("row 4", tuple((3, column) for column in range(8))),
    ("diagonal 8", tuple((k, k) for k in range(8))),
    ("diagonal 7", tuple((k, k + 1) for k in range(7))),
    ("diagonal 6", tuple((k, k + 2) for k in range(6))),
    ("diagonal 5", tuple((k, k + 3) for k in range(5))),
    ("diagonal 4", tuple((k, k + 4) for k in range(4))),
)


def symmetries(row: int, column: int) -> tuple[Square, ...]:
    """The images of a square under the eight symmetries of the board, in a fixed order."""
    last = SIZE - 1
    return (
        (row, column),
        (row, last - column),
        (last - row, column),
        (last - row, last - column),
        (column, row),
        (column, last - row),
        (last - column, row),
        (last - column, last - row),
    )


def _instances() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(pattern number, ordered squares) of every distinct image of every base pattern."""
    found: list[tuple[int, tuple[int, ...]]] = []
    for number, (_, squares) in enumerate(_BASE_PATTERNS):
        images = [[symmetries(row, column)[k] for row, column in squares] for k in range(8)]
        seen: set[tuple[int, ...]] = set()
        for image in images:
            ordered = tuple(row * SIZE + column for row, column in image)
            if ordered not in seen:
                seen.add(ordered)
                found.append((number, ordered))
    return tuple(found)


INSTANCES = _instances()
"""Every pattern instance: (pattern number, squares as bit indices, most significant first)."""

PATTERN_OFFSETS = tuple(
    int(offset) for offset in np.cumsum([0] + [3 ** len(squares) for _, squares in _BASE_PATTERNS])
)
"""Where each pattern's table starts in a stage's weight row; the last entry is the constant."""

FEATURES = PATTERN_OFFSETS[-1] + 1
"""Length of a stage's weight row: every pattern table, then the constant."""

CONSTANT = FEATURES - 1

_WIDEST = max(len(squares) for _, squares in INSTANCES)
# Compiled-side tables: squares padded with -1, and the table offset of each instance.
_SQUARES = np.full((len(INSTANCES), _WIDEST), -1, dtype=np.int64)
_OFFSETS = np.zeros(len(INSTANCES), dtype=np.int64)
for _number, (_pattern, _squares) in enumerate(INSTANCES):
    _SQUARES[_number, : len(_squares)] = _squares
    _OFFSETS[_number] = PATTERN_OFFSETS[_pattern]

_ONE = np.uint64(1)


def stage_of(empties: int) -> int:
    """The stage (weight row) of a position with `empties` empty squares."""
    return min(empties // STAGE_EMPTIES, STAGES - 1)


@numba.njit(nogil=True, cache=True)
def _instance_index(player: Word, opponent: Word, number: int) -> int:
    """Where instance `number` looks in a stage's weight row."""
    index = 0
    for k in range(_SQUARES.shape[1]):
        square = _SQUARES[number, k]
        if square < 0:
            break
        shift = np.uint64(square)
        index = 3 * index + int((player >> shift) & _ONE) + 2 * int((opponent >> shift) & _ONE)
    return int(_OFFSETS[number] + index)


@numba.njit(nogil=True, cache=True)
def pattern_indices(player: Word, opponent: Word, out: npt.NDArray[np.int64]) -> None:
    """Fill `out` (len(INSTANCES) + 1 entries) with where each instance, then the constant, looks
    in a stage's weight row: the one-hot row of the least-squares fit."""
    instances = _SQUARES.shape[0]
    for number in range(instances):
        out[number] = _instance_index(player, opponent, number)
    out[instances] = FEATURES - 1


@numba.njit(nogil=True, cache=True)
def pattern_score(player: Word, opponent: Word, weights: npt.NDArray[np.float32]) -> float:
    """The learned estimate of the final disc difference for the side to move, in discs.

    `player` and `opponent` are uint64 boards in the engine's 8x8 layout (side to move first);
    `weights` is the (STAGES, FEATURES) array from `load_weights`.
    """
    empties = 64 - popcount(player | opponent)
    row = weights[min(empties // STAGE_EMPTIES, STAGES - 1)]
    total = float(row[FEATURES - 1])
    for number in range(_SQUARES.shape[0]):
        total += float(row[_instance_index(player, opponent, number)])
    return total


def plain_pattern_score(player: int, opponent: int, weights: npt.NDArray[np.float32]) -> float:
    """The plain-Python twin of `pattern_score`, which the tests compare it with."""
    empties = 64 - (player | opponent).bit_count()
    row = weights[stage_of(empties)]
    total = float(row[CONSTANT])
    for pattern, squares in INSTANCES:
        index = 0
        for square in squares:
            index = 3 * index + (player >> square & 1) + 2 * (opponent >> square & 1)
        total += float(row[PATTERN_OFFSETS[pattern] + index])
    return total


def check_weights(weights: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """`weights` as a contiguous float32 array, or ValueError if it does not fit these patterns."""
    if weights.shape != (STAGES, FEATURES):
        raise ValueError(
            f"pattern weights have shape {weights.shape}, these patterns need {(STAGES, FEATURES)}"
        )
    if not np.isfinite(weights).all():
        raise ValueError("pattern weights hold values that are not finite numbers")
    return np.ascontiguousarray(weights, dtype=np.float32)


def save_weights(path: Path, weights: npt.NDArray[np.float32]) -> None:
    """Write weights (rounded to float16, which keeps them well within a hundredth of a disc).

    Written to a temporary file and renamed, so that an interrupted run leaves no torn file.
    """
    checked = check_weights(weights)
    temporary = path.with_name(path.name + ".partial.npz")
    np.savez_compressed(temporary, weights=checked.astype(np.float16))
    temporary.replace(path)


def read_weights(path: Path) -> npt.NDArray[np.float32]:
    """Weights written by `save_weights`."""
    with np.load(path) as data:
        return check_weights(data["weights"])


@functools.cache
def load_weights() -> npt.NDArray[np.float32]:
    """The shipped weights, (STAGES, FEATURES) float32, read once per process."""
    with resources.as_file(resources.files(__package__) / WEIGHTS_FILE) as path:
        return read_weights(path)


def evaluate_position(
    position: OthelloPosition, weights: npt.NDArray[np.float32] | None = None
) -> float:
    """The learned estimate of an 8x8 position's final disc difference for the side to move."""
    if position.size != SIZE:
        raise ValueError(f"learned weights exist for 8x8 only, not {position.size}x{position.size}")
    _, player, opponent = engine_board(position)
    chosen = load_weights() if weights is None else weights
    return float(pattern_score(np.uint64(player), np.uint64(opponent), chosen))


def evaluate(geometry: Geometry, player: int, opponent: int) -> int:
    """The learned evaluation in the hand-set one's terms: hundredths of a disc, 8x8 only.

    Takes the same arguments as `evaluation.evaluate`, so a search can take either.
    """
    if geometry.size != SIZE:
        raise ValueError(f"learned weights exist for 8x8 only, not {geometry.size}x{geometry.size}")
    score = pattern_score(np.uint64(player), np.uint64(opponent), load_weights())
    return round(score * DISC)
