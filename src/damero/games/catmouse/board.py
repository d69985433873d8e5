"""Four Cats and the Mouse's board as a page draws it: the 8x8 checkered board with squares 1..32
on the dark cells, the pieces, and for each move the mouse's or a cat's square then its new one."""

from __future__ import annotations

from collections.abc import Sequence

from damero.core import Board, Cell, Legend, Message, Piece, Target
from damero.games.catmouse.rules import (
    CATS,
    MOUSE,
    SQUARES,
    CatMousePosition,
    CatMove,
    Move,
    format_move,
    square_at,
    square_column,
    square_row,
)


def _place(square: int) -> tuple[int, int]:
    return square_row(square) - 1, square_column(square) - 1


def _clicks(position: CatMousePosition, move: Move) -> tuple[tuple[int, int], ...]:
    """The cat's square then its new one; the mouse's square then its new one, or only the
    square where the mouse is placed."""
    if isinstance(move, CatMove):
        return _place(move.origin), _place(move.target)
    if position.mouse is None:
        return (_place(move.target),)
    return _place(position.mouse), _place(move.target)


def board(position: CatMousePosition, last: Sequence[Move]) -> Board:
    """The whole 8x8 board (only the dark squares carry numbers), the black cats and the grey
    mouse."""
    cells = []
    for row in range(8):
        for column in range(8):
            square = square_at(row + 1, column + 1)
            if square is None:
                cells.append(Cell(row, column, "light"))
            else:
                cells.append(Cell(row, column, "dark", f"{square:02d}"))
    pieces = [
        Piece(
            *_place(cat),
            side=CATS,
            kind="cat",
            name=Message("catmouse.cat_on", {"square": cat}),
            colour="black",
        )
        for cat in position.cats
    ]
    if position.mouse is not None:
        pieces.append(
            Piece(
                *_place(position.mouse),
                side=MOUSE,
                kind="mouse",
                name=Message("catmouse.mouse_on", {"square": position.mouse}),
                colour="grey",
            )
        )
    marked: list[tuple[int, int]] = []
    for move in last:
        squares = (move.origin, move.target) if isinstance(move, CatMove) else (move.target,)
        marked.extend(_place(square) for square in squares if square in SQUARES)
    return Board(
        rows=8,
        columns=8,
        cells=tuple(cells),
        pieces=tuple(pieces),
        targets=tuple(
            Target(format_move(move), _clicks(position, move)) for move in position.legal_moves()
        ),
        last=tuple(marked),
        legend=(
            Legend("mouse", Message("catmouse.legend_mouse"), MOUSE, colour="grey"),
            Legend("cat", Message("catmouse.legend_cat"), CATS, colour="black"),
        ),
    )
