"""The transposition table the compiled solver and search share in form: bounds keyed by both boards.

Slots come in two-slot buckets; a new entry takes a free slot of its bucket, else the one whose
result cost less (the smaller `depth`: empties for the solver, plies for the search).  Keys hold
both boards in full (two words each), so a hit is never a hash collision.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import Board, compiled, inlined, words

TABLE_BITS = 20
"""log2 of the number of slots (about 40 MB at 2**20)."""

NO_MOVE = -1

NO_SCORE = -(1 << 40)
"""Below every score: a step that decides nothing, a node that has searched no move yet."""

_HASH = (
    np.uint64(0x9E3779B97F4A7C15),
    np.uint64(0xC2B2AE3D27D4EB4F),
    np.uint64(0x165667B19E3779F9),
    np.uint64(0xD6E8FEB86659FD93),
)


class Table(NamedTuple):
    """The table's columns.  A named tuple so that compiled code passes it as one argument.

    Several threads read and write one table at once without locks (Hyatt's lockless hashing):
    a slot's result is one packed word, and its key words are stored xored with that word, so a
    slot caught half written by another thread reads as another position's and is ignored.
    """

    slots: npt.NDArray[np.uint64]
    """A row per slot, so that one probe touches one stretch of memory: the result packed by
    `pack` (0: a free slot), then the low and high words of the side to move's board and the
    other's, each xored with the result."""
    shift: np.uint64

    @classmethod
    def create(cls, bits: int = TABLE_BITS) -> Table:
        return cls(np.zeros((1 << bits, _ROW), dtype=np.uint64), np.uint64(64 - bits))

    def entry(self, slot: int) -> int:
        """The packed result in `slot`."""
        return int(np.int64(self.slots[slot, 0]))


_ROW = 5


_BOUND_OFFSET = 1 << 23
_BOUND_MASK = (1 << 24) - 1


@compiled
def pack(depth: int, lower: int, upper: int, move: int, estimated: bool) -> int:
    """One word for a result: bounds of up to 2**23 either way, a move of -1 to 126, a depth of 0
    to 125, whether it rests on the evaluation."""
    return (
        (lower + _BOUND_OFFSET)
        | ((upper + _BOUND_OFFSET) << 24)
        | ((move + 1) << 48)
        | ((depth + 2) << 55)
        | ((1 if estimated else 0) << 62)
    )


@compiled
def entry_lower(entry: int) -> int:
    return (entry & _BOUND_MASK) - _BOUND_OFFSET


@compiled
def entry_upper(entry: int) -> int:
    return ((entry >> 24) & _BOUND_MASK) - _BOUND_OFFSET


@compiled
def entry_move(entry: int) -> int:
    """Bit number of the best move found, NO_MOVE if none."""
    return ((entry >> 48) & 127) - 1


@compiled
def entry_depth(entry: int) -> int:
    """The cost of the result: empties for the solver, plies for the search; -2 for a free slot."""
    return ((entry >> 55) & 127) - 2


@compiled
def entry_estimated(entry: int) -> bool:
    """Whether a search result rests on the evaluation somewhere below (not exact)."""
    return bool((entry >> 62) & 1)


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
def _read(table: Table, slot: int, player: Board, opponent: Board) -> int:
    """The slot's entry if it holds the position, else 0; read once, so that it stays consistent
    while other threads write."""
    # Indexed in two dimensions: a row view would count references to the table's memory, an
    # atomic write that threads sharing the table would contend for.
    slots = table.slots
    check = slots[slot, 0]
    if check == 0:
        return 0
    player_low, player_high = words(player)
    opponent_low, opponent_high = words(opponent)
    if (
        slots[slot, 1] ^ check == player_low
        and slots[slot, 2] ^ check == player_high
        and slots[slot, 3] ^ check == opponent_low
        and slots[slot, 4] ^ check == opponent_high
    ):
        return int(np.int64(check))
    return 0


@compiled
def find(table: Table, player: Board, opponent: Board, home: int) -> tuple[int, int]:
    """The slot holding the position in its bucket and its entry, or (-1, 0)."""
    entry = _read(table, home, player, opponent)
    if entry != 0:
        return home, entry
    entry = _read(table, home + 1, player, opponent)
    if entry != 0:
        return home + 1, entry
    return -1, 0


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
        home_depth = entry_depth(int(np.int64(table.slots[home, 0])))
        slot = home if home_depth <= entry_depth(int(np.int64(table.slots[other, 0]))) else other
    check = np.uint64(pack(depth, lower, upper, move, estimated))
    player_low, player_high = words(player)
    opponent_low, opponent_high = words(opponent)
    slots = table.slots
    slots[slot, 1] = player_low ^ check
    slots[slot, 2] = player_high ^ check
    slots[slot, 3] = opponent_low ^ check
    slots[slot, 4] = opponent_high ^ check
    slots[slot, 0] = check


@compiled
def stored_move(table: Table, player: Board, opponent: Board) -> int:
    """The best move kept for the position, NO_MOVE if none."""
    slot, entry = find(table, player, opponent, home_slot(table, player, opponent))
    return NO_MOVE if slot < 0 else entry_move(entry)


@compiled
def bounds(best: int, original_alpha: int, beta: int, infinity: int) -> tuple[int, int]:
    """The (lower, upper) bounds a fail-soft search result `best` proves for a window."""
    if best <= original_alpha:
        return -infinity, best
    if best >= beta:
        return best, infinity
    return best, best


@inlined
def table_window(
    table: Table, player: Board, opponent: Board, depth: int, alpha: int, beta: int, decide: bool
) -> tuple[int, int, int, int, int, int, bool]:
    """What the table holds for a position: its slot (-1: none) and bucket, the best move kept;
    then, when `decide` and the result kept is at least `depth` deep, the window narrowed by its
    bounds, a score if they settle it (else NO_SCORE), and whether that result rests on
    estimates."""
    home = home_slot(table, player, opponent)
    slot, entry = find(table, player, opponent, home)
    if slot < 0:
        return slot, home, NO_MOVE, alpha, beta, NO_SCORE, False
    move = entry_move(entry)
    if not decide or entry_depth(entry) < depth:
        return slot, home, move, alpha, beta, NO_SCORE, False
    lower = entry_lower(entry)
    upper = entry_upper(entry)
    estimated = entry_estimated(entry)
    if lower >= beta or lower == upper:
        return slot, home, move, alpha, beta, lower, estimated
    if upper <= alpha:
        return slot, home, move, alpha, beta, upper, estimated
    return slot, home, move, max(alpha, lower), min(beta, upper), NO_SCORE, estimated
