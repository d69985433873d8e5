"""Exact Othello endgames: the final disc difference with best play, and a move reaching it.

The score is counted as in the FFO problem files: the final disc difference for the side to move,
with the empty squares of a finished game going to the winner.  Boards up to 8x8 run a compiled
negamax with alpha-beta: a full window is found as a series of narrow windows (MTD), each node
searches its first move with the node's window and the others with null windows (principal
variation search), moves are ordered by a shallow mobility search with many empties, fastest first
(least opponent mobility, Edax's order) with fewer, and by quadrant parity in the last few; a
transposition table of exact bounds in two-slot buckets (the deeper result kept) also cuts off
replies it already refutes.  10x10 boards run the plain twin, fine for the last dozen empties.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from damero.engines.othello.kernel import (
    _NOT_COLUMN_A,
    _NOT_COLUMN_H,
    _SHIFT_1,
    _SHIFT_8,
    Geometry,
    Word,
    _flips,
    _legal_moves,
    _popcount,
    compiled,
)

_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_HASH_PLAYER = np.uint64(0x9E3779B97F4A7C15)
_HASH_OPPONENT = np.uint64(0xC2B2AE3D27D4EB4F)
_CORNERS = np.uint64(0x8100000000000081)

TABLE_BITS = 20
"""log2 of the number of transposition-table slots (about 20 MB at 2**20)."""

_SHALLOW_EMPTIES = 6
"""At or below this many empties the solver skips the table and sorting and uses parity order."""

_ETC_EMPTIES = 12
"""From this many empties up, the table is probed for every reply before searching any."""

_PROBE_EMPTIES = 14
"""From this many empties up, moves are ordered by a shallow search instead of mobility alone."""

_PROBE_DEPTH_MAX = 6
_PROBE_WINDOW = 1_000_000

_NO_MOVE = -1
_BOUND_MAX = 127


class SolverTable(NamedTuple):
    """The compiled solver's transposition table: exact bounds of positions keyed by both boards.

    Kept between calls so that consecutive solves (a whole game, the search's last plies) share
    what they learnt; entries are exact whatever the window, so it never goes stale.  A named
    tuple so that the compiled search passes it around as one argument.
    """

    players: npt.NDArray[np.uint64]
    opponents: npt.NDArray[np.uint64]
    lowers: npt.NDArray[np.int8]
    uppers: npt.NDArray[np.int8]
    moves: npt.NDArray[np.int8]
    shift: np.uint64

    @classmethod
    def create(cls, bits: int = TABLE_BITS) -> SolverTable:
        slots = 1 << bits
        return cls(
            np.zeros(slots, dtype=np.uint64),
            np.zeros(slots, dtype=np.uint64),
            np.zeros(slots, dtype=np.int8),
            np.zeros(slots, dtype=np.int8),
            np.full(slots, _NO_MOVE, dtype=np.int8),
            np.uint64(64 - bits),
        )


@compiled()
def _bit_index(single_bit: Word) -> int:
    return _popcount(single_bit - _ONE)


@compiled()
def _final_score(player: Word, opponent: Word, empties: int) -> int:
    difference = _popcount(player) - _popcount(opponent)
    if difference > 0:
        return difference + empties
    if difference < 0:
        return difference - empties
    return 0


@compiled()
def _last_empty(player: Word, opponent: Word, empty_bit: Word) -> int:
    """Exact score with one empty square left."""
    difference = _popcount(player) - _popcount(opponent)
    flipped = _flips(player, opponent, empty_bit)
    if flipped:
        return difference + 2 * _popcount(flipped) + 1
    flipped = _flips(opponent, player, empty_bit)
    if flipped:
        return difference - 2 * _popcount(flipped) - 1
    if difference > 0:
        return difference + 1
    return difference - 1


@compiled()
def _solve_shallow(
    player: Word,
    opponent: Word,
    board_mask: Word,
    quadrants: npt.NDArray[np.uint64],
    empties: int,
    alpha: int,
    beta: int,
    counters: npt.NDArray[np.int64],
) -> int:
    counters[0] += 1
    empty = board_mask & ~(player | opponent)
    if empties == 1:
        return _last_empty(player, opponent, empty)
    moves = _legal_moves(player, opponent, board_mask)
    if moves == _ZERO:
        if _legal_moves(opponent, player, board_mask) == _ZERO:
            return _final_score(player, opponent, empties)
        return -_solve_shallow(
            opponent, player, board_mask, quadrants, empties, -beta, -alpha, counters
        )
    best = -_BOUND_MAX
    # Odd quadrants first: the last move in a region tends to be the good one (parity).
    for parity_pass in range(2):
        for quadrant_index in range(quadrants.shape[0]):
            quadrant = quadrants[quadrant_index]
            is_odd = _popcount(empty & quadrant) & 1
            if (parity_pass == 0) != (is_odd == 1):
                continue
            candidates = moves & quadrant
            while candidates:
                move_bit = candidates & (_ZERO - candidates)
                candidates ^= move_bit
                flipped = _flips(player, opponent, move_bit)
                score = -_solve_shallow(
                    opponent ^ flipped,
                    player | flipped | move_bit,
                    board_mask,
                    quadrants,
                    empties - 1,
                    -beta,
                    -alpha,
                    counters,
                )
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            return best
    return best


@compiled()
def _neighbours(bits: Word) -> Word:
    """Squares next to any of `bits` in the 8x8 layout (the bits themselves may be included)."""
    east = (bits << _SHIFT_1) & _NOT_COLUMN_A
    west = (bits >> _SHIFT_1) & _NOT_COLUMN_H
    row = bits | east | west
    return east | west | (row << _SHIFT_8) | (row >> _SHIFT_8)


@compiled()
def _ordering_key(player: Word, opponent: Word, move_bit: Word, board_mask: Word) -> int:
    """Smaller first: the reply leaving the opponent least mobility, now and potential (Edax's
    fastest-first), with corners counted double in that mobility."""
    flipped = _flips(player, opponent, move_bit)
    next_player = opponent ^ flipped
    next_opponent = player | flipped | move_bit
    replies = _legal_moves(next_player, next_opponent, board_mask)
    empty = board_mask & ~(next_player | next_opponent)
    potential = _popcount(_neighbours(next_opponent) & empty)
    return 16 * (_popcount(replies) + _popcount(replies & _CORNERS)) + 2 * potential


@compiled()
def _probe(
    player: Word, opponent: Word, board_mask: Word, depth: int, alpha: int, beta: int
) -> int:
    """A shallow alpha-beta on mobility, corners and potential mobility, used only to order moves
    near the root of a big endgame, where a better first guess saves whole subtrees."""
    moves = _legal_moves(player, opponent, board_mask)
    replies = _legal_moves(opponent, player, board_mask)
    if moves == _ZERO and replies == _ZERO:
        empties = _popcount(board_mask & ~(player | opponent))
        return 1000 * _final_score(player, opponent, empties)
    if depth <= 0:
        empty = board_mask & ~(player | opponent)
        return (
            8 * (_popcount(moves) - _popcount(replies))
            + 40 * (_popcount(player & _CORNERS) - _popcount(opponent & _CORNERS))
            + 2
            * (_popcount(_neighbours(opponent) & empty) - _popcount(_neighbours(player) & empty))
        )
    if moves == _ZERO:
        return -_probe(opponent, player, board_mask, depth - 1, -beta, -alpha)
    best = -1_000_000
    while moves:
        move_bit = moves & (_ZERO - moves)
        moves ^= move_bit
        flipped = _flips(player, opponent, move_bit)
        score = -_probe(
            opponent ^ flipped, player | flipped | move_bit, board_mask, depth - 1, -beta, -alpha
        )
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


@compiled()
def _table_slot(player: Word, opponent: Word, shift: Word) -> int:
    return int(np.int64(((player * _HASH_PLAYER) ^ (opponent * _HASH_OPPONENT)) >> shift))


@compiled()
def _find(table: SolverTable, player: Word, opponent: Word, home: int) -> int:
    """The slot holding the position in its two-slot bucket, or -1."""
    if table.players[home] == player and table.opponents[home] == opponent:
        return home
    other = home ^ 1
    if table.players[other] == player and table.opponents[other] == opponent:
        return other
    return -1


@compiled()
def _victim(table: SolverTable, board_mask: Word, home: int) -> int:
    """The slot of the bucket to overwrite: a free one, else the one with the smaller subtree
    (fewer empties), so the costly results stay."""
    other = home ^ 1
    home_taken = table.players[home] | table.opponents[home]
    if home_taken == _ZERO:
        return home
    other_taken = table.players[other] | table.opponents[other]
    if other_taken == _ZERO:
        return other
    home_empties = _popcount(board_mask & ~home_taken)
    other_empties = _popcount(board_mask & ~other_taken)
    return home if home_empties <= other_empties else other


@compiled()
def _solve_deep(
    player: Word,
    opponent: Word,
    board_mask: Word,
    quadrants: npt.NDArray[np.uint64],
    empties: int,
    alpha: int,
    beta: int,
    ply: int,
    table: SolverTable,
    counters: npt.NDArray[np.int64],
) -> int:
    """The score within (alpha, beta); at the root (`ply` 0) also the best square, -1 to pass.

    `counters` holds the nodes searched, the node budget, 1 once the budget stopped the search,
    and the root's best square.  A score at or below alpha is an upper bound and at or above beta
    a lower bound, with the root's move then unproven; inside the window both are exact.  The
    root never stops at the table (a cutoff there would leave no move to report), stays out of
    it, and orders its moves by the quick key alone.
    """
    is_root = ply == 0
    if not is_root:
        if empties <= _SHALLOW_EMPTIES:
            return _solve_shallow(
                player, opponent, board_mask, quadrants, empties, alpha, beta, counters
            )
        counters[0] += 1
        if counters[0] > counters[1]:
            # Over the node budget: unwind at once; the caller discards the result and the table.
            counters[2] = 1
            return 0
    moves = _legal_moves(player, opponent, board_mask)
    if moves == _ZERO:
        if _legal_moves(opponent, player, board_mask) == _ZERO:
            return _final_score(player, opponent, empties)
        return -_solve_deep(
            opponent,
            player,
            board_mask,
            quadrants,
            empties,
            -beta,
            -alpha,
            ply + 1,
            table,
            counters,
        )
    if is_root:
        counters[0] += 1
    home = _table_slot(player, opponent, table.shift)
    slot = -1 if is_root else _find(table, player, opponent, home)
    table_move = _NO_MOVE
    if slot >= 0:
        lower = int(table.lowers[slot])
        upper = int(table.uppers[slot])
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        alpha = max(alpha, lower)
        beta = min(beta, upper)
        table_move = int(table.moves[slot])
    original_alpha = alpha

    # Fastest first: the reply that leaves the opponent the fewest moves, corners before others.
    count = _popcount(moves)
    move_bits = np.empty(count, dtype=np.uint64)
    keys = np.empty(count, dtype=np.int64)
    index = 0
    remaining = moves
    while remaining:
        move_bit = remaining & (_ZERO - remaining)
        remaining ^= move_bit
        if empties >= _ETC_EMPTIES and not is_root:
            # Enhanced transposition cutoff: a reply the table already refutes ends the search.
            flipped = _flips(player, opponent, move_bit)
            next_player = opponent ^ flipped
            next_opponent = player | flipped | move_bit
            child = _find(
                table,
                next_player,
                next_opponent,
                _table_slot(next_player, next_opponent, table.shift),
            )
            if child >= 0:
                refuted = -int(table.uppers[child])
                if refuted >= beta:
                    return refuted
        if empties >= _PROBE_EMPTIES and not is_root:
            flipped = _flips(player, opponent, move_bit)
            # Computed, not literal, bounds: a recursive compiled function must always be called
            # with the same argument types, or its on-disk cache breaks (numba issue 6713).
            window = _PROBE_WINDOW + 0 * empties
            key = _probe(
                opponent ^ flipped,
                player | flipped | move_bit,
                board_mask,
                min(_PROBE_DEPTH_MAX, 2 + (empties - _PROBE_EMPTIES) // 2),
                -window,
                window,
            )
        else:
            key = _ordering_key(player, opponent, move_bit, board_mask)
        if _bit_index(move_bit) == table_move:
            key = -10_000_000
        # Insertion keeps the arrays sorted by key as they fill.
        position = index
        while position > 0 and keys[position - 1] > key:
            keys[position] = keys[position - 1]
            move_bits[position] = move_bits[position - 1]
            position -= 1
        keys[position] = key
        move_bits[position] = move_bit
        index += 1

    best = -_BOUND_MAX
    best_move = _NO_MOVE
    for index in range(count):
        move_bit = move_bits[index]
        flipped = _flips(player, opponent, move_bit)
        next_player = opponent ^ flipped
        next_opponent = player | flipped | move_bit
        # A null window proves a later move no better; only a surprise pays for a full search.
        score = -_solve_deep(
            next_player,
            next_opponent,
            board_mask,
            quadrants,
            empties - 1,
            -beta if index == 0 else -alpha - 1,
            -alpha,
            ply + 1,
            table,
            counters,
        )
        if index > 0 and alpha < score < beta:
            score = -_solve_deep(
                next_player,
                next_opponent,
                board_mask,
                quadrants,
                empties - 1,
                -beta,
                -score,
                ply + 1,
                table,
                counters,
            )
        if score > best:
            best = score
            best_move = _bit_index(move_bit)
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break

    if is_root:
        counters[3] = best_move
        return best
    if slot < 0:
        slot = _victim(table, board_mask, home)
    table.players[slot] = player
    table.opponents[slot] = opponent
    table.moves[slot] = best_move
    if best <= original_alpha:
        table.lowers[slot] = -_BOUND_MAX
        table.uppers[slot] = best
    elif best >= beta:
        table.lowers[slot] = best
        table.uppers[slot] = _BOUND_MAX
    else:
        table.lowers[slot] = best
        table.uppers[slot] = best
    return best


def _quadrants(geometry: Geometry) -> npt.NDArray[np.uint64]:
    half = geometry.size // 2
    quadrants = []
    for top in (0, half):
        for left in (0, half):
            mask = 0
            for row in range(top, top + half):
                for column in range(left, left + half):
                    mask |= geometry.bit(row, column)
            quadrants.append(mask)
    return np.array(quadrants, dtype=np.uint64)


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
    """False when the node limit stopped the solver: then score and move mean nothing."""


class EndgameSolver:
    """An exact solver for one board size, keeping its transposition table between solves."""

    def __init__(self, geometry: Geometry, *, table_bits: int = TABLE_BITS) -> None:
        self.geometry = geometry
        self._quadrants = _quadrants(geometry) if geometry.is_compiled else None
        self._table_bits = table_bits
        self._table = SolverTable.create(table_bits) if geometry.is_compiled else None
        self._plain_table: dict[tuple[int, int], tuple[int, int, int]] = {}

    def solve(
        self,
        player: int,
        opponent: int,
        *,
        alpha: int = -_BOUND_MAX,
        beta: int = _BOUND_MAX,
        node_limit: int | None = None,
        guess: int = 0,
    ) -> Solution:
        """The exact score within (alpha, beta) and a best move, from the side to move.

        A full window is searched as a series of narrow windows converging from `guess` (MTD),
        which on boards up to 8x8 costs less than one wide search.  With `node_limit`, gives up
        after about that many nodes (boards up to 8x8 only; the plain solver ignores it) and
        answers a Solution whose `is_complete` is False.
        """
        if not self.geometry.is_compiled:
            solver = _PlainSolver(self.geometry, self._plain_table)
            score, move_bit = solver.root(player, opponent, alpha, beta)
            return Solution(score, move_bit, solver.nodes)
        counters = np.zeros(4, dtype=np.int64)
        counters[1] = np.iinfo(np.int64).max if node_limit is None else node_limit
        if alpha > -_BOUND_MAX or beta < _BOUND_MAX:
            return self._solve_window(player, opponent, alpha, beta, counters)
        lower, upper = -_BOUND_MAX, _BOUND_MAX
        target = guess
        while True:
            probe = self._solve_window(player, opponent, target - 1, target + 1, counters)
            if not probe.is_complete or target - 1 < probe.score < target + 1:
                return probe
            if probe.score <= target - 1:
                upper = probe.score
            else:
                lower = probe.score
            target = max(lower, min(upper, probe.score))

    def _solve_window(
        self, player: int, opponent: int, alpha: int, beta: int, counters: npt.NDArray[np.int64]
    ) -> Solution:
        assert self._table is not None and self._quadrants is not None
        counters[3] = _NO_MOVE
        empties = (self.geometry.board_mask & ~(player | opponent)).bit_count()
        score = _solve_deep(
            np.uint64(player),
            np.uint64(opponent),
            np.uint64(self.geometry.board_mask),
            self._quadrants,
            empties,
            alpha,
            beta,
            0,
            self._table,
            counters,
        )
        square = int(counters[3])
        if counters[2]:
            # Unwinding left made-up bounds in the table: start it afresh.
            self._table = SolverTable.create(self._table_bits)
            return Solution(0, 0, int(counters[0]), is_complete=False)
        return Solution(int(score), 0 if square < 0 else 1 << square, int(counters[0]))


class _PlainSolver:
    """The plain twin of the compiled solver: same scores, any size, Python integers."""

    def __init__(
        self, geometry: Geometry, table: dict[tuple[int, int], tuple[int, int, int]]
    ) -> None:
        self.geometry = geometry
        self.table = table
        self.nodes = 0

    def final_score(self, player: int, opponent: int) -> int:
        empties = (self.geometry.board_mask & ~(player | opponent)).bit_count()
        difference = player.bit_count() - opponent.bit_count()
        if difference > 0:
            return difference + empties
        if difference < 0:
            return difference - empties
        return 0

    def ordered_moves(self, player: int, opponent: int, moves: int, hint: int) -> list[int]:
        geometry = self.geometry
        keyed = []
        while moves:
            move_bit = moves & -moves
            moves ^= move_bit
            next_player, next_opponent = geometry.play(player, opponent, move_bit)
            key = geometry.legal_moves(next_player, next_opponent).bit_count()
            keyed.append((-1 if move_bit == hint else key, move_bit))
        keyed.sort()
        return [move_bit for _, move_bit in keyed]

    def root(self, player: int, opponent: int, alpha: int, beta: int) -> tuple[int, int]:
        geometry = self.geometry
        moves = geometry.legal_moves(player, opponent)
        if not moves:
            if not geometry.legal_moves(opponent, player):
                return self.final_score(player, opponent), 0
            return -self.search(opponent, player, -beta, -alpha, passed=True), 0
        best, best_move = -_BOUND_MAX, 0
        for move_bit in self.ordered_moves(player, opponent, moves, 0):
            next_player, next_opponent = geometry.play(player, opponent, move_bit)
            score = -self.search(next_player, next_opponent, -beta, -alpha, passed=False)
            if score > best:
                best, best_move = score, move_bit
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best, best_move

    def search(self, player: int, opponent: int, alpha: int, beta: int, *, passed: bool) -> int:
        self.nodes += 1
        geometry = self.geometry
        moves = geometry.legal_moves(player, opponent)
        if not moves:
            if passed:
                return self.final_score(player, opponent)
            return -self.search(opponent, player, -beta, -alpha, passed=True)
        key = (player, opponent)
        hint = 0
        entry = self.table.get(key)
        if entry is not None:
            lower, upper, hint = entry
            if lower >= beta or lower == upper:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        original_alpha = alpha
        best, best_move = -_BOUND_MAX, 0
        for move_bit in self.ordered_moves(player, opponent, moves, hint):
            next_player, next_opponent = geometry.play(player, opponent, move_bit)
            score = -self.search(next_player, next_opponent, -beta, -alpha, passed=False)
            if score > best:
                best, best_move = score, move_bit
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        if best <= original_alpha:
            self.table[key] = (-_BOUND_MAX, best, best_move)
        elif best >= beta:
            self.table[key] = (best, _BOUND_MAX, best_move)
        else:
            self.table[key] = (best, best, best_move)
        return best
