"""The page's layout as a player sees it, in Debian's Chromium against a real `damero serve`: the
clocks readable in both schemes and beside the board on a phone, a board that flips, a first
screen that says what to do and a friend's link shown first, every unknown address answered by
the page, the decisive cells marked (axe-core's findings on every page, in every look, are in
test_web_looks.py)."""

from __future__ import annotations

import random
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from servers import Server
from test_web_page import create, new_page, open_game, version, wait_for_version

import damero.registry

Page = Any
TIMED = {"initial": 300, "increment": 0}
PHONE, DESKTOP = (390, 844), (1280, 800)


def luminance(colour: str) -> float:
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", colour)[:3])

    def linear(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def style(page: Page, selector: str, name: str) -> str:
    return str(page.eval_on_selector(selector, f"(node) => getComputedStyle(node).{name}"))


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    viewport = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= viewport["width"] + 0.5
        and box["y"] + box["height"] <= viewport["height"] + 0.5
    )


def ticking(page: Page) -> None:
    """Plays the second side's first move on a timed Tic-tac-toe page at X 1, and waits for the
    first side's clock to run (it runs once each side has moved)."""
    page.get_by_role("button", name="5, empty: play 5").click()
    page.wait_for_selector("#clock-first.running")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_clocks_are_readable_and_the_running_one_is_marked(
    browser: Any, site: Server, scheme: str
) -> None:
    page = new_page(browser, DESKTOP, color_scheme=scheme)
    open_game(page, site, create(site, "tictactoe", mode="local", clock=TIMED, moves=["1"]))
    ticking(page)
    for face in ("#clock-first", "#clock-second"):
        ratio = contrast(style(page, face, "color"), style(page, face, "backgroundColor"))
        assert ratio >= 4.5, f"{face} in {scheme}: {ratio:.2f}:1"
    running = style(page, "#clock-first", "borderTopColor")
    idle = style(page, "#clock-second", "borderTopColor")
    assert running != idle
    assert running != style(page, "#clock-first", "color"), "the running clock's border is unset"
    assert contrast(running, style(page, "body", "backgroundColor")) >= 3
    assert page.errors == []


def test_a_phone_shows_both_clocks_beside_the_board_its_own_at_the_bottom(
    browser: Any, site: Server, screenshot: Any
) -> None:
    created = create(site, "othello", mode="friend", clock=TIMED)
    for link, own in (("other", "second"), ("you", "first")):
        page = new_page(browser, PHONE)
        open_game(page, site, created, link)
        page.wait_for_selector("#clock-first:not([hidden])")
        for selector in (".board", "#clock-first", "#clock-second"):
            assert in_view(page, selector), f"{selector} out of view on a phone"
        assert page.locator(f"#bar-bottom #clock-{own}").count() == 1
        board = page.locator(".board").bounding_box()
        assert page.locator(f"#clock-{own}").bounding_box()["y"] > board["y"] + board["height"] - 1
        screenshot(page, f"layout-phone-clocks-{own}")
        page.context.close()


def test_a_spectator_flips_the_board_by_keyboard_and_the_clocks_follow(
    browser: Any, site: Server
) -> None:
    created = create(site, "othello", mode="local", clock=TIMED, options={"size": 4})
    page = new_page(browser, DESKTOP)
    open_game(page, site, created, "watch")
    page.wait_for_selector("#clock-first:not([hidden])")
    corner = "document.querySelector('.board [data-index]').dataset.cell"
    assert page.evaluate(corner) == "1 1"
    assert page.locator("#bar-bottom #clock-first").count() == 1
    flip = page.get_by_role("button", name="Flip the board")
    flip.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"{corner} === '4 4'")
    assert flip.get_attribute("aria-pressed") == "true"
    names = page.eval_on_selector_all(
        ".board [role=columnheader]", "(n) => n.map((c) => c.textContent)"
    )
    assert names == ["4", "3", "2", "1"]
    assert page.locator("#bar-bottom #clock-second").count() == 1
    page.keyboard.press("Space")
    page.wait_for_function(f"{corner} === '1 1'")
    assert page.errors == []


@pytest.mark.parametrize("where", ["replay", "analyse"])
def test_a_replay_and_the_analysis_board_flip(browser: Any, site: Server, where: str) -> None:
    page = new_page(browser, DESKTOP)
    if where == "replay":
        finished = create(site, "tictactoe", mode="local", moves=["1", "4", "2", "5", "3"])
        page.goto(f"{site.base}/replay/{finished['id']}")
    else:
        page.goto(f"{site.base}/analyse?game=tictactoe")
    page.wait_for_selector(".board [data-index]")
    corner = "document.querySelector('.board [data-index]').dataset.cell"
    assert page.evaluate(corner) == "1"
    page.get_by_role("button", name="Flip the board").click()
    page.wait_for_function(f"{corner} === '9'")
    assert page.errors == []


def test_the_first_screen_says_what_to_do_and_a_friends_link_comes_first(
    browser: Any, site: Server, screenshot: Any
) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(site.base + "/")
    page.wait_for_selector("#create")
    for name in ("Play the computer", "Play a friend by link", "Play anyone", "Analyse a position"):
        choice = page.get_by_role("button", name=name)
        box = choice.bounding_box()
        assert box is not None and box["height"] >= 44 and box["y"] + box["height"] <= 800, name
    screenshot(page, "layout-front-desktop")
    page.get_by_role("button", name="Play a friend by link").click()
    assert page.input_value("#mode-choice") == "friend"
    page.click("#create")
    page.wait_for_selector("body[data-version] #invite:not([hidden])")
    assert in_view(page, "#link-other") and in_view(page, "#copy-other")
    assert page.locator("#invite #link-other").count() == 1
    assert page.evaluate(
        "document.querySelector('#invite').compareDocumentPosition("
        "document.querySelector('.board')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    assert "not here yet" in page.inner_text("#players")
    assert "away" not in page.inner_text("#players")
    screenshot(page, "layout-friend-invite-desktop")
    friend = new_page(browser, DESKTOP)
    friend.goto(page.input_value("#link-other"))
    friend.wait_for_selector("body[data-version] .board")
    page.wait_for_selector("#invite", state="hidden")
    assert page.locator("#links #link-other").count() == 1
    assert page.errors == [] and friend.errors == []


def test_the_analyse_choice_opens_the_analysis_board(browser: Any, site: Server) -> None:
    page = new_page(browser, PHONE)
    page.goto(site.base + "/")
    page.get_by_role("button", name="Analyse a position").click()
    page.wait_for_url(re.compile(r"/analyse\?game="))
    page.wait_for_selector(".board [data-index]")


@pytest.mark.parametrize(
    ("path", "language", "words"),
    [
        ("/game/abc", "en", "There is no page at this address"),
        ("/nothing/at/all", "es", "No hay ninguna página en esta dirección"),
        ("/play/nosuchgame", "es", "No hay ninguna partida en esta dirección"),
        ("/replay/nosuchgame", "en", "There is no game at this address"),
        ("/@/nobody_here", "en", "Nobody plays under this name"),
    ],
)
def test_every_unknown_address_gets_the_page_in_the_visitors_language(
    browser: Any, site: Server, path: str, language: str, words: str
) -> None:
    page = new_page(browser, DESKTOP)
    page.add_init_script(f"localStorage.setItem('damero.lang', '{language}')")
    response = page.goto(site.base + path)
    assert response is not None and response.status == 404
    page.wait_for_selector("#missing")
    assert words in page.inner_text("#missing")
    assert page.locator("h1").count() == 1
    assert page.locator("header #language").is_visible()
    page.get_by_role("link", name=re.compile("damero")).last.click()
    page.wait_for_selector("#create")
    assert page.errors == []


def test_a_resource_not_found_is_still_a_plain_refusal(site: Server) -> None:
    for path in ("/static/nothing.js", "/api/nothing"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(site.base + path)
        assert refused.value.code == 404
        assert b"<html" not in refused.value.read()


def decisive_cells(page: Page) -> list[str]:
    return list(
        page.eval_on_selector_all(".board .decisive", "(nodes) => nodes.map((n) => n.dataset.cell)")
    )


def test_the_winning_line_of_tictactoe_is_marked_and_said(browser: Any, site: Server) -> None:
    page = new_page(browser, DESKTOP)
    open_game(page, site, create(site, "tictactoe", mode="local", moves=["1", "4", "2", "5"]))
    assert decisive_cells(page) == []
    before = version(page)
    page.get_by_role("button", name="3, empty: play 3").click()
    wait_for_version(page, before + 1)
    page.wait_for_selector(".board .decisive")
    assert decisive_cells(page) == ["1", "2", "3"]
    assert page.get_attribute("[data-cell='2']", "aria-label") == "2, X, decided the game"
    assert style(page, "[data-cell='2']", "boxShadow") != style(
        page, "[data-cell='4']", "boxShadow"
    )
    assert page.errors == []


def test_the_trapped_mouse_and_its_cats_are_marked(browser: Any, site: Server) -> None:
    page = new_page(browser, DESKTOP)
    game = create(site, "catmouse", mode="local", start="29 2 3 4 21 cats", moves=["21 25"])
    open_game(page, site, game)
    page.wait_for_selector(".board .decisive")
    assert sorted(decisive_cells(page)) == ["25", "29"]
    assert page.errors == []


def test_the_cats_that_may_move_are_marked_on_their_turn(browser: Any, site: Server) -> None:
    page = new_page(browser, DESKTOP)
    open_game(page, site, create(site, "catmouse", mode="local", moves=["30", "26"]))
    page.wait_for_selector(".board .selectable")
    movable = page.eval_on_selector_all(
        ".board .selectable",
        "(nodes) => nodes.map((n) => [n.closest('[data-cell]').dataset.cell,"
        " getComputedStyle(n).boxShadow])",
    )
    assert sorted(cell for cell, _ in movable) == ["01", "02", "03", "04"]
    assert all(shadow != "none" for _, shadow in movable)
    assert page.errors == []


def othello_to_the_end(size: int, seed: int) -> list[str]:
    """The moves of a random game of Othello played to its end, as a player types them."""
    game = damero.registry.find_game("othello").variant(size=size)
    position, moves, rng = game.start(), [], random.Random(seed)
    while position.outcome() is None:
        move = rng.choice(position.legal_moves())
        moves.append(game.format_move(move))
        position = position.play(move)
    return moves


def test_the_othello_winners_discs_are_marked_with_their_count(browser: Any, site: Server) -> None:
    page = new_page(browser, DESKTOP)
    for seed in range(20):
        moves = othello_to_the_end(4, seed)
        game = create(site, "othello", mode="local", options={"size": 4}, moves=moves)
        open_game(page, site, game)
        if page.get_attribute("body", "data-over") == "yes" and decisive_cells(page):
            break
    else:
        raise AssertionError("no decided game of 4x4 Othello in 20 random ones")
    marked = page.eval_on_selector_all(
        ".board .decisive", "(nodes) => nodes.map((n) => n.getAttribute('aria-label'))"
    )
    winner = marked[0].split(", ")[1]
    assert all(label.split(", ")[1] == winner for label in marked)
    counted = page.locator(".legend li", has_text=winner).inner_text()
    assert counted.endswith(f": {len(marked)}")
    assert page.errors == []


def test_a_replayed_file_keeps_its_address_through_a_reload(
    browser: Any, site: Server, tmp_path: Path
) -> None:
    record = urllib.request.urlopen(
        site.base
        + "/api/games/"
        + create(site, "tictactoe", mode="local", moves=["1", "4", "2", "5", "3"])["id"]
        + "/record"
    ).read()
    saved = tmp_path / "game.txt"
    saved.write_bytes(record)
    page = new_page(browser, DESKTOP)
    page.goto(site.base + "/")
    page.set_input_files("#upload", str(saved))
    page.wait_for_selector("#counter")
    assert re.search(r"/replay\?upload=\w+$", page.url)
    counter = page.inner_text("#counter")
    page.reload()
    page.wait_for_selector("#counter")
    assert page.inner_text("#counter") == counter
    assert page.locator("h1").count() == 1
    assert page.errors == []
