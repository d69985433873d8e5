"""Everyone who moves, person or program, does it through `choose(position) -> move`."""

from __future__ import annotations

import random
from typing import Any, Protocol


class Player(Protocol):
    """Chooses a move for the side to move; a person's front end may also raise to take back or leave."""

    def choose(self, position: Any) -> Any: ...


class RandomPlayer:
    """Plays a uniformly random legal move; the baseline every other player should beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, position: Any) -> Any:
        return self.rng.choice(position.legal_moves())
