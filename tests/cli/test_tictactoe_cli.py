"""The real `damero tictactoe`, the front-door menu and `damero replay` through a pipe."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Run

X_WINS = ["5", "1", "9", "3", "2", "7", "8"]  # X: 5 9 2 8 -> the middle column
O_WINS = ["1", "5", "2", "3", "9", "7"]  # O: 5 3 7 -> a diagonal
DRAW = ["5", "1", "9", "3", "2", "8", "4", "6", "7"]
RESULTS = {
    "en": {
        "X": "Congratulations, player X",
        "O": "Congratulations, player O",
        "draw": "The game ends in a draw",
    },
    "es": {
        "X": "Felicidades jugador X",
        "O": "Felicidades jugador O",
        "draw": "El juego termina en empate",
    },
}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("moves", "result"), [(X_WINS, "X"), (O_WINS, "O"), (DRAW, "draw")])
def test_games_to_each_result(run: Run, language: str, moves: list[str], result: str) -> None:
    completed = run(["tictactoe", "--lang", language], moves)
    assert completed.returncode == 0 and completed.stderr == ""
    out = completed.stdout
    for name, message in RESULTS[language].items():
        assert (message in out) is (name == result)
    if language == "es" and result != "draw":
        assert "Has ganado el juego" in out
    assert " 1 2 3\n 4 5 6\n 7 8 9\n" in out


ARTICLE = {
    "en": (
        "The board so far:",
        "Select a position on the board:",
        "Cells marked X or O are already taken",
    ),
    "es": (
        "El gato hasta el momento:",
        "Selecciona una posición en el tablero:",
        "Las casillas marcadas con X u O ya están ocupadas",
    ),
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_article_s_prose_frames_every_board(run: Run, language: str) -> None:
    """Before each choice: select a position, the taken cells are marked, the numbered board;
    after each move: the board so far with '-' for the free cells; the game ends on that board."""
    so_far, select, taken = ARTICLE[language]
    out = run(["tictactoe", "--lang", language], X_WINS).stdout
    assert out.startswith(f"{select}\n{taken}\n 1 2 3\n 4 5 6\n 7 8 9\n")
    assert out.count(f"{select}\n{taken}\n") == len(X_WINS), "before every board"
    assert out.count(f"{so_far}\n") == len(X_WINS), "after every move"
    assert f": 5\n{so_far}\n - - -\n - X -\n - - -\n{select}\n" in out
    assert f"{so_far}\n O X O\n - X -\n O X X\n{RESULTS[language]['X']}" in out
    with_computer = run(["tictactoe", "--o", "computer", "--lang", language], ["5", "q"]).stdout
    assert with_computer.count(select) == 2, "only before a person chooses"


def test_the_board_numbers_free_cells_and_marks_taken_ones(run: Run) -> None:
    out = run(["tictactoe", "--lang", "en"], ["5", "1", "q"]).stdout
    assert " O 2 3\n 4 X 6\n 7 8 9\n" in out


def test_every_refusal_says_why_and_asks_the_same_player(run: Run) -> None:
    out = run(["tictactoe", "--lang", "es"], ["5", "5", "x", "10", "0", "q"]).stdout
    assert "la casilla 5 ya está ocupada con X" in out
    assert "'x' no es un número" in out
    assert "no existe la casilla 10" in out and "no existe la casilla 0" in out
    assert out.count("Jugador O. Escriba el número de casilla en donde desea tirar: ") == 5


def test_save_replay_and_play_on(run: Run, tmp_path: Path) -> None:
    run(["tictactoe", "--save", "t.txt"], X_WINS)
    body = [
        line for line in (tmp_path / "t.txt").read_text().splitlines() if not line.startswith("#")
    ]
    assert body == X_WINS
    keys = ["a", "a", "a", "j", "u.txt", "9", "4", "q"]
    out = run(["tictactoe", "--replay", "t.txt", "--lang", "en"], keys).stdout
    assert "Position 4 of 8" in out
    assert "Cell 9 is already taken by X" in out
    new = (tmp_path / "u.txt").read_text().splitlines()
    assert [line for line in new if not line.startswith("#")] == [*X_WINS[:3], "4"]


def test_damero_replay_recognises_every_kind_of_file(run: Run, tmp_path: Path) -> None:
    run(["tictactoe", "--save", "t.txt"], X_WINS)
    run(["catmouse", "--save", "c.txt"], ["30", "q"])
    run(["othello"], ["1", "o.txt", "4", "4 3", "-1 -1", "3"])
    tictactoe = run(["replay", "t.txt", "--lang", "en"], ["a", "s"]).stdout
    assert "Position 2 of 8" in tictactoe and " 1 2 3\n 4 X 6" in tictactoe
    catmouse = run(["replay", "c.txt", "--lang", "en"], ["a", "s"]).stdout
    assert "Position 2 of 2" in catmouse and "|RT|" in catmouse
    othello = run(["replay", "o.txt", "--lang", "en"], ["a", "s"]).stdout
    assert "Position 2 of 2" in othello and "  1 2 3 4" in othello
    (tmp_path / "x.txt").write_text("hello\n")
    foreign = run(["replay", "x.txt", "--lang", "en"])
    assert (
        foreign.returncode == 1
        and "neither an Othello game file nor a damero record" in foreign.stdout
    )
    (tmp_path / "y.txt").write_text("# damero record: chess\ne4\n")
    unknown = run(["replay", "y.txt", "--lang", "en"])
    assert unknown.returncode == 1 and "which damero does not know" in unknown.stdout
    missing = run(["replay", "nowhere.txt", "--lang", "en"])
    assert missing.returncode == 1
    assert "Cannot read nowhere.txt: there is no such file" in missing.stdout


def test_the_front_door_reaches_each_game_and_switches_language(run: Run) -> None:
    out = run(["--lang", "en"], ["1", "q", "2", "3", "3", "q", "x", "4", "5"]).stdout
    assert "1- Four Cats and the Mouse: " in out and "3- Tic-tac-toe: " in out
    assert "Starting square of the mouse" in out
    assert "1- Play Othello" in out
    assert "Player X, type the number of the cell" in out
    assert "'x' is not an option" in out
    assert "1- Los Cuatro Gatos y el Ratón: " in out, "option 4 switches to Spanish"
    assert out.rstrip().endswith("Elija una opción: 5")


@pytest.mark.parametrize("game", ["catmouse", "othello", "tictactoe"])
def test_help_lists_every_option(run: Run, game: str) -> None:
    top = run(["--help"]).stdout
    assert all(name in top for name in ("catmouse", "othello", "tictactoe", "replay", "--lang"))
    options = run([game, "--help"]).stdout
    assert "--lang" in options
    expected = {
        "catmouse": ["--mouse", "--cats", "--save", "--replay"],
        "othello": ["--x", "--o", "perft"],
        "tictactoe": ["--x", "--o", "--save", "--replay"],
    }[game]
    assert all(option in options for option in expected)
