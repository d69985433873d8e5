"""Tic-tac-toe's board as a page draws it: nine paper cells numbered 1..9, a mark's cell per move;
and a position set up by hand on it, read back."""

from __future__ import annotations

from collections.abc import Sequence

from damero.core import Board, Cell, Layout, Message, Piece, PieceKind, Placement, Side, Target
from damero.errors import InvalidPositionError
from damero.rules.tictactoe import (
    CELLS,
    EMPTY_CELL,
    MARKS,
    Move,
    TicTacToePosition,
    format_cell,
    parse_board,
    player_name,
)

PIECE_KINDS = (
    PieceKind(Side.FIRST, "mark", Message("tictactoe.x"), "X", "red"),
    PieceKind(Side.SECOND, "mark", Message("tictactoe.o"), "O", "blue"),
)


def _place(cell: int) -> tuple[int, int]:
    return (cell - 1) // 3, (cell - 1) % 3


LAYOUT = Layout(
    rows=3,
    columns=3,
    cells=tuple(Cell(*_place(cell), shade="paper", label=str(cell)) for cell in CELLS),
    kinds=PIECE_KINDS,
)
"""Nine paper cells numbered 1..9."""


def board(position: TicTacToePosition, last: Sequence[Move]) -> Board:
    """The marks (X red, O blue), a click on a free cell per move, and the winner's line."""
    return Board(
        pieces=tuple(
            Piece(*_place(cell), 0 if mark == "X" else 1)
            for cell in CELLS
            if (mark := position.mark_at(cell)) is not None
        ),
        targets=tuple(
            Target(format_cell(move), (_place(move.cell),), move) for move in position.legal_moves()
        ),
        last=tuple(_place(move.cell) for move in last),
        decisive=tuple(_place(cell) for cell in position.winning_line() or ()),
    )


def arranged(placements: Sequence[Placement], side_to_move: Side) -> TicTacToePosition:
    """The marks placed by hand, judged by `parse_board` as a typed board is; the counts decide
    whose turn it is, so another side to move is refused saying whose it is."""
    cells = [EMPTY_CELL] * 9
    for placement in placements:
        if placement.side is not None:
            cells[placement.row * 3 + placement.column] = MARKS[placement.side]
    position = parse_board("".join(cells))
    if position.outcome() is None and position.side_to_move is not side_to_move:
        raise InvalidPositionError(
            "tictactoe.wrong_side_to_move", player=player_name(position.side_to_move)
        )
    return position
