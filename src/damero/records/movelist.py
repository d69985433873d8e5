"""damero's own game record: a short header, then one move per line in the notation players type.

    # damero record: catmouse
    # started: 2026-11-23 10:04
    30
    26
    4 8

Lines starting with '#' after the first are header lines and comments; blank lines are ignored.
Every line a writer adds ends with a line feed, so a last line without one was cut off.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from damero.errors import DameroError, RecordError
from damero.records.appending import FileRecorder, create_file

MAGIC = "# damero record:"


@dataclass(frozen=True, slots=True)
class Record:
    """A game as data: which game, its header lines, and its moves with the line each came from."""

    game_name: str
    header: tuple[tuple[str, str], ...]
    moves: tuple[str, ...]
    lines: tuple[int, ...]


def format_header(game_name: str, header: Iterable[tuple[str, str]] = ()) -> str:
    lines = [f"{MAGIC} {game_name}"] + [f"# {key}: {value}" for key, value in header]
    return "\n".join(lines) + "\n"


def format_move_line(move_text: str) -> str:
    return move_text + "\n"


def write(record: Record, stream: TextIO) -> None:
    stream.write(format_header(record.game_name, record.header))
    for move in record.moves:
        stream.write(format_move_line(move))


def read(stream: TextIO) -> Record:
    """Reads a record; raises RecordError naming the line for a foreign, empty or cut-off file."""
    text = stream.read()
    lines = text.split("\n")
    first = lines[0].rstrip("\r").strip()
    if not first:
        raise RecordError("record.empty", line=1)
    if not first.startswith(MAGIC) or not first[len(MAGIC) :].strip():
        raise RecordError("record.not_damero", line=1)
    game_name = first[len(MAGIC) :].strip()
    header: list[tuple[str, str]] = []
    moves: list[str] = []
    numbers: list[int] = []
    cut_off = not text.endswith("\n")
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip("\r").strip()
        if not line:
            continue
        if cut_off and number == len(lines):
            raise RecordError("record.cut_off", line=number, text=line)
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            header.append((key.strip(), value.strip()))
            continue
        moves.append(line)
        numbers.append(number)
    return Record(game_name, tuple(header), tuple(moves), tuple(numbers))


def replay(game: Any, record: Record) -> tuple[list[Any], list[Any]]:
    """The positions and moves of a record, a fold of `play`; raises RecordError naming a bad move's line."""
    if record.game_name != game.name:
        raise RecordError("record.wrong_game", line=1, found=record.game_name, wanted=game.name)
    positions = [game.start()]
    moves = []
    for text, line in zip(record.moves, record.lines, strict=True):
        try:
            move = game.parse_move(positions[-1], text)
            positions.append(positions[-1].play(move))
        except DameroError as error:
            raise RecordError(
                "record.bad_move", line=line, text=text, reason=error.message
            ) from error
        moves.append(move)
    return positions, moves


def read_file(path: Path) -> Record:
    """Reads a record from a file; an unreadable file is a RecordError, not an OSError."""
    try:
        with path.open(encoding="utf-8") as stream:
            return read(stream)
    except UnicodeDecodeError:
        raise RecordError("record.not_damero", line=0) from None
    except OSError as error:
        raise RecordError(
            "record.cannot_open", line=0, path=str(path), why=error.strerror
        ) from None


def create_record(path: Path, game: Any, header: Iterable[tuple[str, str]]) -> FileRecorder:
    """Starts a new record (never replacing a file: FileExistsError) and returns its recorder."""
    create_file(path, format_header(game.name, header))
    return FileRecorder(path, lambda position, move: format_move_line(game.format_move(move)))
