"""Computer players: levels see further as they rise, level 5 is perfect, and thinking never blocks."""

from __future__ import annotations

import io
import random
import time
from typing import Any

import pytest

from conftest import WAIT_SECONDS
from damero.cli.console import Console
from damero.cli.thinking import ThinkingPlayer
from damero.games.catmouse import CATS, MOUSE, CatMouse, CatMousePosition
from damero.games.tictactoe import TicTacToe, TicTacToePosition
from damero.i18n import Catalog
from damero.players import RandomPlayer, SolvedGamePlayer, computer_player, seen_value
from damero.solvers.negamax import NegamaxSolver, Verdict
from damero.solvers.retrograde import tablebase


def test_a_win_or_loss_beyond_the_horizon_looks_like_a_draw() -> None:
    assert seen_value(Verdict("win", 1), 2) > seen_value(Verdict("draw", 9), 2)
    assert seen_value(Verdict("win", 5), 2) == seen_value(Verdict("draw", 9), 2)
    assert seen_value(Verdict("loss", 2), 2) < seen_value(Verdict("loss", 5), 2)
    assert seen_value(Verdict("win", 3), None) > seen_value(Verdict("win", 5), None)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_takes_a_win_in_one_and_blocks_a_loss_in_one(level: int) -> None:
    player = computer_player(TicTacToe(), level=level, rng=random.Random(level))
    assert player.choose(TicTacToePosition.from_board("XX-OO----")).cell == 3
    blocking = TicTacToePosition.from_board("XX--O----")
    assert player.choose(blocking).cell == 3


def play_out(position: Any, players: dict[Any, Any]) -> Any:
    while position.outcome() is None:
        position = position.play(players[position.side_to_move].choose(position))
    return position.outcome()


def test_level_5_cats_never_lose_a_won_position_against_random_and_greedy_mice() -> None:
    rng = random.Random(5)
    cats = computer_player(CatMouse(), level=5, rng=rng)
    table = tablebase()

    class GreedyMouse:
        def choose(self, position: CatMousePosition) -> Any:
            moves = position.legal_moves()
            return min(moves, key=lambda move: (move.target - 1) // 4 + rng.random())

    for mouse in (RandomPlayer(rng), GreedyMouse()):
        for _ in range(60):
            start = CatMousePosition.start().play(
                rng.choice(CatMousePosition.start().legal_moves())
            )
            assert table.verdict(start).result == "loss", "the mouse, to move, loses"
            outcome = play_out(start, {MOUSE: mouse, CATS: cats})
            assert outcome.winner is CATS


def test_level_1_is_weaker_than_level_5() -> None:
    rng = random.Random(7)
    weak = computer_player(CatMouse(), level=1, rng=rng)
    strong_mouse = computer_player(CatMouse(), level=5, rng=rng)
    table = tablebase()
    # positions the mouse wins with best play: level-1 cats against a perfect mouse still lose,
    # but level-1 cats do not always find the win in positions they could win
    lost_for_weak = 0
    for _ in range(40):
        position = CatMousePosition.start().play(rng.choice(CatMousePosition.start().legal_moves()))
        outcome = play_out(position, {MOUSE: strong_mouse, CATS: weak})
        lost_for_weak += outcome.winner is MOUSE
        assert table.verdict(position).result == "loss"
    assert lost_for_weak > 0


def opponent_sequences_never_beat(player: SolvedGamePlayer, side: Any) -> None:
    """Every sequence of opponent moves against `player` ends in no loss for it."""
    stack = [TicTacToePosition()]
    while stack:
        position = stack.pop()
        outcome = position.outcome()
        if outcome is not None:
            assert outcome.winner in (None, side)
            continue
        if position.side_to_move is side:
            stack.append(position.play(player.choose(position)))
        else:
            stack.extend(position.play(move) for move in position.legal_moves())


@pytest.mark.parametrize("seed", [1, 2])
def test_tictactoe_level_5_never_loses_against_every_opponent_sequence(seed: int) -> None:
    from damero.core import Side

    for side in Side:
        player = SolvedGamePlayer(
            NegamaxSolver[Any]().move_values, level=5, rng=random.Random(seed)
        )
        opponent_sequences_never_beat(player, side)


def test_thinking_shows_and_hands_back_the_move() -> None:
    out = io.StringIO()

    class SlowPlayer:
        """Thinks until the notice is shown, however long a loaded machine takes to show it."""

        def choose(self, position: Any) -> Any:
            deadline = time.monotonic() + WAIT_SECONDS
            while "thinking" not in out.getvalue() and time.monotonic() < deadline:
                time.sleep(0.05)
            return "slow move"

    console = Console(io.StringIO(), out, Catalog("en"))
    assert ThinkingPlayer(console, SlowPlayer(), TicTacToe().analyst).choose(None) == "slow move"
    assert out.getvalue().startswith("The computer is thinking.")

    class FailingPlayer:
        def choose(self, position: Any) -> Any:
            raise ValueError("no move")

    with pytest.raises(ValueError, match="no move"):
        ThinkingPlayer(console, FailingPlayer(), TicTacToe().analyst).choose(None)


def test_levels_are_checked() -> None:
    with pytest.raises(ValueError, match="levels go from 1 to 5"):
        computer_player(TicTacToe(), level=6, rng=random.Random())
