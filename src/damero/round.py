"""The round: what the players, the spectators, the computer and the server's clock may do to a
game played online, decided by pure functions of the game, the acting seat, the request and the
time, the same on every server process and for people and the computer alike.

`decide` is the one place that says yes or no: given a `Round` (the game in progress with the
holders of its seats), an actor, a request, the time and where the players are, it gives the round
to commit or the refusal with its catalogue key. The server serialises, commits and tells; it
decides nothing of its own (docs/DESIGN.md, "The round").
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from damero.core import SIDES, Game, Message, Side
from damero.errors import DameroError
from damero.progress import (
    NO_OFFERS,
    PERSON,
    Clock,
    Ending,
    GameInProgress,
    Offers,
    Result,
    Seat,
)

MODES = ("local", "computer", "friend", "open")
"""How a game is offered: one screen holds both sides, you against the computer, a friend by the
other seat's link, or anyone who takes the open seat."""
OFFERS = ("draw", "undo", "rematch")
CLAIMS = ("win", "draw")
ABANDON_SECONDS = 300.0
"""How long a player may be gone from a game between two people before the other may claim it."""
HOLD_SECONDS = 5.0
"""The longest a restart holds the clock of a player whose page it sent away: a page back within
it is charged nothing of the restart, one back later from then on."""


class Refused(DameroError):
    """A request the round does not allow; the message says why, to its sender only."""


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits at a side, having given a name: an account (`account` its number, `rating` its
    rating in this game when it sat down), a name typed for an anonymous seat (no account), or,
    with neither name nor account, the computer at a computer's seat (with its level's rating)
    and an account deleted since at a person's."""

    name: str | None
    account: int | None = None
    rating: float | None = None

    @property
    def is_guest(self) -> bool:
        """A name typed for an anonymous seat: shown as typed, and never as an account."""
        return self.account is None and self.name is not None


RatingRange = tuple[int, int]
"""The lowest and highest rating an open seat takes."""


@dataclass(frozen=True, slots=True)
class Round:
    """A game played online: the game in progress and who holds each side.

    `holders` has, for a person's side, a key only that person can show (the server keeps the
    hash of the seat's secret), and None for the computer's side and for an open seat nobody has
    taken yet; one screen holds both sides with one key. `mode` is one of MODES; `next_game` is
    the game the rematch goes on in, once agreed.
    """

    id: str
    state: GameInProgress
    holders: tuple[str | None, str | None]
    created: float
    mode: str = "local"
    next_game: str | None = None
    players: tuple[Player | None, Player | None] = (None, None)
    """Who sits at each side, where they gave a name (an account's, or one typed)."""
    rated: bool = False
    """Asked by its creator to count for the ratings: no take-back, hint nor analysis while it
    goes on; it counts once over if each side is an account or the computer."""
    rating_range: RatingRange | None = None
    """The ratings an open seat takes, if its creator asked for a range."""

    @property
    def version(self) -> int:
        return self.state.version

    def played(self, state: GameInProgress) -> Round:
        """This round with `state`, the game after a move, made at once: `dataclasses.replace`
        reads the fields' list again at every call, on every move."""
        return Round(
            self.id,
            state,
            self.holders,
            self.created,
            self.mode,
            self.next_game,
            self.players,
            self.rated,
            self.rating_range,
        )

    @property
    def options(self) -> dict[str, int]:
        game = self.state.game
        return {name: getattr(game, name) for name in game.options}

    def sides_held(self, key: str | None) -> frozenset[Side]:
        """The sides the holder of `key` moves for; none for a spectator or a key of no seat."""
        if key is None:
            return frozenset()
        return frozenset(side for side in SIDES if self.holders[side.value] == key)

    def sides_of_account(self, account: int | None) -> frozenset[Side]:
        """The sides the account sits at: its session holds them as a seat's secret does."""
        if account is None:
            return frozenset()
        return frozenset(
            side
            for side in SIDES
            if (player := self.players[side.value]) is not None and player.account == account
        )

    @property
    def has_two_people(self) -> bool:
        """Whether each side is a person of its own (a friend's game, an open seat): then a
        take-back, a draw and a rematch need the other's yes, and nobody is helped while it goes
        on."""
        first, second = self.state.seats  # asked a few times a move: no generator
        holders = self.holders
        return (
            first.level is None
            and second.level is None
            and (holders[0] != holders[1] or holders[0] is None)
        )

    @property
    def open_seat(self) -> Side | None:
        """The side nobody has taken yet in a game offered to anyone."""
        for side in SIDES:
            if self.holders[side.value] is None and self.state.seat(side).level is None:
                return side
        return None

    @property
    def may_help(self) -> bool:
        """Fair play: a hint, an analysis or a review of this game may be given now. Not while a
        game between two people goes on, to its players or its spectators; once it ends, and in a
        game with one person (on one screen, or against the computer), always, but in a rated
        game, which nothing helps while it goes on."""
        return self.state.is_over or not (self.has_two_people or self.rated)

    @property
    def falls_at(self) -> float | None:
        """When the running clock runs out, if nothing happens before: every process holding the
        game wakes then and ends it on time, the first to commit winning."""
        clock = self.state.clock
        return None if clock is None or self.state.is_over else clock.falls_at

    def can_take_back_at_once(self, sides: frozenset[Side]) -> bool:
        """Undo at once is for a game without a second person (one screen, or the computer)
        that is not rated."""
        return (
            bool(sides) and not self.has_two_people and not self.rated and self.state.can_take_back
        )


@dataclass(frozen=True, slots=True)
class Presence:
    """Where each side's person is, across every server process: whether a page of theirs is
    open on the game (`here`), and if not, since when the last one closed (`gone_since`, None if
    none was ever open)."""

    here: tuple[bool, bool] = (False, False)
    gone_since: tuple[float | None, float | None] = (None, None)

    def is_here(self, side: Side) -> bool:
        return self.here[side.value]


NOBODY = Presence()


def claimable_since(live: Round, presence: Presence, side: Side) -> float | None:
    """When `side`'s opponent left the game for the last time, if `side` may claim it once that
    is long enough ago: a game between two people both seats of which are taken, still going on,
    whose other side has no page open anywhere."""
    other = side.other
    if live.state.is_over or not live.has_two_people or live.open_seat is not None:
        return None
    if presence.is_here(other):
        return None
    return presence.gone_since[other.value]


def claimants(
    live: Round, presence: Presence, *, now: float, abandon_seconds: float = ABANDON_SECONDS
) -> frozenset[Side]:
    """The sides that may claim the game at `now`: the other side has been gone long enough."""
    return frozenset(
        side
        for side in SIDES
        if (since := claimable_since(live, presence, side)) is not None
        and now - since >= abandon_seconds
    )


# Who acts, and what is asked.


@dataclass(frozen=True, slots=True)
class Person:
    """Someone with a page on the game, moving for the sides their link holds: none for a
    spectator, both on one screen."""

    sides: frozenset[Side] = frozenset()


SPECTATOR = Person()


@dataclass(frozen=True, slots=True)
class Computer:
    """The computer, playing `side`."""

    side: Side


@dataclass(frozen=True, slots=True)
class Arbiter:
    """The server's clock: it only ends a game whose time has run out."""


ARBITER = Arbiter()

Actor = Person | Computer | Arbiter


@dataclass(frozen=True, slots=True)
class Move:
    """A move, in the text a player types (the computer's too). A move clicked on a board may
    come `drawn` from it: the position the board showed and the move of the target clicked,
    played as it is, without the rules judging it again, if the game stands at that very
    position still."""

    text: str
    drawn: tuple[Any, Any] | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back: at once on one screen or against the computer; between two people, ask the
    other, or accept the other's request."""


@dataclass(frozen=True, slots=True)
class Resign:
    pass


@dataclass(frozen=True, slots=True)
class Draw:
    """Offer a draw, or accept the other's offer."""


@dataclass(frozen=True, slots=True)
class Decline:
    """Say no to the other's standing `offer`, one of OFFERS."""

    offer: str


@dataclass(frozen=True, slots=True)
class Rematch:
    """Ask for a rematch once the game is over, or accept the other's request."""


@dataclass(frozen=True, slots=True)
class Claim:
    """End a game the other player left long enough ago: `result` is one of CLAIMS."""

    result: str


@dataclass(frozen=True, slots=True)
class Join:
    """Take the open seat of a game offered to anyone, with the key that will hold it, as
    `player` (an account, with its rating in this game; a name typed; None: nameless)."""

    key: str
    player: Player | None = None


@dataclass(frozen=True, slots=True)
class Sit:
    """Put `player`'s name on the seats the asker holds that have none yet: a logged-in player,
    or a name typed, opening a seat's link."""

    player: Player


@dataclass(frozen=True, slots=True)
class Hint:
    """Ask for the best move: nothing changes, but fair play may refuse it."""


@dataclass(frozen=True, slots=True)
class Flag:
    """End the game on time if the running clock has run out."""


@dataclass(frozen=True, slots=True)
class Hold:
    """A server going down sends away the page of the person whose clock runs: their time stops
    until their page is back on another server, HOLD_SECONDS at most."""


@dataclass(frozen=True, slots=True)
class Resume:
    """`side`'s page is back after a restart: its clock, if held, runs again from now."""

    side: Side


Request = (
    Move
    | Undo
    | Resign
    | Draw
    | Decline
    | Rematch
    | Claim
    | Join
    | Sit
    | Hint
    | Flag
    | Hold
    | Resume
)
SERVERS_OWN = (Flag, Hold, Resume)
"""The requests only the server makes, of itself."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a request comes to: the round to commit (`changed`, None if nothing changes), the
    refusal to tell its sender, or both (a request that found the clock run out commits the
    flag and is refused).

    `rematch` is the new game an agreed rematch starts, committed with `changed` or not at all;
    `gone` says a claim holds only while `side` has stayed away since `at` or before, which the
    commit checks against every process's word, as it checks the version."""

    changed: Round | None = None
    refusal: Message | None = None
    rematch: Round | None = None
    gone: tuple[Side, float] | None = None


def seat_refusal(actor: Actor, request: Request) -> Message | None:
    """Why `actor` may never ask `request`, whatever the game's state, or None: checked before
    anything is read, so a spectator's resignation costs nothing."""
    if isinstance(actor, Arbiter):
        return None if isinstance(request, SERVERS_OWN) else Message("web.bad_message")
    if isinstance(actor, Computer):
        return None if isinstance(request, Move) else Message("web.bad_message")
    if isinstance(request, SERVERS_OWN):
        return Message("web.bad_message")
    if not actor.sides:
        if isinstance(request, Join):
            return None
        return Message("web.no_hint" if isinstance(request, Hint) else "web.spectator_move")
    if isinstance(request, Join):
        return Message("web.seat_taken")
    return None


def decide(
    live: Round,
    actor: Actor,
    request: Request,
    *,
    now: float,
    presence: Presence = NOBODY,
    abandon_seconds: float = ABANDON_SECONDS,
) -> Decision:
    """What `request` by `actor` at `now` does to `live`, `presence` saying where the players
    are. A side whose time has run out by `now` has lost, whatever was asked."""
    refusal = seat_refusal(actor, request)
    if refusal is not None:
        return Decision(refusal=refusal)
    flagged = flag(live, now)
    if flagged is not None:
        if isinstance(request, Flag):
            return Decision(flagged)
        fallen = live.state.side_to_move
        mine = isinstance(actor, Person) and fallen in actor.sides
        return Decision(flagged, Message("game.time_up" if mine else "game.over"))
    try:
        return _decided(live, actor, request, now, presence, abandon_seconds)
    except DameroError as error:
        return Decision(refusal=error.message)


def flag(live: Round, now: float) -> Round | None:
    """The round lost on time by the side to move, if its time has run out at `now`."""
    state, falls_at = live.state, live.falls_at
    if falls_at is None or state.clock is None or state.clock.fallen(now) is None:
        return None
    fallen = state.side_to_move
    assert fallen is not None
    return replace(live, state=state.with_result(Result(fallen.other, Ending.TIME), now=now))


def _decided(
    live: Round,
    actor: Actor,
    request: Request,
    now: float,
    presence: Presence,
    abandon_seconds: float,
) -> Decision:
    state = live.state
    match request:
        case Move(text, drawn):
            return Decision(_moved(live, actor, text, drawn, now))
        case Flag():
            return Decision()  # woken early: the time has not run out yet
        case Hold():
            return Decision(_held(live, now))
        case Resume(side):
            return Decision(_resumed(live, side, now))
        case Join(key, player):
            return Decision(_joined(live, key, player))
    assert isinstance(actor, Person)
    side = _acting_side(live, actor)
    match request:
        case Sit(player):
            return Decision(_seated(live, actor, player))
        case Hint():
            if state.is_over:
                raise Refused("web.no_hint")
            if not live.may_help:
                raise Refused("account.rated_no_help" if live.rated else "web.hint_in_play")
            return Decision()
        case Undo():
            return Decision(_undone(live, actor, side, now))
        case Resign():
            return _with(live, state.with_result(Result(side.other, Ending.RESIGNATION), now=now))
        case Draw():
            return Decision(_drawn(live, side, now))
        case Decline(offer):
            if offer not in OFFERS or getattr(state.offers, offer) is not side.other:
                raise Refused("game.no_offer")
            return _with(live, state.with_offers(replace(state.offers, **{offer: None})))
        case Rematch():
            return _rematch(live, side, now)
        case Claim(result):
            since = claimable_since(live, presence, side)
            if result not in CLAIMS or since is None or now - since < abandon_seconds:
                raise Refused("web.cannot_claim")
            winner = side if result == "win" else None
            ended = state.with_result(Result(winner, Ending.ABANDONED), now=now)
            return Decision(replace(live, state=ended), gone=(side.other, now - abandon_seconds))
    raise Refused("web.bad_message")


def _with(live: Round, state: GameInProgress) -> Decision:
    return Decision(replace(live, state=state))


def _acting_side(live: Round, person: Person) -> Side:
    """The side a person speaks for: their own, or on one screen the side to move."""
    if len(person.sides) == 1:
        return next(iter(person.sides))
    side: Side = live.state.position.side_to_move
    return side


def _moved(
    live: Round, actor: Actor, text: str, drawn: tuple[Any, Any] | None, now: float
) -> Round:
    state = live.state
    side = state.side_to_move
    if side is None:
        raise Refused("game.over")
    if isinstance(actor, Computer):
        mine = actor.side is side and state.seat(side).is_computer
    else:
        mine = isinstance(actor, Person) and side in actor.sides
    if not mine:
        raise Refused("web.not_your_turn", side=Message(state.game.side_key(side)))
    player = live.players[side.value]
    if live.rated and isinstance(actor, Person) and (player is None or player.account is None):
        raise Refused("account.rated_needs_account")  # a friend's link opened logged out
    if drawn is not None and drawn[0] is state.position:
        return live.played(state.play_legal(drawn[1], now=now))
    return live.played(state.play_text(text, now=now))


def _held(live: Round, now: float) -> Round | None:
    """The round with its running clock held for a restart, if it runs for a person."""
    clock, side = live.state.clock, live.state.side_to_move
    if clock is None or clock.running is None or clock.is_held(now) or side is None:
        return None
    if live.state.seat(side).is_computer:
        return None  # the computer's think is finished or given back, not sent away
    return replace(live, state=live.state.with_clock(clock.held(now, seconds=HOLD_SECONDS)))


def _resumed(live: Round, side: Side, now: float) -> Round | None:
    clock = live.state.clock
    if clock is None or clock.running is not side or not clock.is_held(now):
        return None
    return replace(live, state=live.state.with_clock(clock.resumed(now)))


def held_side(live: Round, now: float) -> Side | None:
    """The side whose clock a restart holds at `now`, waiting for its page to be back."""
    clock = live.state.clock
    return clock.running if clock is not None and clock.is_held(now) else None


def _joined(live: Round, key: str, player: Player | None) -> Round:
    side = live.open_seat
    if live.mode != "open" or side is None:
        raise Refused("web.seat_taken")
    if live.state.is_over:
        raise Refused("web.join_over")
    account = None if player is None else player.account
    if account is not None and any(p is not None and p.account == account for p in live.players):
        raise Refused("account.own_seat")
    if live.rated and account is None:
        raise Refused("account.rated_needs_account")
    if live.rating_range is not None:
        low, high = live.rating_range
        rating = None if player is None or account is None else player.rating
        if rating is None or not low <= round(rating) <= high:
            raise Refused("account.out_of_range", low=low, high=high)
    holders = list(live.holders)
    holders[side.value] = key
    players = list(live.players)
    players[side.value] = player
    state = replace(live.state, version=live.version + 1, forced=())
    return replace(
        live, state=state, holders=(holders[0], holders[1]), players=(players[0], players[1])
    )


def _seated(live: Round, person: Person, player: Player) -> Round:
    """`player`'s name on the seats `person` holds that have none; never one account on both
    sides (on one screen, the other side's person is someone else)."""
    players = list(live.players)
    for side in person.sides:
        other = players[side.other.value]
        himself = (
            player.account is not None and other is not None and other.account == player.account
        )
        if players[side.value] is None and not himself:
            players[side.value] = player
    if tuple(players) == live.players:
        raise Refused("account.seated")
    state = replace(live.state, version=live.version + 1, forced=())
    return replace(live, state=state, players=(players[0], players[1]))


def _undone(live: Round, person: Person, side: Side, now: float) -> Round:
    state = live.state
    if live.rated:
        raise Refused("account.rated_no_undo")
    if not live.has_two_people:
        if not live.can_take_back_at_once(person.sides):
            raise Refused("web.cannot_undo")
        return replace(live, state=state.take_back(now=now))
    _going_on(state)
    if live.open_seat is not None:
        raise Refused("web.no_one_to_ask")
    if state.offers.undo is side.other:
        return replace(live, state=state.take_back(side.other, now=now))
    if state.take_back_point(side) is None:
        raise Refused("game.nothing_to_take_back")
    return replace(live, state=_offered(state, "undo", side))


def _drawn(live: Round, side: Side, now: float) -> Round:
    state = live.state
    _going_on(state)
    if not live.has_two_people or live.open_seat is not None:
        raise Refused("web.no_one_to_ask")
    if state.offers.draw is side.other:
        return replace(live, state=state.with_result(Result(None, Ending.AGREEMENT), now=now))
    return replace(live, state=_offered(state, "draw", side))


def _rematch(live: Round, side: Side, now: float) -> Decision:
    """A rematch asked: agreed at once without a second person, else when both have asked."""
    state = live.state
    if not state.is_over:
        raise Refused("game.not_over")
    if live.next_game is not None:
        raise Refused("game.rematch_begun")
    if live.has_two_people and state.offers.rematch is not side.other:
        if live.open_seat is not None:
            raise Refused("web.no_one_to_ask")
        return Decision(replace(live, state=_offered(state, "rematch", side)))
    fresh = rematch_of(live, created=now)
    agreed = replace(live, state=state.with_offers(NO_OFFERS), next_game=fresh.id)
    return Decision(agreed, rematch=fresh)


def _going_on(state: GameInProgress) -> None:
    if state.is_over:
        raise Refused("game.over")


def _offered(state: GameInProgress, offer: str, side: Side) -> GameInProgress:
    if getattr(state.offers, offer) is side:
        raise Refused("game.already_offered")
    offers: Offers = replace(state.offers, **{offer: side})
    return state.with_offers(offers)


def rematch_id(game_id: str) -> str:
    """The id of a game's rematch, the same wherever it is agreed: two processes that agree it at
    once name one game, which the database stores once.

    >>> rematch_id("abc") == rematch_id("abc") != rematch_id("abd")
    True
    """
    digest = hashlib.sha256(f"rematch:{game_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:9]).decode("ascii")


def rematch_of(live: Round, *, created: float) -> Round:
    """The next game between the same players, sides swapped: each keeps the key it holds, so
    each page moves to the new game with its own seat; the clock starts afresh."""
    state = live.state
    clock = state.clock
    if clock is not None:
        clock = Clock.of(initial=clock.initial, increment=clock.increment)
    seats = (state.seats[1], state.seats[0])
    fresh = GameInProgress.new(state.game, start=state.start, seats=seats, clock=clock)
    holders = (live.holders[1], live.holders[0])
    players = tuple(  # an account's rating is read again; the computer's is kept
        player if player is None or player.account is None else replace(player, rating=None)
        for player in (live.players[1], live.players[0])
    )
    return Round(
        rematch_id(live.id),
        fresh,
        holders,
        created,
        live.mode,
        players=(players[0], players[1]),
        rated=live.rated,
    )


def new_round(
    game_id: str,
    game: Game[Any, Any],
    *,
    mode: str,
    side: Side,
    level: int,
    start: Any,
    moves: Sequence[str],
    clock: Clock | None,
    mine: str,
    other: str | None,
    created: float,
    creator: Player | None = None,
    rated: bool = False,
    rating_range: RatingRange | None = None,
    level_rating: float | None = None,
) -> Round:
    """A new game offered in `mode` (one of MODES) from `start` after the moves the texts
    `moves` name (MoveListError naming the first refused): the creator holds `side` with the key
    `mine` (and their name, `creator`, on it); the other side is the computer's at `level`, a
    friend's (the key `other`), open to anyone, or on one screen the creator's too. A forced pass
    where the moves stop is played at once. The computer sits down with `level_rating`, its
    level's rating in this game.

    A rated game needs its creator's account, a clock, and an opponent of its own; a rating range
    is for an open seat."""
    if mode not in MODES:
        raise Refused("web.bad_mode")
    if rated and (creator is None or creator.account is None):
        raise Refused("account.rated_needs_account")
    if rated and (clock is None or mode == "local"):
        raise Refused("account.rated_needs_clock")
    if rating_range is not None and (mode != "open" or rating_range[0] > rating_range[1]):
        raise Refused("account.bad_range")
    computer = Seat(level) if mode == "computer" else PERSON
    seats = (PERSON, computer) if side is Side.FIRST else (computer, PERSON)
    second = {"local": mine, "friend": other}.get(mode)
    holders = (mine, second) if side is Side.FIRST else (second, mine)
    state = GameInProgress.new(game, start=start, texts=moves, seats=seats, clock=clock)
    players: list[Player | None] = [None, None]
    players[side.value] = creator  # on one screen too, the other side is a person of their own
    if mode == "computer":
        players[side.other.value] = Player(None, rating=level_rating)
    return Round(
        game_id,
        state,
        holders,
        created,
        mode,
        players=(players[0], players[1]),
        rated=rated,
        rating_range=rating_range,
    )
