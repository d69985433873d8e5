"""Othello bitboard kernels (legal moves, flips, perft): compiled up to 8x8, with a plain twin.

Boards up to 8x8 are embedded in the top-left corner of an 8x8 layout (bit `row * 8 + column`)
held in one unsigned 64-bit word, so a single compiled kernel serves every size; a `Geometry`
carries the mask of the squares that exist.  The 10x10 board does not fit in 64 bits and uses the
plain-Python twin on integers with its own stride (bit `row * 10 + column`).  The plain twin works
on every size and is what the tests compare the compiled kernels against.

The engine layout differs from the rules' layout (bit `row * size + column`) only for sizes below
8; `Geometry.to_engine` and `Geometry.from_engine` convert at the edge.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import numba
import numpy as np

FunctionT = TypeVar("FunctionT", bound=Callable[..., Any])

Word = Any
"""A board inside compiled code: a numpy unsigned 64-bit integer (Python ints are converted at the
call).  Typed loosely because numpy's stubs cannot follow the bit arithmetic on it."""

COMPILED_MAX_SIZE = 8
"""Boards up to this size run on the compiled 64-bit kernels; larger ones on the plain twin."""


def compiled(signature: str | None = None) -> Callable[[FunctionT], FunctionT]:
    """Compile a kernel with numba, cached on disk so that only a first run compiles."""

    def decorate(function: FunctionT) -> FunctionT:
        if signature is None:
            return cast(FunctionT, numba.njit(cache=True, nogil=True)(function))
        return cast(FunctionT, numba.njit(signature, cache=True, nogil=True)(function))

    return decorate


# Every constant the compiled code touches is an unsigned 64-bit value: numba turns a mix of
# signed and unsigned integers into signed ones, and a signed right shift drags the sign along.
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_SHIFT_1 = np.uint64(1)
_SHIFT_7 = np.uint64(7)
_SHIFT_8 = np.uint64(8)
_SHIFT_9 = np.uint64(9)
_SHIFT_14 = np.uint64(14)
_SHIFT_16 = np.uint64(16)
_SHIFT_18 = np.uint64(18)
_SHIFT_2 = np.uint64(2)
_SHIFT_4 = np.uint64(4)
_SHIFT_56 = np.uint64(56)
_NOT_COLUMN_A = np.uint64(0xFEFEFEFEFEFEFEFE)
_NOT_COLUMN_H = np.uint64(0x7F7F7F7F7F7F7F7F)
_INNER_COLUMNS = np.uint64(0x7E7E7E7E7E7E7E7E)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)


@compiled()
def _popcount(bits: Word) -> int:
    bits = bits - ((bits >> _SHIFT_1) & _M1)
    bits = (bits & _M2) + ((bits >> _SHIFT_2) & _M2)
    bits = (bits + (bits >> _SHIFT_4)) & _M4
    return int(np.int64((bits * _H01) >> _SHIFT_56))


@compiled()
def _moves_one_direction(player: Word, mask: Word, shift: Word) -> Word:
    """Squares reached from `player` over a run of `mask` discs along one line, both ways (Edax)."""
    double_shift = shift + shift
    flip_left = mask & (player << shift)
    flip_right = mask & (player >> shift)
    flip_left |= mask & (flip_left << shift)
    flip_right |= mask & (flip_right >> shift)
    pair_left = mask & (mask << shift)
    pair_right = pair_left >> shift
    flip_left |= pair_left & (flip_left << double_shift)
    flip_right |= pair_right & (flip_right >> double_shift)
    flip_left |= pair_left & (flip_left << double_shift)
    flip_right |= pair_right & (flip_right >> double_shift)
    return (flip_left << shift) | (flip_right >> shift)


@compiled()
def _legal_moves(player: Word, opponent: Word, board_mask: Word) -> Word:
    inner = opponent & _INNER_COLUMNS
    moves = _moves_one_direction(player, inner, _SHIFT_1)
    moves |= _moves_one_direction(player, opponent, _SHIFT_8)
    moves |= _moves_one_direction(player, inner, _SHIFT_7)
    moves |= _moves_one_direction(player, inner, _SHIFT_9)
    return moves & ~(player | opponent) & board_mask


@compiled()
def _flips(player: Word, opponent: Word, move_bit: Word) -> Word:
    """The opponent discs turned by playing `move_bit` (a single bit); zero if none."""
    flipped = _ZERO
    # East, west, south, north, south-east, north-west, south-west, north-east.
    line = _ZERO
    cursor = (move_bit << _SHIFT_1) & _NOT_COLUMN_A
    while cursor & opponent:
        line |= cursor
        cursor = (cursor << _SHIFT_1) & _NOT_COLUMN_A
    if cursor & player:
        flipped |= line
    line = _ZERO
    cursor = (move_bit >> _SHIFT_1) & _NOT_COLUMN_H
    while cursor & opponent:
        line |= cursor
        cursor = (cursor >> _SHIFT_1) & _NOT_COLUMN_H
    if cursor & player:
        flipped |= line
    line = _ZERO
    cursor = move_bit << _SHIFT_8
    while cursor & opponent:
        line |= cursor
        cursor = cursor << _SHIFT_8
    if cursor & player:
        flipped |= line
    line = _ZERO
    cursor = move_bit >> _SHIFT_8
    while cursor & opponent:
        line |= cursor
        cursor = cursor >> _SHIFT_8
    if cursor & player:
        flipped |= line
    line = _ZERO
    cursor = (move_bit << _SHIFT_9) & _NOT_COLUMN_A
    while cursor & opponent:
        line |= cursor
        cursor = (cursor << _SHIFT_9) & _NOT_COLUMN_A
    if cursor & player:
        flipped |= line
    line = _ZERO
    cursor = (move_bit >> _SHIFT_9) & _NOT_COLUMN_H
    while cursor & opponent:
        line |= cursor
        cursor = (cursor >> _SHIFT_9) & _NOT_COLUMN_H
    if cursor & player:
        flipped |= line
    line = _ZERO
    cursor = (move_bit << _SHIFT_7) & _NOT_COLUMN_H
    while cursor & opponent:
        line |= cursor
        cursor = (cursor << _SHIFT_7) & _NOT_COLUMN_H
    if cursor & player:
        flipped |= line
    line = _ZERO
    cursor = (move_bit >> _SHIFT_7) & _NOT_COLUMN_A
    while cursor & opponent:
        line |= cursor
        cursor = (cursor >> _SHIFT_7) & _NOT_COLUMN_A
    if cursor & player:
        flipped |= line
    return flipped


@compiled()
def _perft(player: Word, opponent: Word, board_mask: Word, depth: int) -> int:
    moves = _legal_moves(player, opponent, board_mask)
    if moves == _ZERO:
        if _legal_moves(opponent, player, board_mask) == _ZERO:
            return 1
        if depth == 1:
            return 1
        return _perft(opponent, player, board_mask, depth - 1)
    if depth == 1:
        return _popcount(moves)
    total = 0
    while moves:
        move_bit = moves & (_ZERO - moves)
        moves ^= move_bit
        flipped = _flips(player, opponent, move_bit)
        total += _perft(opponent ^ flipped, player | flipped | move_bit, board_mask, depth - 1)
    return total


@compiled("uint64(uint64, uint64, uint64)")
def compiled_legal_moves(player: Word, opponent: Word, board_mask: Word) -> Word:
    """The squares where `player` may play, on the 8x8 layout restricted to `board_mask`."""
    return _legal_moves(player, opponent, board_mask)


@compiled("uint64(uint64, uint64, uint64)")
def compiled_flips(player: Word, opponent: Word, move_bit: Word) -> Word:
    """The opponent discs turned by playing `move_bit` on the 8x8 layout; zero if none."""
    return _flips(player, opponent, move_bit)


@compiled("int64(uint64, uint64, uint64, int64)")
def compiled_perft(player: Word, opponent: Word, board_mask: Word, depth: int) -> int:
    """Leaf count at `depth` plies (passes are plies, finished games are leaves); depth >= 1."""
    return _perft(player, opponent, board_mask, depth)


# The plain twin: Python integers, any size, bit `row * size + column`.


@functools.cache
def plain_shifts(size: int) -> tuple[tuple[int, int], ...]:
    """The eight neighbour steps of the plain layout of `size` as (shift, mask).

    A positive shift moves towards higher bits (left shift), a negative one towards lower bits;
    the mask, applied after the shift, drops squares that left the board or wrapped round a side.
    """
    full = (1 << (size * size)) - 1
    first_column = sum(1 << (row * size) for row in range(size))
    last_column = first_column << (size - 1)
    not_first = full & ~first_column
    not_last = full & ~last_column
    return (
        (1, not_first),
        (-1, not_last),
        (size, full),
        (-size, full),
        (size + 1, not_first),
        (-(size + 1), not_last),
        (size - 1, not_last),
        (-(size - 1), not_first),
    )


def plain_legal_moves(player: int, opponent: int, size: int) -> int:
    """The squares where `player` may play, on the plain layout of `size`."""
    empty = ~(player | opponent) & ((1 << (size * size)) - 1)
    moves = 0
    for shift, mask in plain_shifts(size):
        if shift > 0:
            run = (player << shift) & mask & opponent
            while run:
                step = (run << shift) & mask
                moves |= step & empty
                run = step & opponent
        else:
            back = -shift
            run = ((player >> back) & mask) & opponent
            while run:
                step = (run >> back) & mask
                moves |= step & empty
                run = step & opponent
    return moves


def plain_flips(player: int, opponent: int, move_bit: int, size: int) -> int:
    """The opponent discs turned by playing `move_bit` on the plain layout; zero if none."""
    flipped = 0
    for shift, mask in plain_shifts(size):
        line = 0
        if shift > 0:
            cursor = (move_bit << shift) & mask
            while cursor & opponent:
                line |= cursor
                cursor = (cursor << shift) & mask
        else:
            back = -shift
            cursor = (move_bit >> back) & mask
            while cursor & opponent:
                line |= cursor
                cursor = (cursor >> back) & mask
        if cursor & player:
            flipped |= line
    return flipped


def plain_perft(player: int, opponent: int, size: int, depth: int) -> int:
    """The plain twin of `compiled_perft`."""
    moves = plain_legal_moves(player, opponent, size)
    if not moves:
        if not plain_legal_moves(opponent, player, size) or depth == 1:
            return 1
        return plain_perft(opponent, player, size, depth - 1)
    if depth == 1:
        return moves.bit_count()
    total = 0
    while moves:
        move_bit = moves & -moves
        moves ^= move_bit
        flipped = plain_flips(player, opponent, move_bit, size)
        total += plain_perft(opponent ^ flipped, player | flipped | move_bit, size, depth - 1)
    return total


@dataclass(frozen=True, slots=True)
class Geometry:
    """One board size as the engine sees it: the layout stride, the existing squares, the kernels.

    `is_compiled` boards use the 8x8 layout and the compiled kernels; the others the plain twin.
    """

    size: int
    stride: int
    board_mask: int
    is_compiled: bool

    @classmethod
    def of(cls, size: int, *, compiled: bool | None = None) -> Geometry:
        """The geometry for `size`; `compiled=False` forces the plain twin (the tests compare)."""
        use_compiled = size <= COMPILED_MAX_SIZE if compiled is None else compiled
        if use_compiled and size > COMPILED_MAX_SIZE:
            raise ValueError(f"compiled kernels hold boards up to 8x8, not {size}x{size}")
        stride = 8 if use_compiled else size
        board_mask = 0
        for row in range(size):
            board_mask |= ((1 << size) - 1) << (row * stride)
        return cls(size, stride, board_mask, use_compiled)

    def bit(self, row: int, column: int) -> int:
        """The single-bit board of square (row, column) in the engine layout."""
        return 1 << (row * self.stride + column)

    def row_column(self, move_bit: int) -> tuple[int, int]:
        """The (row, column) of a single-bit board in the engine layout."""
        return divmod(move_bit.bit_length() - 1, self.stride)

    def to_engine(self, bits: int) -> int:
        """Convert a board from the rules' layout (stride `size`) to the engine layout."""
        if self.stride == self.size:
            return bits
        row_mask = (1 << self.size) - 1
        converted = 0
        for row in range(self.size):
            converted |= ((bits >> (row * self.size)) & row_mask) << (row * self.stride)
        return converted

    def from_engine(self, bits: int) -> int:
        """Convert a board from the engine layout back to the rules' layout."""
        if self.stride == self.size:
            return bits
        row_mask = (1 << self.size) - 1
        converted = 0
        for row in range(self.size):
            converted |= ((bits >> (row * self.stride)) & row_mask) << (row * self.size)
        return converted

    def legal_moves(self, player: int, opponent: int) -> int:
        """The squares where `player` may play (engine layout)."""
        if self.is_compiled:
            return int(compiled_legal_moves(player, opponent, self.board_mask))
        return plain_legal_moves(player, opponent, self.size)

    def flips(self, player: int, opponent: int, move_bit: int) -> int:
        """The opponent discs turned by playing `move_bit` (engine layout); zero if none."""
        if self.is_compiled:
            return int(compiled_flips(player, opponent, move_bit))
        return plain_flips(player, opponent, move_bit, self.size)

    def play(self, player: int, opponent: int, move_bit: int) -> tuple[int, int]:
        """The board after `player` plays `move_bit`, seen from the next side: (to move, other)."""
        flipped = self.flips(player, opponent, move_bit)
        return opponent ^ flipped, player | flipped | move_bit

    def perft(self, player: int, opponent: int, depth: int) -> int:
        """Leaf count at `depth` plies; passes are plies and finished games are leaves."""
        if depth <= 0:
            return 1
        if self.is_compiled:
            return int(compiled_perft(player, opponent, self.board_mask, depth))
        return plain_perft(player, opponent, self.size, depth)
