"""The hand-set static estimate of an Othello position for the side to move, in hundredths of a disc.

The terms are the classic ones, weighted by the game phase (the share of the board covered):
mobility and few frontier discs early, corners and the edge discs anchored to them throughout,
the disc count itself only near the end.  A positive score favours the side to move.  Compiled
for every board size; the learned pattern evaluation replaces it on 8x8 unless asked for.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import types
from numba.extending import overload

from damero.engines.othello.bits import (
    Board,
    around,
    compiled,
    count,
    is_empty,
    legal_moves,
    orthogonal,
)
from damero.engines.othello.board import NARROW_STRIDE, Geometry, Shape

DISC = 100
"""One disc of final difference in evaluation units."""

_CORNER = 10 * DISC
_X_SQUARE = 5 * DISC
_C_SQUARE = 2 * DISC
_STABLE_EDGE = DISC
_MOBILITY = 3 * DISC // 2
_FRONTIER = DISC // 2


@compiled
def stable_discs(discs: Board, shape: Shape) -> Board:
    """Edge discs joined to an own corner by an unbroken own line along the edge: they never flip."""
    stable = discs & shape.corners
    edge_discs = discs & shape.edges
    while True:
        grown = stable | (orthogonal(stable) & edge_discs)
        if grown == stable:
            return stable
        stable = grown


def _line_ends(row_step: int, column_step: int, distance: int) -> tuple[np.uint64, np.uint64]:
    """The squares of the narrow layout with no square `distance` steps on along a direction,
    towards higher bits and towards lower ones."""
    ends = []
    for sign in (1, -1):
        squares = 0
        for row in range(NARROW_STRIDE):
            for column in range(NARROW_STRIDE):
                far_row = row + sign * distance * row_step
                far_column = column + sign * distance * column_step
                if not (0 <= far_row < NARROW_STRIDE and 0 <= far_column < NARROW_STRIDE):
                    squares |= 1 << (row * NARROW_STRIDE + column)
        ends.append(np.uint64(squares))
    return ends[0], ends[1]


def _direction(row_step: int, column_step: int) -> tuple[np.uint64, ...]:
    """A direction's step in bits, then its line ends within 1, 2 and 4 steps (towards higher
    bits, towards lower ones): what `_full_lines` needs."""
    return (
        np.uint64(row_step * NARROW_STRIDE + column_step),
        *_line_ends(row_step, column_step, 1),
        *_line_ends(row_step, column_step, 2),
        *_line_ends(row_step, column_step, 4),
    )


_ROWS = _direction(0, 1)
_COLUMNS = _direction(1, 0)
_DIAGONALS = _direction(1, 1)
_ANTI_DIAGONALS = _direction(1, -1)


@compiled
def _full_lines(filled: Board, direction: tuple[Board, ...]) -> Board:
    """The squares whose whole line along `direction` is filled: filled up to the line's end one
    way, and the other, found in three doubling steps (no line is longer than eight)."""
    step, higher_1, lower_1, higher_2, lower_2, higher_4, lower_4 = direction
    towards_higher = filled & (higher_1 | (filled >> step))
    towards_higher &= higher_2 | (towards_higher >> (step + step))
    towards_higher &= higher_4 | (towards_higher >> (step + step + step + step))
    towards_lower = filled & (lower_1 | (filled << step))
    towards_lower &= lower_2 | (towards_lower << (step + step))
    towards_lower &= lower_4 | (towards_lower << (step + step + step + step))
    return towards_higher & towards_lower


@compiled
def _line_ends_of(direction: tuple[Board, ...]) -> Board:
    """The squares with no next square along `direction`, either way."""
    return direction[1] | direction[2]


@compiled
def _next_to(settled: Board, direction: tuple[Board, ...]) -> Board:
    """The squares next to a settled square along `direction`, either way."""
    step = direction[0]
    return (settled >> step) | (settled << step)


@compiled
def _narrow_settled(player: Board, opponent: Board, shape: Shape) -> Board:
    """Edax's stability: a disc is settled when along each of its four lines it cannot be
    bracketed: the line is full, or the disc sits on the board's edge across it, or next to a
    settled disc of its own on it.  Squares off a smaller board count as filled, so full lines
    are the board's own; across rows and columns its edges are wall only where the layout's
    are (sound, if weaker)."""
    filled = player | opponent | ~shape.board
    across_rows = _full_lines(filled, _ROWS) | _line_ends_of(_ROWS)
    across_columns = _full_lines(filled, _COLUMNS) | _line_ends_of(_COLUMNS)
    across_diagonals = _full_lines(filled, _DIAGONALS) | shape.edges
    across_anti_diagonals = _full_lines(filled, _ANTI_DIAGONALS) | shape.edges
    settled = player & ~player
    while True:
        grown = settled | (
            player
            & (across_rows | _next_to(settled, _ROWS))
            & (across_columns | _next_to(settled, _COLUMNS))
            & (across_diagonals | _next_to(settled, _DIAGONALS))
            & (across_anti_diagonals | _next_to(settled, _ANTI_DIAGONALS))
        )
        if grown == settled:
            return settled
        settled = grown


def settled_discs(player: Board, opponent: Board, shape: Shape) -> Board:
    """`player`'s discs that no sequence of moves can turn: Edax's full-line stability on narrow
    boards, the corner-anchored edge discs on the wide one."""
    raise NotImplementedError("compiled code only")


@overload(settled_discs, strict=False)
def _settled_discs(player: Any, opponent: Any, shape: Any) -> Any:
    if isinstance(player, types.Integer):
        return lambda player, opponent, shape: _narrow_settled(player, opponent, shape)
    return lambda player, opponent, shape: stable_discs(player, shape)


@compiled
def hand_evaluation(player: Board, opponent: Board, shape: Shape) -> int:
    """Estimated final disc difference for the side to move, in hundredths of a disc."""
    occupied = player | opponent
    empty = shape.board & ~occupied
    filled = count(occupied)
    # Phase in hundredths: 0 at an empty board, 100 at a full one.
    phase = 100 * filled // count(shape.board)
    score = _CORNER * (count(player & shape.corners) - count(opponent & shape.corners))
    empty_corners = empty & shape.corners
    if not is_empty(empty_corners):
        # X- and C-squares next to an empty corner give it away.
        near = around(empty_corners)
        x_squares = near & shape.x_squares
        c_squares = near & shape.c_squares
        score -= _X_SQUARE * (count(player & x_squares) - count(opponent & x_squares))
        score -= _C_SQUARE * (count(player & c_squares) - count(opponent & c_squares))
    score += _STABLE_EDGE * (
        count(stable_discs(player, shape)) - count(stable_discs(opponent, shape))
    )
    player_moves = count(legal_moves(player, opponent, shape.board))
    opponent_moves = count(legal_moves(opponent, player, shape.board))
    score += _MOBILITY * (player_moves - opponent_moves) * (130 - phase) // 100
    frontier = around(empty)
    score -= (
        _FRONTIER * (count(player & frontier) - count(opponent & frontier)) * (120 - phase) // 100
    )
    score += DISC * (count(player) - count(opponent)) * phase * phase // 10000
    return score


def evaluate(geometry: Geometry, player: int, opponent: int) -> int:
    """`hand_evaluation` of engine-layout boards, from Python."""
    return int(hand_evaluation(geometry.board(player), geometry.board(opponent), geometry.shape))


@compiled
def _settled_board(player: Board, opponent: Board, shape: Shape) -> Board:
    return settled_discs(player, opponent, shape)


def settled(geometry: Geometry, player: int, opponent: int) -> int:
    """`settled_discs` of engine-layout boards, from Python."""
    board = _settled_board(geometry.board(player), geometry.board(opponent), geometry.shape)
    return geometry.integer(board)
