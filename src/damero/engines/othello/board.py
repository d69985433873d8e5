"""The bridge between the rules' positions and moves and the engine's compiled layouts.

Python code in the engine holds boards as integers in the engine layout (see `bits`); a
`Geometry` turns them into the compiled arguments and back, and knows the square sets of its size.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from damero.engines.othello import bits
from damero.rules.othello import PASS, Move, OthelloPosition

NARROW_STRIDE = 8

_CHUNK_BITS = 8
_CHUNK_MASK = (1 << _CHUNK_BITS) - 1


class Shape(NamedTuple):
    """The square sets of one board size as compiled boards, handed to the compiled code."""

    board: Any
    corners: Any
    x_squares: Any
    """Diagonal neighbours of the corners."""
    c_squares: Any
    """Edge neighbours of the corners."""
    edges: Any
    quadrants: tuple[Any, Any, Any, Any]


@dataclass(frozen=True)
class Geometry:
    """One board size as the engine sees it: its layout and its square sets."""

    size: int
    is_wide: bool

    @property
    def stride(self) -> int:
        return self.size if self.is_wide else NARROW_STRIDE

    def bit(self, row: int, column: int) -> int:
        """The single-bit board of square (row, column) in the engine layout."""
        return 1 << (row * self.stride + column)

    def row_column(self, index: int) -> tuple[int, int]:
        """The (row, column) of bit number `index` in the engine layout."""
        return divmod(index, self.stride)

    def images(self, bits_: int) -> list[int]:
        """A board under each of the square's eight symmetries, itself first."""
        images = [0] * 8
        for chunk_images in self._chunk_images:
            for index, image in enumerate(chunk_images[bits_ & _CHUNK_MASK]):
                images[index] |= image
            bits_ >>= _CHUNK_BITS
        return images

    @functools.cached_property
    def _chunk_images(self) -> list[list[tuple[int, ...]]]:
        """For each chunk of `_CHUNK_BITS` squares of the layout, the eight images of every value
        it can hold: a board's images are then a few lookups, not a loop over its squares."""
        square_images = [self._square_images(index) for index in range(self.stride * self.size)]
        chunks = []
        for low in range(0, len(square_images), _CHUNK_BITS):
            table: list[tuple[int, ...]] = [(0,) * 8]
            for value in range(1, 1 << _CHUNK_BITS):
                lowest = low + (value & -value).bit_length() - 1
                images = square_images[lowest] if lowest < len(square_images) else (0,) * 8
                rest = table[value & (value - 1)]
                table.append(tuple(a | b for a, b in zip(rest, images, strict=True)))
            chunks.append(table)
        return chunks

    def _square_images(self, index: int) -> tuple[int, ...]:
        """The eight images of the square of bit number `index`; none for a bit off the board."""
        row, column = self.row_column(index)
        last = self.size - 1
        if column > last:
            return (0,) * 8
        return tuple(
            self.bit(image_row, image_column)
            for image_row, image_column in (
                (row, column),
                (column, row),
                (row, last - column),
                (last - column, row),
                (last - row, column),
                (column, last - row),
                (last - row, last - column),
                (last - column, last - row),
            )
        )

    def squares(self, cells: list[tuple[int, int]]) -> int:
        return sum(self.bit(row, column) for row, column in set(cells))

    @functools.cached_property
    def board_mask(self) -> int:
        """Every square of the board, in the engine layout."""
        return self.squares(
            [(row, column) for row in range(self.size) for column in range(self.size)]
        )

    @functools.cached_property
    def shape(self) -> Shape:
        last = self.size - 1
        half = self.size // 2
        corners, x_squares, c_squares = [], [], []
        for row, column, row_step, column_step in (
            (0, 0, 1, 1),
            (0, last, 1, -1),
            (last, 0, -1, 1),
            (last, last, -1, -1),
        ):
            corners.append((row, column))
            x_squares.append((row + row_step, column + column_step))
            c_squares += [(row + row_step, column), (row, column + column_step)]
        edges = [
            (row, column)
            for row in range(self.size)
            for column in range(self.size)
            if row in (0, last) or column in (0, last)
        ]
        quadrants = tuple(
            self.board(
                self.squares(
                    [
                        (row, column)
                        for row in range(top, top + half)
                        for column in range(left, left + half)
                    ]
                )
            )
            for top in (0, half)
            for left in (0, half)
        )
        return Shape(
            self.board(self.board_mask),
            self.board(self.squares(corners)),
            self.board(self.squares(x_squares)),
            self.board(self.squares(c_squares)),
            self.board(self.squares(edges)),
            (quadrants[0], quadrants[1], quadrants[2], quadrants[3]),
        )

    def board(self, bits_: int) -> Any:
        """The compiled argument of an engine-layout board."""
        return bits.split(bits_) if self.is_wide else np.uint64(bits_)

    def integer(self, board: Any) -> int:
        """The engine-layout integer of a compiled board."""
        return bits.join(board) if self.is_wide else int(board)

    def to_engine(self, rules_bits: int) -> int:
        """Convert a board from the rules' layout (stride `size`) to the engine layout."""
        return self._restride(rules_bits, self.size, self.stride)

    def from_engine(self, engine_bits: int) -> int:
        """Convert a board from the engine layout back to the rules' layout."""
        return self._restride(engine_bits, self.stride, self.size)

    def _restride(self, value: int, source: int, target: int) -> int:
        if source == target:
            return value
        row_mask = (1 << self.size) - 1
        converted = 0
        for row in range(self.size):
            converted |= ((value >> (row * source)) & row_mask) << (row * target)
        return converted

    def legal_moves(self, player: int, opponent: int) -> int:
        """The squares where `player` may play (engine layout)."""
        return self.integer(
            bits.placements(self.board(player), self.board(opponent), self.shape.board)
        )

    def play(self, player: int, opponent: int, move_bit: int) -> tuple[int, int]:
        """The board after `player` plays `move_bit`, seen from the next side: (to move, other)."""
        next_player, next_opponent = bits.play(
            self.board(player), self.board(opponent), self.board(move_bit)
        )
        return self.integer(next_player), self.integer(next_opponent)

    def empties(self, player: int, opponent: int) -> int:
        return (self.board_mask & ~(player | opponent)).bit_count()


@functools.cache
def geometry_of(size: int) -> Geometry:
    """The engine geometry of a board size."""
    return Geometry(size, is_wide=size > NARROW_STRIDE)


def engine_board(position: OthelloPosition) -> tuple[Geometry, int, int]:
    """The geometry and the (to move, other) boards of `position` in the engine layout."""
    geometry = geometry_of(position.size)
    return geometry, geometry.to_engine(position.player), geometry.to_engine(position.opponent)


def move_of(geometry: Geometry, move_bit: int) -> Move:
    """The rules' move for an engine-layout bit; 0 stands for a pass."""
    if move_bit == 0:
        return PASS
    row, column = geometry.row_column(move_bit.bit_length() - 1)
    return Move(row, column)


def move_at(geometry: Geometry, index: int) -> Move:
    """The rules' move for an engine-layout bit number; a negative one stands for a pass."""
    if index < 0:
        return PASS
    return Move(*geometry.row_column(index))


def bit_of(geometry: Geometry, move: Move) -> int:
    """The engine-layout bit of a move; 0 for a pass."""
    if move == PASS:
        return 0
    return geometry.bit(move.row, move.column)
