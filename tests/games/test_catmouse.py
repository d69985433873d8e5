"""Four Cats and the Mouse rules: the seed's examples, the three endings, every refusal, and properties."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damero.core import Side
from damero.errors import IllegalMoveError, InvalidMoveError
from damero.games.catmouse import (
    CATS,
    MOUSE,
    CatMouse,
    CatMousePosition,
    CatMove,
    MouseMove,
    forward_neighbours,
    neighbours,
    square_at,
    square_column,
    square_row,
)

DATA = Path(__file__).parent.parent / "data"
GAME = CatMouse()


def position(mouse: int | None, cats: tuple[int, int, int, int], side: Side) -> CatMousePosition:
    return CatMousePosition(mouse, cats, side)


def refusal_key(pos: CatMousePosition, text: str) -> str:
    with pytest.raises((IllegalMoveError, InvalidMoveError)) as caught:
        pos.play(GAME.parse_move(pos, text))
    return caught.value.message.key


def test_numbering_follows_cuadro_2() -> None:
    assert [square_column(n) for n in (1, 2, 3, 4)] == [2, 4, 6, 8]
    assert [square_column(n) for n in (5, 6, 7, 8)] == [1, 3, 5, 7]
    assert [square_row(n) for n in (1, 5, 9, 32)] == [1, 2, 3, 8]
    assert all(square_at(square_row(n), square_column(n)) == n for n in range(1, 33))
    assert square_at(1, 1) is None


def test_seed_examples_of_moves() -> None:
    assert neighbours(22) == (17, 18, 25, 26)
    assert forward_neighbours(20) == (24,)
    mouse_on_22 = position(22, (1, 2, 3, 4), MOUSE)
    assert {m.target for m in mouse_on_22.legal_moves() if isinstance(m, MouseMove)} == {
        17,
        18,
        25,
        26,
    }
    cat_on_20 = position(30, (1, 2, 3, 20), CATS)
    assert [m.target for m in cat_on_20.legal_moves() if m.origin == 20] == [24]  # type: ignore[union-attr]


def test_start_asks_for_the_mouse_square_first() -> None:
    start = GAME.start()
    assert start.mouse is None and start.cats == (1, 2, 3, 4)
    assert start.side_to_move is MOUSE
    assert start.legal_moves() == tuple(MouseMove(n) for n in (29, 30, 31, 32))
    placed = start.play(MouseMove(30))
    assert placed.mouse == 30 and placed.side_to_move is MOUSE, (
        "after the placement the mouse moves"
    )
    assert placed.play(MouseMove(26)).side_to_move is CATS


def test_cuadro_4_the_mouse_on_2_has_won() -> None:
    finished = position(2, (9, 10, 16, 18), CATS)
    outcome = finished.outcome()
    assert outcome is not None and outcome.winner is MOUSE
    assert outcome.reason == "catmouse.mouse_escaped"
    assert finished.legal_moves() == ()
    expected = (DATA / "catmouse_cuadro4.txt").read_text().rstrip("\n")
    assert GAME.draw(finished) == expected


def test_cuadro_5_the_cats_have_won() -> None:
    finished = position(12, (5, 6, 8, 16), MOUSE)
    outcome = finished.outcome()
    assert outcome is not None and outcome.winner is CATS
    assert outcome.reason == "catmouse.mouse_trapped"
    expected = (DATA / "catmouse_cuadro5.txt").read_text().rstrip("\n")
    assert GAME.draw(finished) == expected


def test_cuadro_3_drawing() -> None:
    middle = position(16, (5, 6, 8, 11), MOUSE)
    assert GAME.draw(middle) == (DATA / "catmouse_cuadro3.txt").read_text().rstrip("\n")
    assert middle.outcome() is None


def test_the_mouse_wins_when_the_cats_cannot_move() -> None:
    stuck = position(1 + 4, (29, 30, 31, 32), CATS)
    outcome = stuck.outcome()
    assert outcome is not None and outcome.winner is MOUSE
    assert outcome.reason == "catmouse.cats_stuck"
    assert stuck.legal_moves() == ()


def test_a_blocked_cat_does_not_end_the_game_while_another_can_move() -> None:
    pos = position(10, (28, 29, 30, 31), CATS)
    assert pos.legal_moves() == (CatMove(28, 32),)
    assert pos.outcome() is None


@pytest.mark.parametrize(
    ("pos", "text", "key"),
    [
        (CatMousePosition.start(), "abc", "catmouse.not_a_number"),
        (CatMousePosition.start(), "33", "catmouse.off_board"),
        (CatMousePosition.start(), "0", "catmouse.off_board"),
        (CatMousePosition.start(), "-5", "catmouse.off_board"),
        (CatMousePosition.start(), "28", "catmouse.mouse_start"),
        (CatMousePosition.start(), "29 25", "catmouse.mouse_gives_one"),
        (position(22, (1, 2, 3, 17), MOUSE), "23", "catmouse.not_neighbour"),
        (position(22, (1, 2, 3, 17), MOUSE), "17", "catmouse.occupied_by_cat"),
        (position(22, (1, 2, 3, 17), CATS), "20", "catmouse.cats_give_two"),
        (position(22, (1, 2, 3, 17), CATS), "5 9", "catmouse.no_cat_there"),
        (position(22, (1, 2, 3, 17), CATS), "17 13", "catmouse.cats_cannot_go_back"),
        (position(22, (1, 2, 3, 17), CATS), "1 10", "catmouse.not_neighbour"),
        (position(22, (1, 2, 6, 17), CATS), "2 6", "catmouse.occupied_by_cat"),
        (position(22, (1, 2, 3, 17), CATS), "17 22", "catmouse.occupied_by_mouse"),
        (position(2, (9, 10, 16, 18), CATS), "9 13", "catmouse.game_over"),
    ],
)
def test_every_refusal_says_why(pos: CatMousePosition, text: str, key: str) -> None:
    assert refusal_key(pos, text) == key


@pytest.mark.parametrize("text", ["20 24", "20,24", "20-24", " 20 ,  24 "])
def test_cat_moves_accept_several_separators(text: str) -> None:
    pos = position(30, (1, 2, 3, 20), CATS)
    move = GAME.parse_move(pos, text)
    assert move == CatMove(20, 24)
    assert GAME.format_move(move) == "20 24"


def test_notation_round_trips_for_every_legal_move() -> None:
    pos = position(22, (1, 2, 3, 17), CATS)
    for move in pos.legal_moves():
        assert GAME.parse_move(pos, GAME.format_move(move)) == move


def test_positions_are_values() -> None:
    assert CatMousePosition.start() == CatMousePosition.start()
    assert hash(CatMousePosition.start()) == hash(CatMousePosition.start())
    with pytest.raises(ValueError):
        CatMousePosition(1, (1, 2, 3, 4), CATS)
    with pytest.raises(ValueError):
        CatMousePosition(None, (1, 2, 3, 4), CATS)


@st.composite
def random_games(draw: st.DrawFn) -> list[CatMousePosition]:
    """A random legal game from the start to its end, as its list of positions."""
    positions = [CatMousePosition.start()]
    while positions[-1].outcome() is None:
        moves = positions[-1].legal_moves()
        assert moves, "a game that is not over always has a legal move"
        move = moves[draw(st.integers(0, len(moves) - 1))]
        before = positions[-1]
        after = before.play(move)
        assert before == positions[-1], "play must not change the position it was called on"
        positions.append(after)
        assert len(positions) < 200, "a game must end"
    return positions


@settings(max_examples=300, deadline=None)
@given(random_games())
def test_random_games_keep_the_rules(game: list[CatMousePosition]) -> None:
    for before, after in itertools.pairwise(game):
        pieces = [*after.cats, after.mouse]
        assert len(set(pieces)) == 5 and all(p is not None and 1 <= p <= 32 for p in pieces)
        rows_before = sorted(square_row(c) for c in before.cats)
        rows_after = sorted(square_row(c) for c in after.cats)
        assert all(a >= b for a, b in zip(rows_after, rows_before, strict=True))
        assert sum(rows_after) - sum(rows_before) in (0, 1)
        assert after.side_to_move is before.side_to_move.other or before.mouse is None
    assert game[-1].outcome() is not None
    assert game[-1].legal_moves() == ()


def test_each_boards_targets_click_each_legal_move_from_its_piece_to_its_square() -> None:
    """The board's targets, made once and kept, are each position's own: its legal moves' texts
    and the cells a player clicks for them, the mouse's from wherever it stands."""
    rng = random.Random(7)
    for _ in range(40):
        pos = GAME.start()
        while pos.outcome() is None:
            board = GAME.board(pos, ())
            expected = []
            for move in pos.legal_moves():
                origin = move.origin if isinstance(move, CatMove) else pos.mouse
                squares = (move.target,) if origin is None else (origin, move.target)
                clicks = tuple((square_row(s) - 1, square_column(s) - 1) for s in squares)
                expected.append((GAME.format_move(move), clicks))
            assert [(target.text, target.clicks) for target in board.targets] == expected
            cells = {(piece.row, piece.column, piece.kind) for piece in board.pieces}
            mouse = () if pos.mouse is None else (pos.mouse,)
            assert cells == {
                (square_row(s) - 1, square_column(s) - 1, 0 if s in mouse else 1)
                for s in (*pos.cats, *mouse)
            }
            pos = pos.play(rng.choice(pos.legal_moves()))
