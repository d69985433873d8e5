"""Othello files exactly as a program following seed 002 writes them, at every size: a board
after every turn, a `0 0` pass writing the same board again, and the game ending when both
players pass, even on a full board. Each is replayed, loaded with option 2 and continued with
option 4, and what damero adds reads back."""

from __future__ import annotations

import io
import itertools
import random
from pathlib import Path

import pytest

from damero.cli import main
from damero.games.othello import SIZES, OthelloPosition, format_move
from damero.games.othello.seed_file import format_board, format_header, read_boards
from damero.records import read_any
from damero.registry import GAMES


def seed_program_game(size: int) -> tuple[list[OthelloPosition], list[str]]:
    """The boards a seed program writes for the first random game with a pass before its end,
    and what its players typed (`0 0` for each pass, the two that end the game included)."""
    for seed in itertools.count():
        rng = random.Random(seed)
        position = OthelloPosition.start(size)
        boards, typed = [position], []
        while moves := position.legal_moves():
            move = rng.choice(moves)
            position = position.play(move)
            boards.append(position)
            typed.append(format_move(move))
        if "0 0" in typed:
            return [*boards, position, position], [*typed, "0 0", "0 0"]
    raise AssertionError("unreachable")


def file_text(boards: list[OthelloPosition]) -> str:
    return format_header(boards[0].size) + "".join(
        format_board(number, board) for number, board in enumerate(boards, start=1)
    )


def damero(arguments: list[str], answers: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    typed = io.StringIO("".join(f"{answer}\n" for answer in answers))
    status = main([*arguments, "--lang", "en"], stdin=typed, stdout=out)
    return status, out.getvalue()


def shown_at(out: str, number: int, total: int) -> str:
    """What the replay showed for the file's board `number`."""
    return out.split(f"Position {number} of {total}\n")[1].split("Position ")[0]


def shows_the_result(text: str) -> bool:
    return " discs to " in text or "Draw: " in text


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_game_replays_loads_and_continues_with_the_files_numbers(
    size: int, tmp_path: Path
) -> None:
    boards, typed = seed_program_game(size)
    path = tmp_path / "seed.txt"
    path.write_text(file_text(boards))
    last = len(boards)
    first_pass = typed.index("0 0") + 2  # the board written again for it
    walk = ["a"] * last
    for out in (
        damero(["replay", "seed.txt"], [*walk, "s"])[1],
        damero(["othello"], ["2", "seed.txt", *walk, "s", "3"])[1],
    ):
        assert "Cannot read" not in out
        assert f"Position {last} of {last}" in out and "This is the last position." in out
        assert "cannot place a disc and passes" in shown_at(out, first_pass, last)
        assert "cannot place" not in shown_at(out, first_pass - 1, last)
        for ending in (last - 1, last):  # the two passes that end the game show its result
            assert shows_the_result(shown_at(out, ending, last))
    status, out = damero(["othello"], ["4", "seed.txt", "3"])
    assert status == 0 and "Cannot read" not in out and shows_the_result(out)
    assert path.read_text() == file_text(boards), "a finished game adds nothing"


@pytest.mark.parametrize("size", SIZES)
def test_a_game_cut_after_one_of_its_two_final_passes(size: int, tmp_path: Path) -> None:
    boards, _ = seed_program_game(size)
    path = tmp_path / "seed.txt"
    path.write_text(file_text(boards[:-1]))
    total = len(boards) - 1
    out = damero(["replay", "seed.txt"], [*["a"] * total, "s"])[1]
    assert f"Position {total} of {total}" in out and "Cannot read" not in out
    out = damero(["othello"], ["4", "seed.txt", "3"])[1]
    assert "Cannot read" not in out and shows_the_result(out)
    assert path.read_text() == file_text(boards[:-1])


@pytest.mark.parametrize("size", SIZES)
def test_continuing_after_a_pass_board_numbers_each_new_board_one_past_the_last(
    size: int, tmp_path: Path
) -> None:
    boards, typed = seed_program_game(size)
    whole = tmp_path / "whole.txt"
    whole.write_text(file_text(boards))
    cut = typed.index("0 0") + 2  # up to the board written again for the pass
    path = tmp_path / "seed.txt"
    path.write_text(file_text(boards[:cut]))
    rest = [move for move in typed[cut - 1 :] if move != "0 0"]  # damero passes by itself
    status, out = damero(["othello"], ["4", "seed.txt", *rest, "3"])
    assert status == 0 and "Cannot read" not in out and shows_the_result(out), out
    with path.open() as stream:
        numbers = [number for number, _rows, _line in read_boards(stream)]
    assert numbers == list(range(1, len(numbers) + 1)), "each JUGADA number once, in order"
    assert numbers[-1] > cut
    assert read_any(path, GAMES) == read_any(whole, GAMES), (
        "the same game as the seed program's whole file"
    )
    assert path.read_text().startswith(file_text(boards[:cut]))
