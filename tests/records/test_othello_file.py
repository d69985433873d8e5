"""The Othello seed's game file: the seed's sample, a whole game written and read, damaged files."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest

from damero.core import Side
from damero.errors import RecordError, RecordWriteError
from damero.games.othello import PASS, Move, OthelloPosition, parse_move
from damero.games.othello.seed_file import (
    board_recorder,
    create_game_file,
    format_board,
    format_game,
    format_header,
    open_game_file,
    read_boards,
    read_game,
    read_last,
    read_size,
)
from damero.i18n import Catalog
from damero.records.appending import AppendOnlyFile

DATA = Path(__file__).parent.parent / "data"
PLACED = Move(0, 0)
"""Any placement: the recorder only asks whether a move is a pass."""
SEED_SAMPLE = DATA / "othello_seed_sample.txt"
GAME_4X4 = DATA / "othello_4x4_game.txt"
# The moves of the game in othello_4x4_game.txt; O passes before X's last move.
MOVES_4X4 = [
    "4 3",
    "4 2",
    "1 1",
    "2 4",
    "4 4",
    "3 4",
    "2 1",
    "1 3",
    "4 1",
    "3 1",
    "1 2",
    "0 0",
    "1 4",
]


def played_4x4_game() -> list[OthelloPosition]:
    """The positions after each placement (a pass adds none), starting with the initial board."""
    position = OthelloPosition.start(4)
    positions = [position]
    for text in MOVES_4X4:
        move = parse_move(text, size=4)
        position = position.play(move)
        if move != PASS:
            positions.append(position)
    return positions


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as raised:
        read_game(io.StringIO(text))
    return raised.value


def sample_lines() -> list[str]:
    return GAME_4X4.read_text(encoding="utf-8").splitlines()


def test_the_seed_sample_loads_with_o_to_move() -> None:
    with open_game_file(SEED_SAMPLE) as stream:
        size, positions = read_game(stream)
    assert size == 8
    assert len(positions) == 2
    assert positions[0] == OthelloPosition.start(8)
    assert positions[1] == OthelloPosition.start(8).play(Move(2, 3))
    assert positions[1].side_to_move is Side.SECOND
    with open_game_file(SEED_SAMPLE) as stream:
        size, last, number = read_last(stream)
    assert (size, number) == (8, 2)
    assert last == positions[1]


def test_a_written_game_matches_the_expected_file_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "partida.txt"
    positions = played_4x4_game()
    create_game_file(path, positions[:1])
    recorder = board_recorder(AppendOnlyFile(path), boards_before=1)
    for position in positions[1:]:
        recorder.played(position, PLACED)
    written = path.read_bytes()
    assert b"\r" not in written
    assert written.decode("utf-8").splitlines() == sample_lines()
    assert written == GAME_4X4.read_bytes()
    assert format_game(positions) == GAME_4X4.read_text(encoding="utf-8")


def test_the_written_game_reads_back_with_every_side_to_move() -> None:
    with open_game_file(GAME_4X4) as stream:
        size, positions = read_game(stream)
    assert size == 4
    expected = played_4x4_game()
    assert [position.board_rows() for position in positions] == [
        position.board_rows() for position in expected
    ]
    # X moves after O's placements; after X's second-to-last board O must pass, so X moves again.
    assert positions[-2].side_to_move is Side.FIRST
    assert positions[-2].legal_moves() == (Move(0, 3),)
    assert positions[-1].outcome() is not None
    assert positions[1].side_to_move is Side.SECOND
    with open_game_file(GAME_4X4) as stream:
        assert read_last(stream) == (4, positions[-1], 13)


def test_read_last_after_a_forced_pass_gives_the_turn_back() -> None:
    text = format_game(played_4x4_game()[:12])
    size, position, number = read_last(io.StringIO(text))
    assert (size, number) == (4, 12)
    assert position.side_to_move is Side.FIRST
    assert position.legal_moves() == (Move(0, 3),)


def test_format_header_and_board() -> None:
    assert format_header(8) == "PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n8\n"
    assert format_board(1, OthelloPosition.start(4)) == "JUGADA 1:\n....\n.OX.\n.XO.\n....\n"


def test_read_boards_is_lazy_and_numbers_lines() -> None:
    lines = iter(sample_lines())
    boards = read_boards(lines)
    number, rows, line = next(boards)
    assert (number, line) == (1, 4)
    assert rows == ("....", ".OX.", ".XO.", "....")
    # Only the header and the first board have been taken from the stream.
    assert next(lines) == "JUGADA 2:"
    assert read_size(iter(sample_lines())) == 4


def test_crlf_and_trailing_blanks_are_accepted() -> None:
    text = "\r\n".join(f"{line}  " for line in sample_lines()) + "\r\n\r\n  \r\n"
    size, positions = read_game(io.StringIO(text, newline=""))
    assert size == 4
    assert len(positions) == 13


def test_boards_are_appended_to_an_existing_file_without_rewriting_it(tmp_path: Path) -> None:
    path = tmp_path / "partida.txt"
    positions = played_4x4_game()
    create_game_file(path, positions[:5])
    with path.open(encoding="utf-8") as stream:
        size, last, number = read_last(stream)
    assert (size, last, number) == (4, positions[4], 5)
    before = path.read_bytes()
    recorder = board_recorder(AppendOnlyFile(path), boards_before=number)
    recorder.played(positions[5], PLACED)
    # Each board is on the disk as soon as it is written, after the untouched earlier ones.
    assert path.read_bytes().startswith(before)
    with path.open(encoding="utf-8") as stream:
        assert read_last(stream)[1:] == (positions[5], 6)
    recorder.played(positions[5], PASS)
    with path.open(encoding="utf-8") as stream:
        assert read_game(stream)[1] == positions[:6], "a pass writes nothing"


def test_take_back_cuts_the_last_boards_off_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "partida.txt"
    positions = played_4x4_game()
    create_game_file(path, positions[:1])
    inode = path.stat().st_ino
    recorder = board_recorder(AppendOnlyFile(path), boards_before=1)
    for position in positions[1:5]:
        recorder.played(position, PLACED)
    recorder.taken_back(2)
    recorder.played(positions[3], PLACED)
    assert path.read_text(encoding="utf-8") == format_game(positions[:4])
    assert sorted(os.listdir(tmp_path)) == ["partida.txt"]
    assert path.stat().st_ino == inode, "cut, not replaced by a copy: no second name, no space"


def test_a_new_game_never_replaces_an_old_file(tmp_path: Path) -> None:
    path = tmp_path / "partida.txt"
    path.write_text("something else\n", encoding="utf-8")
    with pytest.raises(RecordWriteError):
        create_game_file(path, [OthelloPosition.start(8)])
    assert path.read_text(encoding="utf-8") == "something else\n"


def test_a_failed_load_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "partida.txt"
    damaged = "\n".join(sample_lines()[:10]) + "\n"
    path.write_text(damaged, encoding="utf-8")
    with open_game_file(path) as stream, pytest.raises(RecordError):
        read_last(stream)
    assert path.read_text(encoding="utf-8") == damaged


def damaged(line_number: int, replacement: str | None) -> str:
    """The 4x4 game file with one line (1-based) replaced, or removed when `replacement` is None."""
    lines = sample_lines()
    if replacement is None:
        del lines[line_number - 1]
    else:
        lines[line_number - 1] = replacement
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ("", "record.empty", 1),
        ("\n\n", "record.empty", 1),
        ("#!/bin/sh\necho hola\n", "record.not_othello", 1),
        (damaged(1, "PARTIDA DEL AJEDREZ"), "record.not_othello", 1),
        (damaged(2, "TAMANO DEL TABLERO:"), "record.bad_header", 2),
        ("PARTIDA DEL OTHELLO\n", "record.truncated_header", 2),
        ("PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n", "record.truncated_header", 3),
        (damaged(3, "5"), "record.bad_size", 3),
        (damaged(3, "12"), "record.bad_size", 3),
        (damaged(3, "ocho"), "record.bad_size", 3),
        (damaged(3, "8"), "record.bad_board_row", 5),
        (damaged(7, "....."), "record.bad_board_row", 7),
        (damaged(7, "..."), "record.bad_board_row", 7),
        (damaged(12, ".xx."), "record.bad_board_row", 12),
        (damaged(13, ".OZ."), "record.bad_board_row", 13),
        (damaged(9, None), "record.bad_jugada", 9),
        (damaged(9, "JUGADA 3:"), "record.bad_jugada", 9),
        (damaged(14, "JUGADA 2"), "record.bad_jugada", 14),
        ("\n".join(sample_lines()[:12]) + "\n", "record.truncated", 9),
        ("\n".join(sample_lines()[:9]) + "\n", "record.truncated", 9),
        ("\n".join(sample_lines()[:3]) + "\n", "record.no_boards", 4),
        # JUGADA 2 with a second X disc besides the one X placed.
        (damaged(11, "XOX."), "record.not_a_move", 9),
        # JUGADA 2 repeats the initial board, but X could place: it is not a pass.
        (format_game([OthelloPosition.start(4)] * 2), "record.not_a_pass", 9),
        # JUGADA 2 with X's disc on a square where it flips nothing.
        (damaged(10, "X...").replace(".XX.\n..X.", ".XO.\n....", 1), "record.not_a_move", 9),
        # Two discs placed at once (JUGADA 5 with an extra disc).
        (damaged(25, "X..X"), "record.not_a_move", 24),
    ],
)
def test_damaged_files_name_the_line_at_fault(text: str, key: str, line: int) -> None:
    error = error_of(text)
    assert error.message.key == key
    assert error.line == line
    for language in ("en", "es"):
        assert Catalog(language).say(error.message)


def test_a_board_with_the_wrong_colour_to_move_does_not_follow() -> None:
    # JUGADA 2 as if O had moved first.
    start = OthelloPosition.start(8)
    o_first = OthelloPosition(8, start.opponent, start.player, Side.SECOND).play(Move(2, 4))
    text = format_header(8) + format_board(1, start) + format_board(2, o_first)
    error = error_of(text)
    assert (error.message.key, error.line) == ("record.not_a_move", 13)


def test_boards_after_the_two_ending_passes_are_refused() -> None:
    positions = played_4x4_game()
    final = positions[-1]
    ending = format_game(positions) + format_board(14, final) + format_board(15, final)
    assert read_game(io.StringIO(ending))[1][-3:] == [final] * 3, "the two passes that end it"
    error = error_of(ending + format_board(16, final))
    assert (error.message.key, error.line) == ("record.after_the_end", 79)
    other = OthelloPosition.from_rows(["XXXX", "XXXX", "XXXX", "XXXX"], Side.SECOND)
    error = error_of(format_game(positions) + format_board(14, other))
    assert (error.message.key, error.line) == ("record.not_a_move", 69)


def test_undecodable_bytes_fail_as_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "imagen.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    with open_game_file(path) as stream, pytest.raises(RecordError) as raised:
        read_game(stream)
    assert (raised.value.message.key, raised.value.line) == ("record.not_othello", 1)


@pytest.mark.parametrize("size", [6, 8, 10])
def test_random_games_round_trip_through_the_file(tmp_path: Path, size: int) -> None:
    rng = random.Random(size)
    path = tmp_path / f"partida_{size}.txt"
    position = OthelloPosition.start(size)
    boards = [position]
    create_game_file(path, boards)
    recorder = board_recorder(AppendOnlyFile(path), boards_before=1)
    while moves := position.legal_moves():
        move = rng.choice(moves)
        position = position.play(move)
        recorder.played(position, move)
        if move != PASS:
            boards.append(position)
    with open_game_file(path) as stream:
        file_size, positions = read_game(stream)
    assert file_size == size
    assert [loaded.board_rows() for loaded in positions] == [
        written.board_rows() for written in boards
    ]
    for loaded, written in zip(positions, boards, strict=True):
        expected = written.play(PASS) if written.legal_moves() == (PASS,) else written
        assert loaded == expected
    with open_game_file(path) as stream:
        assert read_last(stream) == (size, positions[-1], len(boards))
