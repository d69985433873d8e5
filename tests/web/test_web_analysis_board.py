"""The analysis board's server side, in process: a position as the page draws it, with the
position after each move; a position set up by hand, judged by the rules and refused in their
words; and the socket whose values deepen, checked against the plain references, stopped by a
"stop" or by the socket's close, and bounded per address."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from catmouse_near_end import CATS_TO_MOVE, MOUSE_TO_MOVE, near_end_positions
from starlette.testclient import TestClient

import damero.web.analysis_board
from analysis_references import (
    catmouse_move_verdicts,
    late_catmouse_positions,
    othello_move_scores,
    othello_with_empties,
)
from damero.core import Message
from damero.games.catmouse import CatMouse
from damero.games.othello import Othello
from damero.games.tictactoe import TicTacToe
from damero.i18n import Catalog
from damero.web.boards import layout_at

PATIENT = 300.0
"""Seconds a step may take where a test wants it to finish: far more than any here needs."""


def board_view(client: TestClient, status: int = 200, **parameters: str) -> dict[str, Any]:
    response = client.get("/api/analysis/board", params=parameters)
    assert response.status_code == status, response.text
    view: dict[str, Any] = response.json()
    return view


def set_up(client: TestClient, game: str, pieces: list[list[int]], side: str, **rest: str) -> Any:
    return client.get(
        "/api/analysis/board",
        params={"game": game, "pieces": json.dumps(pieces), "side": side, **rest},
    )


def placed(view: dict[str, Any]) -> list[list[int]]:
    """The pieces of a view, drawn on its layout, as its editor sends them back: [kind, row,
    column], each kind an index into its palette."""
    layout = layout_named(view)
    palette = [(kind["side"], kind["kind"]) for kind in view["palette"]]
    kinds = [palette.index((kind["side"], kind["kind"])) for kind in layout["kinds"]]
    return [
        [kinds[ord(piece) - ord("a")], cell["row"], cell["column"]]
        for piece, cell in zip(view["pieces"], layout["cells"], strict=True)
        if piece != "."
    ]


def layout_named(view: dict[str, Any]) -> dict[str, Any]:
    layout: dict[str, Any] = json.loads(layout_at(view["layout"]) or b"null")
    return layout


def values_until_done(socket: Any) -> list[dict[str, Any]]:
    received = []
    while True:
        message = socket.receive_json()
        assert message["type"] == "values", message
        received.append(message)
        if message["done"]:
            return received


def test_a_view_gives_the_position_after_each_move_and_the_pieces_to_place(
    client: TestClient,
) -> None:
    game = CatMouse()
    position = late_catmouse_positions(1, seed=5)[0]
    text = game.format_position(position)
    view = board_view(client, game="catmouse", position=text, lang="es")
    assert view["position"] == text
    assert view["after"] == {
        game.format_move(move): game.format_position(position.play(move))
        for move in position.legal_moves()
    }
    assert set(view["moves"]) == set(view["after"])
    cells = layout_named(view)["cells"]
    for move, clicked in view["moves"].items():
        assert [cells[cell]["label"].lstrip("0") for cell in clicked][-1] == move.split()[-1]
    assert [(kind["side"], kind["kind"], kind["name"]) for kind in view["palette"]] == [
        ("first", "mouse", "el ratón"),
        ("second", "cat", "un gato"),
    ]
    start = board_view(client, game="othello", size="6")
    assert start["position"] == Othello(6).format_position(Othello(6).start())


@pytest.mark.parametrize(
    ("name", "text"),
    [("catmouse", "22 2 3 4 17 mouse"), ("tictactoe", "XO--X-O--"), ("othello", None)],
)
def test_a_position_set_up_as_it_is_drawn_is_the_same_position(
    client: TestClient, name: str, text: str | None
) -> None:
    view = board_view(client, game=name, **({"position": text} if text else {}))
    again = set_up(client, name, placed(view), view["turn"])
    assert again.status_code == 200, again.text
    assert again.json()["position"] == view["position"]


@pytest.mark.parametrize(
    ("name", "pieces", "side", "reason"),
    [
        (
            "catmouse",
            [[1, 0, 1], [1, 0, 3], [1, 0, 5], [0, 7, 0]],
            "first",
            ("catmouse.cat_count", {"count": 3}),
        ),
        (
            "catmouse",
            [[1, 0, 1], [1, 0, 3], [1, 0, 5], [1, 0, 7], [0, 7, 0], [0, 7, 2]],
            "first",
            ("catmouse.mouse_count", {"count": 2}),
        ),
        (
            "catmouse",
            [[1, 0, 1], [1, 0, 3], [1, 0, 5], [1, 0, 7], [0, 7, 0]],
            "second",
            ("catmouse.wrong_side_to_move", None),
        ),
        ("tictactoe", [[0, 1, 1]], "first", ("tictactoe.wrong_side_to_move", None)),
        ("tictactoe", [[1, 1, 1]], "first", ("tictactoe.impossible_counts", None)),
        ("othello", [[0, 3, 3]], "first", ("othello.empty_centre", None)),
    ],
)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_position_no_game_reaches_is_refused_in_the_rules_words(
    client: TestClient,
    name: str,
    pieces: list[list[int]],
    side: str,
    reason: tuple[str, dict[str, object] | None],
    lang: str,
) -> None:
    response = set_up(client, name, pieces, side, lang=lang)
    assert response.status_code == 400
    code, values = reason
    assert response.json()["code"] == code
    if values is not None:
        why = Message(code, values)
        expected = Catalog(lang).say(Message("analysis.bad_position", {"why": why}))
        assert response.json()["message"] == expected


@pytest.mark.parametrize(
    ("pieces", "side"),
    [
        ("[[0, 0, 0]]", "first"),  # a light square, where no piece stands
        ("[[2, 0, 1]]", "first"),  # no such piece
        ("[[1, 0, 1], [0, 0, 1]]", "first"),  # two on one cell
        ("[[1, 0, 1]", "first"),
        ("[[[[[[[[[[[[1]]]]]]]]]]]]", "first"),
        ("[[1, 0, 1]]", "nobody"),
    ],
)
def test_pieces_the_page_never_sends_are_refused_naming_the_field(
    client: TestClient, pieces: str, side: str
) -> None:
    response = client.get(
        "/api/analysis/board", params={"game": "catmouse", "pieces": pieces, "side": side}
    )
    assert response.status_code == 400
    assert response.json()["code"] == "web.bad_field"


def test_the_socket_gives_each_four_cats_moves_verdict_at_once(client: TestClient) -> None:
    game = CatMouse()
    with client.websocket_connect("/ws/analysis") as socket:
        for position in near_end_positions(MOUSE_TO_MOVE[1:3] + CATS_TO_MOVE[1:3]):
            text = game.format_position(position)
            socket.send_json({"type": "analyse", "game": "catmouse", "position": text})
            [message] = values_until_done(socket)
            assert message["position"] == text and message["exact"] is True
            expected = catmouse_move_verdicts(position)
            labels = {"win": "W{}", "loss": "L{}"}
            assert {move["move"]: move["label"] for move in message["moves"]} == {
                move: labels[result].format(plies) for move, (result, plies) in expected.items()
            }
            ranks = [move["rank"] for move in message["moves"]]
            assert ranks[0] == 0 and ranks == sorted(ranks)


@pytest.mark.usefixtures("compiled_engine")
def test_othello_values_deepen_from_an_estimate_to_the_exact_scores(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(damero.web.analysis_board, "STEP_SECONDS", (0.0, PATIENT))
    game = Othello()
    position = othello_with_empties(10, seed=13)
    text = game.format_position(position)
    with client.websocket_connect("/ws/analysis?lang=es") as socket:
        socket.send_json({"type": "analyse", "game": "othello", "position": text})
        received = values_until_done(socket)
    first, last = received[0], received[-1]
    assert first["exact"] is False and first["done"] is False
    assert all(move["label"].startswith("≈") for move in first["moves"])
    assert "(una estimación)" in first["verdict"]
    assert last["exact"] is True and last["step"] > first["step"]
    expected = {
        game.format_move(move): score for move, score in othello_move_scores(position).items()
    }
    assert {move["move"]: int(move["label"]) for move in last["moves"]} == expected


@pytest.mark.usefixtures("compiled_engine")
def test_a_stop_or_a_close_stops_the_work_and_frees_the_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search from the start 60 plies deep with an hour to think ends only when stopped; the
    analyses' one thread then answers the next position."""
    monkeypatch.setattr(damero.web.analysis_board, "STEP_SECONDS", (3600.0,))
    monkeypatch.setattr(damero.web.analysis_board, "FIRST_DEPTH", 60)
    endless = {
        "type": "analyse",
        "game": "othello",
        "position": Othello().format_position(Othello().start()),
    }
    quick = {"type": "analyse", "game": "tictactoe", "position": "X---O----"}
    answered: list[dict[str, Any]] = []

    def ask_after_a_close() -> None:
        with client.websocket_connect("/ws/analysis") as first:
            first.send_json(endless)
            first.send_json({"type": "stop"})
            assert first.receive_json() == {"type": "stopped"}
            first.send_json(endless)
        with client.websocket_connect("/ws/analysis") as second:
            second.send_json(quick)
            answered.append(second.receive_json())

    asking = threading.Thread(target=ask_after_a_close, daemon=True)
    asking.start()
    asking.join(timeout=PATIENT)
    assert answered, "the analysis of a closed socket kept the thread"
    assert answered[0]["position"] == "X---O----" and answered[0]["done"] is True


def test_an_address_holds_a_few_analysis_sockets_and_bad_messages_are_refused(
    client: TestClient,
) -> None:
    limit = damero.web.analysis_board.LIVE_SOCKETS
    sockets = [client.websocket_connect("/ws/analysis?lang=es") for _ in range(limit)]
    opened = [socket.__enter__() for socket in sockets]
    try:
        with client.websocket_connect("/ws/analysis?lang=es") as refused:
            message = refused.receive_json()
            assert message["code"] == "web.too_many_live_analyses"
            assert message["message"].startswith("Su dirección ya tiene")
        socket = opened[0]
        for sent, code in [
            ("not json", "web.bad_json"),
            (json.dumps({"type": "dance"}), "web.bad_message"),
            (json.dumps({"type": "analyse", "game": "chess", "position": "x"}), "web.unknown_game"),
            (
                json.dumps({"type": "analyse", "game": "tictactoe", "position": "OO-------"}),
                "tictactoe.impossible_counts",
            ),
        ]:
            socket.send_text(sent)
            answer = socket.receive_json()
            assert (answer["type"], answer["code"]) == ("error", code)
        socket.send_json({"type": "analyse", "game": "tictactoe", "position": "---------"})
        [values] = values_until_done(socket)
        assert values["verdict"] == "tablas con el mejor juego"
        assert {move["label"] for move in values["moves"]} >= {"T"}
        assert TicTacToe().parse_position(values["position"]).outcome() is None
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
