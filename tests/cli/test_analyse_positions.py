"""`analyse` reads a position from text and refuses, in the player's language, any that cannot occur."""

from __future__ import annotations

import io

import pytest

from damero.cli import main


def analyse(game: str, *words: str, lang: str = "en") -> tuple[int, str]:
    stdout = io.StringIO()
    status = main([game, "analyse", *words, "--lang", lang], stdin=io.StringIO(), stdout=stdout)
    return status, stdout.getvalue()


@pytest.mark.parametrize(
    ("game", "words", "lang", "fragment"),
    [
        ("catmouse", ["22", "22", "2", "3", "4"], "en", "two pieces cannot stand on square 22"),
        ("catmouse", ["2", "1", "5", "3", "4"], "es", "el ratón en 2 ya ha escapado"),
        ("catmouse", ["30", "1", "2", "3", "4", "cats"], "en", "the mouse must be to move"),
        ("catmouse", ["-", "1", "2", "3", "5"], "en", "before the mouse is placed"),
        ("tictactoe", ["OO-------"], "en", "here X has 0 and O 2"),
        ("tictactoe", ["XXXOO-O--"], "es", "X ya tiene tres en raya"),
        ("tictactoe", ["XX?OO----"], "en", "'XX?OO----' is not a board"),
        ("othello", ["-" * 15, "X"], "es", "se han dado 15"),
        ("othello", ["-" * 5 + "XZ" + "-" * 9, "X"], "en", "'Z' is not a square"),
        ("othello", ["-" * 16, "X"], "en", "the four centre squares hold discs"),
        ("othello", ["-" * 5 + "XO" + "-" * 2 + "OX" + "-" * 5], "en", "then the side to move"),
        ("othello", ["---- -OX- -XO- ---- Z"], "en", "'---- -OX- -XO- ---- Z' is not a"),
    ],
)
def test_impossible_positions_are_refused_in_words(
    game: str, words: list[str], lang: str, fragment: str
) -> None:
    status, out = analyse(game, *words, lang=lang)
    assert status == 2
    assert fragment in " ".join(out.split())
    assert "Side." not in out and "Error" not in out and "{" not in out


def test_a_finished_position_says_how_the_game_ended() -> None:
    status, out = analyse("tictactoe", "XXXOO----")
    assert status == 0 and "Congratulations" in out and "plies" not in out
    status, out = analyse("catmouse", "2", "1", "3", "4", "25", "cats")
    assert status == 0 and "The mouse has reached the cats' starting row." in out
    assert " 0 moves" not in out and "plies" not in out


@pytest.mark.parametrize(("game", "position"), [("catmouse", "22 2 3 4 17"), ("tictactoe", "X")])
def test_seconds_only_where_the_analysis_is_a_search(
    game: str, position: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        analyse(game, *position.split(), "--seconds", "1")
    assert (
        refused.value.code == 2 and "unrecognized arguments: --seconds" in capsys.readouterr().err
    )
