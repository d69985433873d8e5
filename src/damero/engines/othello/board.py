"""The bridge between the rules' positions and moves and the engine's own bitboard layout."""

from __future__ import annotations

import functools

from damero.engines.othello.kernel import Geometry
from damero.games.othello import PASS, Move, OthelloPosition


@functools.cache
def geometry_of(size: int) -> Geometry:
    """The engine geometry of a board size (compiled up to 8x8, plain for 10x10)."""
    return Geometry.of(size)


def engine_board(position: OthelloPosition) -> tuple[Geometry, int, int]:
    """The geometry and the (to move, other) boards of `position` in the engine layout."""
    geometry = geometry_of(position.size)
    return geometry, geometry.to_engine(position.player), geometry.to_engine(position.opponent)


def move_of(geometry: Geometry, move_bit: int) -> Move:
    """The rules' move for an engine-layout bit; 0 stands for a pass."""
    if move_bit == 0:
        return PASS
    row, column = geometry.row_column(move_bit)
    return Move(row, column)


def bit_of(geometry: Geometry, move: Move) -> int:
    """The engine-layout bit of a move; 0 for a pass."""
    if move == PASS:
        return 0
    return geometry.bit(move.row, move.column)
