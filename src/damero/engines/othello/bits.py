"""Compiled bitboard primitives for the engine's two layouts, written once for both.

A *narrow* board (sizes 4 to 8) is one unsigned 64-bit word in the 8x8 layout, bit
`row * 8 + column`, the smaller boards sitting in its top-left corner.  A *wide* board (10x10) is
a pair of words (low, high) holding the 100 bits of the rules' layout, bit `row * 10 + column`.
The search, the solver and the evaluation are written against the functions here and the bit
operators, which work on both (numba compiles one version per layout), so every size runs
compiled.  Nothing outside `engines/othello/` sees either layout.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import types
from numba.core.datamodel.models import ArrayModel
from numba.extending import intrinsic, overload, register_model

from damero.engines.othello.cache import CACHING

FunctionT = TypeVar("FunctionT", bound=Callable[..., Any])

Board = Any
"""A board inside compiled code: a numpy unsigned 64-bit word (narrow) or a pair of them (wide).
Typed loosely because numpy's stubs cannot follow the bit arithmetic on it."""


def compiled(function: FunctionT) -> FunctionT:
    """Compile with numba, releasing the interpreter lock, cached on disk (where it can be) so
    only a first run compiles."""
    return cast(FunctionT, numba.njit(cache=CACHING, nogil=True)(function))


def inlined(function: FunctionT) -> FunctionT:
    """`compiled`, and written into each compiled caller before it is typed.  A step of a
    recursive search that calls the search back must be inlined: numba caches a function calling
    itself, but code cached across two functions calling each other crashes when loaded."""
    return cast(FunctionT, numba.njit(cache=CACHING, nogil=True, inline="always")(function))


# Every constant the compiled code touches is an unsigned 64-bit value: numba turns a mix of
# signed and unsigned integers into signed ones, and a signed right shift drags the sign along.
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_SHIFT_1 = np.uint64(1)
_SHIFT_7 = np.uint64(7)
_SHIFT_8 = np.uint64(8)
_SHIFT_9 = np.uint64(9)
_NOT_COLUMN_A = np.uint64(0xFEFEFEFEFEFEFEFE)
_NOT_COLUMN_H = np.uint64(0x7F7F7F7F7F7F7F7F)
_INNER_COLUMNS = np.uint64(0x7E7E7E7E7E7E7E7E)

WIDE_SIZE = 10
_WORD = (1 << 64) - 1


def split(bits: int) -> tuple[np.uint64, np.uint64]:
    """A Python integer of up to 128 bits as the (low, high) words of a wide board."""
    return np.uint64(bits & _WORD), np.uint64(bits >> 64)


def join(board: tuple[Any, Any]) -> int:
    """The Python integer of a wide board."""
    return int(board[0]) | (int(board[1]) << 64)


def _wide_constant(bits: int) -> tuple[np.uint64, np.uint64]:
    return split(bits)


_WIDE_ALL = (1 << (WIDE_SIZE * WIDE_SIZE)) - 1
_WIDE_FIRST_COLUMN = sum(1 << (row * WIDE_SIZE) for row in range(WIDE_SIZE))
_WIDE_NOT_FIRST = _wide_constant(_WIDE_ALL & ~_WIDE_FIRST_COLUMN)
_WIDE_NOT_LAST = _wide_constant(_WIDE_ALL & ~(_WIDE_FIRST_COLUMN << (WIDE_SIZE - 1)))
_WIDE_BOARD = _wide_constant(_WIDE_ALL)


def _is_wide(board_type: Any) -> bool:
    return (
        isinstance(board_type, types.UniTuple)
        and board_type.count == 2
        and isinstance(board_type.dtype, types.Integer)
    )


def _is_narrow(board_type: Any) -> bool:
    return isinstance(board_type, types.Integer)


# The bit operators on wide boards, word by word (narrow boards have them already).


@overload(operator.and_, strict=False)
@overload(operator.iand, strict=False)
def _wide_and(left: Any, right: Any) -> Any:
    if _is_wide(left) and _is_wide(right):
        return lambda left, right: (left[0] & right[0], left[1] & right[1])
    return None


@overload(operator.or_, strict=False)
@overload(operator.ior, strict=False)
def _wide_or(left: Any, right: Any) -> Any:
    if _is_wide(left) and _is_wide(right):
        return lambda left, right: (left[0] | right[0], left[1] | right[1])
    return None


@overload(operator.xor, strict=False)
@overload(operator.ixor, strict=False)
def _wide_xor(left: Any, right: Any) -> Any:
    if _is_wide(left) and _is_wide(right):
        return lambda left, right: (left[0] ^ right[0], left[1] ^ right[1])
    return None


@overload(operator.invert, strict=False)
def _wide_invert(board: Any) -> Any:
    if _is_wide(board):
        return lambda board: (~board[0], ~board[1])
    return None


# Narrow kernels.


def _primitive(typing: Callable[..., Any]) -> Callable[..., Any]:
    """A compiled-code function, `typing` saying how to build it in LLVM."""
    return cast(Callable[..., Any], intrinsic(typing))


@_primitive
def _set_bits(typing_context: Any, bits: Any) -> Any:
    """LLVM's population count: one instruction on processors that have it."""

    def generate(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
        return builder.ctpop(arguments[0])

    return bits(bits), generate


class BorrowedArray(types.Array):
    """The type of `borrowed`'s views: an array whose references compiled code never counts."""

    def __init__(self, dtype: Any, ndim: int, layout: Any) -> None:
        super().__init__(dtype, ndim, layout, name=f"borrowed array({dtype}, {ndim}d, {layout})")


@register_model(BorrowedArray)
class _BorrowedModel(ArrayModel):
    """An array's layout, without a reference count to keep: copying such a view (a variable, an
    argument of an inlined function, a field of a tuple) costs nothing."""

    def traverse(self, builder: Any) -> list[Any]:
        """No member holds a count either (the runtime looks for counts through this)."""
        return []


@_primitive
def borrowed(typing_context: Any, array: Any) -> Any:
    """A view of `array` that compiled code does not count references to.

    Every copy of an array in compiled code counts its references up and down: calls into the
    runtime, atomic operations on counters that the threads of a parallel search share, which
    cost a tenth of the solver's and the search's time and more once its steps take the arrays
    as arguments.  A search's arrays outlive it (Python holds them for the call), so the
    recursion passes views without a count; they must never be kept or returned to Python.
    """

    def generate(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
        view = context.make_array(signature.args[0])(context, builder, value=arguments[0])
        view.meminfo = view.meminfo.type(None)
        return view._getvalue()

    return BorrowedArray(array.dtype, array.ndim, array.layout)(array), generate


@_primitive
def _trailing_zeros(typing_context: Any, bits: Any) -> Any:
    """LLVM's count of trailing zero bits, left undefined for zero (callers never pass it)."""

    def generate(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
        return builder.cttz(arguments[0], context.get_constant(types.boolean, True))

    return bits(bits), generate


@compiled
def popcount(bits: Board) -> int:
    """Set bits of one word."""
    return int(np.int64(_set_bits(np.uint64(bits))))


@compiled
def _bit_number(bits: Board) -> int:
    """The number of the lowest set bit of a non-zero word."""
    return int(np.int64(_trailing_zeros(np.uint64(bits))))


@compiled
def _moves_one_direction(player: Board, mask: Board, shift: Board) -> Board:
    """Squares reached from `player` over a run of `mask` discs along one line, both ways (Edax)."""
    double_shift = shift + shift
    flip_left = mask & (player << shift)
    flip_right = mask & (player >> shift)
    flip_left |= mask & (flip_left << shift)
    flip_right |= mask & (flip_right >> shift)
    pair_left = mask & (mask << shift)
    pair_right = pair_left >> shift
    flip_left |= pair_left & (flip_left << double_shift)
    flip_right |= pair_right & (flip_right >> double_shift)
    flip_left |= pair_left & (flip_left << double_shift)
    flip_right |= pair_right & (flip_right >> double_shift)
    return (flip_left << shift) | (flip_right >> shift)


@compiled
def _narrow_moves(player: Board, opponent: Board, board_mask: Board) -> Board:
    inner = opponent & _INNER_COLUMNS
    moves = _moves_one_direction(player, inner, _SHIFT_1)
    moves |= _moves_one_direction(player, opponent, _SHIFT_8)
    moves |= _moves_one_direction(player, inner, _SHIFT_7)
    moves |= _moves_one_direction(player, inner, _SHIFT_9)
    return moves & ~(player | opponent) & board_mask


class _Lanes:
    """LLVM vectors of two words, for a kernel that follows two directions at a time: the
    processor's 128-bit vector instructions, except the count of leading zeros, taken a lane
    at a time (`leading_zeros`).  Four directions in 256 bits made the solver quicker still
    but the midgame search a third slower; the moves found two lines at a time made perft half
    as quick again but the solver 5% slower, so they are found a line at a time."""

    width = 2

    def __init__(self, builder: Any) -> None:
        self.builder = builder
        self.word = ir.IntType(64)
        self.type = ir.VectorType(self.word, self.width)

    def each(self, values: list[int]) -> Any:
        return ir.Constant(self.type, values)

    def every(self, value: int) -> Any:
        return self.each([value] * self.width)

    def splat(self, value: Any) -> Any:
        lane_number = ir.IntType(32)
        undefined = ir.Constant(self.type, ir.Undefined)
        lane = self.builder.insert_element(undefined, value, lane_number(0))
        first_lane = ir.Constant(ir.VectorType(lane_number, self.width), [0] * self.width)
        return self.builder.shuffle_vector(lane, lane, first_lane)

    def call(self, name: str, result: Any, *arguments: Any) -> Any:
        """A call of the LLVM intrinsic `name` (for a vector of words), declared on first use."""
        name = f"{name}.v{self.width}i64"
        module = self.builder.module
        function = module.globals.get(name)
        if function is None:
            parameters = [argument.type for argument in arguments]
            function = ir.Function(module, ir.FunctionType(result, parameters), name)
        return self.builder.call(function, arguments)

    def leading_zeros(self, vector: Any) -> Any:
        """Each lane's count of leading zero bits (none of them zero), a lane at a time: the
        processor's scalar count is one instruction, where a vector count without AVX-512 is
        some twenty byte shuffles and additions."""
        lane_number = ir.IntType(32)
        is_zero_undefined = ir.IntType(1)(1)
        counted = ir.Constant(self.type, ir.Undefined)
        for lane in range(self.width):
            word = self.builder.extract_element(vector, lane_number(lane))
            count = self.builder.ctlz(word, is_zero_undefined)
            counted = self.builder.insert_element(counted, count, lane_number(lane))
        return counted

    def either(self, vector: Any) -> Any:
        """The lanes ored into one word."""
        return self.call("llvm.vector.reduce.or", self.word, vector)


def _rays() -> np.ndarray:
    """Row `square`: the squares beyond `square` along each of the eight directions, up to the
    side of the 8x8 layout; directions 0-3 run towards higher bits, 4-7 towards lower ones."""
    steps = [(0, 1), (1, 0), (1, 1), (1, -1)]
    rays = np.zeros((64, 8), dtype=np.uint64)
    for direction, (row_step, column_step) in enumerate(steps + [(-r, -c) for r, c in steps]):
        for square in range(64):
            row, column = divmod(square, 8)
            while 0 <= row + row_step < 8 and 0 <= column + column_step < 8:
                row, column = row + row_step, column + column_step
                rays[square, direction] |= np.uint64(1 << (row * 8 + column))
    return rays


_RAYS = _rays()


@_primitive
def _flips_along_rays(
    typing_context: Any, rays: Any, square: Any, player: Any, opponent: Any
) -> Any:
    """The discs a move on `square` turns, from its row of `rays`, two directions at a time.

    Along each ray, the first square that is not the opponent's closes the run before it when
    it is the player's: the ray's lowest such bit for the directions towards higher bits, its
    highest for the others (with bit 0 standing in when there is none: it is then off the ray
    or the opponent's).  Squares off a smaller board are empty, so they close nothing.
    """

    def generate(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
        lanes = _Lanes(builder)
        table = context.make_array(signature.args[0])(context, builder, value=arguments[0])

        def load_rays(first_direction: int) -> Any:
            index = builder.add(
                builder.mul(arguments[1], lanes.word(8)), lanes.word(first_direction)
            )
            pointer = builder.gep(table.data, [index], inbounds=True)
            return builder.load(builder.bitcast(pointer, lanes.type.as_pointer()), align=8)

        def closed(closing: Any, flipped: Any) -> Any:
            """`flipped` where the closing square is the player's, else nothing."""
            is_closed = builder.icmp_unsigned("!=", builder.and_(closing, player), lanes.every(0))
            return builder.select(is_closed, flipped, lanes.every(0))

        player, not_opponent = lanes.splat(arguments[2]), lanes.splat(builder.not_(arguments[3]))
        one = lanes.every(1)
        flipped = lanes.every(0)
        for first_direction in (0, 2):
            upward, downward = load_rays(first_direction), load_rays(first_direction + 4)
            open_up = builder.and_(upward, not_opponent)
            closing_up = builder.and_(open_up, builder.neg(open_up))
            run_up = builder.and_(builder.sub(closing_up, one), upward)
            open_down = builder.or_(builder.and_(downward, not_opponent), one)
            leading = lanes.leading_zeros(open_down)
            closing_down = builder.and_(builder.lshr(lanes.every(1 << 63), leading), downward)
            below = builder.sub(builder.shl(closing_down, one), one)
            run_down = builder.and_(downward, builder.not_(below))
            runs = builder.or_(closed(closing_up, run_up), closed(closing_down, run_down))
            flipped = builder.or_(flipped, runs)
        return lanes.either(flipped)

    return types.uint64(rays, square, player, opponent), generate


@compiled
def _narrow_flips(player: Board, opponent: Board, move_bit: Board) -> Board:
    return _flips_along_rays(_RAYS, _bit_number(move_bit), player, opponent)


@compiled
def _narrow_around(bits: Board) -> Board:
    east = (bits << _SHIFT_1) & _NOT_COLUMN_A
    west = (bits >> _SHIFT_1) & _NOT_COLUMN_H
    row = bits | east | west
    return east | west | (row << _SHIFT_8) | (row >> _SHIFT_8)


@compiled
def _narrow_orthogonal(bits: Board) -> Board:
    return (
        ((bits << _SHIFT_1) & _NOT_COLUMN_A)
        | ((bits >> _SHIFT_1) & _NOT_COLUMN_H)
        | (bits << _SHIFT_8)
        | (bits >> _SHIFT_8)
    )


# Wide kernels: the same steps on two words.


@compiled
def _wide_shift(board: Board, amount: int) -> Board:
    """The board moved `amount` bits towards higher bits (lower when negative), 1 <= |amount| < 64."""
    low, high = board
    if amount > 0:
        step = np.uint64(amount)
        return (low << step, (high << step) | (low >> np.uint64(64 - amount)))
    step = np.uint64(-amount)
    return ((low >> step) | (high << np.uint64(64 + amount)), high >> step)


@compiled
def _wide_is_zero(board: Board) -> bool:
    return bool((board[0] | board[1]) == _ZERO)


@compiled
def _wide_moves_direction(
    player: Board, opponent: Board, empty: Board, amount: int, keep: Board
) -> Board:
    flanked = opponent & keep
    run = _wide_shift(player, amount) & flanked
    frontier = run
    while not _wide_is_zero(frontier):
        frontier = _wide_shift(frontier, amount) & flanked
        run |= frontier
    return _wide_shift(run, amount) & keep & empty


@compiled
def _wide_moves(player: Board, opponent: Board, board_mask: Board) -> Board:
    empty = board_mask & ~(player | opponent)
    moves = _wide_moves_direction(player, opponent, empty, 1, _WIDE_NOT_FIRST)
    moves |= _wide_moves_direction(player, opponent, empty, -1, _WIDE_NOT_LAST)
    moves |= _wide_moves_direction(player, opponent, empty, 10, _WIDE_BOARD)
    moves |= _wide_moves_direction(player, opponent, empty, -10, _WIDE_BOARD)
    moves |= _wide_moves_direction(player, opponent, empty, 11, _WIDE_NOT_FIRST)
    moves |= _wide_moves_direction(player, opponent, empty, -11, _WIDE_NOT_LAST)
    moves |= _wide_moves_direction(player, opponent, empty, 9, _WIDE_NOT_LAST)
    moves |= _wide_moves_direction(player, opponent, empty, -9, _WIDE_NOT_FIRST)
    return moves


@compiled
def _wide_line(player: Board, opponent: Board, move_bit: Board, amount: int, keep: Board) -> Board:
    line = (_ZERO, _ZERO)
    cursor = _wide_shift(move_bit, amount) & keep
    while not _wide_is_zero(cursor & opponent):
        line |= cursor
        cursor = _wide_shift(cursor, amount) & keep
    if _wide_is_zero(cursor & player):
        return (_ZERO, _ZERO)
    return line


@compiled
def _wide_flips(player: Board, opponent: Board, move_bit: Board) -> Board:
    return (
        _wide_line(player, opponent, move_bit, 1, _WIDE_NOT_FIRST)
        | _wide_line(player, opponent, move_bit, -1, _WIDE_NOT_LAST)
        | _wide_line(player, opponent, move_bit, 10, _WIDE_BOARD)
        | _wide_line(player, opponent, move_bit, -10, _WIDE_BOARD)
        | _wide_line(player, opponent, move_bit, 11, _WIDE_NOT_FIRST)
        | _wide_line(player, opponent, move_bit, -11, _WIDE_NOT_LAST)
        | _wide_line(player, opponent, move_bit, 9, _WIDE_NOT_LAST)
        | _wide_line(player, opponent, move_bit, -9, _WIDE_NOT_FIRST)
    )


@compiled
def _wide_orthogonal(bits: Board) -> Board:
    return (
        (_wide_shift(bits, 1) & _WIDE_NOT_FIRST)
        | (_wide_shift(bits, -1) & _WIDE_NOT_LAST)
        | (_wide_shift(bits, 10) & _WIDE_BOARD)
        | _wide_shift(bits, -10)
    )


@compiled
def _wide_around(bits: Board) -> Board:
    return (
        _wide_orthogonal(bits)
        | (_wide_shift(bits, 11) & _WIDE_NOT_FIRST)
        | (_wide_shift(bits, -11) & _WIDE_NOT_LAST)
        | (_wide_shift(bits, 9) & _WIDE_NOT_LAST)
        | (_wide_shift(bits, -9) & _WIDE_NOT_FIRST)
    )


# The generic face: one name per job, the layout chosen when numba compiles the caller.
# The Python bodies below are never run: numba replaces each through its `overload`, and a
# plain Python caller is told these names are for compiled code only.


def _layout(board_type: Any, narrow: Any, wide: Any) -> Any:
    """The implementation for a board type: `narrow` for one word, `wide` for two, else none."""
    if _is_narrow(board_type):
        return narrow
    if _is_wide(board_type):
        return wide
    return None


def legal_moves(player: Board, opponent: Board, board_mask: Board) -> Board:
    """The squares where `player` may place a disc."""
    raise NotImplementedError("compiled code only")


@overload(legal_moves, strict=False)
def _legal_moves(player: Any, opponent: Any, board_mask: Any) -> Any:
    return _layout(
        player,
        lambda player, opponent, board_mask: _narrow_moves(player, opponent, board_mask),
        lambda player, opponent, board_mask: _wide_moves(player, opponent, board_mask),
    )


def flips(player: Board, opponent: Board, move_bit: Board) -> Board:
    """The opponent discs turned by a disc on `move_bit` (a single bit); empty if none."""
    raise NotImplementedError("compiled code only")


@overload(flips, strict=False)
def _flips(player: Any, opponent: Any, move_bit: Any) -> Any:
    return _layout(
        player,
        lambda player, opponent, move_bit: _narrow_flips(player, opponent, move_bit),
        lambda player, opponent, move_bit: _wide_flips(player, opponent, move_bit),
    )


def count(board: Board) -> int:
    """How many squares the board holds."""
    raise NotImplementedError("compiled code only")


@overload(count, strict=False)
def _count(board: Any) -> Any:
    return _layout(
        board,
        lambda board: popcount(board),
        lambda board: popcount(board[0]) + popcount(board[1]),
    )


def lowest(board: Board) -> Board:
    """The lowest square of a non-empty board, alone."""
    raise NotImplementedError("compiled code only")


@compiled
def _narrow_lowest(board: Board) -> Board:
    return board & (_ZERO - board)


@compiled
def _wide_lowest(board: Board) -> Board:
    low, high = board
    if low != _ZERO:
        return (low & (_ZERO - low), _ZERO)
    return (_ZERO, high & (_ZERO - high))


@overload(lowest, strict=False)
def _lowest(board: Any) -> Any:
    return _layout(board, lambda board: _narrow_lowest(board), lambda board: _wide_lowest(board))


def is_empty(board: Board) -> bool:
    """Whether the board holds no square."""
    raise NotImplementedError("compiled code only")


@overload(is_empty, strict=False)
def _is_empty(board: Any) -> Any:
    return _layout(board, lambda board: board == _ZERO, lambda board: _wide_is_zero(board))


def index_of(square: Board) -> int:
    """The bit number of a single square (row * 8 + column narrow, row * 10 + column wide)."""
    raise NotImplementedError("compiled code only")


@compiled
def _wide_index(square: Board) -> int:
    if square[0] != _ZERO:
        return _bit_number(square[0])
    return 64 + _bit_number(square[1])


@overload(index_of, strict=False)
def _index_of(square: Any) -> Any:
    return _layout(square, lambda square: _bit_number(square), lambda square: _wide_index(square))


def words(board: Board) -> tuple[Any, Any]:
    """The board as two words (a narrow board's high word is zero), for table keys."""
    raise NotImplementedError("compiled code only")


@overload(words, strict=False)
def _words(board: Any) -> Any:
    return _layout(board, lambda board: (board, _ZERO), lambda board: board)


def around(board: Board) -> Board:
    """The squares next to any of the board's (itself possibly included; mask as needed)."""
    raise NotImplementedError("compiled code only")


@overload(around, strict=False)
def _around(board: Any) -> Any:
    return _layout(board, lambda board: _narrow_around(board), lambda board: _wide_around(board))


def orthogonal(board: Board) -> Board:
    """The squares a rook's step from any of the board's (mask as needed)."""
    raise NotImplementedError("compiled code only")


@overload(orthogonal, strict=False)
def _orthogonal(board: Any) -> Any:
    return _layout(
        board, lambda board: _narrow_orthogonal(board), lambda board: _wide_orthogonal(board)
    )


@compiled
def final_score(player: Board, opponent: Board, empties: int) -> int:
    """The final disc difference for `player`, the empty squares going to the winner (FFO)."""
    difference = count(player) - count(opponent)
    if difference > 0:
        return difference + empties
    if difference < 0:
        return difference - empties
    return 0


@compiled
def play(player: Board, opponent: Board, move_bit: Board) -> tuple[Board, Board]:
    """The boards after `player` places on `move_bit`, seen from the next side: (to move, other)."""
    flipped = flips(player, opponent, move_bit)
    return opponent ^ flipped, player | flipped | move_bit


@compiled
def perft(player: Board, opponent: Board, board_mask: Board, depth: int) -> int:
    """Leaf count at `depth` plies (passes are plies, finished games are leaves); depth >= 1.

    The last ply is counted from the move mask without playing it.
    """
    moves = legal_moves(player, opponent, board_mask)
    if is_empty(moves):
        if is_empty(legal_moves(opponent, player, board_mask)) or depth == 1:
            return 1
        return perft(opponent, player, board_mask, depth - 1)
    if depth == 1:
        return count(moves)
    total = 0
    while not is_empty(moves):
        move_bit = lowest(moves)
        moves ^= move_bit
        next_player, next_opponent = play(player, opponent, move_bit)
        total += perft(next_player, next_opponent, board_mask, depth - 1)
    return total


@compiled
def placements(player: Board, opponent: Board, board_mask: Board) -> Board:
    """`legal_moves` callable from Python."""
    return legal_moves(player, opponent, board_mask)


def square_in(moves: Board, square: int) -> Board:
    """The single square numbered `square`, on a board of the same layout as `moves`."""
    raise NotImplementedError("compiled code only")


@compiled
def _wide_square(square: int) -> Board:
    if square < 64:
        return (_ONE << np.uint64(square), _ZERO)
    return (_ZERO, _ONE << np.uint64(square - 64))


@overload(square_in, strict=False)
def _square_in(moves: Any, square: Any) -> Any:
    return _layout(
        moves,
        lambda moves, square: _ONE << np.uint64(square),
        lambda moves, square: _wide_square(square),
    )
