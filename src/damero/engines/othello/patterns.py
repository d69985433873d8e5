"""A learned 8x8 Othello evaluation: pattern weights per game stage, in the manner of Logistello.

Each pattern is an ordered set of squares (an edge with its X-squares, the 3x3 and 2x5 corners,
rows 2 to 4, the diagonals of 4 to 8 squares); its instances are every image of the base squares
under the board's eight symmetries, so the sum is the same for a position and its images.  The
contents of an instance (empty 0, side to move 1, other side 2, first square most significant)
index that pattern's table of weights; a position's score is the sum over all instances plus a
constant, from the weight row of its stage (the number of empty squares, in bands of
`STAGE_EMPTIES`).  Compiled code reads each instance as the base pattern of the board seen through
the symmetry that makes it: a few shifts and masks, and a table turning bits into base 3.  The weights are fitted by `damero.training.othello` and ship as
`pattern_weights.npz`.

The boards are the engine's 8x8 layout (see bits.py): bit `row * 8 + column` of an unsigned
64-bit word, the side to move first.  Only 8x8 has learned weights; smaller boards embedded in the
layout and 10x10 keep the hand-set evaluation.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

import numba
import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import Board as Word
from damero.engines.othello.bits import popcount
from damero.engines.othello.board import engine_board
from damero.engines.othello.cache import CACHING
from damero.rules.othello import OthelloPosition

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


def _instances() -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(pattern number, symmetry, ordered squares) of every distinct image of every base pattern."""
    found: list[tuple[int, int, tuple[int, ...]]] = []
    for number, (_, squares) in enumerate(_BASE_PATTERNS):
        seen: set[tuple[int, ...]] = set()
        for symmetry in range(8):
            image = [symmetries(row, column)[symmetry] for row, column in squares]
            ordered = tuple(row * SIZE + column for row, column in image)
            if ordered not in seen:
                seen.add(ordered)
                found.append((number, symmetry, ordered))
    return tuple(found)


INSTANCES = _instances()
"""Every pattern instance: (pattern number, the symmetry that makes it, its squares as bit indices,
most significant first)."""

PATTERN_OFFSETS = tuple(
    int(offset) for offset in np.cumsum([0] + [3 ** len(squares) for _, squares in _BASE_PATTERNS])
)
"""Where each pattern's table starts in a stage's weight row; the last entry is the constant."""

FEATURES = PATTERN_OFFSETS[-1] + 1
"""Length of a stage's weight row: every pattern table, then the constant."""

CONSTANT = FEATURES - 1

_U = np.uint64
_DIAGONAL = _U(0x8040201008040201)
_GATHER = _U(0x0101010101010101)


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _swapped(board: Word, shift: int, mask: Word) -> Word:
    """The bits of `mask` and those `shift` above them, traded."""
    return ((board >> _U(shift)) & mask) | ((board & mask) << _U(shift))


@numba.njit(nogil=True, cache=CACHING)
def _mirrored(board: Word) -> Word:
    """Each row read from the other end: square (row, column) from (row, 7 - column)."""
    board = _swapped(board, 1, _U(0x5555555555555555))
    board = _swapped(board, 2, _U(0x3333333333333333))
    return _swapped(board, 4, _U(0x0F0F0F0F0F0F0F0F))


@numba.njit(nogil=True, cache=CACHING)
def _flipped(board: Word) -> Word:
    """The rows in reverse order: square (row, column) from (7 - row, column)."""
    board = _swapped(board, 8, _U(0x00FF00FF00FF00FF))
    board = _swapped(board, 16, _U(0x0000FFFF0000FFFF))
    return _swapped(board, 32, _U(0x00000000FFFFFFFF))


@numba.njit(nogil=True, cache=CACHING)
def _transposed(board: Word) -> Word:
    """Square (row, column) from (column, row)."""
    swap = (board ^ (board >> _U(7))) & _U(0x00AA00AA00AA00AA)
    board ^= swap ^ (swap << _U(7))
    swap = (board ^ (board >> _U(14))) & _U(0x0000CCCC0000CCCC)
    board ^= swap ^ (swap << _U(14))
    swap = (board ^ (board >> _U(28))) & _U(0x00000000F0F0F0F0)
    return board ^ swap ^ (swap << _U(28))


# Each base pattern's squares gathered into the low bits, its first square lowest, in the order
# of _BASE_PATTERNS: a few shifts and masks, a multiplication lifting a diagonal into one row.


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _edge_and_x_squares(board: Word) -> Word:
    return (board & _U(0xFF)) | ((board >> _U(1)) & _U(0x100)) | ((board >> _U(5)) & _U(0x200))


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _corner_3x3(board: Word) -> Word:
    return (board & _U(7)) | ((board >> _U(5)) & _U(0x38)) | ((board >> _U(10)) & _U(0x1C0))


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _corner_2x5(board: Word) -> Word:
    return (board & _U(0x1F)) | ((board >> _U(3)) & _U(0x3E0))


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _row(board: Word, row: int) -> Word:
    return (board >> _U(8 * row)) & _U(0xFF)


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _diagonal(board: Word, column: int) -> Word:
    """The diagonal from (0, column) down to the right."""
    return (((board >> _U(column)) & (_DIAGONAL >> _U(9 * column))) * _GATHER) >> _U(56)


_MADE = np.zeros((8, len(_BASE_PATTERNS)), dtype=np.bool_)
"""Whether symmetry k makes an instance of pattern p of its own (rather than a repeat)."""
for _pattern, _symmetry, _ in INSTANCES:
    _MADE[_symmetry, _pattern] = True

_TABLE_STARTS = np.array(PATTERN_OFFSETS, dtype=np.int64)

_WIDEST = max(len(squares) for _, squares in _BASE_PATTERNS)
_TERNARY = np.zeros((_WIDEST + 1, 1 << _WIDEST), dtype=np.int32)
"""[length, bits]: the base-3 number with a digit 1 for each set bit, the lowest bit the most
significant digit; a pattern's index is ternary(own discs) + 2 * ternary(other discs)."""
for _length in range(1, _WIDEST + 1):
    for _bits in range(1 << _length):
        _TERNARY[_length, _bits] = sum(
            3 ** (_length - 1 - square) for square in range(_length) if _bits >> square & 1
        )


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _weight(
    row: npt.NDArray[np.float32], pattern: int, length: int, player_bits: Word, opponent_bits: Word
) -> float:
    return float(
        row[
            _TABLE_STARTS[pattern]
            + _TERNARY[length, player_bits]
            + 2 * _TERNARY[length, opponent_bits]
        ]
    )


@numba.njit(nogil=True, cache=CACHING, inline="always")
def _image_score(
    player: Word, opponent: Word, symmetry: int, row: npt.NDArray[np.float32]
) -> float:
    """The weights of the instances `symmetry` makes, from the boards seen through it.  Written
    out pattern by pattern: a loop over patterns costs the evaluation twice the time."""
    total = 0.0
    if _MADE[symmetry, 0]:
        total += _weight(row, 0, 10, _edge_and_x_squares(player), _edge_and_x_squares(opponent))
    if _MADE[symmetry, 1]:
        total += _weight(row, 1, 9, _corner_3x3(player), _corner_3x3(opponent))
    if _MADE[symmetry, 2]:
        total += _weight(row, 2, 10, _corner_2x5(player), _corner_2x5(opponent))
    if _MADE[symmetry, 3]:
        total += _weight(row, 3, 8, _row(player, 1), _row(opponent, 1))
    if _MADE[symmetry, 4]:
        total += _weight(row, 4, 8, _row(player, 2), _row(opponent, 2))
    if _MADE[symmetry, 5]:
        total += _weight(row, 5, 8, _row(player, 3), _row(opponent, 3))
    if _MADE[symmetry, 6]:
        total += _weight(row, 6, 8, _diagonal(player, 0), _diagonal(opponent, 0))
    if _MADE[symmetry, 7]:
        total += _weight(row, 7, 7, _diagonal(player, 1), _diagonal(opponent, 1))
    if _MADE[symmetry, 8]:
        total += _weight(row, 8, 6, _diagonal(player, 2), _diagonal(opponent, 2))
    if _MADE[symmetry, 9]:
        total += _weight(row, 9, 5, _diagonal(player, 3), _diagonal(opponent, 3))
    if _MADE[symmetry, 10]:
        total += _weight(row, 10, 4, _diagonal(player, 4), _diagonal(opponent, 4))
    return total


@numba.njit(nogil=True, cache=CACHING)
def pattern_score(player: Word, opponent: Word, weights: npt.NDArray[np.float32]) -> float:
    """The learned estimate of the final disc difference for the side to move, in discs.

    `player` and `opponent` are uint64 boards in the engine's 8x8 layout (side to move first);
    `weights` is the (STAGES, FEATURES) array from `load_weights`.  Each symmetry's instances are
    read as the base pattern of the board seen through it.
    """
    empties = 64 - popcount(player | opponent)
    row = weights[min(empties // STAGE_EMPTIES, STAGES - 1)]
    total = float(row[CONSTANT])
    mirrored_player, mirrored_opponent = _mirrored(player), _mirrored(opponent)
    turned_player, turned_opponent = _transposed(player), _transposed(opponent)
    turned_mirrored_player = _mirrored(turned_player)
    turned_mirrored_opponent = _mirrored(turned_opponent)
    total += _image_score(player, opponent, 0, row)
    total += _image_score(mirrored_player, mirrored_opponent, 1, row)
    total += _image_score(_flipped(player), _flipped(opponent), 2, row)
    total += _image_score(_flipped(mirrored_player), _flipped(mirrored_opponent), 3, row)
    total += _image_score(turned_player, turned_opponent, 4, row)
    total += _image_score(_flipped(turned_player), _flipped(turned_opponent), 5, row)
    total += _image_score(turned_mirrored_player, turned_mirrored_opponent, 6, row)
    total += _image_score(
        _flipped(turned_mirrored_player), _flipped(turned_mirrored_opponent), 7, row
    )
    return total


def feature_rows(boards: Sequence[tuple[int, int]]) -> npt.NDArray[np.int64]:
    """Each board's weight indices, one row per board: every instance, then the constant.

    Plain numpy, square by square as the patterns are defined: the rows of the least-squares fit,
    and the reference the compiled `pattern_score` is tested against.
    """
    players = np.array([player for player, _ in boards], dtype=np.uint64).reshape(-1, 1)
    opponents = np.array([opponent for _, opponent in boards], dtype=np.uint64).reshape(-1, 1)
    shifts = np.arange(SIZE * SIZE, dtype=np.uint64)
    cells = ((players >> shifts) & _U(1)) + 2 * ((opponents >> shifts) & _U(1))
    rows = np.empty((len(boards), len(INSTANCES) + 1), dtype=np.int64)
    for number, (pattern, _, squares) in enumerate(INSTANCES):
        powers = 3 ** np.arange(len(squares) - 1, -1, -1, dtype=np.int64)
        rows[:, number] = (
            PATTERN_OFFSETS[pattern] + cells[:, list(squares)].astype(np.int64) @ powers
        )
    rows[:, -1] = CONSTANT
    return rows


def plain_pattern_score(player: int, opponent: int, weights: npt.NDArray[np.float32]) -> float:
    """`pattern_score` from `feature_rows`."""
    empties = 64 - (player | opponent).bit_count()
    row = weights[stage_of(empties)]
    return float(row[feature_rows([(player, opponent)])[0]].astype(np.float64).sum())


def stage_of(empties: int) -> int:
    """The stage (weight row) of a position with `empties` empty squares."""
    return min(empties // STAGE_EMPTIES, STAGES - 1)


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
