"""The learned evaluation kept up to date as moves are made and taken back, for the search.

`patterns.pattern_score` reads every pattern instance afresh from the boards.  Here each
instance's weight index is kept in a small array (the *features*) and changed by the squares a
move touches: for the placed disc and each flipped one, a row of the powers of 3 its digit has in
every instance (zero in the instances not through it, about nine in ten) is added.  A leaf then only sums the weights its indices name, as Edax does.  The indices are kept
for one fixed colour (digit 1 the colour to move at the root, 2 the other), and the last entry
says which colour is to move; a leaf where the other colour is to move reads the weights with
the digits 1 and 2 swapped, stored after the usual ones (`both_weights`).  With float16-rounded
weights (the shipped ones) the sum is exactly `pattern_score`'s.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import types
from numba.extending import overload

from damero.engines.othello.bits import Board, compiled, index_of, lowest
from damero.engines.othello.patterns import (
    CONSTANT,
    INSTANCES,
    PATTERN_OFFSETS,
    STAGE_EMPTIES,
    STAGES,
    feature_rows,
    load_weights,
)

COLOUR = len(INSTANCES)
"""features[COLOUR]: 0 when the side to move owns the digits 1, 1 when it owns the 2s."""

FEATURES_SIZE = COLOUR + 1

NO_FEATURES = np.zeros(0, dtype=np.int32)
"""What a search passes instead when it reads the evaluation afresh (other sizes, hand-set)."""


def _powers_by_square() -> npt.NDArray[np.int32]:
    """[square, instance]: the power of 3 of the square's digit in the instance, 0 if not in it.
    A whole row is added at once, which the compiler turns into a few vector additions."""
    powers = np.zeros((64, COLOUR), dtype=np.int32)
    for number, (_, _, squares) in enumerate(INSTANCES):
        for place, square in enumerate(squares):
            powers[square, number] = 3 ** (len(squares) - 1 - place)
    return powers


_POWERS = _powers_by_square()


def features_of(player: int, opponent: int) -> npt.NDArray[np.int32]:
    """The features of an 8x8 position (engine layout, side to move first), side to move 0."""
    features = np.empty(FEATURES_SIZE, dtype=np.int32)
    features[:COLOUR] = feature_rows([(player, opponent)])[0, :COLOUR]
    features[COLOUR] = 0
    return features


def _swapped_digits(weights: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """The weights with every pattern index's digits 1 and 2 traded: the other side's view."""
    swapped = weights.copy()
    for pattern in range(len(PATTERN_OFFSETS) - 1):
        start, end = PATTERN_OFFSETS[pattern], PATTERN_OFFSETS[pattern + 1]
        length = round(np.log(end - start) / np.log(3))
        indices = np.arange(end - start)
        traded = np.zeros_like(indices)
        for place in range(length):
            digit = indices // 3**place % 3
            traded += np.where(digit == 0, 0, 3 - digit) * 3**place
        swapped[:, start + traded] = weights[:, start:end]
    return swapped


def with_swapped(weights: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """`weights` (STAGES rows) followed by their swapped-digit rows: what `score` reads.  The
    first STAGES rows stay as they were, so `pattern_score` reads the result as it reads them."""
    return np.ascontiguousarray(np.concatenate([weights, _swapped_digits(weights)]))


@functools.cache
def both_weights() -> npt.NDArray[np.float32]:
    """`with_swapped` of the shipped weights, made once per process."""
    return with_swapped(load_weights())


@compiled
def _touch(features: npt.NDArray[np.int32], squares: Any, digit_change: int) -> None:
    """Adds `digit_change` to the digit of each of `squares` in every instance through it."""
    change = np.int32(digit_change)
    while squares:
        square_bit = lowest(squares)
        squares ^= square_bit
        square = index_of(square_bit)
        for number in range(COLOUR):
            features[number] += change * _POWERS[square, number]


@compiled
def _make_move(
    features: npt.NDArray[np.int32], player: Board, move_bit: Board, next_opponent: Board
) -> None:
    colour = features[COLOUR]
    # The mover's digit is 1 + colour; a flipped disc goes from the other digit to it.
    _touch(features, move_bit, 1 + colour)
    _touch(features, next_opponent ^ player ^ move_bit, 2 * colour - 1)
    features[COLOUR] = 1 - colour


@compiled
def _take_back(
    features: npt.NDArray[np.int32], player: Board, move_bit: Board, next_opponent: Board
) -> None:
    colour = 1 - features[COLOUR]
    features[COLOUR] = colour
    _touch(features, move_bit, -1 - colour)
    _touch(features, next_opponent ^ player ^ move_bit, 1 - 2 * colour)


def make_move(features: Any, player: Board, move_bit: Board, next_opponent: Board) -> None:
    """Updates `features` for the side to move (owning `player`) playing `move_bit`, which left
    it `next_opponent` (its discs after the move).  Does nothing to features of no length, nor on
    boards wider than one word (10x10), which read the evaluation afresh."""
    if isinstance(player, (int, np.integer)) and features.shape[0] > 0:
        _make_move(features, *(np.uint64(board) for board in (player, move_bit, next_opponent)))


def take_back(features: Any, player: Board, move_bit: Board, next_opponent: Board) -> None:
    """Undoes `make_move` with the same arguments."""
    if isinstance(player, (int, np.integer)) and features.shape[0] > 0:
        _take_back(features, *(np.uint64(board) for board in (player, move_bit, next_opponent)))


def _narrow_only(update: Any) -> Any:
    """The compiled twin of `make_move` or `take_back` (`update` the compiled change): the same
    choice, made once per board type as the search is compiled."""

    def chosen(features: Any, player: Any, move_bit: Any, next_opponent: Any) -> Any:
        if isinstance(player, types.Integer):

            def narrow(
                features: npt.NDArray[np.int32],
                player: Board,
                move_bit: Board,
                next_opponent: Board,
            ) -> None:
                if features.shape[0] > 0:
                    update(features, player, move_bit, next_opponent)

            return narrow
        return lambda features, player, move_bit, next_opponent: None

    return chosen


overload(make_move, strict=False)(_narrow_only(_make_move))
overload(take_back, strict=False)(_narrow_only(_take_back))


@compiled
def pass_turn(features: npt.NDArray[np.int32]) -> None:
    """The other side to move, nothing played (its own undo)."""
    if features.shape[0] > 0:
        features[COLOUR] = 1 - features[COLOUR]


@compiled
def score(features: npt.NDArray[np.int32], empties: int, weights: npt.NDArray[np.float32]) -> float:
    """The learned estimate for the side to move, in discs: `pattern_score` of the position the
    features describe, with `weights` from `with_swapped`."""
    stage = min(empties // STAGE_EMPTIES, STAGES - 1)
    row = weights[features[COLOUR] * STAGES + stage]
    # In float64, as `pattern_score` adds (numba's float() of a float32 stays float32).
    total = np.float64(row[CONSTANT])
    for number in range(COLOUR):
        total += np.float64(row[features[number]])
    return total
