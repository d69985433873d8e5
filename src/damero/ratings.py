"""Glicko-2 ratings, as Mark Glickman's "Example of the Glicko-2 system" sets them out: a rating,
how far it may be off (its deviation) and how erratic its holder's results are (its volatility).

Pure arithmetic on immutable values, like the rules: the caller passes the results and the time
gone by, and keeps what it is given back. damero rates each game as a rating period of its own, so
a rating moves as soon as a game ends, and adds the days a player has not played to the deviation
first (`Rating.after_idle`), so that a rating unused for months counts for less.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

SCALE = 173.7178
"""The paper's factor between the Glicko scale players see and the Glicko-2 scale it works on."""
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
"""The system constant τ, which bounds how fast the volatility changes; the paper advises 0.3 to
1.2, and uses 0.5 in its example."""
CONVERGENCE = 0.000001
"""The ε at which the volatility's iteration stops, the paper's."""
PROVISIONAL_DEVIATION = 110.0
"""A rating whose deviation is larger is shown as provisional ("1620?"): too few games tell it."""
PERIOD_DAYS = 7.0
"""The time a rating period stands for when a player has not played: the deviation grows by one
period's volatility for each seven days gone."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game, on the scale players see (a new player has 1500 ± 350)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def is_provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION

    def shown(self) -> str:
        """The rating as a player reads it: whole points, and `?` while provisional.

        >>> Rating().shown(), Rating(1623.4, 60.0).shown()
        ('1500?', '1623')
        """
        return f"{round(self.rating)}{'?' if self.is_provisional else ''}"

    def after_idle(self, periods: float) -> Rating:
        """This rating after `periods` rating periods without a game (a fraction counts for its
        part): only the deviation grows, by the volatility, never past a new player's.

        >>> round(Rating(1500.0, 50.0).after_idle(4).deviation, 1)
        54.2
        """
        if periods <= 0:
            return self
        phi = self.deviation / SCALE
        grown = math.sqrt(phi * phi + periods * self.volatility * self.volatility) * SCALE
        return replace(self, deviation=min(grown, START_DEVIATION))

    def after(self, results: Sequence[Result], *, tau: float = TAU) -> Rating:
        """This rating after one rating period with `results` (steps 2 to 8 of the paper); with
        none, only the deviation grows (step 6 alone)."""
        if not results:
            return self.after_idle(1)
        mu, phi = (self.rating - START_RATING) / SCALE, self.deviation / SCALE
        games = [
            (_g(result.opponent.deviation / SCALE), (result.opponent.rating - START_RATING) / SCALE)
            for result in results
        ]
        expected = [1 / (1 + math.exp(-g * (mu - mu_j))) for g, mu_j in games]
        variance = 1 / sum(g * g * e * (1 - e) for (g, _), e in zip(games, expected, strict=True))
        improvement = sum(
            g * (result.score - e)
            for (g, _), e, result in zip(games, expected, results, strict=True)
        )
        delta = variance * improvement
        volatility = _new_volatility(phi, self.volatility, variance, delta, tau)
        phi_star = math.sqrt(phi * phi + volatility * volatility)
        new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / variance)
        new_mu = mu + new_phi * new_phi * improvement
        return Rating(
            rating=SCALE * new_mu + START_RATING,
            deviation=min(SCALE * new_phi, START_DEVIATION),
            volatility=volatility,
        )


@dataclass(frozen=True, slots=True)
class Result:
    """One game of a rating period: the opponent's rating before it, and the score (1 a win,
    0.5 a draw, 0 a loss)."""

    opponent: Rating
    score: float


def rate_game(first: Rating, second: Rating, first_score: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game between them, `first_score` being the first's score
    (1, 0.5 or 0); each is rated against the other's rating before the game."""
    return (
        first.after([Result(second, first_score)]),
        second.after([Result(first, 1 - first_score)]),
    )


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _new_volatility(phi: float, sigma: float, variance: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's f by its Illinois iteration."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        grown = math.exp(x)
        spread = phi * phi + variance + grown
        return grown * (delta * delta - phi * phi - variance - grown) / (2 * spread * spread) - (
            x - a
        ) / (tau * tau)

    low = a
    if delta * delta > phi * phi + variance:
        high = math.log(delta * delta - phi * phi - variance)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)
