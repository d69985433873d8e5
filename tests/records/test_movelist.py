"""damero's move-list record: `read` and `write` are inverses, and replay is a fold of `play`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from damero.errors import RecordError, RecordWriteError
from damero.games.catmouse import CatMouse, CatMove, MouseMove
from damero.records import Record, movelist, read_file
from damero.records.appending import FileRecorder
from damero.registry import GAMES


def test_write_then_read_gives_the_record_back() -> None:
    game = CatMouse()
    moves = (MouseMove(30), MouseMove(26), CatMove(4, 8))
    record = Record(game, (("started", "2026-11-23 10:04"),), game.start(), moves)
    stream = io.StringIO()
    movelist.write(record, stream)
    assert (
        stream.getvalue() == "# damero record: catmouse\n# started: 2026-11-23 10:04\n30\n26\n4 8\n"
    )
    assert movelist.read(io.StringIO(stream.getvalue()), GAMES) == record
    with pytest.raises(RecordError) as raised:
        movelist.read(io.StringIO(stream.getvalue().replace("4 8", "4 9")), GAMES)
    assert raised.value.line == 5, "a bad move names its line"


def test_replay_folds_play_over_the_moves() -> None:
    record = movelist.read(io.StringIO("# damero record: catmouse\n30\n\n26\n"), GAMES)
    positions = record.positions()
    assert record.moves == (MouseMove(30), MouseMove(26))
    assert positions[-1].mouse == 26 and len(positions) == 3


def test_a_new_record_never_replaces_a_file_and_grows_move_by_move(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    game = CatMouse()
    recorder = movelist.MOVE_LIST.create(
        path, Record(game, (("started", "now"),), game.start(), ())
    )
    assert isinstance(recorder, FileRecorder)
    recorder.played(None, MouseMove(30))
    recorder.played(None, MouseMove(26))
    recorder.taken_back(1)
    assert path.read_text() == "# damero record: catmouse\n# started: now\n30\n"
    with pytest.raises(RecordWriteError):
        movelist.MOVE_LIST.create(path, Record(game, (), game.start(), ()))
    assert path.read_text().endswith("30\n")


def test_a_file_that_is_not_text_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "game.bin"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError) as raised:
        read_file(path, GAMES, CatMouse())
    assert raised.value.message.key == "record.not_damero"
