"""damero's own game record: a short header, then one move per line in the notation players type.

    # damero record: catmouse
    # started: 2026-11-23 10:04
    30
    26
    4 8

Lines starting with '#' after the first are header lines and comments; blank lines are ignored.
Every line a writer adds ends with a line feed, so a last line without one was cut off. A game
with options says them in header lines (`# size: 6`), and a game that did not start from its
starting position says where it did, as `analyse` takes it (`# start: X---O----`), so every
game, from any position, reads back to the same positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from damero.core import Game
from damero.errors import DameroError, RecordError
from damero.records.appending import AppendOnlyFile, FileRecorder, create_file
from damero.records.record import Record, record_moves

MAGIC = "# damero record:"


def format_header(game_name: str, header: tuple[tuple[str, str], ...] = ()) -> str:
    lines = [f"{MAGIC} {game_name}"] + [f"# {key}: {value}" for key, value in header]
    return "\n".join(lines) + "\n"


def format_moves(game: Any, moves: tuple[Any, ...]) -> str:
    return "".join(game.format_move(move) + "\n" for move in moves)


START = "start"


def setup_header(record: Record) -> tuple[tuple[str, str], ...]:
    """The header lines that say which game was played: its options, and its start when it is
    not the game's own."""
    game = record.game
    lines = [(name, str(getattr(game, name))) for name in game.options]
    if record.start != game.start():
        lines.append((START, game.format_position(record.start)))
    return tuple(lines)


def write(record: Record, stream: TextIO) -> None:
    stream.write(format_header(record.game.name, setup_header(record) + record.header))
    stream.write(format_moves(record.game, record.moves))


def _game_named(name: str, games: Sequence[Game[Any, Any]]) -> Any:
    for game in games:
        if game.name == name:
            return game
    raise RecordError("record.unknown_game", line=1, name=name)


def read(stream: TextIO, games: Sequence[Game[Any, Any]]) -> Record:
    """Reads and replays a record of one of `games`, found by the name its header gives;
    RecordError names the line of a foreign, cut-off or bad file, or of a game not in `games`."""
    text = stream.read()
    lines = text.split("\n")
    first = lines[0].rstrip("\r").strip().lstrip("\ufeff")
    if not first:
        raise RecordError("record.empty", line=1)
    if not first.startswith(MAGIC) or not first[len(MAGIC) :].strip():
        raise RecordError("record.not_damero", line=1)
    game = _game_named(first[len(MAGIC) :].strip(), games)
    header: list[tuple[str, str]] = []
    start_line: tuple[int, str] | None = None
    start = position = None
    moves: list[Any] = []
    cut_off = not text.endswith("\n")
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip("\r").strip()
        if not line:
            continue
        if cut_off and number == len(lines):
            raise RecordError("record.cut_off", line=number, text=line[:40])
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            key, value = key.strip(), value.strip()
            if position is None and key in game.options:
                game = _set_up(game, key, value, number)
            elif position is None and key == START:
                start_line = number, value
            else:
                header.append((key, value))
            continue
        if position is None:
            start = position = _start_of(game, start_line)
        try:
            move = game.parse_move(position, line)
            position = position.play(move)
        except DameroError as error:
            raise RecordError(
                "record.bad_move", line=number, text=line[:40], reason=error.message
            ) from error
        moves.append(move)
    if start is None:
        start = _start_of(game, start_line)
    return Record(game, tuple(header), start, tuple(moves))


def _set_up(game: Any, key: str, value: str, line: int) -> Any:
    """The game with the option a header line gives (`size: 6`)."""
    allowed = game.options[key]
    if not value.isdigit() or int(value) not in allowed:
        raise RecordError("record.bad_option", line=line, name=key, text=value[:40])
    return game.variant(**{key: int(value)})


def _start_of(game: Any, start_line: tuple[int, str] | None) -> Any:
    """Where the game began: the position of the `start` header (its line, its text), else the
    game's own start. A position of another variant (a 6x6 board in an 8x8 game) is refused."""
    if start_line is None:
        return game.start()
    line, text = start_line
    try:
        position = game.parse_position(text)
    except DameroError as error:
        raise RecordError("record.bad_start", line=line, reason=error.message) from None
    if any(
        getattr(position, name, getattr(game, name)) != getattr(game, name) for name in game.options
    ):
        raise RecordError("record.start_mismatch", line=line)
    return position


@dataclass(frozen=True)
class MoveListFormat:
    """The move list as a `RecordFormat`."""

    @property
    def keeps_every_game(self) -> bool:
        return False

    def recognises(self, first_line: str) -> bool:
        return first_line.startswith(MAGIC)

    def read(self, stream: TextIO, games: Sequence[Game[Any, Any]]) -> Record:
        return read(stream, games)

    def write(self, record: Record, stream: TextIO) -> None:
        write(record, stream)

    def create(self, path: Path, record: Record) -> FileRecorder:
        """Starts the file with the record so far; its moves may be taken back like later ones."""
        create_file(path, format_header(record.game.name, setup_header(record) + record.header))
        return record_moves(self.extend(AppendOnlyFile(path), replace(record, moves=())), record)

    def extend(self, file: AppendOnlyFile, record: Record) -> FileRecorder:
        game = record.game
        return FileRecorder(file, lambda position, move: format_moves(game, (move,)))


MOVE_LIST = MoveListFormat()
