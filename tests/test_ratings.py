"""Glicko-2 against the worked example of Glickman's paper, and the properties a player relies on."""

from __future__ import annotations

import pytest

from damero.ratings import START_DEVIATION, Rating, Result, rate_game


def test_the_worked_example_of_glickmans_paper() -> None:
    """ "Example of the Glicko-2 system": a player at 1500 ± 200 (volatility 0.06, τ 0.5) beats a
    1400 ± 30 and loses to a 1550 ± 100 and a 1700 ± 300 in one rating period, and ends at
    1464.06 ± 151.52 with a volatility of 0.05999. The paper rounds μ' to four places (-0.2069)
    before it converts back, so its 1464.06 is met to within that rounding; each step's figure on the
    Glicko-2 scale is met to the places it prints."""
    player = Rating(1500.0, 200.0, 0.06)
    results = [
        Result(Rating(1400.0, 30.0), 1.0),
        Result(Rating(1550.0, 100.0), 0.0),
        Result(Rating(1700.0, 300.0), 0.0),
    ]
    after = player.after(results, tau=0.5)
    assert round((after.rating - 1500) / 173.7178, 4) == -0.2069
    assert round(after.deviation / 173.7178, 4) == 0.8722
    assert abs(after.rating - 1464.06) < 0.01
    assert round(after.deviation, 2) == 151.52
    assert 0.05999 <= after.volatility < 0.06  # the paper cuts 0.059996 to five places


def test_a_period_without_games_only_widens_the_deviation() -> None:
    """Step 6 alone: φ' = √(φ² + σ²), rating and volatility kept."""
    player = Rating(1500.0, 200.0, 0.06)
    idle = player.after([])
    assert idle.rating == 1500.0 and idle.volatility == 0.06
    assert idle.deviation == pytest.approx(173.7178 * ((200 / 173.7178) ** 2 + 0.06**2) ** 0.5)
    assert player.after_idle(0) is player
    assert Rating(1500.0, 349.0).after_idle(1000).deviation == START_DEVIATION


def test_a_win_raises_the_winner_and_lowers_the_loser_by_the_same_kind_of_amount() -> None:
    first, second = rate_game(Rating(), Rating(), 1.0)
    assert first.rating > 1500 > second.rating
    assert first.rating - 1500 == pytest.approx(1500 - second.rating)
    assert first.deviation < START_DEVIATION and second.deviation < START_DEVIATION


def test_a_draw_between_equals_changes_no_rating_and_an_upset_moves_more_than_a_favourite_win() -> (
    None
):
    drawn = rate_game(Rating(1600.0, 80.0), Rating(1600.0, 80.0), 0.5)
    assert [round(rating.rating, 6) for rating in drawn] == [1600.0, 1600.0]
    favourite, underdog = Rating(1800.0, 80.0), Rating(1400.0, 80.0)
    expected_win = rate_game(favourite, underdog, 1.0)[0].rating - favourite.rating
    upset = favourite.rating - rate_game(favourite, underdog, 0.0)[0].rating
    assert 0 < expected_win < upset


def test_a_rating_is_provisional_until_its_games_narrow_it() -> None:
    rating = Rating()
    assert rating.shown() == "1500?"
    for _ in range(20):
        rating, _ = rate_game(rating, Rating(1500.0, 60.0), 0.5)
    assert not rating.is_provisional and rating.shown() == "1500"
