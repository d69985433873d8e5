"""The Othello search generator and the computer players built on it."""

from __future__ import annotations

import itertools
import random

import pytest
from othello_positions import (
    best_moves,
    midgame_positions,
    minimax,
    random_endgame,
    read_problems,
)

from damero.core import Limit, Side
from damero.engines.othello import analyse, choose_move, search, solve
from damero.engines.othello.player import level_analyses
from damero.engines.othello.scoring import EVALUATIONS
from damero.games.othello import PASS, SIZES, Move, OthelloPosition

CORNER_OFFER = OthelloPosition.from_rows(
    [
        ".OOOOOX.",
        "........",
        "........",
        "...OX...",
        "...XO...",
        "........",
        "........",
        "........",
    ],
    Side.FIRST,
)


def replay(position: OthelloPosition, line: tuple[Move, ...]) -> OthelloPosition:
    """Plays the whole line through the rules, which refuse any illegal move."""
    for move in line:
        position = position.play(move)
    return position


@pytest.mark.parametrize("size", SIZES)
def test_depths_increase_and_every_line_is_legal(size: int) -> None:
    position = OthelloPosition.start(size).play(OthelloPosition.start(size).legal_moves()[0])
    analyses = list(search(position, Limit(depth=4), exact_empties=0))
    assert [analysis.depth for analysis in analyses] == [1, 2, 3, 4]
    nodes = [analysis.nodes for analysis in analyses]
    assert nodes == sorted(nodes)
    for analysis in analyses:
        assert analysis.best_move in position.legal_moves()
        assert analysis.principal_line[0] == analysis.best_move
        assert 1 <= len(analysis.principal_line) <= analysis.depth
        replay(position, analysis.principal_line)
        assert not analysis.is_exact


def test_the_caller_stops_the_generator_by_not_asking() -> None:
    analyses = search(OthelloPosition.start(8))
    first_two = list(itertools.islice(analyses, 2))
    assert [analysis.depth for analysis in first_two] == [1, 2]


def test_a_node_limit_or_a_stop_callback_drops_the_unfinished_depth() -> None:
    position = OthelloPosition.start(8)
    by_nodes = list(search(position, Limit(nodes=3000)))
    assert by_nodes
    assert by_nodes[-1].nodes <= 3000
    calls = 0

    def stop_after_a_while() -> bool:
        nonlocal calls
        calls += 1
        return calls > 5

    by_callback = list(search(position, should_stop=stop_after_a_while))
    assert by_callback
    assert len(by_callback) < 20


@pytest.mark.parametrize("evaluation", EVALUATIONS)
def test_it_takes_the_corner_it_is_offered(evaluation: str) -> None:
    *_, analysis = search(CORNER_OFFER, Limit(depth=4), evaluation=evaluation)
    assert analysis.best_move == Move(0, 0)
    assert analysis.score > 0


def test_an_unknown_evaluation_is_refused() -> None:
    with pytest.raises(ValueError, match="hand-set"):
        list(search(CORNER_OFFER, Limit(depth=2), evaluation="oracle"))


@pytest.mark.parametrize(("size", "empties"), [(4, 9), (6, 8), (8, 8), (10, 7)])
def test_searching_to_the_end_finds_the_exact_score_and_a_best_move(
    size: int, empties: int
) -> None:
    """Without the endgame solver the compiled search deepens until no line ends in an estimate,
    and agrees with plain minimax through the rules on every size."""
    rng = random.Random(size)
    winning_choices = 0
    for _ in range(8):
        position = random_endgame(size, empties, rng)
        analyses = list(search(position, exact_empties=0))
        last = analyses[-1]
        assert last.is_exact
        assert not any(analysis.is_exact for analysis in analyses[:-1])
        assert last.score == minimax(position) == solve(position)[0]
        best = best_moves(position)
        assert last.best_move in best
        winning_choices += last.score > 0 and len(best) < len(position.legal_moves())
        assert replay(position, last.principal_line).legal_moves() in ((), (PASS,))
    assert winning_choices > 0


def test_with_few_empties_it_yields_the_solver_result_at_once() -> None:
    problem = next(problem for problem in read_problems() if problem.number == 20)
    analyses = list(search(problem.position))
    assert len(analyses) == 1
    (analysis,) = analyses
    assert analysis.is_exact
    assert analysis.depth == problem.empties
    assert analysis.score == problem.score
    assert analysis.best_move in problem.best_moves
    final = replay(problem.position, analysis.principal_line)
    assert final.is_game_over()


def test_a_forced_pass_is_analysed_from_the_other_side() -> None:
    must_pass = OthelloPosition.from_rows(["OOOO", "OOOO", "OOXX", "OOX."], Side.FIRST)
    (analysis,) = search(must_pass)
    assert analysis.best_move == PASS
    assert analysis.score == minimax(must_pass)


def test_a_finished_game_yields_nothing() -> None:
    finished = OthelloPosition.from_rows(["XX..", "....", "....", "...."], Side.SECOND)
    assert list(search(finished)) == []


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("size", SIZES)
def test_every_level_plays_legal_moves_on_every_size(level: int, size: int) -> None:
    rng = random.Random(level)
    position = OthelloPosition.start(size)
    for _ in range(3 if size == 10 else 6):
        if not position.legal_moves():
            break
        move = choose_move(position, level=level, rng=rng, limit=Limit(depth=3, nodes=20_000))
        position = position.play(move)


def test_the_top_level_plays_perfectly_near_the_end() -> None:
    rng = random.Random(5)
    for _ in range(5):
        position = random_endgame(6, 8, rng)
        move = choose_move(position, level=5, rng=random.Random(0), limit=Limit())
        assert move in best_moves(position)


def test_the_top_level_beats_the_beginner() -> None:
    rng = random.Random(7)
    score = 0
    for beginner_side in (Side.FIRST, Side.SECOND):
        position = OthelloPosition.start(6)
        while position.legal_moves():
            level = 1 if position.side_to_move is beginner_side else 5
            move = choose_move(position, level=level, rng=rng, limit=Limit(depth=4))
            position = position.play(move)
        score += position.count(beginner_side.other) - position.count(beginner_side)
    assert score > 0


def test_analyse_scores_every_legal_move_best_first() -> None:
    scored = analyse(CORNER_OFFER, Limit(depth=3))
    assert {move for move, _ in scored} == set(CORNER_OFFER.legal_moves())
    assert scored[0][0] == Move(0, 0)
    scores = [score for _, score in scored]
    assert scores == sorted(scores, reverse=True)


def test_analyse_is_exact_near_the_end() -> None:
    problem = next(problem for problem in read_problems() if problem.number == 20)
    scored = analyse(problem.position, Limit())
    assert scored[0][1] == problem.score
    assert {move for move, score in scored if score == problem.score} == problem.best_moves


def test_a_time_limit_needs_the_callers_clock_and_is_kept() -> None:
    ticks = 0.0

    def clock() -> float:
        """A clock that runs one second per reading, so any real search soon runs out of time."""
        nonlocal ticks
        ticks += 1.0
        return ticks

    position = OthelloPosition.start(8)
    move = choose_move(
        position, level=5, rng=random.Random(0), limit=Limit(seconds=3.0), clock=clock
    )
    assert move in position.legal_moves()
    assert ticks < 20


def test_the_start_is_estimated_near_a_draw_at_level_5() -> None:
    """8x8 Othello is a draw with best play; level 5's estimate stays within 2 discs of it."""
    *_, analysis = level_analyses(OthelloPosition.start(8), level=5, limit=Limit())
    assert not analysis.is_exact
    assert abs(analysis.score) <= 2


@pytest.mark.parametrize("depth", [6, 7, 8, 9])
def test_estimates_of_the_start_do_not_swing_with_odd_and_even_depths(depth: int) -> None:
    *_, analysis = search(OthelloPosition.start(8), Limit(depth=depth))
    assert abs(analysis.score) <= 2
    for _, score in analyse(OthelloPosition.start(8), Limit(depth=depth)):
        assert abs(score) <= 2


def test_a_hint_says_the_same_side_is_ahead_however_deep_its_time_lets_it_look() -> None:
    """A hint thinks for a time, so two hints at one position may reach different depths; the
    side they say is ahead must not change with the depth (the mean of two depths evens out the
    swing between the sides to move at the leaves)."""
    rng = random.Random(4)
    for _ in range(6):
        position = OthelloPosition.start(8)
        for _ in range(rng.randint(10, 30)):
            position = position.play(rng.choice(position.legal_moves()))
        best_scores = [analyse(position, Limit(depth=depth))[0][1] for depth in range(4, 10)]
        ahead = {score > 0 for score in best_scores if abs(score) >= 1}
        assert len(ahead) <= 1, best_scores


def test_a_search_with_probable_cut_offs_still_proves_its_result_at_the_end() -> None:
    """Cut-offs make a depth an estimate, and none is tried where the depth reaches the end, so
    the search still ends exact, with the solver's score, a best move and a line to the end."""
    rng = random.Random(12)
    for _ in range(4):
        position = random_endgame(8, 12, rng)
        analyses = list(search(position, exact_empties=0))
        last = analyses[-1]
        assert last.is_exact
        assert not any(analysis.is_exact for analysis in analyses[:-1])
        assert last.score == solve(position)[0]
        assert -solve(position.play(last.best_move))[0] == last.score
        assert replay(position, last.principal_line).legal_moves() in ((), (PASS,))


def test_probable_cut_offs_reach_a_depth_on_a_fraction_of_the_nodes_and_see_the_same() -> None:
    """A null window a much shallower search clears by a wide margin is taken as decided; the
    search gets as deep for far less, and mostly finds what the full search finds."""
    full_nodes = cut_nodes = agreeing = 0
    differences = []
    for position in midgame_positions(6, 20, seed=7):
        *_, full = search(position, Limit(depth=8), threads=1, cut_margin=0)
        *_, cut = search(position, Limit(depth=8), threads=1)
        assert not cut.is_exact
        full_nodes += full.nodes
        cut_nodes += cut.nodes
        agreeing += cut.best_move == full.best_move
        differences.append(abs(cut.score - full.score))
    assert cut_nodes < full_nodes / 2
    assert agreeing >= 4
    assert sorted(differences)[len(differences) // 2] <= 1
