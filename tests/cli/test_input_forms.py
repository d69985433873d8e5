"""Moves the way people type them, file names with `~`, and the system's refusals in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Run
from damero.games.catmouse import CatMouse, CatMove, MouseMove
from damero.games.othello import Othello


@pytest.mark.parametrize("text", ["3 4", "3,4", "3-4", " d3 ", "D3"])
def test_othello_reads_row_and_column_or_letter_and_row(text: str) -> None:
    game = Othello()
    assert game.format_move(game.parse_move(game.start(), text)) == "3 4"


def test_catmouse_reads_squares_by_number_or_by_row_and_column() -> None:
    game = CatMouse()
    start = game.start()
    assert game.parse_move(start, "8 3") == game.parse_move(start, "30") == MouseMove(30)
    cats = start.play(MouseMove(30)).play(MouseMove(26))
    assert game.parse_move(cats, "1 2 2 3") == game.parse_move(cats, "1-6") == CatMove(1, 6)
    assert game.parse_move(cats, "4 8") == CatMove(4, 8), "two numbers are still squares"


def test_a_light_square_by_row_and_column_is_refused(run: Run) -> None:
    out = run(["catmouse", "--lang", "en"], ["8 2", "?", "q"]).stdout
    assert "row 8, column 2 is not one of the numbered squares" in out
    assert "7 4 as row and column" in out, "? says which forms are read"


def test_file_names_expand_the_home_folder(run: Run, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    environment = {"HOME": str(home)}
    run(["tictactoe", "--save", "~/t.txt"], ["5", "q"], env=environment)
    assert (home / "t.txt").read_text().splitlines()[-1] == "5"
    out = run(["othello", "--lang", "en"], ["2", "~/t.txt", "3"], env=environment).stdout
    assert "There is no file called" not in out and "t.txt" in out


def test_system_errors_are_told_in_the_players_language(run: Run, tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    missing = run(["replay", "/nope", "--lang", "es"]).stdout
    assert "No se puede leer /nope: no existe ese fichero" in missing
    folder = run(["replay", "folder", "--lang", "es"]).stdout
    assert "es una carpeta" in folder
