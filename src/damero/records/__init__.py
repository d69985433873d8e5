"""Game records: the `Record` value, and `read_any` that reads a file of any game's format."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from damero.errors import RecordError
from damero.records.appending import replace_file
from damero.records.paths import expand
from damero.records.reading import read_text
from damero.records.record import Record, RecordFormat

__all__ = ["Record", "RecordFormat", "read_any", "read_file", "rewrite_file"]

ENCODING = "utf-8"


def _formats() -> list[RecordFormat]:
    from damero import games

    formats: list[Any] = []
    for game in games.GAMES:
        if game.record_format not in formats:
            formats.append(game.record_format)
    return formats


def read_file(path: Path, record_format: RecordFormat | None = None) -> Record:
    """The record in the file at `path`, in `record_format` or, if None, the format it is written in.

    The formats known are those of the games in `GAMES`. The text is read with bounds
    (`read_text`); every failure is a RecordError naming the line at fault.
    """
    text = read_text(expand(str(path)))
    first = ""
    for line in text.split("\n"):
        first = line.strip()
        if first:
            break
    if record_format is not None:
        return record_format.read(io.StringIO(text))
    for known in _formats():
        if known.recognises(first):
            return known.read(io.StringIO(text))
    if not first:
        raise RecordError("record.empty", line=1)
    raise RecordError("record.unknown_format", line=1)


def read_any(path: Path) -> Record:
    """The record in the file at `path`, recognising its format among the games' formats."""
    return read_file(path)


def rewrite_file(path: Path, record: Record) -> None:
    """Replaces the file at `path` by `record` in its game's format, through a renamed temporary file."""
    text = io.StringIO()
    record.game.record_format.write(record, text)
    replace_file(path, text.getvalue().encode(ENCODING))
