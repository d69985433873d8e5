"""The transposition table the compiled solver and search share in form: bounds keyed by both boards.

Slots come in two-slot buckets; a new entry takes a free slot of its bucket, else the one whose
result cost less (the smaller `depth`: empties for the solver, plies for the search).  Keys hold
both boards in full (two words each), so a hit is never a hash collision.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import Board, compiled, words

TABLE_BITS = 20
"""log2 of the number of slots (about 40 MB at 2**20)."""

NO_MOVE = -1

_HASH = (
    np.uint64(0x9E3779B97F4A7C15),
    np.uint64(0xC2B2AE3D27D4EB4F),
    np.uint64(0x165667B19E3779F9),
    np.uint64(0xD6E8FEB86659FD93),
)


class Table(NamedTuple):
    """The table's columns.  A named tuple so that compiled code passes it as one argument."""

    keys: npt.NDArray[np.uint64]
    """Per slot: the low and high words of the side to move's board, then the other's."""
    depths: npt.NDArray[np.int8]
    lowers: npt.NDArray[np.int32]
    uppers: npt.NDArray[np.int32]
    moves: npt.NDArray[np.int8]
    """Bit number of the best move found, NO_MOVE if none."""
    estimated: npt.NDArray[np.bool_]
    """The search's entries that rest on the evaluation somewhere below (not exact)."""
    shift: np.uint64

    @classmethod
    def create(cls, bits: int = TABLE_BITS) -> Table:
        slots = 1 << bits
        return cls(
            np.zeros((slots, 4), dtype=np.uint64),
            np.full(slots, -1, dtype=np.int8),
            np.zeros(slots, dtype=np.int32),
            np.zeros(slots, dtype=np.int32),
            np.full(slots, NO_MOVE, dtype=np.int8),
            np.zeros(slots, dtype=np.bool_),
            np.uint64(64 - bits),
        )


@compiled
def home_slot(table: Table, player: Board, opponent: Board) -> int:
    """The first slot of the position's bucket."""
    player_low, player_high = words(player)
    opponent_low, opponent_high = words(opponent)
    mixed = (
        (player_low * _HASH[0])
        ^ (player_high * _HASH[1])
        ^ (opponent_low * _HASH[2])
        ^ (opponent_high * _HASH[3])
    )
    return int(np.int64(mixed >> table.shift)) & ~1


@compiled
def _holds(table: Table, slot: int, player: Board, opponent: Board) -> bool:
    player_low, player_high = words(player)
    opponent_low, opponent_high = words(opponent)
    key = table.keys[slot]
    return bool(
        table.depths[slot] >= 0
        and key[0] == player_low
        and key[1] == player_high
        and key[2] == opponent_low
        and key[3] == opponent_high
    )


@compiled
def find(table: Table, player: Board, opponent: Board, home: int) -> int:
    """The slot holding the position in its bucket, or -1."""
    if _holds(table, home, player, opponent):
        return home
    if _holds(table, home + 1, player, opponent):
        return home + 1
    return -1


@compiled
def store(
    table: Table,
    slot: int,
    home: int,
    player: Board,
    opponent: Board,
    depth: int,
    lower: int,
    upper: int,
    move: int,
    estimated: bool,
) -> None:
    """Keep a result in `slot` (the position's own, found earlier) or, if -1, in its bucket."""
    if slot < 0:
        other = home + 1
        slot = home if table.depths[home] <= table.depths[other] else other
    player_low, player_high = words(player)
    opponent_low, opponent_high = words(opponent)
    table.keys[slot, 0] = player_low
    table.keys[slot, 1] = player_high
    table.keys[slot, 2] = opponent_low
    table.keys[slot, 3] = opponent_high
    table.depths[slot] = depth
    table.lowers[slot] = lower
    table.uppers[slot] = upper
    table.moves[slot] = move
    table.estimated[slot] = estimated


@compiled
def stored_move(table: Table, player: Board, opponent: Board) -> int:
    """The best move kept for the position, NO_MOVE if none."""
    slot = find(table, player, opponent, home_slot(table, player, opponent))
    return NO_MOVE if slot < 0 else int(table.moves[slot])


@compiled
def bounds(best: int, original_alpha: int, beta: int, infinity: int) -> tuple[int, int]:
    """The (lower, upper) bounds a fail-soft search result `best` proves for a window."""
    if best <= original_alpha:
        return -infinity, best
    if best >= beta:
        return best, infinity
    return best, best


@compiled
def insert_by_key(
    keys: npt.NDArray[np.int64], squares: npt.NDArray[np.int64], filled: int, key: int, square: int
) -> None:
    """Adds a move to the first `filled` entries of the arrays, keeping them sorted by key."""
    position = filled
    while position > 0 and keys[position - 1] > key:
        keys[position] = keys[position - 1]
        squares[position] = squares[position - 1]
        position -= 1
    keys[position] = key
    squares[position] = square
