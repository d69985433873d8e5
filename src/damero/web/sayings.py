"""The short messages two players may send each other: a fixed list, each shown in every reader's
own language, so there is nothing to moderate; and how often a seat may send one."""

from __future__ import annotations

from damero.core import Side
from damero.web.limits import TokenBucket

SAYINGS = ("hello", "good_luck", "good_game", "thanks", "well_played")
"""What a player may say, by key; the words are the catalogue's `page.say_KEY`."""
BURST, PER_SECOND = 3, 0.2
"""A seat may send BURST messages at once, then one every five seconds: enough to greet, wish
luck and thank, never a flood on the other's page."""
SPEAKERS_KEPT = 10_000
"""Seats whose pace is kept at once; the oldest is forgotten (it would be rested by now)."""


class Pace:
    """How fast each seat of each game has been sending messages, in this process."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[str, Side], TokenBucket] = {}

    def allows(self, game_id: str, side: Side) -> bool:
        """Whether the seat may send a message now (taking its turn if so)."""
        key = (game_id, side)
        bucket = self.buckets.pop(key, None) or TokenBucket(BURST, PER_SECOND)
        self.buckets[key] = bucket  # the newest last: the oldest goes first
        if len(self.buckets) > SPEAKERS_KEPT:
            del self.buckets[next(iter(self.buckets))]
        return bucket.take()
