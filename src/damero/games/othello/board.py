"""Othello's board as a page draws it: the green grid with rows and columns named 1..size along
its edges, the discs, and a click on the square of each placement; and a position set up by hand
on that grid, read back."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from damero.core import Board, Cell, Layout, Message, Piece, PieceKind, Placement, Side, Target
from damero.rules.othello import Move, OthelloPosition, format_move, parse_position

PIECE_KINDS = (
    PieceKind(Side.FIRST, "disc", Message("othello.black_x"), colour="black"),
    PieceKind(Side.SECOND, "disc", Message("othello.white_o"), colour="white"),
)


BLACK, WHITE = 0, 1
"""X's discs and O's, as their kinds' places in PIECE_KINDS."""


@functools.cache
def layout(size: int) -> Layout:
    """Every square of the green grid, rows and columns named 1..size along its edges; the page
    counts the discs of each colour."""
    names = tuple(str(number) for number in range(1, size + 1))
    return Layout(
        rows=size,
        columns=size,
        cells=tuple(
            Cell(row, column, "felt", f"{row + 1} {column + 1}")
            for row in range(size)
            for column in range(size)
        ),
        kinds=PIECE_KINDS,
        row_names=names,
        column_names=names,
        side_names=(Message("othello.black_x"), Message("othello.white_o")),
        counted=True,
    )


def board(position: OthelloPosition, last: Sequence[Move]) -> Board:
    """X's discs black and O's white; a pass, always the rules' own move, has no click (the page
    gets it as a button should one ever be a player's choice). Once the game is over the
    winner's discs are the decisive ones, whose count the page shows."""
    pieces = tuple(
        Piece(row, column, BLACK if disc == "X" else WHITE)
        for row, text in enumerate(position.board_rows())
        for column, disc in enumerate(text)
        if disc in "XO"
    )
    outcome = position.outcome()
    winner = None if outcome is None else outcome.winner
    return Board(
        pieces=pieces,
        targets=tuple(
            Target(format_move(move), () if move.is_pass else ((move.row, move.column),), move)
            for move in position.legal_moves()
        ),
        last=tuple((move.row, move.column) for move in last if not move.is_pass),
        decisive=tuple(
            (piece.row, piece.column)
            for piece in pieces
            if winner is not None and PIECE_KINDS[piece.kind].side is winner
        ),
    )


def arranged(size: int, placements: Sequence[Placement], side_to_move: Side) -> OthelloPosition:
    """The discs placed by hand on a board of `size`, judged by `parse_position` as a typed
    board is."""
    rows = [["-"] * size for _ in range(size)]
    for placement in placements:
        rows[placement.row][placement.column] = "X" if placement.side is Side.FIRST else "O"
    side = "X" if side_to_move is Side.FIRST else "O"
    return parse_position(" ".join("".join(row) for row in rows) + f" {side}")
