"""One suite every game meets: the games in GAMES and Nim, a game that exists only in the tests.

Random playouts check the position protocol and the notation; generated junk checks that
every text a player or a file could hold is refused with the game's own error; records
round-trip; and the game's analyst agrees with a plain exhaustive search near the end.
"""

from __future__ import annotations

import contextlib
import io
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damero.core import Limit, Verdict
from damero.errors import DameroError
from damero.games import GAMES
from damero.records import Record
from damero.solvers.negamax import NegamaxSolver
from nim import Nim

EVERY_GAME = [*GAMES, Nim()]

pytestmark = pytest.mark.usefixtures("with_nim")


def smallest(game: Any) -> Any:
    """The game with each option at its smallest value (Othello 4x4), for exhaustive checks."""
    return game.variant(**{name: min(values) for name, values in game.options.items()})


def playout(game: Any, rng: random.Random) -> tuple[list[Any], list[Any]]:
    """The positions and moves of one game of random legal moves."""
    positions, moves = [game.start()], []
    while positions[-1].legal_moves():
        move = rng.choice(positions[-1].legal_moves())
        moves.append(move)
        positions.append(positions[-1].play(move))
    return positions, moves


JUNK = st.one_of(
    st.text(alphabet="0123456789", min_size=1000, max_size=6000),
    st.lists(st.text(alphabet="0123456789", min_size=4300, max_size=5000), max_size=3).map(
        " ".join
    ),
    st.text(alphabet=st.characters(codec="utf-8", categories=["Cc", "Nd", "No", "Zs"])),
    st.binary(max_size=200).map(lambda data: data.decode("utf-8", errors="replace")),
    st.text(max_size=200),
    st.sampled_from(["", " ", "-", "0 0", "-1 -1", "²", "٣ ٤", "1e5", "+3", "3,4", "\x00"]),
)


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_playouts_keep_the_protocol(game: Any, seed: int) -> None:
    positions, _ = playout(game, random.Random(seed))
    texts = [game.format_position(position) for position in positions]
    for position, text in zip(positions, texts, strict=True):
        legal = position.legal_moves()
        assert (position.outcome() is None) == bool(legal), "legal_moves and outcome agree"
        copy = game.parse_position(text)
        assert copy == position and hash(copy) == hash(position), "positions are values"
        for move in legal:
            assert game.parse_move(position, game.format_move(move)) == move
            position.play(move)
        assert game.format_position(position) == text, "play never changes its position"
        assert game.draw(position)
    assert positions[-1].outcome() is not None


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=JUNK, seed=st.integers(0, 2**32))
def test_any_text_is_a_move_or_the_games_own_refusal(game: Any, text: str, seed: int) -> None:
    positions, _ = playout(game, random.Random(seed))
    position = random.Random(seed).choice(positions)
    for read in (lambda: game.parse_move(position, text), lambda: game.parse_position(text)):
        with contextlib.suppress(DameroError):
            read()


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_record_written_and_read_back_is_the_same_game(game: Any, seed: int) -> None:
    game = smallest(game)
    rng = random.Random(seed)
    positions, moves = playout(game, rng)
    kept = rng.randint(0, len(moves))
    record = Record(
        game, (("started", "today"),) if kept % 2 else (), game.start(), tuple(moves[:kept])
    )
    stream = io.StringIO()
    game.record_format.write(record, stream)
    stream.seek(0)
    read = game.record_format.read(stream, EVERY_GAME)
    # a format may leave out what the rules do by themselves (the seed file's forced passes)
    while kept < len(moves) and game.automatic_move(positions[kept]) is not None:
        kept += 1
    assert (read.game, read.start, read.moves) == (game, game.start(), tuple(moves[:kept]))
    if record.header:
        assert read.header in (record.header, ()), "a format keeps its header or has none"


def _near_the_end(game: Any, rng: random.Random, plies: int) -> Any:
    positions, _ = playout(game, rng)
    return positions[max(0, len(positions) - 1 - plies)]


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_analysis_agrees_with_a_plain_exhaustive_search(game: Any) -> None:
    game = smallest(game)
    solver = NegamaxSolver[Any]()
    rng = random.Random(9)
    for _ in range(12):
        position = _near_the_end(game, rng, plies=rng.randint(1, 7))
        if position.outcome() is not None:
            continue
        values = game.analyst.move_values(position, limit=Limit(depth=8), clock=None)
        exact: dict[Any, Verdict] = dict(solver.move_values(position))
        assert {move for move, _ in values} == set(exact)
        best = values[0][1]
        assert best.result == max(exact.values(), key=lambda verdict: verdict.rank).result
        for move, value in values:
            if value.verdict is not None:
                assert value.verdict == exact[move]
            elif value.is_exact:
                assert value.result == exact[move].result
