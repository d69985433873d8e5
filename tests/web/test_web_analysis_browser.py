"""The analysis board and a game's review in Debian's Chromium, on a real `damero serve`: each
move's verdict on its target (an Othello endgame's exact disc scores too), the editor refusing
what the rules refuse, a finished game's mistakes on its replay, and a shared link opening the
same analysis."""

from __future__ import annotations

import urllib.parse
import urllib.request
from typing import Any

import pytest
from catmouse_near_end import CATS_TO_MOVE, MOUSE_TO_MOVE, near_end_positions
from servers import Server, create_game
from test_web_browser import open_page

from analysis_references import catmouse_move_verdicts, othello_move_scores, othello_with_empties
from damero.core import Message
from damero.games.catmouse import CatMouse
from damero.games.othello import Othello
from damero.i18n import Catalog

Page = Any
LABELS = {"en": {"win": "W{}", "loss": "L{}"}, "es": {"win": "G{}", "loss": "P{}"}}


def analysis_address(server: Server, game: str, position: str) -> str:
    return f"{server.base}/analyse?" + urllib.parse.urlencode({"game": game, "position": position})


def analysed(page: Page) -> None:
    page.wait_for_selector("body[data-analysed=yes]")


def labels_on_targets(page: Page) -> dict[str, str]:
    """Each move's label as drawn on its target, choosing each piece in turn if moves start with
    a choice of piece."""
    shown: dict[str, str] = {}
    pieces = page.locator(".board .selectable")
    for index in range(max(1, pieces.count())):
        if pieces.count() > 1:
            pieces.nth(index).click()
        for target in page.locator(".board button[data-move]").all():
            shown[target.get_attribute("data-move")] = target.get_attribute("data-value")
    return shown


def test_each_four_cats_move_shows_its_verdict_on_its_target(
    browser: Any, site: Server, screenshot: Any
) -> None:
    game = CatMouse()
    # The mouse to move, then four cats that may each move: a piece is chosen before its targets.
    chosen = near_end_positions((MOUSE_TO_MOVE[0], CATS_TO_MOVE[0]))
    assert len({move.origin for move in chosen[1].legal_moves()}) > 1
    for position, lang in zip(chosen, ("en", "es"), strict=True):
        page = open_page(browser, site.base + "/")
        page.evaluate(f"localStorage.setItem('damero.lang', '{lang}')")
        page.goto(analysis_address(site, "catmouse", game.format_position(position)))
        analysed(page)
        verdicts = catmouse_move_verdicts(position)
        expected = {
            move: LABELS[lang][result].format(plies) for move, (result, plies) in verdicts.items()
        }
        assert labels_on_targets(page) == expected
        best = max(
            verdicts.values(),
            key=lambda pair: (pair[0] == "win", -pair[1] if pair[0] == "win" else pair[1]),
        )
        winner = position.side_to_move if best[0] == "win" else position.side_to_move.other
        name = Catalog(lang).say(Message(game.side_key(winner)))
        assert name.lower() in page.locator("#verdict").inner_text().lower()
        screenshot(page, f"analysis-catmouse-{lang}")
        assert not page.errors


def test_the_editor_refuses_an_impossible_position_with_the_rules_reason(
    browser: Any, site: Server, screenshot: Any
) -> None:
    start = "25 1 2 3 4 cats"
    page = open_page(browser, analysis_address(site, "catmouse", start))
    analysed(page)
    page.click("#edit")
    page.check("#palette input[data-kind=mouse]")
    page.click("[data-edit='22']")
    why = Message("catmouse.mouse_count", {"count": 2})
    refusal = Catalog("en").say(Message("analysis.bad_position", {"why": why}))
    page.wait_for_function(
        "text => document.getElementById('error').textContent === text", arg=refusal
    )
    assert page.locator("#edit-done").is_disabled()
    screenshot(page, "analysis-editor-refusal")
    page.click("[data-edit='22']")  # the same piece again takes it away: legal once more
    page.wait_for_function("() => !document.getElementById('edit-done').disabled")
    assert page.locator("#error").inner_text() == ""
    page.select_option("#side-to-move", "first")
    wrong = Message("catmouse.wrong_side_to_move", {"side": Message("catmouse.cats")})
    page.wait_for_function(
        "text => document.getElementById('error').textContent === text",
        arg=Catalog("en").say(Message("analysis.bad_position", {"why": wrong})),
    )
    page.select_option("#side-to-move", "second")
    page.click("[data-edit='25']")  # take the mouse away from 25 ...
    page.check("#palette input[data-kind=mouse]")
    page.click("[data-edit='26']")  # ... and put it on 26
    page.wait_for_function("() => !document.getElementById('edit-done').disabled")
    page.click("#edit-done")
    analysed(page)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).query)
    assert query["position"] == ["26 1 2 3 4 cats"]
    assert page.evaluate("document.body.dataset.position") == "26 1 2 3 4 cats"
    assert not page.errors


EDGE_GAME = ["5", "2", "1", "9", "7", "4", "3"]
"""X takes the centre, O answers on an edge (the mistake), and X wins."""


def test_a_finished_games_replay_shows_its_mistakes(
    browser: Any, site: Server, screenshot: Any
) -> None:
    playing = create_game(site, game="tictactoe", mode="friend", moves=EDGE_GAME[:3])
    page = open_page(browser, site.base + playing["links"]["watch"])
    page.wait_for_selector("body[data-over=no]")
    assert page.locator("#analyse").is_hidden(), "a game between two people being played"
    finished = create_game(site, game="tictactoe", mode="friend", moves=EDGE_GAME)
    page.goto(site.base + finished["links"]["you"])
    page.wait_for_selector("body[data-over=yes]")
    page.click("#analyse")
    page.wait_for_selector("#mistakes")
    assert page.locator("circle[data-mistake]").evaluate_all(
        "points => points.map(p => p.dataset.mistake)"
    ) == ["2"]
    named = page.locator("#mistakes button.mistake").inner_text()
    assert named in {f"move 1, O: 2 (best: {corner})" for corner in "1379"}, named
    page.click("#mistakes button.mistake")
    assert page.locator("#counter").inner_text() == "Replay: position 3 of 8"
    screenshot(page, "review-mistakes")
    page.click("#analyse-position")
    analysed(page)
    assert page.evaluate("document.body.dataset.position") == "-O--X----"
    assert page.locator(".board button[data-move]").count() == 7
    assert not page.errors


def test_a_shared_analysis_link_opens_the_same_position(browser: Any, site: Server) -> None:
    first = open_page(browser, site.base + "/")
    first.click("a.analysis-link[href$='game=tictactoe']")
    for move, position in (("1", "X--------"), ("5", "X---O----"), ("9", "X---O---X")):
        analysed(first)
        first.click(f".board button[data-move='{move}']")
        first.wait_for_function(f"document.body.dataset.position === '{position}'")
    analysed(first)
    shared = first.url
    labels = labels_on_targets(first)
    verdict = first.locator("#verdict").inner_text()
    second = open_page(browser, shared)
    analysed(second)
    assert second.evaluate("document.body.dataset.position") == "X---O---X"
    assert labels_on_targets(second) == labels and len(labels) == 6
    assert second.locator("#verdict").inner_text() == verdict
    assert not first.errors and not second.errors


@pytest.mark.usefixtures("compiled_engine")
def test_an_othello_endgame_shows_each_moves_exact_disc_score(browser: Any, site: Server) -> None:
    game = Othello()
    position = othello_with_empties(10, seed=12)
    page = open_page(browser, analysis_address(site, "othello", game.format_position(position)))
    page.wait_for_function("(document.getElementById('progress') || {}).textContent === 'Exact.'")
    expected = {
        game.format_move(move): f"{score:+d}"
        for move, score in othello_move_scores(position).items()
    }
    assert labels_on_targets(page) == expected
    assert page.locator("#stop").is_hidden()
    assert not page.errors
