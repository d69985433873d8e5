"""axe-core finding nothing serious on any page in every look (desktop and phone, light and dark,
English and Spanish), in Debian's Chromium against a real `damero serve`, with a screenshot of
each game in each look kept in the tests' output. A module of its own, apart from the layout's
other tests, so that another worker may run those meanwhile."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from servers import OUTPUT, Server
from test_web_layout import DESKTOP, PHONE, TIMED, othello_to_the_end
from test_web_page import create, new_page, open_game, serious_violations

Page = Any


LOOKS = [
    pytest.param(size, scheme, language, id=f"{name}-{scheme}-{language}")
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone"))
    for scheme in ("light", "dark")
    for language in ("en", "es")
]
FINISHED = {
    "catmouse": {"start": "29 2 3 4 21 cats", "moves": ["21 25"]},
    "othello": {"options": {"size": 8}, "moves": othello_to_the_end(8, 1)},
    "tictactoe": {"moves": ["1", "4", "2", "5", "3"]},
}


NAMED_RULES = ("page-has-heading-one", "empty-table-header")
"""axe-core's rules of lesser impact held to as well: a level-one heading on every page, and
no empty header on a board (Othello's corner)."""


def findings(page: Page) -> list[str]:
    """axe-core's serious and critical findings, and those of NAMED_RULES."""
    return serious_violations(page, NAMED_RULES)


@pytest.fixture(scope="module")
def looked_at(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own for the looks, whose analyses no other test's count against the
    limit of analyses an address may ask."""
    folder = tmp_path_factory.mktemp("looks")
    running = Server(f"sqlite:///{folder / 'games.sqlite3'}", folder / "server.log")
    yield running
    running.stop()


@pytest.mark.parametrize(("size", "scheme", "language"), LOOKS)
def test_axe_finds_nothing_serious_on_any_page_and_each_game_is_pictured(
    browser: Any,
    looked_at: Server,
    screenshot: Any,
    size: tuple[int, int],
    scheme: str,
    language: str,
) -> None:
    """Every page in this look, in one context: the front page, each game going on with clocks
    and finished with its decisive cells, a replay with its review, the analysis board with its
    values, the rules and a page not found. A screenshot of each game is kept."""
    page = new_page(browser, size, color_scheme=scheme)
    page.add_init_script(f"localStorage.setItem('damero.lang', '{language}')")
    look = f"{size[0]}x{size[1]}-{scheme}-{language}"
    found: dict[str, list[str]] = {}
    page.goto(looked_at.base + "/")
    page.wait_for_selector("#create")
    found["front"] = findings(page)
    for game, finish in FINISHED.items():
        going = create(
            looked_at, game, mode="friend", clock=TIMED, options=finish.get("options", {})
        )
        open_game(page, looked_at, going, "other")
        page.wait_for_selector("#clock-first:not([hidden])")
        found[f"{game} going on"] = findings(page)
        screenshot(page, f"game-{game}-{look}")
        open_game(page, looked_at, create(looked_at, game, mode="local", **finish))
        page.wait_for_selector(".board .decisive")
        found[f"{game} finished"] = findings(page)
        screenshot(page, f"game-{game}-finished-{look}")
    finished = create(looked_at, "tictactoe", mode="local", moves=["1", "4", "2", "5", "3"])
    page.goto(f"{looked_at.base}/replay/{finished['id']}?analyse")
    page.wait_for_selector("#mistakes button.mistake")
    found["review"] = findings(page)
    page.goto(f"{looked_at.base}/analyse?game=tictactoe&position=XX-OO----")
    page.wait_for_selector("body[data-analysed=yes] .board [data-value]")
    found["analysis"] = findings(page)
    page.goto(looked_at.base + "/rules")
    page.wait_for_selector("section#othello h2")
    found["rules"] = findings(page)
    page.goto(looked_at.base + "/game/nothing")
    page.wait_for_selector("#missing")
    found["not found"] = findings(page)
    assert {name: faults for name, faults in found.items() if faults} == {}
    assert page.errors == []
    assert all((OUTPUT / f"game-{game}-{look}.png").stat().st_size > 0 for game in FINISHED)
