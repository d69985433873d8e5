"""The hand-set static estimate of an Othello position for the side to move, in hundredths of a disc.

The terms are the classic ones, weighted by the game phase (the share of the board covered):
mobility and few frontier discs early, corners and the edge discs anchored to them throughout,
the disc count itself only near the end.  A positive score favours the side to move.  Compiled
for every board size; the learned pattern evaluation replaces it on 8x8 unless asked for.
"""

from __future__ import annotations

from damero.engines.othello.bits import (
    Board,
    around,
    compiled,
    count,
    is_empty,
    legal_moves,
    orthogonal,
)
from damero.engines.othello.board import Geometry, Shape

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
