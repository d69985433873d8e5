"""Results in words for whoever reads them, in Chromium against `damero serve`: each player is
told "You won" or "You lost" and a spectator "X won", with how the game ended, in English and
Spanish, between two people on two servers sharing one PostgreSQL database, against the computer and on
one screen; nobody is told whose turn it is once the game is over; a finished game looked back
at no longer "goes on"; a review names a mistake as the move table numbers it, with the best
move; each side has one name on every page; symmetric Othello moves are valued alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from servers import PostgresCluster, Server, create_game
from starlette.testclient import TestClient
from test_web_browser import start_game, version, wait_for_version
from test_web_browser_online import TIMEOUT, person, play

Page = Any
WINNING = ["1", "4", "2", "5", "3"]
"""X 1, O 4, X 2, O 5, X 3: X has three in a row on the top row; O's 4 is the mistake (5 holds)."""


def status(page: Page) -> list[str]:
    """The lines under the board."""
    return [line for line in page.locator("#status p").all_inner_texts() if line]


def shows_status(page: Page, lines: list[str]) -> None:
    """Waits until the lines under the board are `lines` (a page changing language draws again),
    and fails saying what they are if they never are."""
    expected = json.dumps(lines, ensure_ascii=False, separators=(",", ":"))
    try:
        page.wait_for_function(
            "(expected) => JSON.stringify([...document.querySelectorAll('#status p')]"
            ".map((p) => p.innerText).filter(Boolean)) === expected",
            arg=expected,
        )
    except Exception:
        shown = page.evaluate(
            "JSON.stringify([...document.querySelectorAll('#status p')].map((p) => p.innerText))"
        )
        assert status(page) == lines, shown
        raise AssertionError(f"{shown} is not {expected}") from None


def in_spanish(page: Page) -> None:
    """Switches the page to Spanish and waits until the game's page is drawn again."""
    page.evaluate("document.querySelector('#seat').dataset.before = 'yes'")
    page.select_option("#language", "es")
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.wait_for_function(
        "document.querySelector('#seat:not([data-before])')?.innerText.length > 0"
    )


def test_a_game_between_two_people_on_two_servers_tells_each_reader_the_result(
    browser: Any, postgres: PostgresCluster, tmp_path: Path, screenshot: Any
) -> None:
    database = postgres.new_database()
    first = Server(database, tmp_path / "first.log")
    second = Server(database, tmp_path / "second.log")
    try:
        x = person(browser, first.base + "/")
        start_game(x, "tictactoe", "friend")
        elsewhere = x.input_value("#link-other").replace(first.base, second.base)
        o = person(browser, elsewhere)
        watcher = person(browser, x.input_value("#link-watch").replace(first.base, second.base))
        for page in (o, watcher):
            wait_for_version(page, 1)
        for number, cell in enumerate(WINNING):
            play(
                x if number % 2 == 0 else o,
                cell,
                *([o, watcher] if number % 2 == 0 else [x, watcher]),
            )
        for page in (x, o, watcher):
            page.wait_for_function("document.body.dataset.over === 'yes'")
        assert status(x) == ["You won.", "Three in a row."]
        assert status(o) == ["You lost.", "Three in a row."]
        assert status(watcher) == ["X won.", "Three in a row."]
        for page in (x, o, watcher):
            side = page.inner_text(".side")
            assert "Congratulations" not in side and "You have won" not in side
            assert "To move" not in side, "nobody is to move once the game is over"
        o.wait_for_function("document.querySelector('#announce').textContent.includes('You lost.')")
        # Looking back through the finished game: it does not go on.
        o.click("#moves button.move >> nth=0")
        o.wait_for_selector("#looking-back")
        assert o.inner_text("#looking-back p") == "Looking back: the position after move 1 of 5."
        screenshot(o, "results-two-servers-loser")
        # In Spanish, each reader in their own words; nothing English is left to be said aloud.
        for page in (x, o, watcher):
            in_spanish(page)
        shows_status(x, ["Ha ganado.", "Tres en línea."])
        shows_status(o, ["Ha perdido.", "Tres en línea."])
        shows_status(watcher, ["Victoria para X.", "Tres en línea."])
        assert "You lost" not in o.evaluate("document.querySelector('#announce').textContent")
        watcher.click("#moves button.move >> nth=1")
        watcher.wait_for_selector("#looking-back")
        looking = watcher.inner_text("#looking-back p")
        assert looking == "Mirando atrás: la posición tras la jugada 2 de 5."
        screenshot(watcher, "results-two-servers-spectator-es")
        assert x.errors == o.errors == watcher.errors == []
    finally:
        first.stop()
        second.stop()


def test_a_resignation_is_told_to_each_player_and_to_spectators(browser: Any, site: Server) -> None:
    x = person(browser, site.base + "/")
    start_game(x, "catmouse", "friend")
    cats = person(browser, x.input_value("#link-other"))
    watcher = person(browser, x.input_value("#link-watch"))
    for page in (cats, watcher):
        wait_for_version(page, 1)
    cats.click("#resign")
    cats.click("#resign-confirm")
    for page in (x, cats, watcher):
        page.wait_for_function("document.body.dataset.over === 'yes'")
    assert status(x) == ["You won: your opponent resigned."]
    assert status(cats) == ["You lost: you resigned."]
    assert status(watcher) == ["The mouse won: the cats resigned."]
    for page in (x, cats, watcher):
        assert "to move" not in page.inner_text(".side").lower()
    in_spanish(watcher)
    shows_status(watcher, ["Victoria para el ratón por abandono."])
    in_spanish(cats)
    shows_status(cats, ["Ha perdido: usted abandonó."])
    assert x.errors == cats.errors == watcher.errors == []


def test_a_person_is_told_they_lost_or_won_against_the_computer(browser: Any, site: Server) -> None:
    # Tic-tac-toe: the computer (O, perfect) completes its row at once.
    lost = create_game(
        site, game="tictactoe", mode="computer", seat="first", level=5, start="XX-OO-X--"
    )
    page = person(browser, site.base + lost["links"]["you"])
    page.wait_for_function("document.body.dataset.over === 'yes'", timeout=TIMEOUT)
    assert status(page) == ["You lost.", "Three in a row."]
    # Four Cats: the mouse, one step from the cats' row, steps onto it.
    won = create_game(
        site, game="catmouse", mode="computer", seat="first", level=1, start="5 9 10 11 12 mouse"
    )
    page = person(browser, site.base + won["links"]["you"])
    page.wait_for_selector("[data-move]")
    page.locator("[data-move]").first.click()
    page.wait_for_function("document.body.dataset.over === 'yes'")
    assert status(page) == ["You won.", "The mouse has reached the cats' starting row."]
    assert "The mouse wins!" not in page.inner_text(".side")
    in_spanish(page)
    shows_status(page, ["Ha ganado.", "El ratón ha llegado a la fila de salida de los gatos."])
    # Othello 4x4 against the computer, played to the end: the count, and who won, for you.
    othello = person(browser, site.base + "/")
    start_game(othello, "othello", "computer", **{"[data-option=size]": "4", "#level-choice": "1"})
    while othello.get_attribute("body", "data-over") != "yes":
        othello.wait_for_function(
            "document.querySelector('[data-move]') || document.body.dataset.over === 'yes'",
            timeout=TIMEOUT,
        )
        if othello.get_attribute("body", "data-over") == "yes":
            break
        before = version(othello)
        othello.locator("[data-move]").first.click()
        wait_for_version(othello, before + 1)
    lines = status(othello)
    assert lines[0] in ("You won.", "You lost.", "Draw."), lines
    assert " discs " in lines[1] and " wins" not in " ".join(lines), lines
    assert page.errors == othello.errors == []


def test_one_screen_says_which_side_won_and_the_review_names_moves_as_the_table_does(
    browser: Any, site: Server, screenshot: Any
) -> None:
    page = person(browser, site.base + "/")
    start_game(page, "tictactoe", "local")
    for number, cell in enumerate(WINNING, start=1):
        page.click(f"[data-move='{cell}']")
        wait_for_version(page, number + 1)
        side = page.inner_text(".side")
        assert "already taken" not in side, "the terminal's reminder is no status"
    assert status(page) == ["X won.", "Three in a row."]
    assert "You won" not in page.inner_text(".side")
    # The move table puts O's 4 in its first row, and so does the review's list of mistakes.
    rows = page.locator("#moves tbody tr").evaluate_all(
        "(rows) => rows.map((row) => [...row.cells].map((cell) => cell.innerText))"
    )
    assert rows[0] == ["1", "1", "4"]
    page.click("#analyse")
    page.wait_for_selector("#mistakes button.mistake")
    assert page.inner_text("#mistakes button.mistake") == "move 1, O: 4 (best: 5)"
    screenshot(page, "results-one-screen-review")
    page.select_option("#language", "es")
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.wait_for_function(
        "document.querySelector('#mistakes button.mistake')?.innerText.startsWith('jugada')"
    )
    assert page.inner_text("#mistakes button.mistake") == "jugada 1, O: 4 (la mejor: 5)"
    assert page.errors == []


def test_spanish_says_usted_and_keeps_no_english_announcement(browser: Any, site: Server) -> None:
    page = person(browser, site.base + "/")
    start_game(page, "tictactoe", "local")
    page.click("[data-move='5']")
    wait_for_version(page, 2)
    page.wait_for_function("document.querySelector('#announce').textContent.includes('played')")
    in_spanish(page)
    assert "played" not in page.evaluate("document.querySelector('#announce').textContent")
    page.wait_for_function("document.title.startsWith('Su turno')")
    assert page.title() == "Su turno: damero"
    page.fill("#typed", "5")
    page.press("#typed", "Enter")
    page.wait_for_function("document.querySelector('#error').innerText.length > 0")
    assert "posición válida" in page.inner_text("#error")
    assert page.errors == []


def test_each_side_has_one_name_on_every_page(browser: Any, site: Server) -> None:
    creator = person(browser, site.base + "/")
    start_game(creator, "othello", "open", **{"[data-option=size]": "4"})
    visitor = person(browser, site.base + "/")
    join = visitor.locator("[data-join]").first
    join.wait_for(timeout=TIMEOUT)
    assert join.inner_text() == "Join as White (O)"
    join.click()
    wait_for_version(visitor, 1)
    creator.wait_for_selector("#presence-second.here")
    for page, mine in ((creator, "Black (X)"), (visitor, "White (O)")):
        assert page.inner_text("#seat") == f"You play: {mine}"
        players = page.inner_text("#players")
        assert "Black (X):" in players and "White (O):" in players
        headers = page.locator("#moves thead th").all_inner_texts()
        assert headers[1:] == ["Black (X)", "White (O)"]
    visitor.click("#resign")
    visitor.click("#resign-confirm")
    creator.wait_for_function("document.body.dataset.over === 'yes'")
    watcher = person(browser, creator.input_value("#link-watch"))
    watcher.wait_for_function("document.body.dataset.over === 'yes'")
    assert status(watcher) == ["Black (X) won: White (O) resigned."]
    rules = person(browser, site.base + "/rules")
    rules.wait_for_selector("#othello")
    text = rules.inner_text("main")
    assert "Only the disc just placed flips" not in text
    assert "a disc turned over turns none in its turn" in " ".join(text.split())
    in_spanish_rules = person(browser, site.base + "/rules")
    in_spanish_rules.wait_for_selector("#othello")  # the page is shown: it hears the choice
    in_spanish_rules.select_option("#language", "es")
    in_spanish_rules.wait_for_function(
        "document.querySelector('main').innerText.includes('volteada no voltea otras')"
    )
    assert "Sólo voltea la ficha recién colocada" not in in_spanish_rules.inner_text("main")
    assert creator.errors == visitor.errors == watcher.errors == []


def start_of_othello(client: TestClient) -> str:
    position: str = client.get("/api/analysis/board?game=othello&size=8").json()["position"]
    return position


def test_symmetric_first_moves_of_othello_get_one_estimate(client: TestClient) -> None:
    with client.websocket_connect("/ws/analysis?lang=en") as socket:
        asked = {"type": "analyse", "game": "othello", "position": start_of_othello(client)}
        socket.send_text(json.dumps(asked))
        while True:
            values = json.loads(socket.receive_text())
            labels = {move["label"] for move in values["moves"]}
            ranks = {move["rank"] for move in values["moves"]}
            assert len(values["moves"]) == 4
            assert len(labels) == 1 and ranks == {0}, values
            if values["done"] or values["step"] >= 10:
                break
        socket.send_text(json.dumps({"type": "stop"}))


def test_no_one_of_the_symmetric_first_moves_is_shaded_as_the_best(
    browser: Any, site: Server
) -> None:
    page = person(browser, site.base + "/analyse?game=othello")
    page.wait_for_function(
        "/\\(step (9|[1-9][0-9])\\)/.test(document.querySelector('#progress')?.innerText || '')",
        timeout=TIMEOUT,
    )
    targets = page.locator(".board button[data-move]")
    assert targets.count() == 4
    shades = targets.evaluate_all(
        "(nodes) => nodes.map((node) => [node.dataset.value, node.style.getPropertyValue('--value')])"
    )
    assert len({label for label, _ in shades}) == 1, shades
    assert len({shade for _, shade in shades}) == 1, shades
    page.click("#stop")
    assert page.errors == []
