"""Players' accounts: the names and passwords the site takes, passwords hashed with Argon2id, and
sessions as random ids the database keeps, so that every server knows every log-in and log-out.

A log-in is counted before its password is looked at, from its address and for the name given
(whether or not an account has it), in the database: past the limit every server refuses it alike.
A name nobody has is answered after the same work as a wrong password (a dummy hash is checked),
so neither the answer nor its time tells whether the name exists.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from anyio import to_thread
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn.frequency_lists import FREQUENCY_LISTS

from damero.ratings import START_RATING
from damero.round import Player
from damero.web.checks import WebError
from damero.web.limits import DEFAULT_LIMITS, Limits
from damero.web.storage import Account, Storage, hash_token, holder_of

NAME = re.compile(r"[A-Za-z0-9_-]{3,20}")
"""An account's name: 3 to 20 letters, digits, `_` or `-`; no two differ by case alone."""
SHORTEST_PASSWORD = 8
LONGEST_PASSWORD = 256
"""Characters: long enough for any passphrase, short enough that nobody makes the server hash
megabytes."""
COMMON_PASSWORDS = frozenset(FREQUENCY_LISTS["passwords"])
"""The 30,000 passwords people choose most often, as zxcvbn ships them (from leaked sets), in
lower case: refused whatever their case."""

HASHER = PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)
"""Argon2id with OWASP's first recommended parameters (19 MiB, two passes, one lane): about 40 ms
on one core. A hash made with other parameters is made again at its owner's next log-in."""
HASHES_AT_ONCE = 2
"""Hashes computed at a time by one server; more wait, so that a flood of log-ins never takes
more than this many cores and this many times 19 MiB."""

SESSION_BYTES = 32
SESSION_IDLE = 30 * 86400.0
"""A session not used for 30 days has ended."""
SESSION_LIFETIME = 365 * 86400.0
"""Nor does any session last more than a year from its log-in."""


def check_name(name: object) -> str:
    """`name` if an account may be called so; WebError saying what a name may be, else."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise WebError("account.bad_name")
    return name


def check_password(password: object, name: str) -> str:
    """`password` if it may be an account's; WebError saying why not, else."""
    if not isinstance(password, str) or len(password) < SHORTEST_PASSWORD:
        raise WebError("account.short_password", least=SHORTEST_PASSWORD)
    if len(password) > LONGEST_PASSWORD:
        raise WebError("account.long_password", most=LONGEST_PASSWORD)
    if password.lower() in COMMON_PASSWORDS:
        raise WebError("account.common_password")
    if password.lower() == name.lower():
        raise WebError("account.password_is_name")
    return password


GUEST_NAME_LENGTH = 20


def check_guest_name(name: object) -> str:
    """A name typed for an anonymous seat, trimmed: 1 to 20 characters that print (any
    language's, spaces inside); WebError else. It is shown as text, marked as no account."""
    if not isinstance(name, str):
        raise WebError("account.bad_guest_name", most=GUEST_NAME_LENGTH)
    name = " ".join(name.split())
    if not 0 < len(name) <= GUEST_NAME_LENGTH or not name.isprintable():
        raise WebError("account.bad_guest_name", most=GUEST_NAME_LENGTH)
    return name


def new_session_id() -> str:
    """A session's id: 256 random bits, known only to the browser it is given to."""
    return secrets.token_urlsafe(SESSION_BYTES)


@dataclass(frozen=True, slots=True)
class LoggedIn:
    """An account and the id of the session just started for it, for the browser's cookie."""

    account: Account
    session_id: str


class Accounts:
    """Signs players up, logs them in and out, changes and checks their passwords, over `storage`."""

    def __init__(
        self,
        storage: Storage,
        *,
        limits: Limits = DEFAULT_LIMITS,
        hasher: PasswordHasher = HASHER,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.limits = limits
        self.hasher = hasher
        self.clock = clock
        self.hashing = asyncio.Semaphore(HASHES_AT_ONCE)
        self.dummy = hasher.hash(secrets.token_urlsafe(16))
        """Checked against when no account has the name given, to take a real check's time."""

    async def _hash(self, work: Callable[..., Any], *arguments: Any) -> Any:
        async with self.hashing:
            return await to_thread.run_sync(work, *arguments)

    async def _store(self, work: Callable[..., Any], *arguments: Any, **options: Any) -> Any:
        return await to_thread.run_sync(lambda: work(*arguments, **options))

    async def _count(self, key: str, most: int) -> None:
        """Counts an attempt under `key`; WebError (429) if there have been more than `most`
        in the window running."""
        window = self.limits.log_in_window
        count = await self._store(self.storage.count_attempt, key, window=window, now=self.clock())
        if count > most:
            raise WebError("account.too_many", minutes=max(1, round(window / 60)))

    async def _start(self, account: Account, ending: str | None) -> LoggedIn:
        session_id = new_session_id()
        await self._store(
            self.storage.start_session,
            hash_token(session_id),
            account.id,
            now=self.clock(),
            ending=None if ending is None else hash_token(ending),
        )
        return LoggedIn(account, session_id)

    async def sign_up(
        self, name: object, password: object, *, address: str, ending: str | None = None
    ) -> LoggedIn:
        """A new account, logged in: WebError if the name or password will not do, or the name is
        taken (`account.name_taken`), or this address has made too many lately."""
        name = check_name(name)
        password = check_password(password, name)
        await self._count(f"sign-up:{address}", self.limits.sign_ups_per_address)
        hashed = await self._hash(self.hasher.hash, password)
        account = await self._store(self.storage.create_account, name, hashed, now=self.clock())
        if account is None:
            raise WebError("account.name_taken", name=name)
        return await self._start(account, ending)

    async def log_in(
        self, name: object, password: object, *, address: str, ending: str | None = None
    ) -> LoggedIn:
        """The account called `name`, logged in with a new session (the browser's session before,
        `ending`, ends): WebError `account.wrong` for a wrong name or password alike, and
        `account.too_many` past the limits."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise WebError("account.wrong")
        account = await self._check(name[:40], password, address=address)
        return await self._start(account, ending)

    async def _check(self, name: str, password: str, *, address: str) -> Account:
        """The account if `password` is its own; WebError `account.wrong` else. Counted."""
        await self._count(f"address:{address}", self.limits.log_ins_per_address)
        await self._count(f"name:{name.lower()}", self.limits.log_ins_per_name)
        found = await self._store(self.storage.find_account, name)
        hashed = self.dummy if found is None else found[1]
        matches = await self._hash(self._verify, hashed, password[:LONGEST_PASSWORD])
        if found is None or not matches:
            raise WebError("account.wrong")
        account: Account = found[0]
        await self._store(self.storage.forget_attempts, f"name:{name.lower()}")
        if self.hasher.check_needs_rehash(hashed):
            rehashed = await self._hash(self.hasher.hash, password)
            await self._store(self.storage.set_password, account.id, rehashed)
        return account

    def _verify(self, hashed: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(hashed, password))
        except (VerificationError, InvalidHashError):
            return False

    async def log_out(self, session_id: str) -> None:
        await self._store(self.storage.end_session, hash_token(session_id))

    async def account_of(self, session_id: str | None) -> Account | None:
        """The account whose live session has this id, or None."""
        if session_id is None:
            return None
        found: Account | None = await self._store(
            self.storage.session_account,
            hash_token(session_id),
            now=self.clock(),
            idle=SESSION_IDLE,
            lifetime=SESSION_LIFETIME,
        )
        return found

    async def player(self, session_id: str | None, *, guest: object, game: str) -> Player | None:
        """Who takes a seat in `game` (a rating game, `othello-8`) with this session: see
        `player_of`."""
        return await self.player_of(await self.account_of(session_id), guest=guest, game=game)

    async def player_of(
        self, account: Account | None, *, guest: object, game: str
    ) -> Player | None:
        """Who takes a seat in `game`: the account logged in, with its rating there, else the name
        typed for the seat (`guest`, if any), else nobody named."""
        if account is None:
            return None if guest is None else Player(check_guest_name(guest))
        rated = await self._store(self.storage.rating_of, holder_of(account.id), game)
        rating = START_RATING if rated is None else rated.rating.rating
        return Player(account.name, account.id, rating)

    async def change_password(
        self, account: Account, current: object, new: object, *, address: str
    ) -> LoggedIn:
        """Sets a new password once the current one is given, ends every session of the account
        (on every browser) and starts a new one for the browser that asked."""
        new = check_password(new, account.name)
        await self._confirm(account, current, address=address)
        hashed = await self._hash(self.hasher.hash, new)
        await self._store(self.storage.set_password, account.id, hashed)
        await self._store(self.storage.end_sessions, account.id)
        return await self._start(account, None)

    async def delete(self, account: Account, password: object, *, address: str) -> None:
        """Deletes the account once its password is given: its sessions and ratings go, its
        games stay under "a deleted player"."""
        await self._confirm(account, password, address=address)
        await self._store(self.storage.delete_account, account.id)

    async def _confirm(self, account: Account, password: object, *, address: str) -> None:
        """Nothing if `password` is the account's own; WebError `account.wrong_password` else.
        Counted as a log-in, so that it cannot be used to guess the password faster."""
        if not isinstance(password, str):
            raise WebError("account.wrong_password")
        try:
            await self._check(account.name, password, address=address)
        except WebError as error:
            if error.message.key == "account.wrong":
                raise WebError("account.wrong_password") from None
            raise

    async def sweep(self) -> None:
        """Forgets ended sessions and attempts whose window has passed."""
        now = self.clock()
        await self._store(
            self.storage.sweep_accounts,
            sessions_before=now - SESSION_IDLE,
            attempts_before=now - self.limits.log_in_window,
        )
