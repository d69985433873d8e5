"""The page as players expect it, in Debian's Chromium against a real `damero serve`: the board
fits the screen at desktop and phone sizes, light and dark, in both languages, is played by
keyboard and by touch, and says what it shows."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from servers import Server, create_game

import damero.registry
from damero.i18n import Catalog

Page = Any

AXE = Path(sys.prefix) / "node" / "node_modules" / "axe-core" / "axe.min.js"
"""Deque's axe-core, which `make test` installs from npm into the virtual environment."""

GAMES = {"catmouse": {}, "othello": {"size": 8}, "tictactoe": {}}
LOOKS = [
    pytest.param((1280, 800), "light", "en", id="desktop-light-en"),
    pytest.param((1280, 800), "dark", "es", id="desktop-dark-es"),
    pytest.param((390, 844), "light", "es", id="phone-light-es"),
    pytest.param((390, 844), "dark", "en", id="phone-dark-en"),
]


def create(site: Server, game: str, **body: Any) -> dict[str, Any]:
    """A game of `game` at the size this module draws it."""
    return create_game(site, game, **{"options": GAMES.get(game, {}), **body})


def new_page(browser: Any, size: tuple[int, int] = (1280, 800), **context: Any) -> Page:
    width, height = size
    page = browser.new_context(viewport={"width": width, "height": height}, **context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def open_game(page: Page, site: Server, created: dict[str, Any], link: str = "you") -> None:
    page.goto(site.base + created["links"][link])
    page.wait_for_selector("body[data-version] .board [role=gridcell]")


def version(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.version || '0'"))


def wait_for_version(page: Page, at_least: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.version || 0) >= {at_least}")


def until(page: Page, condition: Any) -> None:
    """Waits, for up to half a minute, until `condition()` holds, which a page event makes so."""
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, "waited half a minute in vain"
        page.wait_for_timeout(50)


def serious_violations(page: Page, also: tuple[str, ...] = ()) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, and those of the
    rules of lesser impact named in `also`."""
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        f"{[node['target'] for node in violation['nodes'][:3]]}"
        for violation in result["violations"]
        if violation["impact"] in ("serious", "critical") or violation["id"] in also
    ]


def board_fits(page: Page) -> tuple[float, float]:
    """The board's smallest cell side, having checked that the whole board is on the screen."""
    box = page.locator(".board").bounding_box()
    viewport = page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= viewport["width"] + 0.5
    assert box["y"] + box["height"] <= viewport["height"] + 0.5
    sizes = page.evaluate(
        "[...document.querySelectorAll('.board .cell')].map((c) => c.getBoundingClientRect())"
        ".map((r) => Math.min(r.width, r.height))"
    )
    return min(sizes), max(sizes)


@pytest.mark.parametrize(("size", "scheme", "language"), LOOKS)
def test_every_board_fits_the_screen_in_the_chosen_language_and_colours(
    browser: Any, site: Server, size: tuple[int, int], scheme: str, language: str
) -> None:
    """axe-core's findings on every page of each look are in test_web_looks.py."""
    page = new_page(browser, size, color_scheme=scheme)
    page.add_init_script(f"localStorage.setItem('damero.lang', '{language}')")
    for game in GAMES:
        open_game(page, site, create(site, game, mode="local"))
        assert page.evaluate("document.documentElement.lang") == language
        smallest, _ = board_fits(page)
        assert smallest >= 24
        if size == (390, 844):
            assert smallest >= 44, f"{game}: a {smallest:.0f} px square on a phone"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    dark = sum(int(part) for part in re.findall(r"\d+", background)[:3]) < 200
    assert dark == (scheme == "dark")
    assert page.errors == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rules_page_gives_the_rules_without_the_terminals_typing(
    browser: Any, site: Server, language: str
) -> None:
    """The page plays by clicking: how a move is typed at the terminal (and how to leave
    there) is for the terminal only."""
    page = new_page(browser)
    page.add_init_script(f"localStorage.setItem('damero.lang', '{language}')")
    page.goto(site.base + "/rules")
    page.wait_for_selector("section#othello h2")
    shown = " ".join(page.inner_text("main").split())
    catalog = Catalog(language)
    for game in damero.registry.GAMES:
        assert " ".join(catalog.text(f"{game.name}.rules").split()) in shown
        assert " ".join(catalog.text(f"{game.name}.typing").split()) not in shown
    assert "-1 -1" not in shown
    assert page.errors == []


@pytest.mark.parametrize("game", ["othello", "catmouse"])
def test_a_landscape_phone_sees_the_whole_board(browser: Any, site: Server, game: str) -> None:
    page = new_page(browser, (844, 390))
    options = {"options": {"size": 10}} if game == "othello" else {}
    open_game(page, site, create(site, game, mode="local", **options))
    smallest, _ = board_fits(page)
    assert smallest >= 24


def arrow_to(page: Page, cell: str) -> None:
    """Presses the arrow keys until the focus is on the board's cell named `cell`."""
    where = "(node) => node && [Number(node.dataset.row), Number(node.dataset.column)]"
    there = page.evaluate(f"({where})(document.querySelector(\"[data-cell='{cell}']\"))")
    for _ in range(16):
        here = page.evaluate(f"({where})(document.activeElement.closest('[data-index]'))")
        assert here is not None, "the focus is not on the board"
        if here == there:
            return
        if here[0] != there[0]:
            page.keyboard.press("ArrowDown" if there[0] > here[0] else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if there[1] > here[1] else "ArrowLeft")
    raise AssertionError(f"the arrows never reached cell {cell}")


def test_a_keyboard_player_wins_tictactoe_told_by_the_board_and_the_live_region(
    browser: Any, site: Server
) -> None:
    page = new_page(browser)
    open_game(page, site, create(site, "tictactoe", mode="local"))
    assert page.get_attribute(".board", "role") == "grid"
    assert page.get_attribute(".board", "aria-label") == "Board: Tic-tac-toe"
    page.keyboard.press("Tab")
    for number, cell in enumerate(["1", "2", "3", "4", "5", "6", "7"], start=1):
        arrow_to(page, cell)
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
            f"{cell}, empty: play {cell}"
        )
        page.keyboard.press("Enter")
        wait_for_version(page, number + 1)
        assert page.evaluate("document.activeElement.closest('.board') !== null")
        mark = "X" if number % 2 else "O"
        said = f"{cell}, {mark}" + (", decided the game" if number == 7 else "")  # the line 3 5 7
        assert page.get_attribute(f"[data-cell='{cell}']", "aria-label") == said
    assert "X won." in page.inner_text("#status")
    page.wait_for_function("document.querySelector('#announce').textContent.includes('won')")
    announced = page.inner_text("#announce")
    assert "X played 7." in announced and "X won." in announced
    assert page.locator("[data-move]").count() == 0
    assert not page.is_visible("#undo") and not page.is_visible("#typed")
    assert page.title() == "damero"
    assert not page.locator(".board .number").first.is_visible()
    page.check("#numbers")
    assert page.locator(".board .number").first.is_visible()
    assert page.errors == []


def test_a_keyboard_player_moves_a_cat_and_the_board_marks_both_squares(
    browser: Any, site: Server
) -> None:
    page = new_page(browser)
    open_game(page, site, create(site, "catmouse", mode="local", moves=["29", "25"]))
    cat = page.get_by_role("button", name="02, a cat: choose it to move", exact=True)
    page.keyboard.press("Tab")
    arrow_to(page, "02")
    assert cat.evaluate("(node) => node === document.activeElement")
    page.keyboard.press("Enter")
    names = page.locator(".board [data-move]").evaluate_all(
        "(nodes) => nodes.map((node) => node.getAttribute('aria-label'))"
    )
    assert names == ["06, empty: move from 02 to 06", "07, empty: move from 02 to 07"]
    assert page.evaluate("document.activeElement.dataset.move") == "02 06"
    page.keyboard.press("ArrowRight")
    before = version(page)
    page.keyboard.press("Enter")
    wait_for_version(page, before + 1)
    assert page.evaluate("document.activeElement.closest('.board') !== null")
    marked = page.locator(".cell.last").evaluate_all("(cells) => cells.map((c) => c.dataset.cell)")
    assert sorted(marked) == ["02", "07"]
    assert page.get_attribute("[data-cell='07']", "aria-label") == "07, a cat"
    assert page.locator("#moves button.move").all_inner_texts()[-1] == "2 7"
    assert page.locator("[data-cell='07'] [data-piece=cat]").count() == 1
    legend = page.inner_text(".legend")
    assert "the mouse" in legend and "a cat" in legend
    assert page.errors == []


def test_tapping_the_edge_of_a_square_plays_it(browser: Any, site: Server) -> None:
    page = new_page(browser, (390, 844), has_touch=True, is_mobile=True)
    open_game(page, site, create(site, "othello", mode="local"))
    target = page.locator(".board [data-move]").first
    move = target.get_attribute("data-move")
    box = target.bounding_box()
    before = version(page)
    page.touchscreen.tap(box["x"] + 2, box["y"] + box["height"] - 2)
    wait_for_version(page, before + 1)
    assert page.locator("#moves button.move").all_inner_texts() == [move]
    assert page.errors == []


def test_four_language_switches_leave_one_socket(browser: Any, site: Server) -> None:
    page = new_page(browser)
    opened: list[Any] = []
    page.on("websocket", lambda socket: opened.append(socket))
    open_game(page, site, create(site, "tictactoe", mode="local"))
    for switches, language in enumerate(("es", "en", "es", "en"), start=2):
        page.select_option("#language", language)
        page.wait_for_function(f"document.documentElement.lang === '{language}'")
        until(page, lambda count=switches: len(opened) == count)
        page.wait_for_selector("body[data-version] .board [data-move]")
    until(page, lambda: sum(not socket.is_closed() for socket in opened) == 1)
    received: list[str] = []
    opened[-1].on("framereceived", lambda frame: received.append(frame))
    page.click("[data-move='5']")
    wait_for_version(page, 2)
    assert page.locator("#moves button.move").all_inner_texts() == ["5"]
    changes = [json.loads(str(frame)) for frame in received]
    arrived = [c for c in changes if c.get("add") in ("5", ["5"]) or c.get("moves") == ["5"]]
    assert len(arrived) == 1, changes
    assert page.errors == []


def test_a_replay_has_its_address_and_the_arrows_step_at_once(browser: Any, site: Server) -> None:
    created = create(site, "tictactoe", mode="local", moves=["5", "1", "9"])
    page = new_page(browser)
    page.goto(f"{site.base}/replay/{created['id']}")
    page.wait_for_selector("#counter")
    assert page.inner_text("#counter") == "Replay: position 4 of 4"
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#counter") == "Replay: position 3 of 4"
    assert page.locator(".board [data-piece=mark]").count() == 2
    page.keyboard.press("Home")
    assert page.inner_text("#counter") == "Replay: position 1 of 4"
    page.keyboard.press("ArrowRight")
    assert page.locator("#moves [aria-current]").inner_text() == "5"
    page.reload()
    page.wait_for_selector("#counter")
    assert page.inner_text("#counter") == "Replay: position 4 of 4"
    rows = page.locator("#moves tbody tr").evaluate_all(
        "(rows) => rows.map((row) => [...row.cells].map((cell) => cell.innerText))"
    )
    assert rows == [["1", "5", "1"], ["2", "9", ""]]
    assert page.errors == []


def test_looking_back_in_a_game_and_returning(browser: Any, site: Server) -> None:
    page = new_page(browser)
    open_game(page, site, create(site, "tictactoe", mode="local", moves=["5", "1", "9"]))
    page.click("#moves button.move >> nth=0")
    page.wait_for_selector("#looking-back")
    assert "move 1 of 3" in page.inner_text("#looking-back")
    assert page.locator(".board [data-piece=mark]").count() == 1
    assert page.locator(".board [data-move]").count() == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelectorAll('.board [data-piece=mark]').length === 2")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#looking-back", state="detached")
    assert page.locator(".board [data-piece=mark]").count() == 3
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#looking-back")
    page.click("#back-to-game")
    page.wait_for_selector("#looking-back", state="detached")
    assert page.locator(".board [data-move]").count() == 6
    assert page.title().startswith("Your turn")
    assert page.errors == []


def test_the_page_shows_what_applies_and_remembers_its_settings(browser: Any, site: Server) -> None:
    page = new_page(browser, reduced_motion="reduce")
    page.goto(site.base + "/")
    page.wait_for_selector("#create")
    assert not page.is_visible("#level-choice") and not page.is_visible("#seat-choice")
    page.select_option("#mode-choice", "computer")
    assert page.is_visible("#level-choice") and page.is_visible("#seat-choice")
    assert page.get_attribute("a[href='/rules#othello']", "href")
    assert not page.is_checked("#sound")
    page.select_option("#scheme", "dark")
    page.check("#sound")
    page.click("#rules-link")
    page.wait_for_selector("section#catmouse h2")
    assert "nothing is captured" in page.inner_text("section#catmouse")
    page.select_option("#language", "es")
    page.wait_for_function("document.querySelector('section#catmouse').innerText.includes('nunca')")
    page.reload()
    page.wait_for_selector("section#catmouse h2")
    assert page.evaluate("document.documentElement.dataset.scheme") == "dark"
    assert page.is_checked("#sound")
    created = create(site, "tictactoe", mode="friend")
    page.goto(site.base + created["links"]["watch"])
    page.wait_for_selector("body[data-version] .board")
    assert not page.is_visible("#typed") and not page.is_visible("#undo")
    assert page.get_attribute("#game-rules", "href") == "/rules#tictactoe"
    assert page.title() == "damero"
    player = new_page(browser, reduced_motion="reduce")
    open_game(player, site, created)
    player.click("[data-move='5']")
    wait_for_version(player, 2)
    animation = "getComputedStyle(document.querySelector('.board .piece')).animationName"
    assert player.evaluate(animation) == "none"
    moving = new_page(browser, reduced_motion="no-preference")
    open_game(moving, site, created, "other")
    moving.click("[data-move='1']")
    moving.wait_for_selector(".board [data-cell='1'] .piece.placed")
    assert (
        moving.evaluate(
            "getComputedStyle(document.querySelector('[data-cell=\"1\"] .piece')).animationName"
        )
        == "placed"
    )
    assert page.errors == player.errors == moving.errors == []


def test_a_hint_has_its_own_style(browser: Any, site: Server) -> None:
    page = new_page(browser)
    open_game(page, site, create(site, "tictactoe", mode="computer", level=1))
    page.click("#hint")
    page.wait_for_selector("#hint-line:not([hidden])")
    assert page.inner_text("#hint-line") and page.inner_text("#error") == ""
    assert page.locator(".cell.hinted").count() == 1
    assert page.errors == []
