"""The exact negamax solver: tic-tac-toe's known values, perfect play, and games of its own."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import reachable
from damero.core import Outcome, Side
from damero.games.tictactoe import Move, TicTacToePosition
from damero.solvers.negamax import NegamaxSolver, Verdict

START = TicTacToePosition()


@pytest.fixture(scope="module")
def solver() -> NegamaxSolver[Move]:
    return NegamaxSolver()


def reachable_positions() -> list[TicTacToePosition]:
    return sorted(reachable.reachable_positions([START]), key=lambda position: position.board)


REACHABLE = reachable_positions()


def test_the_empty_board_is_a_draw_with_best_play(solver: NegamaxSolver[Move]) -> None:
    assert solver.verdict(START) == Verdict("draw", 9)
    assert solver.positions_solved == 5478
    values = solver.move_values(START)
    assert [move for move, _ in values] == [Move(cell) for cell in range(1, 10)]
    assert all(verdict == Verdict("draw", 9) for _, verdict in values)
    assert solver.best_moves(START) == [Move(cell) for cell in range(1, 10)]


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("XO- --- ---", Verdict("win", 5)),  # corner, then O on a neighbouring edge
        ("-O- -X- ---", Verdict("win", 5)),  # centre, then O on an edge
        ("X-- -O- ---", Verdict("draw", 7)),  # corner, then O in the centre
        ("XX- OO- ---", Verdict("win", 1)),  # X completes the top row at once
        ("XX- O-- --O", Verdict("win", 1)),
        ("XX- -O- --O", Verdict("win", 1)),
        ("X-X -O- ---", Verdict("draw", 6)),  # O to move blocks 2 and holds
        ("XO- -X- ---", Verdict("loss", 4)),  # O to move blocks 9, then X forks with 7
        ("XOX OXO OX-", Verdict("win", 1)),
    ],
)
def test_known_positions(solver: NegamaxSolver[Move], board: str, expected: Verdict) -> None:
    assert solver.verdict(TicTacToePosition.from_board(board)) == expected


def test_the_fastest_win_is_preferred_to_a_slower_one(solver: NegamaxSolver[Move]) -> None:
    # X wins at once on 3; blocking O's row on 6 only draws; anything else loses.
    position = TicTacToePosition.from_board("XX- OO- ---")
    assert solver.best_moves(position) == [Move(3)]
    values = dict(solver.move_values(position))
    assert values[Move(3)] == Verdict("win", 1)
    assert values[Move(6)] == Verdict("draw", 5)
    assert values[Move(7)] == Verdict("loss", 2)


def test_a_lost_side_holds_out_as_long_as_it_can(solver: NegamaxSolver[Move]) -> None:
    # Every move loses; blocking 9 is best because X then needs four plies, not two.
    position = TicTacToePosition.from_board("XO- -X- ---")
    assert solver.best_moves(position) == [Move(9)]
    values = dict(solver.move_values(position))
    assert values[Move(9)] == Verdict("loss", 4)
    assert values[Move(4)] == Verdict("loss", 2)


def test_a_finished_game_has_no_best_moves(solver: NegamaxSolver[Move]) -> None:
    won = TicTacToePosition.from_board("XXX OO- ---")
    assert solver.verdict(won) == Verdict("loss", 0)
    assert solver.move_values(won) == []
    assert solver.best_moves(won) == []
    drawn = TicTacToePosition.from_board("OXO OXX XOX")
    assert solver.verdict(drawn) == Verdict("draw", 0)


def test_verdicts_agree_with_their_successors(solver: NegamaxSolver[Move]) -> None:
    for position in REACHABLE:
        verdict = solver.verdict(position)
        outcome = position.outcome()
        if outcome is not None:
            assert verdict.plies == 0
            assert verdict.result == ("draw" if outcome.winner is None else "loss")
            continue
        children = [solver.verdict(position.play(move)) for move in position.legal_moves()]
        lost = [child.plies for child in children if child.result == "loss"]
        drawn = [child.plies for child in children if child.result == "draw"]
        if lost:
            assert verdict == Verdict("win", 1 + min(lost))
        elif drawn:
            assert verdict == Verdict("draw", 1 + max(drawn))
        else:
            assert verdict == Verdict("loss", 1 + max(child.plies for child in children))


def finished_games(
    solver: NegamaxSolver[Move], position: TicTacToePosition, solver_side: Side
) -> dict[TicTacToePosition, int]:
    """Every end the solver's side can meet playing any of its best moves against every reply.

    Maps each finished position to the longest way (in plies) to reach it from `position`.
    """
    ends: dict[TicTacToePosition, int] = {}
    longest = {position: 0}
    frontier = [position]
    while frontier:
        current = frontier.pop()
        if current.outcome() is not None:
            ends[current] = max(ends.get(current, 0), longest[current])
            continue
        if current.side_to_move is solver_side:
            moves = solver.best_moves(current)
        else:
            moves = list(current.legal_moves())
        for move in moves:
            child = current.play(move)
            if longest.get(child, -1) < longest[current] + 1:
                longest[child] = longest[current] + 1
                frontier.append(child)
    return ends


@pytest.mark.parametrize("solver_side", [Side.FIRST, Side.SECOND])
def test_best_play_never_loses_against_any_opponent(
    solver: NegamaxSolver[Move], solver_side: Side
) -> None:
    ends = finished_games(solver, START, solver_side)
    winners = {end.outcome().winner for end in ends}  # type: ignore[union-attr]
    assert solver_side.other not in winners
    assert None in winners  # a perfect opponent holds the draw
    if solver_side is Side.FIRST:
        assert solver_side in winners  # and an imperfect one loses


def test_best_play_wins_whenever_a_win_can_be_forced(solver: NegamaxSolver[Move]) -> None:
    won = [p for p in REACHABLE if p.outcome() is None and solver.verdict(p).result == "win"]
    assert len(won) > 1000
    for position in won:
        side = position.side_to_move
        ends = finished_games(solver, position, side)
        assert all(end.outcome() == Outcome(side, "tictactoe.line") for end in ends)
        # The best defence makes the win take exactly as long as the verdict says.
        assert max(ends.values()) == solver.verdict(position).plies


def test_before_move_swaps_the_result_and_adds_a_ply() -> None:
    assert Verdict("win", 0).before_move() == Verdict("loss", 1)
    assert Verdict("loss", 2).before_move() == Verdict("win", 3)
    assert Verdict("draw", 4).before_move() == Verdict("draw", 5)


def test_ranks_order_verdicts_from_the_movers_side() -> None:
    best_first = [
        Verdict("win", 1),
        Verdict("win", 3),
        Verdict("draw", 5),
        Verdict("draw", 2),
        Verdict("loss", 6),
        Verdict("loss", 2),
    ]
    assert sorted(best_first, key=lambda verdict: verdict.rank, reverse=True) == best_first


# A game of the tests' own shows the solver needs nothing of tic-tac-toe: players take
# 1 or 2 counters from a pile and whoever takes the last one wins, so a pile that is a
# multiple of 3 is lost for the side to move.


@dataclass(frozen=True, slots=True)
class Pile:
    counters: int
    side_to_move: Side = Side.FIRST

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(take for take in (1, 2) if take <= self.counters)

    def play(self, move: int) -> Pile:
        return Pile(self.counters - move, self.side_to_move.other)

    def outcome(self) -> Outcome | None:
        return Outcome(self.side_to_move.other, "took_last") if self.counters == 0 else None


def test_a_game_of_its_own_is_solved() -> None:
    solver: NegamaxSolver[int] = NegamaxSolver()
    for counters in range(30):
        verdict = solver.verdict(Pile(counters))
        if counters % 3 == 0:
            assert verdict == Verdict("loss", 2 * (counters // 3))
        else:
            assert verdict == Verdict("win", 2 * (counters // 3) + 1)
            assert solver.best_moves(Pile(counters)) == [counters % 3]


@dataclass(frozen=True, slots=True)
class Circle:
    """Two players pass a token round a circle forever: no game ever ends."""

    place: int
    side_to_move: Side = Side.FIRST

    def legal_moves(self) -> tuple[int, ...]:
        return (1,)

    def play(self, move: int) -> Circle:
        return Circle((self.place + move) % 4, self.side_to_move.other)

    def outcome(self) -> Outcome | None:
        return None


@dataclass(frozen=True, slots=True)
class Stuck:
    """An unfinished position without moves: a broken game the solver must not guess about."""

    side_to_move: Side = Side.FIRST

    def legal_moves(self) -> tuple[int, ...]:
        return ()

    def play(self, move: int) -> Stuck:
        raise AssertionError("no moves")

    def outcome(self) -> Outcome | None:
        return None


def test_games_that_may_never_end_are_refused() -> None:
    with pytest.raises(ValueError, match="recur"):
        NegamaxSolver[int]().verdict(Circle(0))


def test_a_position_without_moves_or_outcome_is_refused() -> None:
    with pytest.raises(ValueError, match="without legal moves"):
        NegamaxSolver[int]().verdict(Stuck())
