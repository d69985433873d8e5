"""Every game played to its end by keyboard alone, in Debian's Chromium against a real `damero
serve`: the board is one tab stop, the first Tab reaches it, the arrows move between its cells,
Enter or Space picks a piece and then its square, Escape puts the piece down, and the focus goes
where the next action is, never lost."""

from __future__ import annotations

from typing import Any

from servers import Server, create_game
from test_web_page import new_page, version

Page = Any


def person(browser: Any, url: str) -> Page:
    """A page in a browser of its own, opened at `url`, its board drawn."""
    page = new_page(browser)
    page.goto(url)
    page.wait_for_selector("body[data-version] .board [role=gridcell]")
    return page


def focused(page: Page) -> str | None:
    """The name a screen reader says of what has the focus on the board, or None off the board."""
    name: str | None = page.evaluate(
        "document.activeElement.closest('.board [data-index]')"
        " ? document.activeElement.getAttribute('aria-label') : null"
    )
    return name


def tab_stops(page: Page) -> int:
    """How many of the board's cells the Tab key stops at."""
    count: int = page.evaluate(
        "[...document.querySelectorAll('.board [data-index], .board [data-index] button')]"
        ".filter((node) => node.tabIndex >= 0).length"
    )
    return count


def first_tab(page: Page) -> None:
    """One Tab from the page as it opens reaches the board."""
    page.keyboard.press("Tab")
    assert focused(page) is not None, "the first Tab did not reach the board"
    assert tab_stops(page) == 1


def keys(page: Page, pressed: list[str], *others: Page) -> None:
    """Presses `pressed` on `page`, a move's keys, and waits for every page to show the move."""
    before = version(page)
    for key in pressed:
        page.keyboard.press(key)
    for each in (page, *others):
        each.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        each.wait_for_function("document.body.dataset.connection === 'online'")
    assert focused(page) is not None, "the focus left the board"
    assert tab_stops(page) == 1


def moves(page: Page) -> list[str]:
    texts: list[str] = page.locator("#moves button.move").all_inner_texts()
    return texts


MOUSE_RUNS_HOME = [
    ("mouse", ["ArrowRight", "Enter"], "30"),
    ("mouse", ["Enter"], "25"),
    ("cats", ["Enter", "ArrowRight", "Enter"], "1 6"),
    ("mouse", ["ArrowRight", "Enter"], "22"),
    ("cats", ["Enter", "Enter"], "6 9"),
    ("mouse", ["ArrowRight", "Enter"], "18"),
    ("cats", ["Enter", "Enter"], "9 13"),
    ("mouse", ["Enter"], "14"),
    ("cats", ["Enter", "Enter"], "13 17"),
    ("mouse", ["Enter"], "9"),
    ("cats", ["Enter", "Enter"], "17 21"),
    ("mouse", ["Enter"], "5"),
    ("cats", ["Enter", "Enter"], "21 25"),
    ("mouse", ["Enter"], "1"),
]
"""A game of Four Cats between two pages, each move the keys its player presses: the mouse slips
through the gap the first cat leaves and wins."""


def test_four_cats_between_two_keyboards_takes_at_most_three_keys_a_move(
    browser: Any, site: Server
) -> None:
    created = create_game(site, "catmouse", mode="friend")
    mouse = person(browser, site.base + created["links"]["you"])
    cats = person(browser, site.base + created["links"]["other"])
    first_tab(mouse)
    first_tab(cats)
    assert focused(mouse) == "29, empty: play 29"
    pages = {"mouse": mouse, "cats": cats}
    for number, (side, pressed, move) in enumerate(MOUSE_RUNS_HOME, start=1):
        page = pages[side]
        other = cats if page is mouse else mouse
        assert len(pressed) <= 3
        if number == 5:
            # A cat picked and put down again (Escape): the focus goes back to it.
            page.keyboard.press("Enter")
            assert focused(page) == "09, empty: move from 06 to 09"
            page.keyboard.press("Escape")
            assert focused(page) == "06, a cat: choose it to move"
            assert page.locator(".cell button[aria-pressed='true']").count() == 0
        keys(page, pressed, other)
        assert moves(other)[-1] == move, (number, moves(other))
    assert mouse.get_attribute("body", "data-over") == "yes"
    assert cats.get_attribute("body", "data-over") == "yes"
    assert moves(mouse) == [move for _, _, move in MOUSE_RUNS_HOME]
    assert mouse.errors == [] and cats.errors == []


def test_the_arrows_walk_the_cells_of_use_and_enter_picks_then_plays(
    browser: Any, site: Server
) -> None:
    """On Four Cats' board the arrows skip the light squares, which no piece ever stands on, and
    up and down keep to the column they began at."""
    created = create_game(site, "catmouse", mode="local", moves=["29", "25"])
    page = person(browser, site.base + created["links"]["you"])
    first_tab(page)
    assert focused(page) == "01, a cat: choose it to move"  # the cat nearest the mouse
    walk = [
        ("ArrowRight", "02, a cat: choose it to move"),
        ("ArrowDown", "06, empty"),
        ("ArrowDown", "10, empty"),
        ("ArrowLeft", "09, empty"),
        ("End", "12, empty"),
        ("Home", "09, empty"),
        ("ArrowUp", "05, empty"),
        ("ArrowUp", "01, a cat: choose it to move"),
    ]
    for key, name in walk:
        page.keyboard.press(key)
        assert focused(page) == name, key
        assert tab_stops(page) == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    assert focused(page) == "06, empty: move from 02 to 06"
    page.keyboard.press("ArrowRight")
    assert focused(page) == "07, empty: move from 02 to 07"
    keys(page, [" "])
    assert moves(page) == ["29", "25", "2 7"]
    assert focused(page) == "22, empty: move from 25 to 22"  # the mouse's square nearest the cat
    assert page.errors == []


def test_othello_by_keyboard_to_its_end(browser: Any, site: Server) -> None:
    created = create_game(site, "othello", mode="local", options={"size": 4})
    page = person(browser, site.base + created["links"]["you"])
    first_tab(page)
    assert focused(page) == "1 2, empty: play 1 2"
    page.keyboard.press("ArrowDown")
    assert focused(page) == "2 2, Black (X)" or focused(page).startswith("2 2, ")
    page.keyboard.press("ArrowUp")
    for _ in range(20):
        if page.get_attribute("body", "data-over") == "yes":
            break
        keys(page, ["Enter"])
    assert page.get_attribute("body", "data-over") == "yes"
    assert len(moves(page)) >= 9
    assert page.errors == []


def test_tictactoe_by_keyboard_to_its_end(browser: Any, site: Server) -> None:
    created = create_game(site, "tictactoe", mode="local")
    page = person(browser, site.base + created["links"]["you"])
    first_tab(page)
    assert focused(page) == "1, empty: play 1"
    played = [
        (["ArrowDown", "ArrowRight", "Enter"], "5", "2, empty: play 2"),
        (["ArrowLeft", "Enter"], "1", "2, empty: play 2"),
        (["Enter"], "2", "3, empty: play 3"),
        (["ArrowLeft", "ArrowDown", "ArrowDown", "Enter"], "8", "7, empty: play 7"),
        (["Enter"], "7", "4, empty: play 4"),
        (["ArrowUp", "End", "Enter"], "3", "6, empty: play 6"),
        (["Enter"], "6", "9, empty: play 9"),
        (["ArrowUp", "Home", "Enter"], "4", "9, empty: play 9"),
        (["Enter"], "9", "9, X"),
    ]
    for pressed, move, then in played:
        keys(page, pressed)
        assert moves(page)[-1] == move
        assert focused(page) == then  # the empty cell nearest the last mark, while there is one
    assert page.get_attribute("body", "data-over") == "yes"
    assert "draw" in page.inner_text("#status").lower()
    assert page.errors == []


def test_a_seat_link_cut_short_is_refused_in_words_and_never_kept(
    browser: Any, site: Server
) -> None:
    created = create_game(site, "tictactoe", mode="friend")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    cut = context.new_page()
    cut.goto(site.base + created["links"]["other"][:-6])
    cut.wait_for_selector("body[data-version] .board [role=gridcell]")
    cut.wait_for_function("document.querySelector('#seat').innerText.includes('not valid')")
    assert cut.inner_text("#seat") == (
        "This seat link is not valid (was it copied whole?): you are watching."
    )
    assert "#seat=" not in cut.url
    assert cut.locator("#link-you").count() == 0 and cut.locator("#my-seat").count() == 0
    held = cut.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('damero.seat.'))")
    assert held == []
    # The right link then plays its seat, with no word of another seat held.
    right = context.new_page()
    right.goto(site.base + created["links"]["other"])
    right.wait_for_selector("body[data-version] .board [role=gridcell]")
    right.wait_for_function("document.querySelector('#seat').innerText === 'You play: O'")
    assert right.locator("#seat-elsewhere").count() == 0
    kept = right.evaluate(f"localStorage.getItem('damero.seat.{created['id']}')")
    assert kept == created["links"]["other"].split("#seat=")[1]


def test_going_offline_is_said_and_a_move_made_then_is_sent_once_on_return(
    browser: Any, site: Server
) -> None:
    created = create_game(site, "tictactoe", mode="local")
    page = person(browser, site.base + created["links"]["you"])
    page.context.set_offline(True)
    page.wait_for_function("document.body.dataset.connection === 'offline'")
    assert page.inner_text("#connection") == "Connection lost; reconnecting..."
    assert "offline" in (page.get_attribute(".board-box", "class") or "")
    page.click("[data-move='5']")
    assert page.inner_text("#connection").endswith(
        "Your move 5 will be sent once the connection is back."
    )
    assert page.locator("[data-move]").count() == 0, "one move waits; the board takes no other"
    page.context.set_offline(False)
    page.wait_for_function("Number(document.body.dataset.version) >= 2")
    page.wait_for_function("document.body.dataset.connection === 'online'")
    assert moves(page) == ["5"]
    assert page.inner_text("#connection") == ""
    page.click("[data-move='1']")
    page.wait_for_function("Number(document.body.dataset.version) >= 3")
    assert moves(page) == ["5", "1"]
    assert page.errors == []


def board_pieces(page: Page) -> dict[tuple[int, int], str]:
    """Each piece on the board by its cell's row and column: its kind and side."""
    found: list[list[Any]] = page.evaluate(
        "[...document.querySelectorAll('.board [data-index]')].flatMap((cell) => {"
        " const piece = cell.querySelector('[data-piece]');"
        " return piece ? [[Number(cell.dataset.row), Number(cell.dataset.column),"
        " piece.dataset.piece + ' ' + piece.dataset.side]] : []; })"
    )
    return {(row, column): kind for row, column, kind in found}


def test_a_take_back_flies_each_piece_back_from_where_it_stood(browser: Any, site: Server) -> None:
    """Against the computer a take-back restores two moves, the mouse's and a cat's: each piece
    flies from the square its move took it to back to the one it is restored on."""
    created = create_game(site, "catmouse", mode="computer", seat="first", level=1, moves=["29"])
    page = person(browser, site.base + created["links"]["you"])
    start = version(page)
    page.click("[data-move]")
    page.wait_for_function(f"Number(document.body.dataset.version) >= {start + 2}")
    page.wait_for_selector("#undo:not([hidden])")
    before = board_pieces(page)
    page.click("#undo")
    page.wait_for_function(f"Number(document.body.dataset.version) >= {start + 3}")
    page.wait_for_function("!document.querySelector('#thinking')")
    after = board_pieces(page)
    assert page.locator("#moves button.move").all_inner_texts() == ["29"]
    left = {cell: kind for cell, kind in before.items() if after.get(cell) != kind}
    came = {cell: kind for cell, kind in after.items() if before.get(cell) != kind}
    assert sorted(came.values()) == ["cat second", "mouse first"]
    for (row, column), kind in came.items():
        (origin,) = [cell for cell, was in left.items() if was == kind]
        piece = page.locator(f".board [data-row='{row}'][data-column='{column}'] .piece")
        assert "moved" in (piece.get_attribute("class") or "")
        shift = piece.evaluate(
            "(node) => [node.style.getPropertyValue('--dy'), node.style.getPropertyValue('--dx')]"
        )
        assert shift == [f"{(origin[0] - row) * 100}%", f"{(origin[1] - column) * 100}%"], kind
    assert page.errors == []
