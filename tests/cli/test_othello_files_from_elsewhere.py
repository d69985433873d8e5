"""Othello files as other programs of the seed write them: a board after every pass, and files
cut off by a crash."""

from __future__ import annotations

from pathlib import Path

from conftest import Run
from damero.games.othello import SEED_FILE
from damero.games.othello.seed_file import format_board, format_header
from damero.records import read_any
from damero.registry import GAMES

DATA = Path(__file__).parent.parent / "data"
GAME_8X8 = DATA / "othello_8x8_game.txt"
GAME_4X4 = DATA / "othello_4x4_game.txt"


def with_a_board_after_every_pass(path: Path) -> str:
    """The game at `path` as a seed program writes it: the board again after each `0 0`."""
    record = read_any(path, GAMES)
    positions = record.positions()
    text = format_header(record.start.size) + format_board(1, record.start)
    for number, after in enumerate(positions[1:], start=2):
        text += format_board(number, after)
    return text


def test_a_repeated_board_is_the_pass_it_records(run: Run, tmp_path: Path) -> None:
    seed_style = tmp_path / "seed.txt"
    seed_style.write_text(with_a_board_after_every_pass(GAME_8X8))
    assert seed_style.read_text().count("JUGADA") == GAME_8X8.read_text().count("JUGADA") + 2
    assert read_any(seed_style, GAMES) == read_any(GAME_8X8, GAMES)
    replay = run(["replay", "seed.txt", "--lang", "en"], ["a"] * 70 + ["s"])
    assert replay.returncode == 0, replay.stdout
    assert replay.stdout.count("cannot place a disc and passes") == 2
    assert "This is the last position." in replay.stdout


def test_a_repeated_board_where_a_disc_could_go_is_refused(run: Run, tmp_path: Path) -> None:
    lines = GAME_4X4.read_text().splitlines(keepends=True)
    # JUGADA 2 again as JUGADA 3: O could place, so it is no pass.
    text = "".join(lines[:13]) + "JUGADA 3:\n" + "".join(lines[9:13])
    (tmp_path / "bad.txt").write_text(text)
    result = run(["replay", "bad.txt", "--lang", "en"])
    assert result.returncode == 1
    said = " ".join(result.stdout.split())
    assert "line 14: board JUGADA 3 repeats the one before, but O could place" in said


def test_a_cut_off_file_replays_to_its_last_whole_board_and_continues_after_repair(
    run: Run, tmp_path: Path
) -> None:
    whole = GAME_4X4.read_text()
    cut = whole[: whole.index("JUGADA 7:") + len("JUGADA 7:\n.OX")]
    (tmp_path / "cut.txt").write_text(cut)
    replay = run(["replay", "cut.txt", "--lang", "en"], ["a"] * 8 + ["s"])
    assert "ends in the middle of board JUGADA 7" in replay.stdout
    assert "Position 6 of 6" in replay.stdout and replay.returncode == 0
    assert (tmp_path / "cut.txt").read_text() == cut, "reading never changes the file"
    refused = run(["othello", "--lang", "en"], ["4", "cut.txt", "n", "3"])
    assert "Cut off the incomplete entry and go on from the one before?" in refused.stdout
    assert (tmp_path / "cut.txt").read_text() == cut
    moves = ["3 4", "2 1", "1 3", "4 1", "3 1", "1 2", "1 4"]
    going_on = run(["othello", "--lang", "es"], ["4", "cut.txt", "s", *moves, "3"])
    assert "reparado" in going_on.stdout
    assert "O no puede colocar ficha y pasa el turno." in going_on.stdout
    assert (tmp_path / "cut.txt").read_text() == whole


def test_continue_announces_a_forced_pass(run: Run, tmp_path: Path) -> None:
    whole = GAME_4X4.read_text()
    # Up to X's move 1 2 (JUGADA 12), after which O cannot place and passes.
    (tmp_path / "g.txt").write_text(whole[: whole.index("JUGADA 13:")])
    going_on = run(["othello", "--lang", "en"], ["4", "g.txt", "1 4", "3"])
    assert going_on.stdout.index("O cannot place a disc and passes") < going_on.stdout.index(
        "X, your move"
    )
    assert (tmp_path / "g.txt").read_text() == whole
    with (tmp_path / "g.txt").open() as stream:
        assert SEED_FILE.read(stream, GAMES).moves == read_any(GAME_4X4, GAMES).moves


def test_another_games_record_is_named_not_loaded_or_continued(run: Run, tmp_path: Path) -> None:
    record = "# damero record: catmouse\n30\n26\n"
    (tmp_path / "cats.txt").write_text(record)
    for option in ("2", "4"):
        result = run(["othello", "--lang", "en"], [option, "cats.txt", "3"])
        said = " ".join(result.stdout.split())
        assert "line 1: this record is a game of catmouse, not of othello" in said
        assert "Traceback" not in result.stderr
    assert (tmp_path / "cats.txt").read_text() == record
