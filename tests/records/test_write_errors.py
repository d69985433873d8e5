"""Game files under write errors: a file size limit set in the child process stands for a full
disk; the file keeps every move written before the error and never blocks its name."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import WAIT_SECONDS, Run, without_locale
from damero.records import read_any
from damero.registry import GAMES

START_4X4 = "PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n4\nJUGADA 1:\n....\n.OX.\n.XO.\n....\n"


def damero_limited(
    arguments: Sequence[str], lines: Sequence[str], *, cwd: Path, file_bytes: int
) -> subprocess.CompletedProcess[str]:
    """`damero` that may write no file past `file_bytes` bytes, as on a full disk."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))

    return subprocess.run(
        [sys.executable, "-m", "damero", *arguments],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=cwd,
        env=without_locale(),
        preexec_fn=limit,
        timeout=WAIT_SECONDS,
        check=False,
    )


def test_continuing_a_file_without_its_last_line_feed_ends_that_line_first(
    run: Run, tmp_path: Path
) -> None:
    game_file = tmp_path / "f.txt"
    game_file.write_text(START_4X4.rstrip("\n"))
    result = run(["othello"], ["4", "f.txt", "1 2", "-1 -1", "3"])
    assert result.returncode == 0, result.stderr
    record = read_any(game_file, GAMES)
    assert len(record.moves) == 1
    assert game_file.read_text().endswith("....\nJUGADA 2:\n.X..\n.XX.\n.XO.\n....\n")
    replay = run(["replay", "f.txt"], ["a", "s"])
    assert "Position 2 of 2" in replay.stdout


@pytest.mark.usefixtures("compiled_engine")
def test_a_write_error_mid_game_leaves_every_board_before_it(tmp_path: Path) -> None:
    limit = 1024
    result = damero_limited(
        ["othello", "--x", "computer", "--o", "computer", "--level", "1"],
        ["1", "e.txt", "8"],
        cwd=tmp_path,
        file_bytes=limit,
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert "Could not write to e.txt: the file is too large." in result.stdout
    assert "The game goes on without being saved." in result.stdout
    assert "discs" in result.stdout.split("Could not write")[1]  # the game was played to its end
    game_file = tmp_path / "e.txt"
    record = read_any(game_file, GAMES)
    board_bytes = len("JUGADA 10:\n") + 8 * 9
    assert limit - board_bytes < game_file.stat().st_size <= limit  # no room for one more board
    assert game_file.read_text().count("JUGADA") == len(record.moves) + 1


def test_a_write_error_in_a_move_list_cuts_the_file_back_to_its_last_move(tmp_path: Path) -> None:
    header_bytes = len("# damero record: tictactoe\n# started: 2026-11-23 10:04\n")
    result = damero_limited(
        ["tictactoe", "--save", "t.txt", "--x", "computer", "--o", "computer", "--seed", "3"],
        [],
        cwd=tmp_path,
        file_bytes=header_bytes + 5,
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert "Could not write to t.txt" in result.stdout
    record = read_any(tmp_path / "t.txt", GAMES)
    assert len(record.moves) == 2  # two moves of "N\n" fit in five bytes, the third did not
    assert (tmp_path / "t.txt").read_text().endswith("\n")


def test_a_file_that_cannot_be_started_is_removed(tmp_path: Path, run: Run) -> None:
    result = damero_limited(["catmouse", "--save", "z.txt"], ["30"], cwd=tmp_path, file_bytes=0)
    assert "Traceback" not in result.stderr, result.stderr
    assert "Could not start z.txt: the file is too large." in result.stdout
    assert not (tmp_path / "z.txt").exists()
    again = run(["catmouse", "--save", "z.txt"], ["30", "q"])
    assert "already exists" not in again.stdout
    assert read_any(tmp_path / "z.txt", GAMES).moves  # the placement is in the file


def test_a_take_back_and_a_repair_cut_the_file_itself(run: Run, tmp_path: Path) -> None:
    game_file = tmp_path / "g.txt"
    game_file.write_text(START_4X4)
    os.chmod(game_file, 0o640)
    inode = game_file.stat().st_ino
    result = run(["othello"], ["4", "g.txt", "1 2", "u", "-1 -1", "3"])
    assert "Move 1 2 taken back." in result.stdout, result.stdout
    assert game_file.read_text() == START_4X4
    # A crash in the middle of a board, in a file an editor saved with CRLF line ends.
    kept = START_4X4.replace("\n", "\r\n").encode()
    game_file.write_bytes(kept + b"JUGADA 2:\r\n.X..\r\n")
    result = run(["othello", "--lang", "en"], ["4", "g.txt", "y", "-1 -1", "3"])
    assert "g.txt repaired" in result.stdout, result.stdout
    assert game_file.read_bytes() == kept, "the complete boards keep their very bytes"
    assert (game_file.stat().st_ino, game_file.stat().st_mode & 0o777) == (inode, 0o640)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["g.txt"]
