"""The computer's levels on the players' scale: their Glicko-2 ratings in each game, as damero
measured them by playing the levels against each other (`benchmarks/level_ratings.py`, which
writes `level_ratings.json` beside this module). Rated games against players move them on."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

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
