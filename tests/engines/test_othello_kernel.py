"""The compiled Othello kernels against the rules, their plain twin, on every board size."""

from __future__ import annotations

import random

import pytest

from damero.core import Side
from damero.engines.othello import perft
from damero.engines.othello.board import Geometry, bit_of, engine_board, geometry_of, move_of
from damero.engines.othello.evaluation import settled
from damero.games.othello import PASS, SIZES, OthelloPosition
from damero.games.othello import perft as rules_perft

GAMES_PER_SIZE = {4: 200, 6: 80, 8: 40, 10: 20}


def random_positions(size: int, games: int, seed: int) -> list[OthelloPosition]:
    """Every position of `games` random games (finished ones included)."""
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        position = OthelloPosition.start(size)
        while True:
            positions.append(position)
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
    return positions


def check_against_rules(geometry: Geometry, position: OthelloPosition) -> None:
    player = geometry.to_engine(position.player)
    opponent = geometry.to_engine(position.opponent)
    assert geometry.from_engine(player) == position.player
    moves = geometry.legal_moves(player, opponent)
    assert geometry.from_engine(moves) == position.placements_mask()
    remaining = moves
    while remaining:
        move_bit = remaining & -remaining
        remaining ^= move_bit
        after = position.play(move_of(geometry, move_bit))
        next_player, next_opponent = geometry.play(player, opponent, move_bit)
        assert geometry.from_engine(next_player) == after.player
        assert geometry.from_engine(next_opponent) == after.opponent


@pytest.mark.parametrize("size", SIZES)
def test_kernels_agree_with_the_rules_on_every_move_of_random_games(size: int) -> None:
    positions = random_positions(size, GAMES_PER_SIZE[size], seed=size)
    assert len(positions) > 1000
    geometry = geometry_of(size)
    for position in positions:
        check_against_rules(geometry, position)


def test_ten_by_ten_uses_two_words_and_smaller_boards_one() -> None:
    assert geometry_of(10).is_wide
    assert not any(geometry_of(size).is_wide for size in (4, 6, 8))


@pytest.mark.parametrize(
    ("depth", "leaves"),
    [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200), (7, 55092), (8, 390216)],
)
def test_perft_from_the_8x8_start(depth: int, leaves: int) -> None:
    assert perft(OthelloPosition.start(8), depth) == leaves


@pytest.mark.parametrize(("size", "depth"), [(4, 11), (6, 6), (10, 4)])
def test_perft_matches_the_rules_on_other_sizes(size: int, depth: int) -> None:
    position = OthelloPosition.start(size)
    for plies in range(depth + 1):
        assert perft(position, plies) == rules_perft(position, plies)


def test_perft_counts_passes_and_finished_games_like_the_rules() -> None:
    """Mid-game positions from random games, where passes and early ends happen."""
    positions = random_positions(6, 30, seed=99)
    passes = 0
    for position in positions[::7]:
        passes += position.legal_moves() == (PASS,)
        for depth in (1, 2, 3):
            assert perft(position, depth) == rules_perft(position, depth)
    finished = [position for position in positions if not position.legal_moves()]
    assert finished
    for position in finished[:10]:
        assert perft(position, 3) == 1


def test_perft_through_a_forced_pass() -> None:
    # X to move has no placement, O has one: a pass, then O's move, then the game is over.
    position = OthelloPosition.from_rows(["OOOO", "OOOO", "OOXX", "OOX."], Side.FIRST)
    assert position.legal_moves() == (PASS,)
    assert [perft(position, depth) for depth in (1, 2, 3, 4)] == [
        rules_perft(position, depth) for depth in (1, 2, 3, 4)
    ]


def test_moves_convert_between_layouts() -> None:
    for size in SIZES:
        geometry, _, _ = engine_board(OthelloPosition.start(size))
        for move in OthelloPosition.start(size).legal_moves():
            assert move_of(geometry, bit_of(geometry, move)) == move
        assert move_of(geometry, bit_of(geometry, PASS)) == PASS


@pytest.mark.parametrize("size", SIZES)
def test_a_boards_images_are_its_discs_mapped_one_by_one(size: int) -> None:
    """The looked-up images of a board, against each disc moved to its image square."""
    geometry = geometry_of(size)
    last = size - 1
    symmetries = [
        lambda row, column: (row, column),
        lambda row, column: (column, row),
        lambda row, column: (row, last - column),
        lambda row, column: (last - column, row),
        lambda row, column: (last - row, column),
        lambda row, column: (column, last - row),
        lambda row, column: (last - row, last - column),
        lambda row, column: (last - column, last - row),
    ]
    for position in random_positions(size, 4, seed=size)[::3]:
        board = geometry.to_engine(position.player)
        discs = [
            (row, column)
            for row in range(size)
            for column in range(size)
            if board & geometry.bit(row, column)
        ]
        expected = [geometry.squares([image(*disc) for disc in discs]) for image in symmetries]
        assert geometry.images(board) == expected


@pytest.mark.parametrize("size", SIZES)
def test_settled_discs_never_turn_and_fill_a_full_board(size: int) -> None:
    """Every disc called settled keeps its colour to the end of a random game.  On the narrow
    boards, full lines settle discs away from the edges too, and a full board is all settled."""
    geometry = geometry_of(size)
    edges = geometry.integer(geometry.shape.edges)
    settled_inside = 0
    for game in range(GAMES_PER_SIZE[size] // 4):
        positions = random_positions(size, 1, seed=1000 * size + game)
        last = positions[-1]
        for position in positions:
            for side in Side:
                mine = geometry.to_engine(position.discs(side))
                theirs = geometry.to_engine(position.discs(side.other))
                found = settled(geometry, mine, theirs)
                assert found & ~mine == 0
                assert geometry.from_engine(found) & ~last.discs(side) == 0, position.board_rows()
                settled_inside += found & ~edges != 0
        if not geometry.is_wide and last.count(Side.FIRST) + last.count(Side.SECOND) == size * size:
            for side in Side:
                mine = geometry.to_engine(last.discs(side))
                theirs = geometry.to_engine(last.discs(side.other))
                assert settled(geometry, mine, theirs) == mine
    assert settled_inside > 0 or geometry.is_wide
