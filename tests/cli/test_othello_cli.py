"""The real `damero othello` through a pipe: the seed's menu, whole games into files, replay, continue."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from conftest import WAIT_SECONDS, Run, start_damero

DATA = Path(__file__).parent.parent / "data"
MOVES_4X4 = ["4 3", "4 2", "1 1", "2 4", "4 4", "3 4", "2 1", "1 3", "4 1", "3 1", "1 2", "1 4"]
MOVES_8X8 = (DATA / "othello_8x8_moves.txt").read_text().split("\n")[:-1]


def new_game(name: str, size: int, moves: list[str]) -> list[str]:
    return ["1", name, str(size), *moves]


def test_a_whole_4x4_game_is_saved_exactly(run: Run, tmp_path: Path) -> None:
    result = run(["othello", "--lang", "es"], [*new_game("partida.txt", 4, MOVES_4X4), "3"])
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "partida.txt").read_text().splitlines()
    assert written == (DATA / "othello_4x4_game.txt").read_text().splitlines()
    out = result.stdout
    assert "O no puede colocar ficha y pasa el turno." in out
    assert "1- Jugar al Othello" in out and "4- Continuar partida de fichero" in out
    assert "  1 2 3 4\n1 X X X X" in out
    assert out.count("1- Jugar al Othello") == 2, "the menu comes back after the game"


def test_a_whole_8x8_game_with_passes_is_saved_exactly(run: Run, tmp_path: Path) -> None:
    result = run(["othello", "--lang", "en"], [*new_game("game.txt", 8, MOVES_8X8), "3"])
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "game.txt").read_bytes()
    assert written == (DATA / "othello_8x8_game.txt").read_bytes()
    assert result.stdout.count("cannot place a disc and passes") == 2
    assert "O wins" in result.stdout


def test_the_size_is_asked_again_until_it_is_an_even_number_from_4_to_10(run: Run) -> None:
    result = run(["othello", "--lang", "en"], ["1", "g.txt", "5", "12", "x", "", "6", "-1 -1", "3"])
    out = result.stdout
    for text in ("'5'", "'12'", "'x'"):
        assert f"{text} is not a board size" in out
    assert "  1 2 3 4 5 6\n1 . . . . . ." in out


def test_bad_moves_are_refused_with_their_reason(run: Run, tmp_path: Path) -> None:
    answers = ["1", "g.txt", "8", "x", "3", "9 9", "4 4", "1 1", "0 0", "3 4", "-1 -1", "3"]
    result = run(["othello", "--lang", "en"], answers)
    out = result.stdout
    assert result.returncode == 0 and result.stderr == ""
    for refusal in (
        "'x' is not a move: type the row and the column",
        "'3' is not a move",
        "9 9: rows and columns go from 1 to 8.",
        "4 4: that square is already taken.",
        "1 1: a disc there would not turn over any disc.",
        "0 0: you may pass only when you cannot place a disc.",
    ):
        assert refusal in out
    assert out.count("X, your move") == 7, "the same player is asked again after each refusal"
    lines = (tmp_path / "g.txt").read_text().splitlines()
    assert lines[-9:-4] == ["JUGADA 2:", "........", "........", "...X....", "...XX..."]


def test_load_and_replay_with_a_r_s_and_j(run: Run, tmp_path: Path) -> None:
    run(["othello"], [*new_game("game.txt", 4, MOVES_4X4), "3"])
    keys = [
        "2",
        "game.txt",
        "r",
        "a",
        "a",
        "x",
        "r",
        "s",
        "2",
        "game.txt",
        "a",
        "a",
        "j",
        "more.txt",
    ]
    result = run(["othello", "--lang", "en"], [*keys, "2 1", "-1 -1", "3"])
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "This is the first position." in out
    assert "Position 3 of 13" in out
    assert "'x' is not a replay key" in out
    more = (tmp_path / "more.txt").read_text().splitlines()
    game = (tmp_path / "game.txt").read_text().splitlines()
    # the new file starts with the boards up to the shown one (JUGADA 3), then the new move
    assert more[: 3 + 3 * 5] == game[: 3 + 3 * 5]
    assert more[3 + 3 * 5] == "JUGADA 4:"
    assert len(more) == 3 + 4 * 5


def test_continue_a_file_cut_off_after_some_moves_and_finish_it(run: Run, tmp_path: Path) -> None:
    run(["othello"], [*new_game("game.txt", 4, MOVES_4X4[:5]), "-1 -1", "3"])
    before = (tmp_path / "game.txt").read_text()
    assert before.count("JUGADA") == 6
    result = run(["othello", "--lang", "en"], ["4", "game.txt", *MOVES_4X4[5:], "3"])
    assert result.returncode == 0, result.stderr
    after = (tmp_path / "game.txt").read_text()
    assert after.startswith(before)
    assert after == (DATA / "othello_4x4_game.txt").read_text()


def test_the_seed_sample_loads_and_continues_with_o_to_move(run: Run, tmp_path: Path) -> None:
    (tmp_path / "seed.txt").write_bytes((DATA / "othello_seed_sample.txt").read_bytes())
    replay = run(["othello", "--lang", "es"], ["2", "seed.txt", "a", "s", "3"])
    assert "Jugada 2 de 2" in replay.stdout and replay.returncode == 0
    going_on = run(["othello", "--lang", "es"], ["4", "seed.txt", "-1 -1", "3"])
    assert "Juega O." in going_on.stdout


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("", "line 1"),
        ("# damero record: catmouse\n30\n", "line 1"),
        ("PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n7\n", "line 3"),
        (
            "PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n4\nJUGADA 1:\n....\n.OX.\n.XQ.\n....\n",
            "line 7",
        ),
        ("PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n4\nJUGADA 1:\n....\n.OX.\n", "line"),
        (
            "PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n4\nJUGADA 1:\n....\n.OX.\n.XO.\n....\n"
            "JUGADA 2:\nXXXX\n.OX.\n.XO.\n....\n",
            "line 9",
        ),
    ],
)
@pytest.mark.parametrize("option", ["2", "4"])
def test_damaged_files_name_the_line_and_the_menu_comes_back(
    run: Run, tmp_path: Path, content: str, fragment: str, option: str
) -> None:
    (tmp_path / "bad.txt").write_text(content)
    result = run(["othello", "--lang", "en"], [option, "bad.txt", "3"])
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "Cannot read bad.txt" in result.stdout and fragment in result.stdout
    assert result.stdout.count("1- Play Othello") == 2
    assert (tmp_path / "bad.txt").read_text() == content, "a failed load never changes the file"


def test_an_existing_file_is_never_overwritten(run: Run, tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("precious\n")
    result = run(["othello", "--lang", "en"], ["1", "keep.txt", "", "3"])
    assert "keep.txt already exists" in result.stdout
    assert (tmp_path / "keep.txt").read_text() == "precious\n"


def test_a_missing_file(run: Run) -> None:
    result = run(
        ["othello", "--lang", "en"], ["?", "2", "nowhere.txt", "4", "nowhere.txt", "1", "q", "3"]
    )
    assert result.stdout.count("There is no file called nowhere.txt.") == 2
    assert "Othello. X moves first." in result.stdout, "? shows the rules at the menu"
    assert result.stdout.count("1- Play Othello") == 5, "q at the file name goes back to the menu"


def test_killing_the_program_mid_game_loses_no_move(tmp_path: Path) -> None:
    process = start_damero(["othello"], cwd=tmp_path)
    assert process.stdin is not None
    played = MOVES_8X8[:10]
    process.stdin.write("\n".join(["1", "game.txt", "8", *played]) + "\n")
    process.stdin.flush()
    record = tmp_path / "game.txt"
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if record.exists() and record.read_text().count("JUGADA") == len(played) + 1:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=WAIT_SECONDS)
    expected = (DATA / "othello_8x8_game.txt").read_text().splitlines()[: 3 + 9 * (len(played) + 1)]
    assert record.read_text().splitlines() == expected


def test_take_back_removes_the_board_from_the_file(run: Run, tmp_path: Path) -> None:
    run(["othello"], ["1", "g.txt", "4", "4 3", "4 2", "u", "-1 -1", "3"])
    assert (tmp_path / "g.txt").read_text().count("JUGADA") == 2


def test_perft_prints_the_count(run: Run) -> None:
    result = run(["othello", "perft", "4", "--lang", "en"])
    assert result.returncode == 0
    assert "perft(4) on 8x8: 244 leaves" in result.stdout
    assert "per second" in result.stdout
    small = run(["othello", "perft", "2", "--size", "4", "--lang", "en"])
    assert "perft(2) on 4x4: 12 leaves" in small.stdout
