"""Accounts and ratings on several `damero serve` processes over one PostgreSQL database: a session
and the log-in limits are the same on every server, and no password, session id or seat token
reaches a log or another player."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import test_web_postgres
from servers import PostgresCluster, Server, create_game
from test_web_postgres import TIMEOUT, join, move, receive, state_at, token_of
from websockets.sync.client import ClientConnection, connect

from damero.ratings import Rating, rate_game

database = test_web_postgres.database
servers = test_web_postgres.servers
"""The fixtures of the other tests on PostgreSQL: a new database, and servers started on it."""

PASSWORD = "seven lanterns over the bay"


def call(
    server: Server, path: str, body: dict[str, Any] | None = None, *, session: str | None = None
) -> tuple[int, dict[str, Any], str | None]:
    """(status, answer, the session id a Set-Cookie gave) of a request from a browser's page of
    `server`'s site holding `session`."""
    headers = {"Content-Type": "application/json", "Origin": server.base}
    if session is not None:
        headers["Cookie"] = f"damero_session={session}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.base + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, text, cookie = response.status, response.read(), response.headers["Set-Cookie"]
    except urllib.error.HTTPError as error:
        status, text, cookie = error.code, error.read(), error.headers["Set-Cookie"]
    given = None
    if (
        cookie
        and cookie.startswith("damero_session=")
        and not cookie.startswith('damero_session=""')
    ):
        given = cookie.split(";")[0].split("=", 1)[1]
    return status, json.loads(text), given


def who(server: Server, session: str) -> str | None:
    name: str | None = call(server, "/api/account", session=session)[1]["name"]
    return name


def test_a_session_and_the_log_in_limits_are_the_same_on_every_server(servers: Any) -> None:
    first, second = servers(), servers()
    status, _, session = call(first, "/api/account/signup", {"name": "ana", "password": PASSWORD})
    assert status == 200 and session is not None
    assert who(second, session) == "ana"
    call(second, "/api/account/logout", {}, session=session)
    assert who(first, session) is None
    statuses = [
        call(server, "/api/account/login", {"name": "Ana", "password": "wrong words"})[0]
        for server in (first, second) * 5
    ]
    assert statuses == [401] * 10
    refused = call(first, "/api/account/login", {"name": "ana", "password": PASSWORD})
    assert refused[0] == 429 and refused[1]["code"] == "account.too_many"


def test_no_password_session_or_seat_token_reaches_a_log_or_another_player(
    servers: Any, postgres: PostgresCluster, tmp_path: Path
) -> None:
    first, second = servers(), servers()
    secrets = [PASSWORD, "another long phrase", "a wrong guess at it"]
    status, _, session = call(first, "/api/account/signup", {"name": "bea", "password": PASSWORD})
    assert status == 200 and session
    secrets.append(session)
    call(second, "/api/account/login", {"name": "bea", "password": secrets[2]})
    call(second, "/api/account/signup", {"name": "BEA", "password": PASSWORD})  # taken
    _, _, changed = call(
        second, "/api/account/password", {"password": PASSWORD, "new": secrets[1]}, session=session
    )
    assert changed
    secrets.append(changed)
    created = create_game(first, game="tictactoe", mode="friend")
    tokens = [token_of(created["links"]["you"]), token_of(created["links"]["other"])]
    secrets += tokens
    with join(first, created["id"], tokens[0]) as mine, join(second, created["id"]) as watcher:
        receive(mine)
        seen = json.dumps(receive(watcher))
    public = [
        seen,
        json.dumps(call(second, "/api/players/bea")[1]),
        json.dumps(call(second, "/api/players/bea/games")[1]),
        json.dumps(call(first, "/api/games")[1]),
    ]
    for server in (first, second):
        server.stop()
    logs = {path.name: path.read_text(errors="replace") for path in tmp_path.glob("server*.log")}
    logs["postgres"] = (postgres.folder / "log").read_text(errors="replace")
    assert logs and all(len(secret) >= 8 for secret in secrets)
    leaks = [
        (where, secret[:4])
        for where, text in [*logs.items(), *(("public answer", text) for text in public)]
        for secret in secrets
        if secret in text
    ]
    assert leaks == []
    assert "argon2" not in " ".join(public)


def seat(server: Server, game_id: str, token: str, session: str) -> ClientConnection:
    """A logged-in player's socket on `game_id` through `server`, holding the seat of `token`."""
    return connect(
        f"ws://127.0.0.1:{server.port}/ws/{game_id}?token={token}",
        additional_headers={"Origin": server.base, "Cookie": f"damero_session={session}"},
        open_timeout=TIMEOUT,
    )


def test_a_rated_game_ending_on_two_servers_at_once_changes_both_ratings_once(
    servers: Any,
) -> None:
    """Both servers hold the game and watch its clock: each wakes when X's time runs out and
    tries to end it. One commits the loss on time, and the ratings change once."""
    first, second = servers("--computer-timeout", "1.5"), servers("--computer-timeout", "1.5")
    ana = call(first, "/api/account/signup", {"name": "ana", "password": PASSWORD})[2]
    bea = call(second, "/api/account/signup", {"name": "bea", "password": PASSWORD})[2]
    assert ana and bea
    status, created, _ = call(
        first,
        "/api/games",
        {
            "game": "tictactoe",
            "mode": "friend",
            "rated": True,
            "clock": {"initial": 3, "increment": 0},
        },
        session=ana,
    )
    assert status == 200
    game_id = created["id"]
    with (
        seat(first, game_id, token_of(created["links"]["you"]), ana) as x,
        seat(second, game_id, token_of(created["links"]["other"]), bea) as o,
    ):
        state = receive(x)
        named = state_at(o, state["version"] + 1)  # the friend's name put on the seat
        assert named["players"]["second"]["name"] == "bea" and named["rated"]
        state = state_at(x, named["version"])
        for socket, cell in ((x, "5"), (o, "1")):
            move(socket, cell, state["version"])
            state = state_at(x, state["version"] + 1)
            state_at(o, state["version"])
        flagged = [state_at(socket, state["version"] + 1) for socket in (x, o)]
        assert all(seen["result"] == {"winner": "second", "reason": "time"} for seen in flagged)
    lost, won = rate_game(Rating(), Rating(), 0.0)
    for server, name, rating in ((second, "ana", lost), (first, "bea", won)):
        held = call(server, f"/api/players/{name}")[1]["ratings"]
        assert [(r["key"], r["games"], r["rating"]) for r in held] == [
            ("tictactoe", 1, round(rating.rating))
        ]
    games = call(first, "/api/players/ana/games")[1]["games"]
    assert [(g["result"], g["ending"], g["rating"]["after"]) for g in games] == [
        ("loss", "time", round(lost.rating))
    ]
