"""`damero review FILE`: any game's record, each move with its value in the words `analyse` uses,
its mistakes marked, in both languages, within 80 columns, as JSON too; bad files refused in
words."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import Run

DATA = Path(__file__).parent.parent / "data"

EDGE_GAME = "# damero record: tictactoe\n5\n2\n1\n9\n7\n4\n3\n"
"""X takes the centre, O answers on an edge (the mistake), and X wins."""


@pytest.fixture
def edge_game(tmp_path: Path) -> Path:
    path = tmp_path / "edge.txt"
    path.write_text(EDGE_GAME, encoding="utf-8")
    return path


def test_the_edge_reply_is_marked_in_english(run: Run, edge_game: Path) -> None:
    result = run(["review", str(edge_game), "--lang", "en"])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Tic-tac-toe: 7 moves, each with what best play gives after it"
    assert lines[1].split() == ["1.", "X", "5", "a", "draw", "with", "best", "play"]
    assert lines[2].split()[:3] == ["2.", "O", "2"] and "X wins in" in lines[2]
    assert "A mistake: before it, a draw with best play; best was" in lines[3]
    assert "One mistake: move 2." in result.stdout
    assert lines[-2:] == ["Congratulations, player X", "You have won the game"]  # as replay ends
    assert all(len(line) <= 80 for line in lines)
    assert "Traceback" not in result.stderr


def test_the_edge_reply_is_marked_in_spanish(run: Run, edge_game: Path) -> None:
    result = run(["review", str(edge_game), "--lang", "es"])
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "El Gato (tres en raya): 7 jugadas y lo que da el mejor juego tras cada una" in text
    assert "tablas con el mejor juego" in text and "gana X en" in text
    said = " ".join(text.split())
    assert "Un error: antes de ella, tablas con el mejor juego; la mejor era" in said
    assert "Un error: la jugada 2." in text
    assert all(len(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize(
    ("language", "after_the_edge", "last"),
    [
        ("en", "X wins in 5 moves: 3 by X, 2 by O", "X wins (the game is over)"),
        ("es", "gana X en 5 jugadas: X 3 y O 2", "gana X (la partida ha terminado)"),
    ],
)
def test_the_value_after_a_move_is_the_one_analyse_gives_the_position_it_leads_to(
    run: Run, edge_game: Path, language: str, after_the_edge: str, last: str
) -> None:
    lines = run(["review", str(edge_game), "--lang", language]).stdout.splitlines()
    analysed = run(["tictactoe", "analyse", "-O--X----", "--lang", language]).stdout
    assert after_the_edge in analysed.splitlines()[3], "the verdict analyse gives after 5 and 2"
    assert lines[2].endswith(f"2      {after_the_edge}")
    moves = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    assert moves[-1].endswith(f"3      {last}"), "the winning move ends the game"
    assert not any(word in moves[-1] for word in ("one move", "próxima"))


@pytest.mark.parametrize(
    ("language", "placed"),
    [
        ("en", "the cats win in 44 moves: 22 by the cats, 22 by the mouse"),
        ("es", "ganan los gatos en 44 jugadas: los gatos 22 y el ratón 22"),
    ],
)
def test_the_value_after_the_placement_is_the_one_solve_gives(
    run: Run, tmp_path: Path, language: str, placed: str
) -> None:
    (tmp_path / "c.txt").write_text("# damero record: catmouse\n30\n", encoding="utf-8")
    lines = run(["review", "c.txt", "--lang", language]).stdout.splitlines()
    assert " ".join(lines[1].split()).endswith(" ".join(placed.split()))
    solved = run(["catmouse", "solve", "--lang", "en"]).stdout
    assert "Mouse placed on 30: the four cats win in 44 more moves." in solved


def test_json_is_the_review_alone(run: Run, edge_game: Path) -> None:
    result = run(["review", str(edge_game), "--json"])
    assert result.returncode == 0 and result.stdout.count("\n") == 1
    document = json.loads(result.stdout)
    assert document["game"] == "tictactoe" and document["mistakes"] == [2]
    second = document["moves"][1]
    assert second["move"] == "2" and second["side"] == "second" and second["mistake"] is True
    assert second["before"] == {"result": "draw", "plies": 8, "exact": True}
    assert second["after"] == {"result": "loss", "plies": 5, "exact": True}, "O's move not counted"
    last = document["moves"][-1]
    assert last["before"] == {"result": "win", "plies": 1, "exact": True}
    assert last["after"] == {"result": "win", "plies": 0, "exact": True}, "the game is over"


@pytest.mark.usefixtures("compiled_engine")
def test_an_othello_file_has_its_passes_made_by_the_rules(run: Run, tmp_path: Path) -> None:
    game = tmp_path / "partida.txt"
    shutil.copy(DATA / "othello_8x8_game.txt", game)
    patient = ["--seconds", "300"]  # every endgame solved, however busy the machine
    result = run(["review", str(game), "--lang", "en", *patient])
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.count("made by the rules, not judged") == 2
    assert "(an estimate)" in text and "with best play" in text
    assert "A mistake: before it, O wins by" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    document = json.loads(run(["review", str(game), "--json", *patient]).stdout)
    forced = [move for move in document["moves"] if move["forced"]]
    assert [move["move"] for move in forced] == ["0 0", "0 0"]
    assert not any(move["mistake"] for move in document["moves"] if not move["before"]["exact"])


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("missing.txt", "no such file"),
        ("bad/empty.txt", "empty"),
        ("bad/neither_format.txt", "neither an Othello game file nor a damero record"),
        ("bad/binary.bin", "line 1"),
        ("bad/movelist_bad_move.txt", "line"),
    ],
)
def test_a_bad_file_is_refused_in_words(run: Run, name: str, words: str) -> None:
    for extra in ([], ["--json"]):
        result = run(["review", str(DATA / name), "--lang", "en", *extra])
        assert result.returncode == 1
        said = " ".join((result.stdout + result.stderr).split())
        assert "Cannot read" in said and words in said, said
        assert "Traceback" not in said
    assert run(["review", str(DATA / name), "--json"]).stdout == ""


def test_a_folder_is_refused_in_spanish(run: Run, tmp_path: Path) -> None:
    result = run(["review", str(tmp_path), "--lang", "es"])
    assert result.returncode == 1 and "No se puede leer" in result.stdout
    assert "Traceback" not in result.stderr


def test_help_in_both_languages(run: Run) -> None:
    english = run(["review", "--help", "--lang", "en"])
    assert english.returncode == 0
    assert "mark the mistakes" in english.stdout and "--seconds" in english.stdout
    spanish = run(["review", "--help", "--lang", "es"])
    assert "señala los errores" in " ".join(spanish.stdout.split())
    assert "--json" in spanish.stdout
    everything = run(["--help", "--lang", "en"]).stdout
    assert "review" in everything
