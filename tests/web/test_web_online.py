"""Online play over the socket: results beyond the board (resign, draws, take-backs, rematches,
abandoned games), clocks the server keeps, presence, and open seats, with every refusal."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from servers import run_on_a_loop_of_its_own
from starlette.testclient import TestClient
from test_web_api import Socket, connect, move, new_game, next_error, next_state, send

from damero.core import Side
from damero.registry import find_game
from damero.round import Round, new_round
from damero.web.app import create_app
from damero.web.rooms import Rooms, Seen
from damero.web.storage import Storage, hash_token
from damero.web.stored import new_game_id

DEADLINE = 120.0
"""How long a test waits for the server to act on its own: generous, for a loaded machine."""


@pytest.fixture
def quick(database: str) -> Iterator[TestClient]:
    """A server whose sweep looks for fallen flags often and whose players are soon taken for
    gone, so the tests wait for those events briefly."""
    app = create_app(Storage(database), sweep_seconds=0.2, abandon_seconds=0.3)
    with TestClient(app) as client:
        yield client


def two_players(client: TestClient, **body: object) -> tuple[dict[str, Any], str, str]:
    created = new_game(client, game="tictactoe", **body)
    first, second = created["tokens"]
    return created, first, second


def state_where(socket: Socket, wanted: Any) -> dict[str, Any]:
    """The first state this socket is sent for which `wanted(state)` holds."""
    while not wanted(state := next_state(socket)):
        pass
    return state


def test_a_player_resigns_once(client: TestClient) -> None:
    created, first, second = two_players(client)
    with connect(client, created["id"], first) as x, connect(client, created["id"], second) as o:
        version = next_state(x)["version"]
        next_state(o)
        send(o, type="resign", version=version)
        ended = next_state(x)
        assert ended["result"] == {"winner": "first", "reason": "resignation"}
        assert ended["turn"] is None and ended["legal"] == [] and ended["over"]
        assert ended["status"] == ["You won: your opponent resigned."]
        assert next_state(o)["result"] == ended["result"]
        send(o, type="resign", version=ended["version"])
        assert next_error(o)["code"] == "game.over"
        move(x, "5", ended["version"])
        assert next_error(x)["code"] == "game.over"


def test_a_draw_offered_then_accepted_and_an_offer_that_lapsed(client: TestClient) -> None:
    created, first, second = two_players(client)
    with connect(client, created["id"], first) as x, connect(client, created["id"], second) as o:
        version = next_state(x)["version"]
        next_state(o)
        send(x, type="draw", version=version)
        offered = next_state(o)
        next_state(x)
        assert offered["offers"]["draw"] == "first" and offered["result"] is None
        move(x, "5", offered["version"])  # the offer lapses when its maker moves
        lapsed = next_state(o)
        next_state(x)
        assert lapsed["offers"]["draw"] is None
        send(o, type="decline", offer="draw", version=lapsed["version"])
        assert next_error(o)["code"] == "game.no_offer"
        send(o, type="draw", version=lapsed["version"])  # not an acceptance: a new offer
        again = next_state(x)
        next_state(o)
        assert again["offers"]["draw"] == "second" and again["result"] is None
        send(o, type="draw", version=again["version"])
        assert next_error(o)["code"] == "game.already_offered"
        send(x, type="draw", version=again["version"])
        drawn = next_state(x)
        assert drawn["result"] == {"winner": None, "reason": "agreement"}
        assert drawn["status"] == ["Draw by agreement."]
        assert next_state(o)["result"] == drawn["result"]


def test_answers_to_offers_never_made_are_refused(client: TestClient) -> None:
    created, first, second = two_players(client)
    with connect(client, created["id"], first) as x, connect(client, created["id"], second) as o:
        version = next_state(x)["version"]
        next_state(o)
        for offer in ("draw", "undo", "rematch"):
            send(o, type="decline", offer=offer, version=version)
            assert next_error(o)["code"] == "game.no_offer"
        send(o, type="undo", version=version)  # no request to accept, and no move to take back
        assert next_error(o)["code"] == "game.nothing_to_take_back"
        send(o, type="decline", offer="resign", version=version)
        assert next_error(o)["message"] == "offer must be one of: draw, undo, rematch."
        send(x, type="draw", version=version - 1)
        assert next_error(x)["code"] == "web.moved_on"


def test_a_spectator_cannot_offer_nor_resign(client: TestClient) -> None:
    created, _, _ = two_players(client)
    with connect(client, created["id"]) as watcher:
        version = next_state(watcher)["version"]
        for kind in ("draw", "resign", "undo", "rematch"):
            send(watcher, type=kind, version=version)
            assert next_error(watcher)["code"] == "web.spectator_move"


def test_a_take_back_between_two_people_needs_the_others_yes(client: TestClient) -> None:
    created, first, second = two_players(client)
    with connect(client, created["id"], first) as x, connect(client, created["id"], second) as o:
        version = next_state(x)["version"]
        next_state(o)
        move(x, "5", version)
        moved = next_state(x)
        next_state(o)
        send(x, type="undo", version=moved["version"])
        asked = next_state(o)
        next_state(x)
        assert asked["offers"]["undo"] == "first" and asked["moves"] == ["5"]
        send(o, type="decline", offer="undo", version=asked["version"])
        declined = next_state(x)
        next_state(o)
        assert declined["offers"]["undo"] is None and declined["moves"] == ["5"]
        send(x, type="undo", version=declined["version"])
        asked = next_state(o)
        next_state(x)
        send(o, type="undo", version=asked["version"])
        taken = next_state(x)
        assert taken["moves"] == [] and taken["turn"] == "first"
        assert next_state(o)["moves"] == []


def test_a_rematch_both_ask_for_swaps_the_sides(client: TestClient) -> None:
    created, first, second = two_players(client)
    with connect(client, created["id"], first) as x, connect(client, created["id"], second) as o:
        version = next_state(x)["version"]
        next_state(o)
        send(x, type="rematch", version=version)
        assert next_error(x)["code"] == "game.not_over"
        send(x, type="resign", version=version)
        ended = next_state(x)
        next_state(o)
        send(x, type="rematch", version=ended["version"])
        asked = next_state(o)
        next_state(x)
        assert asked["offers"]["rematch"] == "first" and asked["next"] is None
        send(o, type="rematch", version=asked["version"])
        for socket, token in ((x, first), (o, second)):
            agreed = state_where(socket, lambda state: state["next"] is not None)
            assert agreed["next"]["token"] == token, "each seat goes on with its own link"
            new_id = agreed["next"]["id"]
    with connect(client, new_id, first) as x, connect(client, new_id, second) as o:
        fresh = next_state(o)
        assert next_state(x)["seat"] == ["second"] and fresh["seat"] == ["first"]
        assert fresh["moves"] == [] and fresh["result"] is None


def test_an_open_seat_is_listed_taken_once_then_watched(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "tictactoe", "mode": "open"})
    created = response.json()
    assert "other" not in created["links"]
    friends = new_game(client, game="tictactoe")
    listing = client.get("/api/games").json()
    assert [game["id"] for game in listing["open"]] == [created["id"]]
    assert listing["open"][0]["seat"] == "second" and listing["live"] == []
    assert friends["id"] not in [game["id"] for game in listing["open"] + listing["live"]]
    joined = client.post(f"/api/games/{created['id']}/join")
    assert joined.status_code == 200
    token = joined.json()["token"]
    again = client.post(f"/api/games/{created['id']}/join")
    assert again.status_code == 409 and "taken" in again.json()["message"]
    assert client.post("/api/games/nosuchgame/join").status_code == 404
    listing = client.get("/api/games").json()
    assert listing["open"] == [] and [game["id"] for game in listing["live"]] == [created["id"]]
    with connect(client, created["id"], token) as o:
        assert next_state(o)["seat"] == ["second"]


def test_a_finished_open_game_cannot_be_joined(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "tictactoe", "mode": "open"}).json()
    with connect(client, created["id"], created["token"]) as x:
        version = next_state(x)["version"]
        send(x, type="resign", version=version)
        assert next_state(x)["result"] == {"winner": "second", "reason": "resignation"}
    refused = client.post(f"/api/games/{created['id']}/join")
    assert refused.status_code == 409 and refused.json()["code"] == "web.join_over"
    with connect(client, created["id"]) as watcher:
        assert next_state(watcher)["open_seat"] == "second"


def test_fair_play_no_help_while_two_people_play_then_everything_opens(
    client: TestClient,
) -> None:
    created, first, second = two_players(client)
    game_id = created["id"]
    with (
        connect(client, game_id, first) as x,
        connect(client, game_id, second) as o,
        connect(client, game_id) as watcher,
    ):
        version = next_state(x)["version"]
        assert not next_state(o)["analysable"] and not next_state(watcher)["analysable"]
        for player in (x, o):
            send(player, type="hint")
            assert next_error(player)["code"] == "web.hint_in_play"
        send(watcher, type="hint")
        assert next_error(watcher)["code"] == "web.no_hint"
        assert client.get(f"/api/games/{game_id}/replay").json()["analysable"] is False
        assert client.get(f"/api/games/{game_id}/analysis").status_code == 403
        move(x, "5", version)
        next_state(o)
        send(o, type="resign", version=version + 1)
        for socket in (x, o, watcher):
            assert state_where(socket, lambda state: state["over"])["analysable"]
    assert client.get(f"/api/games/{game_id}/replay").json()["analysable"] is True
    assert client.get(f"/api/games/{game_id}/analysis").status_code == 200


def test_a_spectators_requests_are_refused_before_anything_is_read(database: str) -> None:
    storage = Storage(database)
    with TestClient(create_app(storage)) as client:
        created, _, _ = two_players(client)
        with connect(client, created["id"]) as watcher:
            version = next_state(watcher)["version"]
            reads = storage.loads
            for _ in range(40):  # each naming a version the server has not heard of
                send(watcher, type="resign", version=version + 5)
                assert next_error(watcher)["code"] == "web.spectator_move"
            assert storage.loads == reads


def test_a_take_back_against_the_computer_gives_back_the_increments(client: TestClient) -> None:
    created = client.post(
        "/api/games",
        json={
            "game": "tictactoe",
            "mode": "computer",
            "level": 1,
            "clock": {"initial": 10, "increment": 5},
        },
    ).json()
    with connect(client, created["id"], created["token"]) as socket:
        state = next_state(socket)
        move(socket, "5", state["version"])
        state = state_where(socket, lambda state: len(state["moves"]) == 2)
        assert state["clock"]["running"] == "first"
        for _ in range(5):
            move(socket, state["legal"][0], state["version"])
            state_where(socket, lambda state: len(state["moves"]) == 4)
            send(socket, type="undo", version=state["version"] + 2)
            state = state_where(socket, lambda state: len(state["moves"]) == 2)
            assert state["clock"]["first"] <= 10_000 and state["clock"]["second"] <= 10_000


def test_presence_and_a_claim_once_the_other_has_gone(quick: TestClient) -> None:
    created, first, second = two_players(quick)
    with connect(quick, created["id"], first) as x:
        version = next_state(x)["version"]
        send(x, type="claim", result="win", version=version)
        assert next_error(x)["code"] == "web.cannot_claim"
        with connect(quick, created["id"], second) as o:
            state = next_state(o)
            assert state["presence"] == {"first": True, "second": True}
            came = x.receive_json()
            assert came == {
                "type": "presence",
                "presence": {"first": True, "second": True},
                "can_claim": False,
            }
        left = x.receive_json()
        assert left["presence"] == {"first": True, "second": False}
        while not (claimable := x.receive_json())["can_claim"]:
            pass
        assert claimable["type"] == "presence"
        send(x, type="claim", result="win", version=version)
        ended = next_state(x)
        assert ended["result"] == {"winner": "first", "reason": "abandoned"}


def friends_game(name: str) -> Round:
    """A new game by link between two people, as a server holds it."""
    return new_round(
        new_game_id(),
        find_game(name),
        mode="friend",
        side=Side.FIRST,
        level=1,
        start=None,
        moves=(),
        clock=None,
        mine=hash_token("x"),
        other=hash_token("o"),
        created=0.0,
    )


class Heard:
    """A page on one side of a game that notes who it is told is here, each time it changes."""

    def __init__(self, side: Side) -> None:
        self.sides = frozenset({side})
        self.told: list[Seen] = []
        self.shown: Seen | None = None

    def show(self, live: Any, seen: Seen, built: Any, change: Any = None) -> None:
        self.shown = seen

    def notice(self, seen: Seen) -> None:
        if seen != (self.told[-1] if self.told else self.shown):
            self.told.append(seen)


def test_a_page_cancelled_as_it_closes_still_tells_the_other_player(database: str) -> None:
    """A server cancels a closing socket's task (a test client always does): the player left
    behind is told all the same, then told that the game may now be claimed."""

    async def run() -> None:
        rooms = Rooms(Storage(database), abandon_seconds=0.1)
        await rooms.start()
        live = friends_game("tictactoe")
        await rooms.create(live)
        stayer, leaver = Heard(Side.FIRST), Heard(Side.SECOND)
        await rooms.watch(live.id, stayer)

        async def page() -> None:
            await rooms.watch(live.id, leaver)
            try:
                await anyio.sleep_forever()
            finally:
                rooms.leave(live.id, leaver)

        with anyio.fail_after(DEADLINE):
            async with anyio.create_task_group() as pages:
                pages.start_soon(page)
                while not stayer.told:
                    await anyio.sleep(0.01)
                pages.cancel_scope.cancel()
            while not any(seen.claimants for seen in stayer.told):
                await anyio.sleep(0.01)
        # Told apart, or at once when the claim's time ran out before the leaving was heard.
        came, *left = stayer.told
        assert came.here == (True, True) and not came.claimants
        assert left and all(seen.here == (True, False) for seen in left)
        assert left[-1].claimants == {Side.FIRST}
        rooms.scheduler.close()

    run_on_a_loop_of_its_own(run())


def test_a_clock_starts_once_each_side_has_moved_and_charges_the_mover(
    client: TestClient,
) -> None:
    created, first, second = two_players(client, clock={"initial": 600, "increment": 5})
    with connect(client, created["id"], first) as x, connect(client, created["id"], second) as o:
        state = next_state(x)
        next_state(o)
        assert state["clock"] == {
            "first": 600_000,
            "second": 600_000,
            "initial": 600_000,
            "increment": 5_000,
            "running": None,
        }
        move(x, "5", state["version"])
        state = next_state(o)
        next_state(x)
        assert state["clock"]["running"] is None, "not before each side has moved"
        move(o, "1", state["version"])
        state = next_state(x)
        next_state(o)
        assert state["clock"]["running"] == "first"
        assert state["clock"]["second"] == 600_000, "no increment before the clock ran"
        move(x, "9", state["version"])
        state = next_state(o)
        assert state["clock"]["running"] == "second"
        assert 600_000 - 60_000 < state["clock"]["first"] <= 605_000
    refused = client.post("/api/games", json={"game": "tictactoe", "clock": {"initial": 0}})
    assert refused.status_code == 400 and "whole seconds" in refused.json()["message"]
    for bad in ({"initial": 1.5}, {"initial": 60, "increment": True}):
        refused = client.post("/api/games", json={"game": "tictactoe", "clock": bad})
        assert refused.status_code == 400 and "wrong kind" in refused.json()["message"]


def test_a_clock_that_runs_out_with_nobody_connected_loses_on_time(quick: TestClient) -> None:
    created, first, second = two_players(quick, clock={"initial": 1, "increment": 0})
    with connect(quick, created["id"], first) as x, connect(quick, created["id"], second) as o:
        version = next_state(x)["version"]
        next_state(o)
        move(x, "5", version)
        state = next_state(o)
        next_state(x)
        move(o, "1", state["version"])
        state = next_state(x)
        assert state["clock"]["running"] == "first"
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:  # nobody watches: the server's sweep decides
        with connect(quick, created["id"]) as watcher:
            seen = next_state(watcher)
        if seen["result"] is not None:
            break
    assert seen["result"] == {"winner": "second", "reason": "time"}
    assert seen["clock"]["first"] == 0 and seen["clock"]["running"] is None
    assert seen["version"] == state["version"] + 1


def test_a_clock_survives_a_restart(database: str, tmp_path: Path) -> None:
    with TestClient(create_app(Storage(database))) as client:
        created, first, second = two_players(client, clock={"initial": 300, "increment": 2})
        with connect(client, created["id"], first) as x:
            version = next_state(x)["version"]
            move(x, "5", version)
            before = next_state(x)
    with (
        TestClient(create_app(Storage(database))) as client,
        connect(client, created["id"], second) as o,
    ):
        after = next_state(o)
        assert after["clock"] == before["clock"] and after["version"] == before["version"]


def test_a_games_changes_wait_their_turn_and_its_lock_goes_when_nobody_uses_it(
    tmp_path: Path,
) -> None:
    """Changes to one game run one at a time, one cancelled while it waits leaves nothing
    behind, and once none holds or awaits the game's lock, the lock is gone."""

    async def run() -> None:
        rooms = Rooms(Storage(f"sqlite:///{tmp_path / 'games.sqlite3'}"))
        order: list[str] = []
        holding = anyio.Event()

        async def change(name: str, hold: anyio.Event | None = None) -> None:
            async with rooms._lock("game00000001"):
                order.append(f"{name} in")
                if hold is not None:
                    holding.set()
                    await hold.wait()
                order.append(f"{name} out")

        release = anyio.Event()
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(change, "first", release)
            await holding.wait()
            tasks.start_soon(change, "second")
            await anyio.sleep(0)  # the second now waits for the lock
            assert rooms.lock_users["game00000001"] == 2
            cancelled = anyio.CancelScope()

            async def given_up() -> None:
                with cancelled:
                    await change("given up")

            tasks.start_soon(given_up)
            await anyio.sleep(0)
            cancelled.cancel()
            await anyio.sleep(0)
            release.set()
        assert order == ["first in", "first out", "second in", "second out"]
        assert not rooms.locks and not rooms.lock_users
        rooms.scheduler.close()

    run_on_a_loop_of_its_own(run())
