"""The learned evaluation kept move by move must read exactly as the evaluation read afresh."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
import pytest

from damero.engines.othello.bits import compiled
from damero.engines.othello.board import engine_board
from damero.engines.othello.incremental import (
    both_weights,
    features_of,
    make_move,
    pass_turn,
    score,
    take_back,
    with_swapped,
)
from damero.engines.othello.patterns import FEATURES, STAGES, load_weights, pattern_score
from damero.games.othello import OthelloPosition

_GEOMETRY, _PLAYER, _OPPONENT = engine_board(OthelloPosition.start(8))


@compiled
def _compiled_make(features: npt.NDArray[np.int32], player: int, move: int, after: int) -> None:
    make_move(features, player, move, after)


@compiled
def _compiled_back(features: npt.NDArray[np.int32], player: int, move: int, after: int) -> None:
    take_back(features, player, move, after)


def _make(features: npt.NDArray[np.int32], player: int, move: int, after: int) -> None:
    _compiled_make(features, np.uint64(player), np.uint64(move), np.uint64(after))


def _back(features: npt.NDArray[np.int32], player: int, move: int, after: int) -> None:
    _compiled_back(features, np.uint64(player), np.uint64(move), np.uint64(after))


def _afresh(player: int, opponent: int, weights: npt.NDArray[np.float32]) -> float:
    return float(pattern_score(np.uint64(player), np.uint64(opponent), weights))


def _kept(
    features: npt.NDArray[np.int32], player: int, opponent: int, weights: npt.NDArray[np.float32]
) -> float:
    return float(score(features, 64 - (player | opponent).bit_count(), weights))


def _float16_weights(seed: int) -> npt.NDArray[np.float32]:
    """Random weights rounded as the shipped ones are, so that sums in any order are exact."""
    generator = np.random.default_rng(seed)
    return (4 * generator.standard_normal((STAGES, FEATURES))).astype(np.float16).astype(np.float32)


@pytest.mark.parametrize("weights_name", ["shipped", "random"])
def test_kept_features_score_as_the_evaluation_afresh_through_moves_passes_and_take_backs(
    weights_name: str,
) -> None:
    weights = load_weights() if weights_name == "shipped" else _float16_weights(5)
    both = both_weights() if weights_name == "shipped" else with_swapped(weights)
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        player, opponent = _PLAYER, _OPPONENT
        features = features_of(player, opponent)
        # Each step so far: the boards before it and the move played (0 for a pass).
        line: list[tuple[int, int, int]] = []
        for _ in range(200):
            assert _kept(features, player, opponent, both) == _afresh(player, opponent, weights)
            checked += 1
            moves = _GEOMETRY.legal_moves(player, opponent)
            game_over = not moves and not _GEOMETRY.legal_moves(opponent, player)
            if line and (game_over or rng.random() < 0.35):
                before_player, before_opponent, move = line.pop()
                if move:
                    _back(features, before_player, move, opponent)
                else:
                    pass_turn(features)
                player, opponent = before_player, before_opponent
                continue
            if game_over:
                break
            line.append((player, opponent, moves and 1 << rng.choice(_squares(moves))))
            if moves:
                player, opponent = _play(features, player, opponent, line[-1][2])
            else:
                pass_turn(features)
                player, opponent = opponent, player
    assert checked > 1000


def _squares(moves: int) -> list[int]:
    return [square for square in range(64) if moves >> square & 1]


def _play(
    features: npt.NDArray[np.int32], player: int, opponent: int, move: int
) -> tuple[int, int]:
    next_player, next_opponent = _GEOMETRY.play(player, opponent, move)
    _make(features, player, move, next_opponent)
    return next_player, next_opponent


def test_the_plain_updates_change_the_features_as_the_compiled_ones_do() -> None:
    rng = random.Random(3)
    player, opponent = _PLAYER, _OPPONENT
    plain, kept = features_of(player, opponent), features_of(player, opponent)
    for _ in range(20):
        moves = _GEOMETRY.legal_moves(player, opponent)
        if not moves:
            break
        move = 1 << rng.choice(_squares(moves))
        next_player, next_opponent = _GEOMETRY.play(player, opponent, move)
        before = plain.copy()
        make_move(plain, player, move, next_opponent)
        _make(kept, player, move, next_opponent)
        assert np.array_equal(plain, kept)
        take_back(plain, player, move, next_opponent)
        assert np.array_equal(plain, before)
        make_move(plain, player, move, next_opponent)
        player, opponent = next_player, next_opponent
    assert not np.array_equal(plain, features_of(_PLAYER, _OPPONENT))
