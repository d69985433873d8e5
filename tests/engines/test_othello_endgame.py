"""The exact Othello endgame solver: FFO problems, 4x4 from the start, agreement with minimax."""

from __future__ import annotations

import random

import pytest
from othello_positions import Problem, best_moves, minimax, random_endgame, read_problems

from damero.core import Side
from damero.engines.othello import solve
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.endgame import EndgameSolver, Solution, first_window
from damero.games.othello import PASS, OthelloPosition

FEW_EMPTIES = 16


@pytest.mark.parametrize(
    "problem",
    [problem for problem in read_problems() if problem.empties <= FEW_EMPTIES],
    ids=lambda problem: f"ffo{problem.number}",
)
def test_ffo_problems_with_few_empties_get_the_exact_score_and_a_best_move(
    problem: Problem,
) -> None:
    score, move = solve(problem.position)
    assert score == problem.score
    assert move in problem.best_moves


def test_four_by_four_from_the_start_matches_plain_minimax() -> None:
    start = OthelloPosition.start(4)
    score, move = solve(start)
    assert score == minimax(start)
    assert move in best_moves(start)
    # The second player wins 4x4 Othello.
    assert score < 0


def test_every_reply_on_four_by_four_matches_plain_minimax() -> None:
    start = OthelloPosition.start(4)
    for first in start.legal_moves():
        for second in start.play(first).legal_moves():
            position = start.play(first).play(second)
            score, move = solve(position)
            assert score == minimax(position)
            assert move in best_moves(position)


@pytest.mark.parametrize(
    ("size", "empties", "count"), [(4, 10, 20), (6, 9, 10), (8, 8, 8), (10, 7, 4)]
)
def test_random_endgames_match_plain_minimax(size: int, empties: int, count: int) -> None:
    """The compiled solver of each layout against exhaustive search through the rules. On 6x6,
    9 empties reach every path 10 did (the root, the search with its stable-disc cut-off from 8
    empties, the last empties' search from 7) at a fraction of minimax's cost."""
    rng = random.Random(size * 100 + empties)
    for _ in range(count):
        position = random_endgame(size, empties, rng)
        score, move = solve(position)
        assert score == minimax(position)
        assert move in best_moves(position)


@pytest.mark.parametrize("empties", [1, 2, 3])
def test_full_8x8_boards_with_their_last_squares_match_plain_minimax(empties: int) -> None:
    """The last squares of a full 8x8 board, where the solver answers without recursing: every
    line, either side to move, a pass before the last move and nobody moving, against the rules."""
    rng = random.Random(empties)
    for _ in range(150):
        position = random_endgame(8, empties, rng)
        swapped = OthelloPosition(
            8, position.opponent, position.player, position.side_to_move.other
        )
        for side_position in (position, swapped):
            score, move = solve(side_position)
            assert score == minimax(side_position)
            assert move in best_moves(side_position)


def windows_around(exact: int) -> list[tuple[int, int]]:
    """Null windows below, at and above the score `exact`, and a narrow one around it."""
    return [
        (exact - 9, exact - 8),
        (exact - 1, exact),
        (exact, exact + 1),
        (exact + 7, exact + 8),
        (exact - 3, exact + 3),
    ]


def assert_a_bound_outside_the_window_and_the_score_inside(
    score: int, exact: int, alpha: int, beta: int
) -> None:
    if score <= alpha:
        assert exact <= score
    elif score >= beta:
        assert exact >= score
    else:
        assert score == exact


@pytest.mark.parametrize("size", [8, 6])
@pytest.mark.parametrize("empties", [4, 5, 6, 7])
def test_endgames_of_the_last_empties_keep_their_bounds_in_every_window(
    size: int, empties: int
) -> None:
    """The last empties' searches of a full 8x8 board and of 6x6 (each its own compiled path)
    against minimax, in null windows below, at and above the score and in wide ones: a bound on
    the right side outside the window, the exact score inside."""
    rng = random.Random(100 * size + empties)
    for _ in range(12):
        position = random_endgame(size, empties, rng)
        geometry, player, opponent = engine_board(position)
        exact = minimax(position)
        solver = EndgameSolver(geometry, table_bits=12, threads=1)
        for alpha, beta in windows_around(exact):
            score = solver.solve(player, opponent, alpha=alpha, beta=beta).score
            assert_a_bound_outside_the_window_and_the_score_inside(score, exact, alpha, beta)


@pytest.mark.parametrize(("size", "empties"), [(8, 9), (8, 12), (8, 15), (6, 9), (6, 13), (6, 15)])
def test_endgames_above_the_last_empties_keep_their_bounds_in_every_window(
    size: int, empties: int
) -> None:
    """The search of 8 to 15 empties of a full 8x8 board and of 8 to 13 of 6x6 (its own compiled
    path, below a root searched by the search for every size; on 6x6 below the nodes ordered by
    mobility searches from 14) in null windows below, at and above the score and in wide ones,
    each from an empty table: a bound on the right side outside the window, the exact score
    inside, the score minimax gives where it is quick enough to ask."""
    rng = random.Random(900 + 100 * (8 - size) + empties)
    for number in range(6):
        position = random_endgame(size, empties, rng)
        geometry, player, opponent = engine_board(position)
        exact = EndgameSolver(geometry, table_bits=12, threads=1).solve(player, opponent).score
        if empties == 9 and number < 2:
            assert exact == minimax(position)
        for alpha, beta in [*windows_around(exact), (-64, 64)]:
            solver = EndgameSolver(geometry, table_bits=12, threads=1)
            score = solver.solve(player, opponent, alpha=alpha, beta=beta).score
            assert_a_bound_outside_the_window_and_the_score_inside(score, exact, alpha, beta)


@pytest.mark.parametrize("empties", [16, 18])
def test_6x6_endgames_ordered_by_mobility_searches_score_as_their_best_move(empties: int) -> None:
    """6x6 positions of 16 empties, whose moves are ordered by mobility searches and whose nodes
    try the table's move before ordering the others, and of 18, whose first window a shallow
    search with the hand-set evaluation places: each score is the best of its moves' scores
    solved one by one, and the move given reaches it."""
    rng = random.Random(600 + empties)
    for _ in range(4):
        position = random_endgame(6, empties, rng)
        geometry, player, opponent = engine_board(position)
        solution = EndgameSolver(geometry, threads=1).solve(player, opponent)
        replies = {}
        for move in position.legal_moves():
            after = position.play(move)
            _, next_player, next_opponent = engine_board(after)
            reply = EndgameSolver(geometry, threads=1).solve(next_player, next_opponent)
            same_side = after.side_to_move == position.side_to_move
            replies[move] = reply.score if same_side else -reply.score
        assert solution.score == max(replies.values())
        assert replies[move_of(geometry, solution.move_bit)] == solution.score


def test_a_window_gives_bounds_outside_and_the_exact_score_inside() -> None:
    problem = next(problem for problem in read_problems() if problem.number == 2)
    geometry, player, opponent = engine_board(problem.position)
    solver = EndgameSolver(geometry)
    assert solver.solve(player, opponent, alpha=-64, beta=problem.score - 1).score >= (
        problem.score - 1
    )
    assert solver.solve(player, opponent, alpha=problem.score + 1, beta=64).score <= (
        problem.score + 1
    )
    inside = solver.solve(player, opponent, alpha=problem.score - 1, beta=problem.score + 1)
    assert inside.score == problem.score
    assert move_of(geometry, inside.move_bit) in problem.best_moves


def test_a_forced_pass_and_a_finished_game() -> None:
    must_pass = OthelloPosition.from_rows(["OOOO", "OOOO", "OOXX", "OOX."], Side.FIRST)
    score, move = solve(must_pass)
    assert move == PASS
    assert score == minimax(must_pass)
    finished = must_pass.play(PASS).play(must_pass.play(PASS).legal_moves()[0])
    assert finished.is_game_over()
    assert solve(finished) == (minimax(finished), None)


def test_empties_go_to_the_winner_when_nobody_can_move() -> None:
    # X has every disc: the game is over with 14 empty squares, all counted for X.
    position = OthelloPosition.from_rows(["XX..", "....", "....", "...."], Side.SECOND)
    assert solve(position) == (-16, None)


STEPS_DOWN = [(-27, -25), (-29, -27), (-31, -29), (-35, -31), (-41, -35)]


@pytest.mark.parametrize(
    ("guess", "score", "expected"),
    [
        (-26, -40, STEPS_DOWN),
        (-26, -42, [*STEPS_DOWN, (-47, -41)]),
        (0, -4, [(-1, 1), (-3, -1), (-5, -3)]),
        (20, 38, [(11, 21), (21, 23), (23, 25), (25, 29), (29, 35), (35, 41)]),
        (28, 16, [(19, 29), (17, 19), (13, 17)]),
        (10, 4, [(9, 11), (7, 9), (5, 7), (1, 5)]),
    ],
)
def test_windows_start_at_the_bound_found_and_never_lie_past_the_score(
    monkeypatch: pytest.MonkeyPatch, guess: int, score: int, expected: list[tuple[int, int]]
) -> None:
    """A first guess far off: windows move to the bound found while near the guess (the 6x6
    start, -4 from a guess of 0, costs no window past its score), then reach further from that
    bound by steps growing to four discs and no further (the window after -36 reaches four below
    it, not eight).  A guess of a lead of 12 discs or more for the side to move opens a window
    reaching 8 discs below it, where a lead read too large would cost a dear proof for each null
    window above the score (+28 for +16: three windows instead of five); a smaller lead, or one
    of the side not to move, starts with a null window.  No window lies past the score: its proof
    on the far side, as dear as the exact one on the lopsided positions where the steps happen,
    would be wasted."""
    windows: list[tuple[int, int]] = []

    def fail_soft(
        solver: EndgameSolver, player: int, opponent: int, alpha: int, beta: int, *rest: object
    ) -> Solution:
        # Bounds as weak as a fail-soft search may give: one disc past the window.
        windows.append((alpha, beta))
        if score <= alpha:
            return Solution(max(score, alpha - 1), 1, 1)
        if score >= beta:
            return Solution(min(score, beta + 1), 1, 1)
        return Solution(score, 1, 1)

    monkeypatch.setattr(EndgameSolver, "_solve_window", fail_soft)
    solution = EndgameSolver(engine_board(OthelloPosition.start(8))[0]).solve(0, 0, guess=guess)
    assert solution.score == score
    assert windows == expected
    past = [
        (alpha, beta)
        for alpha, beta in windows
        if (beta <= score if score < guess else alpha >= score)
    ]
    assert past == []


def test_a_lopsided_solve_starts_from_the_evaluation_short_of_the_lead() -> None:
    """A level-3 game's position of 20 empties lost by 28 discs starts from the evaluation, short
    of the lead: the weights before round 1's read it as -15, a start that saved a third of its
    solve's nodes over a start at 0 (the guess was once used only from 16 discs either way);
    round 1's read -29, taken in to -24."""
    position = OthelloPosition.from_rows(
        [
            "XOOXX...",
            "OOOOXX..",
            "XOOXOXX.",
            "XXOXXOXX",
            ".XOOOOOO",
            ".XOOOOOX",
            "XXO..O..",
            "........",
        ],
        Side.FIRST,
    )
    geometry, player, opponent = engine_board(position)
    guess = EndgameSolver(geometry, threads=1)._first_guess(player, opponent)
    assert -28 < guess <= -10


def test_a_position_of_22_empties_starts_from_a_deeper_search() -> None:
    """A level-5 game's position of 22 empties lost by 22 discs: six plies read -13 (a first
    window of -14, four windows failing low before the score), eight plies -18."""
    position = OthelloPosition.from_rows(
        [
            ".XX.XOOX",
            "..XXXXO.",
            "..OXXXO.",
            "..XXXOOX",
            ".XXXXXXX",
            "...OOXXX",
            "..XOOO.X",
            "...OOO..",
        ],
        Side.FIRST,
    )
    geometry, player, opponent = engine_board(position)
    guess = EndgameSolver(geometry, threads=1)._first_guess(player, opponent)
    assert -22 <= guess <= -16


@pytest.mark.parametrize(
    ("estimate", "start"),
    [(44.2, 32), (-29.0, -24), (24.1, 22), (15.2, 16), (-3.4, -4), (0.4, 0)],
)
def test_a_first_window_takes_in_a_lead_beyond_twenty_discs(estimate: float, start: int) -> None:
    """A window past a large lead costs a proof as dear as the exact one, a window short of it a
    cheap fail-high: a lead beyond 20 discs counts half, a smaller one stands."""
    assert first_window(estimate) == start


def test_a_lead_the_evaluation_reads_too_large_starts_the_windows_short_of_the_score() -> None:
    """A random game's position of 21 empties won by 38 discs, which the shipped weights read as
    +48 six plies deep: the windows start short of the score, not past it, where each would have
    been a proof that every move falls short (1.83 million nodes against 0.58 on one thread)."""
    position = OthelloPosition.from_rows(
        [
            ".XXX....",
            "XXO...X.",
            "OOO..X..",
            "OOOOX..X",
            ".XXXO.XX",
            "..XOXOOX",
            ".XXXXXXX",
            "X.XXXOOX",
        ],
        Side.SECOND,
    )
    geometry, player, opponent = engine_board(position)
    guess = EndgameSolver(geometry, threads=1)._first_guess(player, opponent)
    assert 20 < guess <= 38
