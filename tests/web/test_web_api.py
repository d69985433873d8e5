"""The HTTP and WebSocket API, in process: every bad input is refused to its sender only, racing
moves have one winner, seats are secrets, and a restarted server goes on where it stopped."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import damero.web.computer
import damero.web.protocol
from damero.games.othello import OthelloPosition
from damero.web.app import create_app
from damero.web.limits import TokenBucket
from damero.web.protocol import BURST, MAX_MESSAGE
from damero.web.routes import MAX_UPLOAD
from damero.web.storage import Storage
from damero.web.workers import Workers

Socket = Any


def new_game(client: TestClient, **body: object) -> dict[str, Any]:
    response = client.post("/api/games", json={"mode": "friend", **body})
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    created["tokens"] = [
        created["links"][name].split("#seat=")[1]
        for name in ("you", "other")
        if name in created["links"]
    ]
    return created


def connect(client: TestClient, game_id: str, token: str | None = None, lang: str = "en") -> Any:
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    return client.websocket_connect(f"/ws/{game_id}{query}")


@contextlib.contextmanager
def both_seats(client: TestClient) -> Iterator[tuple[Socket, Socket, int]]:
    """The mouse's and the cats' sockets of a new Four Cats game, each past its first state, and
    the game's version."""
    created = new_game(client, game="catmouse")
    mouse, cats = created["tokens"]
    with (
        connect(client, created["id"], mouse) as player,
        connect(client, created["id"], cats) as other,
    ):
        version = next_state(player)["version"]
        next_state(other)
        yield player, other, version


def send(socket: Socket, **message: object) -> None:
    socket.send_text(json.dumps(message))


def move(socket: Socket, text: str, version: int) -> None:
    send(socket, type="move", move=text, version=version)


def next_message(socket: Socket) -> dict[str, Any]:
    """The next message but a word of who came or left, which may come at any time."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] != "presence":
            return message


def next_state(socket: Socket) -> dict[str, Any]:
    """The next state message, failing on an error."""
    message = next_message(socket)
    assert message["type"] == "state", message
    return message


def next_error(socket: Socket) -> dict[str, Any]:
    message = next_message(socket)
    assert message["type"] == "error", message
    return message


def quiet_after(socket: Socket) -> dict[str, Any]:
    """Asks for the state, and checks it is the next thing this socket hears (no stray error)."""
    send(socket, type="sync")
    return next_state(socket)


def test_a_game_by_link_to_its_end_and_its_record(client: TestClient) -> None:
    created = new_game(client, game="tictactoe")
    first, second = created["tokens"]
    with (
        connect(client, created["id"], first) as x,
        connect(client, created["id"], second, "es") as o,
    ):
        state, seen = next_state(x), next_state(o)
        assert state["seat"] == ["first"] and seen["seat"] == ["second"]
        assert seen["turn"] == "first" and seen["sides"] == {"first": "X", "second": "O"}
        assert state["legal"] == [str(cell) for cell in range(1, 10)]
        for number, (socket, cell) in enumerate(
            zip([x, o, x, o, x], "14253", strict=False), start=1
        ):
            move(socket, cell, state["version"])
            state, seen = next_state(x), next_state(o)
            assert state["moves"] == list("14253"[:number]) == seen["moves"]
            assert state["last"] == [int(cell) - 1], "the cell played is marked, by its index"
        assert state["over"] and state["winner"] == "first" and state["legal"] == []
        assert state["status"] == ["You won.", "Three in a row."]
        assert seen["status"] == ["Ha perdido.", "Tres en línea."]
    record = client.get(f"/api/games/{created['id']}/record")
    assert record.text.splitlines()[0] == "# damero record: tictactoe"
    assert record.text.splitlines()[2:] == list("14253")


def test_bad_messages_are_refused_to_their_sender_only(client: TestClient) -> None:
    with both_seats(client) as (player, other, version):
        cases = [
            ("not json at all", "web.bad_json"),
            ("[1, 2]", "web.bad_message"),
            (json.dumps({"type": "dance"}), "web.bad_message"),
            (json.dumps({"type": "move", "move": 30}), "web.bad_field"),
            (json.dumps({"type": "move", "move": "99", "version": version}), None),
            (json.dumps({"type": "move", "move": "12", "version": version}), None),
            (json.dumps({"type": "move", "move": "30", "version": version + 5}), "web.moved_on"),
            ("x" * (MAX_MESSAGE + 1), "web.too_long"),
        ]
        for text, code in cases:
            player.send_text(text)
            error = next_error(player)
            if code is not None:
                assert error["code"] == code
            assert error["message"] and "Traceback" not in error["message"]
        player.send_bytes(b"\x00\x01")
        assert next_error(player)["code"] == "web.bad_message"
        # the other player heard none of it, and the game goes on
        assert quiet_after(other)["moves"] == []
        move(player, "30", version)
        assert next_state(player)["moves"] == ["30"]


def test_illegal_and_out_of_turn_moves_say_why(client: TestClient) -> None:
    with both_seats(client) as (player, other, version):
        move(other, "1 5", version)
        assert next_error(other)["message"] == "It is not your turn: the mouse is to move."
        move(player, "31", version)
        version = next_state(player)["version"]
        next_state(other)
        move(player, "20", version)
        assert "20" in next_error(player)["message"]
        assert quiet_after(other)["moves"] == ["31"]


def test_spectators_and_wrong_tokens_cannot_move(client: TestClient) -> None:
    created = new_game(client, game="tictactoe")
    with (
        connect(client, created["id"]) as watcher,
        connect(client, created["id"], "forged") as forger,
    ):
        state = next_state(watcher)
        assert state["seat"] == [] and not state["can_undo"]
        assert next_error(forger)["code"] == "web.wrong_token"
        assert next_state(forger)["seat"] == []
        for socket in (watcher, forger):
            move(socket, "5", state["version"])
            assert next_error(socket)["code"] == "web.spectator_move"
            send(socket, type="hint")
            assert next_error(socket)["code"] == "web.no_hint"
        assert quiet_after(watcher)["moves"] == []


def test_the_second_seat_cannot_move_for_the_first_and_a_reconnect_keeps_the_seat(
    client: TestClient,
) -> None:
    created = new_game(client, game="tictactoe", seat="second")
    mine, theirs = created["tokens"]
    with connect(client, created["id"], theirs) as socket:
        state = next_state(socket)
        assert state["seat"] == ["first"]
        move(socket, "5", state["version"])
        state = next_state(socket)
        move(socket, "1", state["version"])
        assert next_error(socket)["code"] == "web.not_your_turn"
    with connect(client, created["id"], mine) as socket:
        state = next_state(socket)
        assert state["seat"] == ["second"] and state["moves"] == ["5"]


def test_unknown_games_ids_and_options(client: TestClient) -> None:
    refused = [
        client.post("/api/games", json={"game": "chess"}),
        client.post("/api/games", json={"game": "othello", "options": {"size": 7}}),
        client.post("/api/games", json={"game": "othello", "options": {"colour": 1}}),
        client.post("/api/games", json={"game": "tictactoe", "mode": "telepathy"}),
        client.post("/api/games", json={"game": "tictactoe", "level": 9}),
        client.post("/api/games", json={"game": "tictactoe", "moves": ["5", "5"]}),
        client.post("/api/games", json={"game": "catmouse", "start": "1 1 2 3 4"}),
        client.post("/api/games", content=b"{nope"),
        client.post("/api/games", content=b"x" * (MAX_MESSAGE + 10)),
    ]
    for response in refused:
        assert response.status_code == 400
        assert response.json()["message"] and "Traceback" not in response.text
    assert "chess" in refused[0].json()["message"]
    assert refused[5].json() == {
        "code": "game.bad_move_in_list",
        "message": "Move 2 of the list is refused: Cell 5 is already taken by X: choose a free cell",
    }
    assert client.get("/api/games/nosuchgame/record").status_code == 404
    with connect(client, "nosuchgame") as socket:
        assert next_error(socket)["message"] == "There is no game 'nosuchgame' here."


NO_IDS = ["%00", "a%00b", "a%20b", "%C3%A9t%C3%A9", "a.b", "a'b", "x" * 33]
"""Texts no game's id can be: a NUL, a space, letters outside A-Z, other signs, too long."""


@pytest.mark.parametrize("text", NO_IDS)
def test_an_id_no_game_can_have_is_not_found_on_every_route(database_url: str, text: str) -> None:
    with TestClient(create_app(Storage(database_url))) as client:
        for method, path in [
            ("GET", "/play/{}"),
            ("GET", "/replay/{}"),
            ("GET", "/api/games/{}/record"),
            ("GET", "/api/games/{}/replay"),
            ("GET", "/api/games/{}/analysis"),
            ("POST", "/api/games/{}/join"),
        ]:
            response = client.request(method, path.format(text))
            assert response.status_code == 404, (method, path, response.status_code)
        with client.websocket_connect(f"/ws/{text}") as socket:
            assert socket.receive_json()["code"] == "web.unknown_id"


def test_a_flood_is_slowed_and_the_game_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The socket's clock stands still during the flood, however slowly the machine sends it,
    and moves on a second before the move."""
    now = [0.0]
    bucket = functools.partial(TokenBucket, clock=lambda: now[0])
    monkeypatch.setattr(damero.web.protocol, "TokenBucket", bucket)
    created = new_game(client, game="tictactoe")
    with connect(client, created["id"], created["tokens"][0]) as socket:
        version = next_state(socket)["version"]
        for _ in range(BURST + 20):
            send(socket, type="dance")
        codes = [next_error(socket)["code"] for _ in range(BURST + 20)]
        assert codes == ["web.bad_message"] * BURST + ["web.flood"] * 20
        now[0] += 1
        move(socket, "5", version)
        assert next_state(socket)["moves"] == ["5"]


def test_racing_moves_for_one_turn_have_exactly_one_winner(client: TestClient) -> None:
    created = new_game(client, game="tictactoe", mode="local")
    token = created["token"]
    for _ in range(5):
        with connect(client, created["id"], token) as a, connect(client, created["id"], token) as b:
            version = next_state(a)["version"]
            next_state(b)
            before = len(quiet_after(a)["moves"])
            free = quiet_after(b)["legal"]
            move(a, free[0], version)
            move(b, free[1], version)
            heard: dict[int, list[dict[str, Any]]] = {id(a): [], id(b): []}
            for socket in (a, b):
                send(socket, type="sync")
                # the other's move (or its own), perhaps a refusal, then the answer to the sync
                while sum(m["type"] == "state" for m in heard[id(socket)]) < 2:
                    heard[id(socket)].append(next_message(socket))
            errors = [m for ms in heard.values() for m in ms if m["type"] == "error"]
            final = heard[id(a)][-1]
            assert len(final["moves"]) == before + 1
            assert [e["code"] for e in errors] == ["web.moved_on"]


def test_undo_against_the_computer_and_hint(client: TestClient) -> None:
    created = client.post(
        "/api/games", json={"game": "tictactoe", "mode": "computer", "level": 5}
    ).json()
    with connect(client, created["id"], created["token"]) as socket:
        state = next_state(socket)
        send(socket, type="hint")
        hint = next_message(socket)
        assert hint["type"] == "hint" and hint["move"] in state["legal"]
        move(socket, "1", state["version"])
        assert next_state(socket)["thinking"]
        state = next_state(socket)
        assert len(state["moves"]) == 2 and not state["thinking"] and state["can_undo"]
        send(socket, type="undo", version=state["version"])
        state = next_state(socket)
        assert state["moves"] == [] and state["turn"] == "first"
        send(socket, type="undo", version=state["version"])
        assert next_error(socket)["code"] == "web.cannot_undo"


def play_random_othello(client: TestClient, size: int, seed: int) -> tuple[str, list[str]]:
    created = new_game(client, game="othello", options={"size": size}, mode="local")
    rng = random.Random(seed)
    with connect(client, created["id"], created["token"]) as socket:
        state = next_state(socket)
        while not state["over"]:
            move(socket, rng.choice(state["legal"]), state["version"])
            state = next_state(socket)
    return created["id"], state["moves"]


def test_othello_downloads_as_the_terminal_writes_it(
    client: TestClient, run: Any, tmp_path: Path
) -> None:
    game_id, moves = play_random_othello(client, 4, seed=3)
    downloaded = client.get(f"/api/games/{game_id}/record").content
    placed = [text for text in moves if text != "0 0"]
    run(["othello", "--size", "4", "--save", "terminal.txt", "--lang", "en"], placed)
    assert downloaded == (tmp_path / "terminal.txt").read_bytes()
    assert downloaded.startswith(b"PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n4\nJUGADA 1:\n")


@pytest.mark.parametrize("size", [4, 6, 8, 10])
def test_every_othello_size_starts_as_the_seed_says(client: TestClient, size: int) -> None:
    created = new_game(client, game="othello", options={"size": size})
    with connect(client, created["id"], created["tokens"][0]) as socket:
        state = next_state(socket)
    start = OthelloPosition.start(size)
    assert state["position"].split()[0] == "".join(start.board_rows()).replace(".", "-")
    assert sorted(state["pieces"]) == ["."] * (size * size - 4) + ["a", "a", "b", "b"]
    assert len(state["legal"]) == len(state["targets"]) == 4


def test_an_upload_replays_and_plays_on(client: TestClient) -> None:
    game_id, _moves = play_random_othello(client, 6, seed=5)
    data = client.get(f"/api/games/{game_id}/record").content
    replay = client.post("/api/upload", content=data).json()
    assert replay["game"] == "othello" and replay["options"] == {"size": 6}
    assert len(replay["frames"]) == len(replay["moves"]) + 1
    assert replay["frames"][-1]["over"] and not replay["frames"][0]["over"]
    played_on = client.post(
        "/api/games",
        json={
            "game": "othello",
            "options": {"size": 6},
            "mode": "local",
            "start": replay["start"],
            "moves": replay["moves"][:6],
        },
    ).json()
    with connect(client, played_on["id"], played_on["token"]) as socket:
        state = next_state(socket)
        assert state["moves"] == replay["moves"][:6]
        assert state["position"] == replay["frames"][6]["position"]


def test_bad_and_oversized_uploads_say_why(client: TestClient) -> None:
    response = client.post("/api/upload?lang=en", content=b"hello\nworld\n")
    assert response.status_code == 400 and "Traceback" not in response.text
    assert response.json()["message"]
    cut = client.post("/api/upload", content=b"PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n7\n")
    assert cut.status_code == 400 and cut.json()["message"]
    large = client.post("/api/upload", content=b"#" * (MAX_UPLOAD + 1))
    assert large.status_code == 400 and "KB" in large.json()["message"]


def test_a_restart_over_the_same_file_goes_on_mid_game(database: str) -> None:
    with TestClient(create_app(Storage(database))) as client:
        created = new_game(client, game="catmouse")
        mouse, cats = created["tokens"]
        with connect(client, created["id"], mouse) as socket:
            state = next_state(socket)
            move(socket, "30", state["version"])
            state = next_state(socket)
            move(socket, "26", state["version"])
            state = next_state(socket)
    with TestClient(create_app(Storage(database))) as client:
        with connect(client, created["id"], cats) as socket:
            again = next_state(socket)
            assert again["moves"] == ["30", "26"] and again["version"] == state["version"]
            assert again["seat"] == ["second"] and again["turn"] == "second"
            move(socket, "4 8", again["version"])
            assert next_state(socket)["moves"] == ["30", "26", "4 8"]
        listing = client.get("/api/games").json()
        listed = [game["id"] for game in [*listing["open"], *listing["live"]]]
        assert created["id"] not in listed, "a game between friends is private"


class StuckThinks(Workers):
    """A computer that thinks until told to stop, as a long Othello think would."""

    released = threading.Event()

    async def think(self, *arguments: Any) -> Any:
        await asyncio.to_thread(self.released.wait, 30)
        raise RuntimeError("stopped")


def test_a_restart_resumes_a_game_whose_computer_was_thinking(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(damero.web.computer, "Workers", StuckThinks)
    with TestClient(create_app(Storage(database))) as client:
        created = client.post(
            "/api/games",
            json={"game": "othello", "options": {"size": 4}, "mode": "computer", "seat": "second"},
        ).json()
        with connect(client, created["id"], created["token"]) as socket:
            state = next_state(socket)
            assert state["thinking"] and state["moves"] == []
    StuckThinks.released.set()
    monkeypatch.undo()
    with (
        TestClient(create_app(Storage(database))) as client,
        connect(client, created["id"], created["token"]) as socket,
    ):
        state = next_state(socket)
        if state["thinking"]:
            state = next_state(socket)
        assert len(state["moves"]) == 1 and state["turn"] == "second"
        assert not state["thinking"] and state["legal"]
