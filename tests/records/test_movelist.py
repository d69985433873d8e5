"""damero's move-list record: `read` and `write` are inverses, and replay is a fold of `play`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from damero.errors import RecordError
from damero.games.catmouse import CatMouse, MouseMove
from damero.records import movelist
from damero.records.appending import FileRecorder


def test_write_then_read_gives_the_record_back() -> None:
    record = movelist.Record(
        "catmouse", (("started", "2026-11-23 10:04"),), ("30", "26", "4 8"), ()
    )
    stream = io.StringIO()
    movelist.write(record, stream)
    assert (
        stream.getvalue() == "# damero record: catmouse\n# started: 2026-11-23 10:04\n30\n26\n4 8\n"
    )
    read = movelist.read(io.StringIO(stream.getvalue()))
    assert (read.game_name, read.header, read.moves) == (
        record.game_name,
        record.header,
        record.moves,
    )
    assert read.lines == (3, 4, 5), "each move remembers its line, for error messages"


def test_replay_folds_play_over_the_moves() -> None:
    record = movelist.read(io.StringIO("# damero record: catmouse\n30\n\n26\n"))
    positions, moves = movelist.replay(CatMouse(), record)
    assert moves == [MouseMove(30), MouseMove(26)]
    assert positions[-1].mouse == 26 and len(positions) == 3


def test_a_new_record_never_replaces_a_file_and_grows_move_by_move(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    recorder = movelist.create_record(path, CatMouse(), [("started", "now")])
    assert isinstance(recorder, FileRecorder)
    recorder.played(None, MouseMove(30))
    recorder.played(None, MouseMove(26))
    recorder.taken_back(1)
    assert path.read_text() == "# damero record: catmouse\n# started: now\n30\n"
    with pytest.raises(FileExistsError):
        movelist.create_record(path, CatMouse(), [])
    assert path.read_text().endswith("30\n")


def test_a_file_that_is_not_text_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "game.bin"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError) as raised:
        movelist.read_file(path)
    assert raised.value.message.key == "record.not_damero"
