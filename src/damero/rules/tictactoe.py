"""Tic-tac-toe (El Gato): the rules, the cell numbers players type, and the seed article's drawing.

Cells are numbered 1..9 row by row. X moves first; three marks of one side in a row,
a column or a diagonal win; a full board without such a line is a draw. The rules
follow the article's prose: its code checks occupancy the wrong way round and mixes
up its empty-cell character, so it is not the reference.

The rules alone, apart from the `TicTacToe` Game value, so that solvers can build on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from damero.core import Message, Outcome, Side, parse_number
from damero.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError

Mark = Literal["X", "O"]
CELLS = range(1, 10)
MARKS: Mapping[Side, Mark] = {Side.FIRST: "X", Side.SECOND: "O"}
SIDES: Mapping[Mark, Side] = {"X": Side.FIRST, "O": Side.SECOND}
EMPTY_CELL = "-"
"""How `from_board` and `board` write a free cell, as the article fills its empty board."""

LINES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3),
    (4, 5, 6),
    (7, 8, 9),
    (1, 4, 7),
    (2, 5, 8),
    (3, 6, 9),
    (1, 5, 9),
    (3, 5, 7),
)
"""The eight winning lines as cell numbers: rows, then columns, then the two diagonals."""


@dataclass(frozen=True, slots=True)
class Move:
    """A mark placed on `cell`, 1..9 row by row; `Move(5)` is the centre."""

    cell: int

    def __post_init__(self) -> None:
        if type(self.cell) is not int or self.cell not in CELLS:
            raise InvalidMoveError("tictactoe.not_a_cell", text=str(self.cell))

    def __repr__(self) -> str:
        return f"Move({self.cell})"


_MOVES = {cell: Move(cell) for cell in CELLS}


def _line_of(cells: tuple[Mark | None, ...], mark: Mark) -> tuple[int, int, int] | None:
    for line in LINES:
        if all(cells[cell - 1] == mark for cell in line):
            return line
    return None


@dataclass(frozen=True, slots=True)
class TicTacToePosition:
    """The nine cells (index 0 is cell 1) and the side to move; `TicTacToePosition()` is the start.

    Only positions that a game can reach are accepted: X has as many marks as O (X to
    move) or one more (O to move), and only the side that moved last may have a line.
    """

    cells: tuple[Mark | None, ...] = (None,) * 9
    side_to_move: Side = Side.FIRST

    def __post_init__(self) -> None:
        if len(self.cells) != 9 or any(mark not in ("X", "O", None) for mark in self.cells):
            raise ValueError(f"cells must be nine of 'X', 'O' or None: {self.cells!r}")
        x_count, o_count = self.cells.count("X"), self.cells.count("O")
        expected = Side.FIRST if x_count == o_count else Side.SECOND
        if x_count - o_count not in (0, 1) or self.side_to_move is not expected:
            raise ValueError(
                f"{x_count} X and {o_count} O cannot occur with {self.side_to_move} to move"
            )
        if _line_of(self.cells, MARKS[self.side_to_move]) is not None:
            raise ValueError(f"the side to move already has a line: {self.board}")

    @classmethod
    def start(cls) -> TicTacToePosition:
        """The empty board, X to move."""
        return cls()

    @classmethod
    def from_board(cls, text: str) -> TicTacToePosition:
        """A position from nine characters, cells 1..9, each 'X', 'O' or '-' (free); see `parse_board`.

        >>> TicTacToePosition.from_board("X-- -O- ---").side_to_move
        <Side.FIRST: 0>
        """
        return parse_board(text)

    @property
    def board(self) -> str:
        """The nine cells as `from_board` reads them, e.g. 'X---O----'."""
        return "".join(EMPTY_CELL if mark is None else mark for mark in self.cells)

    def __repr__(self) -> str:
        return f"TicTacToePosition.from_board({self.board!r})"

    def mark_at(self, cell: int) -> Mark | None:
        """The mark on `cell` (1..9), or None if it is free."""
        return self.cells[cell - 1]

    def winning_line(self) -> tuple[int, int, int] | None:
        """The three cells of the winner's line, or None if nobody has one."""
        return _line_of(self.cells, MARKS[self.side_to_move.other])

    def outcome(self) -> Outcome | None:
        if self.winning_line() is not None:
            return Outcome(self.side_to_move.other, "tictactoe.line")
        if None not in self.cells:
            return Outcome(None, "tictactoe.draw")
        return None

    def legal_moves(self) -> tuple[Move, ...]:
        """The free cells in increasing order; none once the game is over."""
        if self.outcome() is not None:
            return ()
        return tuple(_MOVES[cell] for cell in CELLS if self.cells[cell - 1] is None)

    def play(self, move: Move) -> TicTacToePosition:
        """The position after the side to move marks `move.cell`."""
        if self.outcome() is not None:
            raise IllegalMoveError("tictactoe.game_over")
        taken = self.cells[move.cell - 1]
        if taken is not None:
            raise IllegalMoveError("tictactoe.cell_taken", cell=move.cell, mark=taken)
        return self.play_legal(move)

    def play_legal(self, move: Move) -> TicTacToePosition:
        """`play` of one of `legal_moves()`, not judged again."""
        index = move.cell - 1
        cells = (*self.cells[:index], MARKS[self.side_to_move], *self.cells[index + 1 :])
        return TicTacToePosition(cells, self.side_to_move.other)


def parse_cell(text: str) -> Move:
    """The move a player typed: a whole number 1..9, spaces around it allowed."""
    stripped = text.strip()
    cell = parse_number(stripped)
    if cell is None:
        raise InvalidMoveError("tictactoe.not_a_number", text=stripped)
    if cell not in CELLS:
        raise InvalidMoveError("tictactoe.not_a_cell", text=stripped)
    return _MOVES[cell]


def format_cell(move: Move) -> str:
    """The cell number, e.g. '5'; `parse_cell` reads it back."""
    return str(move.cell)


def draw_board(position: TicTacToePosition) -> str:
    """Three rows as the article prints them: each cell is a space then its mark or its number.

    >>> print(draw_board(TicTacToePosition.from_board("X-O -X- ---")))
     X 2 O
     4 X 6
     7 8 9
    """
    rows = []
    for first in (1, 4, 7):
        row = ""
        for cell in range(first, first + 3):
            mark = position.cells[cell - 1]
            row += " " + (str(cell) if mark is None else mark)
        rows.append(row)
    return "\n".join(rows)


def draw_marks(position: TicTacToePosition) -> str:
    """The board so far as the article prints it after each move: each cell a space then its
    mark, '-' where there is none.

    >>> print(draw_marks(TicTacToePosition.from_board("X-O -X- ---")))
     X - O
     - X -
     - - -
    """
    cells = [EMPTY_CELL if mark is None else mark for mark in position.cells]
    return "\n".join(
        "".join(f" {cell}" for cell in cells[first : first + 3]) for first in (0, 3, 6)
    )


def parse_board(text: str) -> TicTacToePosition:
    """A position from nine cells row by row, X, O and '-' or '.' for a free cell; spaces ignored.

    Refuses, with InvalidPositionError, a board no game reaches: X moves first, so X has as
    many marks as O or one more, and a game ends at its first line.

    >>> parse_board("xx. oo. ...").side_to_move
    <Side.FIRST: 0>
    """
    characters = "".join(text.split()).upper().replace(".", EMPTY_CELL)
    if len(characters) != 9 or any(c not in ("X", "O", EMPTY_CELL) for c in characters):
        raise InvalidPositionError("tictactoe.bad_board", text=text.strip()[:40])
    x_count, o_count = characters.count("X"), characters.count("O")
    if x_count - o_count not in (0, 1):
        raise InvalidPositionError("tictactoe.impossible_counts", x=x_count, o=o_count)
    cells: tuple[Mark | None, ...] = tuple(
        "X" if c == "X" else "O" if c == "O" else None for c in characters
    )
    side = Side.FIRST if x_count == o_count else Side.SECOND
    if _line_of(cells, MARKS[side]) is not None:
        raise InvalidPositionError("tictactoe.played_after_line", player=player_name(side))
    return TicTacToePosition(cells, side)


SIDE_KEYS: Mapping[Side, str] = {Side.FIRST: "tictactoe.x", Side.SECOND: "tictactoe.o"}


def player_name(side: Side) -> Message:
    """The catalogue's name of `side`, X or O, to fill a message's {player}."""
    return Message(SIDE_KEYS[side])
