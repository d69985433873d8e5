"""Othello (Reversi) on even boards from 4x4 to 10x10, kept as two integer bitboards.

The rules alone, apart from the `Othello` Game value, so that the engine can build on them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from damero.core import Outcome, Side, parse_number, split_words
from damero.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError

SIZES = (4, 6, 8, 10)
"""The board sizes the seed allows: even numbers from 4 to 10."""

DEFAULT_SIZE = 8
PLAYABLE = "*"
"""How `draw_playable` marks a square where the side to move may place a disc."""

_EMPTY = "."

# A direction as (row step, column step).
_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


@dataclass(frozen=True, slots=True)
class _Tables:
    """Masks for one board size; a shift moves every disc one step in a direction."""

    size: int
    board_mask: int
    # (shift, mask) pairs: `(bits << shift) & mask` moves bits one step towards higher indexes
    # (down and/or right), `(bits >> shift) & mask` towards lower ones; the mask drops the discs
    # that left the board or wrapped round to the other edge.
    left_shifts: tuple[tuple[int, int], ...]
    right_shifts: tuple[tuple[int, int], ...]


@functools.cache
def _tables(size: int) -> _Tables:
    board_mask = (1 << (size * size)) - 1
    column_masks = []
    for column in range(size):
        mask = 0
        for row in range(size):
            mask |= 1 << (row * size + column)
        column_masks.append(mask)
    left: list[tuple[int, int]] = []
    right: list[tuple[int, int]] = []
    for row_step, column_step in _DIRECTIONS:
        shift = row_step * size + column_step
        mask = board_mask
        if column_step == 1:
            mask &= ~column_masks[0]
        elif column_step == -1:
            mask &= ~column_masks[size - 1]
        if shift > 0:
            left.append((shift, mask))
        else:
            right.append((-shift, mask))
    return _Tables(size, board_mask, tuple(left), tuple(right))


def check_size(size: int) -> None:
    if size not in SIZES:
        raise ValueError(f"an Othello board is 4, 6, 8 or 10 squares wide, not {size!r}")


def _placements(player: int, opponent: int, tables: _Tables) -> int:
    """The bitboard of empty squares where `player` can place a disc (one that flips something)."""
    empty = tables.board_mask & ~(player | opponent)
    moves = 0
    for shift, mask in tables.left_shifts:
        flanked = opponent & mask
        run = (player << shift) & flanked
        frontier = run
        while frontier:
            frontier = (frontier << shift) & flanked
            run |= frontier
        moves |= (run << shift) & mask & empty
    for shift, mask in tables.right_shifts:
        flanked = opponent & mask
        run = (player >> shift) & flanked
        frontier = run
        while frontier:
            frontier = (frontier >> shift) & flanked
            run |= frontier
        moves |= (run >> shift) & mask & empty
    return moves


def _flips(player: int, opponent: int, placed: int, tables: _Tables) -> int:
    """The opponent discs a disc placed on the single bit `placed` turns over; walks out from it."""
    flips = 0
    for shift, mask in tables.left_shifts:
        line = 0
        square = (placed << shift) & mask
        while square & opponent:
            line |= square
            square = (square << shift) & mask
        if square & player:
            flips |= line
    for shift, mask in tables.right_shifts:
        line = 0
        square = (placed >> shift) & mask
        while square & opponent:
            line |= square
            square = (square >> shift) & mask
        if square & player:
            flips |= line
    return flips


@dataclass(frozen=True, slots=True)
class Move:
    """A disc placed on (row, column), both 0-based; PASS is the move of a side that cannot place"""

    row: int
    column: int

    @property
    def is_pass(self) -> bool:
        return self == PASS


PASS = Move(-1, -1)
"""Giving up the turn; legal only when the side to move has no placement and the game goes on.
Its 1-based text is "0 0", as the seed asks players to type it."""


def format_move(move: Move) -> str:
    """The 1-based `fila columna` text of a move: Move(2, 3) is "3 4", PASS is "0 0"."""
    return f"{move.row + 1} {move.column + 1}"


_LETTER_AND_ROW = re.compile(r"([a-jA-J])([0-9]{1,2})")


def parse_move(text: str, *, size: int) -> Move:
    """The move a player typed: `fila columna` ("3 4", "3,4", "3-4"), 1-based, "0 0" for PASS;
    or the column's letter and the row, as the seed's rules write moves ("d3" is "3 4").

    Says nothing about legality: `OthelloPosition.play` judges that.

    >>> parse_move("d3", size=8) == parse_move("3-4", size=8) == Move(2, 3)
    True
    """
    stripped = text.strip()
    letter_and_row = _LETTER_AND_ROW.fullmatch(stripped)
    if letter_and_row is not None:
        row = int(letter_and_row.group(2))
        column = ord(letter_and_row.group(1).lower()) - ord("a") + 1
    else:
        numbers = [parse_number(word) for word in split_words(stripped)]
        if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
            raise InvalidMoveError("othello.not_two_numbers", text=stripped[:40])
        row, column = numbers[0], numbers[1]
        if row == 0 and column == 0:
            return PASS
    if not (1 <= row <= size and 1 <= column <= size):
        raise InvalidMoveError("othello.off_board", text=text.strip(), size=size)
    return Move(row - 1, column - 1)


@dataclass(frozen=True, slots=True)
class OthelloPosition:
    """A board and the side to move; `player` holds the mover's discs, `opponent` the other side's.

    Square (row, column), 0-based from the top left, is bit `row * size + column`.
    """

    size: int
    player: int
    opponent: int
    side_to_move: Side

    @classmethod
    def start(cls, size: int = DEFAULT_SIZE) -> OthelloPosition:
        """The seed's initial board: O on the top-left and bottom-right of the centre, X to move."""
        check_size(size)
        middle = size // 2
        x_discs = (1 << ((middle - 1) * size + middle)) | (1 << (middle * size + middle - 1))
        o_discs = (1 << ((middle - 1) * size + middle - 1)) | (1 << (middle * size + middle))
        return cls(size, x_discs, o_discs, Side.FIRST)

    @classmethod
    def from_rows(cls, rows: Sequence[str], side_to_move: Side) -> OthelloPosition:
        """A position from rows of 'X', 'O', '.', top row first; raises ValueError if malformed."""
        size = len(rows)
        check_size(size)
        x_discs = o_discs = 0
        for row, text in enumerate(rows):
            if len(text) != size or any(cell not in "XO." for cell in text):
                raise ValueError(
                    f"row {row + 1} must be {size} characters of X, O and '.', not {text!r}"
                )
            for column, cell in enumerate(text):
                if cell == "X":
                    x_discs |= 1 << (row * size + column)
                elif cell == "O":
                    o_discs |= 1 << (row * size + column)
        if side_to_move is Side.FIRST:
            return cls(size, x_discs, o_discs, side_to_move)
        return cls(size, o_discs, x_discs, side_to_move)

    def discs(self, side: Side) -> int:
        """The bitboard of `side`'s discs."""
        return self.player if side is self.side_to_move else self.opponent

    def count(self, side: Side) -> int:
        return self.discs(side).bit_count()

    def board_rows(self) -> tuple[str, ...]:
        """The board as rows of 'X', 'O' and '.', top row first (the seed's file rows)."""
        x_discs, o_discs = self.discs(Side.FIRST), self.discs(Side.SECOND)
        rows = []
        for row in range(self.size):
            cells = []
            for column in range(self.size):
                bit = 1 << (row * self.size + column)
                cells.append("X" if x_discs & bit else "O" if o_discs & bit else _EMPTY)
            rows.append("".join(cells))
        return tuple(rows)

    def placements_mask(self) -> int:
        """The bitboard of squares where the side to move may place a disc."""
        return _placements(self.player, self.opponent, _tables(self.size))

    def mobility(self) -> int:
        """How many placements the side to move has (a pass is not counted)."""
        return self.placements_mask().bit_count()

    def is_game_over(self) -> bool:
        tables = _tables(self.size)
        return (
            _placements(self.player, self.opponent, tables) == 0
            and _placements(self.opponent, self.player, tables) == 0
        )

    def legal_moves(self) -> tuple[Move, ...]:
        """Placements in row-major order; (PASS,) if only a pass is possible; () once it is over."""
        tables = _tables(self.size)
        placements = _placements(self.player, self.opponent, tables)
        if placements == 0:
            return (PASS,) if _placements(self.opponent, self.player, tables) else ()
        moves = []
        size = self.size
        while placements:
            lowest = placements & -placements
            index = lowest.bit_length() - 1
            moves.append(Move(index // size, index % size))
            placements ^= lowest
        return tuple(moves)

    def play(self, move: Move) -> OthelloPosition:
        """The position after `move`, the other side to move; IllegalMoveError says why not."""
        tables = _tables(self.size)
        text = format_move(move)
        placements = _placements(self.player, self.opponent, tables)
        if placements == 0 and _placements(self.opponent, self.player, tables) == 0:
            raise IllegalMoveError("othello.game_over", move=text)
        if move == PASS:
            if placements:
                raise IllegalMoveError("othello.cannot_pass", move=text)
            return OthelloPosition(self.size, self.opponent, self.player, self.side_to_move.other)
        if not (0 <= move.row < self.size and 0 <= move.column < self.size):
            raise IllegalMoveError("othello.off_board", text=text, size=self.size)
        if placements == 0:
            raise IllegalMoveError("othello.must_pass", move=text)
        placed = 1 << (move.row * self.size + move.column)
        if placed & (self.player | self.opponent):
            raise IllegalMoveError("othello.square_taken", move=text)
        flips = _flips(self.player, self.opponent, placed, tables)
        if not flips:
            raise IllegalMoveError("othello.flips_nothing", move=text)
        return self._placed(placed, flips)

    def play_legal(self, move: Move) -> OthelloPosition:
        """`play` of one of `legal_moves()`, not judged again: only its discs turned over are
        found."""
        if move == PASS:
            return OthelloPosition(self.size, self.opponent, self.player, self.side_to_move.other)
        placed = 1 << (move.row * self.size + move.column)
        return self._placed(placed, _flips(self.player, self.opponent, placed, _tables(self.size)))

    def _placed(self, placed: int, flips: int) -> OthelloPosition:
        return OthelloPosition(
            self.size,
            self.opponent & ~flips,
            self.player | flips | placed,
            self.side_to_move.other,
        )

    def outcome(self) -> Outcome | None:
        """None while either side can place; then most discs wins, equal counts draw."""
        if not self.is_game_over():
            return None
        first, second = self.count(Side.FIRST), self.count(Side.SECOND)
        if first == second:
            return Outcome(None, "othello.draw")
        return Outcome(Side.FIRST if first > second else Side.SECOND, "othello.more_discs")


_SYMMETRIES: tuple[Callable[[int, int, int], tuple[int, int]], ...] = (
    lambda row, column, last: (row, column),
    lambda row, column, last: (column, row),
    lambda row, column, last: (last - column, last - row),
    lambda row, column, last: (last - row, last - column),
    lambda row, column, last: (row, last - column),
    lambda row, column, last: (last - row, column),
    lambda row, column, last: (column, last - row),
    lambda row, column, last: (last - column, row),
)
"""The eight ways a square board maps onto itself, each taking (row, column) on a board whose
last row and column are `last`: the identity, the two diagonal mirrors, the half turn, the
two edge mirrors and the two quarter turns."""


def _mapped(bits: int, size: int, symmetry: Callable[[int, int, int], tuple[int, int]]) -> int:
    mapped = 0
    while bits:
        low = bits & -bits
        square = low.bit_length() - 1
        row, column = symmetry(square // size, square % size, size - 1)
        mapped |= 1 << (row * size + column)
        bits ^= low
    return mapped


def symmetric_moves(position: OthelloPosition) -> list[list[Move]]:
    """The legal moves of `position` in classes of moves that a symmetry of the board mapping
    the position onto itself maps onto each other (the four first moves of a game are one
    class): moves of one class have the same value, whatever a search says of each."""
    size, last = position.size, position.size - 1
    own = [
        symmetry
        for symmetry in _SYMMETRIES
        if _mapped(position.player, size, symmetry) == position.player
        and _mapped(position.opponent, size, symmetry) == position.opponent
    ]
    classes: dict[Move, list[Move]] = {}
    for move in position.legal_moves():
        images = {move} if move.is_pass else {Move(*s(move.row, move.column, last)) for s in own}
        found = next((classes[image] for image in images if image in classes), None)
        if found is None:
            classes[move] = [move]
        else:
            found.append(move)
            classes[move] = found
    unique: dict[int, list[Move]] = {id(moves): moves for moves in classes.values()}
    return list(unique.values())


def _perft(player: int, opponent: int, depth: int, tables: _Tables) -> int:
    placements = _placements(player, opponent, tables)
    if placements == 0:
        if _placements(opponent, player, tables) == 0:
            return 1
        return 1 if depth == 1 else _perft(opponent, player, depth - 1, tables)
    if depth == 1:
        return placements.bit_count()
    leaves = 0
    while placements:
        placed = placements & -placements
        placements ^= placed
        flips = _flips(player, opponent, placed, tables)
        leaves += _perft(opponent & ~flips, player | flips | placed, depth - 1, tables)
    return leaves


def perft(position: OthelloPosition, depth: int) -> int:
    """How many positions lie `depth` plies away: a forced pass is a ply, a finished game one leaf.

    From the 8x8 start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 for depths 1 to 9.
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    return _perft(position.player, position.opponent, depth, _tables(position.size))


_SIDE_LETTERS: Mapping[str, Side] = {"X": Side.FIRST, "O": Side.SECOND}


def parse_position(text: str) -> OthelloPosition:
    """A board row by row, one of X, O and '-' or '.' per square, then the side to move, X or O.

    Refuses, with InvalidPositionError, a board of the wrong length, other letters, or an
    empty centre square (the four discs placed there at the start are never removed).

    >>> parse_position("---- -OX- -XO- ---- o").side_to_move
    <Side.SECOND: 1>
    """
    words = text.upper().split()
    if len(words) < 2 or words[-1] not in _SIDE_LETTERS:
        raise InvalidPositionError("othello.bad_position_text", text=text.strip()[:40])
    squares = "".join(words[:-1]).replace("-", _EMPTY)
    width = round(len(squares) ** 0.5)
    if width not in SIZES or width * width != len(squares):
        raise InvalidPositionError("othello.bad_board_length", length=len(squares))
    stray = next((cell for cell in squares if cell not in "XO."), None)
    if stray is not None:
        raise InvalidPositionError("othello.bad_board_letter", letter=stray)
    rows = [squares[row * width : (row + 1) * width] for row in range(width)]
    middle = width // 2
    centre = (middle - 1, middle)
    if any(rows[row][column] == _EMPTY for row in centre for column in centre):
        raise InvalidPositionError("othello.empty_centre")
    return OthelloPosition.from_rows(rows, _SIDE_LETTERS[words[-1]])


def format_position(position: OthelloPosition) -> str:
    """The text `parse_position` reads: the rows joined, '-' for an empty square, then X or O."""
    board = "".join(position.board_rows()).replace(_EMPTY, "-")
    return f"{board} {'X' if position.side_to_move is Side.FIRST else 'O'}"


def draw_board(rows: Iterable[str]) -> list[str]:
    """The seed's numbered drawing of board rows (see `Othello.draw`), one string per line."""
    rows = list(rows)
    size = len(rows)
    width = len(str(size))
    lines = [" " * width + " " + " ".join(str(column) for column in range(1, size + 1))]
    for number, row in enumerate(rows, start=1):
        lines.append(f"{number:>{width}} " + " ".join(row))
    return lines


def draw_playable(position: OthelloPosition) -> str:
    """The seed's drawing with a '*' on each square where the side to move may place a disc."""
    rows = [list(row) for row in position.board_rows()]
    for move in position.legal_moves():
        if not move.is_pass:
            rows[move.row][move.column] = PLAYABLE
    return "\n".join(draw_board("".join(row) for row in rows))


def side_key(side: Side) -> str:
    """The catalogue key naming `side`: 'othello.x' or 'othello.o'."""
    return "othello.x" if side is Side.FIRST else "othello.o"
