"""Players in games, through the app in the test's process: names on seats as the opponent and the
spectators see them, rated games and what their end does to ratings, a player's page of games,
a game taken up from another device, and a deleted account's games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damero.ratings import Rating, rate_game
from damero.web.app import create_app
from damero.web.levels import measured_rating
from damero.web.storage import Storage

SAME = {"Origin": "http://testserver"}
CLOCK = {"initial": 600, "increment": 0}
X_WINS = ("1", "4", "2", "5", "3")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    yield from browsers(tmp_path)


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[Any]:
    """Browsers of a site where a player is soon taken for gone."""
    yield from browsers(tmp_path, sweep_seconds=0.2, abandon_seconds=0.3)


def browsers(tmp_path: Path, **options: Any) -> Iterator[Any]:
    """A maker of browsers on one site, the app built with `options`."""
    storage = Storage(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    built = create_app(storage, **options)
    with ExitStack() as stack:

        def browser(name: str | None = None) -> TestClient:
            """A browser of its own; logged in as a new account `name` if given."""
            client = stack.enter_context(TestClient(built))
            if name is not None:
                answer = client.post(
                    "/api/account/signup", json={"name": name, "password": f"{name} plays well"}
                )
                assert answer.status_code == 200
            return client

        yield browser
    storage.close()


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json={"game": "tictactoe", **body}, headers=SAME)
    assert answer.status_code == 200, answer.json()
    created: dict[str, Any] = answer.json()
    return created


def join(client: TestClient, game_id: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game_id}/join", json=body, headers=SAME)


def first_state(client: TestClient, game_id: str, token: str | None = None, **query: str) -> Any:
    """The state a socket of `client` is sent first (`token` its seat's secret)."""
    parts = {**({"token": token} if token else {}), **query}
    path = f"/ws/{game_id}?" + "&".join(f"{key}={value}" for key, value in parts.items())
    with client.websocket_connect(path, headers=SAME) as socket:
        while (message := json.loads(socket.receive_text()))["type"] != "state":
            pass
    return message


def play(client: TestClient, game_id: str, tokens: list[str], cells: tuple[str, ...]) -> Any:
    """Plays `cells` in turn from the seats of `tokens` (X's first); the last state."""
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(f"/ws/{game_id}?token={t}", headers=SAME))
            for t in tokens
        ]
        state = receive_state(sockets[0])
        receive_state(sockets[1])
        for number, cell in enumerate(cells):
            sockets[number % 2].send_text(
                json.dumps({"type": "move", "move": cell, "version": state["version"]})
            )
            state = receive_state(sockets[0], state["version"] + 1)
            receive_state(sockets[1], state["version"])
    return state


def receive_state(socket: Any, version: int = 0) -> Any:
    while True:
        message = json.loads(socket.receive_text())
        if message["type"] == "error":
            raise AssertionError(message)
        if message["type"] == "state" and message["version"] >= version:
            return message


def ratings(client: TestClient, name: str) -> dict[str, Any]:
    return {r["key"]: r for r in client.get(f"/api/players/{name}").json()["ratings"]}


def test_names_on_seats_as_the_opponent_and_the_spectators_see_them(app: Any) -> None:
    ana, guest, watcher = app("ana"), app(), app()
    created = create(ana, mode="open")
    listed = watcher.get("/api/games").json()["open"][0]
    assert listed["creator"] == {"kind": "account", "name": "ana", "level": None, "rating": 1500}
    bad = join(guest, created["id"], name="\x1b[31m")
    assert bad.status_code == 409 and bad.json()["code"] == "account.bad_guest_name"
    joined = join(guest, created["id"], name="  <b>Bea</b>  ")
    assert joined.status_code == 200
    seen = first_state(watcher, created["id"])
    assert seen["players"]["first"]["name"] == "ana"
    assert seen["players"]["second"] == {
        "kind": "guest",
        "name": "<b>Bea</b>",
        "level": None,
        "rating": None,
    }
    mine = first_state(guest, created["id"], joined.json()["token"])
    assert mine["players"] == seen["players"] and mine["seat"] == ["second"]


def test_a_friends_link_opened_logged_in_puts_the_friends_name_on_the_seat(app: Any) -> None:
    ana, bea, watcher = app("ana"), app("bea"), app()
    created = create(ana, mode="friend", seat="second")
    other = created["links"]["other"].split("#seat=")[1]
    assert first_state(watcher, created["id"])["players"]["first"]["kind"] == "anonymous"
    first_state(bea, created["id"], other)
    players = first_state(watcher, created["id"])["players"]
    assert (players["first"]["name"], players["second"]["name"]) == ("bea", "ana")
    # A name typed does not replace it.
    first_state(app(), created["id"], other, name="Mallory")
    assert first_state(watcher, created["id"])["players"]["first"]["name"] == "bea"


def test_a_game_is_taken_up_from_another_device_by_the_session_alone(app: Any) -> None:
    ana = app("ana")
    created = create(ana, mode="friend")
    laptop = app()
    assert laptop.post(
        "/api/account/login", json={"name": "ana", "password": "ana plays well"}, headers=SAME
    ).is_success
    playing = laptop.get("/api/account").json()["playing"]
    assert [game["id"] for game in playing] == [created["id"]]
    assert first_state(laptop, created["id"])["seat"] == ["first"]
    assert first_state(app(), created["id"])["seat"] == []
    # Another site's page gets no seat by the player's cookie.
    with laptop.websocket_connect(
        f"/ws/{created['id']}", headers={"Origin": "http://evil.example"}
    ) as socket:
        assert receive_state(socket)["seat"] == []


def test_a_rated_game_changes_both_ratings_once_and_an_unrated_one_none(app: Any) -> None:
    ana, bea = app("ana"), app("bea")
    unrated = create(ana, mode="open", clock=CLOCK)
    tokens = [unrated["token"], join(bea, unrated["id"]).json()["token"]]
    assert play(ana, unrated["id"], tokens, X_WINS)["over"]
    assert ratings(ana, "ana") == {} and ratings(ana, "bea") == {}

    rated = create(ana, mode="open", clock=CLOCK, rated=True)
    tokens = [rated["token"], join(bea, rated["id"]).json()["token"]]
    state = play(ana, rated["id"], tokens, X_WINS)
    assert state["over"] and state["rated"]
    won, lost = rate_game(Rating(), Rating(), 1.0)
    assert ratings(ana, "ana")["tictactoe"]["rating"] == round(won.rating)
    assert ratings(ana, "bea")["tictactoe"]["rating"] == round(lost.rating)
    assert ratings(ana, "ana")["tictactoe"]["games"] == 1
    games = ana.get("/api/players/bea/games").json()["games"]
    assert [(g["result"], g["rated"], g["rating"]) for g in games] == [
        ("loss", True, {"before": 1500, "after": round(lost.rating)}),
        ("loss", False, None),
    ]
    # The rematch is rated too, each seat with the rating its player has now.
    with ExitStack() as stack:
        for client, token in zip((ana, bea), tokens, strict=True):
            socket = stack.enter_context(
                client.websocket_connect(f"/ws/{rated['id']}?token={token}", headers=SAME)
            )
            socket.send_text(json.dumps({"type": "rematch", "version": state["version"] + 0}))
            state = receive_state(socket, state["version"] + 1)
    rematch = ana.get("/api/players/ana/games").json()["games"][0]
    assert rematch["rated"] and rematch["id"] != rated["id"]
    assert rematch["rating"] == {"before": round(won.rating), "after": None}
    # The next game of each is rated from there: its seats show the ratings they sat down with.
    again = create(bea, mode="open", clock=CLOCK, rated=True)
    join(ana, again["id"])
    players = first_state(app(), again["id"])["players"]
    assert players["first"]["rating"] == round(lost.rating)
    assert players["second"]["rating"] == round(won.rating)


def test_a_rated_game_has_no_take_back_nor_hint_even_against_the_computer(app: Any) -> None:
    ana = app("ana")
    created = create(ana, mode="computer", clock=CLOCK, rated=True, level=1)
    with ana.websocket_connect(f"/ws/{created['id']}?token={created['token']}") as socket:
        state = receive_state(socket)
        assert state["rated"] and not state["analysable"] and not state["can_undo"]
        socket.send_text(json.dumps({"type": "move", "move": "5", "version": state["version"]}))
        state = receive_state(socket, state["version"] + 2)  # the computer's answer
        socket.send_text(json.dumps({"type": "undo", "version": state["version"]}))
        socket.send_text(json.dumps({"type": "hint"}))
        refusals = [json.loads(socket.receive_text()) for _ in range(2)]
    assert [r["code"] for r in refusals] == ["account.rated_no_undo", "account.rated_no_help"]
    review = ana.get(f"/api/games/{created['id']}/analysis")
    assert review.status_code == 403 and review.json()["code"] == "account.rated_no_help"
    level = ana.get("/api/games").json()["level_ratings"]["tictactoe"]["1"]
    assert state["players"]["second"] == {
        "kind": "computer",
        "name": None,
        "level": 1,
        "rating": level,
    }


def test_a_rated_game_against_the_computer_moves_the_players_and_the_levels_rating(
    app: Any,
) -> None:
    ana, watcher = app("ana"), app()
    measured = measured_rating(2, "tictactoe")
    assert watcher.get("/api/games").json()["level_ratings"]["tictactoe"]["2"] == round(
        measured.rating
    )
    created = create(ana, mode="computer", clock=CLOCK, rated=True, level=2)
    with ana.websocket_connect(f"/ws/{created['id']}?token={created['token']}") as socket:
        state = receive_state(socket)
        socket.send_text(json.dumps({"type": "resign", "version": state["version"]}))
        assert receive_state(socket, state["version"] + 1)["result"]["winner"] == "second"
    lost, won = rate_game(Rating(), measured, 0.0)
    assert ratings(watcher, "ana")["tictactoe"]["rating"] == round(lost.rating)
    levels = watcher.get("/api/games").json()["level_ratings"]["tictactoe"]
    assert levels["2"] == round(won.rating) != round(measured.rating)
    assert levels["1"] == round(measured_rating(1, "tictactoe").rating)
    games = watcher.get("/api/players/ana/games").json()["games"]
    assert [(g["result"], g["opponent"]["level"]) for g in games] == [("loss", 2)]
    # The next game's page gives the level's rating the level's choice gave.
    again = create(ana, mode="computer", level=2)
    computer = first_state(watcher, again["id"])["players"]["second"]
    assert computer == {"kind": "computer", "name": None, "level": 2, "rating": levels["2"]}


def test_leaving_a_rated_game_loses_it_when_the_other_claims_it(quick: Any) -> None:
    ana, bea = quick("ana"), quick("bea")
    created = create(ana, mode="open", clock=CLOCK, rated=True)
    bea_token = join(bea, created["id"]).json()["token"]
    with ana.websocket_connect(
        f"/ws/{created['id']}?token={created['token']}", headers=SAME
    ) as socket:
        version = receive_state(socket)["version"]
        with bea.websocket_connect(f"/ws/{created['id']}?token={bea_token}", headers=SAME):
            pass  # bea looks in, then leaves the game
        while not json.loads(socket.receive_text()).get("can_claim"):
            pass
        socket.send_text(json.dumps({"type": "claim", "result": "win", "version": version}))
        ended = receive_state(socket, version + 1)
    assert ended["result"] == {"winner": "first", "reason": "abandoned"}
    won, lost = rate_game(Rating(), Rating(), 1.0)
    assert ratings(ana, "ana")["tictactoe"]["rating"] == round(won.rating)
    assert ratings(ana, "bea")["tictactoe"]["rating"] == round(lost.rating)
    games = bea.get("/api/players/bea/games").json()["games"]
    assert [(g["result"], g["ending"]) for g in games] == [("loss", "abandoned")]


def test_a_rated_games_friend_plays_once_logged_in(app: Any) -> None:
    ana, friend = app("ana"), app()
    created = create(ana, mode="friend", seat="second", clock=CLOCK, rated=True)
    other = created["links"]["other"].split("#seat=")[1]
    path = f"/ws/{created['id']}?token={other}"
    with friend.websocket_connect(path, headers=SAME) as socket:
        state = receive_state(socket)
        assert state["rated"] and state["players"]["first"]["kind"] == "anonymous"
        socket.send_text(json.dumps({"type": "move", "move": "5", "version": state["version"]}))
        refused = json.loads(socket.receive_text())
    assert refused["code"] == "account.rated_needs_account"
    assert refused["message"] == "A rated game is for players with an account: log in first."
    assert friend.post(
        "/api/account/signup", json={"name": "bea", "password": "bea plays well"}, headers=SAME
    ).is_success
    with friend.websocket_connect(path, headers=SAME) as socket:
        state = receive_state(socket)
        assert state["players"]["first"]["name"] == "bea"
        socket.send_text(json.dumps({"type": "move", "move": "5", "version": state["version"]}))
        assert receive_state(socket, state["version"] + 1)["moves"] == ["5"]


def test_rated_games_and_ranges_are_refused_in_words_where_they_cannot_be(app: Any) -> None:
    ana, guest, low = app("ana"), app(), app("low")
    for body, code in (
        ({"mode": "open", "rated": True}, "account.rated_needs_clock"),
        ({"mode": "local", "rated": True, "clock": CLOCK}, "account.rated_needs_clock"),
        ({"mode": "friend", "rating_range": {"low": 1400, "high": 1600}}, "account.bad_range"),
        ({"mode": "open", "rating_range": {"low": 1400, "high": 9000}}, "account.bad_range"),
    ):
        answer = ana.post("/api/games", json={"game": "tictactoe", **body}, headers=SAME)
        assert answer.status_code == 400 and answer.json()["code"] == code, body
    anonymous = guest.post(
        "/api/games", json={"game": "tictactoe", "rated": True, "clock": CLOCK, "mode": "open"}
    )
    assert anonymous.json()["code"] == "account.rated_needs_account"
    ranged = create(
        ana, mode="open", clock=CLOCK, rated=True, rating_range={"low": 1550, "high": 1800}
    )
    assert join(guest, ranged["id"]).json()["code"] == "account.rated_needs_account"
    refused = join(low, ranged["id"], name="ignored")
    assert refused.status_code == 409
    assert refused.json()["message"] == "This seat is for ratings from 1550 to 1800 in this game."
    assert join(ana, ranged["id"]).json()["code"] == "account.own_seat"


def test_a_players_games_newest_first_a_page_at_a_time(app: Any) -> None:
    ana = app("ana")
    made = [create(ana, mode="computer", level=1)["id"] for _ in range(22)]
    made.append(create(ana, mode="local")["id"])  # both sides on one screen: listed once
    first = ana.get("/api/players/ANA/games").json()
    second = ana.get("/api/players/ana/games?page=2").json()
    assert (first["total"], first["pages"], first["page"]) == (23, 2, 1)
    assert [g["id"] for g in first["games"] + second["games"]] == made[::-1]
    assert first["games"][0]["opponent"]["kind"] == "anonymous"
    assert first["games"][1]["opponent"]["kind"] == "computer"
    assert first["games"][0]["links"] == {"watch": f"/play/{made[-1]}"}
    assert ana.get("/api/players/ana/games?page=0").status_code == 400
    assert ana.get("/api/players/ana/games?page=3").json()["games"] == []


def test_a_deleted_accounts_games_still_replay_under_a_deleted_player(app: Any) -> None:
    ana, bea = app("ana"), app("bea")
    created = create(ana, mode="open", clock=CLOCK, rated=True)
    tokens = [created["token"], join(bea, created["id"]).json()["token"]]
    play(ana, created["id"], tokens, X_WINS)
    assert ana.post(
        "/api/account/delete", json={"password": "ana plays well"}, headers=SAME
    ).is_success
    replay = bea.get(f"/api/games/{created['id']}/replay")
    assert replay.status_code == 200 and replay.json()["moves"] == list(X_WINS)
    assert bea.get(f"/api/games/{created['id']}/record").status_code == 200
    mine = bea.get("/api/players/bea/games").json()["games"][0]
    assert mine["opponent"]["kind"] == "deleted" and mine["result"] == "loss"
    players = first_state(bea, created["id"])["players"]
    assert players["first"] == {"kind": "deleted", "name": None, "level": None, "rating": None}
