"""Exact Othello endgames: the final disc difference with best play, and a move reaching it.

The score is counted as in the FFO problem files: the final disc difference for the side to move,
with the empty squares of a finished game going to the winner.  The compiled negamax runs on
every board size: a full window is found as a series of narrow windows (MTD), each node searches
its first move with the node's window and the others with null windows (principal variation
search).  Far from the end, moves are ordered by a shallow search; nearer, fastest first (least
opponent mobility, Edax's order); in the last few empties by quadrant parity.  The transposition
table keeps exact bounds and also cuts off replies it already refutes (enhanced transposition
cut-offs), and a side whose stable discs already decide the window is cut off at once.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from numba import types
from numba.extending import overload

from damero.engines.othello import patterns
from damero.engines.othello.bits import (
    Board,
    around,
    borrowed,
    compiled,
    count,
    final_score,
    flips,
    index_of,
    inlined,
    is_empty,
    legal_moves,
    lowest,
    orthogonal,
    play,
    square_in,
)
from damero.engines.othello.board import Geometry, Shape, geometry_of
from damero.engines.othello.control import (
    BEST_MOVE,
    NODES,
    STOPPED,
    new_control,
    out_of_budget,
)
from damero.engines.othello.evaluation import settled_discs
from damero.engines.othello.midgame import depth_scores, discs_of
from damero.engines.othello.parallel import (
    ALONE,
    DEFERRABLE,
    NOT_JOINED,
    PUT_OFF,
    SQUARES,
    Record,
    ThreadRecord,
    busy_entry,
    check_threads,
    claim,
    order_move,
    release,
    run_threads,
    search_moves,
)
from damero.engines.othello.scoring import weights_for
from damero.engines.othello.table import (
    NO_MOVE,
    NO_SCORE,
    TABLE_BITS,
    Table,
    bounds,
    entry_upper,
    find,
    home_slot,
    store,
    table_window,
)

BOUND_MAX = 127
"""Beyond any disc difference: the open ends of a full window."""

_SHALLOW_EMPTIES = 7
"""At or below this many empties the solver skips the table and sorting and uses parity order."""

_ETC_EMPTIES = 14
"""From this many empties up, the table is probed for every reply before searching any."""

_PROBE_EMPTIES = 14
"""From this many empties up, moves are ordered by a shallow search instead of mobility alone."""

_STABILITY_EMPTIES = 8
"""From this many empties up, stable discs are counted to cut off hopeless windows."""

_SHALLOW_STABILITY_EMPTIES = 4
_SHALLOW_STABILITY_LEAD = 6
"""Below `_STABILITY_EMPTIES`, from `_SHALLOW_STABILITY_EMPTIES` up, stable discs are counted only
when the side to move needs a lead of about this many discs per empty square: where one side is
far ahead the cut-off halves the last empties' trees, elsewhere it seldom pays for itself."""

_MIDDLE_EMPTIES = 15
"""Up to this many empties (from `_SHALLOW_EMPTIES` + 1), a full 8x8 board is searched by
`_solve_middle`, a null-window search of its own passing plain words, without the enhanced
transposition cut-offs and the learned ordering from `_ETC_EMPTIES` and `_PROBE_EMPTIES` (up to
15 rather than 13: 13% less CPU on the tuning set's 18-21 empties for 2% more nodes; up to 17,
12% more nodes and no less CPU than 15).  A 6x6 board is searched by it below `_PROBE_EMPTIES`,
where its moves are ordered fastest first all the same."""

_SHARE_EMPTIES = 10
"""From this many empties up, the threads of a parallel solve put off moves another is on."""


_PARALLEL_EMPTIES = 16
"""From this many empties up, a solve runs on several threads; below, one is quicker."""

BUSY_BITS = 16
"""log2 of the entries of the threads' table of positions being searched."""

_GUESS_DEPTH = 6
"""How deep the shallow search goes that gives a solve its first window (8 plies were no better a
guess on the FFO problems and cost ten times as much: 60 ms of #39's 70)."""

_DEEP_GUESS_EMPTIES = 22
_DEEP_GUESS_DEPTH = 8
"""From `_DEEP_GUESS_EMPTIES` up, with the learned evaluation, the first guess searches
`_DEEP_GUESS_DEPTH` plies: round 1's weights read the tuning set's 18-23 empties 3.5 discs from
the score at 8 plies against 5.1 at 6, which took its 22-23 empties from 24.6 million nodes to
23.3 on one thread for 10 to 90 ms a guess against solves of seconds (the check set's: the same
nodes in all, its worst position against Edax a quarter fewer).  Below 22 empties the
nodes saved (3%) cost less CPU than the deeper search; the hand-set evaluation reads the 6x6
start no better at 8 plies (-0.8 against -1.6, the score -4)."""

_GUESS_EMPTIES = 18
"""From this many empties up, a solve starts from a shallow search's guess (below, it costs more
than it saves)."""

_GUESS_LEAD = 20
"""A first guess's lead beyond this many discs counts half (`first_window`)."""

_STEP_MAX = 4
"""The narrow windows' steps grow no further than this many discs: a step past the score costs a
proof on the far side, often as dear as the exact one (the 40-disc random position: 15 million
nodes for a window 6 discs past it, out of 27), and longer steps went past more often than they
saved windows (a few per cent fewer nodes over 36 random and 13 FFO positions)."""

_STEP_AFTER = 6
"""The steps grow only once the windows have moved this many discs from the first guess: near the
guess the score most often lies at the bound just found, and a step past it costs a proof on the
far side (the 6x6 start, -4 from a guess of 0: a window at -6 cost more than the two before it)."""


_WIDE_LEAD = 12
_WIDE_REACH = 8
"""A first guess giving the side to move a lead of `_WIDE_LEAD` discs or more opens a window
reaching `_WIDE_REACH` discs below it instead of a null one.  There a window above the score
is a proof that every one of the leader's many moves falls short, as dear however far above (the
check set's #10, +16, read +28: 1.2 to 1.75 million nodes for each null window from +28 down to
+16, 0.15 million for one at +14), while a wide window reaching below it costs about one proof
(2.0 million from +28 to +18, then two cheap ones); where the guess is right it costs a tenth or
a quarter more than a null window.  A side far behind is left to null windows: there the wide
window saved nothing on the tuning set."""


def _table_bits(empties: int) -> int:
    """log2 of the slots of a table for solving positions of up to `empties` empty squares, up to
    TABLE_BITS: a table far larger than a solve needs only costs fresh memory to touch, and from
    2**14 slots at 18 empties to 2**22 at 26 the solves took the same time within 3%."""
    return max(12, min(TABLE_BITS, empties - 4))


_PROBE_DEPTH_MAX = 6
"""The deepest mobility search ordering the moves of a board without learned weights (6 plies from
22 empties rather than 4: a seventh fewer nodes on eight random 6x6 positions of 24 empties)."""
_PROBE_WINDOW = 1_000_000
_PROBE_MARGIN = 48
"""A move whose mobility search scores this much worse than the best move's so far (6 moves) is
only bounded, not scored (`_order_moves_searched`)."""


@inlined
def _last_empty(player: Board, opponent: Board, empty_bit: Board) -> int:
    """Exact score with one empty square left."""
    difference = count(player) - count(opponent)
    flipped = flips(player, opponent, empty_bit)
    if not is_empty(flipped):
        return difference + 2 * count(flipped) + 1
    flipped = flips(opponent, player, empty_bit)
    if not is_empty(flipped):
        return difference - 2 * count(flipped) - 1
    if difference > 0:
        return difference + 1
    return difference - 1


@inlined
def _best_of_two(player: Board, opponent: Board, first: Board, second: Board, beta: int) -> int:
    """The better of `player`'s moves on the last two empty squares, stopping at `beta`;
    -BOUND_MAX if neither flips anything."""
    best = -BOUND_MAX
    flipped = flips(player, opponent, first)
    if not is_empty(flipped):
        best = -_last_empty(opponent ^ flipped, player | flipped | first, second)
        if best >= beta:
            return best
    flipped = flips(player, opponent, second)
    if not is_empty(flipped):
        best = max(best, -_last_empty(opponent ^ flipped, player | flipped | second, first))
    return best


@inlined
def _solve_two(player: Board, opponent: Board, empty: Board, alpha: int, beta: int) -> int:
    """Exact score with two empty squares left: both orders tried directly, without recursion."""
    first = lowest(empty)
    second = empty ^ first
    best = _best_of_two(player, opponent, first, second, beta)
    if best > -BOUND_MAX:
        return best
    best = _best_of_two(opponent, player, first, second, -alpha)
    if best > -BOUND_MAX:
        return -best
    return final_score(player, opponent, 2)


class Shallow(NamedTuple):
    """What the last few empties need, passed down as one argument."""

    shape: Shape
    risky: Any
    """The X- and C-squares, tried last."""


@compiled
def _solve_shallow(
    player: Board, opponent: Board, shallow: Shallow, empties: int, alpha: int, beta: int
) -> int:
    """The last few empties: each empty square tried directly (no move generation), odd
    quadrants first, since the last move in a region tends to be the good one (parity), and
    within each the squares next to a corner last.  Counted as one node by the caller."""
    shape = shallow.shape
    empty = shape.board & ~(player | opponent)
    if empties == 1:
        return _last_empty(player, opponent, empty)
    if empties == 2:
        return _solve_two(player, opponent, empty, alpha, beta)
    if empties >= _SHALLOW_STABILITY_EMPTIES and alpha + 2 >= _SHALLOW_STABILITY_LEAD * empties:
        ceiling = _stability_ceiling(player, opponent, shape, empties, alpha)
        if ceiling <= alpha:
            return ceiling
    odd = empty ^ empty
    for quadrant in shape.quadrants:
        if count(empty & quadrant) & 1:
            odd |= quadrant
    risky = shallow.risky
    # Only a square next to an opponent disc can flip one.
    reachable = around(opponent)
    best = -BOUND_MAX
    for parity_pass in range(4):
        region = odd if parity_pass < 2 else ~odd
        squares = risky if parity_pass % 2 else ~risky
        candidates = empty & region & squares & reachable
        while not is_empty(candidates):
            move_bit = lowest(candidates)
            candidates ^= move_bit
            flipped = flips(player, opponent, move_bit)
            if is_empty(flipped):
                continue
            score = -_solve_shallow(
                opponent ^ flipped,
                player | flipped | move_bit,
                shallow,
                empties - 1,
                -beta,
                -alpha,
            )
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        return best
    if best == -BOUND_MAX:
        # No square flips anything: pass, or the game is over.
        if is_empty(legal_moves(opponent, player, shape.board)):
            return final_score(player, opponent, empties)
        return -_solve_shallow(opponent, player, shallow, empties, -beta, -alpha)
    return best


_FULL_SHAPE = geometry_of(8).shape
_FULL_BOARD = np.uint64(_FULL_SHAPE.board)
_FULL_QUADRANTS = tuple(np.uint64(quadrant) for quadrant in _FULL_SHAPE.quadrants)
_FULL_RISKY = np.uint64(_FULL_SHAPE.x_squares | _FULL_SHAPE.c_squares)


@compiled
def _solve_full(player: Board, opponent: Board, empties: int, alpha: int, beta: int) -> int:
    """`_solve_shallow` on a full 8x8 board, its square sets constants and its arguments five
    words: each call of the generic one passes its square sets too (eleven words more, on the
    stack), and the generic one recurses into a two-empties node where this calls
    `_solve_two` directly."""
    empty = ~(player | opponent)
    if empties <= 2:
        if empties == 2:
            return _solve_two(player, opponent, empty, alpha, beta)
        if empties == 1:
            return _last_empty(player, opponent, empty)
    if empties >= _SHALLOW_STABILITY_EMPTIES and alpha + 2 >= _SHALLOW_STABILITY_LEAD * empties:
        ceiling = _stability_ceiling(player, opponent, _FULL_SHAPE, empties, alpha)
        if ceiling <= alpha:
            return ceiling
    odd = empty ^ empty
    for quadrant in _FULL_QUADRANTS:
        if count(empty & quadrant) & 1:
            odd |= quadrant
    reachable = around(opponent)
    best = -BOUND_MAX
    for parity_pass in range(4):
        region = odd if parity_pass < 2 else ~odd
        squares = _FULL_RISKY if parity_pass % 2 else ~_FULL_RISKY
        candidates = empty & region & squares & reachable
        while not is_empty(candidates):
            move_bit = lowest(candidates)
            candidates ^= move_bit
            flipped = flips(player, opponent, move_bit)
            if is_empty(flipped):
                continue
            next_player = opponent ^ flipped
            next_opponent = player | flipped | move_bit
            if empties == 3:
                score = -_solve_two(next_player, next_opponent, empty ^ move_bit, -beta, -alpha)
            else:
                score = -_solve_full(next_player, next_opponent, empties - 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        return best
    if best == -BOUND_MAX:
        # No square flips anything: pass, or the game is over.
        if is_empty(legal_moves(opponent, player, _FULL_BOARD)):
            return final_score(player, opponent, empties)
        return -_solve_full(opponent, player, empties, -beta, -alpha)
    return best


_SIX_SHAPE = geometry_of(6).shape
_SIX_BOARD = np.uint64(_SIX_SHAPE.board)
_SIX_QUADRANTS = tuple(np.uint64(quadrant) for quadrant in _SIX_SHAPE.quadrants)
_SIX_RISKY = np.uint64(_SIX_SHAPE.x_squares | _SIX_SHAPE.c_squares)


@compiled
def _solve_six(player: Board, opponent: Board, empties: int, alpha: int, beta: int) -> int:
    """`_solve_full` on a 6x6 board: the same search with 6x6's square sets as constants, five
    words a call.  The last empties take about half a 6x6 solve's time, where the generic search
    passes eleven words of square sets at each call.  Written out rather than made by one
    function for both sizes: numba's disk cache cannot key a closure that calls itself, and
    would compile it again at every start."""
    empty = _SIX_BOARD & ~(player | opponent)
    if empties <= 2:
        if empties == 2:
            return _solve_two(player, opponent, empty, alpha, beta)
        if empties == 1:
            return _last_empty(player, opponent, empty)
    if empties >= _SHALLOW_STABILITY_EMPTIES and alpha + 2 >= _SHALLOW_STABILITY_LEAD * empties:
        ceiling = _stability_ceiling(player, opponent, _SIX_SHAPE, empties, alpha)
        if ceiling <= alpha:
            return ceiling
    odd = empty ^ empty
    for quadrant in _SIX_QUADRANTS:
        if count(empty & quadrant) & 1:
            odd |= quadrant
    reachable = around(opponent)
    best = -BOUND_MAX
    for parity_pass in range(4):
        region = odd if parity_pass < 2 else ~odd
        squares = _SIX_RISKY if parity_pass % 2 else ~_SIX_RISKY
        candidates = empty & region & squares & reachable
        while not is_empty(candidates):
            move_bit = lowest(candidates)
            candidates ^= move_bit
            flipped = flips(player, opponent, move_bit)
            if is_empty(flipped):
                continue
            next_player = opponent ^ flipped
            next_opponent = player | flipped | move_bit
            if empties == 3:
                score = -_solve_two(next_player, next_opponent, empty ^ move_bit, -beta, -alpha)
            else:
                score = -_solve_six(next_player, next_opponent, empties - 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        return best
    if best == -BOUND_MAX:
        # No square flips anything: pass, or the game is over.
        if is_empty(legal_moves(opponent, player, _SIX_BOARD)):
            return final_score(player, opponent, empties)
        return -_solve_six(opponent, player, empties, -beta, -alpha)
    return best


@inlined
def _solve_constant(
    player: Board, opponent: Board, empties: int, alpha: int, beta: int, six: bool
) -> int:
    """The last empties' search of its own of a 6x6 board (`six`) or a full 8x8 one."""
    if six:
        return _solve_six(player, opponent, empties, alpha, beta)
    return _solve_full(player, opponent, empties, alpha, beta)


def _last_empties(
    player: Board, opponent: Board, shape: Shape, empties: int, alpha: int, beta: int
) -> int:
    """The last few empties' search for the board's size: `_solve_full` on a full 8x8 board,
    `_solve_six` on 6x6, else `_solve_shallow`.  Only compiled code calls it: numba replaces
    this body through its `overload` below."""
    raise NotImplementedError("compiled code only")


@overload(_last_empties, strict=False)
def _last_empties_overload(
    player: Any, opponent: Any, shape: Any, empties: Any, alpha: Any, beta: Any
) -> Any:
    if isinstance(player, types.Integer):

        def narrow(
            player: Board, opponent: Board, shape: Shape, empties: int, alpha: int, beta: int
        ) -> int:
            if shape.board == _FULL_BOARD:
                return _solve_full(player, opponent, empties, alpha, beta)
            if shape.board == _SIX_BOARD:
                return _solve_six(player, opponent, empties, alpha, beta)
            return _solve_any(player, opponent, shape, empties, alpha, beta)

        return narrow
    return lambda player, opponent, shape, empties, alpha, beta: _solve_any(
        player, opponent, shape, empties, alpha, beta
    )


@compiled
def _solve_any(
    player: Board, opponent: Board, shape: Shape, empties: int, alpha: int, beta: int
) -> int:
    """`_solve_shallow` on any board."""
    shallow = Shallow(shape, shape.x_squares | shape.c_squares)
    return _solve_shallow(player, opponent, shallow, empties, alpha, beta)


@compiled
def _solve_last_empties(
    player: Board,
    opponent: Board,
    shape: Shape,
    empties: int,
    alpha: int,
    beta: int,
    control: npt.NDArray[np.int64],
) -> int:
    """The last few empties' search, counted as one node."""
    control[NODES] += 1
    return _last_empties(player, opponent, shape, empties, alpha, beta)


@compiled
def _stability_ceiling(
    player: Board, opponent: Board, shape: Shape, empties: int, alpha: int
) -> int:
    """A ceiling on the side to move's score: the opponent's settled discs are theirs at the end.
    They are counted only when even all the opponent's discs being settled could bring the
    ceiling down to `alpha`; else the quick ceiling, above `alpha`, is answered."""
    squares = empties + count(player) + count(opponent)
    ceiling = squares - 2 * count(opponent)
    if ceiling <= alpha:
        ceiling = squares - 2 * count(settled_discs(opponent, player, shape))
    return ceiling


@compiled
def _ordering_key(next_player: Board, next_opponent: Board, shape: Shape) -> int:
    """Smaller first: the reply leaving the opponent least mobility, now and potential (Edax's
    fastest-first), with corners counted double in that mobility, then the one keeping most
    corners and edge squares beside them (half a reply each: a third less time where one
    side is far ahead, a sixth less time on FFO #27-#39).  Given the boards after the move,
    which the caller has already played."""
    replies = legal_moves(next_player, next_opponent, shape.board)
    empty = shape.board & ~(next_player | next_opponent)
    potential = count(around(next_opponent) & empty)
    corners = next_opponent & shape.corners
    kept = count(corners) + count(orthogonal(corners) & shape.c_squares & next_opponent)
    return 16 * (count(replies) + count(replies & shape.corners)) + 2 * potential - 8 * kept


@compiled
def _mobility_estimate(
    player: Board, opponent: Board, moves: Board, replies: Board, shape: Shape
) -> int:
    """Mobility, corners and potential mobility: a quick estimate for any board size."""
    empty = shape.board & ~(player | opponent)
    return (
        8 * (count(moves) - count(replies))
        + 40 * (count(player & shape.corners) - count(opponent & shape.corners))
        + 2 * (count(around(opponent) & empty) - count(around(player) & empty))
    )


def _probe_estimate(
    player: Board, opponent: Board, moves: Board, replies: Board, shape: Shape, weights: Any
) -> int:
    """A probe's leaf: the learned patterns (tenths of a disc) when `weights` has rows (8x8
    boards), else `_mobility_estimate`."""
    raise NotImplementedError("compiled code only")


@overload(_probe_estimate, strict=False)
def _probe_estimate_overload(
    player: Any, opponent: Any, moves: Any, replies: Any, shape: Any, weights: Any
) -> Any:
    if isinstance(player, types.Integer):

        def narrow(
            player: Board, opponent: Board, moves: Board, replies: Board, shape: Shape, weights: Any
        ) -> int:
            if weights.shape[0] > 0:
                return int(patterns.pattern_score(player, opponent, weights) * 10.0)
            return _mobility_estimate(player, opponent, moves, replies, shape)

        return narrow
    return lambda player, opponent, moves, replies, shape, weights: _mobility_estimate(
        player, opponent, moves, replies, shape
    )


@compiled
def _probe(
    player: Board, opponent: Board, shape: Shape, depth: int, alpha: int, beta: int, weights: Any
) -> int:
    """A shallow alpha-beta over `_probe_estimate`, used only to order moves far from the end
    of a big endgame, where a better first guess saves whole subtrees."""
    moves = legal_moves(player, opponent, shape.board)
    replies = legal_moves(opponent, player, shape.board)
    if is_empty(moves) and is_empty(replies):
        empties = count(shape.board & ~(player | opponent))
        return 1000 * final_score(player, opponent, empties)
    if depth <= 0:
        return _probe_estimate(player, opponent, moves, replies, shape, weights)
    if is_empty(moves):
        return -_probe(opponent, player, shape, depth - 1, -beta, -alpha, weights)
    best = -1_000_000
    while not is_empty(moves):
        move_bit = lowest(moves)
        moves ^= move_bit
        next_player, next_opponent = play(player, opponent, move_bit)
        score = -_probe(next_player, next_opponent, shape, depth - 1, -beta, -alpha, weights)
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


class Solve(NamedTuple):
    """What every node of one solve shares, passed down as one argument."""

    shape: Shape
    root_moves: Board
    """The root searches only its legal moves among these."""
    table: Table
    orders: npt.NDArray[np.int64]
    """Row `ply` holds the moves of the node at that ply in order, so that no node allocates."""
    control: npt.NDArray[np.int64]
    weights: Any
    """The learned pattern weights (8x8), or none: then moves are ordered without them."""
    busy: npt.NDArray[np.int8]
    """Shared by the threads of a parallel solve: marks the positions being searched (by a hash),
    so that another thread tries other moves first.  One entry: a solve on one thread."""


@compiled
def solve_window(
    player: Board, opponent: Board, empties: int, alpha: int, beta: int, ply: int, run: Solve
) -> int:
    """The score within (alpha, beta); at the root (`ply` 0) also the best square, -1 to pass.

    A score at or below alpha is an upper bound and at or above beta a lower bound, with the
    root's move then unproven; inside the window both are exact.  The root never stops at the
    table (a cutoff there would leave no move to report).  Once `run.control` says stop, it
    unwinds with made-up scores.  Its arrays are views without reference counts (`solve_root`).
    """
    is_root = ply == 0
    if not is_root:
        if empties <= _SHALLOW_EMPTIES:
            return _solve_last_empties(
                player, opponent, run.shape, empties, alpha, beta, run.control
            )
        if empties <= _MIDDLE_EMPTIES and _has_middle(player, run.shape, empties):
            return _middle(player, opponent, empties, alpha, beta, ply, run)
        if out_of_budget(run.control):
            return 0
    moves = legal_moves(player, opponent, run.shape.board)
    if is_root:
        moves &= run.root_moves
    if is_empty(moves):
        return _pass(player, opponent, empties, alpha, beta, ply, run)
    if is_root:
        run.control[NODES] += 1
    elif empties >= _STABILITY_EMPTIES:
        ceiling = _stability_ceiling(player, opponent, run.shape, empties, alpha)
        if ceiling <= alpha:
            return ceiling
    slot, home, table_move, alpha, beta, decided, _ = table_window(
        run.table, player, opponent, empties, alpha, beta, not is_root
    )
    if decided != NO_SCORE:
        return decided
    if not is_root and table_move != NO_MOVE and empties >= _PROBE_EMPTIES:
        refuted = _table_move_first(player, opponent, moves, empties, beta, table_move, ply, run)
        if refuted != NO_SCORE:
            if not run.control[STOPPED]:
                store(
                    run.table,
                    slot,
                    home,
                    player,
                    opponent,
                    empties,
                    refuted,
                    BOUND_MAX,
                    table_move,
                    False,
                )
            return refuted
    if run.weights.shape[0] == 0 and empties >= _PROBE_EMPTIES:
        count_moves, refuted = _order_moves_searched(
            player, opponent, moves, empties, beta, table_move, is_root, ply, run
        )
    else:
        count_moves, refuted = _order_moves(
            player, opponent, moves, empties, beta, table_move, is_root, ply, run
        )
    if refuted != NO_SCORE:
        return refuted
    sharing = run.busy.shape[0] > 1 and empties >= _SHARE_EMPTIES
    best, best_move = search_moves(
        _child,
        run,
        player,
        opponent,
        moves,
        count_moves,
        empties,
        alpha,
        beta,
        ply,
        sharing,
        False,
    )
    if run.control[STOPPED]:
        return 0
    if is_root:
        run.control[BEST_MOVE] = best_move
    lower, upper = bounds(best, alpha, beta, BOUND_MAX)
    store(run.table, slot, home, player, opponent, empties, lower, upper, best_move, False)
    return best


@compiled
def solve_root(
    player: Board, opponent: Board, empties: int, alpha: int, beta: int, run: Solve
) -> int:
    """`solve_window` at the root, its arrays going down the recursion as views without
    reference counts (see `bits.borrowed`)."""
    borrowed_run = Solve(
        run.shape,
        run.root_moves,
        Table(borrowed(run.table.slots), run.table.shift),
        borrowed(run.orders),
        borrowed(run.control),
        borrowed(run.weights),
        borrowed(run.busy),
    )
    # A computed ply of 0, not a literal: see `_move_key`.
    return solve_window(player, opponent, empties, alpha, beta, 0 * empties, borrowed_run)


@inlined
def _child(
    run: Solve,
    player: Board,
    move_bit: Board,
    next_player: Board,
    next_opponent: Board,
    empties: int,
    alpha: int,
    beta: int,
    ply: int,
) -> int:
    """A move solved from the other side; the last empties' search called from here, since
    `solve_window`'s own entry would cost more than a search of so few empties."""
    if empties <= _SHALLOW_EMPTIES:
        return _solve_last_empties(
            next_player, next_opponent, run.shape, empties, alpha, beta, run.control
        )
    return solve_window(next_player, next_opponent, empties, alpha, beta, ply, run)


@inlined
def _pass(
    player: Board, opponent: Board, empties: int, alpha: int, beta: int, ply: int, run: Solve
) -> int:
    """A side without a move: the game's end, or the other side's turn."""
    if is_empty(legal_moves(opponent, player, run.shape.board)):
        return final_score(player, opponent, empties)
    return -solve_window(opponent, player, empties, -beta, -alpha, ply + 1, run)


@inlined
def _table_move_first(
    player: Board,
    opponent: Board,
    moves: Board,
    empties: int,
    beta: int,
    table_move: int,
    ply: int,
    run: Solve,
) -> int:
    """On boards without learned weights, the table's move searched before the others are
    ordered: a score of at least `beta` if it refutes the node, else NO_SCORE.  Their order costs
    a mobility search of each move (2 to 6 plies), dear beside the table's move alone, which most
    often refutes a node the table has seen."""
    if run.weights.shape[0] > 0:
        return NO_SCORE
    move_bit = square_in(moves, table_move) & moves
    if is_empty(move_bit):
        return NO_SCORE
    next_player, next_opponent = play(player, opponent, move_bit)
    score = -_child(
        run, player, move_bit, next_player, next_opponent, empties - 1, -beta, 1 - beta, ply + 1
    )
    if score >= beta or run.control[STOPPED]:
        return score
    return NO_SCORE


@compiled
def _order_moves_searched(
    player: Board,
    opponent: Board,
    moves: Board,
    empties: int,
    beta: int,
    table_move: int,
    is_root: bool,
    ply: int,
    run: Solve,
) -> tuple[int, int]:
    """`_order_moves` on boards without learned weights, from `_PROBE_EMPTIES` up: each move's key
    a mobility search (`_probe`, 2 to 6 plies) beside the fastest-first key.  Each search's window
    ends `_PROBE_MARGIN` past the best reply found so far, as Edax bounds its sorting searches by
    alpha: a move that far behind only needs to be known as behind, and its search stops there."""
    filled = 0
    remaining = moves
    depth = min(_PROBE_DEPTH_MAX, 2 + (empties - _PROBE_EMPTIES) // 2)
    window = _PROBE_WINDOW + 0 * empties
    least = window
    while not is_empty(remaining):
        move_bit = lowest(remaining)
        remaining ^= move_bit
        next_player, next_opponent = play(player, opponent, move_bit)
        if empties >= _ETC_EMPTIES and not is_root:
            child, child_entry = find(
                run.table,
                next_player,
                next_opponent,
                home_slot(run.table, next_player, next_opponent),
            )
            if child >= 0 and -entry_upper(child_entry) >= beta:
                return filled, -entry_upper(child_entry)
        square = index_of(move_bit)
        if square == table_move:
            key = -10_000_000
        else:
            ceiling = min(window, least + _PROBE_MARGIN)
            key = _probe(
                next_player, next_opponent, run.shape, depth, -window, ceiling, run.weights
            )
            least = min(least, key)
            key += _ordering_key(next_player, next_opponent, run.shape)
        order_move(run.orders, ply, filled, key, square)
        filled += 1
    return filled, NO_SCORE


@compiled
def _order_moves(
    player: Board,
    opponent: Board,
    moves: Board,
    empties: int,
    beta: int,
    table_move: int,
    is_root: bool,
    ply: int,
    run: Solve,
) -> tuple[int, int]:
    """Puts the moves in row `ply` of `run.orders`, best first (the table's move, then by
    `_move_key`), and answers how many, with NO_SCORE; or, from `_ETC_EMPTIES` up, a score of at
    least `beta` as soon as the table refutes a reply (enhanced transposition cutoff)."""
    filled = 0
    remaining = moves
    while not is_empty(remaining):
        move_bit = lowest(remaining)
        remaining ^= move_bit
        next_player, next_opponent = play(player, opponent, move_bit)
        if empties >= _ETC_EMPTIES and not is_root:
            child, child_entry = find(
                run.table,
                next_player,
                next_opponent,
                home_slot(run.table, next_player, next_opponent),
            )
            if child >= 0 and -entry_upper(child_entry) >= beta:
                return filled, -entry_upper(child_entry)
        square = index_of(move_bit)
        if square == table_move:
            key = -10_000_000
        else:
            key = _move_key(player, opponent, move_bit, next_player, next_opponent, empties, run)
        order_move(run.orders, ply, filled, key, square)
        filled += 1
    return filled, NO_SCORE


@compiled
def _move_key(
    player: Board,
    opponent: Board,
    move_bit: Board,
    next_player: Board,
    next_opponent: Board,
    empties: int,
    run: Solve,
) -> int:
    """Smaller first: fastest first (`_ordering_key`) near the end; from `_PROBE_EMPTIES` up, the
    learned estimate one ply deep beside it on 8x8, a shallow mobility search beside it on other
    sizes."""
    shape = run.shape
    if empties < _PROBE_EMPTIES:
        return _ordering_key(next_player, next_opponent, shape)
    learned = run.weights.shape[0] > 0
    # The learned estimate orders well one ply deep, helped by the mobility key; the quick one
    # needs a deeper look.  Computed, not literal, arguments: a recursive compiled function must
    # always be called with the same argument types, or its on-disk cache breaks (numba issue
    # 6713).
    depth = 1 if learned else min(_PROBE_DEPTH_MAX, 2 + (empties - _PROBE_EMPTIES) // 2)
    window = _PROBE_WINDOW + 0 * empties
    key = _probe(next_player, next_opponent, shape, depth, -window, window, run.weights)
    if not learned:
        # The mobility key beside the search's: a quarter fewer nodes on 6x6 endgames of 24
        # empties.
        return key + _ordering_key(next_player, next_opponent, shape)
    # Fifths of a disc beside the mobility key: at full weight (tenths) the estimate ordered
    # worse where one side is far ahead (a third more nodes).
    return key // 2 + _ordering_key(next_player, next_opponent, shape)


def _has_middle(player: Board, shape: Shape, empties: int) -> bool:
    """Whether `_solve_middle` searches a node of `empties` (up to `_MIDDLE_EMPTIES`): on a full
    8x8 board, or on 6x6 below `_PROBE_EMPTIES`, where its moves are ordered fastest first.  Only
    compiled code calls it: numba replaces this body through its `overload` below."""
    raise NotImplementedError("compiled code only")


@overload(_has_middle, strict=False)
def _has_middle_overload(player: Any, shape: Any, empties: Any) -> Any:
    if isinstance(player, types.Integer):
        return lambda player, shape, empties: (
            shape.board == _FULL_BOARD or (shape.board == _SIX_BOARD and empties < _PROBE_EMPTIES)
        )
    return lambda player, shape, empties: False


def _middle(
    player: Board, opponent: Board, empties: int, alpha: int, beta: int, ply: int, run: Solve
) -> int:
    """`_solve_middle` with the solve's arrays, where `_has_middle` says so.  Only compiled
    code calls it: numba replaces this body through its `overload` below."""
    raise NotImplementedError("compiled code only")


@overload(_middle, strict=False)
def _middle_overload(
    player: Any, opponent: Any, empties: Any, alpha: Any, beta: Any, ply: Any, run: Any
) -> Any:
    if isinstance(player, types.Integer):

        def narrow(
            player: Board,
            opponent: Board,
            empties: int,
            alpha: int,
            beta: int,
            ply: int,
            run: Solve,
        ) -> int:
            six = run.shape.board == _SIX_BOARD
            arrays = Middle(run.table, run.orders, run.control, run.busy, six)
            return _solve_middle(player, opponent, empties, alpha, beta, ply, arrays)

        return narrow
    return lambda player, opponent, empties, alpha, beta, ply, run: 0


class Middle(NamedTuple):
    """The arrays `_solve_middle` uses of a solve's, passed down as one argument: a tuple keeps
    them the views without reference counts they are (`bits.borrowed`), where a compiled call
    taking them one by one would count references to each at every node."""

    table: Table
    orders: npt.NDArray[np.int64]
    control: npt.NDArray[np.int64]
    busy: npt.NDArray[np.int8]
    six: bool
    """Whether the board is 6x6 (its square sets and last empties' search), else a full 8x8."""


@compiled
def _solve_middle(
    player: Board, opponent: Board, empties: int, alpha: int, beta: int, ply: int, arrays: Middle
) -> int:
    """`solve_window` on a full 8x8 board (or a 6x6 one, `arrays.six`) from `_SHALLOW_EMPTIES`
    + 1 to `_MIDDLE_EMPTIES` empties (not the root), its square sets constants and its arguments
    plain words and the arrays it uses, where `solve_window` passes the whole solve's.  Each move
    is played once: its boards are kept beside its fastest-first key in row `ply` of `orders`
    (three entries a move), and the moves are taken best first one at a time, so that a node cut
    off by its first move sorts nothing.
    Plain alpha-beta, fail-soft: the solve's windows are null ones here."""
    table, orders, control, busy, six = arrays
    if out_of_budget(control):
        return 0
    shape = _SIX_SHAPE if six else _FULL_SHAPE
    moves = legal_moves(player, opponent, shape.board)
    if is_empty(moves):
        if is_empty(legal_moves(opponent, player, shape.board)):
            return final_score(player, opponent, empties)
        return -_solve_middle(opponent, player, empties, -beta, -alpha, ply + 1, arrays)
    ceiling = _stability_ceiling(player, opponent, shape, empties, alpha)
    if ceiling <= alpha:
        return ceiling
    slot, home, table_move, alpha, beta, decided, _ = table_window(
        table, player, opponent, empties, alpha, beta, True
    )
    if decided != NO_SCORE:
        return decided
    filled = 0
    remaining = moves
    while not is_empty(remaining):
        move_bit = lowest(remaining)
        remaining ^= move_bit
        flipped = flips(player, opponent, move_bit)
        next_player = opponent ^ flipped
        next_opponent = player | flipped | move_bit
        square = index_of(move_bit)
        if square == table_move:
            key = -10_000_000
        else:
            key = _ordering_key(next_player, next_opponent, shape)
        orders[ply, 3 * filled] = key * SQUARES + square
        orders[ply, 3 * filled + 1] = np.int64(next_player)
        orders[ply, 3 * filled + 2] = np.int64(next_opponent)
        filled += 1
    original_alpha = alpha
    best = -BOUND_MAX
    best_square = NO_MOVE
    sharing = busy.shape[0] > 1 and empties >= _SHARE_EMPTIES
    deferred = 0
    for sweep in range(2):
        for index in range(filled):
            if sweep == 0:
                # The best of the moves left, swapped into place: a node cut off by its first
                # move sorts nothing more.
                chosen = index
                for other in range(index + 1, filled):
                    if orders[ply, 3 * other] < orders[ply, 3 * chosen]:
                        chosen = other
                if chosen != index:
                    for part in range(3):
                        kept = orders[ply, 3 * index + part]
                        orders[ply, 3 * index + part] = orders[ply, 3 * chosen + part]
                        orders[ply, 3 * chosen + part] = kept
            elif not (deferred >> index) & 1:
                continue
            square = orders[ply, 3 * index] & (SQUARES - 1)
            next_player = np.uint64(orders[ply, 3 * index + 1])
            next_opponent = np.uint64(orders[ply, 3 * index + 2])
            busy_key = -1
            joined = NOT_JOINED
            if sharing and 0 < index < DEFERRABLE:
                busy_key = busy_entry(busy, home_slot(table, next_player, next_opponent))
                joined = claim(busy, busy_key, control, sweep)
                if joined == PUT_OFF:
                    deferred |= 1 << index
                    continue
            if empties - 1 <= _SHALLOW_EMPTIES:
                control[NODES] += 1
                score = -_solve_constant(
                    next_player, next_opponent, empties - 1, -beta, -alpha, six
                )
            else:
                score = -_solve_middle(
                    next_player, next_opponent, empties - 1, -beta, -alpha, ply + 1, arrays
                )
            if busy_key >= 0:
                release(busy, busy_key, control, joined)
            if control[STOPPED]:
                return 0
            if score > best:
                best = score
                best_square = square
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if alpha >= beta or deferred == 0:
            break
    lower, upper = bounds(best, original_alpha, beta, BOUND_MAX)
    store(table, slot, home, player, opponent, empties, lower, upper, best_square, False)
    return best


@dataclass(frozen=True, slots=True)
class Solution:
    """An endgame result for the side to move.

    `score` is exact when `lower < score < upper` were the window bounds asked for (always with the
    default full window); otherwise it is a bound on the exact score (at most `score` when at or
    below the window, at least `score` when at or above it).  `move_bit` is the engine-layout bit
    of a best move, 0 for a pass and also 0 when the game is over.
    """

    score: int
    move_bit: int
    nodes: int
    is_complete: bool = True
    """False when the node limit or a stop request ended the solver: then score and move mean
    nothing."""


def first_window(estimate: float) -> int:
    """The even disc difference a solve's first window centres on, from a search's estimate: a
    lead beyond `_GUESS_LEAD` discs counts half.  Past a large lead every window fails low, each a
    proof that every move falls short, as dear as the exact one; short of it the windows fail high
    on one good move and climb cheaply.  So a guess past the score costs far more than one short
    of it (the tuning set's #7, +38, on one thread: 1.83 million nodes from +48, 0.58 million from
    +34), and weights that read large leads in full, not half as the first ones did, need their
    guess taken in.  Smaller leads stand: taking them in as well gained the new weights little
    and cost the first ones more."""
    lead = abs(estimate)
    if lead > _GUESS_LEAD:
        lead = _GUESS_LEAD + (lead - _GUESS_LEAD) / 2
    lead = min(lead, BOUND_MAX - 1)
    return int(math.copysign(2 * round(lead / 2), estimate))


class EndgameSolver:
    """An exact solver for one board size, keeping its transposition table between solves.  The
    table is made for the first position solved (`table_bits` fixes its size instead)."""

    def __init__(
        self,
        geometry: Geometry,
        *,
        table_bits: int | None = None,
        evaluation: str = "learned",
        threads: int | None = None,
    ) -> None:
        self.geometry = geometry
        self.threads = check_threads(threads)
        self._table_bits = table_bits
        self._table: Table | None = None
        self._weights = weights_for(geometry.size, evaluation)
        # Per thread, a row per ply: a pass is a ply too, so at most two per empty square.
        squares = geometry.size * geometry.size
        # `_solve_middle` keeps three entries a move, up to one move an empty square.
        columns = max(squares, 3 * _MIDDLE_EMPTIES)
        self._orders = np.zeros((self.threads, 2 * squares + 2, columns), dtype=np.int64)
        self._busy = np.zeros(1 << BUSY_BITS if self.threads > 1 else 1, dtype=np.int8)
        self.windows: list[tuple[int, int, Record]] = []
        """The last solve's windows, each with its threads' nodes, CPU and wall seconds."""

    def solve(
        self,
        player: int,
        opponent: int,
        *,
        alpha: int = -BOUND_MAX,
        beta: int = BOUND_MAX,
        node_limit: int | None = None,
        guess: int | None = None,
        control: npt.NDArray[np.int64] | None = None,
    ) -> Solution:
        """The exact score within (alpha, beta) and a best move, from the side to move.

        A full window is searched as a series of narrow windows converging from `guess` (MTD),
        which costs less than one wide search.  Without a guess, a shallow search gives one
        (`_first_guess`).  Each window after a failed one starts at the
        bound found, which most often is the score; once windows keep failing the same way far from
        the guess, it reaches growing steps (up to `_STEP_MAX`) beyond that bound, so that a poor
        guess costs a few cheap windows rather than one for every two discs it is off, and a
        window never lies past the score, whose proof on the far side would be wasted.  A guess
        of a large lead for the side to move opens a wider first window (`_WIDE_REACH`).  With
        `node_limit`, gives up after about that many nodes and
        answers a Solution whose `is_complete` is False; so it does when another thread sets
        `control[STOP_REQUEST]` of a `control` array passed in.
        """
        # Only a caller's own control can be stopped from outside: the threads' driver need not
        # watch for a stop request otherwise.
        watch = control is not None
        if control is None:
            control = new_control(node_limit)
        self.windows = []
        if self._table is None:
            self._table = Table.create(
                self._table_bits or _table_bits(self.geometry.empties(player, opponent))
            )
        root_moves = self._distinct_moves(player, opponent)
        if alpha > -BOUND_MAX or beta < BOUND_MAX:
            return self._solve_window(player, opponent, alpha, beta, control, root_moves, watch)
        lower, upper = -BOUND_MAX, BOUND_MAX
        target = self._first_guess(player, opponent) if guess is None else guess
        first = target
        low, high = target - 1, target + 1
        if target >= _WIDE_LEAD:
            low = target - _WIDE_REACH - 1
        direction = step = 0
        while True:
            probe = self._solve_window(player, opponent, low, high, control, root_moves, watch)
            if not probe.is_complete or low < probe.score < high:
                return probe
            failed = -1 if probe.score <= low else 1
            if failed < 0:
                upper = probe.score
            else:
                lower = probe.score
            far = abs(probe.score - first) >= _STEP_AFTER
            step = min(_STEP_MAX, max(2, 2 * step)) if failed == direction and far else 0
            # The window reaches from the bound just found (which most often is the score) a
            # step further: never past the score, so no proof on its far side is wasted.
            if failed < 0:
                low, high = max(lower - 1, upper - step - 1), upper + 1
            else:
                low, high = lower - 1, min(upper + 1, lower + step + 1)
            direction = failed

    def _first_guess(self, player: int, opponent: int) -> int:
        """The first window's centre from a shallow search (from `_GUESS_EMPTIES`), with the
        learned evaluation on 8x8 and the hand-set one elsewhere, a large lead taken in
        (`first_window`); else 0.  Taken whatever the lead: it was once used only from 16 discs
        either way, and starting at a lead read short rather than at 0 saved a tenth of the nodes
        of the tuning positions of 18-21 empties.  On 6x6 the hand-set reading saved a sixteenth
        of the eight tuning positions' nodes against a guess of 0, and a tenth of the start's,
        whose first window (-1, +1) lay above the score."""
        geometry = self.geometry
        empties = geometry.empties(player, opponent)
        if empties < _GUESS_EMPTIES:
            return 0
        depth = _GUESS_DEPTH
        if empties >= _DEEP_GUESS_EMPTIES and self._weights.shape[0]:
            depth = _DEEP_GUESS_DEPTH
        depth = min(depth, max(1, empties - _SHALLOW_EMPTIES))
        scores = depth_scores(geometry, player, opponent, depth, self._weights)
        return first_window(discs_of(scores[-1]))

    def _distinct_moves(self, player: int, opponent: int) -> int:
        """The legal moves, less those a symmetry of the position maps onto an earlier one: from
        a symmetric position (the start, for one) one move of each equal set is searched.  The
        position's images are found once, not each move's: most positions have no symmetry."""
        geometry = self.geometry
        moves = geometry.legal_moves(player, opponent)
        images = zip(geometry.images(player), geometry.images(opponent), strict=True)
        symmetries = [index for index, image in enumerate(images) if image == (player, opponent)]
        if len(symmetries) == 1:
            return moves
        distinct = 0
        while moves:
            move_bit = moves & -moves
            moves ^= move_bit
            move_images = geometry.images(move_bit)
            if not any(move_images[index] & distinct for index in symmetries):
                distinct |= move_bit
        return distinct

    def _solve_window(
        self,
        player: int,
        opponent: int,
        alpha: int,
        beta: int,
        control: npt.NDArray[np.int64],
        root_moves: int,
        watch: bool,
    ) -> Solution:
        """One window's search of the `root_moves` (engine layout); `watch`: whether `control`'s
        stop request may come from another thread (`run_threads`)."""
        geometry = self.geometry
        board_player, board_opponent = geometry.board(player), geometry.board(opponent)
        empties = geometry.empties(player, opponent)
        threads = self.threads if empties >= _PARALLEL_EMPTIES else 1
        table = self._table
        assert table is not None  # made by the first solve

        def run(index: int, thread_control: npt.NDArray[np.int64]) -> tuple[int, int]:
            """The score and best square of one thread's search."""
            thread_control[BEST_MOVE] = NO_MOVE
            busy = self._busy if threads > 1 else ALONE
            shared = Solve(
                geometry.shape,
                geometry.board(root_moves),
                table,
                self._orders[index],
                thread_control,
                self._weights,
                busy,
            )
            score = solve_root(board_player, board_opponent, empties, alpha, beta, shared)
            return int(score), int(thread_control[BEST_MOVE])

        record = Record()
        if threads == 1:
            opened, cpu, nodes = time.perf_counter(), time.thread_time(), int(control[NODES])
            result: tuple[int, int] | None = run(0, control)
            seconds = time.perf_counter() - opened
            alone = ThreadRecord(
                nodes=int(control[NODES]) - nodes, cpu=time.thread_time() - cpu, ended=seconds
            )
            record.threads, record.seconds = [alone], seconds
        else:
            result = run_threads(run, threads, control, self._busy, record, watch=watch)
        self.windows.append((alpha, beta, record))
        if control[STOPPED] or result is None:
            # Unwinding stores nothing, so the table stays sound for the next solve.
            return Solution(0, 0, int(control[NODES]), is_complete=False)
        score, square = result
        return Solution(score, 0 if square < 0 else 1 << square, int(control[NODES]))
