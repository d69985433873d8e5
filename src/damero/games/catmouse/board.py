"""Four Cats and the Mouse's board as a page draws it: the 8x8 checkered board with squares 1..32
on the dark cells, the pieces, and for each move the mouse's or a cat's square then its new one;
and a position set up by hand on that board, read back."""

from __future__ import annotations

from collections.abc import Sequence

from damero.core import Board, Cell, Layout, Message, Piece, PieceKind, Placement, Side, Target
from damero.errors import InvalidPositionError
from damero.rules.catmouse import (
    CATS,
    MOUSE,
    SQUARES,
    CatMousePosition,
    CatMove,
    Move,
    format_move,
    parse_position,
    square_at,
    square_column,
    square_row,
)

PIECE_KINDS = (
    PieceKind(MOUSE, "mouse", Message("catmouse.legend_mouse"), colour="grey"),
    PieceKind(CATS, "cat", Message("catmouse.legend_cat"), colour="black"),
)


def _place(square: int) -> tuple[int, int]:
    return _PLACES[square]


_PLACES = {square: (square_row(square) - 1, square_column(square) - 1) for square in range(1, 33)}
"""Each square's row and column on the board, counted from 0."""


def _clicks(position: CatMousePosition, move: Move) -> tuple[tuple[int, int], ...]:
    """The cat's square then its new one; the mouse's square then its new one, or only the
    square where the mouse is placed."""
    if isinstance(move, CatMove):
        return _place(move.origin), _place(move.target)
    if position.mouse is None:
        return (_place(move.target),)
    return _place(position.mouse), _place(move.target)


LAYOUT = Layout(
    rows=8,
    columns=8,
    cells=tuple(
        Cell(row, column, "light")
        if (square := square_at(row + 1, column + 1)) is None
        else Cell(row, column, "dark", f"{square:02d}")
        for row in range(8)
        for column in range(8)
    ),
    kinds=PIECE_KINDS,
)
"""The whole 8x8 board; only the dark squares carry numbers."""
MOUSE_KIND, CAT_KIND = 0, 1


def board(position: CatMousePosition, last: Sequence[Move]) -> Board:
    """The black cats and the grey mouse, each move's two clicks (the placement's one), and
    the pieces that decided the end."""
    pieces = [Piece(*_place(cat), CAT_KIND) for cat in position.cats]
    if position.mouse is not None:
        pieces.append(Piece(*_place(position.mouse), MOUSE_KIND))
    marked: list[tuple[int, int]] = []
    for move in last:
        squares = (move.origin, move.target) if isinstance(move, CatMove) else (move.target,)
        marked.extend(_place(square) for square in squares if square in SQUARES)
    return Board(
        pieces=tuple(pieces),
        targets=tuple(
            Target(format_move(move), _clicks(position, move)) for move in position.legal_moves()
        ),
        last=tuple(marked),
        decisive=tuple(_place(square) for square in position.decisive_squares()),
    )


def arranged(placements: Sequence[Placement], side_to_move: Side) -> CatMousePosition:
    """The position of the pieces placed by hand, judged by `parse_position` as a typed one is:
    four cats, at most one mouse (none before its placement), on the dark squares."""
    squares: dict[str, list[int]] = {"mouse": [], "cat": []}
    for placement in placements:
        square = square_at(placement.row + 1, placement.column + 1)
        if square is None:
            raise InvalidPositionError("catmouse.light_square")
        squares[placement.kind].append(square)
    cats, mice = squares["cat"], squares["mouse"]
    if len(cats) != 4:
        raise InvalidPositionError("catmouse.cat_count", count=len(cats))
    if len(mice) > 1:
        raise InvalidPositionError("catmouse.mouse_count", count=len(mice))
    mouse = str(mice[0]) if mice else "-"
    side = "mouse" if side_to_move is MOUSE else "cats"
    return parse_position(f"{mouse} {' '.join(map(str, cats))} {side}")
