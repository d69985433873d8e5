"""Game records: the `Record` value, and `read_any` that reads a file of any game's format.

The games a file may hold are passed in (front ends pass `damero.registry.GAMES`): records are a
satellite of the games and import none of them."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from damero.core import Game
from damero.errors import CutOffRecordError, RecordError
from damero.records.movelist import MOVE_LIST
from damero.records.paths import expand
from damero.records.reading import read_text
from damero.records.record import Record, RecordFormat

__all__ = ["Record", "RecordFormat", "format_for", "read_any", "read_file"]


def _formats(games: Sequence[Game[Any, Any]]) -> list[RecordFormat]:
    formats: list[Any] = []
    for game in games:
        if game.record_format not in formats:
            formats.append(game.record_format)
    return formats


def read_file(
    path: Path, games: Sequence[Game[Any, Any]], game: Game[Any, Any] | None = None
) -> Record:
    """The record in the file at `path`, in the format it is written in: a record of `game` if given.

    The formats known are those of `games`, `game`'s tried first.  The text is read
    with bounds (`read_text`); every failure is a RecordError naming the line at fault, another
    game's record (whole or cut off) included, and a file in no known format is refused in the
    words of `game`'s format.
    """
    text = read_text(expand(str(path)))
    first = ""
    for line in text.split("\n"):
        first = line.strip()
        if first:
            break
    formats = _formats(games)
    if game is not None:
        formats = [game.record_format, *(known for known in formats if known != game.record_format)]
    for known in formats:
        if known.recognises(first):
            return _read_game(known, text, games, game)
    if game is not None:
        record: Record = game.record_format.read(io.StringIO(text), games)
        return record
    if not first:
        raise RecordError("record.empty", line=1)
    raise RecordError("record.unknown_format", line=1)


def _read_game(
    record_format: RecordFormat,
    text: str,
    games: Sequence[Game[Any, Any]],
    game: Game[Any, Any] | None,
) -> Record:
    """The record in `text`, refused if it is not `game`'s; a cut-off one checked too."""
    try:
        record = record_format.read(io.StringIO(text), games)
    except CutOffRecordError as error:
        if error.partial is not None:
            _check_game(error.partial, game)
        raise
    _check_game(record, game)
    return record


def _check_game(record: Record, game: Game[Any, Any] | None) -> None:
    if game is not None and record.game.name != game.name:
        raise RecordError("record.wrong_game", line=1, found=record.game.name, wanted=game.name)


def format_for(record: Record) -> RecordFormat:
    """The format to write `record` in: its game's, unless the game started from a position set
    by hand, which only damero's move list can hold (the Othello seed's file starts from the
    starting board and cannot say whose turn it is at another)."""
    own: RecordFormat = record.game.record_format
    return own if record.start == record.game.start() else MOVE_LIST


def read_any(path: Path, games: Sequence[Game[Any, Any]]) -> Record:
    """The record in the file at `path`, recognising its format among `games`' formats."""
    return read_file(path, games)
