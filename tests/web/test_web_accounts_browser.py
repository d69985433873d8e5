"""Accounts in Debian's Chromium against a real `damero serve`: signing up, logging out and in by
keyboard alone, the account's pages passing axe-core in both languages, and another site's form
refused."""

from __future__ import annotations

from typing import Any

import pytest
from servers import Server
from test_web_page import new_page, serious_violations

Page = Any
PASSWORD = "a quiet harbour at dawn"


def type_into(page: Page, selector: str, text: str) -> None:
    """Tabs until `selector` has the focus, then types: a keyboard's way to a field."""
    for _ in range(40):
        if page.evaluate(f"document.activeElement === document.querySelector({selector!r})"):
            page.keyboard.type(text)
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def header_name(page: Page) -> str | None:
    page.wait_for_selector("#account-links a")
    mine = page.locator("#my-page")
    return mine.inner_text() if mine.count() else None


def sign_up(page: Page, site: Server, name: str) -> None:
    page.goto(site.base + "/signup")
    page.wait_for_selector("#signup-name:focus")
    page.keyboard.type(name)
    type_into(page, "#signup-password", PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector("#my-page")


def test_sign_up_log_out_and_log_in_by_keyboard(browser: Any, site: Server) -> None:
    page = new_page(browser)
    page.goto(site.base + "/signup")
    page.wait_for_selector("#signup-name:focus")
    page.keyboard.type("Ada_K")
    type_into(page, "#signup-password", "password")
    page.keyboard.press("Enter")
    refusal = page.locator("#signup-error")
    refusal.filter(has_text="most common").wait_for()
    page.fill("#signup-password", "")
    type_into(page, "#signup-password", PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector("#my-page")
    assert page.evaluate("location.pathname") == "/"
    assert header_name(page) == "Ada_K"
    assert page.locator("#your-games").inner_text().count("no game in progress") == 1
    # Each level says its rating in the game and board size chosen.
    page.select_option("#mode-choice", "computer")
    page.select_option("#game-choice", "othello")
    levels = page.locator("#level-choice option").all_inner_texts()
    assert levels[2] == "3, about 1500" and all(", about " in text for text in levels)
    # The cookie is out of the page's scripts' reach.
    assert "damero_session" not in page.evaluate("document.cookie")
    cookie = next(c for c in page.context.cookies() if c["name"] == "damero_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"

    page.focus("#log-out")
    page.keyboard.press("Enter")
    page.wait_for_selector("#log-in-link")
    assert header_name(page) is None
    assert not any(c["name"] == "damero_session" for c in page.context.cookies())

    page.focus("#log-in-link")
    page.keyboard.press("Enter")
    page.wait_for_selector("#login-name:focus")
    page.keyboard.type("ada_k")
    type_into(page, "#login-password", "not my password")
    page.keyboard.press("Enter")
    page.locator("#login-error").filter(has_text="Wrong name or password.").wait_for()
    page.fill("#login-password", "")
    type_into(page, "#login-password", PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector("#my-page")
    assert header_name(page) == "Ada_K"
    page.click("#my-page")
    page.wait_for_selector("#player-name")
    assert page.inner_text("#player-name") == "Ada_K"
    assert page.errors == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_account_pages_pass_axe_in_both_languages(
    browser: Any, site: Server, screenshot: Any, language: str
) -> None:
    page = new_page(browser, (390, 844) if language == "es" else (1280, 800))
    page.add_init_script(f"localStorage.setItem('damero.lang', '{language}')")
    found = {}
    for path, ready in (("/signup", "#signup-name"), ("/login", "#login-name")):
        page.goto(site.base + path)
        page.wait_for_selector(ready)
        found[path] = serious_violations(page)
    sign_up(page, site, f"axe_{language}")
    for path, ready in (
        ("/", "#your-games"),
        ("/account", "#password"),
        (f"/@/axe_{language}", "#player-name"),
    ):
        page.goto(site.base + path)
        page.wait_for_selector(ready)
        if path == "/":
            page.select_option("#mode-choice", "open")  # the rated game's and range's fields
        found[path] = serious_violations(page)
        screenshot(page, f"account{path.replace('/', '-')}-{language}")
    assert {path: faults for path, faults in found.items() if faults} == {}
    words = page.inner_text("main")
    assert ("Partidas" in words) == (language == "es")
    assert page.errors == []


def test_another_sites_form_cannot_act_for_a_logged_in_player(browser: Any, site: Server) -> None:
    """A page on another origin posts a form to the account's addresses, with the player's
    cookie where the browser sends it (same site, another port) and without (another site): the
    server refuses both, and the player stays logged in with the same password."""
    page = new_page(browser)
    sign_up(page, site, "victim")
    folder = site.log_path.parent
    elsewhere = Server(f"sqlite:///{folder / 'elsewhere.sqlite3'}", folder / "elsewhere.log")
    try:
        for origin in (elsewhere.base, elsewhere.base.replace("127.0.0.1", "localhost")):
            for action, fields in (("logout", ""), ("delete", '<input name="password">')):
                attacker = page.context.new_page()
                attacker.goto(origin + "/rules")
                attacker.wait_for_selector("main h1")
                attacker.set_content(
                    f'<form method="post" action="{site.base}/api/account/{action}">{fields}</form>'
                )
                with attacker.expect_navigation():
                    attacker.evaluate("document.forms[0].submit()")
                assert "another site" in attacker.inner_text("body"), (origin, action)
                attacker.close()
        page.goto(site.base + "/")
        assert header_name(page) == "victim"
    finally:
        elsewhere.stop()


def test_names_on_seats_in_every_browser_and_the_players_page(browser: Any, site: Server) -> None:
    """A logged-in player opens a seat; a visitor without an account types a name (with markup in
    it, shown as text) and takes it from the front page; a spectator sees both names. Once the
    game is over the player's page lists it, with its replay. Meanwhile the player takes the game
    up on another device from their front page, without its link."""
    ana = new_page(browser)
    sign_up(ana, site, "ana_b")
    ana.goto(site.base + "/")
    ana.wait_for_selector("#create")
    ana.select_option("#game-choice", "tictactoe")
    ana.select_option("#mode-choice", "open")
    assert ana.is_visible("#rated-choice") and not ana.is_visible("#guest-name")
    ana.click("#create")
    ana.wait_for_selector("body[data-version]")
    game_id = ana.evaluate("location.pathname.split('/').pop()")

    guest = new_page(browser)
    guest.goto(site.base + "/")
    guest.wait_for_selector("#create")
    guest.select_option("#mode-choice", "open")
    guest.fill("#guest-name", "Bea <i>x</i>")
    guest.select_option("#mode-choice", "local")  # the name is kept once a game is made
    guest.evaluate("localStorage.setItem('damero.name', 'Bea <i>x</i>')")
    guest.reload()
    seat = guest.locator(f"[data-seat='{game_id}']")
    seat.wait_for()
    assert "by ana_b (1500)" in seat.inner_text() and "unrated" in seat.inner_text()
    guest.click(f"[data-join='{game_id}']")
    guest.wait_for_selector("body[data-version] #players")

    watcher = new_page(browser)
    watcher.goto(f"{site.base}/play/{game_id}")
    watcher.wait_for_selector("body[data-version] #players")
    watcher.locator("#players").filter(has_text="Bea").wait_for()
    assert serious_violations(watcher) == []
    players = watcher.inner_text("#players")
    assert "ana_b (1500)" in players
    assert "Bea <i>x</i> (a name typed, not an account)" in players
    assert watcher.locator("#players i").count() == 0
    ana.locator("#players").filter(has_text="Bea <i>x</i>").wait_for()

    # On another device, logged in, ana finds the game on her front page and plays her seat.
    phone = new_page(browser, (390, 844))
    phone.goto(site.base + "/login")
    phone.fill("#login-name", "ana_b")
    phone.fill("#login-password", PASSWORD)
    phone.press("#login-password", "Enter")
    taken_up = phone.locator(f"#your-games [data-game='{game_id}'] a")
    assert "Bea <i>x</i>" in taken_up.inner_text()
    taken_up.click()
    phone.wait_for_selector("body[data-version] #players")
    assert phone.evaluate("location.pathname") == f"/play/{game_id}"

    for page, cells in ((phone, "1"), (guest, "4"), (ana, "2"), (guest, "5"), (ana, "3")):
        page.locator(f"[data-move='{cells}']").wait_for()
        page.click(f"[data-move='{cells}']")
    ana.wait_for_selector("body[data-over=yes]")
    ana.goto(site.base + "/@/ana_b")
    row = ana.locator(f"[data-game='{game_id}']")
    row.wait_for()
    assert "Bea <i>x</i>" in row.inner_text() and "won" in row.inner_text()
    assert serious_violations(ana) == []  # the page with its tables of ratings and games
    row.get_by_role("link", name="Replay").click()
    ana.wait_for_selector("#counter")
    assert ana.evaluate("location.pathname") == f"/replay/{game_id}"
    assert ana.errors == guest.errors == watcher.errors == phone.errors == []


def test_a_rated_open_seat_with_a_range_made_and_refused_in_the_browser(
    browser: Any, site: Server
) -> None:
    """A logged-in player offers a rated seat with a clock and a range of ratings; the front page
    shows it with its terms, and a player outside the range who tries to take it is told why."""
    cid = new_page(browser)
    sign_up(cid, site, "cid_r")
    cid.goto(site.base + "/")
    cid.wait_for_selector("#create")
    cid.select_option("#game-choice", "tictactoe")
    cid.select_option("#mode-choice", "open")
    cid.select_option("#clock-choice", index=1)
    cid.check("#rated-choice")
    cid.fill("#rating-low", "1550")
    cid.fill("#rating-high", "1800")
    cid.click("#create")
    cid.wait_for_selector("body[data-version] #rated-line")
    assert "Rated" in cid.inner_text("#rated-line")
    game_id = cid.evaluate("location.pathname.split('/').pop()")

    dan = new_page(browser)
    sign_up(dan, site, "dan_r")
    seat = dan.locator(f"[data-seat='{game_id}']")
    seat.wait_for()
    assert "by cid_r (1500), rated, ratings 1550-1800" in seat.inner_text()
    dan.click(f"[data-join='{game_id}']")
    dan.get_by_role("alert").filter(has_text="ratings from 1550 to 1800").wait_for()
    assert dan.evaluate("location.pathname") == "/"
    assert cid.errors == dan.errors == []
