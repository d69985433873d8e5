"""Measures the computer's levels on the players' rating scale: the levels play each other in every
rated game (Tic-tac-toe, Four Cats and the Mouse, Othello on each board size), and Glicko-2 rates
them from the results, as it rates players.

Each pair of levels plays --games games in each game, half with each side, every game seeded
(--seed), each move thought for at most --seconds on one thread, as the server's computer does
(2 s). The games of one round, every pair once each way, are one rating period; the levels start
as new players do, at 1500, and the scale is then shifted to put level 3, the middle, at 1500,
where every new player starts. Rated games against players move the levels on from there.

    python benchmarks/level_ratings.py --games 10 --write
    python benchmarks/level_ratings.py --only othello-8 --games 4 --seconds 0.5

With --write the ratings measured replace those of the same games in
src/damero/web/level_ratings.json, which the server reads; without it they are only printed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from damero.players import LEVELS, THINKING, computer_player
from damero.progress import GameInProgress, Seat
from damero.ratings import Rating, Result
from damero.registry import find_game
from damero.web.levels import MEASURED, rating_game

VARIANTS: dict[str, tuple[str, dict[str, int]]] = {
    "tictactoe": ("tictactoe", {}),
    "catmouse": ("catmouse", {}),
    **{f"othello-{size}": ("othello", {"size": size}) for size in (4, 6, 8, 10)},
}
ANCHOR_LEVEL = 3
ANCHOR_RATING = 1500.0


def play(variant: str, first: int, second: int, seed: int, seconds: float) -> float:
    """One game of `variant` between the computer at `first` (the first side) and at `second`:
    the first side's score."""
    name, options = VARIANTS[variant]
    game = find_game(name).variant(**options)
    limit = replace(THINKING, seconds=seconds, threads=1)
    rng = random.Random(seed)
    players = {
        level: computer_player(game, level=level, rng=rng, limit=limit, clock=time.monotonic)
        for level in {first, second}
    }
    state = GameInProgress.new(game, seats=(Seat(first), Seat(second)))
    while (side := state.side_to_move) is not None:
        level = first if side.value == 0 else second
        state = state.play(players[level].choose(state.position))
    result = state.result
    assert result is not None
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner.value == 0 else 0.0


def measure(
    variant: str, *, games: int, seed: int, seconds: float, jobs: int
) -> tuple[dict[int, Rating], list[tuple[int, int, float]]]:
    """The levels' ratings in `variant` and every game's (first level, second level, score)."""
    pairs = list(itertools.combinations(LEVELS, 2))
    rounds = [
        [(low, high) for low, high in pairs] + [(high, low) for low, high in pairs]
        for _ in range(max(1, games // 2))
    ]
    seeds = random.Random(f"{variant}-{seed}")
    planned = [
        [(first, second, seeds.randrange(2**32)) for first, second in games_of_round]
        for games_of_round in rounds
    ]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        scores = [
            list(
                pool.map(
                    play,
                    *zip(*[(variant, a, b, s, seconds) for a, b, s in round_games], strict=True),
                )
            )
            for round_games in planned
        ]
    ratings = {level: Rating() for level in LEVELS}
    played = []
    for round_games, round_scores in zip(planned, scores, strict=True):
        results: dict[int, list[Result]] = {level: [] for level in LEVELS}
        for (first, second, _), score in zip(round_games, round_scores, strict=True):
            results[first].append(Result(ratings[second], score))
            results[second].append(Result(ratings[first], 1 - score))
            played.append((first, second, score))
        ratings = {level: ratings[level].after(results[level]) for level in LEVELS}
    shift = ANCHOR_RATING - ratings[ANCHOR_LEVEL].rating
    return {
        level: replace(rating, rating=rating.rating + shift) for level, rating in ratings.items()
    }, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair of levels")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seconds", type=float, default=THINKING.seconds or 2.0)
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--only", nargs="*", choices=sorted(VARIANTS), default=None)
    parser.add_argument("--write", action="store_true", help=f"store the ratings in {MEASURED}")
    arguments = parser.parse_args()
    for variant in arguments.only or list(VARIANTS):
        started = time.monotonic()
        ratings, played = measure(
            variant,
            games=arguments.games,
            seed=arguments.seed,
            seconds=arguments.seconds,
            jobs=arguments.jobs,
        )
        name, options = VARIANTS[variant]
        assert rating_game(name, options) == variant
        took = time.monotonic() - started
        print(f"{variant}: {len(played)} games in {took:.0f} s")
        for level, rating in ratings.items():
            wins = sum(
                (score if first == level else 1 - score)
                for first, second, score in played
                if level in (first, second)
            )
            count = sum(1 for first, second, _ in played if level in (first, second))
            print(
                f"  level {level}: {rating.rating:6.0f} ± {rating.deviation:3.0f}"
                f"   scored {wins:g} of {count}"
            )
        # Read afresh before each write, so that runs of other games meanwhile are kept.
        stored: dict[str, Any] = json.loads(MEASURED.read_text(encoding="utf-8"))
        stored["games"][variant] = {
            str(level): {
                "rating": round(rating.rating, 1),
                "deviation": round(rating.deviation, 1),
                "volatility": round(rating.volatility, 6),
            }
            for level, rating in ratings.items()
        }
        stored.setdefault("measured", {})[variant] = {
            "games_per_pair": arguments.games,
            "seed": arguments.seed,
            "seconds_per_move": arguments.seconds,
        }
        if arguments.write:
            MEASURED.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
            print(f"  written to {Path(MEASURED).name}")


if __name__ == "__main__":
    main()
