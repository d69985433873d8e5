"""A plain Othello on lists of lists, walking each direction, to check the bitboards against."""

from __future__ import annotations

DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

Board = list[list[str]]


def start_board(size: int) -> Board:
    board = [["."] * size for _ in range(size)]
    middle = size // 2
    board[middle - 1][middle - 1] = "O"
    board[middle - 1][middle] = "X"
    board[middle][middle - 1] = "X"
    board[middle][middle] = "O"
    return board


def board_from_rows(rows: tuple[str, ...] | list[str]) -> Board:
    return [list(row) for row in rows]


def rows_of(board: Board) -> tuple[str, ...]:
    return tuple("".join(row) for row in board)


def other(disc: str) -> str:
    return "O" if disc == "X" else "X"


def flipped_squares(board: Board, row: int, column: int, disc: str) -> list[tuple[int, int]]:
    """The discs a disc placed at (row, column) turns over; none if the square is taken."""
    size = len(board)
    if board[row][column] != ".":
        return []
    flipped: list[tuple[int, int]] = []
    for row_step, column_step in DIRECTIONS:
        line: list[tuple[int, int]] = []
        r, c = row + row_step, column + column_step
        while 0 <= r < size and 0 <= c < size and board[r][c] == other(disc):
            line.append((r, c))
            r, c = r + row_step, c + column_step
        if line and 0 <= r < size and 0 <= c < size and board[r][c] == disc:
            flipped.extend(line)
    return flipped


def placements(board: Board, disc: str) -> list[tuple[int, int]]:
    """Squares where `disc` may be placed, row by row."""
    size = len(board)
    return [
        (row, column)
        for row in range(size)
        for column in range(size)
        if flipped_squares(board, row, column, disc)
    ]


def place(board: Board, row: int, column: int, disc: str) -> Board:
    """A new board with the disc placed and the flanked discs turned; the move must be legal."""
    flipped = flipped_squares(board, row, column, disc)
    assert flipped, "not a legal placement"
    new_board = [list(cells) for cells in board]
    new_board[row][column] = disc
    for r, c in flipped:
        new_board[r][c] = disc
    return new_board


def count(board: Board, disc: str) -> int:
    return sum(row.count(disc) for row in board)


def winner(board: Board) -> str | None:
    """'X', 'O', or None for a draw; only meaningful once neither side can place."""
    x_count, o_count = count(board, "X"), count(board, "O")
    if x_count == o_count:
        return None
    return "X" if x_count > o_count else "O"
