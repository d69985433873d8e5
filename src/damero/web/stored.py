"""A round as the storage keeps it and as its changes travel between processes: read from a stored
game, written as one, a decision turned into the change to commit, and another process's change
followed without reading the game again.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from damero.core import SIDES, Game, Side
from damero.progress import NO_OFFERS, Clock, Ending, GameInProgress, Offers, Result, Seat
from damero.registry import find_game
from damero.round import Player, Round
from damero.web.checks import WebError
from damero.web.storage import Change, StoredGame
from damero.web.storage import Seat as StoredSeat

SEAT_NAMES = {Side.FIRST: "first", Side.SECOND: "second"}
SIDE_OF_NAME = {name: side for side, name in SEAT_NAMES.items()}
ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_ID = 32


def is_game_id(text: object) -> bool:
    """Whether `text` may be a game's id: the letters, digits, `-` and `_` of the ids the server
    makes, 1 to 32 of them. Anything else names no game, and is never looked for.

    >>> is_game_id("hF3k-9_xQz2L"), is_game_id("a b"), is_game_id("\\x00")
    (True, False, False)
    """
    return isinstance(text, str) and 0 < len(text) <= MAX_ID and set(text) <= ID_CHARACTERS


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def side_name(side: Side | None) -> str | None:
    return None if side is None else SEAT_NAMES[side]


def game_of(name: object, options: object) -> Game[Any, Any]:
    """The game called `name` with `options`; WebError for an unknown game or option."""
    try:
        game = find_game(str(name))
    except KeyError:
        raise WebError("web.unknown_game", name=str(name)[:40]) from None
    if not isinstance(options, Mapping) or any(
        key not in game.options or type(value) is not int or value not in game.options[key]
        for key, value in options.items()
    ):
        raise WebError("web.bad_options", game=game.name)
    return game.variant(**options)


def format_round(live: Round) -> str:
    """What the players and the clock added to a game's moves, as stored: its result if they
    gave it, the offers standing, the clock, and the rematch's game."""
    state = live.state
    decided, offers, clock = state.decided, state.offers, state.clock
    if decided is None and offers == NO_OFFERS and clock is None and live.next_game is None:
        return _PLAIN_ROUND  # most moves of an untimed game: written once, not at each move
    return _sorted_json(
        {
            "result": None
            if decided is None
            else {"winner": side_name(decided.winner), "reason": decided.ending.value},
            "offers": {
                "draw": side_name(offers.draw),
                "undo": side_name(offers.undo),
                "rematch": side_name(offers.rematch),
            },
            "clock": None
            if clock is None
            else {
                "initial": clock.initial,
                "increment": clock.increment,
                "left": list(clock.left),
                "running": side_name(clock.running),
                "since": clock.since,
                "started": clock.started,
            },
            "next": live.next_game,
        }
    )


_sorted_json = json.JSONEncoder(sort_keys=True, check_circular=False).encode
"""`json.dumps(..., sort_keys=True)` without making an encoder at each move."""
_PLAIN_ROUND = _sorted_json(
    {
        "result": None,
        "offers": {"draw": None, "undo": None, "rematch": None},
        "clock": None,
        "next": None,
    }
)
"""`format_round` of a game nobody ended, with no offer standing, no clock and no rematch."""


def parse_round(live: Round, text: str | None) -> Round:
    """`live` with the round `format_round` wrote."""
    if not text:
        return live
    state, next_game = _with_round(live.state, text)
    return replace(live, state=state, next_game=next_game)


def _with_round(state: GameInProgress, text: str) -> tuple[GameInProgress, str | None]:
    """`state` with the standing, offers and clock of the round `format_round` wrote, and the
    round's rematch."""
    stored = json.loads(text)
    result, offers, clock = stored["result"], stored["offers"], stored["clock"]
    state = replace(
        state,
        decided=None
        if result is None
        else Result(SIDE_OF_NAME.get(result["winner"]), Ending(result["reason"])),
        offers=Offers(*(SIDE_OF_NAME.get(offers[name]) for name in ("draw", "undo", "rematch"))),
        clock=None if clock is None else _clock_of(state, clock),  # of the moves alone
    )
    return state, stored["next"]


def _clock_of(state: GameInProgress, stored: dict[str, Any]) -> Clock:
    running = SIDE_OF_NAME.get(stored["running"])
    started = stored.get("started")
    if "started" not in stored and state.each_side_moved(len(state.moves)):
        # Stored before the clock said when it began: it began once each side had moved.
        started = next(
            count for count in range(len(state.moves) + 1) if state.each_side_moved(count)
        )
    return Clock(
        stored["initial"],
        stored["increment"],
        (stored["left"][0], stored["left"][1]),
        running,
        stored["since"],
        started,
    )


def round_of(stored: StoredGame) -> Round:
    """The round a stored game holds."""
    game = game_of(stored.game, stored.options)
    start = game.parse_position(stored.start)
    first, second = (Seat(seat.level) for seat in stored.seats)
    state = GameInProgress.replayed(
        game, start=start, texts=stored.moves, seats=(first, second), version=stored.version
    )
    holders = (stored.seats[0].token_hash, stored.seats[1].token_hash)
    live = Round(
        stored.id,
        state,
        holders,
        stored.created,
        stored.mode,
        players=stored.players,
        rated=stored.rated,
        rating_range=stored.rating_range,
    )
    return parse_round(live, stored.round)


def stored_of(live: Round) -> StoredGame:
    """A new round as the storage keeps it."""
    state = live.state
    return StoredGame(
        id=live.id,
        game=state.game.name,
        options=live.options,
        start=state.game.format_position(state.start),
        moves=state.move_texts,
        version=state.version,
        finished=state.is_over,
        seats=(
            StoredSeat(live.holders[0], state.seats[0].level),
            StoredSeat(live.holders[1], state.seats[1].level),
        ),
        created=live.created,
        mode=live.mode,
        round=format_round(live),
        falls_at=live.falls_at,
        players=live.players,
        rated=live.rated,
        rating_range=live.rating_range,
    )


def change_of(
    live: Round,
    changed: Round,
    *,
    now: float,
    gone: tuple[Side, float] | None = None,
    rematch: Round | None = None,
) -> Change:
    """The change that takes `live` to `changed` at `now`: only the moves it adds are formatted,
    whatever the game's length. `gone` and `rematch` are a claim's condition and an agreed
    rematch's game, committed with it."""
    state = changed.state
    kept = min(len(live.state.moves), len(state.moves))
    # A move keeps the very holders and players (`Round.played`): nothing to compare then.
    joined = None
    if changed.holders is not live.holders:
        joined = next(
            (
                (side.value, key)
                for side in SIDES
                if (key := changed.holders[side.value]) != live.holders[side.value]
                and key is not None
            ),
            None,
        )
    return Change(
        live.id,
        version=live.version,
        first=kept,
        moves=tuple(map(state.game.format_move, state.moves[kept:])),
        finished=state.is_over,
        is_take_back=kept < len(live.state.moves),
        round=format_round(changed),
        falls_at=changed.falls_at,
        moved_at=now,
        joined=joined,
        forced=len(state.forced),
        gone=None if gone is None else (gone[0].value, gone[1]),
        rematch=None if rematch is None else stored_of(rematch),
        seated=()
        if changed.players is live.players
        else tuple(
            (side.value, player.name, player.account, player.rating)
            for side in SIDES
            if (player := changed.players[side.value]) is not None
            and player != live.players[side.value]
        ),
        result=result_of(changed) if state.is_over and not live.state.is_over else None,
    )


def result_of(live: Round) -> tuple[str, str]:
    """How a game ended, as stored: 'first', 'second' or 'draw', and why."""
    result = live.state.result
    assert result is not None
    return side_name(result.winner) or "draw", result.ending.value


def followed(live: Round, change: Change) -> Round:
    """`live` after `change`, committed by another process over the version held here: the moves
    it adds are parsed, never the game replayed, and played as the rules' own, since the process
    that committed them judged them on this game. WebError if the moves held here are not those
    it was made on: the game is then read afresh."""
    held = len(live.state.moves)
    if change.first > held or (change.first < held and not change.is_take_back):
        raise WebError("web.moved_on")
    state = live.state.continued(
        change.first, change.moves, version=change.version + 1, forced=change.forced
    )
    holders = list(live.holders)
    if change.joined is not None:
        holders[change.joined[0]] = change.joined[1]
    players = list(live.players)
    for side, name, account, rating in change.seated:
        players[side] = Player(name, account, rating)
    next_game = live.next_game
    if change.round == _PLAIN_ROUND and state.decided is None:
        if state.offers != NO_OFFERS or state.clock is not None:
            state = replace(state, offers=NO_OFFERS, clock=None)
        next_game = None  # most moves of an untimed game: nothing to read, nothing to copy
    elif change.round:  # the round read into the state at once: one copy of each, not two
        state, next_game = _with_round(state, change.round)
    return Round(  # made at once: `replace` reads the fields' list again at every call
        id=live.id,
        state=state,
        holders=(holders[0], holders[1]),
        created=live.created,
        mode=live.mode,
        next_game=next_game,
        players=(players[0], players[1]),
        rated=live.rated,
        rating_range=live.rating_range,
    )
