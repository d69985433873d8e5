"""The analysis every front end shares: a record's review judged against plain references, moves
the rules made not judged, estimates never called mistakes, and an exact solve stopped by its time
limit said to be an estimate."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from analysis_references import othello_move_scores, othello_with_empties
from damero import analysis
from damero.core import Limit, Value, Verdict, describe_value
from damero.games.othello import Othello
from damero.games.tictactoe import TicTacToe
from damero.i18n import Catalog
from damero.progress import GameInProgress

DATA = Path(__file__).parent / "data"
EXACT = Limit(depth=analysis.REVIEW_DEPTH)
"""No clock: an exact solve runs to its end, however busy the machine."""


def reviewed(state: GameInProgress) -> tuple[analysis.ReviewedMove, ...]:
    def values_of(position: Any) -> analysis.MoveValues:
        return analysis.move_values(state.game, position, limit=EXACT, clock=None)

    return analysis.review(state, values_of)


def tictactoe_game(*texts: str) -> GameInProgress:
    return GameInProgress.replayed(TicTacToe(), texts=texts)


def test_the_edge_reply_to_the_centre_is_the_mistake_and_the_corner_is_not() -> None:
    edge = reviewed(tictactoe_game("5", "2"))
    assert [judged.is_mistake for judged in edge] == [False, True]
    assert edge[1].before == Value(verdict=Verdict("draw", 8))
    assert edge[1].played == Value(verdict=Verdict("loss", 6))
    assert edge[1].after == Value(verdict=Verdict("loss", 5)), "O's move no longer counted"
    assert TicTacToe().format_move(edge[1].best) in {"1", "3", "7", "9"}
    corner = reviewed(tictactoe_game("5", "1"))
    assert not any(judged.is_mistake for judged in corner)
    document = analysis.review_document(tictactoe_game("5", "2"), edge)
    assert document["mistakes"] == [2]
    moves: Any = document["moves"]
    assert moves[1]["side"] == "second" and moves[1]["position"] == "----X----"
    assert moves[1]["before"] == {"result": "draw", "plies": 8, "exact": True}


def test_an_othello_game_is_judged_against_a_plain_minimax_near_the_end() -> None:
    state = othello_game(DATA / "othello_8x8_moves.txt")
    judged = reviewed(state)
    assert len(judged) == len(state.moves)
    checked = 0
    for move in judged:
        if move.is_forced:
            assert move.move.is_pass and not move.is_mistake and move.before == move.after
            continue
        empties = 64 - sum(row.count("X") + row.count("O") for row in move.position.board_rows())
        if not move.before.is_exact:
            assert not move.is_mistake, "an estimate is never called a mistake"
            continue
        if empties > 10:
            continue
        scores = othello_move_scores(move.position)
        assert move.before.score == max(scores.values())
        assert move.played.score == scores[move.move]
        # the position after it, as the side that played sees it (a finished game: its result)
        assert move.after.score in (scores[move.move], None)
        assert move.after.result == move.played.result
        assert move.is_mistake == (scores[move.move] < max(scores.values()))
        checked += 1
    assert checked >= 5
    assert sum(move.is_forced for move in judged) == 2
    positions = analysis.judged_positions(state)
    assert len(positions) == len(state.moves) - 2


def test_positions_of_eight_to_ten_empties_are_solved_as_a_plain_minimax_solves_them() -> None:
    game = Othello()
    for empties, seed in ((8, 1), (9, 2), (10, 3)):
        position = othello_with_empties(empties, seed=seed)
        values = analysis.move_values(game, position, limit=Limit(), clock=None)
        expected = othello_move_scores(position)
        assert {move: value.score for move, value in values} == expected
        assert all(value.is_exact for _, value in values)
        document = analysis.position_document(game, position, values)
        assert document["score"] == max(expected.values()) and document["exact"] is True


def test_an_exact_solve_stopped_by_its_time_limit_gives_an_estimate_said_to_be_one() -> None:
    game = Othello()
    position = othello_with_empties(12, seed=4)
    stopped = analysis.move_values(game, position, limit=Limit(seconds=0), clock=time.monotonic)
    assert {move for move, _ in stopped} == set(position.legal_moves())
    assert not any(value.is_exact for _, value in stopped)
    document = analysis.position_document(game, position, stopped)
    assert document["exact"] is False
    words = Catalog("en").say(describe_value(game, stopped[0][1], position.side_to_move))
    assert "an estimate" in words or words == "about even"
    solved = analysis.move_values(game, position, limit=Limit(seconds=0), clock=None)
    assert all(value.is_exact for _, value in solved)


@pytest.mark.parametrize(
    ("best", "played", "mistake"),
    [
        (Value(verdict=Verdict("win", 3)), Value(verdict=Verdict("win", 7)), False),
        (Value(verdict=Verdict("win", 3)), Value(verdict=Verdict("draw", 6)), True),
        (Value(verdict=Verdict("draw", 6)), Value(verdict=Verdict("loss", 2)), True),
        (Value(verdict=Verdict("loss", 2)), Value(verdict=Verdict("loss", 1)), False),
        (Value(score=4.0), Value(score=2.0), True),
        (Value(score=4.0), Value(score=4.0), False),
        (Value(score=4.0, is_exact=False), Value(score=-20.0, is_exact=False), False),
    ],
)
def test_what_a_mistake_is(best: Value, played: Value, mistake: bool) -> None:
    assert analysis.is_mistake(best, played) is mistake


def test_a_finished_position_is_worth_its_outcome_and_has_no_moves() -> None:
    game = TicTacToe()
    over = game.parse_position("XXXOO----")
    values = analysis.move_values(game, over, limit=Limit(), clock=None)
    assert values == []
    assert analysis.position_document(game, over, values) == {
        "result": "loss",
        "plies": 0,
        "exact": True,
        "moves": [],
    }


def othello_game(path: Path) -> GameInProgress:
    """The 8x8 game whose placements `path` lists one a line, with the passes the rules make."""
    state = GameInProgress.new(Othello())
    for line in path.read_text(encoding="utf-8").splitlines():
        state = state.play_text(line)
    return state
