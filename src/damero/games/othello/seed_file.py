"""The Othello seed's game file: a header, then the board after each placement; read and checked.
It belongs to the game, beside its rules: no other game is kept in it.

The format, byte for byte (LF line ends, no trailing spaces)::

    PARTIDA DEL OTHELLO
    TAMANYO DEL TABLERO:
    8
    JUGADA 1:
    ........
    ...          (size rows of 'X', 'O' and '.')
    JUGADA 2:
    ...

JUGADA 1 is the initial board and one board follows every placement; a pass writes nothing.
Readers also accept CRLF line ends, trailing blanks on a line and blank lines between boards,
and the files of programs that write the board again after each pass (`0 0`, as the seed has
players type it), the two passes that end the game included.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TextIO

from damero.core import Game, Message, Side, parse_number
from damero.errors import CutOffRecordError, IllegalMoveError, RecordError
from damero.records.appending import AppendOnlyFile, FileRecorder, create_file
from damero.records.record import Record, record_moves
from damero.rules.othello import PASS, SIZES, Move, OthelloPosition, side_key

TITLE = "PARTIDA DEL OTHELLO"
SIZE_LABEL = "TAMANYO DEL TABLERO:"
ENCODING = "utf-8"

_CELLS = frozenset("XO.")


def format_header(size: int) -> str:
    """The three header lines, each ending in LF."""
    return f"{TITLE}\n{SIZE_LABEL}\n{size}\n"


def format_board(number: int, position: OthelloPosition) -> str:
    """One `JUGADA number:` block: the label and the board rows, each line ending in LF."""
    return f"JUGADA {number}:\n" + "".join(f"{row}\n" for row in position.board_rows())


def format_game(positions: Sequence[OthelloPosition]) -> str:
    """A whole file: the header and the boards numbered from 1; there must be at least one."""
    if not positions:
        raise ValueError("a game file holds at least the initial board")
    return format_header(positions[0].size) + _format_boards(positions, first=1)


class _Lines:
    """The stream's lines with their 1-based numbers, trailing blanks and line ends removed."""

    def __init__(self, stream: Iterable[str]) -> None:
        self._lines = iter(stream)
        self.number = 0

    def next(self) -> str | None:
        """The next line, or None at the end of the stream."""
        for line in self._lines:
            self.number += 1
            return line.rstrip()
        return None


def _read_header(lines: _Lines) -> int:
    first = lines.next()
    while first == "":
        first = lines.next()
    if first is None:
        raise RecordError("record.empty", line=1)
    if first.lstrip("\ufeff") != TITLE:
        raise RecordError("record.not_othello", line=lines.number, expected=TITLE)
    label = lines.next()
    if label is None:
        raise RecordError("record.truncated_header", line=lines.number + 1)
    if label != SIZE_LABEL:
        raise RecordError("record.bad_header", line=lines.number, expected=SIZE_LABEL, text=label)
    size_text = lines.next()
    if size_text is None:
        raise RecordError("record.truncated_header", line=lines.number + 1)
    size_text = size_text.strip()
    size = parse_number(size_text)
    if size not in SIZES or not size_text.isdecimal():
        raise RecordError("record.bad_size", line=lines.number, text=size_text[:40])
    return size


def read_size(stream: Iterable[str]) -> int:
    """The board size in the header of a game file; consumes only the header lines."""
    return _read_header(_Lines(stream))


def _cut_off(line: int, number: int, rows: int, size: int) -> CutOffRecordError:
    return CutOffRecordError("record.truncated", line=line, number=number, rows=rows, size=size)


def read_boards(stream: Iterable[str]) -> Iterator[tuple[int, tuple[str, ...], int]]:
    """Yields (jugada number, board rows, line number of its `JUGADA` label) one board at a time.

    Checks the layout only (header, consecutive numbers from 1, rows of the right length and
    characters), not whether the boards follow each other; raises RecordError at the first fault.
    A file whose header holds no board is refused, naming the line where JUGADA 1 should be.
    """
    lines = _Lines(stream)
    size = _read_header(lines)
    expected_number = 1
    while True:
        label = lines.next()
        while label == "":
            label = lines.next()
        if label is None:
            if expected_number == 1:
                raise RecordError("record.no_boards", line=lines.number + 1)
            return
        label_line = lines.number
        expected_label = f"JUGADA {expected_number}:"
        rows: list[str] = []

        if label != expected_label:
            if expected_label.startswith(label) and lines.next() is None:
                raise _cut_off(label_line, expected_number, len(rows), size)
            raise RecordError(
                "record.bad_jugada", line=label_line, text=label[:40], number=expected_number
            )
        while len(rows) < size:
            row = lines.next()
            if row is None:
                raise _cut_off(label_line, expected_number, len(rows), size)
            if len(row) != size or not _CELLS.issuperset(row):
                row_line = lines.number
                if len(row) < size and _CELLS.issuperset(row) and lines.next() is None:
                    raise _cut_off(label_line, expected_number, len(rows), size)
                raise RecordError("record.bad_board_row", line=row_line, text=row[:40], size=size)
            rows.append(row)
        yield expected_number, tuple(rows), label_line
        expected_number += 1


def _placement(previous: OthelloPosition, rows: tuple[str, ...], number: int, line: int) -> Move:
    """The placement that turns `previous` into the board `rows`; else RecordError."""
    size = previous.size
    placed = [
        Move(row, column)
        for row, (old, new) in enumerate(zip(previous.board_rows(), rows, strict=True))
        for column in range(size)
        if old[column] == "." and new[column] != "."
    ]
    if len(placed) == 1:
        try:
            position = previous.play(placed[0])
        except IllegalMoveError:
            pass
        else:
            if position.board_rows() == rows:
                return placed[0]
    raise RecordError("record.not_a_move", line=line, number=number)


ENDING_PASSES = 2
"""The boards a program of the seed writes after the last placement: the game ends when both
players pass (`0 0`) one after the other."""


def _steps(
    stream: Iterable[str],
) -> Iterator[tuple[int, OthelloPosition, tuple[Move, ...], OthelloPosition, int]]:
    """For each board, checked: (jugada number, the board as read, the moves leading from the
    previous step's position to it and past a forced pass, the position ready to move, line).

    The first board is the starting one, X to move; after it, the side that did not just place.
    A board repeated after a forced pass is that pass, as programs that write the board after
    every `0 0` keep it, and so are the two repeated boards of the passes that end the game;
    they add no move, since the reader makes forced passes itself and a finished game has none.
    """
    previous: OthelloPosition | None = None
    pass_unseen = False
    ending_passes = 0
    for number, rows, line in read_boards(stream):
        if previous is None:
            board = OthelloPosition.from_rows(rows, Side.FIRST)
            if board != OthelloPosition.start(board.size):
                raise RecordError("record.not_the_start", line=line)
            moves: tuple[Move, ...] = ()
        elif rows == previous.board_rows() and previous.is_game_over():
            ending_passes += 1
            if ending_passes > ENDING_PASSES:
                raise RecordError("record.after_the_end", line=line, number=number)
            yield number, previous, (), previous, line
            continue
        elif rows == previous.board_rows():
            if not pass_unseen:
                side = Message(side_key(previous.side_to_move))
                raise RecordError("record.not_a_pass", line=line, number=number, side=side)
            pass_unseen = False
            yield number, previous, (), previous, line
            continue
        else:
            move = _placement(previous, rows, number, line)
            board, moves = previous.play(move), (move,)
        position = board
        pass_unseen = position.legal_moves() == (PASS,)
        if pass_unseen:
            position, moves = position.play(PASS), (*moves, PASS)
        yield number, board, moves, position, line
        previous = position


def _positions(stream: Iterable[str]) -> Iterator[tuple[int, OthelloPosition, int]]:
    """(jugada number, position ready to move, line) for each board, checked."""
    for number, _board, _moves, position, line in _steps(stream):
        yield number, position, line


def read_game(stream: Iterable[str]) -> tuple[int, list[OthelloPosition]]:
    """The board size and every position of the file, in order.

    Each board must follow the one before by a single legal placement, possibly after a forced
    pass. The side to move in each position is the side that did not just place (X for JUGADA 1),
    with a forced pass already made: it can place, or the game is over.
    """
    positions = [position for _, position, _ in _positions(stream)]
    if not positions:
        raise RecordError("record.no_boards", line=0)
    return positions[0].size, positions


def read_last(stream: Iterable[str]) -> tuple[int, OthelloPosition, int]:
    """The board size, the last position and its jugada number, keeping only two boards at a time.

    Checks the boards as `read_game` does; the side to move comes out the same: the side whose
    colour was not placed last (X after JUGADA 1), passing if it cannot place but the other can.
    """
    last: tuple[int, OthelloPosition] | None = None
    for number, position, _ in _positions(stream):
        last = number, position
    if last is None:
        raise RecordError("record.no_boards", line=0)
    number, position = last
    return position.size, position, number


def open_game_file(path: str | os.PathLike[str]) -> IO[str]:
    """Opens a game file for the readers; undecodable bytes become U+FFFD and fail as bad lines."""
    return open(path, encoding=ENCODING, errors="replace")


def create_game_file(path: Path, positions: Sequence[OthelloPosition]) -> None:
    """Starts a new game file holding `positions` as JUGADA 1, 2, ...; never replaces a file.

    Raises RecordWriteError when `path` exists, so a game can never overwrite another.
    """
    create_file(path, format_game(positions))


def board_recorder(file: AppendOnlyFile, *, boards_before: int) -> FileRecorder:
    """Appends the board after each placement, numbered after `boards_before`; a pass writes nothing."""

    def board(position: OthelloPosition, move: Move) -> str | None:
        if move.is_pass:
            return None
        return format_board(boards_before + recorder.entries + 1, position)

    recorder = FileRecorder(file, board)
    return recorder


def _format_boards(positions: Sequence[OthelloPosition], *, first: int) -> str:
    return "".join(
        format_board(number, position) for number, position in enumerate(positions, start=first)
    )


def _boards(record: Record) -> list[OthelloPosition]:
    """The boards a file keeps for `record`: the start, then one after each placement."""
    positions = record.positions()
    return [positions[0]] + [
        after for move, after in zip(record.moves, positions[1:], strict=True) if not move.is_pass
    ]


@dataclass(frozen=True)
class SeedFileFormat:
    """The seed's game file as a `RecordFormat`: the moves are read from the boards, and `game`
    (Othello, any size) is the game its records are of."""

    game: Game[Any, Any]

    @property
    def keeps_every_game(self) -> bool:
        return True

    def recognises(self, first_line: str) -> bool:
        return first_line == TITLE

    def read(self, stream: TextIO, games: Sequence[Game[Any, Any]]) -> Record:
        """The record, its `entries` the position each board shows: a board repeated for a pass
        in the game shows the position before the pass and the repeat the one after it.

        `games` is not needed: the file is always a game of `self.game`, of the size it says."""
        start: OthelloPosition | None = None
        moves: list[Move] = []
        entries: list[int] = []

        def record() -> Record:
            assert start is not None
            return Record(
                self.game.variant(size=start.size), (), start, tuple(moves), tuple(entries)
            )

        try:
            for _number, board, steps, position, _line in _steps(stream):
                if start is None:
                    start = board
                elif not steps and not position.is_game_over():
                    entries[-1] = len(moves) - 1  # the board before its forced pass
                moves.extend(steps)
                entries.append(len(moves))
        except CutOffRecordError as error:
            if start is not None:
                error.partial = record()
            raise
        if start is None:
            raise RecordError("record.no_boards", line=0)
        return record()

    def write(self, record: Record, stream: TextIO) -> None:
        stream.write(format_game(_boards(record)))

    def create(self, path: Path, record: Record) -> FileRecorder:
        """Starts the file with the start board, then records each move so a take-back may remove it."""
        create_game_file(path, [record.start])
        started = Record(record.game, record.header, record.start, ())
        return record_moves(self.extend(AppendOnlyFile(path), started), record)

    def extend(self, file: AppendOnlyFile, record: Record) -> FileRecorder:
        """Numbers the next board one past the file's last: past the boards it was read with."""
        boards = len(record.entries) or len(_boards(record))
        return board_recorder(file, boards_before=boards)
