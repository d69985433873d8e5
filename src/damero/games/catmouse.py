"""Four Cats and the Mouse: the rules, the notation players type, and the seed's two-grid drawing.

The 32 playable squares are numbered 1..32 row by row as in the seed's Cuadro 2:
odd rows use columns 2, 4, 6, 8 and even rows columns 1, 3, 5, 7. The cats start on
1..4 and only move towards row 8; the mouse is first placed on 29..32, then moves
one square diagonally either way. After the placement the mouse moves first, and then
turns alternate strictly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from damero.core import Message, Outcome, Side
from damero.errors import IllegalMoveError, InvalidMoveError

MOUSE = Side.FIRST
CATS = Side.SECOND
SQUARES = range(1, 33)
CAT_START = (1, 2, 3, 4)
MOUSE_STARTS = (29, 30, 31, 32)
ESCAPE_SQUARES = frozenset(CAT_START)


def square_row(square: int) -> int:
    """The board row, 1 (the cats' side) to 8 (the mouse's side)."""
    return (square - 1) // 4 + 1


def square_column(square: int) -> int:
    """The board column 1..8 of a playable square."""
    row = square_row(square)
    index = (square - 1) % 4
    return 2 * index + (2 if row % 2 == 1 else 1)


def square_at(row: int, column: int) -> int | None:
    """The playable square at (row, column), or None for a light square or off the board."""
    if not (1 <= row <= 8 and 1 <= column <= 8) or (row + column) % 2 == 0:
        return None
    return (row - 1) * 4 + (column - 1) // 2 + 1


@cache
def neighbours(square: int) -> tuple[int, ...]:
    """The diagonally adjacent squares, in increasing order."""
    row, column = square_row(square), square_column(square)
    found = (square_at(row + dr, column + dc) for dr in (-1, 1) for dc in (-1, 1))
    return tuple(sorted(n for n in found if n is not None))


@cache
def forward_neighbours(square: int) -> tuple[int, ...]:
    """The squares a cat on `square` may step to: one row nearer row 8."""
    return tuple(n for n in neighbours(square) if square_row(n) > square_row(square))


@dataclass(frozen=True, slots=True)
class MouseMove:
    """The mouse steps to (or, as the first move, is placed on) `target`."""

    target: int


@dataclass(frozen=True, slots=True)
class CatMove:
    """The cat on `origin` steps to `target`."""

    origin: int
    target: int


Move = MouseMove | CatMove


@dataclass(frozen=True, slots=True)
class CatMousePosition:
    """The five pieces and the side to move; `mouse` is None until the mouse is placed."""

    mouse: int | None
    cats: tuple[int, int, int, int]
    side_to_move: Side

    @classmethod
    def start(cls) -> CatMousePosition:
        return cls(None, CAT_START, MOUSE)

    def __post_init__(self) -> None:
        pieces = [*self.cats] + ([] if self.mouse is None else [self.mouse])
        if len(set(pieces)) != len(pieces) or any(p not in SQUARES for p in pieces):
            raise ValueError(f"pieces must stand on distinct squares 1..32: {self!r}")
        if tuple(sorted(self.cats)) != self.cats:
            raise ValueError(f"cats must be listed in increasing order: {self.cats!r}")
        if self.mouse is None and self.side_to_move is not MOUSE:
            raise ValueError("the mouse must be placed before the cats move")

    def is_occupied(self, square: int) -> bool:
        return square == self.mouse or square in self.cats

    def legal_moves(self) -> tuple[Move, ...]:
        if self.outcome() is not None:
            return ()
        return self._candidate_moves()

    def _candidate_moves(self) -> tuple[Move, ...]:
        if self.mouse is None:
            return tuple(MouseMove(square) for square in MOUSE_STARTS)
        if self.side_to_move is MOUSE:
            return tuple(MouseMove(n) for n in neighbours(self.mouse) if not self.is_occupied(n))
        return tuple(
            CatMove(cat, n)
            for cat in self.cats
            for n in forward_neighbours(cat)
            if not self.is_occupied(n)
        )

    def refusal(self, move: Move) -> IllegalMoveError | None:
        """Why the rules refuse `move` here, or None if it is legal."""
        if self.outcome() is not None:
            return IllegalMoveError("catmouse.game_over")
        if isinstance(move, MouseMove):
            return self._mouse_refusal(move.target)
        return self._cat_refusal(move.origin, move.target)

    def _mouse_refusal(self, target: int) -> IllegalMoveError | None:
        if self.side_to_move is not MOUSE:
            return IllegalMoveError("catmouse.cats_give_two")
        if self.mouse is None:
            if target not in MOUSE_STARTS:
                return IllegalMoveError("catmouse.mouse_start", square=target)
            return None
        if target not in neighbours(self.mouse):
            return IllegalMoveError("catmouse.not_neighbour", origin=self.mouse, target=target)
        if target in self.cats:
            return IllegalMoveError("catmouse.occupied_by_cat", square=target)
        return None

    def _cat_refusal(self, origin: int, target: int) -> IllegalMoveError | None:
        if self.side_to_move is not CATS:
            return IllegalMoveError("catmouse.mouse_gives_one")
        if origin not in self.cats:
            return IllegalMoveError("catmouse.no_cat_there", square=origin)
        if target not in neighbours(origin):
            return IllegalMoveError("catmouse.not_neighbour", origin=origin, target=target)
        if target not in forward_neighbours(origin):
            return IllegalMoveError("catmouse.cats_cannot_go_back", origin=origin, target=target)
        if target in self.cats:
            return IllegalMoveError("catmouse.occupied_by_cat", square=target)
        if target == self.mouse:
            return IllegalMoveError("catmouse.occupied_by_mouse", square=target)
        return None

    def play(self, move: Move) -> CatMousePosition:
        refusal = self.refusal(move)
        if refusal is not None:
            raise refusal
        if isinstance(move, MouseMove):
            # The placement is not a turn: after it the mouse still moves first.
            side = MOUSE if self.mouse is None else CATS
            return CatMousePosition(move.target, self.cats, side)
        cats = sorted(move.target if cat == move.origin else cat for cat in self.cats)
        return CatMousePosition(self.mouse, (cats[0], cats[1], cats[2], cats[3]), MOUSE)

    def outcome(self) -> Outcome | None:
        """The mouse wins on 1..4 or when the cats cannot move; the cats win when the mouse cannot."""
        if self.mouse is None:
            return None
        if self.mouse in ESCAPE_SQUARES:
            return Outcome(MOUSE, "catmouse.mouse_escaped")
        if not self._candidate_moves():
            if self.side_to_move is MOUSE:
                return Outcome(CATS, "catmouse.mouse_trapped")
            return Outcome(MOUSE, "catmouse.cats_stuck")
        return None


_NUMBER = re.compile(r"[+-]?\d+")
_SEPARATORS = re.compile(r"[\s,;]+|(?<=\d)-(?=\d)")


def parse_squares(text: str) -> tuple[int, ...]:
    """The square numbers in `text` ('20 24', '20,24', '20-24'); raises InvalidMoveError."""
    words = [word for word in _SEPARATORS.split(text.strip()) if word]
    if not words:
        raise InvalidMoveError("catmouse.not_a_number", text=text)
    squares = []
    for word in words:
        if not _NUMBER.fullmatch(word):
            raise InvalidMoveError("catmouse.not_a_number", text=word)
        square = int(word)
        if square not in SQUARES:
            raise InvalidMoveError("catmouse.off_board", square=square)
        squares.append(square)
    return tuple(squares)


def _numbered_cell(row: int, column: int) -> str:
    square = square_at(row, column)
    return "  " if square is None else f"{square:02d}"


def _grid(cell: Callable[[int, int], str]) -> list[str]:
    """The 17 lines of one seed grid; `cell(row, column)` gives each two-character cell."""
    rule = "+--" * 8 + "+"
    lines = [rule]
    for row in range(1, 9):
        lines.append("|" + "|".join(cell(row, column) for column in range(1, 9)) + "|")
        lines.append(rule)
    return lines


@dataclass(frozen=True, slots=True)
class CatMouse:
    """The game of Four Cats and the Mouse, as damero's front ends and players see it."""

    name: str = "catmouse"

    def start(self) -> CatMousePosition:
        return CatMousePosition.start()

    def parse_move(self, position: CatMousePosition, text: str) -> Move:
        squares = parse_squares(text)
        if position.side_to_move is MOUSE:
            if len(squares) != 1:
                raise InvalidMoveError("catmouse.mouse_gives_one", text=text)
            return MouseMove(squares[0])
        if len(squares) != 2:
            raise InvalidMoveError("catmouse.cats_give_two", text=text)
        return CatMove(squares[0], squares[1])

    def format_move(self, move: Move) -> str:
        if isinstance(move, MouseMove):
            return str(move.target)
        return f"{move.origin} {move.target}"

    def draw(self, position: CatMousePosition) -> str:
        """The seed's Cuadro 3: the numbered board, five spaces, then the pieces (GT, RT)."""

        def piece(row: int, column: int) -> str:
            square = square_at(row, column)
            if square is not None and square == position.mouse:
                return "RT"
            if square is not None and square in position.cats:
                return "GT"
            return "  "

        left, right = _grid(_numbered_cell), _grid(piece)
        return "\n".join(f"{a}     {b}" for a, b in zip(left, right, strict=True))

    def side_key(self, side: Side) -> str:
        return "catmouse.mouse" if side is MOUSE else "catmouse.cats"

    def prompt(self, position: CatMousePosition) -> Message:
        if position.mouse is None:
            return Message("catmouse.prompt_start")
        if position.side_to_move is MOUSE:
            return Message("catmouse.prompt_mouse")
        return Message("catmouse.prompt_cats")

    def status(self, position: CatMousePosition) -> tuple[Message, ...]:
        if position.outcome() is not None:
            return ()
        mover = "catmouse.turn_mouse" if position.side_to_move is MOUSE else "catmouse.turn_cats"
        return (Message(mover),)

    def automatic_move(self, position: CatMousePosition) -> None:
        return None

    def describe_outcome(self, position: CatMousePosition, outcome: Outcome) -> tuple[Message, ...]:
        winner = "catmouse.mouse_wins" if outcome.winner is MOUSE else "catmouse.cats_win"
        return (Message(winner), Message(outcome.reason))
