"""End to end: a real `damero serve` and Debian's Chromium, playing games as people do."""

from __future__ import annotations

import json
import random
from typing import Any

from servers import Server
from test_web_page import new_page, version, wait_for_version
from websockets.sync.client import connect

Page = Any


def open_page(browser: Any, url: str) -> Page:
    page = new_page(browser, (900, 800))
    page.goto(url)
    return page


def start_game(page: Page, game: str, mode: str, **choices: str) -> None:
    page.wait_for_selector("#create")
    page.select_option("#game-choice", game)
    page.select_option("#mode-choice", mode)
    for selector, value in choices.items():
        page.select_option(selector, value)
    page.click("#create")
    page.wait_for_selector("body[data-version]")


def play_one(page: Page, rng: random.Random) -> None:
    """Picks a piece if the game asks for one, then one of the targets the page shows."""
    pieces = page.locator(".selectable")
    if pieces.count() > 1:
        pieces.nth(rng.randrange(pieces.count())).click()
    targets = page.locator("[data-move]")
    targets.nth(rng.randrange(targets.count())).click()


def moves_of(page: Page) -> list[str]:
    return [text for text in page.locator("#moves button.move").all_inner_texts()]


def test_two_browsers_play_catmouse_by_link_while_a_spectator_watches(
    browser: Any, site: Server, screenshot: Any
) -> None:
    rng = random.Random(7)
    mouse = open_page(browser, site.base + "/")
    start_game(mouse, "catmouse", "friend")
    other_link = mouse.input_value("#link-other")
    watch_link = mouse.input_value("#link-watch")
    assert "#seat=" in other_link and "#seat=" not in watch_link
    cats = open_page(browser, other_link)
    watcher = open_page(browser, watch_link)
    wait_for_version(cats, 1)
    wait_for_version(watcher, 1)
    assert "the cats" in cats.inner_text("#seat")
    assert watcher.inner_text("#seat") == "You are watching."
    assert watcher.locator("[data-move]").count() == 0
    reloaded = False
    while mouse.get_attribute("body", "data-over") != "yes":
        to_move = mouse if mouse.locator("[data-move]").count() else cats
        before = version(to_move)
        play_one(to_move, rng)
        for page in (mouse, cats, watcher):
            wait_for_version(page, before + 1)
        assert moves_of(watcher) == moves_of(mouse) == moves_of(cats)
        if not reloaded and len(moves_of(cats)) == 6:
            cats.reload()
            wait_for_version(cats, before + 1)
            assert "the cats" in cats.inner_text("#seat")
            assert moves_of(cats) == moves_of(mouse)
            reloaded = True
    assert reloaded
    ending = watcher.inner_text("#status")
    assert "The mouse won." in ending or "The cats won." in ending
    mouse_won = "The mouse won." in ending
    assert ("You won." in mouse.inner_text("#status")) is mouse_won
    assert ("You lost." in cats.inner_text("#status")) is mouse_won
    for page, name in (
        (mouse, "catmouse-mouse"),
        (cats, "catmouse-cats"),
        (watcher, "catmouse-spectator"),
    ):
        screenshot(page, name)
        assert page.errors == []


def test_othello_against_the_computer_to_the_end(
    browser: Any, site: Server, screenshot: Any
) -> None:
    rng = random.Random(3)
    page = open_page(browser, site.base + "/")
    start_game(page, "othello", "computer", **{"[data-option=size]": "6", "#level-choice": "1"})
    page.wait_for_selector(".board [data-piece=disc]")
    assert page.locator(".board [data-piece=disc]").count() == 4
    assert (
        page.locator(".board [role=rowheader], .board [role=columnheader]:not(.corner)").count()
        == 12
    )
    while page.get_attribute("body", "data-over") != "yes":
        page.wait_for_function(
            "document.querySelector('[data-move]') || document.body.dataset.over === 'yes'",
            timeout=60_000,
        )
        if page.get_attribute("body", "data-over") == "yes":
            break
        before = version(page)
        play_one(page, rng)
        wait_for_version(page, before + 1)
    status = page.inner_text("#status")
    assert "You won." in status or "You lost." in status or "Draw." in status
    assert " discs " in status
    page.click("#replay")
    page.wait_for_selector("#counter")
    page.click("#first")
    assert page.locator(".board [data-piece=disc]").count() == 4
    screenshot(page, "othello-6x6-replay-start")
    page.click("#last")
    screenshot(page, "othello-6x6-end")
    assert page.errors == []


def test_tictactoe_on_one_screen_by_keyboard_ends_in_a_draw(
    browser: Any, site: Server, screenshot: Any
) -> None:
    page = open_page(browser, site.base + "/")
    start_game(page, "tictactoe", "local")
    for number, cell in enumerate(["1", "2", "3", "5", "4", "6", "8", "7", "9"], start=1):
        page.focus(f"[data-move='{cell}']")
        page.keyboard.press("Enter")
        wait_for_version(page, number + 1)
    assert "draw" in page.inner_text("#status").lower()
    page.select_option("#language", "es")
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.wait_for_function("document.querySelector('#status').innerText.includes('Tablas.')")
    screenshot(page, "tictactoe-draw")
    assert page.errors == []


def test_a_killed_server_loses_no_accepted_move(tmp_path: Any) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = Server(database, tmp_path / "first.log")
    import urllib.request

    request = urllib.request.Request(
        first.base + "/api/games",
        data=json.dumps({"game": "tictactoe", "mode": "local"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    created = json.loads(urllib.request.urlopen(request).read())
    socket_url = f"ws://127.0.0.1:{first.port}/ws/{created['id']}?token={created['token']}"
    with connect(socket_url) as socket:
        state = json.loads(socket.recv())
        for cell in ("5", "1", "9"):
            socket.send(json.dumps({"type": "move", "move": cell, "version": state["version"]}))
            state = json.loads(socket.recv())
        assert state["moves"] == ["5", "1", "9"]
        first.kill()
    second = Server(database, tmp_path / "second.log")
    try:
        with connect(socket_url.replace(str(first.port), str(second.port))) as socket:
            state = json.loads(socket.recv())
            assert state["moves"] == ["5", "1", "9"] and state["seat"] == ["first", "second"]
    finally:
        second.stop()
