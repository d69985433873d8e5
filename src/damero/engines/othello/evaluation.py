"""A static estimate of an Othello position for the side to move, in hundredths of a disc.

The terms are the classic ones, weighted by the game phase (the share of the board covered):
mobility and few frontier discs early, corners and the edge discs anchored to them throughout,
the disc count itself only near the end.  A positive score favours the side to move.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from damero.engines.othello.kernel import Geometry

DISC = 100
"""One disc of final difference in evaluation units."""

_CORNER = 10 * DISC
_X_SQUARE = 5 * DISC
_C_SQUARE = 2 * DISC
_STABLE_EDGE = DISC
_MOBILITY = 3 * DISC // 2
_FRONTIER = DISC // 2


@dataclass(frozen=True, slots=True)
class _Regions:
    """Square sets of one geometry the evaluation looks at."""

    squares: int
    corners: int
    # Per corner: its bit, its diagonal neighbour (the X-square), its edge neighbours (C-squares)
    # and the two edge lines walking away from it.
    corner_groups: tuple[tuple[int, int, int, tuple[tuple[int, ...], tuple[int, ...]]], ...]
    neighbour_steps: tuple[tuple[int, int], ...]


@functools.cache
def _regions(geometry: Geometry) -> _Regions:
    size = geometry.size
    last = size - 1
    groups = []
    corners = 0
    for row, column, row_step, column_step in (
        (0, 0, 1, 1),
        (0, last, 1, -1),
        (last, 0, -1, 1),
        (last, last, -1, -1),
    ):
        corner = geometry.bit(row, column)
        corners |= corner
        x_square = geometry.bit(row + row_step, column + column_step)
        c_squares = geometry.bit(row + row_step, column) | geometry.bit(row, column + column_step)
        along_row = tuple(geometry.bit(row, column + column_step * k) for k in range(size))
        along_column = tuple(geometry.bit(row + row_step * k, column) for k in range(size))
        groups.append((corner, x_square, c_squares, (along_row, along_column)))
    board = geometry.board_mask
    stride = geometry.stride
    # A step east off the last column wraps onto column 0 of the next row, a step west off
    # column 0 onto the layout's last column: the masks drop those (and missing squares).
    first_column = 0
    last_column = 0
    for row in range(size):
        first_column |= 1 << (row * stride)
        last_column |= 1 << (row * stride + stride - 1)
    east = board & ~first_column
    west = board & ~last_column
    steps = (
        (1, east),
        (-1, west),
        (stride, board),
        (-stride, board),
        (stride + 1, east),
        (-(stride + 1), west),
        (stride - 1, west),
        (-(stride - 1), east),
    )
    return _Regions(size * size, corners, tuple(groups), steps)


def _neighbours(bits: int, steps: tuple[tuple[int, int], ...]) -> int:
    around = 0
    for shift, mask in steps:
        around |= ((bits << shift) if shift > 0 else (bits >> -shift)) & mask
    return around


def _anchored_edge_discs(discs: int, regions: _Regions) -> int:
    """Edge discs joined to an own corner by an unbroken own line: they can never flip."""
    anchored = 0
    for corner, _, _, lines in regions.corner_groups:
        if not discs & corner:
            continue
        for line in lines:
            for square in line:
                if not discs & square:
                    break
                anchored |= square
    return anchored.bit_count()


def evaluate(geometry: Geometry, player: int, opponent: int) -> int:
    """Estimated final disc difference for the side to move, in hundredths of a disc."""
    regions = _regions(geometry)
    occupied = player | opponent
    empty = geometry.board_mask & ~occupied
    filled = occupied.bit_count()
    # Phase in hundredths: 0 at an empty board, 100 at a full one.
    phase = 100 * filled // regions.squares
    score = _CORNER * (
        (player & regions.corners).bit_count() - (opponent & regions.corners).bit_count()
    )
    for corner, x_square, c_squares, _ in regions.corner_groups:
        if empty & corner:
            score -= _X_SQUARE * (
                (player & x_square).bit_count() - (opponent & x_square).bit_count()
            )
            score -= _C_SQUARE * (
                (player & c_squares).bit_count() - (opponent & c_squares).bit_count()
            )
    score += _STABLE_EDGE * (
        _anchored_edge_discs(player, regions) - _anchored_edge_discs(opponent, regions)
    )
    player_moves = geometry.legal_moves(player, opponent).bit_count()
    opponent_moves = geometry.legal_moves(opponent, player).bit_count()
    score += _MOBILITY * (player_moves - opponent_moves) * (130 - phase) // 100
    frontier = _neighbours(empty, regions.neighbour_steps)
    score -= (
        _FRONTIER
        * ((player & frontier).bit_count() - (opponent & frontier).bit_count())
        * (120 - phase)
        // 100
    )
    score += DISC * (player.bit_count() - opponent.bit_count()) * phase * phase // 10000
    return score
