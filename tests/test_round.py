"""The round's rules: every request in every state of a game, for the players, a spectator, the
computer and the server's clock, decided by `decide` alone; then what each accepted request
does.

The grid below is the whole table: a row for each state and actor, a column for each request,
each cell what the round answers (`ok`: a change to commit; `-`: allowed, nothing changes; `flag`:
the flag is committed; `+key`: the flag is committed and the request refused with `key`; any other
word: the refusal's catalogue key, short)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest

from damero.core import Message, Side
from damero.errors import DameroError
from damero.i18n import every_message
from damero.progress import Clock, Ending, Offers, Result
from damero.registry import find_game
from damero.round import (
    ABANDON_SECONDS,
    ARBITER,
    HOLD_SECONDS,
    NOBODY,
    SPECTATOR,
    Actor,
    Claim,
    Computer,
    Decision,
    Decline,
    Draw,
    Flag,
    Hint,
    Hold,
    Join,
    Move,
    Person,
    Player,
    Presence,
    Rematch,
    Request,
    Resign,
    Resume,
    Round,
    Sit,
    Undo,
    claimants,
    decide,
    held_side,
    new_round,
    rematch_id,
    seat_refusal,
)

TICTACTOE = find_game("tictactoe")
X_KEY, O_KEY, NEW_KEY = "x-key", "o-key", "new-key"
NOW = 1_000.0
FIRST, SECOND = Side.FIRST, Side.SECOND


def a_round(
    mode: str = "friend",
    moves: str = "",
    *,
    clock: Clock | None = None,
    at: float = 0.0,
    **options: Any,
) -> Round:
    """A Tic-tac-toe game offered in `mode` after `moves` (cells, one character each) made at
    `at`; X is the creator's, and O a friend's, the computer's, nobody's yet or the creator's.
    `options` go to `new_round` (the creator's name, a rated game, a range)."""
    live = new_round(
        "game",
        TICTACTOE,
        mode=mode,
        side=FIRST,
        level=1,
        start=None,
        moves=(),
        clock=clock,
        mine=X_KEY,
        other=O_KEY if mode == "friend" else None,
        created=0.0,
        **options,
    )
    state = live.state
    for cell in moves:
        state = state.play_text(cell, now=at)
    return replace(live, state=state)


def with_offers(live: Round, **offers: Side) -> Round:
    return replace(live, state=replace(live.state, offers=Offers(**offers)))


def ended(live: Round, result: Result) -> Round:
    return replace(live, state=live.state.with_result(result))


ANA, BEA = Player("ana", 1, 1500.0), Player("bea", 2, 1620.0)


def held(live: Round) -> Round:
    """`live` with its running clock held a second ago by a server going down."""
    clock = live.state.clock
    assert clock is not None
    return replace(live, state=live.state.with_clock(clock.held(NOW - 1, seconds=HOLD_SECONDS)))


RESIGNED = Result(SECOND, Ending.RESIGNATION)
STATES: dict[str, tuple[Round, Presence]] = {
    "new": (a_round(), NOBODY),
    "playing": (a_round(moves="51"), NOBODY),
    "offered": (with_offers(a_round(moves="51"), draw=SECOND, undo=SECOND), NOBODY),
    "won": (a_round(moves="14253"), NOBODY),
    "rematch?": (with_offers(a_round(moves="14253"), rematch=FIRST), NOBODY),
    "rematched": (replace(a_round(moves="14253"), next_game="next"), NOBODY),
    "flagged": (a_round(moves="51", clock=Clock.of(initial=1_000, increment=0)), NOBODY),
    "timed": (a_round(moves="51", clock=Clock.of(initial=3_600_000, increment=0)), NOBODY),
    "held": (held(a_round(moves="51", clock=Clock.of(initial=3_600_000, increment=0))), NOBODY),
    "o-gone": (a_round(moves="51"), Presence((True, False), (None, 0.0))),
    "o-back": (a_round(moves="51"), Presence((True, True), (None, None))),
    "open": (a_round("open"), NOBODY),
    "open-over": (ended(a_round("open"), RESIGNED), NOBODY),
    "local": (a_round("local", "5"), NOBODY),
    "x-vs-cpu": (a_round("computer", "51"), NOBODY),
    "cpu-turn": (a_round("computer", "5"), NOBODY),
    "cpu-over": (ended(a_round("computer", "51"), RESIGNED), NOBODY),
    "rated": (replace(a_round(moves="51"), rated=True, players=(ANA, BEA)), NOBODY),
    "rated-cpu": (replace(a_round("computer", "51"), rated=True, players=(ANA, None)), NOBODY),
}
"""Every state a game's round can be in, each with where its players are."""

ACTORS: dict[str, Actor] = {
    "x": Person(frozenset({FIRST})),
    "o": Person(frozenset({SECOND})),
    "both": Person(frozenset({FIRST, SECOND})),
    "watcher": SPECTATOR,
    "cpu": Computer(SECOND),
    "clock": ARBITER,
}

GRID = """
state      actor    move     undo     resign   draw     no-draw  no-undo  no-rem   rematch  claim    join     hint     flag     hold     resume   sit
new        x        ok       nothing  ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
new        o        turn     nothing  ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
new        watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     taken    nohint   bad      bad      bad      spec
new        cpu      turn     bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad
new        clock    bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      -        -        -        bad
playing    x        ok       ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
playing    o        turn     ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
playing    watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     taken    nohint   bad      bad      bad      spec
playing    cpu      turn     bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad
offered    x        ok       ok       ok       ok       ok       ok       nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
offered    o        turn     again    ok       again    nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
won        x        over     over     over     over     nooffer  nooffer  nooffer  ok       claim    taken    nohint   bad      bad      bad      ok
won        o        over     over     over     over     nooffer  nooffer  nooffer  ok       claim    taken    nohint   bad      bad      bad      ok
won        watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     taken    nohint   bad      bad      bad      spec
won        clock    bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      -        -        -        bad
rematch?   x        over     over     over     over     nooffer  nooffer  nooffer  again    claim    taken    nohint   bad      bad      bad      ok
rematch?   o        over     over     over     over     nooffer  nooffer  ok       ok       claim    taken    nohint   bad      bad      bad      ok
rematched  x        over     over     over     over     nooffer  nooffer  nooffer  begun    claim    taken    nohint   bad      bad      bad      ok
rematched  o        over     over     over     over     nooffer  nooffer  nooffer  begun    claim    taken    nohint   bad      bad      bad      ok
flagged    x        +timeup  +timeup  +timeup  +timeup  +timeup  +timeup  +timeup  +timeup  +timeup  taken    +timeup  bad      bad      bad      +timeup
flagged    o        +over    +over    +over    +over    +over    +over    +over    +over    +over    taken    +over    bad      bad      bad      +over
flagged    watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     +over    nohint   bad      bad      bad      spec
flagged    cpu      +over    bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad
flagged    clock    bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      flag     +over    +over    bad
timed      x        ok       ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
timed      o        turn     ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
timed      clock    bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      -        ok       -        bad
held       x        ok       ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
held       o        turn     ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
held       clock    bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      -        -        ok       bad
o-gone     x        ok       ok       ok       ok       nooffer  nooffer  nooffer  notover  ok       taken    inplay   bad      bad      bad      ok
o-gone     o        turn     ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
o-back     x        ok       ok       ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
open       x        ok       noone    ok       noone    nooffer  nooffer  nooffer  notover  claim    taken    inplay   bad      bad      bad      ok
open       watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     ok       nohint   bad      bad      bad      spec
open-over  x        over     over     over     over     nooffer  nooffer  nooffer  noone    claim    taken    nohint   bad      bad      bad      ok
open-over  watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     joinover nohint   bad      bad      bad      spec
local      both     ok       ok       ok       noone    nooffer  nooffer  nooffer  notover  claim    taken    -        bad      bad      bad      ok
local      watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     taken    nohint   bad      bad      bad      spec
x-vs-cpu   x        ok       ok       ok       noone    nooffer  nooffer  nooffer  notover  claim    taken    -        bad      bad      bad      ok
x-vs-cpu   watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     taken    nohint   bad      bad      bad      spec
x-vs-cpu   cpu      turn     bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad
cpu-turn   x        turn     ok       ok       noone    nooffer  nooffer  nooffer  notover  claim    taken    -        bad      bad      bad      ok
cpu-turn   cpu      ok       bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad
cpu-turn   clock    bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      -        -        -        bad
cpu-over   x        over     noundo   over     over     nooffer  nooffer  nooffer  ok       claim    taken    nohint   bad      bad      bad      ok
cpu-over   cpu      over     bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad
rated      x        ok       noback   ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    nohelp   bad      bad      bad      seated
rated      o        turn     noback   ok       ok       nooffer  nooffer  nooffer  notover  claim    taken    nohelp   bad      bad      bad      seated
rated      watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     taken    nohint   bad      bad      bad      spec
rated-cpu  x        ok       noback   ok       noone    nooffer  nooffer  nooffer  notover  claim    taken    nohelp   bad      bad      bad      seated
rated-cpu  watcher  spec     spec     spec     spec     spec     spec     spec     spec     spec     taken    nohint   bad      bad      bad      spec
rated-cpu  cpu      turn     bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad      bad
"""

KEYS = {
    "turn": "web.not_your_turn",
    "over": "game.over",
    "spec": "web.spectator_move",
    "bad": "web.bad_message",
    "nothing": "game.nothing_to_take_back",
    "noundo": "web.cannot_undo",
    "nooffer": "game.no_offer",
    "again": "game.already_offered",
    "notover": "game.not_over",
    "begun": "game.rematch_begun",
    "noone": "web.no_one_to_ask",
    "claim": "web.cannot_claim",
    "taken": "web.seat_taken",
    "joinover": "web.join_over",
    "nohint": "web.no_hint",
    "inplay": "web.hint_in_play",
    "timeup": "game.time_up",
    "noback": "account.rated_no_undo",
    "nohelp": "account.rated_no_help",
    "seated": "account.seated",
}


def request_of(column: str, live: Round) -> Request:
    """The request a column names; a move is one the rules allow if the game goes on."""
    legal = live.state.position.legal_moves()
    move = TICTACTOE.format_move(legal[0]) if legal else "9"
    return {
        "move": Move(move),
        "undo": Undo(),
        "resign": Resign(),
        "draw": Draw(),
        "no-draw": Decline("draw"),
        "no-undo": Decline("undo"),
        "no-rem": Decline("rematch"),
        "rematch": Rematch(),
        "claim": Claim("win"),
        "join": Join(NEW_KEY),
        "hint": Hint(),
        "flag": Flag(),
        "sit": Sit(Player("Ana")),
        "hold": Hold(),
        "resume": Resume(FIRST),
    }[column]


def answer(decision: Decision) -> str:
    """A decision as the grid says it."""
    refusal = decision.refusal
    refused = (
        None
        if refusal is None
        else next((word for word, key in KEYS.items() if key == refusal.key), refusal.key)
    )
    if decision.changed is None:
        return "-" if refused is None else refused
    flagged = decision.changed.state.result == Result(SECOND, Ending.TIME)
    if flagged:
        return "flag" if refused is None else f"+{refused}"
    assert refused is None, decision
    return "ok"


def rows() -> list[tuple[str, str, dict[str, str]]]:
    lines = GRID.strip().splitlines()
    columns = lines[0].split()[2:]
    return [
        (state, actor, dict(zip(columns, cells, strict=True)))
        for state, actor, *cells in (line.split() for line in lines[1:])
    ]


@pytest.mark.parametrize(("state", "actor", "expected"), rows(), ids=lambda value: str(value))
def test_every_request_in_every_state(state: str, actor: str, expected: dict[str, str]) -> None:
    live, presence = STATES[state]
    seen = {
        column: answer(
            decide(
                live,
                ACTORS[actor],
                request_of(column, live),
                now=NOW,
                presence=presence,
                abandon_seconds=ABANDON_SECONDS,
            )
        )
        for column in expected
    }
    assert seen == expected


def test_the_grid_has_every_state_actor_and_request() -> None:
    grid = rows()
    assert {state for state, _, _ in grid} == set(STATES)
    assert {actor for _, actor, _ in grid} == set(ACTORS)
    assert all(len(cells) == 15 for _, _, cells in grid)


WORDS = [every_message(language) for language in ("en", "es")]
EVERY_REQUEST: list[Request] = [
    Move("5"),
    Move("nine"),
    Undo(),
    Resign(),
    Draw(),
    *(Decline(offer) for offer in ("draw", "undo", "rematch", "resign")),
    Rematch(),
    Claim("win"),
    Claim("draw"),
    Claim("lose"),
    Join(NEW_KEY),
    Hint(),
    Flag(),
    Hold(),
    Resume(FIRST),
    Resume(SECOND),
]


@pytest.mark.parametrize("state", STATES)
def test_whatever_is_asked_the_answer_is_one_change_or_a_refusal_in_words(state: str) -> None:
    live, presence = STATES[state]
    for actor in ACTORS.values():
        for request in EVERY_REQUEST:
            decision = decide(live, actor, request, now=NOW, presence=presence)
            assert decide(live, actor, request, now=NOW, presence=presence) == decision
            if decision.refusal is not None:
                assert all(decision.refusal.key in words for words in WORDS)
            changed = decision.changed
            if changed is None:
                continue
            assert changed.version == live.version + 1
            assert (changed.id, changed.created, changed.mode) == (live.id, live.created, live.mode)
            if not isinstance(request, Join):
                assert changed.holders == live.holders
            if not isinstance(request, Move | Undo):
                assert changed.state.moves == live.state.moves
            assert (decision.rematch is not None) == (changed.next_game != live.next_game)


def test_who_may_ask_what_is_known_before_the_game_is_read() -> None:
    watcher, player = SPECTATOR, Person(frozenset({FIRST}))
    for request in (Move("5"), Undo(), Resign(), Draw(), Decline("draw"), Rematch(), Claim("win")):
        assert seat_refusal(watcher, request) == Message("web.spectator_move")
        assert seat_refusal(player, request) is None
        assert seat_refusal(Computer(SECOND), request) == (
            None if isinstance(request, Move) else Message("web.bad_message")
        )
        assert seat_refusal(ARBITER, request) == Message("web.bad_message")
    assert seat_refusal(watcher, Hint()) == Message("web.no_hint")
    assert seat_refusal(watcher, Join(NEW_KEY)) is None
    assert seat_refusal(player, Join(NEW_KEY)) == Message("web.seat_taken")
    assert seat_refusal(ARBITER, Flag()) is None


def decided(live: Round, actor: str, request: Request, *, now: float = NOW) -> Round:
    decision = decide(live, ACTORS[actor], request, now=now)
    assert decision.refusal is None and decision.changed is not None, decision
    return decision.changed


def test_a_move_is_played_and_the_offers_standing_lapse() -> None:
    live, _ = STATES["offered"]
    moved = decided(live, "x", Move("9"))
    assert moved.state.move_texts == ("5", "1", "9")
    assert moved.state.offers == Offers()


def test_an_illegal_move_is_refused_with_the_rules_words() -> None:
    live, _ = STATES["playing"]
    decision = decide(live, ACTORS["x"], Move("5"), now=NOW)
    assert decision.changed is None and decision.refusal is not None
    assert decision.refusal.key.startswith("tictactoe.")


def test_a_move_drawn_from_a_board_is_played_there_and_judged_anywhere_else() -> None:
    live, _ = STATES["playing"]
    position = live.state.position
    board = TICTACTOE.board(position, ())
    nine = next(target for target in board.targets if target.text == "9")
    moved = decided(live, "x", Move("9", (position, nine.move)))
    assert moved.state.move_texts == (*live.state.move_texts, "9")
    # Drawn on another board (an earlier position), the move is judged by its text as typed.
    earlier = live.state.positions[0]
    taken = decide(
        live, ACTORS["x"], Move("5", (earlier, TICTACTOE.parse_move(earlier, "5"))), now=NOW
    )
    assert taken.changed is None and taken.refusal is not None
    assert taken.refusal.key == "tictactoe.cell_taken"


def test_a_round_after_a_move_keeps_all_but_its_state() -> None:
    """A move's round is made field by field, not by `dataclasses.replace`: every field of a
    round with none at its default is kept, and a field added later fails here until it is."""
    live, _ = STATES["playing"]
    every = Round(
        "kept00000001",
        live.state,
        ("first-key", "second-key"),
        12.5,
        mode="open",
        next_game="next00000001",
        players=(Player("Ada", 3, 1510.0), Player("Bo")),
        rated=True,
        rating_range=(1400, 1600),
    )
    assert {field.name for field in fields(Round)} == {
        "id", "state", "holders", "created", "mode", "next_game", "players", "rated",
        "rating_range",
    }  # fmt: skip
    moved = live.state.play_text("9")
    assert every.played(moved) == replace(every, state=moved)


def test_offers_between_two_people_and_their_answers() -> None:
    live, _ = STATES["playing"]
    offered = decided(live, "x", Draw())
    assert offered.state.offers.draw is FIRST and not offered.state.is_over
    agreed = decided(offered, "o", Draw())
    assert agreed.state.result == Result(None, Ending.AGREEMENT)
    declined = decided(offered, "o", Decline("draw"))
    assert declined.state.offers.draw is None and not declined.state.is_over
    asked = decided(live, "o", Undo())
    assert asked.state.offers.undo is SECOND and asked.state.move_texts == ("5", "1")
    taken = decided(asked, "x", Undo())
    assert taken.state.move_texts == ("5",) and taken.state.side_to_move is SECOND


def test_a_resignation_is_a_win_for_the_other_side() -> None:
    live, _ = STATES["playing"]
    assert decided(live, "o", Resign()).state.result == Result(FIRST, Ending.RESIGNATION)
    assert decided(live, "x", Resign()).state.result == Result(SECOND, Ending.RESIGNATION)


def test_a_take_back_at_once_on_one_screen_and_against_the_computer() -> None:
    local, _ = STATES["local"]
    assert decided(local, "both", Undo()).state.moves == ()
    against, _ = STATES["x-vs-cpu"]
    assert decided(against, "x", Undo()).state.moves == ()  # X's move and the computer's answer


def test_a_rematch_agreed_swaps_the_sides_and_is_named_the_same_everywhere() -> None:
    live, _ = STATES["rematch?"]
    decision = decide(live, ACTORS["o"], Rematch(), now=NOW)
    agreed, fresh = decision.changed, decision.rematch
    assert agreed is not None and fresh is not None
    assert agreed.next_game == fresh.id == rematch_id(live.id) and agreed.state.offers == Offers()
    assert fresh.holders == (O_KEY, X_KEY) and fresh.mode == "friend" and fresh.created == NOW
    assert fresh.state.moves == () and fresh.version == 1
    again = decide(live, ACTORS["o"], Rematch(), now=NOW + 5)
    assert again.rematch is not None and again.rematch.id == fresh.id
    computer, _ = STATES["cpu-over"]
    at_once = decide(computer, ACTORS["x"], Rematch(), now=NOW).rematch
    assert at_once is not None and at_once.state.seats == tuple(reversed(computer.state.seats))


def test_a_claim_ends_the_game_only_while_the_other_stays_away() -> None:
    live, presence = STATES["o-gone"]
    decision = decide(live, ACTORS["x"], Claim("draw"), now=NOW, presence=presence)
    assert decision.changed is not None
    assert decision.changed.state.result == Result(None, Ending.ABANDONED)
    assert decision.gone == (SECOND, NOW - ABANDON_SECONDS)
    won = decide(live, ACTORS["x"], Claim("win"), now=NOW, presence=presence).changed
    assert won is not None and won.state.result == Result(FIRST, Ending.ABANDONED)
    early = decide(live, ACTORS["x"], Claim("win"), now=ABANDON_SECONDS - 1, presence=presence)
    assert early.refusal == Message("web.cannot_claim")
    assert claimants(live, presence, now=NOW) == {FIRST}
    assert claimants(live, presence, now=ABANDON_SECONDS - 1) == frozenset()


def test_the_open_seat_is_taken_once() -> None:
    live, _ = STATES["open"]
    joined = decided(live, "watcher", Join(NEW_KEY))
    assert joined.holders == (X_KEY, NEW_KEY) and joined.open_seat is None
    assert joined.sides_held(NEW_KEY) == {SECOND}
    again = decide(joined, SPECTATOR, Join("late"), now=NOW)
    assert again.refusal == Message("web.seat_taken")


def test_the_clock_falls_for_players_and_the_computer_alike() -> None:
    clock = Clock.of(initial=1_000, increment=0)
    live = a_round("computer", "51", clock=clock)  # X's clock runs from 0
    assert live.falls_at == 1.0
    assert decide(live, ARBITER, Flag(), now=0.5) == Decision()  # not yet
    flagged = decided(live, "clock", Flag())
    assert flagged.state.result == Result(SECOND, Ending.TIME)
    assert flagged.state.clock is not None and flagged.state.clock.remaining(FIRST, NOW) == 0
    assert flagged.falls_at is None
    # The computer's clock runs out while it thinks: its move is refused, the flag committed.
    cpu = a_round("computer", "5", clock=clock)
    cpu = replace(cpu, state=cpu.state.play_text("1", now=0.0).play_text("9", now=0.0))
    decision = decide(cpu, Computer(SECOND), Move("3"), now=NOW)
    assert decision.refusal == Message("game.over") and decision.changed is not None
    assert decision.changed.state.result == Result(FIRST, Ending.TIME)


def test_fair_play_no_help_in_a_game_between_two_people_while_it_goes_on() -> None:
    helped = {name for name, (live, _) in STATES.items() if live.may_help}
    assert helped == {
        "won",
        "rematch?",
        "rematched",
        "open-over",
        "local",
        "x-vs-cpu",
        "cpu-turn",
        "cpu-over",
    }


def test_a_take_back_gives_back_the_increment_against_the_computer() -> None:
    clock = Clock.of(initial=10_000, increment=5_000)
    live = a_round("computer", "51", clock=clock)
    for cycle in range(5):
        now = cycle + 1.0
        state = live.state.play_text("9", now=now).play_text("3", now=now)
        live = decided(replace(live, state=state), "x", Undo(), now=now)
        assert live.state.clock is not None
        assert live.state.clock.remaining(FIRST, now) <= 10_000


def rated_round(mode: str = "open", **options: Any) -> Round:
    return a_round(mode, clock=Clock.of(initial=60_000, increment=0), creator=ANA, **options)


def test_a_rated_game_needs_an_account_a_clock_and_an_opponent() -> None:
    def refusal(**options: object) -> str:
        arguments: dict[str, object] = {
            "mode": "open",
            "side": FIRST,
            "level": 1,
            "start": None,
            "moves": (),
            "clock": Clock.of(initial=60_000, increment=0),
            "mine": X_KEY,
            "other": None,
            "created": 0.0,
            "creator": ANA,
            "rated": True,
        } | options
        with pytest.raises(DameroError) as refused:
            new_round("game", TICTACTOE, **arguments)  # type: ignore[arg-type]
        return refused.value.message.key

    assert refusal(creator=None) == "account.rated_needs_account"
    assert refusal(creator=Player("guest")) == "account.rated_needs_account"
    assert refusal(clock=None) == "account.rated_needs_clock"
    assert refusal(mode="local") == "account.rated_needs_clock"
    assert (
        refusal(rated=False, mode="friend", other=O_KEY, rating_range=(1, 2)) == "account.bad_range"
    )
    assert refusal(rating_range=(1800, 1200)) == "account.bad_range"
    live = rated_round(rated=True)
    assert live.players == (ANA, None) and live.rated


def test_an_open_seat_is_taken_within_its_range_by_an_account_other_than_its_creator() -> None:
    live = rated_round(rated=True, rating_range=(1550, 1700))
    for player, key in (
        (None, "account.rated_needs_account"),
        (Player("guest"), "account.rated_needs_account"),
        (Player("ana", 1, 1600.0), "account.own_seat"),
        (Player("cid", 3, 1540.0), "account.out_of_range"),
        (Player("dan", 4, 1704.0), "account.out_of_range"),
    ):
        decision = decide(live, SPECTATOR, Join(NEW_KEY, player), now=NOW)
        assert decision.refusal is not None and decision.refusal.key == key
    joined = decide(live, SPECTATOR, Join(NEW_KEY, BEA), now=NOW).changed
    assert joined is not None and joined.players == (ANA, BEA)
    assert joined.sides_of_account(2) == frozenset({SECOND}) and not joined.sides_of_account(3)


def test_a_name_goes_on_a_held_seat_without_one_and_never_twice() -> None:
    live = rated_round("friend")
    friend = Person(frozenset({SECOND}))
    named = decide(live, friend, Sit(BEA), now=NOW).changed
    assert named is not None and named.players == (ANA, BEA)
    again = decide(named, friend, Sit(Player("other")), now=NOW)
    assert again.changed is None and again.refusal == Message("account.seated")
    # The creator opening the friend's link leaves the other seat for the friend.
    himself = decide(live, friend, Sit(ANA), now=NOW)
    assert himself.changed is None and himself.refusal == Message("account.seated")


def test_in_a_rated_game_only_an_account_moves_from_a_seat() -> None:
    """A friend's link opened without logging in, or with a name typed, holds the seat but plays
    no move until an account sits there: otherwise the game could never count."""
    live = decide(rated_round("friend", rated=True), ACTORS["x"], Move("5"), now=NOW).changed
    assert live is not None
    friend = Person(frozenset({SECOND}))
    for guest in (live, decide(live, friend, Sit(Player("guest")), now=NOW).changed):
        assert guest is not None
        refused = decide(guest, friend, Move("1"), now=NOW)
        assert refused.changed is None
        assert refused.refusal == Message("account.rated_needs_account")
        assert decide(guest, friend, Resign(), now=NOW).changed is not None
    seated = decide(live, friend, Sit(BEA), now=NOW).changed
    assert seated is not None
    moved = decide(seated, friend, Move("1"), now=NOW).changed
    assert moved is not None and len(moved.state.moves) == 2


def test_a_rated_games_rematch_is_rated_between_the_same_players() -> None:
    live = decide(rated_round(rated=True), SPECTATOR, Join(NEW_KEY, BEA), now=NOW).changed
    assert live is not None
    over = ended(live, RESIGNED)
    decision = decide(over, ACTORS["x"], Rematch(), now=NOW)
    assert decision.changed is not None and decision.changed.state.offers.rematch is FIRST
    agreed = decide(decision.changed, ACTORS["o"], Rematch(), now=NOW).rematch
    assert agreed is not None and agreed.rated
    assert [p and p.name for p in agreed.players] == ["bea", "ana"]


def test_a_restart_holds_the_clock_of_the_player_it_sent_away_until_their_page_is_back() -> None:
    live = STATES["timed"][0]  # X's clock runs since 0, an hour to play
    before = live.state.clock.remaining(FIRST, NOW)  # type: ignore[union-attr]
    held_round = decided(live, "clock", Hold())
    assert held_side(held_round, NOW + 1) is FIRST
    assert held_round.falls_at == NOW + HOLD_SECONDS + before / 1000
    # Away 1.5 s: nothing of it is charged; the move half a second after the page is back is.
    back = decide(held_round, ARBITER, Resume(FIRST), now=NOW + 1.5).changed
    assert back is not None and held_side(back, NOW + 1.5) is None
    moved = decide(back, ACTORS["x"], Move("9"), now=NOW + 2.0).changed
    assert moved is not None and moved.state.clock is not None
    assert moved.state.clock.left[FIRST.value] == before - 500
    # A page that never comes back is charged from HOLD_SECONDS on; the clock falls that late.
    late = decide(held_round, ACTORS["x"], Move("9"), now=NOW + HOLD_SECONDS + 2.0).changed
    assert late is not None and late.state.clock is not None
    assert late.state.clock.left[FIRST.value] == before - 2_000
    # The other side's page coming back, or a hold asked twice, changes nothing.
    assert decide(held_round, ARBITER, Resume(SECOND), now=NOW + 1).changed is None
    assert decide(held_round, ARBITER, Hold(), now=NOW + 1).changed is None
