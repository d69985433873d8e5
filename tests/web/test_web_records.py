"""A game started from a set position downloads as a record that holds that start, and reads back
to the same positions: at the terminal, and uploaded to the server again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web_api import connect, move, next_state

from damero.core import Side
from damero.records import read_any
from damero.registry import GAMES, find_game
from damero.round import new_round
from damero.web.stored import round_of, stored_of

Run = Any


def othello_after(moves: int, size: int) -> str:
    """An Othello position a few moves in: a board no seed file can start from, O to move."""
    game = find_game("othello").variant(size=size)
    position = game.start()
    for _ in range(moves):
        position = position.play(position.legal_moves()[0])
    return str(game.format_position(position))


SET_STARTS = {
    "tictactoe": ({}, "X---O----"),
    "catmouse": ({}, "22 2 3 4 17 mouse"),
    "othello": ({"size": 6}, othello_after(3, 6)),
}


def test_every_game_has_a_set_start_here() -> None:
    assert {game.name for game in GAMES} == set(SET_STARTS)


@pytest.mark.parametrize("name", sorted(SET_STARTS))
def test_a_game_from_a_set_start_downloads_reads_back_and_uploads(
    client: TestClient, run: Run, tmp_path: Path, name: str
) -> None:
    options, start = SET_STARTS[name]
    created = client.post(
        "/api/games", json={"game": name, "options": options, "mode": "local", "start": start}
    ).json()
    positions = []
    with connect(client, created["id"], created["token"]) as socket:
        state = next_state(socket)
        positions.append(state["position"])
        for _ in range(2):
            move(socket, state["legal"][0], state["version"])
            state = next_state(socket)
            positions.append(state["position"])
    moves = state["moves"]
    assert positions[0] == find_game(name).variant(**options).format_position(
        find_game(name).parse_position(start)
    )

    downloaded = client.get(f"/api/games/{created['id']}/record").content
    path = tmp_path / f"{name}.txt"
    path.write_bytes(downloaded)
    record = read_any(path, GAMES)
    game = record.game
    assert game.name == name and {key: getattr(game, key) for key in options} == options
    assert [game.format_position(position) for position in record.positions()] == positions
    assert [game.format_move(move) for move in record.moves] == moves

    uploaded = client.post("/api/upload", content=downloaded).json()
    assert uploaded["start"] == positions[0] and uploaded["moves"] == moves
    assert [frame["position"] for frame in uploaded["frames"]] == positions

    keys = ["a"] * len(moves) + ["s"]
    shown = run(["replay", path.name, "--lang", "en"], keys)
    assert shown.returncode == 0 and "Traceback" not in shown.stderr
    assert f"Position {len(moves) + 1} of {len(moves) + 1}" in shown.stdout
    assert shown.stdout.count("Position 1 of") == 1


def test_othello_from_its_starting_board_still_downloads_as_the_seed_file(
    client: TestClient,
) -> None:
    created = client.post(
        "/api/games", json={"game": "othello", "options": {"size": 4}, "mode": "local"}
    ).json()
    downloaded = client.get(f"/api/games/{created['id']}/record").text
    assert downloaded.startswith("PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n4\nJUGADA 1:\n")


def test_a_stored_game_is_read_back_playing_each_move_once(
    count_plays: Callable[[type], list[Any]],
) -> None:
    game = find_game("othello").variant(size=6)
    texts = ["2 3", "2 2", "2 1"]
    live = new_round(
        "game",
        game,
        mode="local",
        side=Side.FIRST,
        level=1,
        start=game.start(),
        moves=texts,
        clock=None,
        mine="key",
        other=None,
        created=0.0,
    )
    plays = count_plays(type(game.start()))
    read = round_of(stored_of(live))
    assert read.state.move_texts == tuple(texts) and read.state.position == live.state.position
    assert len(plays) == len(texts)
