"""A game the browser has never seen: the tests' Nim, added to GAMES, played over the socket and
in Chromium by clicking the board the one generic drawer draws from the server's description."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import Server
from starlette.testclient import TestClient
from test_web_api import connect, new_game, next_state, send
from test_web_browser import moves_of, open_page, start_game, version, wait_for_version

from damero.web.app import create_app
from damero.web.storage import Storage


@pytest.fixture
def nim_client(with_nim: None, database: str) -> Iterator[TestClient]:
    """The app, in the test's process, with Nim one of its games."""
    with TestClient(create_app(Storage(database))) as running:
        yield running


@pytest.fixture
def nim_server(tmp_path: Path) -> Iterator[Server]:
    """`damero serve` as its own process, started through `nim_server` so that it knows Nim."""
    running = Server(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "server.log", module="nim_server"
    )
    yield running
    running.stop()


def heaps_of(state: dict[str, Any]) -> list[int]:
    return [int(word) for word in state["position"].split()[:-1]]


def test_nim_is_played_over_the_socket_by_its_board_description(nim_client: TestClient) -> None:
    created = new_game(nim_client, game="nim", mode="local")
    rng = random.Random(5)
    with connect(nim_client, created["id"], created["tokens"][0], "es") as socket:
        state = next_state(socket)
        layout = nim_client.get(state["layout"]).json()
        assert (layout["rows"], layout["columns"]) == (3, 5)
        assert len(layout["cells"]) == len(state["pieces"]) == 1 + 3 + 5
        assert [kind["name"] for kind in layout["kinds"]] == ["una ficha"]
        assert state["last"] == []
        while not state["over"]:
            assert len(state["targets"]) == len(state["legal"])
            assert state["pieces"].count("a") == sum(heaps_of(state))
            cell = rng.choice(state["targets"])
            heap, counter = map(int, layout["cells"][cell]["label"].split("."))
            before = heaps_of(state)
            send(socket, type="move", version=state["version"], cells=[cell])
            state = next_state(socket)
            assert state["moves"][-1] == f"{heap} {before[heap - 1] - counter + 1}"
            assert heaps_of(state)[heap - 1] == counter - 1, "the clicked counter and those after"
            assert sum(before) - sum(heaps_of(state)) == len(state["last"])
        assert set(state["pieces"]) == {"."} and state["targets"] == []
        assert state["status"][0].startswith("Victoria para ")
        assert len(state["status"]) == 2, "who won, then the game's own reason"


def test_nim_is_played_in_chromium_by_clicking_its_board(browser: Any, nim_server: Server) -> None:
    rng = random.Random(11)
    page = open_page(browser, nim_server.base + "/")
    start_game(page, "nim", "local")
    page.wait_for_selector(".board svg [data-piece=counter]")
    assert page.locator(".board svg [data-piece=counter]").count() == 1 + 3 + 5
    assert page.get_attribute("[data-cell='1.1']", "aria-label") == "1.1, a counter"
    while page.get_attribute("body", "data-over") != "yes":
        targets = page.locator("[data-move]")
        target = targets.nth(rng.randrange(targets.count()))
        cell = target.get_attribute("data-move")
        before = version(page)
        if rng.random() < 0.5:
            target.click()
        else:
            target.focus()
            page.keyboard.press("Enter")
        wait_for_version(page, before + 1)
        assert len(moves_of(page)) == before
        assert page.get_attribute(f"[data-cell='{cell}']", "aria-label") == f"{cell}, empty"
    assert page.locator(".board svg [data-piece=counter]").count() == 0
    assert "player won." in page.inner_text("#status")
    assert page.errors == []


def test_nim_s_option_is_offered_in_its_own_words(nim_client: TestClient) -> None:
    games = {game["name"]: game for game in nim_client.get("/api/games?lang=es").json()["games"]}
    assert games["nim"]["options"] == [
        {
            "name": "rows",
            "label": "Filas de fichas",
            "default": 3,
            "choices": [{"value": 3, "label": "3 filas"}, {"value": 4, "label": "4 filas"}],
        }
    ]
    assert games["tictactoe"]["options"] == []
    created = new_game(nim_client, game="nim", mode="local", options={"rows": 4})
    with connect(nim_client, created["id"], created["tokens"][0], "en") as socket:
        state = next_state(socket)
        assert state["options"] == {"rows": 4} and heaps_of(state) == [1, 3, 5, 7]


def test_nim_s_option_is_chosen_on_the_pages_in_the_words_the_server_sends(
    browser: Any, nim_server: Server
) -> None:
    """The front page and the analysis board offer each game's options as the server names them:
    Nim's rows are no board size, and nothing in the page says Nim."""
    offered = {
        "game": "nim",
        "options": {"rows": 4},
        "mode": "open",
    }
    request = urllib.request.Request(
        nim_server.base + "/api/games",
        data=json.dumps(offered).encode(),
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(request, timeout=30).close()
    page = open_page(browser, nim_server.base + "/")
    page.wait_for_selector("#create")
    assert "Nim 4 rows" in page.inner_text("#open-seats")
    page.select_option("#game-choice", "nim")
    assert page.inner_text("#game-options label").startswith("Rows of counters")
    assert page.locator("[data-option=rows] option").all_inner_texts() == ["3 rows", "4 rows"]
    page.select_option("#game-choice", "othello")
    assert page.inner_text("#game-options label").startswith("Board size")
    assert "6x6" in page.locator("[data-option=size] option").all_inner_texts()
    page.select_option("#game-choice", "nim")
    start_game(page, "nim", "local", **{"[data-option=rows]": "4"})
    page.wait_for_selector(".board svg [data-piece=counter]")
    assert page.locator(".board svg [data-piece=counter]").count() == 1 + 3 + 5 + 7
    page.goto(nim_server.base + "/analyse?game=nim&rows=4&position=1+3+5+7+first")
    page.wait_for_selector("body[data-analysed=yes]")
    variants = page.locator("#analysis-game option").all_inner_texts()
    assert "Nim 3 rows" in variants and "Nim 4 rows" in variants and "Othello 8x8" in variants
    assert page.locator("#analysis-game option:checked").inner_text() == "Nim 4 rows"
    assert page.errors == []
