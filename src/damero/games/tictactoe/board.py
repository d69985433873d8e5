"""Tic-tac-toe's board as a page draws it: nine paper cells numbered 1..9, a mark's cell per move."""

from __future__ import annotations

from collections.abc import Sequence

from damero.core import Board, Cell, Legend, Message, Piece, Side, Target
from damero.games.tictactoe.rules import CELLS, Move, TicTacToePosition, format_cell


def _place(cell: int) -> tuple[int, int]:
    return (cell - 1) // 3, (cell - 1) % 3


def board(position: TicTacToePosition, last: Sequence[Move]) -> Board:
    """The nine cells, the marks on them (X red, O blue), and a click on a free cell per move."""
    pieces = []
    for cell in CELLS:
        mark = position.mark_at(cell)
        if mark is not None:
            side = Side.FIRST if mark == "X" else Side.SECOND
            pieces.append(
                Piece(
                    *_place(cell),
                    side=side,
                    kind="mark",
                    name=Message("tictactoe.mark_on", {"mark": mark, "cell": cell}),
                    symbol=mark,
                    colour="red" if side is Side.FIRST else "blue",
                )
            )
    return Board(
        rows=3,
        columns=3,
        cells=tuple(Cell(*_place(cell), shade="paper", label=str(cell)) for cell in CELLS),
        pieces=tuple(pieces),
        targets=tuple(
            Target(format_cell(move), (_place(move.cell),)) for move in position.legal_moves()
        ),
        last=tuple(_place(move.cell) for move in last),
        legend=(
            Legend("mark", Message("tictactoe.x"), Side.FIRST, symbol="X", colour="red"),
            Legend("mark", Message("tictactoe.o"), Side.SECOND, symbol="O", colour="blue"),
        ),
    )
