"""The Four Cats and the Mouse tablebase: every value agrees with the rules, and playing by it wins."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import numpy as np
import pytest

import reachable
from damero.core import Side
from damero.games.catmouse import (
    CAT_START,
    CATS,
    ESCAPE_SQUARES,
    MOUSE,
    MOUSE_STARTS,
    CatMousePosition,
    CatMove,
    MouseMove,
    Move,
    forward_neighbours,
    neighbours,
    square_row,
)
from damero.i18n import Catalog
from damero.solvers.negamax import Verdict
from damero.solvers.retrograde import (
    CAT_SET_COUNT,
    CatMouseTablebase,
    cat_set_of_rank,
    cat_set_rank,
    summary_messages,
    tablebase,
)

START = CatMousePosition.start()

# The solved game: after its placement the mouse moves first (docs/DESIGN.md, "Four Cats and the
# Mouse"), and from each of the four placements the cats win in 44 plies, so the start is a win
# for the cats in 45.
PLACEMENT_PLIES = 44
START_PLIES = 45
LEGAL_POSITIONS = 905_948
REACHABLE_POSITIONS = 895_363
SIDES = (MOUSE, CATS)
Chooser = Callable[[CatMousePosition, random.Random], Move]


@pytest.fixture(scope="module")
def table() -> CatMouseTablebase:
    return tablebase()


def advancement(cats: tuple[int, ...]) -> int:
    return sum(square_row(cat) for cat in cats) - 4


def check_against_the_rules(table: CatMouseTablebase, position: CatMousePosition) -> None:
    """The retrograde rule, through the rules module: won iff some move reaches a lost position."""
    verdict = table.verdict(position)
    outcome = position.outcome()
    if outcome is not None:
        won = outcome.winner is position.side_to_move
        assert verdict == Verdict("win" if won else "loss", 0), position
        return
    after = []
    for move in position.legal_moves():
        following = position.play(move)
        value = table.verdict(following)
        if following.side_to_move is position.side_to_move:
            # the placement is no turn: seen from the other side, the mouse's value is reversed
            value = Verdict("win" if value.result == "loss" else "loss", value.plies)
        after.append(value)
    lost = [verdict.plies for verdict in after if verdict.result == "loss"]
    if lost:
        assert verdict == Verdict("win", 1 + min(lost)), position
    else:
        assert verdict == Verdict("loss", 1 + max(verdict.plies for verdict in after)), position


def every_position_with(cats: tuple[int, int, int, int]) -> Iterator[CatMousePosition]:
    for mouse in range(1, 33):
        if mouse not in cats:
            for side in SIDES:
                yield CatMousePosition(mouse, cats, side)


def sampled_cat_sets(per_advancement: int, seed: int) -> list[tuple[int, int, int, int]]:
    """Up to `per_advancement` cat sets of every advancement 0..28 (all of them where there are few)."""
    by_advancement: dict[int, list[tuple[int, int, int, int]]] = {}
    for cats in itertools.combinations(range(1, 33), 4):
        by_advancement.setdefault(advancement(cats), []).append(cats)
    rng = random.Random(seed)
    chosen = []
    for level in sorted(by_advancement):
        sets = by_advancement[level]
        chosen.extend(sets if len(sets) <= per_advancement else rng.sample(sets, per_advancement))
    return chosen


def test_every_advancement_agrees_with_the_rules_on_a_sample(table: CatMouseTablebase) -> None:
    # About 85,000 entries (every mouse square, both sides to move, reachable or not), drawn from
    # every layer of the sweep; the plain twin below covers all 2,013,760 entries.
    cat_sets = sampled_cat_sets(60, seed=3)
    assert {advancement(cats) for cats in cat_sets} == set(range(29))
    for cats in cat_sets:
        for position in every_position_with(cats):
            check_against_the_rules(table, position)


def test_the_start_and_the_placements_agree_with_the_rules(table: CatMouseTablebase) -> None:
    check_against_the_rules(table, START)  # the helper's rule, when the placement passes the turn
    for square in MOUSE_STARTS:
        check_against_the_rules(table, START.play(MouseMove(square)))


def plain_twin() -> dict[tuple[Side, tuple[int, ...]], list[Verdict | None]]:
    """The same analysis with plain loops over the rules' neighbour tables, no numpy, no ranks.

    Keyed by (side to move, cats), each list gives the verdict for mouse squares 0..32 (index 0
    unused, None where the mouse would stand on a cat).
    """
    all_sets = sorted(itertools.combinations(range(1, 33), 4), key=advancement, reverse=True)
    cat_steps: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}
    for cats in all_sets:
        steps = []
        for cat in cats:
            for target in forward_neighbours(cat):
                if target not in cats:
                    steps.append((target, tuple(sorted({*cats, target} - {cat}))))
        cat_steps[cats] = steps
    values: dict[tuple[Side, tuple[int, ...]], list[Verdict | None]] = {}

    def decide(after: list[Verdict]) -> Verdict:
        lost = [verdict.plies for verdict in after if verdict.result == "loss"]
        if lost:
            return Verdict("win", 1 + min(lost))
        if not after:
            return Verdict("loss", 0)
        return Verdict("loss", 1 + max(verdict.plies for verdict in after))

    for cats in all_sets:
        cats_values: list[Verdict | None] = [None] * 33
        for mouse in range(1, 33):
            if mouse in cats:
                continue
            if mouse in ESCAPE_SQUARES:
                cats_values[mouse] = Verdict("loss", 0)
                continue
            after = []
            for target, moved in cat_steps[cats]:
                if target != mouse:
                    verdict = values[(MOUSE, moved)][mouse]
                    assert verdict is not None
                    after.append(verdict)
            cats_values[mouse] = decide(after)
        mouse_values: list[Verdict | None] = [None] * 33
        for mouse in range(1, 33):
            if mouse in cats:
                continue
            if mouse in ESCAPE_SQUARES:
                mouse_values[mouse] = Verdict("win", 0)
                continue
            after = [
                verdict for step in neighbours(mouse) if (verdict := cats_values[step]) is not None
            ]
            mouse_values[mouse] = decide(after)
        values[(CATS, cats)] = cats_values
        values[(MOUSE, cats)] = mouse_values
    return values


def test_every_entry_matches_a_plain_twin_of_the_analysis(table: CatMouseTablebase) -> None:
    twin = plain_twin()
    for side in SIDES:
        won, plies = table.results(side)
        expected_won = np.zeros_like(won)
        expected_plies = np.full_like(plies, -1)
        for (twin_side, cats), verdicts in twin.items():
            if twin_side is not side:
                continue
            rank = cat_set_rank((cats[0], cats[1], cats[2], cats[3]))
            for mouse, verdict in enumerate(verdicts):
                if verdict is not None:
                    expected_won[rank, mouse - 1] = verdict.result == "win"
                    expected_plies[rank, mouse - 1] = verdict.plies
        assert np.array_equal(won, expected_won)
        assert np.array_equal(plies, expected_plies)


def test_cat_set_ranks_are_dense_and_invertible() -> None:
    ranks = [cat_set_rank(cats) for cats in itertools.combinations(range(1, 33), 4)]
    assert sorted(ranks) == list(range(CAT_SET_COUNT))
    assert all(
        cat_set_of_rank(rank) == cats
        for rank, cats in zip(ranks, itertools.combinations(range(1, 33), 4), strict=True)
    )
    with pytest.raises(ValueError):
        cat_set_of_rank(CAT_SET_COUNT)


def test_the_solved_game(table: CatMouseTablebase) -> None:
    # Trustworthy because every entry passes the checks above.
    placed = START.play(MouseMove(MOUSE_STARTS[0]))
    assert placed.side_to_move is MOUSE
    summary = table.summary()
    assert [(p.square, p.winner, p.plies) for p in summary.placements] == [
        (square, CATS, PLACEMENT_PLIES) for square in MOUSE_STARTS
    ]
    assert summary.start == Verdict("loss", START_PLIES) == table.verdict(START)
    assert summary.legal_positions == LEGAL_POSITIONS
    assert summary.reachable_positions == REACHABLE_POSITIONS
    for square in MOUSE_STARTS:
        assert table.verdict(START.play(MouseMove(square))) == Verdict("loss", PLACEMENT_PLIES)


def reachable_through_the_rules(max_advancement: int) -> set[CatMousePosition]:
    """Every position a game reaches before the cats' advancement passes `max_advancement`."""
    return reachable.reachable_positions(
        [START.play(MouseMove(square)) for square in MOUSE_STARTS],
        keep=lambda position: advancement(position.cats) <= max_advancement,
    )


def test_reachable_positions_match_a_forward_search_through_the_rules(
    table: CatMouseTablebase,
) -> None:
    # The mask is a sweep by advancement, so its first layers must equal a plain search
    # that stops there; the closure check below covers the later layers on a sample.
    limit = 4
    expected = reachable_through_the_rules(limit)
    reached_mouse, reached_cats = table.reachable_mask()
    marked = set()
    for side, reached in ((MOUSE, reached_mouse), (CATS, reached_cats)):
        for rank, mouse in zip(*np.nonzero(reached), strict=True):
            cats = cat_set_of_rank(int(rank))
            if advancement(cats) <= limit:
                marked.add(CatMousePosition(int(mouse) + 1, cats, side))
    assert marked == expected
    legal_mouse, legal_cats = table.legal_mask()
    assert not (reached_mouse & ~legal_mouse).any()
    assert not (reached_cats & ~legal_cats).any()


def test_reached_positions_lead_only_to_reached_ones(table: CatMouseTablebase) -> None:
    reached = dict(zip(SIDES, table.reachable_mask(), strict=True))
    for cats in sampled_cat_sets(40, seed=5):
        for position in every_position_with(cats):
            assert position.mouse is not None
            if not reached[position.side_to_move][cat_set_rank(cats), position.mouse - 1]:
                continue
            for move in position.legal_moves():
                after = position.play(move)
                assert after.mouse is not None
                assert reached[after.side_to_move][cat_set_rank(after.cats), after.mouse - 1]


def test_legal_positions_follow_the_documented_definition(table: CatMouseTablebase) -> None:
    legal = dict(zip(SIDES, table.legal_mask(), strict=True))
    assert legal[MOUSE][cat_set_rank(CAT_START), 29 - 1]  # just after the placement
    assert not legal[CATS][cat_set_rank(CAT_START), 29 - 1]  # wrong side for the moves made
    assert not legal[MOUSE][cat_set_rank((5, 10, 15, 24)), 2 - 1]  # the mouse stays on row 1
    assert legal[CATS][cat_set_rank((5, 10, 15, 20)), 1 - 1]  # it has just arrived there
    assert not legal[MOUSE][cat_set_rank((4, 8, 12, 16)), 30 - 1]  # cats from 3 and 4 only
    assert not legal[CATS][cat_set_rank(CAT_START), 1 - 1]  # the mouse on a cat


def play_out(
    table: CatMouseTablebase,
    position: CatMousePosition,
    *,
    perfect_side: Side,
    opponent: Chooser,
    rng: random.Random,
) -> tuple[Side, int]:
    """The winner and the number of plies when `perfect_side` plays `best_move`."""
    plies = 0
    while (outcome := position.outcome()) is None:
        if position.side_to_move is perfect_side:
            move = table.best_move(position)
        else:
            move = opponent(position, rng)
        position = position.play(move)
        plies += 1
    assert outcome.winner is not None
    return outcome.winner, plies


def random_move(position: CatMousePosition, rng: random.Random) -> Move:
    return rng.choice(position.legal_moves())


def greedy_mouse(position: CatMousePosition, rng: random.Random) -> Move:
    """The step that gets nearest to row 1, ties broken at random."""
    moves = position.legal_moves()
    nearest = min(square_row(move.target) for move in moves)
    return rng.choice([move for move in moves if square_row(move.target) == nearest])


def line_keeping_cats(position: CatMousePosition, rng: random.Random) -> Move:
    """Moves a rearmost cat, the way a person keeps the cats' wall together."""
    moves = [move for move in position.legal_moves() if isinstance(move, CatMove)]
    rearmost = min(square_row(move.origin) for move in moves)
    return rng.choice([move for move in moves if square_row(move.origin) == rearmost])


def sample_reached(
    table: CatMouseTablebase, *, winner: Side, count: int, seed: int
) -> list[CatMousePosition]:
    """Unfinished reachable positions `winner` wins, either side to move, drawn with a seed."""
    generator = np.random.default_rng(seed)
    found = []
    for side, reached in zip(SIDES, table.reachable_mask(), strict=True):
        won, plies = table.results(side)
        wanted = reached & (won == (side is winner)) & (plies > 0)
        ranks, mice = np.nonzero(wanted)
        for index in generator.choice(len(ranks), size=count // 2, replace=False):
            cats = cat_set_of_rank(int(ranks[index]))
            found.append(CatMousePosition(int(mice[index]) + 1, cats, side))
    return found


@pytest.mark.parametrize("opponent", [random_move, greedy_mouse], ids=["random", "greedy"])
def test_perfect_cats_win_every_won_position(table: CatMouseTablebase, opponent: Chooser) -> None:
    for number, position in enumerate(sample_reached(table, winner=CATS, count=300, seed=11)):
        promised = table.verdict(position).plies
        for seed in range(3):
            rng = random.Random(number * 10 + seed)
            winner, plies = play_out(table, position, perfect_side=CATS, opponent=opponent, rng=rng)
            assert winner is CATS and plies <= promised, position


@pytest.mark.parametrize("opponent", [random_move, line_keeping_cats], ids=["random", "wall"])
def test_perfect_mouse_wins_every_won_position(table: CatMouseTablebase, opponent: Chooser) -> None:
    for number, position in enumerate(sample_reached(table, winner=MOUSE, count=300, seed=13)):
        promised = table.verdict(position).plies
        for seed in range(3):
            rng = random.Random(number * 10 + seed)
            winner, plies = play_out(
                table, position, perfect_side=MOUSE, opponent=opponent, rng=rng
            )
            assert winner is MOUSE and plies <= promised, position


def test_perfect_play_on_both_sides_lasts_exactly_the_promised_plies(
    table: CatMouseTablebase,
) -> None:
    positions = [START, *sample_reached(table, winner=CATS, count=40, seed=17)]
    positions += sample_reached(table, winner=MOUSE, count=40, seed=19)
    for position in positions:
        verdict = table.verdict(position)
        game, plies = position, 0
        while game.outcome() is None:
            game = game.play(table.best_move(game))
            plies += 1
        assert plies == verdict.plies
        outcome = game.outcome()
        assert outcome is not None
        assert (outcome.winner is position.side_to_move) == (verdict.result == "win")


def test_move_values_put_the_fastest_win_first_and_the_slowest_loss_next(
    table: CatMouseTablebase,
) -> None:
    position = CatMousePosition(25, (13, 17, 26, 29), MOUSE)
    assert position.legal_moves() == (MouseMove(21), MouseMove(22), MouseMove(30))
    values = table.move_values(position)
    assert values == [
        (MouseMove(22), Verdict("win", 11)),
        (MouseMove(21), Verdict("loss", 8)),
        (MouseMove(30), Verdict("loss", 6)),
    ]
    assert table.verdict(position) == Verdict("win", 11)
    assert table.best_move(position) == MouseMove(22)
    for move, verdict in values:
        assert verdict == table.verdict(position.play(move)).before_move()


def test_the_cats_find_their_only_winning_move(table: CatMouseTablebase) -> None:
    position = CatMousePosition(19, (2, 8, 14, 15), CATS)
    values = table.move_values(position)
    assert len(values) == len(position.legal_moves()) == 7
    assert [verdict.result for _, verdict in values] == ["win"] + ["loss"] * 6
    assert table.best_move(position) == CatMove(2, 7)
    assert table.verdict(position) == Verdict("win", 29)


def test_ties_keep_the_rules_order(table: CatMouseTablebase) -> None:
    values = table.move_values(START)
    assert [move for move, _ in values] == [MouseMove(square) for square in MOUSE_STARTS]
    assert table.best_move(START) == MouseMove(29)
    assert all(verdict == Verdict("loss", START_PLIES) for _, verdict in values)


def test_finished_games_have_no_best_move(table: CatMouseTablebase) -> None:
    escaped = CatMousePosition(3, (9, 10, 15, 16), CATS)
    assert table.verdict(escaped) == Verdict("loss", 0)
    assert table.move_values(escaped) == []
    with pytest.raises(ValueError):
        table.best_move(escaped)


def test_entries_with_the_mouse_on_a_cat_hold_no_result(table: CatMouseTablebase) -> None:
    won, plies = table.results(MOUSE)
    assert plies[cat_set_rank(CAT_START), 0] == -1 and not won[cat_set_rank(CAT_START), 0]


def test_the_table_is_built_once_per_process() -> None:
    assert tablebase() is tablebase()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_summary_reads_in_both_languages(table: CatMouseTablebase, language: str) -> None:
    catalog = Catalog(language)
    lines = [catalog.say(message) for message in summary_messages(table.summary())]
    assert len(lines) == 7
    assert str(LEGAL_POSITIONS) in lines[0] and str(REACHABLE_POSITIONS) in lines[1]
    assert str(START_PLIES) in lines[2]
    assert all(
        str(PLACEMENT_PLIES) in line and str(square) in line
        for line, square in zip(lines[3:], MOUSE_STARTS, strict=True)
    )
