"""A game file two games try to write, and one whose name or disk fails a take-back: none is
corrupted, and every failure is said in words while the game goes on."""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import WAIT_SECONDS, Run, start_damero, wait_for_output
from damero.games.othello import OthelloPosition, parse_move
from damero.games.othello.seed_file import format_game
from damero.records import read_any
from damero.registry import GAMES

START = OthelloPosition.start(4)
AFTER_4_3 = START.play(parse_move("4 3", size=4))


def said(text: str) -> str:
    """`text` with its lines joined as one, as a person reads wrapped lines."""
    return " ".join(text.split())


def test_a_second_game_on_a_file_being_played_is_refused(run: Run, tmp_path: Path) -> None:
    game_file = tmp_path / "g.txt"
    game_file.write_text(format_game([START]))
    first = start_damero(["othello", "--lang", "en"], cwd=tmp_path)
    assert first.stdin is not None
    first.stdin.write("4\ng.txt\n")
    first.stdin.flush()
    wait_for_output(first, "X, your move")
    second = run(["othello", "--lang", "en"], ["4", "g.txt", "4 3", "3"])
    assert second.returncode == 0 and "Traceback" not in second.stderr
    assert "Cannot continue g.txt: another game is being played into it." in said(second.stdout)
    assert game_file.read_text() == format_game([START])
    _, errors = first.communicate("4 3\n-1 -1\n3\n", timeout=WAIT_SECONDS)
    assert first.returncode == 0, errors
    assert game_file.read_text() == format_game([START, AFTER_4_3])
    third = run(["othello", "--lang", "en"], ["4", "g.txt", "4 2", "-1 -1", "3"])
    assert "Cannot continue" not in third.stdout, "the file is free once the first game ends"
    assert len(read_any(game_file, GAMES).moves) == 2


def test_a_take_back_in_a_file_whose_name_is_as_long_as_allowed(run: Run, tmp_path: Path) -> None:
    name = "g" * 251 + ".txt"
    result = run(["othello", "--lang", "en"], ["1", name, "4", "4 3", "u", "1 2", "-1 -1", "3"])
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "Move 4 3 taken back." in result.stdout and "Could not" not in result.stdout
    after_1_2 = START.play(parse_move("1 2", size=4))
    assert (tmp_path / name).read_text() == format_game([START, after_1_2])


def a_game_after_x_plays_4_3(folder: Path) -> subprocess.Popen[str]:
    """`damero othello` playing a new 4x4 game into g.txt in `folder`, waiting for O's move."""
    process = start_damero(["othello", "--lang", "en"], cwd=folder)
    assert process.stdin is not None
    process.stdin.write("1\ng.txt\n4\n4 3\n")
    process.stdin.flush()
    wait_for_output(process, "O, your move")
    return process


def test_a_take_back_in_a_file_moved_away_says_so_and_the_game_goes_on(tmp_path: Path) -> None:
    process = a_game_after_x_plays_4_3(tmp_path)
    (tmp_path / "g.txt").rename(tmp_path / "moved.txt")
    out, errors = process.communicate("u\n1 2\n-1 -1\n3\n", timeout=WAIT_SECONDS)
    assert process.returncode == 0 and "Traceback" not in errors, errors
    assert (
        "Could not take the move back in g.txt: it was moved, removed or replaced during the "
        "game. The file still holds it. The game goes on without being saved."
    ) in said(out)
    assert "Move 4 3 taken back." in out and "X, your move" in out.split("taken back")[1]
    assert (tmp_path / "moved.txt").read_text() == format_game([START, AFTER_4_3])
    assert not (tmp_path / "g.txt").exists()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB memory disk of its own (tmpfs, mounted as root, as `make test` runs)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], check=True)
    try:
        yield disk
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=True)


def fill(disk: Path) -> None:
    """Writes to `disk` until it is full: not one more block can be had."""
    handle = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(handle, b"x" * 4096)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(handle)


def test_a_take_back_on_a_full_disk_cuts_the_move_off_the_file(small_disk: Path) -> None:
    process = a_game_after_x_plays_4_3(small_disk)
    fill(small_disk)
    out, errors = process.communicate("u\n-1 -1\n3\n", timeout=WAIT_SECONDS)
    assert process.returncode == 0 and "Traceback" not in errors, errors
    assert "Move 4 3 taken back." in out and "Could not" not in out
    assert (small_disk / "g.txt").read_text() == format_game([START])
