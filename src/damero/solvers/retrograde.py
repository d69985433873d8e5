"""The exact value of every Four Cats and the Mouse position, by retrograde analysis over a dense table.

A position with the mouse placed is the mouse's square, the set of the four cats' squares and
the side to move: 32 x C(32, 4) x 2 = 2,301,440 entries. The 287,680 with the mouse on a cat
are not positions; the other 2,013,760 are all solved, although fewer than half of them
(895,363) ever arise in a game. The game cannot repeat itself: every cat move takes a
cat one row nearer row 8, so the cats' total advancement (the sum of their rows, less 4) grows by
one every two plies. That orders the table: the cats to move depend only on positions one step
more advanced, and the mouse to move only on the cats to move with the same cats. One sweep from
the most advanced cats back to the start therefore settles every entry exactly once, with no
repeated passes, each layer as a few numpy gathers over precomputed successor indices.

Values are from the side to move, in `Verdict`s shared with the negamax solver: the winner wins
as fast as it can, the loser holds out as long as it can, and `plies` counts the moves left.
There are no draws: every game ends.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from damero.core import Message, Side
from damero.rules.catmouse import (
    CAT_START,
    CATS,
    ESCAPE_SQUARES,
    MOUSE,
    MOUSE_STARTS,
    CatMousePosition,
    MouseMove,
    Move,
    forward_neighbours,
    neighbours,
    square_row,
)
from damero.solvers.negamax import Verdict

Int8Array = npt.NDArray[np.int8]
IntArray = npt.NDArray[np.intp]
BoolArray = npt.NDArray[np.bool_]

SQUARE_COUNT = 32
CAT_SET_COUNT = 35960
"""C(32, 4): the sets of four distinct squares the cats can stand on."""

# Each entry is one signed byte. A win in p plies is WIN_CODE - p, a loss in p plies is
# -(WIN_CODE - p), and 0 marks an impossible entry (the mouse on a cat). With this code the
# side to move picks the successor with the smallest code, whatever mix of wins and losses
# the successors hold, and `_code_before_move` turns that into its own value.
WIN_CODE = 100
_NO_MOVE = 127
"""The code a blocked move gets before the minimum, so that it is never chosen."""

_PADDING = SQUARE_COUNT
"""The 0-based index a square table uses for 'no square'; it always reads as occupied."""

_ESCAPE = np.array(sorted(square - 1 for square in ESCAPE_SQUARES), dtype=np.intp)


def _binomials() -> tuple[tuple[int, ...], ...]:
    """C(n, k) for n = 0..32 and k = 0..4, the weights of the cat-set rank."""
    return tuple(tuple(math.comb(n, k) for k in range(5)) for n in range(SQUARE_COUNT + 1))


_BINOMIALS = _binomials()
_BINOMIAL_ARRAY = np.array(_BINOMIALS, dtype=np.intp)


def cat_set_rank(cats: tuple[int, int, int, int]) -> int:
    """The dense index 0..35959 of a set of cat squares (1..32, increasing): its colex rank.

    >>> cat_set_rank((1, 2, 3, 4)), cat_set_rank((29, 30, 31, 32))
    (0, 35959)
    """
    weights = _BINOMIALS
    return (
        weights[cats[0] - 1][1]
        + weights[cats[1] - 1][2]
        + weights[cats[2] - 1][3]
        + weights[cats[3] - 1][4]
    )


def cat_set_of_rank(rank: int) -> tuple[int, int, int, int]:
    """The cat squares (1..32, increasing) whose `cat_set_rank` is `rank`; its inverse.

    >>> cat_set_of_rank(cat_set_rank((5, 9, 22, 30)))
    (5, 9, 22, 30)
    """
    if not 0 <= rank < CAT_SET_COUNT:
        raise ValueError(f"a cat-set rank is 0..{CAT_SET_COUNT - 1}, not {rank}")
    squares = [0, 0, 0, 0]
    for slot in (3, 2, 1, 0):
        square = slot
        while _BINOMIALS[square + 1][slot + 1] <= rank:
            square += 1
        rank -= _BINOMIALS[square][slot + 1]
        squares[slot] = square + 1
    return (squares[0], squares[1], squares[2], squares[3])


def _rank_array(sorted_zero_based: IntArray) -> IntArray:
    """`cat_set_rank` over the last axis of an array of sorted 0-based squares."""
    rank = np.zeros(sorted_zero_based.shape[:-1], dtype=np.intp)
    for slot in range(4):
        rank += _BINOMIAL_ARRAY[sorted_zero_based[..., slot], slot + 1]
    return rank


def _square_table(step: dict[int, tuple[int, ...]], width: int) -> IntArray:
    """A (32, width) table of 0-based destination squares, padded with `_PADDING`."""
    table = np.full((SQUARE_COUNT, width), _PADDING, dtype=np.intp)
    for square, targets in step.items():
        table[square - 1, : len(targets)] = [target - 1 for target in targets]
    return table


@dataclass(frozen=True)
class _Geometry:
    """The move structure of the whole table, computed once: who stands where, what follows what."""

    cat_squares: IntArray  # (sets, 4): 0-based cat squares of each set, by rank
    occupied: BoolArray  # (sets, 33): squares the cats hold; column 32 (padding) always set
    advancement: IntArray  # (sets,): sum of the cats' rows less 4, 0..28
    layers: tuple[IntArray, ...]  # the cat-set ranks of each advancement, 0 first
    cat_child: IntArray  # (sets, 8): rank after cat slot s steps forward its way d; sets if none
    cat_target: IntArray  # (sets, 8): the 0-based square that cat steps onto; 32 if none
    mouse_steps: IntArray  # (32, 4): the mouse's 0-based neighbours, padded with 32


def _geometry() -> _Geometry:
    combinations = np.array(list(itertools.combinations(range(SQUARE_COUNT), 4)), dtype=np.intp)
    cat_squares = np.empty_like(combinations)
    cat_squares[_rank_array(combinations)] = combinations
    sets = len(cat_squares)
    occupied = np.zeros((sets, SQUARE_COUNT + 1), dtype=np.bool_)
    occupied[np.arange(sets)[:, None], cat_squares] = True
    occupied[:, _PADDING] = True
    rows = np.array([square_row(square) for square in range(1, SQUARE_COUNT + 1)], dtype=np.intp)
    advancement = rows[cat_squares].sum(axis=1) - 4
    order = np.argsort(advancement, kind="stable")
    boundaries = np.searchsorted(advancement[order], np.arange(int(advancement.max()) + 2))
    layers = tuple(order[start:stop] for start, stop in itertools.pairwise(boundaries.tolist()))

    squares = range(1, SQUARE_COUNT + 1)
    forward = _square_table({square: forward_neighbours(square) for square in squares}, 2)
    targets = forward[cat_squares]  # (sets, 4 slots, 2 ways)
    can_step = ~occupied[np.arange(sets)[:, None, None], targets]
    after = np.broadcast_to(cat_squares[:, None, None, :], (sets, 4, 2, 4)).copy()
    for slot in range(4):
        after[:, slot, :, slot] = np.where(can_step[:, slot, :], targets[:, slot, :], 0)
    after.sort(axis=-1)
    cat_child = np.where(can_step, _rank_array(after), sets).reshape(sets, 8)
    cat_target = np.where(can_step, targets, _PADDING).reshape(sets, 8)
    mouse_steps = _square_table({square: neighbours(square) for square in squares}, 4)
    return _Geometry(cat_squares, occupied, advancement, layers, cat_child, cat_target, mouse_steps)


def _code_before_move(best: Int8Array) -> Int8Array:
    """The mover's code from the smallest successor code: a loss there is a win here, one ply longer.

    A successor lost in p plies (code p - 100) makes a win in p + 1 (99 - p); a successor won
    in p (100 - p) makes a loss in p + 1 (p - 99); no successor at all is a loss in 0.
    """
    wide = best.astype(np.int16)
    value = np.where(wide == _NO_MOVE, -WIN_CODE, -wide + np.sign(wide))
    return value.astype(np.int8)


def _solve(geometry: _Geometry) -> tuple[Int8Array, Int8Array]:
    """The codes of every entry, (mouse to move, cats to move), each indexed [cat set, mouse - 1]."""
    sets = len(geometry.cat_squares)
    # One extra row for 'no such cat move', read as blocked.
    mouse_to_move = np.full((sets + 1, SQUARE_COUNT), _NO_MOVE, dtype=np.int8)
    # One extra column for the padding square, never read unblocked.
    cats_to_move = np.zeros((sets, SQUARE_COUNT + 1), dtype=np.int8)
    mouse_squares = np.arange(SQUARE_COUNT)
    steps = geometry.mouse_steps
    for layer in reversed(geometry.layers):
        on_cat = geometry.occupied[layer, :SQUARE_COUNT]
        # The cats to move: each cat step leads to the mouse to move, one layer further on.
        successors = mouse_to_move[geometry.cat_child[layer]]  # (layer, 8 steps, 32 mice)
        onto_mouse = geometry.cat_target[layer][:, :, None] == mouse_squares
        successors[onto_mouse] = _NO_MOVE
        value = _code_before_move(successors.min(axis=1))
        value[:, _ESCAPE] = -WIN_CODE
        value[on_cat] = 0
        cats_to_move[layer, :SQUARE_COUNT] = value
        # The mouse to move: each step leads to the cats to move, with the same cats.
        successors = cats_to_move[layer][:, steps]  # (layer, 32 mice, 4 steps)
        successors[geometry.occupied[layer][:, steps]] = _NO_MOVE
        value = _code_before_move(successors.min(axis=2))
        value[:, _ESCAPE] = WIN_CODE
        value[on_cat] = 0
        mouse_to_move[layer] = value
    return mouse_to_move[:sets], cats_to_move[:, :SQUARE_COUNT]


def _verdict_of_code(code: int) -> Verdict:
    if code > 0:
        return Verdict("win", WIN_CODE - code)
    if code < 0:
        return Verdict("loss", WIN_CODE + code)
    raise ValueError("an impossible position: the mouse stands on a cat")


@dataclass(frozen=True, slots=True)
class PlacementResult:
    """The value of the game once the mouse is placed on `square`: who wins, and in how many plies."""

    square: int
    winner: Side
    plies: int


@dataclass(frozen=True, slots=True)
class CatMouseSummary:
    """The figures `damero catmouse solve` reports; see `CatMouseTablebase.summary` for their meaning."""

    legal_positions: int
    reachable_positions: int
    start: Verdict
    placements: tuple[PlacementResult, ...]


class CatMouseTablebase:
    """Every position's exact value, looked up in constant time; build it once with `tablebase()`.

    The table covers every arrangement of the five pieces with either side to move, including
    ones no game reaches; the start position before the placement is valued from its four
    placements.
    """

    def __init__(self) -> None:
        self._geometry = _geometry()
        self._mouse_to_move, self._cats_to_move = _solve(self._geometry)

    def _code(self, position: CatMousePosition) -> int:
        assert position.mouse is not None
        table = self._mouse_to_move if position.side_to_move is MOUSE else self._cats_to_move
        return int(table[cat_set_rank(position.cats), position.mouse - 1])

    def verdict(self, position: CatMousePosition) -> Verdict:
        """The exact value of `position` for its side to move (plies 0 once the game is over)."""
        if position.mouse is None:
            return max(
                (verdict for _, verdict in self.move_values(position)),
                key=lambda verdict: verdict.rank,
            )
        return _verdict_of_code(self._code(position))

    def move_values(self, position: CatMousePosition) -> list[tuple[Move, Verdict]]:
        """Every legal move with its value for the side moving, best first.

        Best means the fastest win, else the slowest loss; moves of equal value keep the
        rules' order (`legal_moves`), so the list is the same every time.
        """
        values = []
        for move in position.legal_moves():
            after = position.play(move)
            verdict = self.verdict(after)
            if after.side_to_move is position.side_to_move:
                # The placement: the mouse keeps the value it has after it, one ply later.
                values.append((move, Verdict(verdict.result, verdict.plies + 1)))
            else:
                values.append((move, verdict.before_move()))
        values.sort(key=lambda pair: pair[1].rank, reverse=True)
        return values

    def best_move(self, position: CatMousePosition) -> Move:
        """The first of `move_values`: it wins fastest, or loses slowest; ValueError if none."""
        values = self.move_values(position)
        if not values:
            raise ValueError(f"the game is over, there is no move to choose: {position!r}")
        return values[0][0]

    def results(self, side_to_move: Side) -> tuple[BoolArray, Int8Array]:
        """Every entry with `side_to_move` at once, as (won, plies), each [cat-set rank, mouse - 1].

        `won` says whether the side to move wins; entries with the mouse on a cat are not
        positions and read (False, -1).
        """
        table = self._mouse_to_move if side_to_move is MOUSE else self._cats_to_move
        plies = WIN_CODE - np.abs(table.astype(np.int16))
        plies[table == 0] = -1
        return table > 0, plies.astype(np.int8)

    def legal_mask(self) -> tuple[BoolArray, BoolArray]:
        """Which entries are legal positions, (mouse to move, cats to move), each [cat set, mouse - 1].

        A position with the mouse placed is legal when
        - the five pieces stand on five distinct squares;
        - the cats' squares can be reached from 1..4 by forward cat steps (1,437 of the 35,960
          sets of four squares cannot: a cat can only end up inside the cone below its start);
        - the mouse is not to move on 1..4: the game ends the moment it arrives there;
        - the number of moves made agrees with the side to move: every move after the
          placement takes exactly one piece one row up or down and turns alternate, so the
          parity of the mouse's row plus the four cats' rows changes with every move and
          tells the side to move, as it does in the positions just after the placement.
        Legal positions are not all reachable: the mouse may stand too far from row 8 for the
        moves made, or the cats may have had to pass through its square.
        """
        geometry = self._geometry
        sets = len(geometry.cat_squares)
        cats_reach = np.zeros(sets + 1, dtype=np.bool_)
        cats_reach[cat_set_rank(CAT_START)] = True
        for layer in geometry.layers:
            cats_reach[geometry.cat_child[layer[cats_reach[layer]]]] = True
        placed = CatMousePosition.start().play(MouseMove(MOUSE_STARTS[0]))
        assert placed.mouse is not None
        start_parity = (square_row(placed.mouse) + sum(map(square_row, placed.cats))) % 2
        rows = np.array([square_row(square) for square in range(1, SQUARE_COUNT + 1)])
        parity = (geometry.advancement[:, None] + 4 + rows[None, :]) % 2
        placed_side_parity = parity == start_parity
        possible = ~geometry.occupied[:, :SQUARE_COUNT] & cats_reach[:sets, None]
        if placed.side_to_move is MOUSE:
            mouse_to_move, cats_to_move = placed_side_parity, ~placed_side_parity
        else:
            mouse_to_move, cats_to_move = ~placed_side_parity, placed_side_parity
        mouse_to_move = mouse_to_move & possible
        mouse_to_move[:, _ESCAPE] = False
        return mouse_to_move, cats_to_move & possible

    def reachable_mask(self) -> tuple[BoolArray, BoolArray]:
        """Which entries a game reaches after a placement, (mouse to move, cats to move).

        A forward sweep through the cats' advancement: the four positions just after the
        placement, then every position a legal move leads to from a reached, unfinished one.
        """
        geometry = self._geometry
        sets = len(geometry.cat_squares)
        mouse_reached = np.zeros((sets + 1, SQUARE_COUNT + 1), dtype=np.bool_)
        cats_reached = np.zeros((sets, SQUARE_COUNT), dtype=np.bool_)
        start = CatMousePosition.start()
        for square in MOUSE_STARTS:
            placed = start.play(MouseMove(square))
            assert placed.mouse is not None
            seeds = mouse_reached if placed.side_to_move is MOUSE else cats_reached
            seeds[cat_set_rank(placed.cats), placed.mouse - 1] = True
        mouse_squares = np.arange(SQUARE_COUNT)
        for layer in geometry.layers:
            going_on = mouse_reached[layer]
            going_on[:, :SQUARE_COUNT] &= np.abs(self._mouse_to_move[layer]) != WIN_CODE
            # The mouse's steps are symmetric: n is a neighbour of m exactly when m is one of n.
            reached = going_on[:, geometry.mouse_steps].any(axis=2)
            reached &= ~geometry.occupied[layer, :SQUARE_COUNT]
            reached |= cats_reached[layer]
            cats_reached[layer] = reached
            going_on_cats = reached & (np.abs(self._cats_to_move[layer]) != WIN_CODE)
            onto_mouse = geometry.cat_target[layer][:, :, None] == mouse_squares
            stepping = going_on_cats[:, None, :] & ~onto_mouse
            stepping &= (geometry.cat_child[layer] != sets)[:, :, None]
            rows, steps, mice = np.nonzero(stepping)
            mouse_reached[geometry.cat_child[layer][rows, steps], mice] = True
        return mouse_reached[:sets, :SQUARE_COUNT], cats_reached

    def summary(self) -> CatMouseSummary:
        """The figures of the solved game.

        `legal_positions` counts the positions with the mouse placed that `legal_mask` accepts;
        `reachable_positions` those some game reaches after a placement (the four positions
        just after it included, the start before it not). `start` is the value of the start
        position, for the mouse about to place itself; `placements` the value of each of the
        four positions after the placement, with the mouse to move, as the winner and its
        number of plies.
        """
        legal_mouse, legal_cats = self.legal_mask()
        reached_mouse, reached_cats = self.reachable_mask()
        start = CatMousePosition.start()
        placements = []
        for square in MOUSE_STARTS:
            placed = start.play(MouseMove(square))
            verdict = self.verdict(placed)
            winner = placed.side_to_move if verdict.result == "win" else placed.side_to_move.other
            placements.append(PlacementResult(square, winner, verdict.plies))
        return CatMouseSummary(
            legal_positions=int(legal_mouse.sum() + legal_cats.sum()),
            reachable_positions=int(reached_mouse.sum() + reached_cats.sum()),
            start=self.verdict(start),
            placements=tuple(placements),
        )


@cache
def tablebase() -> CatMouseTablebase:
    """The solved table, built on first use and kept for the life of the process (about 10 MB)."""
    return CatMouseTablebase()


def summary_messages(summary: CatMouseSummary) -> tuple[Message, ...]:
    """The lines of `damero catmouse solve`, as catalogue messages."""
    start_key = "solve.catmouse_start_mouse_wins"
    if summary.start.result != "win":
        start_key = "solve.catmouse_start_cats_win"
    lines = [
        Message("solve.catmouse_legal", {"count": summary.legal_positions}),
        Message("solve.catmouse_reachable", {"count": summary.reachable_positions}),
        Message(start_key, {"plies": summary.start.plies}),
    ]
    for placement in summary.placements:
        key = "solve.catmouse_placement_mouse_wins"
        if placement.winner is CATS:
            key = "solve.catmouse_placement_cats_win"
        lines.append(Message(key, {"square": placement.square, "plies": placement.plies}))
    return tuple(lines)
