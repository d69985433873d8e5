"""The computer's levels on the players' scale: their Glicko-2 ratings in each game, as damero
measured them by playing the levels against each other (`benchmarks/level_ratings.py`, which
writes `level_ratings.json` beside this module). Rated games against players move them on."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from damero import registry
from damero.players import LEVELS
from damero.ratings import Rating

MEASURED = Path(__file__).with_name("level_ratings.json")


@cache
def measurements() -> dict[str, dict[str, Rating]]:
    """Each game's measured ratings by level, as `benchmarks/level_ratings.py` wrote them."""
    stored = json.loads(MEASURED.read_text(encoding="utf-8"))
    return {
        game: {
            level: Rating(values["rating"], values["deviation"], values["volatility"])
            for level, values in levels.items()
        }
        for game, levels in stored["games"].items()
    }


def measured_rating(level: int, game: str) -> Rating:
    """The rating damero measured for the computer at `level` in `game` (a rating game such as
    `othello-8`); a new player's where it was never measured (a game added since)."""
    return measurements().get(game, {}).get(str(level), Rating())


def rating_game(game: str, options: Mapping[str, int]) -> str:
    """The game a rating is held in: the game's name, and its options' values (`othello-8`).

    >>> rating_game("othello", {"size": 8}), rating_game("catmouse", {})
    ('othello-8', 'catmouse')
    """
    return "-".join([game, *(str(options[name]) for name in sorted(options))])


def rating_games() -> list[str]:
    """Every rating game there is: each game, with each choice of its options."""
    found = []
    for game in registry.GAMES:
        choices: list[dict[str, int]] = [{}]
        for name, values in game.options.items():
            choices = [{**chosen, name: value} for chosen in choices for value in values]
        found += [rating_game(game.name, options) for options in choices]
    return found


def level_ratings_json(moved: Mapping[tuple[int, str], Rating]) -> dict[str, dict[str, int]]:
    """For a page: each rating game's levels and their ratings, as rated games have moved them
    (`moved`, by level and game) or else as damero measured them."""
    return {
        game: {
            str(level): round((moved.get((level, game)) or measured_rating(level, game)).rating)
            for level in LEVELS
        }
        for game in rating_games()
    }
