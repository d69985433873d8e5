"""`damero review` values each position of a game as `damero GAME analyse` values it, on random
games of every game: before a move, the position it was played in; after it, the position it led
to, the move itself no longer counted, a finished game its result."""

from __future__ import annotations

import io
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damero.analysis import SIDE_NAMES
from damero.cli import main
from damero.core import Game
from damero.games.catmouse import CatMouse
from damero.games.othello import Othello
from damero.games.tictactoe import TicTacToe
from damero.records import Record, format_for, read_file
from damero.registry import GAMES

OPPOSITE = {"win": "loss", "loss": "win", "draw": "draw"}


def printed(arguments: list[str]) -> Any:
    """What `damero ARGUMENTS --json` prints, read back."""
    out = io.StringIO()
    assert main([*arguments, "--json"], stdin=io.StringIO(), stdout=out) == 0
    return json.loads(out.getvalue())


def analysed(game: Game[Any, Any], position: Any) -> dict[str, Any]:
    """`damero GAME analyse POSITION --json`, without the moves: the position's value for its
    side to move."""
    document = printed([game.name, "analyse", *game.format_position(position).split()])
    return {key: value for key, value in document.items() if key != "moves"}


def turned_to(value: dict[str, Any], holder: str, side: str) -> dict[str, Any]:
    """A value of the review, which is `holder`'s, as `side` sees it."""
    if holder == side:
        return value
    if "plies" in value:
        return {**value, "result": OPPOSITE[value["result"]]}
    return {**value, "result": OPPOSITE[value["result"]], "score": -value["score"]}


def random_record(game: Game[Any, Any], rng: random.Random, length: int) -> Record:
    """A game of up to `length` moves, each one chosen at random (an Othello pass when forced)."""
    position, moves = game.start(), []
    while position.outcome() is None and len(moves) < length:
        move = rng.choice(position.legal_moves())
        moves.append(move)
        position = position.play(move)
    return Record(game, (), game.start(), tuple(moves))


def check_review(game: Game[Any, Any], rng: random.Random, length: int) -> None:
    record = random_record(game, rng, length)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.txt"
        with path.open("w", encoding="utf-8") as stream:
            format_for(record).write(record, stream)
        review = printed(["review", str(path), "--seconds", "300"])
        # as the file reads back: an Othello file holds the placements and implies the passes
        positions = read_file(path, GAMES).positions()
    assert [judged["number"] for judged in review["moves"]] == list(range(1, len(positions)))
    for judged, position, following in zip(
        review["moves"], positions[:-1], positions[1:], strict=True
    ):
        side = SIDE_NAMES[position.side_to_move]
        assert judged["side"] == side
        assert judged["before"] == analysed(game, position), judged
        to_move = SIDE_NAMES[following.side_to_move]
        assert turned_to(judged["after"], side, to_move) == analysed(game, following), judged
    if positions[-1].outcome() is not None:
        assert review["moves"][-1]["after"]["plies"] == 0, "a finished game's result"


@pytest.mark.parametrize("game", [TicTacToe(), CatMouse()], ids=lambda game: game.name)
@settings(max_examples=12, deadline=None)
@given(rng=st.randoms(use_true_random=False), length=st.integers(1, 60))
def test_review_agrees_with_analyse_on_random_games(
    game: Game[Any, Any], rng: random.Random, length: int
) -> None:
    check_review(game, rng, length)


@pytest.mark.usefixtures("compiled_engine")
@settings(max_examples=12, deadline=None)
@given(rng=st.randoms(use_true_random=False), length=st.integers(1, 20))
def test_review_agrees_with_analyse_on_random_othello_games(
    rng: random.Random, length: int
) -> None:
    """On 4x4 boards, where every value is exact (an estimate depends on how long each search
    ran, and the two commands' searches are given different times)."""
    check_review(Othello(4), rng, length)
