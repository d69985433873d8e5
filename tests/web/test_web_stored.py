"""A round as the database keeps it beside the moves: the result the players gave, the offers
standing, the clock and the rematch, written by `format_round` and read back by `parse_round`."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from damero.core import Side
from damero.errors import DameroError
from damero.progress import Clock, Offers
from damero.registry import find_game
from damero.round import Move, Person, Round, decide, new_round
from damero.web.storage import hash_token
from damero.web.stored import change_of, followed, format_round, parse_round


def a_round(
    *, clock: Clock | None = None, name: str = "catmouse", moves: tuple[str, ...] = ("30",)
) -> Round:
    game = find_game(name)
    if name == "othello":
        game = game.variant(size=4)  # the small board, where a side must often pass
    return new_round(
        "g1",
        game,
        mode="friend",
        side=Side.FIRST,
        level=3,
        start=game.start(),
        moves=list(moves),
        clock=clock,
        mine=hash_token("first"),
        other=hash_token("second"),
        created=1.0,
    )


def test_a_round_with_nothing_added_is_written_as_any_other_and_read_back() -> None:
    live = a_round()
    plain = format_round(live)
    nothing = {"draw": None, "undo": None, "rematch": None}
    assert plain == json.dumps(
        {"result": None, "offers": nothing, "clock": None, "next": None}, sort_keys=True
    )
    offered = replace(live, state=live.state.with_offers(Offers(draw=Side.FIRST)))
    text = format_round(offered)
    assert json.loads(text)["offers"] == {**nothing, "draw": "first"}
    assert parse_round(live, text).state.offers == Offers(draw=Side.FIRST)
    assert parse_round(offered, plain).state.offers == Offers()
    timed = a_round(clock=Clock.of(initial=60_000, increment=0))
    assert json.loads(format_round(timed))["clock"]["initial"] == 60_000
    assert parse_round(live, format_round(timed)).state.clock == timed.state.clock


def test_a_move_another_process_made_is_followed_into_the_very_round_it_made() -> None:
    """A process that follows another's move from its notice (`followed`) holds the round the
    mover holds, whether the move left nothing added (an untimed game's usual move), cleared an
    offer that stood, or moved a clock."""
    plain = a_round()
    offered = replace(plain, state=plain.state.with_offers(Offers(draw=Side.SECOND)))
    timed = a_round(clock=Clock.of(initial=60_000, increment=0))
    both = Person(frozenset(Side))
    for live in (plain, offered, timed):
        for _ in range(3):
            text = live.state.game.format_move(live.state.position.legal_moves()[0])
            moved = decide(live, both, Move(text), now=5.0).changed
            assert moved is not None
            assert followed(live, change_of(live, moved, now=5.0)) == moved
            live = moved
        assert live.state.offers == Offers()


@pytest.mark.parametrize("name", ["catmouse", "othello", "tictactoe"])
def test_a_move_another_process_committed_is_followed_without_judging_it_again(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process that committed a move judged it on the very game the follower holds at the
    version before: the follower plays it as one of the rules' own (`play` is never called) and
    holds exactly the game the mover holds, passes the rules made included; a copy whose moves
    are not those the change was made on is refused, and the follower reads the game instead."""
    chooser = random.Random(f"followed {name}")
    live, both = a_round(name=name, moves=()), Person(frozenset(Side))
    position_type = type(live.state.position)
    while not live.state.is_over:
        legal = live.state.position.legal_moves()
        text = live.state.game.format_move(chooser.choice(legal))
        moved = decide(live, both, Move(text), now=5.0).changed
        assert moved is not None
        change = change_of(live, moved, now=5.0)
        with monkeypatch.context() as patched:

            def judged(position: object, move: object) -> object:
                raise AssertionError(f"{move} judged again")

            patched.setattr(position_type, "play", judged)
            assert followed(live, change) == moved
        if len(live.state.moves) > 0:
            behind = replace(
                live, state=live.state.continued(0, (), version=live.version, forced=0)
            )
            with pytest.raises(DameroError):
                followed(behind, change)  # one ply or more short of the game it was made on
        with pytest.raises(DameroError):
            followed(moved, replace(change, version=moved.version))  # a ply past it
        live = moved
