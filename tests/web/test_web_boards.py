"""What the page is told of a position beyond the rules' own board: the last move marked from and
to, a forced pass said, the result in a player's words, the legend and the sides' names; and the
board's layout, served once at an address that changes with its content."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from damero.core import Side
from damero.games.tictactoe import board as tictactoe_board
from damero.i18n import Catalog
from damero.progress import PERSON, GameInProgress, Seat
from damero.registry import find_game
from damero.web.boards import (
    board_of,
    drawn,
    layout_at,
    layout_json,
    layout_resource,
    targets_clicked,
)
from damero.web.protocol import describe

ENGLISH = Catalog("en")


def shown_last(state: GameInProgress, catalog: Catalog = ENGLISH) -> dict[str, Any]:
    """What a page is told of the game's last position."""
    return describe(state, len(state.moves), catalog)


def test_a_result_is_said_to_its_reader_in_their_own_words() -> None:
    game = find_game("tictactoe")
    texts = ["1", "5", "2", "3", "4", "7"]
    state = GameInProgress.replayed(game, texts=texts, seats=(PERSON, Seat(1)))
    count = len(state.moves)
    x, o = frozenset({Side.FIRST}), frozenset({Side.SECOND})
    assert describe(state, count, ENGLISH, reader=x)["status"] == ["You lost.", "Three in a row."]
    assert describe(state, count, ENGLISH, reader=o)["status"] == ["You won.", "Three in a row."]
    assert shown_last(state)["status"] == ["O won.", "Three in a row."]
    spanish = Catalog("es")
    assert describe(state, count, spanish, reader=x)["status"] == ["Ha perdido.", "Tres en línea."]
    assert shown_last(state, spanish)["status"] == ["Victoria para O.", "Tres en línea."]
    assert not any("Congratulations" in line for line in shown_last(state)["status"])


def test_a_mouse_step_is_marked_where_it_began_and_where_it_ended() -> None:
    game = find_game("catmouse")
    shown = shown_last(GameInProgress.replayed(game, texts=["29", "25"]))
    layout = layout_json(game.layout, ENGLISH)
    began, ended = 7 * 8 + 0, 6 * 8 + 1  # squares 29 and 25, by their cells' indexes
    assert sorted(shown["last"]) == [ended, began]
    assert shown["pieces"][began] == "." and shown["pieces"][ended] == "a"
    assert [entry["name"] for entry in layout["kinds"]] == ["the mouse", "a cat"]
    assert [layout["cells"][cell]["label"] for cell in (began, ended)] == ["29", "25"]


def test_a_forced_pass_is_said_and_the_move_before_it_stays_marked() -> None:
    game = find_game("othello").variant(size=4)
    rng = random.Random(1)
    for _ in range(200):
        positions, moves = [game.start()], []
        while positions[-1].outcome() is None:
            automatic = game.automatic_move(positions[-1])
            move = automatic[0] if automatic else rng.choice(positions[-1].legal_moves())
            moves.append(move)
            positions.append(positions[-1].play(move))
            if automatic and len(moves) > 1 and not moves[-2].is_pass:
                break
        if moves and moves[-1].is_pass and positions[-1].outcome() is None:
            break
    else:
        raise AssertionError("no random 4x4 game had a forced pass")
    state = GameInProgress.replayed(game, moves=moves)
    shown = shown_last(state)
    placed = moves[-2]
    assert shown["forced"] == [ENGLISH.say(game.automatic_move(positions[-2])[1])]
    assert placed.row * 4 + placed.column in shown["last"]
    layout = layout_json(game.layout, ENGLISH)
    assert layout["side_names"] == {"first": "Black (X)", "second": "White (O)"}
    spanish = layout_json(game.layout, Catalog("es"))
    assert [entry["name"] for entry in spanish["kinds"]] == ["Negras (X)", "Blancas (O)"]


def test_each_layout_has_an_address_of_its_own_content() -> None:
    """A layout's address is its content's hash: another game, size or language (but for
    Tic-tac-toe's, the same in both), or a layout whose content changed, is at another address,
    and each address serves its own content."""
    variants = [
        (find_game(name).variant(**options), language)
        for name, options in [
            ("catmouse", {}),
            ("tictactoe", {}),
            *(("othello", {"size": size}) for size in (4, 6, 8, 10)),
        ]
        for language in ("en", "es")
    ]
    made = [layout_resource(game, language) for game, language in variants]
    assert len({address for address, _ in made}) == len({body for _, body in made}) >= 11
    for address, body in made:
        assert layout_at(address) == body
        digest = hashlib.sha256(body).hexdigest()
        assert address == f"/boards/{digest[:16]}.json"
    game = find_game("tictactoe")
    before, _ = layout_resource(game, "en")
    cells = tictactoe_board.LAYOUT.cells
    changed = dataclasses.replace(tictactoe_board.LAYOUT, cells=(*cells[1:], cells[0]))
    body = json.dumps(layout_json(changed, ENGLISH), ensure_ascii=False, separators=(",", ":"))
    assert f"/boards/{hashlib.sha256(body.encode()).hexdigest()[:16]}.json" != before


@pytest.mark.parametrize(("name", "options"), [("catmouse", {}), ("othello", {"size": 10})])
def test_a_state_names_its_layout_and_the_browser_keeps_it_for_good(
    client: TestClient, name: str, options: dict[str, int]
) -> None:
    """The layout a game's state names is served with a year's cache lifetime, unchanging; an
    address no layout has is refused in words; the state itself is a fraction of the layout."""
    created = client.post(
        "/api/games", json={"game": name, "options": options, "mode": "friend"}
    ).json()
    with client.websocket_connect(f"/ws/{created['id']}?lang=es&events=1") as socket:
        state = socket.receive_json()
    response = client.get(state["layout"])
    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    layout = response.json()
    assert layout["kinds"][0]["name"] in ("el ratón", "Negras (X)")
    assert len(state["pieces"]) == len(layout["cells"])
    assert len(json.dumps(state)) < len(response.content)
    missing = client.get("/boards/0000000000000000.json?lang=es")
    assert missing.status_code == 404
    assert missing.json()["message"] == "Aquí no hay tal tablero: vuelva a cargar la página."


def test_a_board_kept_for_its_position_is_the_board_drawn_afresh() -> None:
    """The server keeps each position's board to draw it again (for the next move's clicks, as
    the position before the next move): for every game, a position's board apart from its last
    move's marks is the same whatever move led to it, and what the page is told and what its
    clicks make equal what a board made afresh gives."""
    rng = random.Random(7)
    for game in (
        find_game("catmouse"),
        find_game("tictactoe"),
        find_game("othello").variant(size=6),
        find_game("othello").variant(size=10),
    ):
        state = GameInProgress.replayed(game, texts=[])
        while not state.is_over and len(state.moves) < 40:
            moves = state.position.legal_moves()
            state = state.play(rng.choice(moves))
            count = len(state.moves)
            turn = state.last_turn(count)
            last = state.moves[turn.start : count]
            afresh = game.board(state.position, last)
            assert dataclasses.replace(afresh, last=()) == game.board(state.position, ())
            shown = drawn(game, state.position, last, before=state.positions[turn.start])
            cells = {(cell.row, cell.column): i for i, cell in enumerate(game.layout.cells)}
            assert {cells[cell] for cell in afresh.last} <= set(shown["last"])
            clicked = targets_clicked(game, state.position)
            assert clicked == {
                target.text: [cells[cell] for cell in target.clicks] for target in afresh.targets
            }
            assert board_of(game, state.position) == dataclasses.replace(afresh, last=())


def test_a_move_made_by_clicks_makes_its_positions_board_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server draws the position after a move for both seats, marks the cells the piece left
    from the board before it, and reads the next move's clicks on it: one board made a move."""
    game = find_game("catmouse")
    made: list[Any] = []
    board = type(game).board

    def counted(self: Any, position: Any, last: Any) -> Any:
        made.append(position)
        return board(self, position, last)

    created = client.post("/api/games", json={"game": "catmouse", "mode": "friend"}).json()
    tokens = [created["links"][name].split("#seat=")[1] for name in ("you", "other")]
    with (
        client.websocket_connect(f"/ws/{created['id']}?events=1&token={tokens[0]}") as mouse,
        client.websocket_connect(f"/ws/{created['id']}?events=1&token={tokens[1]}") as cats,
    ):
        state = next(m for m in iter(mouse.receive_json, None) if m["type"] == "state")
        next(m for m in iter(cats.receive_json, None) if m["type"] == "state")
        monkeypatch.setattr(type(game), "board", counted)
        seats = {"first": mouse, "second": cats}
        turn, version, targets = state["turn"], state["version"], state["targets"]
        for number in range(1, 7):
            target = targets[0]
            clicks = [target] if isinstance(target, int) else target[:2]
            seats[turn].send_json({"type": "move", "cells": clicks, "version": version})
            heard = {}
            for name, socket in seats.items():
                heard[name] = next(
                    m for m in iter(socket.receive_json, None) if m["type"] == "event"
                )
            turn = heard["first"].get("turn", "second" if turn == "first" else "first")
            version = heard["first"]["version"]
            targets = heard[turn]["targets"]
            assert len(made) == number, made
