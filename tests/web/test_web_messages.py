"""The players' short messages, chosen from a fixed list, between two seats on two `damero serve`
processes over one PostgreSQL database, in Chromium: each seat and a spectator read each message
in their own language; anything off the list, a spectator's word and a flood are refused in
words."""

from __future__ import annotations

import json
from typing import Any

import test_web_postgres
from servers import create_game
from test_web_postgres import join, receive, token_of

database = test_web_postgres.database
servers = test_web_postgres.servers
"""The fixtures of the other tests on PostgreSQL: a new database, and servers started on it."""

Page = Any


def person(browser: Any, url: str, language: str) -> Page:
    """A page in a browser of its own, in `language`, opened at `url` with its board drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(f"localStorage.setItem('damero.lang', '{language}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("body[data-version] .board [role=gridcell]")
    page.wait_for_function("document.body.dataset.connection === 'online'")
    return page


def said(page: Page, count: int) -> list[str]:
    """The messages the page shows, once it shows `count` of them."""
    page.wait_for_function(f"document.querySelectorAll('#said li').length >= {count}")
    shown: list[str] = page.locator("#said li").all_inner_texts()
    return shown


def test_a_message_crosses_servers_in_each_readers_language(browser: Any, servers: Any) -> None:
    first, second = servers(), servers()
    created = create_game(first, game="tictactoe", mode="friend")
    x = person(browser, first.base + created["links"]["you"], "en")
    o = person(browser, second.base + created["links"]["other"], "es")
    watcher = person(browser, second.base + created["links"]["watch"], "en")
    x.wait_for_selector("#presence-second.here")
    assert watcher.locator("#sayings button:visible").count() == 0, "a spectator says nothing"
    assert o.locator("#sayings button").all_inner_texts() == [
        "¡Hola!",
        "¡Suerte!",
        "¡Buena partida!",
        "¡Gracias!",
        "¡Bien jugado!",
    ]
    x.click("#sayings [data-say='good_luck']")
    assert said(o, 1) == ["X: ¡Suerte!"]
    assert said(watcher, 1) == ["X: Good luck!"]
    assert said(x, 1) == ["X: Good luck!"]
    o.click("#sayings [data-say='thanks']")
    assert said(x, 2) == ["X: Good luck!", "O: Thanks!"]
    assert said(watcher, 2) == ["X: Good luck!", "O: Thanks!"]
    assert said(o, 2) == ["X: ¡Suerte!", "O: ¡Gracias!"]
    assert x.get_attribute("#said", "aria-live") == "polite"
    assert x.errors == o.errors == watcher.errors == []


def refusal(socket: Any) -> dict[str, Any]:
    """The next error the socket is sent, past the states and messages before it."""
    while True:
        message = receive(socket)
        if message["type"] == "error":
            return message


def test_only_the_list_only_players_and_no_flood(servers: Any) -> None:
    first, second = servers(), servers()
    created = create_game(first, game="tictactoe", mode="friend")
    game_id = created["id"]
    with (
        join(first, game_id, token_of(created["links"]["you"])) as x,
        join(second, game_id, token_of(created["links"]["other"])) as o,
        join(second, game_id) as watcher,
    ):
        for socket in (x, o, watcher):
            receive(socket)
        x.send(json.dumps({"type": "say", "message": "you play like a potato"}))
        bad = refusal(x)
        assert bad["code"] == "web.bad_word"
        assert bad["message"] == (
            "message must be one of: hello, good_luck, good_game, thanks, well_played."
        )
        watcher.send(json.dumps({"type": "say", "message": "hello"}))
        assert refusal(watcher)["code"] == "web.spectator_say"
        for _ in range(4):
            x.send(json.dumps({"type": "say", "message": "hello"}))
        flooded = refusal(x)
        assert flooded["code"] == "web.say_too_often"
        assert "wait a few seconds" in flooded["message"]
        heard = []
        while len(heard) < 3:
            message = receive(o)
            if message["type"] == "said":
                heard.append(message)
        assert heard[0] == {"type": "said", "side": "first", "message": "hello", "words": "Hello!"}
