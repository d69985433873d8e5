"""The ASGI app: this process's rooms, its computer and its routes, started and stopped together.

The server owns every game (docs/DESIGN.md, "The server owns every game"): a request is decided
by the round's rules (damero.round), committed to storage, and only then sent to every socket of
the game with the game's new version. Each part has a module of its own: the addresses (routes),
the socket's messages (protocol) and what each socket is sent (outbox), the live games (rooms),
where the players are (presence), the computer's turns and hints (computer), the commits
(committer) over the storage, every timer (scheduler), and the operator's measures (metrics) and
log (logs).

A process that stops is told first (`app.state.site.stop()`, which `damero serve` calls on
SIGTERM before uvicorn sends each socket away with close code 1012): it holds the clocks of the
players whose pages it sends away and says it is no longer ready. Its shutdown then lets the
commits and thinks under way end, gives back the computer's turns left, and stops every timer,
within STOP_SECONDS in all.
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
from damero.web.logs import LoggedRequests
from damero.web.metrics import Metrics
from damero.web.players import PlayerRoutes
from damero.web.rooms import Rooms
from damero.web.routes import Routes, not_found
from damero.web.scheduler import Scheduler
from damero.web.sessions import SameOrigin
from damero.web.storage import Storage

SWEEP_ACCOUNTS_SECONDS = 3600.0
"""How often ended sessions and old log-in attempts are forgotten."""
STOP_SECONDS = 10.0
"""The longest a process takes to stop once its sockets are sent away: thinks under way end within
THINK_SECONDS, the commits and the pages' departures are stored meanwhile."""
THINK_SECONDS = 4.0
"""How long a stopping process waits for a computer's think to end and commit (a think stops at
2 s) before it gives the turn back."""


class Site:
    """One process's part of the site: its rooms, its computer, its timers, and whether it is
    ready for a load balancer to send it players."""

    def __init__(self, rooms: Rooms, computer: ComputerTurns) -> None:
        self.rooms = rooms
        self.computer = computer

    @property
    def stopping(self) -> bool:
        return self.rooms.draining

    async def stop(self) -> None:
        """The process is about to send its sockets away: hold their players' clocks."""
        await self.rooms.hold_clocks()

    async def finish(self) -> None:
        """The sockets are gone: the thinks under way end (or are given back), the commits and
        the pages' departures are stored, and nothing is left running."""
        self.rooms.draining = True
        await self.computer.finish(THINK_SECONDS)
        await self.rooms.scheduler.settle(STOP_SECONDS - THINK_SECONDS)
        await self.rooms.committer.finish()


def create_app(
    storage: Storage,
    *,
    claim_seconds: float = CLAIM_SECONDS,
    sweep_seconds: float | None = None,
    limits: Limits = DEFAULT_LIMITS,
    abandon_seconds: float = ABANDON_SECONDS,
    hasher: PasswordHasher = HASHER,
    metrics: Metrics | None = None,
) -> Starlette:
    """The app serving the games in `storage`; a computer's turn whose claim the process that took
    it has not renewed for `claim_seconds` (it renews it every third of that while it thinks) is
    taken over by another, looked for every `sweep_seconds` (a third of `claim_seconds` unless
    given); a player gone `abandon_seconds` from a game between
    two people lets the other claim it; passwords are hashed by `hasher`. `metrics` counts what
    the operator measures."""
    metrics = metrics or Metrics()
    scheduler = Scheduler()
    rooms = Rooms(storage, scheduler=scheduler, abandon_seconds=abandon_seconds, metrics=metrics)
    computer = ComputerTurns(
        rooms, claim_seconds=claim_seconds, sweep_seconds=sweep_seconds, limits=limits
    )
    metrics.watch(
        games=lambda: len(rooms.games),
        thinks=lambda: computer.workers.thinks,
        faults=lambda: storage.faults,
    )
    site = Site(rooms, computer)
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
        await site.finish()
        scheduler.close()
        computer.close()
        routes.analyses.close()
        routes.live_analyses.close()

    routes = Routes(rooms, computer, accounts, limits=limits)
    players = PlayerRoutes(accounts, storage)
    app = Starlette(
        routes=[*routes.routes(), *players.routes()],
        middleware=[Middleware(LoggedRequests), Middleware(SameOrigin)],
        lifespan=lifespan,
        exception_handlers={404: not_found},
    )
    app.state.site = site
    return app
