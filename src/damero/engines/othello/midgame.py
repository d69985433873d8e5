"""Othello's compiled game-tree search: negamax with alpha-beta, principal variation windows,
a transposition table, move ordering and probable cut-offs, over the evaluation.

The search module drives it a depth at a time; the exact solver borrows it for the shallow
searches that guess at its windows.  Probable cut-offs (Buro's ProbCut): a null window that a
much shallower search clears by a wide margin is taken as decided, since the deeper search agrees
nearly every time; how wide is measured (`benchmarks/othello_probcut.py`), and how sure to be is
the caller's (`CUT_MARGIN`: none, and every result is proven).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from damero.engines.othello import incremental
from damero.engines.othello.bits import (
    Board,
    borrowed,
    compiled,
    count,
    final_score,
    index_of,
    is_empty,
    legal_moves,
    lowest,
    play,
    square_in,
)
from damero.engines.othello.board import Geometry, Shape
from damero.engines.othello.control import (
    CUT_MARGIN,
    ESTIMATES,
    NODES,
    STOPPED,
    new_control,
    out_of_budget,
)
from damero.engines.othello.evaluation import DISC
from damero.engines.othello.incremental import NO_FEATURES, make_move, pass_turn, take_back
from damero.engines.othello.parallel import DEFERRABLE, busy_entry
from damero.engines.othello.scoring import evaluate
from damero.engines.othello.table import (
    NO_MOVE,
    Table,
    bounds,
    entry_depth,
    entry_estimated,
    entry_lower,
    entry_move,
    entry_upper,
    find,
    home_slot,
    insert_by_key,
    store,
)

WIN = 1_000_000
"""Offset of the score of a finished game (in evaluation units) above any estimate."""


_SHALLOW_ORDER_DEPTH = 5
"""From this depth up, moves are ordered by a search two plies shallower than the node's."""

_SHARE_DEPTH = 3
"""From this depth up, the threads of a parallel search put off moves another is on."""

ALONE = np.zeros(1, dtype=np.int8)
"""The busy table of a search on one thread: one entry, so nothing is ever put off."""

_CUT_DEPTH = 3
"""From this depth up, a null window may be decided by a shallower search (probable cut-offs)."""

CUT_MARGIN_DEFAULT = 150
"""The search's probable cut-offs need the shallow search past the window by 1.5 standard
errors: 88% of shallow scores lie within that of the deep one, so a cut is wrong about one time
in sixteen, and then mostly by little (`benchmarks/othello_probcut.py`)."""

_ERROR_LEARNED = (747.4, -12.44, 48.58, -82.94)
_ERROR_HAND_SET = (563.5, -7.22, 69.70, -101.89)
"""The standard error (hundredths of a disc) of a shallow search's score as a guess at a deeper
one's, as constant + per empty square + per ply of depth + per ply of the shallow search's
depth: fitted by `benchmarks/othello_probcut.py` on 8x8 games for the learned evaluation, on
6x6, 8x8 and 10x10 games for the hand-set one."""


@compiled
def _final_value(player: Board, opponent: Board, shape: Shape) -> int:
    score = final_score(player, opponent, count(shape.board & ~(player | opponent)))
    if score > 0:
        return WIN + score * DISC
    if score < 0:
        return -WIN + score * DISC
    return 0


@compiled
def reduced_depth(depth: int) -> int:
    """The shallow search that stands for one of `depth`: a quarter as deep, twice over, and of
    the same parity, since the evaluation leans towards the side to move at the leaves."""
    reduced = 2 * (depth // 4) + (depth & 1)
    return reduced if reduced > 0 else depth - 2


@compiled
def shallow_error(empties: int, depth: int, reduced: int, learned: bool) -> float:
    """The standard error of a search at `reduced` plies as a guess at one at `depth`."""
    error = _ERROR_LEARNED if learned else _ERROR_HAND_SET
    # Never below a disc, where the straight line would run on the widest boards.
    return max(DISC, error[0] + error[1] * empties + error[2] * depth + error[3] * reduced)


@compiled
def negamax(
    player: Board,
    opponent: Board,
    shape: Shape,
    depth: int,
    alpha: int,
    beta: int,
    table: Table,
    control: npt.NDArray[np.int64],
    weights: Any,
    busy: npt.NDArray[np.int8],
    features: npt.NDArray[np.int32],
) -> int:
    """Fail-soft alpha-beta: a score <= alpha is an upper bound, >= beta a lower bound."""
    if out_of_budget(control):
        return 0
    moves = legal_moves(player, opponent, shape.board)
    if is_empty(moves):
        if is_empty(legal_moves(opponent, player, shape.board)):
            return _final_value(player, opponent, shape)
        pass_turn(features)
        score = -negamax(
            opponent, player, shape, depth, -beta, -alpha, table, control, weights, busy, features
        )
        pass_turn(features)
        return score
    if depth <= 0:
        control[ESTIMATES] += 1
        if features.shape[0] > 0:
            empties = count(shape.board & ~(player | opponent))
            return int(np.rint(incremental.score(features, empties, weights) * DISC))
        return evaluate(player, opponent, shape, weights)
    home = home_slot(table, player, opponent)
    slot, entry = find(table, player, opponent, home)
    estimates_before = control[ESTIMATES]
    table_move = NO_MOVE
    if slot >= 0:
        table_move = entry_move(entry)
        if entry_depth(entry) >= depth:
            lower = entry_lower(entry)
            upper = entry_upper(entry)
            estimated = 1 if entry_estimated(entry) else 0
            if lower >= beta or lower == upper:
                control[ESTIMATES] += estimated
                return lower
            if upper <= alpha:
                control[ESTIMATES] += estimated
                return upper
            control[ESTIMATES] += estimated
            alpha = max(alpha, lower)
            beta = min(beta, upper)
    empties = count(shape.board & ~(player | opponent))
    if (
        control[CUT_MARGIN] > 0
        and _CUT_DEPTH <= depth < empties
        and beta - alpha == 1
        and -WIN // 2 < alpha < WIN // 2
    ):
        # Probable cut-offs: a shallow search far enough past a null window decides it, as
        # the deep one would most times.  The result is an estimate, however few the leaves;
        # a search that reaches the end of the game makes none, so that it can be exact.
        reduced = reduced_depth(depth)
        margin = int(
            control[CUT_MARGIN]
            * shallow_error(empties, depth, reduced, weights.shape[0] > 0)
            / 100.0
        )
        estimates = control[ESTIMATES]
        bound = beta + margin
        if bound < WIN // 2:
            score = negamax(
                player,
                opponent,
                shape,
                reduced,
                bound - 1,
                bound,
                table,
                control,
                weights,
                busy,
                features,
            )
            if score >= bound:
                control[ESTIMATES] = estimates + 1
                return beta
        bound = alpha - margin
        if bound > -WIN // 2:
            score = negamax(
                player,
                opponent,
                shape,
                reduced,
                bound,
                bound + 1,
                table,
                control,
                weights,
                busy,
                features,
            )
            if score <= bound:
                control[ESTIMATES] = estimates + 1
                return alpha
        control[ESTIMATES] = estimates
    original_alpha = alpha

    count_moves = count(moves)
    move_squares = np.empty(count_moves, dtype=np.int64)
    keys = np.empty(count_moves, dtype=np.int64)
    filled = 0
    remaining = moves
    while not is_empty(remaining):
        move_bit = lowest(remaining)
        remaining ^= move_bit
        square = index_of(move_bit)
        if square == table_move:
            key = -10 * WIN
        elif depth >= 2:
            next_player, next_opponent = play(player, opponent, move_bit)
            if depth >= _SHALLOW_ORDER_DEPTH:
                # A shallower search orders better than any static key; what it estimates says
                # nothing about this node's exactness.
                estimates = control[ESTIMATES]
                make_move(features, player, move_bit, next_opponent)
                key = negamax(
                    next_player,
                    next_opponent,
                    shape,
                    depth - 3,
                    -2 * WIN,
                    2 * WIN,
                    table,
                    control,
                    weights,
                    busy,
                    features,
                )
                take_back(features, player, move_bit, next_opponent)
                control[ESTIMATES] = estimates
            else:
                # Fastest first: the reply leaving the opponent least mobility, corners weighing
                # double.
                replies = legal_moves(next_player, next_opponent, shape.board)
                key = count(replies) + count(replies & shape.corners)
        else:
            key = -1 if not is_empty(move_bit & shape.corners) else 0
        insert_by_key(keys, move_squares, filled, key, square)
        filled += 1
    if control[STOPPED]:
        return 0

    best = -2 * WIN
    best_move = NO_MOVE
    sharing = busy.shape[0] > 1 and depth >= _SHARE_DEPTH
    deferred = 0
    searched = 0
    for sweep in range(2):
        for index in range(count_moves):
            if sweep == 1 and not (deferred >> index) & 1:
                continue
            move_bit = square_in(moves, move_squares[index])
            next_player, next_opponent = play(player, opponent, move_bit)
            busy_key = -1
            if sharing and 0 < index < DEFERRABLE:
                # ABDADA, as in the solver: a move another thread is on waits for the second sweep.
                busy_key = busy_entry(busy, home_slot(table, next_player, next_opponent))
                if sweep == 0 and busy[busy_key] != 0:
                    deferred |= 1 << index
                    continue
                busy[busy_key] = 1
            make_move(features, player, move_bit, next_opponent)
            score = -negamax(
                next_player,
                next_opponent,
                shape,
                depth - 1,
                -beta if searched == 0 else -alpha - 1,
                -alpha,
                table,
                control,
                weights,
                busy,
                features,
            )
            if searched > 0 and alpha < score < beta:
                score = -negamax(
                    next_player,
                    next_opponent,
                    shape,
                    depth - 1,
                    -beta,
                    -score,
                    table,
                    control,
                    weights,
                    busy,
                    features,
                )
            take_back(features, player, move_bit, next_opponent)
            if busy_key >= 0:
                busy[busy_key] = 0
            searched += 1
            if control[STOPPED]:
                return 0
            if score > best:
                best = score
                best_move = move_squares[index]
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if alpha >= beta or deferred == 0:
            break
    lower, upper = bounds(best, original_alpha, beta, 2 * WIN)
    estimated = control[ESTIMATES] > estimates_before
    store(table, slot, home, player, opponent, depth, lower, upper, best_move, estimated)
    return best


@compiled
def search_root(
    player: Board,
    opponent: Board,
    shape: Shape,
    depth: int,
    squares: npt.NDArray[np.int64],
    scores: npt.NDArray[np.int64],
    every_move_exactly: bool,
    table: Table,
    control: npt.NDArray[np.int64],
    weights: Any,
    busy: npt.NDArray[np.int8],
    features: npt.NDArray[np.int32],
) -> None:
    """Scores each root move of `squares`, in that order, into `scores`.

    The best is exact and the others upper bounds (principal variation windows), unless
    `every_move_exactly` gives every move a full window.  With other threads (`busy` has more
    than one entry), a move another thread is on is put off to the end.
    """
    # The arrays go down the recursion without reference counts (see `bits.borrowed`).
    table = Table(borrowed(table.slots), table.shift)
    control, weights, busy = borrowed(control), borrowed(weights), borrowed(busy)
    features = borrowed(features)
    moves = legal_moves(player, opponent, shape.board)
    control[NODES] += 1
    alpha = -2 * WIN
    beta = 2 * WIN
    sharing = busy.shape[0] > 1
    deferred = 0
    searched = 0
    for sweep in range(2):
        for index in range(squares.shape[0]):
            if sweep == 1 and not (deferred >> index) & 1:
                continue
            move_bit = square_in(moves, squares[index])
            next_player, next_opponent = play(player, opponent, move_bit)
            busy_key = -1
            if sharing and 0 < index < DEFERRABLE:
                busy_key = busy_entry(busy, home_slot(table, next_player, next_opponent))
                if sweep == 0 and busy[busy_key] != 0:
                    deferred |= 1 << index
                    continue
                busy[busy_key] = 1
            make_move(features, player, move_bit, next_opponent)
            full_window = searched == 0 or every_move_exactly
            score = -negamax(
                next_player,
                next_opponent,
                shape,
                depth - 1,
                -beta if full_window else -alpha - 1,
                -alpha,
                table,
                control,
                weights,
                busy,
                features,
            )
            if not full_window and score > alpha:
                score = -negamax(
                    next_player,
                    next_opponent,
                    shape,
                    depth - 1,
                    -beta,
                    -score,
                    table,
                    control,
                    weights,
                    busy,
                    features,
                )
            take_back(features, player, move_bit, next_opponent)
            if busy_key >= 0:
                busy[busy_key] = 0
            searched += 1
            if control[STOPPED]:
                return
            scores[index] = score
            if not every_move_exactly:
                alpha = max(alpha, score)
        if deferred == 0:
            break


_GUESS_TABLE_BITS = 16


def depth_scores(
    geometry: Geometry, player: int, opponent: int, depth: int, weights: Any
) -> list[int]:
    """The full search's scores (evaluation units) at depths 0 to `depth`, each depth ordered by
    the table the last one left: the solver's first guess, and the cut-offs' measurements."""
    table = Table.create(_GUESS_TABLE_BITS)
    control = new_control(None)
    return [
        int(
            negamax(
                geometry.board(player),
                geometry.board(opponent),
                geometry.shape,
                iteration,
                -2 * WIN,
                2 * WIN,
                table,
                control,
                weights,
                ALONE,
                NO_FEATURES,
            )
        )
        for iteration in range(depth + 1)
    ]


def discs_of(score: int) -> float:
    """An evaluation-unit score in discs; finished-game scores lose their offset."""
    if score >= WIN // 2:
        return (score - WIN) / DISC
    if score <= -WIN // 2:
        return (score + WIN) / DISC
    return score / DISC
