"""The socket protocol: the messages a page sends (parsed in one place into the round's requests,
every refusal a catalogue message) and the states it is sent, and the loop that serves one socket.

A socket that (re)connects is sent the whole state at the version held, so a reload or a dropped
socket never skips or repeats a move; every state carries the game's version, and a request names
the version it was made at. After that, a socket that asks for events is sent what each change
did (`event_message`), built at a cost that does not grow with the game's length. What a socket is
sent is written at once where the socket takes it without waiting, else waits in its own queue
(web/outbox.py), so no socket waits for another.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from damero.core import SIDES, Message, Side
from damero.errors import DameroError
from damero.i18n import Catalog
from damero.progress import NO_OFFERS, Clock, GameInProgress
from damero.results import result_words, rules_reason, side_titles
from damero.round import (
    CLAIMS,
    OFFERS,
    Claim,
    Decline,
    Draw,
    Hint,
    Move,
    Person,
    Player,
    Refused,
    Rematch,
    Request,
    Resign,
    Round,
    Sit,
    Undo,
    seat_refusal,
)
from damero.web import checks
from damero.web.boards import (
    EMPTY,
    cell_mask,
    cells_of_mask,
    changed_cells,
    drawn,
    layout_resource,
    move_clicked,
    sides_json,
)
from damero.web.checks import WebError
from damero.web.computer import ComputerTurns
from damero.web.jsontext import compact_json
from damero.web.levels import measured_rating, rating_game
from damero.web.limits import TokenBucket, address_of
from damero.web.outbox import Outbox
from damero.web.refusals import catalog_for, refusal
from damero.web.rooms import Rooms, Seen
from damero.web.sayings import SAYINGS
from damero.web.storage import Change, DatabaseFault, hash_token
from damero.web.stored import SEAT_NAMES, side_name

MAX_MESSAGE = 2_000
"""The longest message read, in characters; every real message is far shorter."""
MAX_CLICKS = 8
"""The most cells a move's clicks name; every board's moves take one or two."""
BURST, PER_SECOND = 60, 20.0
"""A socket may send BURST messages at once and PER_SECOND on average; more are refused."""


@dataclass(frozen=True, slots=True)
class Asked:
    """A request to the round, at the version its sender saw (None: whatever the version, for a
    hint)."""

    version: int | None
    request: Request


@dataclass(frozen=True, slots=True)
class Clicked:
    """`{"type": "move", "version": 7, "cells": [12, 16]}`: the move the board makes with these
    clicks (cells' indexes in its layout), as the page sends it."""

    version: int
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sync:
    """`{"type": "sync", "lang": "es"}`: the whole state again, in that language from now on."""

    language: str | None


@dataclass(frozen=True, slots=True)
class Say:
    """`{"type": "say", "message": "good_luck"}`: one of the players' short messages (SAYINGS)."""

    message: str


Incoming = Asked | Clicked | Sync | Say
PLAIN: dict[str, Request] = {
    "undo": Undo(),
    "resign": Resign(),
    "draw": Draw(),
    "rematch": Rematch(),
}


def parse_message(text: str | None) -> Incoming:
    """The message a socket sent; WebError saying what is wrong with it. Every message but
    `hint` and `sync` names the version it was made at:

    `{"type": "move", "version": 7, "move": "3 4"}` (or `"cells": [23]`, the cells clicked on the
    board), `{"type": "undo" | "resign" | "draw" |
    "rematch", "version": 7}`, `{"type": "decline", "version": 7, "offer": "draw"}` (one of
    OFFERS), `{"type": "claim", "version": 7, "result": "win"}` (one of CLAIMS),
    `{"type": "hint"}`, `{"type": "sync", "lang": "es"}`, `{"type": "say", "message":
    "thanks"}` (one of SAYINGS).
    """
    if text is None:
        raise WebError("web.bad_message")
    if len(text) > MAX_MESSAGE:
        raise WebError("web.too_long", limit=MAX_MESSAGE)
    message = checks.json_object(text)
    kind = message.get("type")
    if kind == "move":  # nearly every message: its checks first
        version = checks.field(message, "version", int)
        if "cells" in message:
            cells = checks.field(message, "cells", list)
            if not 0 < len(cells) <= MAX_CLICKS or any(type(cell) is not int for cell in cells):
                raise WebError("web.bad_field", name="cells")
            return Clicked(version, tuple(cells))
        return Asked(version, Move(checks.field(message, "move", str)))
    if kind == "hint":
        return Asked(None, Hint())
    if kind == "sync":
        language = message.get("lang")
        return Sync(language if isinstance(language, str) else None)
    if kind == "say":
        said = checks.field(message, "message", str)
        if said not in SAYINGS:
            raise WebError("web.bad_word", name="message", allowed=", ".join(SAYINGS))
        return Say(said)
    if kind not in ("decline", "claim", *PLAIN):
        raise WebError("web.bad_message")
    version = checks.field(message, "version", int)
    if kind in ("decline", "claim"):
        name, allowed = ("offer", OFFERS) if kind == "decline" else ("result", CLAIMS)
        word = checks.field(message, name, str)
        if word not in allowed:
            raise WebError("web.bad_word", name=name, allowed=", ".join(allowed))
        return Asked(version, Decline(word) if kind == "decline" else Claim(word))
    return Asked(version, PLAIN[str(kind)])


def describe(
    state: GameInProgress,
    count: int,
    catalog: Catalog,
    *,
    drawing: dict[str, Any] | None = None,
    reader: frozenset[Side] = frozenset(),
) -> dict[str, object]:
    """What a page draws for the position after the first `count` moves of `state` on its game's
    layout: whose turn it is (nobody's once it is over, however it ended), the result and its
    words for `reader` (the sides the page plays: "You lost" to one, "X won" to a spectator or
    to both sides on one screen; no words while the game goes on: the page says whose turn it is
    and counts what the layout counts), the pieces, the targets and the last turn (the move a
    side chose and those the rules then made on their own, a forced pass, which `forced` says
    in words). `drawing` is `drawn_last`'s, if made already."""
    result = state.result_at(count)
    return {
        "turn": None if result is not None else side_name(state.to_move(count)),
        "winner": None if result is None else side_name(result.winner),
        "over": result is not None,
        "status": result_lines(state, count, catalog, reader),
        "forced": [catalog.say(notice) for notice in state.notices(state.last_turn(count))],
        **(drawing or drawn_last(state, count)),
    }


def result_lines(
    state: GameInProgress, count: int, catalog: Catalog, reader: frozenset[Side]
) -> list[str]:
    """The result after the first `count` moves in words for `reader`, the sides named as the
    page names them; [] while the game goes on."""
    result = state.result_at(count)
    if result is None:
        return []
    game = state.game
    words = result_words(
        game, state.positions[count], result, reader=reader, names=side_titles(game)
    )
    return [catalog.say(line) for line in words]


def drawn_last(state: GameInProgress, count: int) -> dict[str, Any]:
    """The position after the first `count` moves of `state` on the layout, its last turn
    marked."""
    turn = state.last_turn(count)
    before = state.positions[turn.start] if count else None
    return drawn(state.game, state.positions[count], state.moves[turn.start : count], before=before)


def movers(state: GameInProgress, first: int = 0) -> list[str]:
    """The seat that made each move from number `first` on, for a move list in two columns."""
    return [SEAT_NAMES[state.mover(index)] for index in range(first, len(state.moves))]


def whole_state(
    live: Round, shared: dict[str, object], personal: dict[str, object]
) -> dict[str, object]:
    """The state with its version and every move so far, of which events say what changed."""
    return {
        "type": "state",
        "version": live.version,
        "moves": list(live.state.move_texts),
        "movers": movers(live.state),
        **shared,
        **personal,
    }


def typed_fields(
    live: Round, shared: dict[str, object], catalog: Catalog, sides: frozenset[Side]
) -> dict[str, object]:
    """What a program that plays by text is sent beside the board (a socket that takes no events,
    as the page does, gets whole states): the position's text and its legal moves as a player
    types them, the result in words for its reader (`sides`), which the page words itself
    from the result's codes, and the moves the rules made on their own at this version in
    words (`notices`), which the page says from `forced`."""
    state = live.state
    legal = state.position.legal_moves() if shared["turn"] is not None else ()
    result = state.result
    return {
        "position": state.game.format_position(state.position),
        "legal": [state.game.format_move(move) for move in legal],
        "winner": None if result is None else side_name(result.winner),
        "status": result_lines(state, len(state.moves), catalog, sides),
        "notices": [catalog.say(forced.notice) for forced in state.forced],
    }


def event_message(
    change: Change,
    live: Round,
    before: Shown,
    shared: dict[str, object],
    personal: dict[str, object],
    *,
    common: tuple[dict[str, object], dict[str, object]] | None = None,
) -> dict[str, object]:
    """`{"type": "event", "version": 8, "add": "25", "put": "25b29.", "targets": "a403",
    "clock": 598013}`: what `change` did to the state a client holds at version `version - 1`
    (`before`: that version, the views it was shown, its number of moves and its clock). Its
    moves from number `keep` on (all of them when absent) become `add` (one move as a string
    alone), made by `movers`, then `put` sets the pieces of some cells (`_put_form`) and every
    other field sent replaces the state's, but for these short forms and defaults:

    - Sides alternate: `movers`, when absent, alternate from the side whose turn it was; after
      moves `turn`, when absent, is the side after the last one's, and after a take-back (`keep`
      and no moves) the side that made the first move taken back, and nobody offers a take-back
      any more (`offers.undo` is none).
    - After moves, `targets` and `forced`, when absent, are none; a string of targets is a mask
      of cells (`cell_mask`), each a target clicked once, in the order of their indexes. `last`,
      when absent, is the cells `put` fills or empties (not those whose piece only changes
      kind, as a disc turned over), in the order `put` names them.
    - `clock`, absent while the clock is as it was, comes as its times (`_clock_form`).
    - A field whose value is an object (`offers`) may come as its values alone, in its keys'
      order, or as `name.key` for each key that changed (`_in_part`).
    - `result` is `[winner, reason]`, or `[winner, why]` where the rules ended the game (`why` is
      a list, the reason a word; a key of `why` without a dot is the game's own); a result ends the game: `over` is then true, `turn` none and
      `analysable` true.
    - `decisive` as a list is its cells' indexes, and as `=` and kinds of pieces (`"=b"`) the
      mask of the cells that hold them.

    events.js applies it. What is the same for every client in a language that held the same view
    (`common`, from `shared_event`) may be given, built once for them all."""
    head, same = common or shared_event(change, live, before, shared)
    return {**head, **same, **personal_event(change, before[2], personal)}


def personal_event(
    change: Change, old_personal: dict[str, object], personal: dict[str, object]
) -> dict[str, object]:
    """`event_message`'s part that is the client's own: what changed of its personal view
    (`old_personal`, as it holds it), after the shared part, whose fields it never names."""
    if change.moves:
        # After moves the targets are sent whenever there are any (none is the default): they
        # are never compared.
        targets = personal["targets"]
        fields = {"targets": targets} if targets else {}
        for name, value in personal.items():
            if name != "targets":
                was = old_personal.get(name, _ABSENT)
                if was is not value and was != value:  # most are the very same values
                    fields[name] = value
    else:
        fields = changed(old_personal, personal)
    targets = fields.get("targets")
    if isinstance(targets, list) and _ascending_cells(targets):
        fields["targets"] = _cells_form(targets)
    for name, value in list(fields.items()):
        was = old_personal.get(name)
        if isinstance(value, dict) and isinstance(was, dict):
            del fields[name]
            fields.update(_in_part(name, was, value))
    return fields


def shared_event(
    change: Change, live: Round, before: Shown, shared: dict[str, object]
) -> tuple[dict[str, object], dict[str, object]]:
    """`event_message`'s part that is the same for every client in one language that held the
    same view before (`before`): its head (type, version, the moves and the pieces) and the
    shared fields that changed, built once for them all."""
    _, old_shared, _, count, old_clock = before
    event: dict[str, object] = {"type": "event", "version": change.version + 1}
    if change.first != count:
        event["keep"] = change.first
    fields = changed_view(old_shared, shared)
    if "clock" in fields and old_clock is not None and shared["clock"] is not None:
        del fields["clock"]
        fields.update(_clock_form(old_clock, live.state.clock, old_shared, shared))
    if change.moves and fields.get("forced") == []:
        del fields["forced"]
    if change.moves:
        event["add"] = change.moves[0] if len(change.moves) == 1 else list(change.moves)
        made = movers(live.state, change.first)
        if made != alternating(old_shared["turn"], len(made)):
            event["movers"] = made
        if shared["turn"] == alternating(made[-1], 2)[1]:
            fields.pop("turn", None)
        elif "turn" not in fields:
            fields["turn"] = shared["turn"]
    elif change.first != count:
        # Taken back: the side that made the first move taken back is to move again.
        if shared["turn"] == side_name(live.state.positions[change.first].side_to_move):
            fields.pop("turn", None)
        elif "turn" not in fields:
            fields["turn"] = shared["turn"]
        # and the take-back asked is given: no side asks for one any more.
        offers = old_shared["offers"]
        assert isinstance(offers, dict)
        old_shared = {**old_shared, "offers": {**offers, "undo": None}}
        fields.pop("offers", None)
        fields.update(changed(old_shared, {"offers": shared["offers"]}))
    pieces = fields.pop("pieces", None)
    put: tuple[int, ...] = ()
    if pieces is not None:
        assert isinstance(pieces, str)
        old = old_shared["pieces"]
        assert isinstance(old, str)
        put = changed_cells(old, pieces)
        event["put"] = _put_form(put, pieces)
    if change.moves:
        old, new = str(old_shared["pieces"]), str(shared["pieces"])
        if shared["last"] == [index for index in put if EMPTY in (old[index], new[index])]:
            fields.pop("last", None)
        else:
            fields["last"] = shared["last"]
    result = fields.get("result")
    if isinstance(result, dict):
        why = result.get("why")
        if isinstance(why, list):
            key, *values = why
            own = f"{live.state.game.name}."
            why = [key.removeprefix(own) if key.startswith(own) else key, *values]
        fields["result"] = [result["winner"], why or result["reason"]]
        for name, implied in (("over", True), ("turn", None), ("analysable", True)):
            if fields.get(name, implied) == implied:
                fields.pop(name, None)
    decisive = fields.get("decisive")
    if isinstance(decisive, str) and decisive:
        fields["decisive"] = _decisive_form(decisive, str(shared["pieces"]))
    for name, value in list(fields.items()):
        was = old_shared.get(name)
        if isinstance(value, dict) and isinstance(was, dict):
            del fields[name]
            fields.update(_in_part(name, was, value))
    return event, fields


def _in_part(name: str, old: dict[str, Any], new: dict[str, Any]) -> dict[str, object]:
    """The field `name` that was `old` and is `new`, both objects of the same keys, in the
    shortest of three forms: whole; its values alone, in its keys' order (`"offers": [null,
    "first", null]`); or each key that changed as `name.key` (`"offers.undo": null`)."""
    forms: list[dict[str, object]] = [{name: new}]
    if list(old) == list(new) and not any(key.isdigit() for key in new):
        forms.append({name: list(new.values())})
    if set(old) == set(new):
        forms.append({f"{name}.{key}": value for key, value in new.items() if old[key] != value})
    return min(forms, key=_size)


def _clock_form(
    old: Clock, new: Clock | None, old_shared: dict[str, Any], shared: dict[str, Any]
) -> dict[str, object]:
    """The clock's part of an event, in few bytes: nothing while the clock is as it was (the page
    goes on counting the running side down); else its times, never its fixed initial time and
    increment, which the state holds. The side to move after the event runs, or nobody once
    the game is over, unless a third value says who.

    A time is left out only where the page holds it exactly: a side whose time did not run in
    the view before holds the time its clock stopped at, whenever the page took it (a running
    time is as it was when each view was made, so a page that took a whole state since holds
    another). Where only the time of the side that was to move is needed, it comes alone, as a
    number: `"clock": 598013`; else `"clock": [598013, 600000]`, or with `"first"`, `"second"`
    or null after them when who runs is not the default."""
    view, was = shared["clock"], old_shared["clock"]
    if new == old and view["running"] == was["running"]:
        return {}
    running = shared["turn"] if shared["result"] is None else None
    needed = {
        name
        for side, name in SEAT_NAMES.items()
        if was["running"] == name or new is None or new.left[side.value] != was[name]
    }
    if view["running"] == running and needed <= {old_shared["turn"]} and old_shared["turn"]:
        return {"clock": view[old_shared["turn"]]}
    times = [view["first"], view["second"]]
    return {"clock": times if view["running"] == running else [*times, view["running"]]}


def _put_form(cells: Sequence[int], pieces: str) -> str:
    """`"40b50bbb"`: the new pieces of `cells` (in ascending order), each as its cell's index
    and its piece's character, where a piece on the cell after the one before it is its
    character alone (a row of discs turned over)."""
    parts: list[str] = []
    after = -1
    for index in cells:
        parts.append(pieces[index] if index == after else f"{index}{pieces[index]}")
        after = index + 1
    return "".join(parts)


def _size(value: object) -> int:
    """The characters `value` takes in a message."""
    return len(compact_json(value))


def _cells_form(cells: list[Any]) -> list[Any] | str:
    """`_ascending_cells` in fewer characters: themselves, or their mask (`cell_mask`) where it
    is shorter, measured without encoding them."""
    mask = cell_mask(cells)
    listed = sum(len(str(cell)) for cell in cells) + len(cells) + 1  # with brackets and commas
    return mask if len(mask) + 2 < listed else cells


def _ascending_cells(targets: list[object]) -> bool:
    """Whether `targets` are cells clicked once, in the order of their indexes, each once: a
    mask says them all."""
    cells = [target for target in targets if type(target) is int]
    return bool(cells) and len(cells) == len(targets) and cells == sorted(set(cells))


def _decisive_form(mask: str, pieces: str) -> str | list[int]:
    """The shortest form of the decisive cells' `mask`: itself, the cells' indexes (a trapped
    mouse and its cats), or `=` and the kinds of pieces its cells hold, when those cells are
    exactly the cells holding those kinds (an Othello winner's discs)."""
    cells = cells_of_mask(mask)
    forms: list[str | list[int]] = [mask, cells]
    kinds = {pieces[index] for index in cells}
    if EMPTY not in kinds and cell_mask(i for i, c in enumerate(pieces) if c in kinds) == mask:
        forms.append("=" + "".join(sorted(kinds)))
    return min(forms, key=_size)


def alternating(side: object, count: int) -> list[object]:
    """`count` sides taking turns from `side` (a seat's name), as an event's defaults are."""
    sides = [side]
    while len(sides) < count:
        sides.append(_OTHER.get(str(sides[-1])))
    return sides[:count]


_OTHER = {"first": "second", "second": "first"}


def changed(old: dict[str, object], new: dict[str, object]) -> dict[str, object]:
    """The fields of `new` whose values are not `old`'s (two views of a game, shown one after
    the other), each sent whole."""
    return {key: value for key, value in new.items() if old.get(key, _ABSENT) != value}


_ABSENT = object()


class View(dict[str, object]):
    """A view of a game (`shared_view`) that knows the part of it no move changes (`fixed`, the
    same object from one view to the next while it holds), so that what a move changed is found
    among the other fields alone."""

    __slots__ = ("fixed", "moving")

    def __init__(self, fixed: dict[str, object], moving: dict[str, object]) -> None:
        super().__init__(fixed)
        self.update(moving)
        self.fixed, self.moving = fixed, moving


def changed_view(old: dict[str, object], new: dict[str, object]) -> dict[str, object]:
    """`changed` of two shared views, the fields no move changes compared only if they are not
    the very same as before."""
    if isinstance(old, View) and isinstance(new, View) and old.fixed is new.fixed:
        was = old.moving
        return {
            key: value
            for key, value in new.moving.items()
            if (held := was[key]) is not value and held != value
        }
    return changed(old, new)


def shared_view(live: Round, catalog: Catalog, drawing: dict[str, Any]) -> View:
    """What every client in `catalog`'s language is shown of a game but its moves, its version and
    what is its own (its seat, what it may do, the targets of its turn): built again at each
    version, at a cost that does not grow with the game's length; its part that moves do not
    change (who sits where, the mode, the sides' names) is built once while it holds."""
    state = live.state
    game = state.game
    result, offers, clock = state.result, state.offers, state.clock
    now = 0.0 if clock is None else time.time()
    return View(
        _fixed_view(live, catalog),
        {
            "thinking": state.computer_to_move is not None,
            "analysable": live.may_help,
            "result": result_json(state),
            "offers": _NO_OFFERS_JSON
            if offers is NO_OFFERS
            else {name: side_name(getattr(offers, name)) for name in OFFERS},
            "clock": None
            if clock is None
            else {
                "first": clock.remaining(Side.FIRST, now),
                "second": clock.remaining(Side.SECOND, now),
                "initial": clock.initial,
                "increment": clock.increment,
                "running": None if clock.is_held(now) else side_name(clock.running),
            },
            "turn": None if result is not None else side_name(state.to_move(len(state.moves))),
            "over": result is not None,
            "forced": [
                game.notices.index(notice)
                for notice in state.notices(state.last_turn(len(state.moves)))
            ],
            "pieces": drawing["pieces"],
            "last": drawing["last"],
            "decisive": drawing["decisive"],
        },
    )


_NO_OFFERS_JSON: dict[str, object] = {name: side_name(getattr(NO_OFFERS, name)) for name in OFFERS}
"""The offers of a view where nobody offers anything, as most are: made once."""


def _fixed_view(live: Round, catalog: Catalog) -> dict[str, object]:
    """`shared_view`'s fields that no move changes, made again only when what they show is no
    longer the same (a seat taken, a name given, another game)."""
    state = live.state
    key = (live.id, catalog.language)
    since = (live.holders, live.players, state.seats, live.mode, live.rated, state.game)
    kept = _fixed.get(key)
    if kept is not None and kept[0] == since:  # a tuple's items are compared by identity first
        return kept[1]
    game = state.game
    fixed: dict[str, object] = {
        "id": live.id,
        "game": game.name,
        "options": live.options,
        "mode": live.mode,
        "seats": {SEAT_NAMES[side]: {"computer": state.seat(side).level} for side in SIDES},
        "players": {SEAT_NAMES[side]: seat_json(live, side) for side in SIDES},
        "rated": live.rated,
        "open_seat": side_name(live.open_seat),
        "sides": sides_json(game, catalog),
        "layout": layout_resource(game, catalog.language)[0],
    }
    while len(_fixed) >= FIXED_KEPT:
        del _fixed[next(iter(_fixed))]
    _fixed[key] = (since, fixed)
    return fixed


FIXED_KEPT = 8192
"""Games and languages whose fixed views are kept: a few for each game being watched."""
_fixed: dict[tuple[str, str], tuple[tuple[object, ...], dict[str, object]]] = {}


def result_json(state: GameInProgress) -> dict[str, object] | None:
    """`{"winner": "first", "reason": "rules", "why": ["othello.ending_won", 24, 40]}`: how the
    game ended in codes, which each page words for its own reader (`damero.results` words them
    alike): the winner's seat (None: a draw), the `Ending`, and where the rules ended it, their
    reason as a catalogue key and its values (`message_json`); None while the game goes on."""
    result = state.result
    if result is None:
        return None
    coded: dict[str, object] = {"winner": side_name(result.winner), "reason": result.ending.value}
    reason = rules_reason(state.game, state.position, result)
    if reason is not None:
        coded["why"] = message_json(reason)
    return coded


def message_json(message: Message) -> list[object]:
    """A catalogue message as a page words it: its key, then its values in the order of their
    names (`["othello.ending_won", 23, 41]`: `loser_discs`, then `winner_discs`), each value that
    is a message itself in the same form; the page finds the names in its catalogue's words,
    which name every value in both languages."""
    values = [
        message_json(value) if isinstance(value, Message) else value
        for _, value in sorted(message.values.items())
    ]
    return [message.key, *values]


def player_json(player: Player | None, level: int | None = None) -> dict[str, object]:
    """Who sits at a side, as the pages show it: `kind` is `account`, `guest` (a name typed for
    an anonymous seat, which is no account), `deleted`, `computer` (at `level`) or `anonymous`
    (nobody gave a name); `rating` is an account's when it sat down."""
    if level is not None:
        kind = "computer"
    elif player is None:
        kind = "anonymous"
    elif player.is_guest:
        kind = "guest"
    else:
        kind = "deleted" if player.account is None else "account"
    rating = None if player is None or player.rating is None else round(player.rating)
    return {
        "kind": kind,
        "name": None if player is None else player.name,
        "level": level,
        "rating": rating,
    }


def seat_json(live: Round, side: Side) -> dict[str, object]:
    """Who sits at `side` of `live`; the computer with its level's rating as it sat down (as
    damero measured it, in a game stored before the computer's seat kept one)."""
    level = live.state.seat(side).level
    shown = player_json(live.players[side.value], level)
    if level is not None and shown["rating"] is None:
        game = rating_game(live.state.game.name, live.options)
        shown["rating"] = round(measured_rating(level, game).rating)
    return shown


def personal_view(
    live: Round,
    sides: frozenset[Side],
    targets: object,
    catalog: Catalog,
    *,
    token: str | None,
    seen: Seen,
) -> dict[str, object]:
    """What one client is shown of a game for its seat: its sides, what it may do (the board's
    `targets` if it is to move) and its way into the rematch (`token` is its own); the page words
    the result for its seat from the shared view's codes."""
    state = live.state
    turn = state.side_to_move
    mine = turn is not None and turn in sides and state.decided is None
    seat = _seats.get(sides)
    if seat is None:
        seat = _seats[sides] = sorted(SEAT_NAMES[side] for side in sides)
    # At once where nobody else is asked (`can_take_back_at_once`), else by asking the other.
    may_ask = bool(sides) and not live.rated
    return {
        "targets": targets if mine else [],
        "seat": seat,
        "can_undo": may_ask and (live.has_two_people or state.can_take_back),
        **presence_fields(seen, sides),
        "next": None
        if live.next_game is None
        else {"id": live.next_game, **({"token": token} if token and sides else {})},
    }


_seats: dict[frozenset[Side], list[str]] = {}
"""Each set of sides' seat names as a view gives them, made once."""


def presence_message(seen: Seen, sides: frozenset[Side]) -> dict[str, object]:
    """`{"type": "presence", "presence": {"first": true, "second": false}, "can_claim": false}`:
    who has the game open, on any server, and whether this client may claim it for the other's
    absence."""
    return {"type": "presence", **presence_fields(seen, sides)}


def presence_fields(seen: Seen, sides: frozenset[Side]) -> dict[str, object]:
    """Who has the game open and whether `sides` may claim it: one value for each of the few
    answers, made once and shared (not to be changed), as a move tells it to every socket."""
    key = (seen.here, bool(sides & seen.claimants))
    fields = _presences.get(key)
    if fields is None:
        fields = _presences[key] = {
            "presence": {SEAT_NAMES[side]: seen.here[side.value] for side in SIDES},
            "can_claim": key[1],
        }
    return fields


_presences: dict[tuple[tuple[bool, bool], bool], dict[str, object]] = {}


def replay_document(
    state: GameInProgress, catalog: Catalog, *, analysable: bool = True
) -> dict[str, object]:
    """A game as the replay page walks it: each position as `describe` gives it. A game between
    two people still being played is not `analysable`: its replay links to no analysis."""
    game = state.game
    return {
        "game": game.name,
        "options": {name: getattr(game, name) for name in game.options},
        "start": game.format_position(state.start),
        "moves": list(state.move_texts),
        "sides": sides_json(game, catalog),
        "movers": movers(state),
        "analysable": analysable,
        "layout": layout_resource(game, catalog.language)[0],
        "frames": [
            {
                "position": game.format_position(state.positions[shown]),
                **describe(state, shown, catalog),
                "targets": [],
            }
            for shown in range(len(state.positions))
        ],
    }


STATE_DEFAULTS: dict[str, object] = {
    "options": {},
    "seats": {name: {"computer": None} for name in ("first", "second")},
    "players": {name: player_json(None) for name in ("first", "second")},
    "rated": False,
    "open_seat": None,
    "thinking": False,
    "analysable": False,
    "result": None,
    "offers": dict.fromkeys(OFFERS),
    "clock": None,
    "over": False,
    "forced": [],
    "last": [],
    "decisive": "",
    "targets": [],
    "seat": [],
    "can_undo": False,
    "presence": {"first": False, "second": False},
    "can_claim": False,
    "next": None,
}
"""What a whole state sent to a page leaves out (`compact_state`); events.js holds the same."""


def compact_state(whole: dict[str, object]) -> dict[str, object]:
    """A whole state as a page that applies events is sent it, in fewer bytes (a join is most of
    a short game's): a field at its default (`STATE_DEFAULTS`) is left out, and of an object
    whose default has the same keys, each key at its default; `movers`, when they alternate
    from the first side; of a clock, each time that is its initial time, and who runs when
    nobody does; `targets` as a mask of cells where that is shorter. events.js,
    `wholeState`, gives the state back."""
    compact: dict[str, object] = {}
    for name, value in whole.items():
        default = STATE_DEFAULTS.get(name, _ABSENT)
        if value == default:
            continue
        if isinstance(default, dict) and isinstance(value, dict) and default.keys() == value.keys():
            value = {key: item for key, item in value.items() if item != default[key]}
        compact[name] = value
    moves = whole["moves"]
    assert isinstance(moves, list)
    if whole["movers"] == alternating("first", len(moves)):
        del compact["movers"]
    clock = compact.get("clock")
    if isinstance(clock, dict):
        compact["clock"] = {
            key: item
            for key, item in clock.items()
            if not (key in ("first", "second") and item == clock["initial"])
            and not (key == "running" and item is None)
        }
    targets = compact.get("targets")
    if isinstance(targets, list) and _ascending_cells(targets):
        compact["targets"] = _cells_form(targets)
    return compact


Shown = tuple[int, dict[str, object], dict[str, object], int, Clock | None]
"""What a client was sent last: the version, its shared and personal views, its number of moves
and its clock."""


@dataclass(eq=False)
class Client:
    """One socket watching or playing a game; `messages` refuses a flood, `hinting` a second hint
    while one is thought of. A client that applies `events` is sent what changed once it holds
    the version before; `shown` is the version and views it was sent last, `told` the presence
    it was told last. What it is sent goes through `outbox`."""

    socket: WebSocket
    sides: frozenset[Side]
    catalog: Catalog
    token: str | None = None
    outbox: Outbox = field(init=False)
    person: Person = field(init=False)
    messages: TokenBucket = field(default_factory=lambda: TokenBucket(BURST, PER_SECOND))
    hinting: bool = False
    events: bool = False
    shown: Shown | None = None
    told: dict[str, object] | None = None

    def __post_init__(self) -> None:
        self.outbox = Outbox(self.socket)
        self.person = Person(self.sides)  # made once: every move names who asks it

    @property
    def address(self) -> str:
        return address_of(self.socket)

    def send(self, message: dict[str, object]) -> None:
        self.outbox.put(as_json(message))

    def refuse(self, error: DameroError) -> None:
        self.send(refusal(error, self.catalog))

    def said(self, side: Side, message: str) -> None:
        words = self.catalog.text(f"page.say_{message}")
        self.send({"type": "said", "side": SEAT_NAMES[side], "message": message, "words": words})

    def notice(self, seen: Seen) -> None:
        fields = presence_fields(seen, self.sides)
        if fields != self.told:
            self.told = fields
            self.send({"type": "presence", **fields})

    def show(
        self, live: Round, seen: Seen, built: dict[object, Any], change: Change | None = None
    ) -> None:
        """Sends the event of `change` if this client holds the version before it, else the
        whole state; what every client in one language and seat is sent is built and encoded
        once."""
        language = self.catalog.language
        drawing = built.get("drawing")
        if drawing is None:
            state = live.state
            drawing = built["drawing"] = drawn_last(state, len(state.moves))
        shared = built.get(("view", language))
        if shared is None:
            shared = built["view", language] = shared_view(live, self.catalog, drawing)
        seat = (self.sides, self.token)
        personal = built.get(("personal", seat, language))
        if personal is None:
            personal = built["personal", seat, language] = personal_view(
                live, self.sides, drawing["targets"], self.catalog, token=self.token, seen=seen
            )
        shown, told = self.shown, self.told
        state = live.state
        self.told = presence_fields(seen, self.sides)
        self.shown = (state.version, shared, personal, len(state.moves), state.clock)
        if self.events and change is not None and shown is not None and shown[0] == change.version:
            # The presence it was told since its last view is part of what it holds.
            heard = _presence_key(told)
            key: tuple[object, ...] = ("event", language, seat, id(shown[1]), id(shown[2]), heard)
            sent = built.get(key)
            if sent is None:
                version, old_shared, old_personal, count, clock = shown
                if told is not None and not _holds(old_personal, told):
                    old_personal = {**old_personal, **told}
                held = (version, old_shared, old_personal, count, clock)
                same = ("same", language, id(old_shared))
                common = built.get(same)
                if common is None:
                    head, fields = shared_event(change, live, held, shared)
                    common = built[same] = as_json({**head, **fields})
                # The shared part is encoded once; each client's own fields follow it.
                own = personal_event(change, held[2], personal)
                sent = built[key] = f"{common[:-1]},{as_json(own)[1:]}" if own else common
        else:
            key = ("state", language, seat, self.events)
            sent = built.get(key)
            if sent is None:
                whole = whole_state(live, shared, personal)
                if self.events:
                    whole = compact_state(whole)
                else:
                    whole.update(typed_fields(live, shared, self.catalog, self.sides))
                sent = built[key] = as_json(whole)
        self.outbox.put(sent)


def _holds(personal: dict[str, object], told: dict[str, object]) -> bool:
    """Whether a personal view says the presence a client was told since (`presence_fields`'
    values are made once, so the same answer is the same objects), as nearly always."""
    return (
        personal.get("presence") is told["presence"]
        and personal.get("can_claim") is told["can_claim"]
    )


def _presence_key(told: dict[str, object] | None) -> tuple[object, ...]:
    """The presence a client was told (`presence_fields`), as a key of what it is sent: one
    for every client told the same, found without encoding it at every move."""
    if not told:
        return ()
    presence = told["presence"]
    assert isinstance(presence, dict)
    return (*presence.values(), told["can_claim"])


def as_json(message: dict[str, object]) -> str:
    """A message as sent: no spaces, which would be a tenth of every event's bytes."""
    return compact_json(message)


async def close(socket: WebSocket, code: int) -> None:
    """Closes a socket whose client may have left already (then there is nothing to close)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await socket.close(code=code)


SeatPlayer = Callable[[str], Awaitable[Player | None]]
"""Who the socket's person is in a rating game (`othello-8`), to name the seats they hold."""


async def serve_socket(
    rooms: Rooms,
    computer: ComputerTurns,
    websocket: WebSocket,
    *,
    account: int | None = None,
    player: SeatPlayer | None = None,
) -> None:
    """One socket from its opening to its end: the state first, then its messages in turn, while
    a task of its own sends what it is sent that had to wait. A socket given up on for not reading
    is ended.

    The socket holds the sides its token holds and those its logged-in `account` sits at; its
    person's name (`player`) goes on those of them that have none yet."""
    try:
        await websocket.accept()
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # the client left before it was answered
    game_id = websocket.path_params["game_id"]
    catalog = catalog_for(websocket.query_params.get("lang"))
    token = websocket.query_params.get("token")
    key = hash_token(token) if token else None
    try:
        live = await rooms.get(game_id)
        if key is not None and not live.sides_held(key):
            live = await rooms.read(game_id)  # a seat taken through another server meanwhile
    except DameroError as error:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await websocket.send_text(as_json(refusal(error, catalog)))
        # 1011: the server could not serve it now (the page tries again); 4404: no such game.
        await close(websocket, 1011 if isinstance(error, DatabaseFault) else 4404)
        return
    events = websocket.query_params.get("events") == "1"
    sides = live.sides_held(key) | live.sides_of_account(account)
    client = Client(websocket, sides, catalog, token, events=events)
    if token and not live.sides_held(key):
        client.refuse(WebError("web.wrong_token"))
    if player is not None and any(live.players[side.value] is None for side in sides):
        await _name_seats(rooms, live, sides, player)
    rooms.metrics.sockets.inc()
    try:
        async with anyio.create_task_group() as tasks:

            async def send() -> None:
                await client.outbox.run()
                tasks.cancel_scope.cancel()  # the socket is closed: nothing more to read

            async def read() -> None:
                await read_socket(rooms, computer, client, game_id)
                client.outbox.finish()  # what is queued goes out, then the socket closes

            tasks.start_soon(send)
            tasks.start_soon(read)
    finally:
        rooms.metrics.sockets.dec()
        rooms.leave(game_id, client)


async def _name_seats(
    rooms: Rooms, live: Round, sides: frozenset[Side], player: SeatPlayer
) -> None:
    """Puts the socket's person's name on the seats it holds that have none (a friend's link
    opened by a logged-in player, or with a name typed); a seat named meanwhile stays as it is."""
    named = await player(rating_game(live.state.game.name, live.options))
    if named is None:
        return
    with contextlib.suppress(DameroError):
        await rooms.act(live.id, None, Person(sides), Sit(named), now=time.time())


async def read_socket(rooms: Rooms, computer: ComputerTurns, client: Client, game_id: str) -> None:
    """The socket's messages in turn, until its client leaves."""
    try:
        await rooms.watch(game_id, client)
        while True:
            received = await client.socket.receive()
            if received["type"] == "websocket.disconnect":
                return
            try:
                if not client.messages.take():
                    raise WebError("web.flood")
                await handle(rooms, computer, client, game_id, parse_message(received.get("text")))
            except DameroError as error:
                client.refuse(error)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # the client left
    except DameroError as error:
        client.refuse(error)  # the game could not be read: the page tries again


_CLICKED = Move("")
"""A move clicked, as whether a seat may ever make one is asked before its clicks are read."""


async def handle(
    rooms: Rooms, computer: ComputerTurns, client: Client, game_id: str, message: Incoming
) -> None:
    """One message from a socket, its time taken as it arrives (whether its seat may ask it at
    all is checked before anything is read). A change the database could not store is refused
    saying so and why: nothing of it was kept, and the player may send it again."""
    now = time.time()
    if isinstance(message, Sync):
        if message.language is not None:
            client.catalog = catalog_for(message.language)
        live = await rooms.get(game_id)
        client.show(live, rooms.seen(live), {})
        return
    if isinstance(message, Say):
        if not client.sides:
            raise WebError("web.spectator_say")
        side = min(client.sides, key=lambda side: side.value)  # on one screen, the first's
        if not rooms.pace.allows(game_id, side):
            raise WebError("web.say_too_often")
        rooms.say(game_id, side, message.message)
        return
    if isinstance(message, Clicked):
        seat_refused = seat_refusal(client.person, _CLICKED)
        if seat_refused is not None:
            raise Refused(seat_refused.key, **seat_refused.values)
        live = await rooms.get(game_id)
        if message.version > live.version:
            live = await rooms.read(game_id)
        position = live.state.position
        target = move_clicked(live.state.game, position, message.cells)
        if message.version == live.version and target is None:
            raise WebError("web.not_a_target")
        drawn = None if target is None or target.move is None else (position, target.move)
        message = Asked(message.version, Move("" if target is None else target.text, drawn))
    if isinstance(message.request, Hint):
        await computer.hint(client, game_id)
        return
    try:
        await rooms.act(game_id, message.version, client.person, message.request, now=now)
    except DatabaseFault as fault:
        raise WebError("web.not_saved", why=fault.why) from None
