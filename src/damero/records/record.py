"""A game as a value: which game, its header lines, where it started and the moves played.

Formats are adapters with a symmetric `read(stream, games)` / `write(record, stream)`; a game's
`record_format` says which one its files use. Records know no game of their own: a reader is
given the games a file may hold, so that records never import a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from damero.core import Game
from damero.records.appending import AppendOnlyFile, FileRecorder


@dataclass(frozen=True)
class Record:
    """One game: `game` (with its options), header lines as (key, value), the start and the moves."""

    game: Any
    header: tuple[tuple[str, str], ...]
    start: Any
    moves: tuple[Any, ...]
    entries: tuple[int, ...] = field(default=(), compare=False)
    """How many moves lead to the position each entry of the file it was read from shows, in the
    file's order: the Othello seed's file numbers its boards, and a program of the seed writes a
    board for a pass. () when each position the players saw is one entry."""

    def positions(self) -> list[Any]:
        """The start and the position after each move: replay is a fold of `play`."""
        positions = [self.start]
        for move in self.moves:
            positions.append(positions[-1].play(move))
        return positions


class RecordFormat(Protocol):
    """A file format for records; `read` and `write` are inverses."""

    @property
    def keeps_every_game(self) -> bool:
        """Whether every game is played into a file, named before it starts (the Othello seed's)."""
        ...

    def recognises(self, first_line: str) -> bool:
        """Whether a file whose first non-blank line is `first_line` is in this format."""
        ...

    def read(self, stream: TextIO, games: Sequence[Game[Any, Any]]) -> Record:
        """The record in `stream`, a game of one of `games` (a format for one game's files knows
        its game); RecordError naming the line at fault."""
        ...

    def write(self, record: Record, stream: TextIO) -> None: ...

    def create(self, path: Path, record: Record) -> FileRecorder:
        """A new file holding `record` (RecordWriteError rather than replace one), and the recorder
        that appends the moves played from its last position on."""
        ...

    def extend(self, file: AppendOnlyFile, record: Record) -> FileRecorder:
        """The recorder that appends to `file`, which holds `record`, the moves played next."""
        ...


def record_moves(recorder: FileRecorder, record: Record) -> FileRecorder:
    """`recorder` after recording each of `record`'s moves, so that a take-back may remove them too."""
    for position, move in zip(record.positions()[1:], record.moves, strict=True):
        recorder.played(position, move)
    return recorder
