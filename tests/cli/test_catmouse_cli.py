"""The real `damero catmouse` driven through a pipe: whole games, the seed's grids, refusals, records."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from conftest import WAIT_SECONDS, Run, start_damero, wait_for_output
from damero.games.catmouse import CatMouse, CatMousePosition

DATA = Path(__file__).parent.parent / "data"

MOUSE_ESCAPES = "32 | 27 | 2 7 | 23 | 1 6 | 18 | 6 9 | 14 | 9 13 | 9 | 4 8 | 6 | 8 11 | 2"
MOUSE_TRAPPED = "31 | 27 | 3 7 | 23 | 7 11 | 19 | 4 8 | 16 | 1 5 | 12 | 11 16"
CATS_STUCK = (
    "31 | 27 | 3 7 | 24 | 1 5 | 20 | 2 6 | 24 | 5 9 | 27 | 6 10 | 31 | 10 14 | 26 | 7 11 | 30 | "
    "14 18 | 26 | 9 13 | 30 | 18 23 | 26 | 11 15 | 31 | 23 27 | 26 | 13 17 | 22 | 27 32 | 18 | "
    "17 22 | 14 | 15 18 | 17 | 22 25 | 14 | 18 22 | 10 | 25 30 | 15 | 22 26 | 11 | 26 31 | 8"
)
END_MESSAGES = {
    "en": ("The mouse wins!", "The four cats win!"),
    "es": ("¡Ha ganado el ratón!", "¡Han ganado los cuatro gatos!"),
}


def moves(game: str) -> list[str]:
    return [move.strip() for move in game.split("|")]


def grids(output: str) -> list[str]:
    """Every two-grid drawing printed, as 17-line blocks."""
    lines = output.splitlines()
    found = []
    for index, line in enumerate(lines):
        if line.startswith("+--") and (index == 0 or not lines[index - 1].startswith(("|", "+"))):
            found.append("\n".join(lines[index : index + 17]))
    return found


def final_position(game: str) -> CatMousePosition:
    rules = CatMouse()
    position = rules.start()
    for text in moves(game):
        position = position.play(rules.parse_move(position, text))
    return position


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(
    ("game", "mouse_wins"),
    [(MOUSE_ESCAPES, True), (MOUSE_TRAPPED, False), (CATS_STUCK, True)],
)
def test_whole_games_reach_the_seed_end_messages(
    run: Run, language: str, game: str, mouse_wins: bool
) -> None:
    result = run(["catmouse", "--lang", language], moves(game))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    mouse_message, cats_message = END_MESSAGES[language]
    assert (mouse_message in result.stdout) is mouse_wins
    assert (cats_message in result.stdout) is not mouse_wins
    drawings = grids(result.stdout)
    assert len(drawings) == len(moves(game)) + 1, "a drawing at the start and after every move"
    assert drawings[-1] == CatMouse().draw(final_position(game))
    seed_frame = (DATA / "catmouse_cuadro3.txt").read_text().splitlines()
    for drawing in drawings:
        for line, seed_line in zip(drawing.splitlines(), seed_frame, strict=True):
            assert len(line) == len(seed_line) == 55
            assert line[:30] == seed_line[:30], "the numbered board and the gap are the seed's"


def test_the_language_follows_the_locale(run: Run) -> None:
    spanish = run(["catmouse"], moves(MOUSE_TRAPPED), env={"LANG": "es_ES.UTF-8"})
    assert "¡Han ganado los cuatro gatos!" in spanish.stdout
    english = run(["catmouse"], moves(MOUSE_TRAPPED), env={"LANG": "de_DE.UTF-8"})
    assert "The four cats win!" in english.stdout


def test_every_bad_input_gets_its_own_message_and_the_same_player_again(run: Run) -> None:
    answers = [
        *("x", "40", "28", "30"),  # the mouse's start
        *("30", "31", "26"),  # the mouse moves first: itself, not a neighbour, then a good move
        *("31", "5 9", "1 9", "1 2", "1 5"),  # the cats
        *("20 24", "22"),  # the mouse gives one square
        *("5 1", "2 6 7", "5 9", "q"),  # the cats: back, three numbers, then good
    ]
    result = run(["catmouse", "--lang", "en"], answers)
    out = result.stdout
    assert result.returncode == 0 and result.stderr == ""
    for message in (
        "'x' is not a number",
        "40 is not a square: squares are 1 to 32",
        "the mouse starts on 29, 30, 31 or 32, not on 28",
        "30 is the square it stands on: give its new square",
        "31 is not diagonally next to 30",
        "the cats give two squares",
        "there is no cat on 5",
        "9 is not diagonally next to 1",
        "2 is not diagonally next to 1",
        "the mouse gives one square",
        "cats cannot go back: 5 to 1",
        "Game left.",
    ):
        assert message in out, message
    # after each refusal the same player is asked again
    assert out.count("Starting square of the mouse") == 4
    assert out.count("New square of the mouse") == 6
    assert out.count("Cat to move and its new square") == 8


def test_occupied_squares_are_refused(run: Run) -> None:
    # the mouse goes back and forth while a cat comes down 1, 6, 10, 14 in front of it
    answers = [
        "30",
        "26",
        "1 6",
        "22",
        "6 10",
        "26",
        "10 14",
        "22",
        "2 7",
        "18",
        "14 18",
        "3 8",
        "14",
        "q",
    ]
    out = run(["catmouse", "--lang", "es"], answers).stdout
    assert "Posición ocupada por el ratón." in out
    assert "Posicion ocupada por un gato." in out
    assert out.index("Posición ocupada por el ratón.") < out.index("Posicion ocupada por un gato.")


def test_end_of_input_and_ctrl_c_end_cleanly(run: Run, tmp_path: Path) -> None:
    result = run(["catmouse", "--lang", "es"], ["30"])
    assert result.returncode == 0
    assert "Fin de la entrada" in result.stdout and "Traceback" not in result.stderr
    process = start_damero(["catmouse", "--lang", "en"], cwd=tmp_path)
    shown = wait_for_output(process, "Starting square of the mouse")
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=WAIT_SECONDS)
    out = shown + rest
    assert process.returncode == 130
    assert "Interrupted" in out and "Traceback" not in err


def test_help_at_a_prompt_shows_the_rules_and_commands(run: Run) -> None:
    result = run(["catmouse", "--lang", "en"], ["?", "q"])
    assert "The cats start on 1, 2, 3, 4" in result.stdout
    assert "u takes back the last move" in " ".join(result.stdout.split())


def test_take_back(run: Run) -> None:
    result = run(["catmouse", "--lang", "en"], ["u", "30", "26", "u", "u", "31", "q"])
    out = result.stdout
    assert "There is no move to take back." in out
    assert "Move 26 taken back." in out and "Move 30 taken back." in out
    last = grids(out)[-1]
    assert last == CatMouse().draw(
        CatMousePosition(31, (1, 2, 3, 4), CatMouse().start().side_to_move)
    )


def test_save_writes_every_move_as_it_goes(run: Run, tmp_path: Path) -> None:
    result = run(["catmouse", "--save", "game.txt"], moves(MOUSE_TRAPPED))
    assert result.returncode == 0
    lines = (tmp_path / "game.txt").read_text().splitlines()
    assert lines[0] == "# damero record: catmouse"
    assert [line for line in lines if not line.startswith("#")] == moves(MOUSE_TRAPPED)
    refused = run(["catmouse", "--save", "game.txt"], [])
    assert refused.returncode == 2 and "already exists" in refused.stdout
    assert (tmp_path / "game.txt").read_text().splitlines() == lines, (
        "an existing file is never overwritten"
    )


def test_take_back_rewrites_the_record(run: Run, tmp_path: Path) -> None:
    run(["catmouse", "--save", "game.txt"], ["30", "26", "4 8", "u", "1 5", "q"])
    body = [
        line
        for line in (tmp_path / "game.txt").read_text().splitlines()
        if not line.startswith("#")
    ]
    assert body == ["30", "26", "1 5"]


def test_killing_the_program_loses_no_move(tmp_path: Path) -> None:
    process = start_damero(["catmouse", "--save", "game.txt"], cwd=tmp_path)
    assert process.stdin is not None and process.stdout is not None
    played = moves(MOUSE_TRAPPED)[:5]
    for move in played:
        process.stdin.write(move + "\n")
    process.stdin.flush()
    deadline = time.monotonic() + WAIT_SECONDS
    record = tmp_path / "game.txt"
    while time.monotonic() < deadline:
        if record.exists() and record.read_text().endswith(played[-1] + "\n"):
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=WAIT_SECONDS)
    body = [line for line in record.read_text().splitlines() if not line.startswith("#")]
    assert body == played


def test_replay_walks_forward_and_back_and_plays_on(run: Run, tmp_path: Path) -> None:
    run(["catmouse", "--save", "game.txt"], moves(MOUSE_TRAPPED))
    keys = ["r", "a", "a", "a", "r", "x", "j", "more.txt", "22", "q"]
    result = run(["catmouse", "--replay", "game.txt", "--lang", "en"], keys)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "This is the first position." in out
    assert "Position 3 of 12" in out and "Position 4 of 12" in out
    assert "'x' is not a replay key" in out
    # play on from position 3 (after "31", "27"): the cats are to move and must give two squares
    body = [
        line
        for line in (tmp_path / "more.txt").read_text().splitlines()
        if not line.startswith("#")
    ]
    assert body == ["31", "27"]
    assert "the cats give two squares" in out


def test_replay_of_a_finished_game_shows_the_end(run: Run, tmp_path: Path) -> None:
    run(["catmouse", "--save", "game.txt"], moves(MOUSE_ESCAPES))
    result = run(["catmouse", "--replay", "game.txt", "--lang", "es"], ["a"] * 14 + ["a", "s"])
    assert "¡Ha ganado el ratón!" in result.stdout
    assert "Esta es la última jugada." in result.stdout


OTHELLO_GAME = (Path(__file__).parent.parent / "data" / "othello_4x4_game.txt").read_text()


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("", "line 1: the file is empty"),
        ("PARTIDA DEL OTHELLO\n", "line 2: the file ends before the board size"),
        (OTHELLO_GAME, "line 1: this record is a game of othello, not of catmouse"),
        ("# damero record: catmouse\n30\n26\n4 8\n", None),
        ("# damero record: catmouse\n30\n26\n4", "line 4: the file is cut off"),
        ("# damero record: catmouse\n30\n26\n27\n", "line 4: '27' cannot be played here"),
        ("# damero record: catmouse\n30\nbanana\n", "line 3: 'banana' cannot be played here"),
        ("# damero record: tictactoe\n5\n", "line 1: this record is a game of tictactoe"),
    ],
)
def test_damaged_records_name_the_line(
    run: Run, tmp_path: Path, content: str, fragment: str | None
) -> None:
    (tmp_path / "game.txt").write_text(content)
    result = run(["catmouse", "--replay", "game.txt", "--lang", "en"], ["s"])
    assert "Traceback" not in result.stderr
    if fragment is None:
        assert result.returncode == 0 and "Position 1 of 4" in result.stdout
    else:
        assert result.returncode == 1
        assert fragment in result.stdout
    assert (tmp_path / "game.txt").read_text() == content, "reading never changes the file"


def test_a_missing_record_is_a_clear_error(run: Run) -> None:
    result = run(["catmouse", "--replay", "nowhere.txt", "--lang", "en"])
    assert result.returncode == 1
    assert result.stdout == "Cannot read nowhere.txt: there is no such file\n"
    assert result.stderr == ""


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_python_dash_m_and_console_script_agree(run: Run) -> None:
    result = run(["--help"])
    assert "catmouse" in result.stdout and result.returncode == 0
