"""Ratings as the site gives them: the computer's levels on the players' scale, measured by damero
and moved by rated games; a player's ratings and games."""

from __future__ import annotations

from starlette.testclient import TestClient

from damero.players import LEVELS
from damero.web.levels import measured_rating, measurements, rating_games


def test_every_level_of_every_rating_game_was_measured_and_level_3_is_the_anchor() -> None:
    measured = measurements()
    assert sorted(measured) == sorted(rating_games())
    for game, levels in measured.items():
        assert sorted(levels) == [str(level) for level in LEVELS], game
        assert round(levels["3"].rating) == 1500
        assert all(rating.deviation < 350 for rating in levels.values()), game
    # The strongest level is never measured below the weakest.
    assert all(levels["5"].rating > levels["1"].rating for levels in measured.values())


def test_the_front_pages_listing_gives_each_levels_rating(client: TestClient) -> None:
    listing = client.get("/api/games").json()
    ratings = listing["level_ratings"]
    assert set(ratings) == set(rating_games())
    assert ratings["othello-8"]["4"] == round(measured_rating(4, "othello-8").rating)
