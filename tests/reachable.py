"""Positions found by walking a game's rules, to check solvers and rules against."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def reachable_positions(starts: Iterable[Any], *, keep: Callable[[Any], bool] = bool) -> set[Any]:
    """Every position a game reaches from `starts` through positions `keep` accepts.

    Found through legal_moves and play alone, so it checks solvers against the rules.
    """
    seen = set(starts)
    frontier = list(seen)
    while frontier:
        position = frontier.pop()
        for move in position.legal_moves():
            child = position.play(move)
            if child not in seen and keep(child):
                seen.add(child)
                frontier.append(child)
    return seen
