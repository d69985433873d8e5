"""Othello rules: bitboards against a plain twin on random games; passes, end, notation, drawing."""

from __future__ import annotations

import random

import othello_reference as reference
import pytest

from damero.core import Message, Outcome, Side
from damero.errors import IllegalMoveError, InvalidMoveError
from damero.games.othello import (
    PASS,
    SIZES,
    Move,
    Othello,
    OthelloPosition,
    format_move,
    perft,
)
from damero.i18n import Catalog

DISC = {Side.FIRST: "X", Side.SECOND: "O"}

# Random games per size; the small boards are cheap, so they get most of the games.
GAMES_PER_SIZE = {4: 900, 6: 650, 8: 300, 10: 150}


def reference_moves(board: reference.Board, disc: str) -> list[Move]:
    placements = reference.placements(board, disc)
    if placements:
        return [Move(row, column) for row, column in placements]
    if reference.placements(board, reference.other(disc)):
        return [PASS]
    return []


def play_random_game(size: int, rng: random.Random) -> int:
    """Plays one random game on both rule sets, comparing every position; returns its plies."""
    position = OthelloPosition.start(size)
    board = reference.start_board(size)
    disc = "X"
    plies = 0
    while True:
        assert position.board_rows() == reference.rows_of(board)
        assert DISC[position.side_to_move] == disc
        expected = reference_moves(board, disc)
        assert list(position.legal_moves()) == expected
        if not expected:
            break
        move = rng.choice(expected)
        position = position.play(move)
        if move != PASS:
            board = reference.place(board, move.row, move.column, disc)
        disc = reference.other(disc)
        plies += 1
    outcome = position.outcome()
    assert outcome is not None
    winner = reference.winner(board)
    assert (None if outcome.winner is None else DISC[outcome.winner]) == winner
    assert outcome.reason == ("othello.draw" if winner is None else "othello.more_discs")
    assert position.count(Side.FIRST) == reference.count(board, "X")
    assert position.count(Side.SECOND) == reference.count(board, "O")
    return plies


@pytest.mark.parametrize("size", SIZES)
def test_random_games_agree_with_the_plain_rules(size: int) -> None:
    rng = random.Random(20260 + size)
    plies = [play_random_game(size, rng) for _ in range(GAMES_PER_SIZE[size])]
    assert min(plies) >= 1


@pytest.mark.parametrize("size", SIZES)
def test_every_move_in_the_middle_game_matches_the_plain_rules(size: int) -> None:
    """Each legal move, not only the chosen one, gives the same board as the plain rules."""
    rng = random.Random(size)
    for _ in range(60):
        position = OthelloPosition.start(size)
        for _ in range(rng.randrange(size * size - 4)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
        board = reference.board_from_rows(position.board_rows())
        disc = DISC[position.side_to_move]
        for move in position.legal_moves():
            if move == PASS:
                continue
            expected = reference.place(board, move.row, move.column, disc)
            assert position.play(move).board_rows() == reference.rows_of(expected)


@pytest.mark.parametrize("size", SIZES)
def test_start_has_the_centre_discs_and_four_moves_for_x(size: int) -> None:
    position = OthelloPosition.start(size)
    middle = size // 2
    rows = position.board_rows()
    assert rows[middle - 1][middle - 1 : middle + 1] == "OX"
    assert rows[middle][middle - 1 : middle + 1] == "XO"
    assert position.side_to_move is Side.FIRST
    assert position.count(Side.FIRST) == position.count(Side.SECOND) == 2
    assert len(position.legal_moves()) == 4
    assert position.mobility() == 4
    assert position.outcome() is None


def test_the_seed_example_d3_flips_d4() -> None:
    position = OthelloPosition.start(8).play(Move(2, 3))
    assert position.board_rows()[2:5] == ("...X....", "...XX...", "...XO...")
    assert position.side_to_move is Side.SECOND
    assert position.count(Side.FIRST) == 4
    assert position.count(Side.SECOND) == 1


def test_only_the_placed_disc_flips_in_all_eight_directions() -> None:
    rows = [
        "X.X.X...",
        ".OOO....",
        "XO.OX...",
        ".OOO....",
        "X.X.X...",
        "........",
        "........",
        "........",
    ]
    position = OthelloPosition.from_rows(rows, Side.FIRST).play(Move(2, 2))
    assert position.board_rows()[:5] == ("X.X.X...", ".XXX....", "XXXXX...", ".XXX....", "X.X.X...")


def test_a_flipped_disc_does_not_flip_further() -> None:
    # X at (0,0) flips (0,1) and (1,0). The O at (1,1) then lies between the flipped (0,1) and the
    # X at (2,1), but only the placed disc flanks, so it stays O.
    rows = [".OX.", "OO..", "XX..", "...."]
    after = OthelloPosition.from_rows(rows, Side.FIRST).play(Move(0, 0))
    assert after.board_rows() == ("XXX.", "XO..", "XX..", "....")


def test_refusals_say_why() -> None:
    position = OthelloPosition.start(8)
    with pytest.raises(IllegalMoveError) as taken:
        position.play(Move(3, 3))
    assert taken.value.message.key == "othello.square_taken"
    assert taken.value.values["move"] == "4 4"
    with pytest.raises(IllegalMoveError) as nothing:
        position.play(Move(0, 0))
    assert nothing.value.message.key == "othello.flips_nothing"
    assert nothing.value.values["move"] == "1 1"
    with pytest.raises(IllegalMoveError) as cannot_pass:
        position.play(PASS)
    assert cannot_pass.value.message.key == "othello.cannot_pass"
    with pytest.raises(IllegalMoveError) as off:
        position.play(Move(8, 0))
    assert off.value.message.key == "othello.off_board"


def test_a_side_without_placements_must_pass_and_the_game_goes_on() -> None:
    # O has no disc to flank anything with; X still has moves.
    rows = ["XXO.", "XXXX", "XXXX", "XXXX"]
    position = OthelloPosition.from_rows(rows, Side.SECOND)
    assert position.legal_moves() == (PASS,)
    assert position.outcome() is None
    with pytest.raises(IllegalMoveError) as refused:
        position.play(Move(0, 3))
    assert refused.value.message.key == "othello.must_pass"
    assert Othello(4).automatic_move(position) == (PASS, Othello(4).describe_pass(position))
    after = position.play(PASS)
    assert Othello(4).automatic_move(after) is None
    assert after.side_to_move is Side.FIRST
    assert after.board_rows() == position.board_rows()
    assert after.legal_moves() == (Move(0, 3),)
    final = after.play(Move(0, 3))
    assert final.board_rows()[0] == "XXXX"
    assert final.legal_moves() == ()
    assert final.outcome() == Outcome(Side.FIRST, "othello.more_discs")


def test_the_game_ends_when_neither_side_can_place_even_with_empty_squares() -> None:
    rows = ["X...", "....", "....", "...O"]
    position = OthelloPosition.from_rows(rows, Side.FIRST)
    assert position.legal_moves() == ()
    assert position.outcome() == Outcome(None, "othello.draw")
    with pytest.raises(IllegalMoveError) as over:
        position.play(PASS)
    assert over.value.message.key == "othello.game_over"


def test_more_discs_wins_for_o_too() -> None:
    position = OthelloPosition.from_rows(["OOOO", "OOOO", "OOXX", "XXXX"], Side.FIRST)
    assert position.outcome() == Outcome(Side.SECOND, "othello.more_discs")


def test_positions_are_values() -> None:
    first = OthelloPosition.start(6).play(Move(1, 2))
    second = OthelloPosition.start(6).play(Move(1, 2))
    assert first == second
    assert len({first, second}) == 1
    assert OthelloPosition.from_rows(first.board_rows(), first.side_to_move) == first
    assert eval(repr(Move(2, 3))) == Move(2, 3)


def test_from_rows_refuses_malformed_boards() -> None:
    with pytest.raises(ValueError):
        OthelloPosition.from_rows(["....", "....", "....", "...Z"], Side.FIRST)
    with pytest.raises(ValueError):
        OthelloPosition.from_rows(["...", "...", "..."], Side.FIRST)
    with pytest.raises(ValueError):
        OthelloPosition.from_rows(["....", "....", "....", "....."], Side.FIRST)


@pytest.mark.parametrize("size", [0, 2, 3, 5, 7, 9, 11, 12, -4])
def test_sizes_other_than_even_four_to_ten_are_refused(size: int) -> None:
    with pytest.raises(ValueError):
        Othello(size)
    with pytest.raises(ValueError):
        OthelloPosition.start(size)


def test_move_notation_round_trips() -> None:
    game = Othello(8)
    position = game.start()
    assert format_move(Move(2, 3)) == "3 4"
    assert format_move(PASS) == "0 0"
    assert game.parse_move(position, "3 4") == Move(2, 3)
    assert game.parse_move(position, "3,4") == Move(2, 3)
    assert game.parse_move(position, " 3 , 4 ") == Move(2, 3)
    assert game.parse_move(position, "0 0") == PASS
    for move in [*position.legal_moves(), PASS, Move(7, 7), Move(0, 0)]:
        assert game.parse_move(position, game.format_move(move)) == move


@pytest.mark.parametrize("text", ["", "3", "a b", "3 4 5", "3.5 4", "34", "tres cuatro"])
def test_text_that_is_not_two_numbers_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError) as refused:
        Othello().parse_move(OthelloPosition.start(8), text)
    assert refused.value.message.key == "othello.not_two_numbers"
    assert refused.value.values["text"] == text.strip()


@pytest.mark.parametrize("text", ["9 1", "1 9", "0 4", "-1 -1", "11 11"])
def test_squares_off_the_board_are_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError) as refused:
        Othello().parse_move(OthelloPosition.start(8), text)
    assert refused.value.message.key == "othello.off_board"
    assert refused.value.values == {"text": text, "size": 8}


def test_ten_by_ten_accepts_row_ten() -> None:
    game = Othello(10)
    assert game.parse_move(game.start(), "10 10") == Move(9, 9)


def test_draw_matches_the_seed_layout() -> None:
    assert Othello().draw(OthelloPosition.start(8)).splitlines() == [
        "  1 2 3 4 5 6 7 8",
        "1 . . . . . . . .",
        "2 . . . . . . . .",
        "3 . . . . . . . .",
        "4 . . . O X . . .",
        "5 . . . X O . . .",
        "6 . . . . . . . .",
        "7 . . . . . . . .",
        "8 . . . . . . . .",
    ]


def test_draw_keeps_ten_by_ten_aligned() -> None:
    lines = Othello(10).draw(OthelloPosition.start(10)).split("\n")
    assert lines[0] == "   1 2 3 4 5 6 7 8 9 10"
    assert lines[5] == " 5 . . . . O X . . . ."
    assert lines[10] == "10 . . . . . . . . . ."
    assert all(line == line.rstrip() for line in lines)
    # Every column number starts right above its column of cells.
    for column in range(1, 11):
        offset = lines[0].index(f" {column}", 2 * column - 1) + 1
        assert lines[10][offset] == "."


def test_messages_exist_in_both_languages() -> None:
    game = Othello(4)
    position = OthelloPosition.from_rows(["XXO.", "XXXX", "XXXX", "XXXX"], Side.SECOND)
    final = position.play(PASS).play(Move(0, 3))
    outcome = final.outcome()
    assert outcome is not None
    draw_position = OthelloPosition.from_rows(["X...", "....", "....", "...O"], Side.FIRST)
    draw_outcome = draw_position.outcome()
    assert draw_outcome is not None
    messages: list[Message] = [
        game.prompt(position),
        *game.status(position),
        *game.status(final),
        game.describe_pass(position),
        *game.describe_outcome(final, outcome),
        *game.describe_outcome(draw_position, draw_outcome),
        Message(outcome.reason),
        Message(draw_outcome.reason),
    ]
    for language in ("en", "es"):
        catalog = Catalog(language)
        texts = [catalog.say(message) for message in messages]
        assert all(texts)
    english = Catalog("en")
    assert "X" in english.say(game.prompt(game.start()))
    assert "16" in english.say(game.describe_outcome(final, outcome)[0])
    assert english.say(game.status(position)[0]) == english.text("othello.counts", x=14, o=1)
    assert game.side_key(Side.FIRST) == "othello.x"
    assert game.side_key(Side.SECOND) == "othello.o"


def test_refusal_messages_exist_in_both_languages() -> None:
    errors: list[IllegalMoveError | InvalidMoveError] = []
    position = OthelloPosition.start(8)
    for move in (Move(3, 3), Move(0, 0), PASS, Move(9, 9)):
        with pytest.raises(IllegalMoveError) as refused:
            position.play(move)
        errors.append(refused.value)
    passing = OthelloPosition.from_rows(["XXO.", "XXXX", "XXXX", "XXXX"], Side.SECOND)
    over = OthelloPosition.from_rows(["X...", "....", "....", "...O"], Side.FIRST)
    for blocked, move in ((passing, Move(0, 3)), (over, PASS)):
        with pytest.raises(IllegalMoveError) as refused:
            blocked.play(move)
        errors.append(refused.value)
    for text in ("x", "9 9"):
        with pytest.raises(InvalidMoveError) as invalid:
            Othello().parse_move(position, text)
        errors.append(invalid.value)
    for language in ("en", "es"):
        catalog = Catalog(language)
        for error in errors:
            assert catalog.say(error.message)


@pytest.mark.parametrize(
    ("depth", "leaves"),
    [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200), (7, 55092), (8, 390216)],
)
def test_perft_from_the_8x8_start(depth: int, leaves: int) -> None:
    assert perft(OthelloPosition.start(8), depth) == leaves


def naive_perft(position: OthelloPosition, depth: int) -> int:
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if not moves:
        return 1
    return sum(naive_perft(position.play(move), depth - 1) for move in moves)


@pytest.mark.parametrize(("size", "depth"), [(4, 12), (6, 6), (10, 4)])
def test_perft_counts_passes_and_finished_games_like_playing_every_move(
    size: int, depth: int
) -> None:
    position = OthelloPosition.start(size)
    assert perft(position, depth) == naive_perft(position, depth)
    assert perft(position, 0) == 1


def test_perft_through_a_pass_and_past_the_end() -> None:
    position = OthelloPosition.from_rows(["XXO.", "XXXX", "XXXX", "XXXX"], Side.SECOND)
    assert perft(position, 1) == 1
    assert perft(position, 2) == 1
    assert perft(position, 5) == 1


def test_moves_a_symmetry_of_the_position_maps_onto_each_other_are_one_class() -> None:
    from damero.rules.othello import symmetric_moves

    for size in (4, 6, 8, 10):
        start = Othello(size=size).start()
        classes = symmetric_moves(start)
        assert len(classes) == 1 and len(classes[0]) == 4, "the four first moves are one"
    after = Othello(size=8).start()
    for text in ("3 4", "3 3"):
        after = after.play(Othello(size=8).parse_move(after, text))
    moves = after.legal_moves()
    classes = symmetric_moves(after)
    assert sorted(str(move) for group in classes for move in group) == sorted(map(str, moves))
