"""The game in progress on every game, the test game Nim included: forced moves played and said,
take-backs to a person's turn, results from outside the rules, and versions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from damero.core import Side
from damero.errors import IllegalMoveError, MoveListError
from damero.games.othello import PASS, Othello
from damero.progress import (
    PERSON,
    Clock,
    Ending,
    GameInProgress,
    GameOverError,
    NothingToTakeBackError,
    Result,
    Seat,
)
from damero.registry import GAMES, find_game
from nim import Nim

EVERY_GAME = [*GAMES, Nim()]


def random_game(game: Any, seed: int, seats: tuple[Seat, Seat] = (PERSON, PERSON)) -> list[Any]:
    """The states of one game of random moves, each after a move of the side to move."""
    rng = random.Random(seed)
    states = [GameInProgress.new(game, seats=seats)]
    while not states[-1].is_over:
        state = states[-1]
        states.append(state.play(rng.choice(state.position.legal_moves())))
    return states


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_a_game_played_to_its_end_agrees_with_the_rules(game: Any) -> None:
    for seed in range(5):
        states = random_game(game, seed)
        versions = [state.version for state in states]
        assert versions == list(range(1, len(states) + 1))
        last = states[-1]
        position = game.start()
        for move in last.moves:
            position = position.play(move)
        assert last.position == position
        assert last.result == Result(position.outcome().winner, Ending.RULES)
        assert last.side_to_move is None
        with pytest.raises(GameOverError):
            last.play(last.moves[-1])


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_a_take_back_returns_to_the_last_position_a_person_was_to_move(game: Any) -> None:
    seats = (PERSON, Seat(3))
    state = random_game(game, 1, seats)[-1]
    while state.take_back_point() is not None:
        taken = state.take_back()
        assert taken.version == state.version + 1
        assert len(taken.moves) < len(state.moves)
        mover = taken.position.side_to_move
        assert taken.seat(mover) == PERSON, "a take-back stops where a person is to move"
        assert game.automatic_move(taken.position) is None, "never where the rules move"
        assert taken.position == GameInProgress.replayed(game, moves=taken.moves).position
        state = taken
    assert state.moves == () or all(
        state.seat(position.side_to_move).is_computer for position in state.positions[:-1]
    )
    with pytest.raises(NothingToTakeBackError):
        state.take_back()


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_a_result_from_outside_the_rules_ends_the_game_whatever_the_board_says(game: Any) -> None:
    state = GameInProgress.new(game)
    state = state.play(state.position.legal_moves()[0])
    resigned = state.with_result(Result(Side.SECOND, Ending.RESIGNATION))
    assert resigned.result == Result(Side.SECOND, Ending.RESIGNATION)
    assert resigned.is_over and resigned.outcome is None
    assert resigned.side_to_move is None and resigned.computer_to_move is None
    assert resigned.version == state.version + 1
    with pytest.raises(GameOverError):
        resigned.play(resigned.position.legal_moves()[0])
    with pytest.raises(GameOverError):
        resigned.with_result(Result(Side.FIRST, Ending.RESIGNATION))
    with pytest.raises(NothingToTakeBackError):
        resigned.take_back()


def both_clocks(state: GameInProgress, now: float) -> int:
    assert state.clock is not None
    return sum(state.clock.remaining(side, now) for side in Side)


def test_a_take_back_gives_back_the_increments_its_moves_gained() -> None:
    """10 s + 5 s against the computer, five times a move, the computer's answer and a take-back:
    the clocks hold what they held less the time used, never an increment more."""
    clock = Clock.of(initial=10_000, increment=5_000)
    state = GameInProgress.new(find_game("tictactoe"), seats=(PERSON, Seat(1)), clock=clock)
    state = state.play_text("5", now=0.0).play_text("1", now=0.0)
    assert state.clock is not None and state.clock.running is Side.FIRST
    now = 0.0
    for _ in range(5):
        state = state.play_text("9", now=now + 0.3).play_text("3", now=now + 0.4)
        assert both_clocks(state, now + 0.4) == 20_000 - round((now + 0.4) * 1000) + 10_000
        now += 0.5
        state = state.take_back(now=now)
        assert state.move_texts == ("5", "1") and state.clock is not None
        assert state.clock.running is Side.FIRST
        assert both_clocks(state, now) == 20_000 - round(now * 1000)


def test_a_take_back_before_each_side_has_moved_stops_the_clock() -> None:
    clock = Clock.of(initial=60_000, increment=2_000)
    state = GameInProgress.new(find_game("tictactoe"), clock=clock)
    state = state.play_text("5", now=1.0).play_text("1", now=2.0).play_text("9", now=3.0)
    assert state.clock is not None and state.clock.running is Side.SECOND
    taken = state.take_back(Side.SECOND, now=4.0)  # O's move, and X's after it
    assert taken.move_texts == ("5",) and taken.clock is not None
    assert taken.clock.running is None and taken.clock.started is None
    # X's move after the clock began gives its increment back; the second each side used (X
    # from 2 to 3, O from 3 to 4) stays used.
    assert taken.clock.left == (59_000, 59_000)
    again = taken.play_text("1", now=5.0)
    assert again.clock is not None and again.clock.running is Side.FIRST


def othello_game_with_a_pass() -> tuple[list[Any], int]:
    """The moves of a 4x4 Othello game with a forced pass, and where the pass is."""
    for seed in range(200):
        rng, position, moves = random.Random(seed), Othello(4).start(), []
        while position.outcome() is None:
            move = rng.choice(position.legal_moves())
            moves.append(move)
            position = position.play(move)
        passes = [index for index, move in enumerate(moves) if move == PASS]
        if passes and passes[0] < len(moves) - 1:
            return moves, passes[0]
    raise AssertionError("no 4x4 game of random moves had a pass")


def test_a_forced_pass_is_played_with_the_move_before_it_and_said() -> None:
    game = Othello(4)
    moves, pass_at = othello_game_with_a_pass()
    before = GameInProgress.new(game, moves=moves[: pass_at - 1])
    after = before.play(moves[pass_at - 1])
    assert after.moves[-1] == PASS and len(after.moves) == pass_at + 1
    assert after.version == before.version + 1, "a move and its forced pass are one change"
    assert [forced.move for forced in after.forced] == [PASS]
    assert after.forced[0].notice == game.describe_pass(after.positions[pass_at])
    assert after.is_forced(pass_at) and not after.is_forced(pass_at - 1)
    assert after.play(moves[pass_at + 1]).forced == ()


def test_a_game_set_up_at_a_forced_pass_plays_it_at_once_but_a_replay_does_not() -> None:
    game = Othello(4)
    moves, pass_at = othello_game_with_a_pass()
    begun = GameInProgress.new(game, moves=moves[:pass_at])
    assert begun.moves == tuple(moves[: pass_at + 1])
    assert [forced.move for forced in begun.forced] == [PASS]
    assert GameInProgress.replayed(game, moves=moves[:pass_at]).moves == tuple(moves[:pass_at])


def test_a_take_back_skips_a_forced_pass() -> None:
    game = Othello(4)
    moves, pass_at = othello_game_with_a_pass()
    state = GameInProgress.new(game, moves=moves[: pass_at + 2])
    assert state.take_back().moves == tuple(moves[: pass_at + 1])
    assert state.take_back().take_back().moves == tuple(moves[: pass_at - 1])


def test_an_illegal_move_changes_nothing() -> None:
    game = Othello(8)
    state = GameInProgress.new(game)
    with pytest.raises(IllegalMoveError):
        state.play_text("1 1")
    assert state.version == 1 and state.moves == ()


def test_the_history_says_who_moved_what_the_rules_did_and_whose_turn_it_was() -> None:
    game = Othello(4)
    moves, pass_at = othello_game_with_a_pass()
    state = GameInProgress.replayed(game, moves=moves)
    positions = [game.start()]
    for move in moves:
        positions.append(positions[-1].play(move))
    assert [state.mover(index) for index in range(len(moves))] == [
        position.side_to_move for position in positions[:-1]
    ]
    assert state.mover(pass_at) is state.mover(pass_at - 1).other
    assert state.mover(pass_at + 1) is state.mover(pass_at - 1), "the side that made it pass"
    assert state.notice(pass_at) == game.describe_pass(positions[pass_at])
    assert [index for index in range(len(moves)) if state.notice(index)] == [
        index for index, move in enumerate(moves) if move == PASS
    ]
    assert state.to_move(pass_at) is positions[pass_at].side_to_move
    assert state.to_move(len(moves)) is None, "the game is over there"
    # The last turn is the move chosen and the pass the rules made after it.
    assert state.last_turn(pass_at + 1) == range(pass_at - 1, pass_at + 1)
    assert state.last_turn(pass_at) == range(pass_at - 1, pass_at)
    assert state.last_turn(0) == range(0, 0)
    assert state.notices(state.last_turn(pass_at + 1)) == (state.notice(pass_at),)
    # A replay stops where a side chooses: never before a forced pass.
    assert pass_at not in state.turn_starts() and pass_at + 1 in state.turn_starts()
    assert state.turn_starts()[-1] == len(moves)


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_a_game_read_from_its_moves_text_plays_each_once(
    game: Any, count_plays: Callable[[type], list[Any]]
) -> None:
    played = random_game(game, 3)[-1]
    plays = count_plays(type(played.position))
    read = GameInProgress.replayed(game, texts=played.move_texts)
    assert read.moves == played.moves and read.positions == played.positions
    assert len(plays) == len(played.moves)


def test_a_refused_move_in_a_list_is_named_by_its_number() -> None:
    with pytest.raises(MoveListError) as refused:
        GameInProgress.replayed(find_game("tictactoe"), texts=["5", "1", "5"])
    assert refused.value.number == 3
    assert refused.value.message.values["reason"].key == "tictactoe.cell_taken"
