"""The computer's side of the server: its turns, claimed in the database so that exactly one
process plays each, and hints, thought of on threads of their own (web/workers.py).

A process renews the claims of its thinks under way, however long they last; one that dies
mid-think lets its claim run out, and the sweep of any process then takes the turn up. A database
fault on the way gives the claim back, now or at a later sweep.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import time
from typing import Protocol

from anyio import to_thread

from damero.core import Side, describe_value
from damero.errors import DameroError
from damero.i18n import Catalog
from damero.round import Computer, Hint, Move, Person, Round
from damero.web.boards import targets_clicked
from damero.web.checks import WebError
from damero.web.limits import DEFAULT_LIMITS, AddressLimit, Limits
from damero.web.rooms import Rooms
from damero.web.storage import DatabaseFault
from damero.web.workers import Workers, move_values

CLAIM_SECONDS = 30.0
"""How long a computer's turn stays claimed past the last renewal of its claim: a live process
renews it every third of that while it thinks, so only a dead process lets it run out."""
RENEW_SECONDS_AT_LEAST = 0.1
"""The shortest time between two renewals of the claims, whatever the claims' length: a claim of
under 0.3 seconds may run out between them, where it would otherwise be renewed without pause."""


class Asker(Protocol):
    """Who asks for a hint: where from, for which sides, in which words, and how to answer."""

    @property
    def address(self) -> str: ...

    @property
    def sides(self) -> frozenset[Side]: ...

    @property
    def catalog(self) -> Catalog: ...

    hinting: bool

    def send(self, message: dict[str, object]) -> None: ...

    def refuse(self, error: DameroError) -> None: ...


class ComputerTurns:
    """Plays the computer's turns of the games in `rooms`, and answers hints."""

    def __init__(
        self,
        rooms: Rooms,
        *,
        claim_seconds: float = CLAIM_SECONDS,
        sweep_seconds: float | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.rooms = rooms
        self.storage = rooms.storage
        self.claim_seconds = claim_seconds
        self.sweep_seconds = max(claim_seconds / 3, 0.5) if sweep_seconds is None else sweep_seconds
        self.renew_seconds = max(claim_seconds / 3, RENEW_SECONDS_AT_LEAST)
        """How often the claims of the thinks under way are renewed: one renewal may fail (the
        database away a moment) and the next still comes before the claim runs out."""
        self.thinking: dict[str, asyncio.Task[None]] = {}
        self.thinking_at: dict[str, int] = {}
        self.held: set[tuple[str, int]] = set()
        """The computer's turns (a game and its version) this process claimed and thinks of:
        `hold_claims` renews their claims until the think ends."""
        self.hint_tasks: set[asyncio.Task[None]] = set()
        self.unreleased: set[tuple[str, int]] = set()
        """Computer's turns this process claimed and could not play nor give back yet."""
        self.workers = Workers()
        self.stopping = False
        """This process stops: it takes no computer's turn any more."""
        self.rng = random.Random()
        self.hints = AddressLimit(
            "web.too_many_hints", burst=limits.hints_burst, per_second=limits.hints_per_second
        )
        rooms.changed.append(self.start_thinking)

    def start_thinking(self, live: Round) -> None:
        """Starts the computer's think if it is to move; a think for an older version (the game
        was taken back meanwhile) is stopped. The think runs off the event loop."""
        if self.stopping:
            return
        running = self.thinking.get(live.id)
        if running is not None and not running.done():
            if self.thinking_at[live.id] == live.version:
                return
            running.cancel()
        level = live.state.computer_to_move
        if level is None:
            return
        self.thinking_at[live.id] = live.version
        self.thinking[live.id] = asyncio.get_running_loop().create_task(
            self._think(live.id, live.version, level)
        )

    async def _think(self, game_id: str, version: int, level: int) -> None:
        """Claims the computer's turn at `version`, thinks, its claim held however long that
        takes, and commits its move."""
        claimed = False
        try:
            claimed = await to_thread.run_sync(
                lambda: self.storage.claim(
                    game_id, version=version, seconds=self.claim_seconds, now=time.time()
                )
            )
            if not claimed:
                return  # another process thinks, or the game moved on
            self.held.add((game_id, version))
            live = await self.rooms.get(game_id)
            state = live.state
            seed = self.rng.getrandbits(64)
            move = await self.workers.think(state.game, level, seed, state.position)
            # No more renewals: the commit follows at once and ends the claim, and a renewal that
            # found the game moved on by it must not cut the commit short.
            self.held.discard((game_id, version))
            side = state.side_to_move
            assert side is not None
            # The computer's move is decided as a person's is: its turn, its clock, its version.
            await self.rooms.act(
                game_id,
                version,
                Computer(side),
                Move(state.game.format_move(move)),
                now=time.time(),
            )
        except DameroError:
            if claimed:
                self.unreleased.add((game_id, version))
                await self._release_claims()
        except asyncio.CancelledError:
            # Given back by `finish`; one that `hold_claims` found gone is no longer this
            # process's, and giving it back changes nothing.
            if claimed:
                self.unreleased.add((game_id, version))
            raise
        finally:
            self.held.discard((game_id, version))
            if self.thinking.get(game_id) is asyncio.current_task():
                del self.thinking[game_id]
                del self.thinking_at[game_id]

    async def hold_claims(self) -> None:
        """A round, every `renew_seconds`: the claims of the thinks under way are held for
        `claim_seconds` more, so that no live process loses a turn it thinks of, however long the
        think. A think whose claim is gone (the game moved on, or the claim ran out while the
        database was away and another process took the turn) is moot, and stopped quietly. A
        database fault is one line in the log; the thinks go on and the next round tries again."""
        held = sorted(self.held)
        if not held:
            return
        metrics = self.rooms.metrics
        try:
            kept = await to_thread.run_sync(
                lambda: self.storage.renew_claims(held, seconds=self.claim_seconds, now=time.time())
            )
        except DatabaseFault:
            metrics.renewed("failed", len(held))
            raise
        metrics.renewed("held", len(kept))
        for game_id, version in held:
            if (game_id, version) in kept or (game_id, version) not in self.held:
                continue  # held, or its think is over and commits
            metrics.renewed("gone", 1)
            self.held.discard((game_id, version))
            if self.thinking_at.get(game_id) == version:
                self.thinking[game_id].cancel()

    async def _release_claims(self) -> None:
        """Gives back the turns claimed here whose think failed; those the database does not take
        yet stay for the next sweep."""
        for game_id, version in list(self.unreleased):
            with contextlib.suppress(DatabaseFault):
                await to_thread.run_sync(
                    functools.partial(self.storage.release, game_id, version=version)
                )
                self.unreleased.discard((game_id, version))

    async def sweep(self) -> None:
        """A round, at a start and then from time to time: the computer takes up every game where
        it is to move and no live process holds its turn."""
        await self._release_claims()
        for game_id in await to_thread.run_sync(
            functools.partial(self.storage.unclaimed_with_computer, now=time.time())
        ):
            with contextlib.suppress(WebError):
                self.start_thinking(await self.rooms.read(game_id))

    async def hint(self, asker: Asker, game_id: str) -> None:
        """Starts thinking of the best move for the asker's side, if the round allows it (fair
        play); its answer comes when it is ready, and the socket's other messages go on
        meanwhile. One hint at a time a socket, a few a minute an address, on the hints' own
        threads and shortened when they are busy."""
        live = await self.rooms.act(game_id, None, Person(asker.sides), Hint(), now=time.time())
        if asker.hinting:
            raise WebError("web.hint_pending")
        self.hints.take(asker.address)
        asker.hinting = True
        task = asyncio.get_running_loop().create_task(self._hint(asker, live))
        self.hint_tasks.add(task)
        task.add_done_callback(self.hint_tasks.discard)

    async def _hint(self, asker: Asker, live: Round) -> None:
        game, position = live.state.game, live.state.position
        analyse = functools.partial(move_values, game, position)
        try:
            # An engine's hint thinks in a process of its own, as its computer's turns do.
            values = await self.workers.hint(analyse, engine=game.analyst.is_timed)
            if not values:
                raise WebError("web.no_hint")
        except DameroError as error:
            asker.refuse(error)
            return
        finally:
            asker.hinting = False
        move, value = values[0]
        meaning = asker.catalog.say(describe_value(game, value, position.side_to_move))
        text = game.format_move(move)
        asker.send(
            {
                "type": "hint",
                "version": live.version,
                "move": text,
                "cells": targets_clicked(game, position).get(text, []),
                "message": asker.catalog.text("analysis.hint", move=text, meaning=meaning),
            }
        )

    async def start(self) -> None:
        """Plays the computer's turns from now on: on SQLite, the only process of its database,
        every claim was a dead predecessor's and is given back at once; then the sweep comes
        every `sweep_seconds`, and the claims of the thinks under way are renewed every
        `renew_seconds`."""
        if not self.storage.is_shared:
            with contextlib.suppress(DatabaseFault):
                await to_thread.run_sync(self.storage.release_every_claim)
        self.rooms.scheduler.every(self.sweep_seconds, self.sweep)
        self.rooms.scheduler.every(self.renew_seconds, self.hold_claims)

    async def finish(self, seconds: float) -> None:
        """This process stops: it takes no new turn, lets the thinks under way end and commit
        their moves for at most `seconds` (a think stops at 2), then stops the rest and gives
        their turns back, announced, so that another process plays them at once."""
        self.stopping = True
        for task in self.hint_tasks:
            task.cancel()
        running = [task for task in self.thinking.values() if not task.done()]
        if running:
            _, late = await asyncio.wait(running, timeout=seconds)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
        await self._release_claims()

    def close(self) -> None:
        for task in [*self.thinking.values(), *self.hint_tasks]:
            task.cancel()
        self.workers.close()
