"""The ASGI app: this process's rooms, its computer and its routes, started and stopped together.

The server owns every game (docs/DESIGN.md, "The server owns every game"): a request is decided
by the round's rules (damero.round), committed to storage, and only then sent to every socket of
the game with the game's new version. Each part has a module of its own: the addresses (routes),
the socket's messages (protocol) and what each socket is sent (outbox), the live games (rooms),
where the players are (presence), the computer's turns and hints (computer), the commits
(committer) over the storage, and every timer (scheduler).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from argon2 import PasswordHasher
from starlette.applications import Starlette
from starlette.middleware import Middleware

from damero.round import ABANDON_SECONDS
from damero.web.accounts import HASHER, Accounts
from damero.web.computer import CLAIM_SECONDS, ComputerTurns
from damero.web.limits import DEFAULT_LIMITS, Limits
from damero.web.players import PlayerRoutes
from damero.web.rooms import Rooms
from damero.web.routes import Routes
from damero.web.scheduler import Scheduler
from damero.web.sessions import SameOrigin
from damero.web.storage import Storage

SWEEP_ACCOUNTS_SECONDS = 3600.0
"""How often ended sessions and old log-in attempts are forgotten."""


def create_app(
    storage: Storage,
    *,
    claim_seconds: float = CLAIM_SECONDS,
    sweep_seconds: float | None = None,
    limits: Limits = DEFAULT_LIMITS,
    abandon_seconds: float = ABANDON_SECONDS,
    hasher: PasswordHasher = HASHER,
) -> Starlette:
    """The app serving the games in `storage`; a computer's turn left unplayed `claim_seconds`
    by the process that took it is taken over by another, looked for every `sweep_seconds`
    (a third of `claim_seconds` unless given); a player gone `abandon_seconds` from a game between
    two people lets the other claim it; passwords are hashed by `hasher`."""
    scheduler = Scheduler()
    rooms = Rooms(storage, scheduler=scheduler, abandon_seconds=abandon_seconds)
    computer = ComputerTurns(
        rooms, claim_seconds=claim_seconds, sweep_seconds=sweep_seconds, limits=limits
    )
    rounds = computer.sweep_seconds

    accounts = Accounts(storage, limits=limits, hasher=hasher)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await rooms.start()
        await computer.start()
        scheduler.every(rounds, lambda: rooms.sweep_flags(rounds))
        scheduler.every(rounds, rooms.presences.sweep)
        scheduler.every(SWEEP_ACCOUNTS_SECONDS, accounts.sweep)
        yield
        scheduler.close()
        computer.close()
        routes.analyses.close()
        routes.live_analyses.close()

    routes = Routes(rooms, computer, accounts, limits=limits)
    players = PlayerRoutes(accounts, storage)
    return Starlette(
        routes=[*routes.routes(), *players.routes()],
        middleware=[Middleware(SameOrigin)],
        lifespan=lifespan,
    )
