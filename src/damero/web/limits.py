"""How much one socket and one address may ask of the server: token buckets, each refilling at a
steady rate up to a burst, so a person is never slowed and a script is.

Every costly request (a hint, which thinks; a new game, which is stored) takes a token from the
bucket of the socket or of the address that asked; an empty bucket refuses it in words.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from damero.web.checks import WebError


def address_of(connection: Any) -> str:
    """Where a request or socket comes from, for the limits by address (behind a trusted proxy,
    uvicorn has put the address it forwards for here)."""
    return connection.client.host if connection.client else "unknown"


@dataclass
class TokenBucket:
    """Holds up to `burst` tokens and gains `per_second` a second; each request takes one."""

    burst: float
    per_second: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    checked: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.checked = self.clock()

    def take(self) -> bool:
        """Takes a token if there is one; False, taking nothing, if the bucket is empty."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.checked) * self.per_second)
        self.checked = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


ADDRESSES_KEPT = 10_000
"""Buckets kept at once; the one unused longest is forgotten (it would be full again by now)."""


class AddressLimit:
    """One bucket per client address, for one kind of request; refusals say `key` in words."""

    def __init__(
        self,
        key: str,
        *,
        burst: float,
        per_second: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.key = key
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str) -> None:
        """Takes a token for `address`; WebError(key) if it has asked too much lately."""
        bucket = self.buckets.pop(address, None)
        if bucket is None:
            bucket = TokenBucket(self.burst, self.per_second, self.clock)
        self.buckets[address] = bucket
        while len(self.buckets) > ADDRESSES_KEPT:
            self.buckets.popitem(last=False)
        if not bucket.take():
            raise WebError(self.key, seconds=max(1, round(1 / self.per_second)))


@dataclass(frozen=True)
class Limits:
    """What a server allows; the defaults let a person play freely and stop a script's flood."""

    games_burst: float = 100
    games_per_second: float = 0.5
    """An address may start 100 games at once, then one every two seconds."""
    hints_burst: float = 20
    hints_per_second: float = 0.5
    """An address may ask 20 hints at once, then one every two seconds; a socket one at a time."""
    analyses_burst: float = 20
    analyses_per_second: float = 0.5
    """An address may ask 20 analyses (of a position or a game) at once, then one every two seconds."""
    log_in_window: float = 900.0
    log_ins_per_address: int = 30
    log_ins_per_name: int = 10
    sign_ups_per_address: int = 10
    """In any 15 minutes, an address may try 30 log-ins and sign 10 accounts up, and a name be
    tried 10 times (from anywhere): counted in the database, so across every server."""


DEFAULT_LIMITS = Limits()
