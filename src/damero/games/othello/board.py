"""Othello's board as a page draws it: the green grid with rows and columns named 1..size along
its edges, the discs, and a click on the square of each placement; and a position set up by hand
on that grid, read back."""

from __future__ import annotations

from collections.abc import Sequence

from damero.core import Board, Cell, Message, Piece, PieceKind, Placement, Side, Target
from damero.rules.othello import Move, OthelloPosition, format_move, parse_position

PIECE_KINDS = (
    PieceKind(Side.FIRST, "disc", Message("othello.black_x"), colour="black"),
    PieceKind(Side.SECOND, "disc", Message("othello.white_o"), colour="white"),
)


def board(position: OthelloPosition, last: Sequence[Move]) -> Board:
    """Every square, X's discs black and O's white; a pass, always the rules' own move, has no
    click (the page gets it as a button should one ever be a player's choice)."""
    size = position.size
    pieces = []
    for row, text in enumerate(position.board_rows()):
        for column, disc in enumerate(text):
            if disc in "XO":
                black = disc == "X"
                pieces.append(
                    Piece(
                        row,
                        column,
                        side=Side.FIRST if black else Side.SECOND,
                        kind="disc",
                        name=Message(
                            "othello.black_disc_at" if black else "othello.white_disc_at",
                            {"row": row + 1, "column": column + 1},
                        ),
                        colour="black" if black else "white",
                    )
                )
    names = tuple(str(number) for number in range(1, size + 1))
    return Board(
        rows=size,
        columns=size,
        cells=tuple(
            Cell(row, column, "felt", f"{row + 1} {column + 1}")
            for row in range(size)
            for column in range(size)
        ),
        pieces=tuple(pieces),
        targets=tuple(
            Target(format_move(move), () if move.is_pass else ((move.row, move.column),))
            for move in position.legal_moves()
        ),
        last=tuple((move.row, move.column) for move in last if not move.is_pass),
        row_names=names,
        column_names=names,
        legend=PIECE_KINDS,
        side_names=(Message("othello.black_x"), Message("othello.white_o")),
    )


def arranged(size: int, placements: Sequence[Placement], side_to_move: Side) -> OthelloPosition:
    """The discs placed by hand on a board of `size`, judged by `parse_position` as a typed
    board is."""
    rows = [["-"] * size for _ in range(size)]
    for placement in placements:
        rows[placement.row][placement.column] = "X" if placement.side is Side.FIRST else "O"
    side = "X" if side_to_move is Side.FIRST else "O"
    return parse_position(" ".join("".join(row) for row in rows) + f" {side}")
