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
    cats = _CAT_PIECES
    pieces = [cats[cat] for cat in position.cats]
    if position.mouse is not None:
        pieces.append(_MOUSE_PIECES[position.mouse])
    places = _PLACES
    marked: list[tuple[int, int]] = []
    for move in last:
        if isinstance(move, CatMove):
            marked += places[move.origin], places[move.target]
        elif move.target in places:
            marked.append(places[move.target])
    targets = tuple([_target(position, move) for move in position.legal_moves()])
    # A side with a move has not lost: only a position without one is asked what decided it.
    decisive = () if targets else tuple(_place(square) for square in position.decisive_squares())
    return Board(pieces=tuple(pieces), targets=targets, last=tuple(marked), decisive=decisive)


_CAT_PIECES = {square: Piece(*_place(square), CAT_KIND) for square in SQUARES}
_MOUSE_PIECES = {square: Piece(*_place(square), MOUSE_KIND) for square in SQUARES}
"""The piece on each square, made once: a board is drawn at every move."""


def _target(position: CatMousePosition, move: Move) -> Target:
    """How `move` is clicked on `position`'s board, made once for each move and the mouse's
    square it starts from (its text and clicks depend on nothing else)."""
    # A cat's move by its squares, the mouse's by its square and its target's negated: two
    # kinds of key that never meet, each of small numbers, quicker to hash than a move.
    key = (move.origin, move.target) if type(move) is CatMove else (position.mouse, -move.target)
    made = _targets.get(key)
    if made is None:
        made = _targets[key] = Target(format_move(move), _clicks(position, move), move)
    return made


_targets: dict[tuple[object, object], Target] = {}
"""Each cat's move by its squares, each of the mouse's by where the mouse stands: a few hundred."""


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
