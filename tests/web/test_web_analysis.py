"""The analysis API, in process: a position's move values as `analyse --json` prints them, checked
against plain references; a stored game's review as `damero review --json` prints it; refusals in
the player's language (400 for a position the rules refuse, 403 for a game between two people
being played, 429 past an address's limit); and answers kept by position."""

from __future__ import annotations

import io
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from catmouse_near_end import near_end_positions
from servers import run_on_a_loop_of_its_own
from starlette.testclient import TestClient

import damero.analysis
import damero.web.analysis
from analysis_references import (
    catmouse_move_verdicts,
    othello_move_scores,
    othello_with_empties,
)
from damero.cli import main
from damero.games.catmouse import CatMouse
from damero.games.othello import Othello
from damero.web.app import create_app
from damero.web.checks import WebError
from damero.web.limits import Limits
from damero.web.storage import Storage

PATIENT = 300.0
"""Seconds an analysis may take in these tests, so that no answer depends on the machine's
speed: every exact solve here ends long before."""


@pytest.fixture
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(damero.web.analysis, "ANALYSIS_SECONDS", PATIENT)
    monkeypatch.setattr(damero.analysis, "REVIEW_SECONDS", PATIENT)


def terminal(*arguments: str) -> str:
    """What `damero ARGUMENTS` prints, run in this process."""
    stdout = io.StringIO()
    main(list(arguments), stdin=io.StringIO(), stdout=stdout)
    return stdout.getvalue()


def analysed(client: TestClient, **parameters: str) -> dict[str, Any]:
    response = client.get("/api/analysis", params=parameters)
    assert response.status_code == 200, response.text
    document: dict[str, Any] = response.json()
    return document


def new_game(client: TestClient, **body: object) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    return created


def test_four_cats_verdicts_agree_with_a_plain_search(client: TestClient) -> None:
    game = CatMouse()
    for position in near_end_positions():
        text = game.format_position(position)
        document = analysed(client, game="catmouse", position=text)
        expected = catmouse_move_verdicts(position)
        got = {move["move"]: (move["result"], move["plies"]) for move in document["moves"]}
        assert got == expected, text
        best = max(expected.values(), key=lambda pair: (pair[0] == "win", -pair[1]))
        if best[0] == "loss":
            best = max(expected.values(), key=lambda pair: pair[1])
        assert (document["result"], document["plies"]) == best
        assert document["exact"] is True


@pytest.mark.usefixtures("compiled_engine", "patient")
def test_othello_with_eight_to_ten_empties_agrees_with_a_plain_minimax(client: TestClient) -> None:
    game = Othello()
    for empties, seed in ((8, 11), (9, 12), (10, 13), (10, 14)):
        position = othello_with_empties(empties, seed=seed)
        document = analysed(client, game="othello", position=game.format_position(position))
        expected = {
            game.format_move(move): score for move, score in othello_move_scores(position).items()
        }
        assert {move["move"]: move["score"] for move in document["moves"]} == expected
        assert all(move["exact"] for move in document["moves"])
        assert document["score"] == max(expected.values()) and document["exact"] is True
        scores = [move["score"] for move in document["moves"]]
        assert scores == sorted(scores, reverse=True)


def test_the_answer_is_what_analyse_json_prints(client: TestClient) -> None:
    for name, text in [
        ("catmouse", "22 2 3 4 17 mouse"),
        ("catmouse", "- 1 2 3 4 mouse"),
        ("tictactoe", "XX-OO----"),
        ("tictactoe", "XXXOO----"),
    ]:
        response = client.get("/api/analysis", params={"game": name, "position": text})
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/json")
        assert response.text == terminal(name, "analyse", *text.split(), "--json")


@pytest.mark.usefixtures("compiled_engine", "patient")
def test_othello_options_are_read_from_the_position_or_given(client: TestClient) -> None:
    position = othello_with_empties(8, seed=15, size=6)
    text = Othello(6).format_position(position)
    deduced = analysed(client, game="othello", position=text)
    given = analysed(client, game="othello", position=text, size="6")
    assert deduced == given and deduced["exact"] is True
    expected = {Othello().format_move(move) for move in position.legal_moves()}
    assert {move["move"] for move in given["moves"]} == expected
    wrong = client.get("/api/analysis", params={"game": "othello", "position": text, "size": "8"})
    assert wrong.status_code == 400
    assert wrong.json() == {
        "code": "web.options_disagree",
        "message": "That position has the board size 6, not 8.",
    }
    for size in ("7", "twelve"):
        refused = client.get(
            "/api/analysis", params={"game": "othello", "position": text, "size": size}
        )
        assert refused.status_code == 400 and refused.json()["code"] == "web.bad_options"


@pytest.mark.parametrize(
    ("name", "text", "lang"),
    [
        ("catmouse", "22 22 3 4 17", "en"),
        ("catmouse", "2 1 5 3 4", "es"),
        ("tictactoe", "OO-------", "en"),
        ("tictactoe", "XXXOO-O--", "es"),
        ("othello", "-" * 15 + " X", "es"),
    ],
)
def test_a_refused_position_is_400_with_the_terminals_words(
    client: TestClient, name: str, text: str, lang: str
) -> None:
    response = client.get("/api/analysis", params={"game": name, "position": text, "lang": lang})
    assert response.status_code == 400
    said = terminal(name, "analyse", *text.split(), "--lang", lang)
    assert response.json()["message"] == " ".join(said.split())
    assert response.json()["code"].startswith(f"{name}.")


def test_a_request_that_names_no_position_is_refused(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "position": "x"}, "web.unknown_game"),
        ({"game": "tictactoe"}, "web.bad_field"),
        ({"game": "tictactoe", "position": "-" * 401}, "web.bad_field"),
        ({"position": "---------"}, "web.unknown_game"),
    ]
    for parameters, code in cases:
        response = client.get("/api/analysis", params=parameters)
        assert response.status_code == 400 and response.json()["code"] == code


EDGE_GAME = ["5", "2", "1", "9", "7", "4", "3"]
"""X takes the centre, O answers on an edge (the mistake), and X wins."""


def test_a_finished_games_review_marks_the_edge_reply(client: TestClient, tmp_path: Path) -> None:
    created = new_game(client, game="tictactoe", mode="friend", moves=EDGE_GAME)
    response = client.get(f"/api/games/{created['id']}/analysis")
    assert response.status_code == 200, response.text
    review = response.json()
    assert review["mistakes"] == [2]
    second = review["moves"][1]
    assert (second["move"], second["side"], second["mistake"]) == ("2", "second", True)
    assert second["before"]["result"] == "draw" and second["after"]["result"] == "loss"
    record = tmp_path / "game.txt"
    record.write_bytes(client.get(f"/api/games/{created['id']}/record").content)
    assert response.text == terminal("review", str(record), "--json")


@pytest.mark.usefixtures("compiled_engine", "patient")
def test_an_othello_games_review_is_the_terminals(client: TestClient, tmp_path: Path) -> None:
    moves = othello_game_with_a_pass(size=4)
    created = new_game(client, game="othello", options={"size": 4}, mode="friend", moves=moves)
    response = client.get(f"/api/games/{created['id']}/analysis")
    assert response.status_code == 200, response.text
    review = response.json()
    forced = [move["move"] for move in review["moves"] if move["forced"]]
    assert forced and set(forced) == {"0 0"}
    assert all(move["before"]["exact"] for move in review["moves"])
    path = tmp_path / "game.txt"
    path.write_bytes(client.get(f"/api/games/{created['id']}/record").content)
    assert response.text == terminal("review", str(path), "--json", "--seconds", str(PATIENT))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_game_between_two_people_is_not_analysed_while_played(
    client: TestClient, lang: str
) -> None:
    created = new_game(client, game="tictactoe", mode="friend", moves=["5", "2"])
    response = client.get(f"/api/games/{created['id']}/analysis", params={"lang": lang})
    assert response.status_code == 403
    words = {
        "en": "A game between two people is not analysed while it is being played",
        "es": "Una partida entre dos personas no se analiza mientras se juega",
    }
    assert response.json()["code"] == "web.analysis_in_play"
    assert response.json()["message"].startswith(words[lang])


def test_a_game_on_one_screen_or_against_the_computer_is_analysed_while_played(
    client: TestClient,
) -> None:
    for body in (
        {"mode": "local"},
        {"mode": "computer", "seat": "first", "level": 1},
    ):
        created = new_game(client, game="tictactoe", moves=["5", "2"], **body)
        response = client.get(f"/api/games/{created['id']}/analysis")
        assert response.status_code == 200, response.text
        assert 2 in response.json()["mistakes"]
    missing = client.get("/api/games/nothing/analysis", params={"lang": "es"})
    assert missing.status_code == 404 and missing.json()["code"] == "web.unknown_id"


def test_an_address_asking_too_much_is_refused_for_a_while(database: str) -> None:
    limits = Limits(analyses_burst=2, analyses_per_second=0.001)
    with TestClient(create_app(Storage(database), limits=limits)) as client:
        for _ in range(2):
            analysed(client, game="tictactoe", position="---------")
        refused = client.get(
            "/api/analysis", params={"game": "tictactoe", "position": "---------", "lang": "es"}
        )
        assert refused.status_code == 429
        assert refused.json()["code"] == "web.too_many_analyses"
        assert refused.json()["message"].startswith("Demasiados análisis pedidos")


def test_answers_are_kept_by_position(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    threads: set[str] = set()
    analyse = damero.analysis.move_values

    def counted(game: Any, position: Any, **bounds: Any) -> Any:
        asked.append(game.format_position(position))
        threads.add(threading.current_thread().name)
        return analyse(game, position, **bounds)

    monkeypatch.setattr(damero.analysis, "move_values", counted)
    first = analysed(client, game="tictactoe", position="X---O----")
    again = analysed(client, game="tictactoe", position="X---O----")
    other = analysed(client, game="tictactoe", position="X---O---X")
    assert first == again != other
    assert asked == ["X---O----", "X---O---X"]
    assert len(threads) == 1 and threads.pop().startswith("analysis")


def test_past_the_waiting_places_an_analysis_is_refused_as_busy() -> None:
    async def ask_three() -> list[str]:
        analyses = damero.web.analysis.Analyses(Limits(), threads=1, waiting=1)
        refusals = []
        async with analyses.place("one"), analyses.place("two"):
            try:
                async with analyses.place("three"):
                    pass
            except WebError as error:
                refusals.append(error.message.key)
        async with analyses.place("four"):
            pass  # places are given back
        analyses.close()
        return refusals

    assert run_on_a_loop_of_its_own(ask_three()) == ["web.analysis_busy"]


def othello_game_with_a_pass(*, size: int) -> list[str]:
    """The moves of a random Othello game to its end in which a side has to pass."""
    game = Othello(size)
    rng = random.Random(size)
    while True:
        position, moves = game.start(), []
        while position.legal_moves():
            move = rng.choice(position.legal_moves())
            moves.append(game.format_move(move))
            position = position.play(move)
        if "0 0" in moves:
            return moves
