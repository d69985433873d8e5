"""Tic-tac-toe rules, notation, drawing and messages, checked through the public API."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest

import reachable
from damero.core import Game, Message, Outcome, Side
from damero.errors import IllegalMoveError, InvalidMoveError
from damero.games.tictactoe import (
    LINES,
    Move,
    TicTacToe,
    TicTacToePosition,
    draw_board,
    draw_marks,
)
from damero.i18n import Catalog

GAME = TicTacToe()
START = GAME.start()
DRAWN_GAME = (5, 1, 9, 3, 2, 8, 7, 4, 6)


def play_cells(*cells: int, position: TicTacToePosition = START) -> TicTacToePosition:
    for cell in cells:
        position = position.play(Move(cell))
    return position


def reachable_positions() -> set[TicTacToePosition]:
    """Every position a game can reach from the empty board, found through the rules alone."""
    return reachable.reachable_positions([START])


@cache
def games_from(position: TicTacToePosition) -> Counter[Side | None]:
    """How many complete games continue from `position`, by winner (None: draw)."""
    outcome = position.outcome()
    if outcome is not None:
        return Counter({outcome.winner: 1})
    total: Counter[Side | None] = Counter()
    for move in position.legal_moves():
        total += games_from(position.play(move))
    return total


def test_the_game_meets_the_shared_protocol() -> None:
    game: Game[TicTacToePosition, Move] = GAME
    assert game.name == "tictactoe"
    assert game.start() == TicTacToePosition() == TicTacToePosition.start()
    assert game.automatic_move(game.start()) is None
    assert START.side_to_move is Side.FIRST
    assert START.outcome() is None


def test_the_game_tree_has_5478_positions() -> None:
    positions = reachable_positions()
    assert len(positions) == 5478
    marks_placed = Counter(9 - position.cells.count(None) for position in positions)
    assert [marks_placed[n] for n in range(10)] == [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]
    finished = Counter(o.winner for p in positions if (o := p.outcome()) is not None)
    assert finished == {Side.FIRST: 626, Side.SECOND: 316, None: 16}


def test_there_are_255168_complete_games() -> None:
    games = games_from(START)
    assert sum(games.values()) == 255_168
    assert games == {Side.FIRST: 131_184, Side.SECOND: 77_904, None: 46_080}


def filler_cells(line: tuple[int, int, int], count: int) -> tuple[int, ...]:
    """`count` cells off `line` that make no line of their own."""
    others = [cell for cell in range(1, 10) if cell not in line]
    for cells in itertools.combinations(others, count):
        if not any(set(other) <= set(cells) for other in LINES):
            return cells
    raise AssertionError("no filler found")


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("winner", [Side.FIRST, Side.SECOND])
def test_every_line_wins_for_either_side(line: tuple[int, int, int], winner: Side) -> None:
    order: tuple[int, ...]
    if winner is Side.FIRST:
        fillers = filler_cells(line, 2)
        order = (line[0], fillers[0], line[1], fillers[1], line[2])
    else:
        fillers = filler_cells(line, 3)
        order = (fillers[0], line[0], fillers[1], line[1], fillers[2], line[2])
    before_last = play_cells(*order[:-1])
    assert before_last.outcome() is None
    assert before_last.winning_line() is None
    position = before_last.play(Move(order[-1]))
    assert position.outcome() == Outcome(winner, "tictactoe.line")
    assert position.winning_line() == line
    assert position.legal_moves() == ()
    free = next(cell for cell in range(1, 10) if position.mark_at(cell) is None)
    with pytest.raises(IllegalMoveError) as refusal:
        position.play(Move(free))
    assert refusal.value.message.key == "tictactoe.game_over"


def test_a_full_board_without_a_line_is_a_draw() -> None:
    before_last = play_cells(*DRAWN_GAME[:-1])
    assert before_last.outcome() is None
    assert before_last.legal_moves() == (Move(6),)
    position = before_last.play(Move(6))
    outcome = position.outcome()
    assert outcome == Outcome(None, "tictactoe.draw")
    assert outcome.is_draw
    assert position.winning_line() is None
    assert position.legal_moves() == ()
    assert GAME.draw(position) == " O X O\n O X X\n X O X"


def test_a_win_on_the_last_cell_is_a_win_not_a_draw() -> None:
    position = TicTacToePosition.from_board("XOX OOX OX-").play(Move(9))
    assert position.outcome() == Outcome(Side.FIRST, "tictactoe.line")
    assert position.winning_line() == (3, 6, 9)


def test_legal_moves_are_the_free_cells_in_order() -> None:
    assert START.legal_moves() == tuple(Move(cell) for cell in range(1, 10))
    assert play_cells(5, 1).legal_moves() == tuple(Move(c) for c in (2, 3, 4, 6, 7, 8, 9))


def test_play_returns_a_new_position_and_leaves_the_old_one_alone() -> None:
    after = START.play(Move(5))
    assert TicTacToePosition() == START
    assert after.mark_at(5) == "X"
    assert after.side_to_move is Side.SECOND
    assert after.play(Move(1)).mark_at(1) == "O"
    assert hash(after) == hash(play_cells(5))
    with pytest.raises(AttributeError):
        after.side_to_move = Side.FIRST  # type: ignore[misc]


def test_a_taken_cell_is_refused_naming_the_cell_and_its_mark() -> None:
    position = play_cells(5, 1)
    for cell, mark in ((5, "X"), (1, "O")):
        with pytest.raises(IllegalMoveError) as refusal:
            position.play(Move(cell))
        assert refusal.value.message.key == "tictactoe.cell_taken"
        assert refusal.value.values == {"cell": cell, "mark": mark}


@pytest.mark.parametrize("text", ["", "   ", "x", "five", "5a", "1.5", "1 2", "\u0665"])
def test_text_that_is_not_a_number_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError) as refusal:
        GAME.parse_move(START, text)
    assert refusal.value.message.key == "tictactoe.not_a_number"
    assert refusal.value.values["text"] == text.strip()


@pytest.mark.parametrize("text", ["0", "10", "-3", "99", " 42 "])
def test_a_number_off_the_board_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError) as refusal:
        GAME.parse_move(START, text)
    assert refusal.value.message.key == "tictactoe.not_a_cell"
    assert refusal.value.values["text"] == text.strip()


def test_a_move_value_off_the_board_cannot_be_built() -> None:
    with pytest.raises(InvalidMoveError) as refusal:
        Move(10)
    assert refusal.value.message.key == "tictactoe.not_a_cell"


def test_parse_and_format_are_inverses() -> None:
    for cell in range(1, 10):
        move = Move(cell)
        assert GAME.format_move(move) == str(cell)
        assert GAME.parse_move(START, GAME.format_move(move)) == move
        assert eval(repr(move)) == move
    assert GAME.parse_move(START, " 7\n") == Move(7)
    assert GAME.parse_move(START, "+3") == Move(3)


def test_parsing_does_not_judge_whether_the_cell_is_free() -> None:
    position = play_cells(5)
    assert GAME.parse_move(position, "5") == Move(5)


def test_a_position_is_rebuilt_from_its_repr_and_its_board() -> None:
    position = play_cells(5, 1, 9)
    assert position.board == "O---X---X"
    assert repr(position) == "TicTacToePosition.from_board('O---X---X')"
    assert eval(repr(position)) == position
    assert TicTacToePosition.from_board("O-- -X- --X") == position


@pytest.mark.parametrize(
    "board",
    ["XX-------", "O--------", "XXXOO-OO-", "XXX-OOO--", "---------X", "XO?------"],
)
def test_positions_no_game_can_reach_are_refused(board: str) -> None:
    with pytest.raises(ValueError):
        TicTacToePosition.from_board(board)


def test_a_position_with_the_wrong_side_to_move_is_refused() -> None:
    with pytest.raises(ValueError):
        TicTacToePosition((None,) * 9, Side.SECOND)


def test_the_board_is_drawn_as_the_article_prints_it() -> None:
    assert GAME.draw(START) == " 1 2 3\n 4 5 6\n 7 8 9"
    assert draw_board(play_cells(1, 5, 3)) == " X 2 X\n 4 O 6\n 7 8 9"


def test_sides_are_named_by_their_marks() -> None:
    for language in ("en", "es"):
        catalog = Catalog(language)
        assert catalog.text(GAME.side_key(Side.FIRST)) == "X"
        assert catalog.text(GAME.side_key(Side.SECOND)) == "O"


def test_the_spanish_texts_are_the_articles() -> None:
    spanish = Catalog("es")
    won = play_cells(1, 4, 2, 5, 3)
    outcome = won.outcome()
    assert outcome is not None
    assert [spanish.say(m) for m in GAME.describe_outcome(won, outcome)] == [
        "Felicidades jugador X",
        "Has ganado el juego",
    ]
    drawn = play_cells(*DRAWN_GAME)
    drawn_outcome = drawn.outcome()
    assert drawn_outcome is not None
    assert [spanish.say(m) for m in GAME.describe_outcome(drawn, drawn_outcome)] == [
        "El juego termina en empate"
    ]
    assert spanish.say(GAME.prompt(START)).endswith(
        "Escriba el número de casilla en donde desea tirar: "
    )
    heading = [spanish.say(line) for line in GAME.heading(START.play(Move(5)), choosing=True)]
    assert heading == [
        "El gato hasta el momento:",
        " - - -\n - X -\n - - -",
        "Selecciona una posición en el tablero:",
        "Las casillas marcadas con X u O ya están ocupadas",
    ]


def test_the_prompt_names_the_player_and_the_article_s_prose_frames_every_board() -> None:
    english = Catalog("en")
    after = START.play(Move(5))
    assert "X" in english.say(GAME.prompt(START))
    assert "O" in english.say(GAME.prompt(after))
    invitation = ["Select a position on the board:", "Cells marked X or O are already taken"]
    assert [english.say(line) for line in GAME.heading(START, choosing=True)] == invitation
    assert GAME.heading(START, choosing=False) == ()
    assert [english.say(line) for line in GAME.heading(after, choosing=False)] == [
        "The board so far:",
        " - - -\n - X -\n - - -",
    ]
    for position in (START, after, after.play(Move(1))):
        assert [english.say(line) for line in GAME.heading(position, choosing=True)][-2:] == (
            invitation
        ), "before every board a person chooses on"
        assert GAME.status(position) == ()
    drawn = play_cells(*DRAWN_GAME)
    assert [english.say(line) for line in GAME.heading(drawn, choosing=False)] == [
        "The board so far:"
    ]
    assert GAME.draw(drawn) == draw_marks(drawn), "the game ends on the board of marks"


def test_the_winner_of_either_side_is_congratulated_in_english() -> None:
    english = Catalog("en")
    o_wins = play_cells(1, 4, 2, 5, 9, 6)
    outcome = o_wins.outcome()
    assert outcome is not None and outcome.winner is Side.SECOND
    lines = [english.say(m) for m in GAME.describe_outcome(o_wins, outcome)]
    assert "O" in lines[0] and "X" not in lines[0]


def every_message(position: TicTacToePosition) -> list[Message]:
    messages = [GAME.prompt(position), *GAME.heading(position, choosing=True)]
    outcome = position.outcome()
    if outcome is not None:
        messages += [Message(outcome.reason), *GAME.describe_outcome(position, outcome)]
    return messages


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_message_and_refusal_has_text_quoting_its_values(language: str) -> None:
    catalog = Catalog(language)
    positions = [START, play_cells(5), play_cells(1, 4, 2, 5, 3), play_cells(*DRAWN_GAME)]
    for position in positions:
        for message in every_message(position):
            assert catalog.say(message)
    refusals: list[tuple[str, str]] = []
    for text in ("abc", "12"):
        with pytest.raises(InvalidMoveError) as invalid:
            GAME.parse_move(START, text)
        refusals.append((catalog.say(invalid.value.message), text))
    with pytest.raises(IllegalMoveError) as taken:
        play_cells(5, 7).play(Move(7))
    refusals.append((catalog.say(taken.value.message), "7"))
    with pytest.raises(IllegalMoveError) as over:
        play_cells(1, 4, 2, 5, 3).play(Move(9))
    refusals.append((catalog.say(over.value.message), ""))
    for text, quoted in refusals:
        assert quoted in text
    assert len({text for text, _ in refusals}) == len(refusals)
