"""Othello's compiled game-tree search: negamax with alpha-beta, principal variation windows,
a transposition table, move ordering and probable cut-offs, over the evaluation.

The search module drives it a depth at a time; the exact solver borrows it for the shallow
searches that guess at its windows.  Probable cut-offs (Buro's ProbCut): a null window that a
much shallower search clears by a wide margin is taken as decided, since the deeper search agrees
nearly every time; how wide is measured (`benchmarks/othello_probcut.py`), and how sure to be is
the caller's (`CUT_MARGIN`: none, and every result is proven).
"""

from __future__ import annotations

from typing import Any, NamedTuple

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
    inlined,
    is_empty,
    legal_moves,
    lowest,
    play,
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
from damero.engines.othello.parallel import (
    ALONE,
    SQUARES,
    order_move,
    search_moves,
)
from damero.engines.othello.scoring import evaluate
from damero.engines.othello.table import (
    NO_SCORE,
    Table,
    bounds,
    store,
    table_window,
)

WIN = 1_000_000
"""Offset of the score of a finished game (in evaluation units) above any estimate."""


_SHALLOW_ORDER_DEPTH = 5
"""From this depth up, moves are ordered by a search three plies shallower than the node's."""

_SHARE_DEPTH = 3
"""From this depth up, the threads of a parallel search put off moves another is on."""

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


class Search(NamedTuple):
    """What every node of one search shares, passed down as one argument."""

    shape: Shape
    table: Table
    orders: npt.NDArray[np.int64]
    """Row `ply` holds the moves of the node at that ply in order, so that no node allocates."""
    control: npt.NDArray[np.int64]
    weights: Any
    busy: npt.NDArray[np.int8]
    """Shared by the threads of a parallel search (see `parallel.py`); one entry: one thread."""
    features: npt.NDArray[np.int32]
    """The learned evaluation's indices, kept move by move (`incremental.py`); none: the
    evaluation is read afresh at each leaf."""


def new_search(
    geometry: Geometry,
    table: Table,
    control: npt.NDArray[np.int64],
    weights: Any,
    busy: npt.NDArray[np.int8],
    features: npt.NDArray[np.int32],
) -> Search:
    """One thread's `Search`, with move lists of its own."""
    squares = geometry.size * geometry.size
    # A row per ply: a pass is a ply too, so at most two per empty square.
    orders = np.zeros((2 * squares + 2, squares), dtype=np.int64)
    return Search(geometry.shape, table, orders, control, weights, busy, features)


@compiled
def negamax(
    player: Board, opponent: Board, depth: int, alpha: int, beta: int, ply: int, run: Search
) -> int:
    """Fail-soft alpha-beta: a score <= alpha is an upper bound, >= beta a lower bound.  Its
    arrays are views without reference counts (`search_root`, `search_position`)."""
    control = run.control
    if out_of_budget(control):
        return 0
    moves = legal_moves(player, opponent, run.shape.board)
    if is_empty(moves):
        return _pass(player, opponent, depth, alpha, beta, ply, run)
    if depth <= 0:
        return _leaf(player, opponent, run)
    estimates_before = control[ESTIMATES]
    slot, home, table_move, alpha, beta, decided, estimated = table_window(
        run.table, player, opponent, depth, alpha, beta, True
    )
    if estimated:
        control[ESTIMATES] += 1
    if decided != NO_SCORE:
        return decided
    decided = _probable_cut(player, opponent, depth, alpha, beta, ply, run)
    if decided != NO_SCORE:
        return decided
    count_moves = _order_moves(player, opponent, moves, depth, table_move, ply, run)
    if control[STOPPED]:
        return 0
    sharing = run.busy.shape[0] > 1 and depth >= _SHARE_DEPTH
    best, best_move = search_moves(
        _child,
        run,
        player,
        opponent,
        moves,
        count_moves,
        depth,
        alpha,
        beta,
        ply,
        sharing,
        False,
    )
    if control[STOPPED]:
        return 0
    lower, upper = bounds(best, alpha, beta, 2 * WIN)
    estimated = control[ESTIMATES] > estimates_before
    store(run.table, slot, home, player, opponent, depth, lower, upper, best_move, estimated)
    return best


@inlined
def _child(
    run: Search,
    player: Board,
    move_bit: Board,
    next_player: Board,
    next_opponent: Board,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
) -> int:
    """A move searched from the other side, the evaluation's indices kept up to date."""
    make_move(run.features, player, move_bit, next_opponent)
    score = negamax(next_player, next_opponent, depth, alpha, beta, ply, run)
    take_back(run.features, player, move_bit, next_opponent)
    return score


@inlined
def _pass(
    player: Board, opponent: Board, depth: int, alpha: int, beta: int, ply: int, run: Search
) -> int:
    """A side without a move: the game's end, or the other side's turn at the same depth."""
    if is_empty(legal_moves(opponent, player, run.shape.board)):
        return _final_value(player, opponent, run.shape)
    pass_turn(run.features)
    score = -negamax(opponent, player, depth, -beta, -alpha, ply + 1, run)
    pass_turn(run.features)
    return score


@inlined
def _leaf(player: Board, opponent: Board, run: Search) -> int:
    """The evaluation, counted as an estimate."""
    run.control[ESTIMATES] += 1
    if run.features.shape[0] > 0:
        empties = count(run.shape.board & ~(player | opponent))
        return int(np.rint(incremental.score(run.features, empties, run.weights) * DISC))
    return evaluate(player, opponent, run.shape, run.weights)


@inlined
def _probable_cut(
    player: Board, opponent: Board, depth: int, alpha: int, beta: int, ply: int, run: Search
) -> int:
    """Probable cut-offs: a shallow search far enough past a null window decides it, as the
    deep one would most times; beta or alpha then, else NO_SCORE.  The result is an estimate,
    however few the leaves; a search that reaches the end of the game makes none, so that it
    can be exact."""
    control = run.control
    empties = count(run.shape.board & ~(player | opponent))
    if (
        control[CUT_MARGIN] == 0
        or not _CUT_DEPTH <= depth < empties
        or beta - alpha != 1
        or not -WIN // 2 < alpha < WIN // 2
    ):
        return NO_SCORE
    reduced = reduced_depth(depth)
    learned = run.weights.shape[0] > 0
    margin = int(control[CUT_MARGIN] * shallow_error(empties, depth, reduced, learned) / 100.0)
    estimates = control[ESTIMATES]
    bound = beta + margin
    if bound < WIN // 2 and negamax(player, opponent, reduced, bound - 1, bound, ply, run) >= bound:
        control[ESTIMATES] = estimates + 1
        return beta
    bound = alpha - margin
    if (
        bound > -WIN // 2
        and negamax(player, opponent, reduced, bound, bound + 1, ply, run) <= bound
    ):
        control[ESTIMATES] = estimates + 1
        return alpha
    control[ESTIMATES] = estimates
    return NO_SCORE


@inlined
def _order_moves(
    player: Board,
    opponent: Board,
    moves: Board,
    depth: int,
    table_move: int,
    ply: int,
    run: Search,
) -> int:
    """Puts the moves in row `ply` of `run.orders`, best first, and answers how many: the
    table's move, then by a search three plies shallower from `_SHALLOW_ORDER_DEPTH` up,
    fastest first below, corners first one ply from the leaves."""
    shape, control = run.shape, run.control
    filled = 0
    remaining = moves
    while not is_empty(remaining):
        move_bit = lowest(remaining)
        remaining ^= move_bit
        square = index_of(move_bit)
        if square == table_move:
            key = -10 * WIN
        elif depth >= _SHALLOW_ORDER_DEPTH:
            # A shallower search orders better than any static key; what it estimates says
            # nothing about this node's exactness.
            estimates = control[ESTIMATES]
            next_player, next_opponent = play(player, opponent, move_bit)
            key = _child(
                run,
                player,
                move_bit,
                next_player,
                next_opponent,
                depth - 3,
                -2 * WIN,
                2 * WIN,
                ply + 1,
            )
            control[ESTIMATES] = estimates
        elif depth >= 2:
            # Fastest first: the reply leaving the opponent least mobility, corners weighing
            # double.
            next_player, next_opponent = play(player, opponent, move_bit)
            replies = legal_moves(next_player, next_opponent, shape.board)
            key = count(replies) + count(replies & shape.corners)
        else:
            key = -1 if not is_empty(move_bit & shape.corners) else 0
        order_move(run.orders, ply, filled, key, square)
        filled += 1
    return filled


@compiled
def search_root(
    player: Board,
    opponent: Board,
    depth: int,
    squares: npt.NDArray[np.int64],
    scores: npt.NDArray[np.int64],
    every_move_exactly: bool,
    run: Search,
) -> None:
    """Scores each root move of `squares`, in that order, into `scores`.

    The best is exact and the others upper bounds (principal variation windows), unless
    `every_move_exactly` gives every move a full window.  With other threads (`run.busy` has more
    than one entry), a move another thread is on is put off to the end.
    """
    run = _borrowed(run)
    moves = legal_moves(player, opponent, run.shape.board)
    run.control[NODES] += 1
    count_moves = squares.shape[0]
    for index in range(count_moves):
        run.orders[0, index] = index * SQUARES + squares[index]
    search_moves(
        _child,
        run,
        player,
        opponent,
        moves,
        count_moves,
        depth,
        -2 * WIN,
        2 * WIN,
        0,
        run.busy.shape[0] > 1,
        every_move_exactly,
    )
    for index in range(count_moves):
        # Each move's entry now holds its score in place of its order key.
        scores[index] = run.orders[0, index] // SQUARES


@inlined
def _borrowed(run: Search) -> Search:
    """`run` with its arrays as views without reference counts, to go down the recursion (see
    `bits.borrowed`)."""
    return Search(
        run.shape,
        Table(borrowed(run.table.slots), run.table.shift),
        borrowed(run.orders),
        borrowed(run.control),
        borrowed(run.weights),
        borrowed(run.busy),
        borrowed(run.features),
    )


@compiled
def search_position(player: Board, opponent: Board, depth: int, run: Search) -> int:
    """The score of a full-window search `depth` plies deep."""
    # A computed ply of 0, not a literal, which would compile a second negamax (and break its
    # cache: numba issue 6713).
    return negamax(player, opponent, depth, -2 * WIN, 2 * WIN, 0 * depth, _borrowed(run))


_GUESS_TABLE_BITS = 16


def depth_scores(
    geometry: Geometry, player: int, opponent: int, depth: int, weights: Any, *, cut_margin: int = 0
) -> list[int]:
    """The search's scores (evaluation units) at depths 0 to `depth`, each depth ordered by the
    table the last one left: the solver's first guess, the cut-offs' measurements and the
    training's labels.  Every node is searched unless `cut_margin` allows probable cut-offs."""
    run = new_search(
        geometry,
        Table.create(_GUESS_TABLE_BITS),
        new_control(None, cut_margin),
        weights,
        ALONE,
        NO_FEATURES,
    )
    board_player, board_opponent = geometry.board(player), geometry.board(opponent)
    return [
        int(search_position(board_player, board_opponent, iteration, run))
        for iteration in range(depth + 1)
    ]


def discs_of(score: int) -> float:
    """An evaluation-unit score in discs; finished-game scores lose their offset."""
    if score >= WIN // 2:
        return (score - WIN) / DISC
    if score <= -WIN // 2:
        return (score + WIN) / DISC
    return score / DISC
