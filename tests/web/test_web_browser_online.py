"""Online play end to end, in Chromium against `damero serve`: clocks, draws, take-backs,
rematches, moves made offline, seat links in one browser, and open seats taken from the front
page. Each browser context is one person's browser (its own storage)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from servers import Server
from test_web_browser import moves_of, start_game, version, wait_for_version

from damero.web.storage import Storage
from damero.web.stored import change_of, round_of

Page = Any
TIMEOUT = 120_000
"""How long a page waits for the server to act on its own, in ms: generous, for a loaded machine."""


def new_page(context: Any, url: str) -> Page:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    return page


def person(browser: Any, url: str, **options: Any) -> Page:
    """A page in a browser of its own (a new context: nothing stored from anyone else)."""
    return new_page(browser.new_context(viewport={"width": 900, "height": 900}, **options), url)


def friend_game(browser: Any, server: Server, **choices: str) -> tuple[Page, Page]:
    """X starts a game of tic-tac-toe with a friend, who opens the link sent; both see it."""
    x = person(browser, server.base + "/")
    start_game(x, "tictactoe", "friend", **choices)
    o = person(browser, x.input_value("#link-other"))
    wait_for_version(o, 1)
    x.wait_for_selector("#presence-second.here")
    return x, o


def timed_friend_game(browser: Any, base: str, *, seconds: int) -> Page:
    """X's page of a new game of Tic-tac-toe with a friend, `seconds` each on the clock."""
    x = person(browser, base + "/")
    x.wait_for_selector("#create")
    x.select_option("#game-choice", "tictactoe")
    x.select_option("#mode-choice", "friend")
    x.select_option("#clock-choice", "other")
    x.fill("#clock-initial", str(seconds))
    x.fill("#clock-increment", "0")
    x.click("#create")
    x.wait_for_selector("body[data-version]")
    return x


def play(page: Page, cell: str, *others: Page) -> None:
    """Plays `cell` on `page` and waits until every page has the move."""
    before = version(page)
    page.click(f"[data-move='{cell}']")
    for seen in (page, *others):
        wait_for_version(seen, before + 1)


def test_a_timed_game_is_lost_on_time_and_the_clocks_count_down(
    browser: Any, site: Server, screenshot: Any
) -> None:
    x = timed_friend_game(browser, site.base, seconds=6)
    o = person(browser, x.input_value("#link-other"))
    wait_for_version(o, 1)
    assert x.inner_text("#clock-first") == o.inner_text("#clock-second") == "0:06.0"
    play(x, "5", o)
    play(o, "1", x)
    # X's clock runs now, counting down on both pages with no new state, in the low-time state.
    at = version(x)
    for page in (x, o):
        page.wait_for_function("Number(document.querySelector('#clock-first').dataset.ms) < 5000")
        assert version(page) == at
        assert "running" in page.get_attribute("#clock-first", "class")
        assert "low" in page.get_attribute("#clock-first", "class")
        assert page.inner_text("#clock-second") == "0:06.0"
    for page in (x, o):
        page.wait_for_function("document.body.dataset.over === 'yes'", timeout=TIMEOUT)
        words = "You lost on time" if page is x else "You won on time"
        assert words in page.inner_text("#status")
        assert "to move" not in page.inner_text(".side").lower()
        assert page.inner_text("#clock-first") == "0:00.0"
        assert page.locator("[data-move]").count() == 0
        assert page.locator("#resign").count() == 0
    screenshot(x, "online-lost-on-time")
    assert x.errors == o.errors == []


def test_a_draw_offered_declined_offered_again_and_accepted(browser: Any, site: Server) -> None:
    x, o = friend_game(browser, site)
    play(x, "5", o)
    o.click("#offer-draw")
    x.wait_for_selector("#accept-draw")
    assert x.inner_text("#offers") == "Your opponent offers a draw."
    assert o.inner_text("#offers") == "You offered a draw; waiting for an answer."
    x.click("#decline-draw")
    o.wait_for_selector("#offer-draw")
    x.wait_for_selector("#accept-draw", state="detached")
    # A take-back asked and allowed, between the offers.
    play(o, "1", x)
    o.click("#offer-undo")
    x.wait_for_selector("#accept-undo")
    assert x.inner_text("#offers") == "Your opponent asks to take back their last move."
    x.click("#accept-undo")
    for page in (x, o):
        page.wait_for_function("document.querySelectorAll('#moves button.move').length === 1")
    assert moves_of(x) == moves_of(o) == ["5"]
    o.click("#offer-draw")
    x.click("#accept-draw")
    for page in (x, o):
        page.wait_for_function("document.body.dataset.over === 'yes'")
        assert "Draw by agreement." in page.inner_text("#status")
        assert page.locator("#offer-draw").count() == 0
    assert x.errors == o.errors == []


def test_a_rematch_swaps_the_sides_and_each_page_goes_on_with_its_own_seat(
    browser: Any, site: Server
) -> None:
    x, o = friend_game(browser, site)
    first_game = x.url.split("/play/")[1].split("#")[0]
    o.click("#resign")
    o.click("#resign-confirm")
    for page in (x, o):
        page.wait_for_function("document.body.dataset.over === 'yes'")
    assert "You won: your opponent resigned." in x.inner_text("#status")
    assert "You lost: you resigned." in o.inner_text("#status")
    x.click("#offer-rematch")
    o.wait_for_selector("#accept-rematch")
    assert o.inner_text("#offers") == "Your opponent asks for a rematch."
    o.click("#accept-rematch")
    for page in (x, o):
        page.wait_for_function(f"!location.pathname.endsWith('{first_game}')")
        page.wait_for_function("document.body.dataset.version === '1'")
    assert x.url.split("#")[0] == o.url.split("#")[0]
    assert x.inner_text("#seat") == "You play: O" and o.inner_text("#seat") == "You play: X"
    # The creator still has the link of the other seat, now the new game's.
    assert x.input_value("#link-other") == o.url
    assert x.inner_text("#players").count("here") == 2
    play(o, "5", x)
    x.reload()
    wait_for_version(x, 2)
    assert x.inner_text("#seat") == "You play: O"
    assert x.errors == o.errors == []


def test_a_move_made_while_the_server_is_down_arrives_once_it_is_back(
    browser: Any, tmp_path: Path, screenshot: Any
) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = Server(database, tmp_path / "first.log")
    x = person(browser, first.base + "/")
    start_game(x, "tictactoe", "computer", **{"#seat-choice": "first", "#level-choice": "1"})
    play(x, "5")
    x.wait_for_function("document.querySelectorAll('#moves button.move').length === 2")
    x.wait_for_selector("[data-move]")
    first.stop()
    x.wait_for_function("document.body.dataset.connection === 'offline'")
    assert "reconnecting" in x.inner_text("#connection")
    assert "offline" in x.get_attribute(".board-box", "class")
    assert x.locator("#resign").is_disabled()
    target = x.get_attribute("[data-move]", "data-move")
    at = version(x)
    x.click(f"[data-move='{target}']")
    assert f"Your move {target} will be sent" in x.inner_text("#connection")
    assert x.locator("[data-move]").count() == 0, "one move waits; the board takes no other"
    screenshot(x, "online-offline-move-queued")
    second = Server(database, tmp_path / "second.log", port=first.port)
    try:
        wait_for_version(x, at + 1)
        x.wait_for_function("document.body.dataset.connection === 'online'")
        assert moves_of(x)[2] == target
        assert x.inner_text("#connection") == ""
        x.reload()
        wait_for_version(x, at + 1)
        assert moves_of(x)[2] == target
    finally:
        second.stop()
    assert x.errors == []


def test_a_move_made_offline_is_not_sent_if_the_game_moved_on_meanwhile(
    browser: Any, tmp_path: Path
) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = Server(database, tmp_path / "first.log")
    page = person(browser, first.base + "/")
    start_game(page, "tictactoe", "local")
    game_id = page.url.split("/play/")[1].split("#")[0]
    first.stop()
    page.wait_for_function("document.body.dataset.connection === 'offline'")
    page.click("[data-move='5']")
    # Meanwhile the game moves on elsewhere (as from another device): the first move is 1.
    storage = Storage(database)
    live = round_of(storage.load(game_id))  # type: ignore[arg-type]
    moved = replace(live, state=live.state.play_text("1"))
    assert storage.write([change_of(live, moved, now=time.time())]) == [True]
    storage.close()
    second = Server(database, tmp_path / "second.log", port=first.port)
    try:
        wait_for_version(page, 2)
        page.wait_for_function("document.querySelector('#error').innerText !== ''")
        assert page.inner_text("#error") == (
            "The game moved on while you were offline, so your move 5 was not sent."
        )
        assert moves_of(page) == ["1"]
        assert page.locator("[data-move='5']").count() == 1, "and it may be played again"
    finally:
        second.stop()
    assert page.errors == []


def test_a_page_open_while_its_server_is_updated_draws_the_new_board(
    browser: Any, tmp_path: Path
) -> None:
    """The server is updated, mid-game, to a release whose board's layout changed (its cells
    listed in another order, so each cell's index names another cell): the page, which drew the
    older layout, fetches the new one at its new address and draws the position on it."""
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    older = Server(database, tmp_path / "older.log", module="old_board_server")
    page = person(browser, older.base + "/")
    layouts: list[str] = []
    page.on(
        "request",
        lambda request: layouts.append(request.url) if "/boards/" in request.url else None,
    )
    start_game(page, "tictactoe", "local")
    page.click("[data-move='1']")
    wait_for_version(page, 2)
    assert page.get_attribute("[data-cell='1']", "aria-label") == "1, X"
    older.stop()
    page.wait_for_function("document.body.dataset.connection === 'offline'")
    newer = Server(database, tmp_path / "newer.log", port=older.port)
    try:
        page.wait_for_function("document.body.dataset.connection === 'online'")
        page.click("[data-move='5']")
        wait_for_version(page, 3)
        drawn = {
            cell: page.get_attribute(f"[data-cell='{cell}']", "aria-label") for cell in "123456789"
        }
        marks = {"1": "X", "5": "O"}
        assert drawn == {cell: f"{cell}, {marks.get(cell, 'empty')}" for cell in "123456789"}
        assert len(set(layouts)) == 2, "the new layout is fetched at its own address"
        assert moves_of(page) == ["1", "5"]
    finally:
        newer.stop()
    assert page.errors == []


def test_a_page_of_an_older_release_reloads_when_its_server_is_updated(
    browser: Any, tmp_path: Path
) -> None:
    """The server is updated, mid-game, to a release whose page changed: the page open since
    before, whose code might misread the new server's messages, reloads itself and goes on with
    the game where it was."""
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    older = Server(database, tmp_path / "older.log", module="older_page_server")
    page = person(browser, older.base + "/")
    start_game(page, "tictactoe", "local")
    page.click("[data-move='1']")
    wait_for_version(page, 2)
    assert page.get_attribute("meta[name=release]", "content") == "0" * 12
    older.stop()
    page.wait_for_function("document.body.dataset.connection === 'offline'")
    with page.expect_event("load", timeout=60_000):
        newer = Server(database, tmp_path / "newer.log", port=older.port)
    try:
        wait_for_version(page, 2)
        assert page.get_attribute("meta[name=release]", "content") != "0" * 12
        page.click("[data-move='5']")
        wait_for_version(page, 3)
        assert moves_of(page) == ["1", "5"]
    finally:
        newer.stop()
    assert page.errors == []


def test_the_opponents_link_opened_in_the_creators_browser_keeps_both_seats_apart(
    browser: Any, site: Server
) -> None:
    context = browser.new_context(
        viewport={"width": 900, "height": 900}, permissions=["clipboard-read", "clipboard-write"]
    )
    x = new_page(context, site.base + "/")
    start_game(x, "tictactoe", "friend")
    own_link, other_link = x.input_value("#link-you"), x.input_value("#link-other")
    assert own_link == x.url and "#seat=" in own_link and own_link != other_link
    x.click("#copy-you")
    assert x.evaluate("navigator.clipboard.readText()") == own_link
    assert x.inner_text("#copy-you") == "Copied"
    o = new_page(context, other_link)
    wait_for_version(o, 1)
    assert o.inner_text("#seat") == "You play: O"
    assert "this tab plays this link's seat only" in o.inner_text("#seat-elsewhere")
    x.reload()
    wait_for_version(x, 1)
    assert x.inner_text("#seat") == "You play: X"
    play(x, "5", o)
    play(o, "1", x)
    # The spectators' link, opened in this browser, comes back to the seat it holds.
    again = new_page(context, x.input_value("#link-watch"))
    wait_for_version(again, 3)
    assert again.inner_text("#seat") == "You play: X" and again.url == own_link
    # A tab playing the other seat goes back to the browser's own one when asked.
    o.click("#my-seat")
    o.wait_for_function("document.querySelector('#seat').innerText === 'You play: X'")
    assert o.url == own_link
    # The other seat's link, kept per game, is still there in a new tab after the first closed.
    x.close()
    later = new_page(context, site.base + own_link.split(site.base)[1].split("#")[0])
    wait_for_version(later, 3)
    assert later.input_value("#link-other") == other_link
    assert o.errors == again.errors == later.errors == []


def test_an_open_seat_taken_from_the_front_page_by_a_third_browser(
    browser: Any, site: Server
) -> None:
    guest = person(browser, site.base + "/")
    guest.wait_for_selector("#public-games")
    assert "No seat is waiting for a player right now." in guest.inner_text("#public-games")
    host = person(browser, site.base + "/")
    start_game(host, "othello", "open", **{"[data-option=size]": "6"})
    assert "an open seat, waiting for anyone to take it" in host.inner_text("#players")
    assert host.locator("#link-other").count() == 0
    game_id = host.url.split("/play/")[1].split("#")[0]
    # The guest's front page, open all along, lists the seat once it is there.
    guest.wait_for_selector(f"[data-join='{game_id}']", timeout=TIMEOUT)
    assert "Othello 6x6" in guest.inner_text("#open-seats")
    guest.click(f"[data-join='{game_id}']")
    wait_for_version(guest, 2)
    assert guest.inner_text("#seat") == "You play: White (O)"
    host.wait_for_function("document.querySelector('#players').innerText.includes('a person')")
    host.wait_for_selector("#presence-second.here")
    play(host, host.get_attribute("[data-move]", "data-move"), guest)
    late = person(browser, site.base + "/")
    late.wait_for_selector(f"[data-watch='{game_id}']")
    assert late.locator(f"[data-join='{game_id}']").count() == 0
    late.click(f"[data-watch='{game_id}']")
    wait_for_version(late, 3)
    assert late.inner_text("#seat") == "You are watching."
    assert late.locator("#offer-draw, #resign").count() == 0
    assert host.errors == guest.errors == late.errors == []


def test_the_page_says_who_plays_whom_against_the_computer(browser: Any, site: Server) -> None:
    page = person(browser, site.base + "/")
    start_game(page, "catmouse", "computer", **{"#level-choice": "2"})
    players = page.inner_text("#players")
    assert "you" in players and "the computer at level 2" in players
    assert page.locator("#offer-draw").count() == 0 and page.locator("#resign").count() == 1
    assert page.errors == []


def test_a_player_gone_long_enough_lets_the_other_claim_the_win(
    browser: Any, tmp_path: Path
) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "server.log", "--abandon-after", "1"
    )
    try:
        x, o = friend_game(browser, server)
        assert x.locator("#claim-win").count() == 0
        o.context.close()
        x.wait_for_selector("#presence-second.away")
        x.wait_for_selector("#claim-win", timeout=TIMEOUT)
        assert "Your opponent has been gone for a while" in x.inner_text("#offers")
        x.click("#claim-win")
        x.wait_for_function("document.body.dataset.over === 'yes'")
        assert "You won: your opponent left the game." in x.inner_text("#status")
        assert x.locator("#claim-win").count() == 0
    finally:
        server.stop()
    assert x.errors == []


def test_fair_play_no_hint_nor_analysis_until_a_game_between_two_people_ends(
    browser: Any, site: Server
) -> None:
    x, o = friend_game(browser, site)
    game_id = x.url.split("/play/")[1].split("#")[0]
    assert x.locator("[data-move]").count() > 0 and x.locator("#hint").is_hidden()
    play(x, "5", o)
    assert o.locator("[data-move]").count() > 0 and o.locator("#hint").is_hidden()
    doors = ("#analyse-position", "#analyse-game", "#play-on")
    replay = person(browser, f"{site.base}/replay/{game_id}")
    replay.wait_for_selector("#counter")
    assert [replay.locator(door).count() for door in doors] == [0, 0, 0]
    o.click("#resign")
    o.click("#resign-confirm")
    x.wait_for_function("document.body.dataset.over === 'yes'")
    assert x.locator("#analyse").is_visible()
    replay.reload()
    replay.wait_for_selector("#counter")
    assert all(replay.locator(door).is_visible() for door in doors)
    # Against the computer, the hint is part of the game.
    alone = person(browser, site.base + "/")
    start_game(alone, "tictactoe", "computer", **{"#seat-choice": "first", "#level-choice": "1"})
    alone.wait_for_selector("#hint", state="visible")
    assert x.errors == o.errors == replay.errors == alone.errors == []
