"""A result in words for whoever reads it (`damero.results`), and the terminal's end of a game:
its own words between two people, "You won" or "You lost" to a person playing the computer."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from damero.cli.match import Match
from damero.core import Side
from damero.i18n import Catalog
from damero.progress import PERSON, Ending, GameInProgress, Result, Seat
from damero.registry import find_game
from damero.results import result_words, side_titles

ENGLISH, SPANISH = Catalog("en"), Catalog("es")
FIRST, SECOND = frozenset({Side.FIRST}), frozenset({Side.SECOND})
BOTH = frozenset(Side)


def said(
    catalog: Catalog, game: Any, position: Any, result: Result, reader: frozenset[Side]
) -> list[str]:
    names = side_titles(game)
    return [
        catalog.say(line)
        for line in result_words(game, position, result, reader=reader, names=names)
    ]


@pytest.mark.parametrize(
    ("ending", "winner", "reader", "english", "spanish"),
    [
        (
            Ending.RESIGNATION,
            Side.FIRST,
            FIRST,
            "You won: your opponent resigned.",
            "Ha ganado: su rival abandona.",
        ),
        (
            Ending.RESIGNATION,
            Side.FIRST,
            SECOND,
            "You lost: you resigned.",
            "Ha perdido: usted abandonó.",
        ),
        (
            Ending.RESIGNATION,
            Side.FIRST,
            frozenset(),
            "The mouse won: the cats resigned.",
            "Victoria para el ratón por abandono.",
        ),
        (
            Ending.TIME,
            Side.SECOND,
            FIRST,
            "You lost on time: your time ran out.",
            "Ha perdido por tiempo: se le acabó el tiempo.",
        ),
        (
            Ending.TIME,
            Side.SECOND,
            BOTH,
            "The cats won on time: the mouse ran out of time.",
            "Victoria para los gatos por tiempo.",
        ),
        (
            Ending.ABANDONED,
            Side.SECOND,
            SECOND,
            "You won: your opponent left the game.",
            "Ha ganado: su rival dejó la partida.",
        ),
        (
            Ending.ABANDONED,
            None,
            FIRST,
            "Draw: a player left the game.",
            "Tablas: un jugador dejó la partida.",
        ),
        (Ending.AGREEMENT, None, frozenset(), "Draw by agreement.", "Tablas de mutuo acuerdo."),
    ],
)
def test_a_result_decided_off_the_board_in_each_reader_s_words(
    ending: Ending, winner: Side | None, reader: frozenset[Side], english: str, spanish: str
) -> None:
    game = find_game("catmouse")
    position = game.start()
    result = Result(winner, ending)
    assert said(ENGLISH, game, position, result, reader) == [english]
    assert said(SPANISH, game, position, result, reader) == [spanish]


def test_a_result_on_the_board_says_the_rules_reason_and_names_othello_s_sides_as_the_page_does() -> (
    None
):
    game = find_game("othello").variant(size=4)
    state = GameInProgress.replayed(game)
    while state.outcome is None:
        state = state.play(state.position.legal_moves()[0])
    result = state.result
    assert result is not None and result.winner is not None
    position = state.position
    winner, loser = position.count(result.winner), position.count(result.winner.other)
    spectator = said(ENGLISH, game, position, result, frozenset())
    name = "Black (X)" if result.winner is Side.FIRST else "White (O)"
    assert spectator == [f"{name} won.", f"{winner} discs to {loser}."]
    winning = FIRST if result.winner is Side.FIRST else SECOND
    assert said(SPANISH, game, position, result, winning) == [
        "Ha ganado.",
        f"{winner} fichas contra {loser}.",
    ]


def test_the_terminal_tells_a_person_who_lost_to_the_computer_that_they_lost(run: Any) -> None:
    # X takes 1 and 2; the computer blocks at 3 and, after X's 9, completes 3-5-7.
    out = run(
        ["tictactoe", "--o", "computer", "--level", "5", "--seed", "3", "--lang", "en"],
        ["1", "2", "9"],
    ).stdout
    assert out.rstrip().endswith("You lost.\nThree in a row.")
    assert "Congratulations" not in out
    spanish = run(
        ["tictactoe", "--o", "computer", "--level", "5", "--seed", "3", "--lang", "es"],
        ["1", "2", "9"],
    ).stdout
    assert spanish.rstrip().endswith("Ha perdido.\nTres en línea.")


def test_the_terminal_tells_a_person_who_beat_the_computer_that_they_won() -> None:
    # The mouse, one step from the cats' row against computer cats, steps onto it.
    game = find_game("catmouse")
    start = game.parse_position("5 9 10 11 12 mouse")
    state = GameInProgress.replayed(game, start=start, seats=(PERSON, Seat(1))).play_text("1")
    assert state.outcome is not None
    match = Match(console=None, state=state, players={})  # type: ignore[arg-type]
    lines = [ENGLISH.say(line) for line in match.ending_lines(state.outcome)]
    assert lines == ["You won.", "The mouse has reached the cats' starting row."]
    between_people = Match(console=None, state=replace(state, seats=(PERSON, PERSON)), players={})  # type: ignore[arg-type]
    assert [ENGLISH.say(line) for line in between_people.ending_lines(state.outcome)] == [
        "The mouse wins!",
        "The mouse has reached the cats' starting row.",
    ]


def test_two_people_at_one_terminal_keep_the_game_s_own_end_of_game_words(run: Any) -> None:
    out = run(["tictactoe", "--lang", "en"], ["1", "4", "2", "5", "3"]).stdout
    assert "Congratulations, player X" in out
    assert "You lost" not in out
