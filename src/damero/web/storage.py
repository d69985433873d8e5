"""Where the server keeps its games: one schema behind SQLAlchemy Core, for SQLite or PostgreSQL.

The app speaks to a `Storage` only; no SQL is written anywhere else. A game is its start
position as text, its moves as the texts players type, and a version that grows with every
change, so that a commit can check it has not moved on (two writers: exactly one wins).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import itertools
import json
import logging
import operator
import os
import queue
import re
import secrets
import select
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from damero.core import Message
from damero.errors import DameroError
from damero.ratings import PERIOD_DAYS, START_RATING, Rating, rate_game
from damero.round import Player
from damero.web.jsontext import compact_json
from damero.web.levels import measured_rating, rating_game

LOG = logging.getLogger("damero.web")

METADATA = sa.MetaData()

SCHEMA = sa.Table(
    "damero_schema",
    METADATA,
    sa.Column("version", sa.Integer, nullable=False),
)

GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("start", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("move_count", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("first_token", sa.String(64)),
    sa.Column("second_token", sa.String(64)),
    sa.Column("first_level", sa.Integer),
    sa.Column("second_level", sa.Integer),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("claimed_until", sa.Float),
    sa.Column("mode", sa.String(16)),
    sa.Column("round", sa.Text),
    sa.Column("falls_at", sa.Float),
    sa.Column("moved_at", sa.Float),
    sa.Column("claimant", sa.String(64)),
    sa.Column("first_gone", sa.Float),
    sa.Column("second_gone", sa.Float),
    sa.Column("attendance", sa.Integer),
    sa.Column("rated", sa.Boolean),
    sa.Column("rating_low", sa.Integer),
    sa.Column("rating_high", sa.Integer),
    sa.Column("winner", sa.String(8)),
    sa.Column("ending", sa.String(16)),
    sa.Index("games_open", "finished", "created"),
)
ROUND_COLUMNS = ("mode", "round", "falls_at", "moved_at", "claimant")
"""Added by the second migration: how the game was offered (a friend's link, an open seat), what
the players and the clock added to the moves (as JSON: result, offers, clock, the rematch), when
a running clock falls, when the game last changed, and which process holds the computer's turn."""
PRESENCE_COLUMNS = ("first_gone", "second_gone", "attendance")
"""Added by the third migration: since when each side has had no page open on the game anywhere
(NULL while one is open, or if none ever was), and how many times where the players are has
changed, so that a process applies only news newer than it holds."""
GONE = (GAMES.c.first_gone, GAMES.c.second_gone)

MOVES = sa.Table(
    "moves",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("text", sa.String(64), nullable=False),
)

RATED_COLUMNS = ("rated", "rating_low", "rating_high", "winner", "ending")
"""Added with the accounts: whether a game counts for its players' ratings, the ratings an open
seat asks of whoever takes it, and once it has ended its winner ('first', 'second' or 'draw') and
why, so that a player's games are listed with their results without replaying them."""

ACCOUNTS = sa.Table(
    "accounts",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(20), nullable=False),
    sa.Column("name_key", sa.String(20), nullable=False, unique=True),
    sa.Column("password", sa.String(200), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
"""A player's account: the name as chosen, the same in lower case (unique: no two names differ
by case alone), and the password's Argon2id hash, which holds its own salt and parameters."""

SESSIONS = sa.Table(
    "sessions",
    METADATA,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column(
        "account_id",
        sa.Integer,
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("seen", sa.Float, nullable=False),
)
"""A logged-in browser: the hash of its cookie's random id (the id itself is never stored), whose
account it is, and when it logged in and was last seen."""

ATTEMPTS = sa.Table(
    "attempts",
    METADATA,
    sa.Column("key", sa.String(100), primary_key=True),
    sa.Column("since", sa.Float, nullable=False),
    sa.Column("count", sa.Integer, nullable=False),
)
"""How many log-ins (or sign-ups) were tried from an address, or for a name, since `since`: in
the database, so that every server counts the same attempts."""

RATINGS = sa.Table(
    "ratings",
    METADATA,
    sa.Column("holder", sa.String(24), primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("played", sa.Float, nullable=False),
)
"""A Glicko-2 rating in one game (`othello-8`, `catmouse`) of an account (`account:ID`) or of
the computer at a level (`level:N`), how many rated games made it, and when the last ended."""

SEATS = sa.Table(
    "seats",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("side", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="SET NULL")),
    sa.Column("name", sa.String(40)),
    sa.Column("is_account", sa.Boolean, nullable=False),
    sa.Column("rating", sa.Float),
    sa.Column("rating_after", sa.Float),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("seats_of_account", "account_id", "created"),
)
"""Who sat at a side of a game, where that person gave a name: an account (its name, its rating
when it sat down and after a rated game ended) or a name typed for an anonymous seat. A deleted
account's seats stay, with neither account nor name: "a deleted player". `created` is the game's,
so that a player's games are read newest first from the index alone."""


PRESENCE = sa.Table(
    "presence",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("side", sa.Integer, primary_key=True),
    sa.Column("process", sa.String(64), primary_key=True),
)
"""Which server processes hold a page open on each side of a game: a row while one does."""


def _create_first_tables(connection: Connection) -> None:
    for table in (GAMES, MOVES):
        table.create(connection)


def _add_columns(connection: Connection, names: Sequence[str]) -> None:
    """The columns `names` of GAMES, on a database an earlier migration made before they were in
    GAMES (the first migration now makes them itself)."""
    present = {column["name"] for column in sa.inspect(connection).get_columns("games")}
    for name in names:
        if name in present:
            continue
        column = GAMES.c[name]
        kind = column.type.compile(dialect=connection.dialect)
        connection.execute(sa.text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))


def _add_round_columns(connection: Connection) -> None:
    _add_columns(connection, ROUND_COLUMNS)
    connection.execute(sa.text("CREATE INDEX games_falling ON games (falls_at)"))


def _add_presence(connection: Connection) -> None:
    _add_columns(connection, PRESENCE_COLUMNS)
    PRESENCE.create(connection, checkfirst=True)


def _add_players(connection: Connection) -> None:
    """Accounts, their sessions, the log-in attempts counted, ratings and the players' seats."""
    _add_columns(connection, RATED_COLUMNS)
    for table in (ACCOUNTS, SESSIONS, ATTEMPTS, RATINGS, SEATS):
        table.create(connection, checkfirst=True)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _create_first_tables,
    _add_round_columns,
    _add_presence,
    _add_players,
)
"""Migration k brings a database from schema version k to k + 1; the same on every database."""


def hash_token(token: str) -> str:
    """What is stored of a seat's secret: a reader of the database cannot move for anyone."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Seat:
    """Who holds a side: a person with a token (kept hashed), or the computer at a level."""

    token_hash: str | None = None
    level: int | None = None


@dataclass(frozen=True, slots=True)
class Attendance:
    """Where a game's players are, as the database says: for each side whether a server process
    holds a page of theirs open (`here`), and if not since when the last one closed
    (`gone_since`, None if none ever was); `version` grows with each change of it."""

    game_id: str
    here: tuple[bool, bool] = (False, False)
    gone_since: tuple[float | None, float | None] = (None, None)
    version: int = 0


@dataclass(frozen=True, slots=True)
class Attending:
    """This process's pages on one side (0 first, 1 second) of a game: the first opened
    (`here`), or the last closed, at `at`."""

    game_id: str
    side: int
    here: bool
    at: float


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: which game and options, where it started, the moves and the version."""

    id: str
    game: str
    options: Mapping[str, int]
    start: str
    moves: tuple[str, ...]
    version: int
    finished: bool
    seats: tuple[Seat, Seat]
    created: float
    mode: str = "local"
    round: str | None = None
    """What the players and the clock added to the moves, as the app writes it (JSON)."""
    falls_at: float | None = None
    """When the running clock's time runs out, if one runs."""
    attendance: Attendance | None = None
    """Where its players are, as read with it (None for a game not yet stored)."""
    players: tuple[Player | None, Player | None] = (None, None)
    """Who sits at each side, where they gave a name."""
    rated: bool = False
    rating_range: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Account:
    """A player's account as the site shows it: its number, its name as chosen, when it was made."""

    id: int
    name: str
    created: float


@dataclass(frozen=True, slots=True)
class Rated:
    """A rating held in one game, with how many rated games made it and when the last ended."""

    rating: Rating
    games: int = 0
    played: float = 0.0


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One of a player's games, as their page lists it: which game, when, the player's side and
    their opponent, and once over who won and why, and the player's rating before and after."""

    id: str
    game: str
    options: Mapping[str, int]
    created: float
    side: int
    opponent: Player | None
    """Who sat at the other side, if they gave a name; None also for the computer."""
    opponent_level: int | None
    finished: bool
    rated: bool
    winner: str | None
    ending: str | None
    rating: float | None
    rating_after: float | None


class StorageError(DameroError):
    """A database that cannot be opened or prepared: the message says which and why."""


class DatabaseFault(DameroError):
    """The database failed a read or a write (full, unreachable, damaged, busy): nothing of that
    transaction was kept. `why` says which in words; the server goes on and tries again later."""

    def __init__(self, why: Message) -> None:
        super().__init__("web.database_fault", why=why)
        self.why = why


_FAULTS = (
    ("database or disk is full", "web.db_full"),
    ("disk full", "web.db_full"),
    ("no space left", "web.db_full"),
    ("disk i/o error", "web.db_unwritable"),
    ("file too large", "web.db_unwritable"),
    ("malformed", "web.db_damaged"),
    ("not a database", "web.db_damaged"),
    ("database is locked", "web.db_busy"),
    ("readonly", "web.db_unwritable"),
    ("read-only", "web.db_unwritable"),
)


def fault_of(error: sa.exc.SQLAlchemyError | psycopg.Error | sqlite3.Error) -> DatabaseFault:
    """The fault `error` means, in words a player is told; a lost or refused connection is
    "unreachable". The database's own words, which may name hosts, go to the server's log only."""
    text = str(getattr(error, "orig", None) or error).strip()
    lowered = text.lower()
    key = next((key for words, key in _FAULTS if words in lowered), None)
    if key is None:
        disconnected = getattr(error, "connection_invalidated", False) or isinstance(
            error,
            sa.exc.OperationalError
            | sa.exc.InterfaceError
            | sa.exc.DisconnectionError
            | psycopg.OperationalError
            | psycopg.InterfaceError
            | sqlite3.OperationalError
            | sqlite3.InterfaceError,
        )
        key = "web.db_unreachable" if disconnected else "web.db_failed"
    LOG.warning("database fault (%s): %s", key, text.splitlines()[0][:300] if text else type(error))
    return DatabaseFault(Message(key))


@dataclass(frozen=True, slots=True)
class Change:
    """A game moved from `version` to the next: moves from number `first` on become `moves`
    (a move played appends; an undo keeps fewer and adds none)."""

    game_id: str
    version: int
    first: int
    moves: tuple[str, ...]
    finished: bool
    is_take_back: bool = False
    round: str | None = None
    falls_at: float | None = None
    moved_at: float = 0.0
    joined: tuple[int, str] | None = None
    """An open seat taken: the side's index (0 first, 1 second) and its person's token, hashed."""
    forced: int = 0
    """How many of the game's last moves the rules made on their own, for the processes that
    follow the change to say so; not stored."""
    gone: tuple[int, float] | None = None
    """A claim's condition: the change goes in only if that side (0 first, 1 second) has had no
    page open on any process since that instant or before. Not announced."""
    rematch: StoredGame | None = None
    """The rematch this change agrees: stored with the change, in its transaction, or not at
    all. Not announced (nobody holds it yet)."""
    seated: tuple[tuple[int, str | None, int | None, float | None], ...] = ()
    """Names put on seats: each side's index, and the name, account and rating of who sits there."""
    result: tuple[str, str] | None = None
    """The winner ('first', 'second' or 'draw') and the ending, when the change ends the game:
    stored, and the ratings changed, in its transaction."""


@dataclass(frozen=True, slots=True)
class Pointer:
    """A change announced only by its game and new version (too long to send): read the game."""

    game_id: str
    version: int


@dataclass(frozen=True, slots=True)
class Released:
    """A process gave back the computer's turn at `version` unplayed (it stopped, or its think
    failed): a process holding the game takes it up at once rather than at its next sweep."""

    game_id: str
    version: int


@dataclass(frozen=True, slots=True)
class Said:
    """A player's short message (a key of the fixed list) to a game's pages, taken by the process
    `process`: announced to the other processes for their pages, never stored."""

    game_id: str
    side: int
    message: str
    process: str


Notice = Change | Pointer | Attendance | Released | Said
"""What another process's commit tells this one."""
Item = StoredGame | Change | Attending
"""What `Storage.write` stores: a new game, a change to one, where one's players are."""

NOTIFY_LIMIT = 7_900
"""The longest NOTIFY payload sent (PostgreSQL refuses 8,000 bytes); a longer change is sent as
a pointer (`game_id version`), and the processes hearing it read the game."""


_UNANNOUNCED = ("gone", "rematch")
_ANNOUNCED = tuple(
    field.name for field in dataclasses.fields(Change) if field.name not in _UNANNOUNCED
)
_NOTICE_FIELDS = ("by", *_ANNOUNCED)
_announced_values = operator.attrgetter(*_ANNOUNCED)
"""A change's announced fields in one call: a notice is written at every move."""


def format_notice(item: Change | Attendance | Released | Said, *, by: str = "") -> str:
    """What a commit tells the other processes: a change whole, so that they follow it without
    reading the game, or only its game and new version if that is too long; where a game's
    players now are; a computer's turn given back. A change begins with the key of the process
    `by` that made it, which skips it unread (`own_notices`)."""
    if isinstance(item, Attendance):  # at every page opened or closed: no `asdict`, which copies
        seen = {"game_id": item.game_id, "here": item.here, "gone_since": item.gone_since}
        return compact_json({"attendance": seen | {"version": item.version}})
    if isinstance(item, Released | Said):
        name = {Released: "released", Said: "said"}[type(item)]
        return json.dumps({name: dataclasses.asdict(item)}, separators=(",", ":"))
    text = compact_json(dict(zip(_NOTICE_FIELDS, (by, *_announced_values(item)), strict=True)))
    if len(text) <= NOTIFY_LIMIT // 4 or len(text.encode("utf-8")) <= NOTIFY_LIMIT:
        return text  # (no character takes more than four bytes)
    return f"{item.game_id} {item.version + 1}"


def parse_notice(text: str) -> Notice:
    """The notice `format_notice` wrote. A change's fields that this release does not know (a
    newer server's, while servers are updated one by one) are left out."""
    if not text.startswith("{"):
        game_id, _, version = text.partition(" ")
        return Pointer(game_id, int(version))
    fields = json.loads(text)
    if "moves" in fields:  # a change, nearly every notice: its fields taken by name, no copies
        get = fields.get
        joined, seated, result = fields["joined"], fields["seated"], fields["result"]
        return Change(
            fields["game_id"],
            fields["version"],
            fields["first"],
            tuple(fields["moves"]),
            fields["finished"],
            is_take_back=get("is_take_back", False),
            round=get("round"),
            falls_at=get("falls_at"),
            moved_at=get("moved_at", 0.0),
            joined=None if joined is None else tuple(joined),
            forced=get("forced", 0),
            seated=tuple(map(tuple, seated)) if seated else (),
            result=None if result is None else tuple(result),
        )
    if "said" in fields:
        return Said(**fields["said"])
    if "released" in fields:
        return Released(fields["released"]["game_id"], fields["released"]["version"])
    seen = fields["attendance"]
    return Attendance(
        seen["game_id"], tuple(seen["here"]), tuple(seen["gone_since"]), seen["version"]
    )


def own_notices(process_key: str) -> str:
    """How every change that the process `process_key` announces begins."""
    return '{"by":' + json.dumps(process_key) + ","


Heard = Callable[[list[Notice]], None]
"""Told of other processes' commits, those that came in together at once, in their order."""

CONNECT_SECONDS = 10


def default_url() -> str:
    """SQLite in the user's data folder ($XDG_DATA_HOME/damero, else ~/.local/share/damero)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "damero"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.sqlite3'}"


def _engine(url: str, process_key: str) -> sa.Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _durable(connection: Any, record: Any) -> None:
            # WAL lets readers go on beside the writer; FULL syncs every commit to the disk.
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    # A database that does not answer is a fault within seconds, not a request held for minutes.
    # Every connection carries the process's key, by which the others see it is alive.
    return sa.create_engine(
        url,
        pool_size=10,
        max_overflow=20,
        pool_pre_ping=True,
        connect_args={"connect_timeout": CONNECT_SECONDS, "application_name": process_key},
    )


def new_process_key() -> str:
    """A name for this process among the servers of one database (its pid, to find it by)."""
    return f"damero-{os.getpid()}-{secrets.token_hex(6)}"


class Storage:
    """The games of one database; every method is one transaction and may be called from any thread.

    A method whose transaction fails raises DatabaseFault, and nothing of it is kept; the next
    call tries the database afresh (a pool's broken connections are replaced), so a server goes
    on once the database is back."""

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        """The database at `url`, checked and (unless `migrate` is False) brought to the current
        schema; StorageError saying why it cannot be used."""
        self.loads = 0
        self.faults = 0
        """How many transactions the database failed, for the operator's measures."""
        self.migrated_from: int | None = None
        """The schema's version before this storage migrated it (None if it did not)."""
        """How many games this storage has read: a process follows the others' moves without."""
        self._writer: Connection | None = None
        self._writer_guard = threading.Lock()
        self._reader: Connection | None = None
        self._reader_guard = threading.Lock()
        self._loop_writers: list[LoopWriter] = []
        self.process_key = new_process_key()
        """Whose claims and pages are this process's. On PostgreSQL every connection of the
        process carries it as its application name: a process is alive while PostgreSQL holds
        a connection of it, so the claims and pages of one that died are free at once."""
        try:
            self.engine = _engine(url, self.process_key)
        except (sa.exc.SQLAlchemyError, ValueError, ImportError) as error:
            reason = (
                str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            )
            raise StorageError("web.no_database", url=url, why=reason[:200]) from None
        shown = self.describe()
        in_memory = self.engine.url.database in (None, "", ":memory:")
        if self.engine.dialect.name == "sqlite" and in_memory:
            raise StorageError("web.memory_database", url=shown)
        try:
            self.check()
            if migrate:
                self.migrate()
        except DatabaseFault as fault:
            self.engine.dispose()
            raise StorageError("web.no_database", url=shown, why=fault.why) from None

    def describe(self) -> str:
        """The database's URL without its password, to show."""
        return self.engine.url.render_as_string(hide_password=True)

    @staticmethod
    def shown(url: str) -> str:
        """`url` without its password, to show, without opening it."""
        try:
            return sa.engine.make_url(url).render_as_string(hide_password=True)
        except sa.exc.ArgumentError:
            return "(not a database's address)"

    def close(self) -> None:
        for writer in self._loop_writers:
            writer.close()
        with self._writer_guard:
            self._drop_writer()
        with self._reader_guard:
            self._drop_reader()
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as connection:
                yield connection
        except sa.exc.SQLAlchemyError as error:
            self.faults += 1
            raise fault_of(error) from None

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A write's transaction, by SQLAlchemy, on the connection kept for the writes."""
        with self._kept_writer() as writer, writer.begin():
            yield writer

    @contextmanager
    def _kept_writer(self) -> Iterator[Connection]:
        """The one connection kept for the writes, not one taken from the pool each time (and
        pinged, on PostgreSQL), which cost a move's write three times the database's work; a kept
        connection the server closed (it is readable while idle) or one that failed is replaced
        before the next write, and its fault told in words."""
        with self._writer_guard:
            try:
                self._writer = _kept(self._writer, self.engine)
                yield self._writer
            except (sa.exc.SQLAlchemyError, psycopg.Error, sqlite3.Error) as error:
                self.faults += 1
                self._drop_writer()
                raise fault_of(error) from None

    def _drop_writer(self) -> None:
        writer, self._writer = self._writer, None
        _drop(writer)

    def _drop_reader(self) -> None:
        reader, self._reader = self._reader, None
        _drop(reader)

    def check(self) -> None:
        """Refuses a damaged SQLite file before anything is served from it (DatabaseFault).

        `quick_check` reads every page once, a second for a file of many thousands of games;
        PostgreSQL keeps its own files whole, so there is nothing to check there."""
        if self.engine.dialect.name != "sqlite":
            return
        with self._transaction() as connection:
            problems = connection.exec_driver_sql("PRAGMA quick_check").scalars().all()
        if problems != ["ok"]:
            LOG.warning("damaged database: %s", "; ".join(problems)[:300])
            raise DatabaseFault(Message("web.db_damaged"))

    def migrate(self) -> int:
        """Brings the schema to the latest version; returns that version."""
        with self._transaction() as connection:
            if connection.dialect.name == "postgresql":
                # One process migrates at a time; the others wait and find it done.
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(4242)"))
            SCHEMA.create(connection, checkfirst=True)
            current = connection.execute(sa.select(SCHEMA.c.version)).scalar()
            if current is None:
                connection.execute(SCHEMA.insert().values(version=0))
                current = 0
            self.migrated_from = current
            for number in range(current, len(MIGRATIONS)):
                MIGRATIONS[number](connection)
            connection.execute(SCHEMA.update().values(version=len(MIGRATIONS)))
        return len(MIGRATIONS)

    def schema_version(self) -> int:
        """The version of the schema the database holds (0 for an empty database)."""
        with self._transaction() as connection:
            if not sa.inspect(connection).has_table(SCHEMA.name):
                return 0
            return int(connection.execute(sa.select(SCHEMA.c.version)).scalar() or 0)

    def ready(self) -> None:
        """Answers if the database answers and holds the current schema; DatabaseFault saying
        why not. Cheap enough to be asked every second: one row read, no warning logged."""
        try:
            with self.engine.connect() as connection:
                version = connection.execute(sa.select(SCHEMA.c.version)).scalar()
        except sa.exc.SQLAlchemyError as error:
            LOG.debug("not ready: %s", str(error).splitlines()[0][:300] if str(error) else error)
            raise DatabaseFault(Message("web.db_unreachable")) from None
        if version != len(MIGRATIONS):
            raise DatabaseFault(Message("web.db_old_schema", {"version": version or 0}))

    def counts(self) -> tuple[int, int]:
        """How many games the database holds, and how many of them are over."""
        with self._transaction() as connection:
            total, over = connection.execute(
                sa.select(sa.func.count(), sa.func.count().filter(GAMES.c.finished))
            ).one()
        return int(total), int(over)

    def backup(self, path: Path) -> None:
        """Copies a SQLite database, while servers use it, into a new file at `path` through
        SQLite's online backup, synced to the disk; the file appears only once whole.
        FileExistsError if `path` exists: a backup never replaces a file."""
        assert self.engine.dialect.name == "sqlite"
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        try:
            _sqlite_copy(self.engine, into=partial)
            os.link(partial, path)  # never over an existing file
            _sync_folder(path.parent)
        finally:
            partial.unlink(missing_ok=True)

    def restore(self, path: Path) -> None:
        """Replaces this SQLite database's games with those of the backup at `path` (through
        SQLite's online backup, in one transaction), then brings its schema up to date. The
        backup is only read. StorageError if it is not a whole damero database."""
        assert self.engine.dialect.name == "sqlite"
        try:
            source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error as error:
            raise StorageError("db.not_a_backup", path=str(path), why=str(error)) from None
        try:
            checked = source.execute("PRAGMA quick_check").fetchall()
            schema = source.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
                (SCHEMA.name,),
            ).fetchone()
            if checked != [("ok",)] or schema != (1,):
                why = "; ".join(row[0] for row in checked) if checked != [("ok",)] else ""
                raise StorageError("db.not_a_backup", path=str(path), why=why or SCHEMA.name)
            with self.engine.connect() as connection:
                target = connection.connection.driver_connection
                assert isinstance(target, sqlite3.Connection)
                source.backup(target)
        except sqlite3.Error as error:
            raise StorageError("db.not_a_backup", path=str(path), why=str(error)) from None
        finally:
            source.close()
        self.engine.dispose()
        try:
            self.check()
            self.migrate()
        except DatabaseFault as fault:
            raise StorageError("web.no_database", url=self.describe(), why=fault.why) from None

    def load(self, game_id: str) -> StoredGame | None:
        """The game with this id and where its players are, or None if there is none.

        The game, its moves and its players come from one statement, so from one snapshot of the
        database: the version read always belongs to the moves read, whoever commits meanwhile."""
        self.loads += 1
        if self.is_shared:
            return self._load_shared(game_id)
        with self._transaction() as connection:
            rows = connection.execute(_LOAD, {"game_key": game_id}).all()
        if not rows:
            return None
        moves = tuple(row.move for row in rows if row.move is not None)
        return _stored(rows[0]._mapping, moves)

    def _load_shared(self, game_id: str) -> StoredGame | None:
        """`load` on PostgreSQL: its one statement, prepared once, on a connection kept for reads
        in autocommit (one statement is one snapshot). A pool's connection, pinged, in
        SQLAlchemy's transaction, cost a load three times the driver's work."""
        sql, values = _load_on(self.engine.dialect)
        with self._reader_guard:
            try:
                reader = _kept(self._reader, self.engine)
                driver = reader.connection.driver_connection
                assert driver is not None  # just checked open
                if reader is not self._reader:  # a new connection
                    self._reader = reader
                    driver.autocommit = True
                with driver.cursor() as cursor:
                    cursor.execute(sql, values | {"game_key": game_id}, prepare=True)
                    rows = cursor.fetchall()
                    names = [column.name for column in cursor.description or ()]
            except (sa.exc.SQLAlchemyError, psycopg.Error) as error:
                self.faults += 1
                self._drop_reader()
                raise fault_of(error) from None
        if not rows:
            return None
        move = names.index("move")
        moves = tuple(row[move] for row in rows if row[move] is not None)
        return _stored(dict(zip(names, rows[0], strict=True)), moves)

    def write(self, items: Sequence[Item]) -> list[bool | Attendance | None]:
        """Stores new games, changes and where players are in one transaction, so one sync to the
        disk serves them all; each is announced to every listening process at the commit.

        A change takes its game from `version` to the next: its moves from number `first`
        on are replaced by `moves`. A change whose game is no longer at `version` (another
        writer moved it on first), or whose claim finds the other player back, changes nothing
        and gives False; the others still go in. A page opened or closed gives where the game's
        players are now (None for a game there is not).

        The games' rows are taken in the order of their ids, the same in every process, so two
        processes' transactions never wait for each other in a circle.
        """
        order = sorted(range(len(items)), key=lambda index: _game_of(items[index]))
        shared = self.is_shared
        if all(map(is_driven, items)):
            if shared:
                return self._write_driven(items, order)  # type: ignore[arg-type]
            return self._write_driven_sqlite(items, order)  # type: ignore[arg-type]
        with self._writing() as connection:
            results: list[bool | Attendance | None] = [None] * len(items)
            rows: list[dict[str, object]] = []
            for index in order:
                item = items[index]
                result: bool | Attendance | None
                if isinstance(item, Attending):
                    result = _attend(connection, item, self.process_key)
                    if result is not None and shared:
                        # Delivered to every listening process at commit, never before.
                        self._notify(connection, result)
                elif isinstance(item, Change):
                    if shared and item.gone is None and not item.is_take_back:
                        # The update, its moves and its notice in one statement.
                        result = _apply(connection, item, notice=self._notice(item))
                    else:
                        result = _apply(connection, item)
                        if result:
                            rows += _move_rows(item.game_id, item.first, item.moves)
                            if shared:
                                self._notify(connection, item)
                    if result and item.rematch is not None:
                        _create(connection, item.rematch)
                        rows += _move_rows(item.rematch.id, 0, item.rematch.moves)
                else:
                    result = _create(connection, item)
                    rows += _move_rows(item.id, 0, item.moves)
                results[index] = result
            if rows:
                connection.exec_driver_sql(_driver_sql(connection, _ADD_MOVES), rows)
            return results

    def _write_driven(
        self, items: Sequence[Change | Attending], order: Sequence[int]
    ) -> list[bool | Attendance | None]:
        """`write` of moves alone and pages opened or closed on PostgreSQL, on the connection kept
        for writes in a transaction libpq runs, without SQLAlchemy's (a fifth of such a write).
        A move is one statement, prepared once for the connection, its values sent as text
        straight to libpq: psycopg's cursor, which adapts each value and describes each result,
        cost half of what was left. A move alone is a transaction of its own, without BEGIN and
        COMMIT."""
        results: list[bool | Attendance | None] = [None] * len(items)
        with self._kept_writer() as writer:
            driver = writer.connection.driver_connection
            assert driver is not None  # just checked open
            pgconn, encoding = driver.pgconn, driver.info.encoding
            prepared = writer.info.setdefault("prepared", set())
            if _MOVE_ON_NAME not in prepared:  # a new connection
                _checked(pgconn.prepare(_MOVE_ON_NAME, _MOVE_ON_LIBPQ), encoding)
                prepared.add(_MOVE_ON_NAME)
            alone = len(items) == 1 and isinstance(items[0], Change)
            if not alone:
                _checked(pgconn.exec_(b"BEGIN"), encoding)
            for index in order:
                item = items[index]
                if isinstance(item, Attending):
                    attendance = _attend(writer, item, self.process_key)
                    if attendance is not None:  # heard by every process at the commit
                        self._notify(writer, attendance)
                    results[index] = attendance
                    continue
                values = _move_texts(item, self._notice(item), encoding)
                stored = _checked(pgconn.exec_prepared(_MOVE_ON_NAME, values), encoding)
                results[index] = stored.ntuples == 1
            if not alone:
                _checked(pgconn.exec_(b"COMMIT"), encoding)
        return results

    def _write_driven_sqlite(
        self, items: Sequence[Change | Attending], order: Sequence[int]
    ) -> list[bool | Attendance | None]:
        """`write` of moves alone and pages opened or closed on SQLite, straight on the driver of
        the connection kept for writes, in the transaction sqlite3 begins at the first statement:
        SQLAlchemy's transaction, and its running of each statement, cost a write of one move as
        much again as the driver's work and the sync to the disk together."""
        results: list[bool | Attendance | None] = [None] * len(items)
        rows: list[dict[str, object]] = []
        with self._kept_writer() as writer:
            driver = writer.connection.driver_connection
            assert isinstance(driver, sqlite3.Connection)  # just checked open
            move_on = _driver_sql(writer, _MOVE_ON_NOW)
            try:
                cursor = driver.cursor()
                for index in order:
                    item = items[index]
                    if isinstance(item, Attending):
                        results[index] = _attend(writer, item, self.process_key)
                        continue
                    moved = cursor.execute(move_on, _move_values(item)).rowcount == 1
                    if moved:
                        rows += _move_rows(item.game_id, item.first, item.moves)
                    results[index] = moved
                if rows:
                    cursor.executemany(_driver_sql(writer, _ADD_MOVES), rows)
                driver.commit()
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    driver.rollback()
                raise
        return results

    def loop_writer(self) -> LoopWriter:
        """A connection of its own for the moves an event loop writes itself (`LoopWriter`), on
        PostgreSQL. Opens it, and prepares its statement: call it from a thread. DatabaseFault if
        the database cannot be reached."""
        assert self.is_shared
        try:
            connection = self.engine.connect()
            writer = LoopWriter(self, connection)
        except (sa.exc.SQLAlchemyError, psycopg.Error) as error:
            raise fault_of(error) from None
        self._loop_writers = [kept for kept in self._loop_writers if kept.open] + [writer]
        return writer

    def _notice(self, item: Change | Attendance) -> str:
        return format_notice(item, by=self.process_key)

    def _notify(self, connection: Connection, item: Change | Attendance) -> None:
        _driven(connection, _NOTIFY_NOW, {"channel": CHANNEL, "payload": self._notice(item)})

    def claim(self, game_id: str, *, version: int, seconds: float, now: float) -> bool:
        """Takes the computer's turn at `version` for `seconds` (from `now`), unless another live
        process holds it; the commit of the computer's move ends the claim, and the claim of a
        process that died is free at once on PostgreSQL (its connections are gone) and expires
        elsewhere."""
        with self._transaction() as connection:
            changed = connection.execute(
                GAMES.update()
                .where(GAMES.c.id == game_id, GAMES.c.version == version, self._unclaimed(now))
                .values(claimed_until=now + seconds, claimant=self.process_key)
            ).rowcount
            return bool(changed == 1)

    def renew_claims(
        self, claims: Sequence[tuple[str, int]], *, seconds: float, now: float
    ) -> set[tuple[str, int]]:
        """Holds each of this process's `claims` (a game and its version) for `seconds` more from
        `now`, in one statement; gives those still held. A claim missing from the answer is gone:
        the game moved on, or its claim ran out and another process took the turn."""
        if not claims:
            return set()
        with self._transaction() as connection:
            rows = connection.execute(
                GAMES.update()
                .where(
                    sa.tuple_(GAMES.c.id, GAMES.c.version).in_(claims),
                    GAMES.c.claimant == self.process_key,
                )
                .values(claimed_until=now + seconds)
                .returning(GAMES.c.id, GAMES.c.version)
            )
            return {(row.id, row.version) for row in rows}

    def _unclaimed(self, now: float) -> sa.ColumnElement[bool]:
        free = sa.or_(GAMES.c.claimed_until.is_(None), GAMES.c.claimed_until < now)
        if not self.is_shared:
            return free
        dead = sa.and_(GAMES.c.claimant.is_not(None), GAMES.c.claimant.not_in(_LIVE_PROCESSES))
        return sa.or_(free, dead)

    def release(self, game_id: str, *, version: int) -> None:
        """Gives back the computer's turn at `version`, taken by `claim` and left unplayed (its think
        failed, or this process stops), announced so that a process holding the game takes it up
        at once, and any other at its next sweep."""
        with self._transaction() as connection:
            released = connection.execute(
                GAMES.update()
                .where(
                    GAMES.c.id == game_id,
                    GAMES.c.version == version,
                    GAMES.c.claimant == self.process_key,
                )
                .values(claimed_until=None, claimant=None)
            ).rowcount
            if released and connection.dialect.name == "postgresql":
                notice = format_notice(Released(game_id, version))
                connection.execute(_NOTIFY, {"channel": CHANNEL, "payload": notice})

    def release_every_claim(self) -> None:
        """At the start of the only process a database serves (SQLite): every claim was its dead
        predecessor's, so the computer plays its turns at once."""
        with self._transaction() as connection:
            connection.execute(
                GAMES.update()
                .where(GAMES.c.claimed_until.is_not(None))
                .values(claimed_until=None, claimant=None)
            )

    def open_games(self, *, limit: int, since: float) -> list[StoredGame]:
        """The newest unfinished public games changed since `since`, newest first, without their
        moves: open seats to take and games to watch."""
        with self._transaction() as connection:
            rows = connection.execute(
                sa.select(GAMES, *_SEAT_COLUMNS)
                .select_from(_seated(GAMES))
                .where(
                    GAMES.c.finished == sa.false(),
                    GAMES.c.mode == "open",
                    GAMES.c.moved_at >= since,
                )
                .order_by(GAMES.c.created.desc())
                .limit(limit)
            )
            return [_stored(row._mapping, ()) for row in rows]

    def unclaimed_with_computer(self, *, now: float) -> list[str]:
        """Unfinished games where the computer holds a seat and no process holds a live claim:
        at a start, and from time to time, each is looked at in case the computer is to move."""
        with self._transaction() as connection:
            return list(
                connection.execute(
                    sa.select(GAMES.c.id).where(
                        GAMES.c.finished == sa.false(),
                        sa.or_(GAMES.c.first_level.is_not(None), GAMES.c.second_level.is_not(None)),
                        self._unclaimed(now),
                    )
                ).scalars()
            )

    def falling(self, *, until: float) -> list[tuple[str, float]]:
        """Unfinished games whose running clock runs out by `until`, with that instant: each
        process wakes at those instants, so that a flag falls on time though nobody watches."""
        with self._transaction() as connection:
            return [
                (row.id, row.falls_at)
                for row in connection.execute(
                    sa.select(GAMES.c.id, GAMES.c.falls_at).where(
                        GAMES.c.finished == sa.false(), GAMES.c.falls_at <= until
                    )
                )
            ]

    def forget_dead_pages(self, *, now: float) -> list[Attendance]:
        """Takes away the pages held open by processes that are no longer alive (on SQLite, the
        only process's predecessors), each side left with none taken as gone at `now`; gives
        where the players of each game changed now are, as announced."""
        is_dead: sa.ColumnElement[bool]
        if self.is_shared:
            is_dead = PRESENCE.c.process.not_in(_LIVE_PROCESSES)
        else:
            is_dead = PRESENCE.c.process != self.process_key
        with self._transaction() as connection:
            dead = connection.execute(
                sa.select(PRESENCE.c.game_id, PRESENCE.c.side, PRESENCE.c.process)
                .where(is_dead)
                .order_by(PRESENCE.c.game_id)
            ).all()
        changed = []
        for row in dead:
            with self._transaction() as connection:
                attendance = _attend(
                    connection, Attending(row.game_id, row.side, here=False, at=now), row.process
                )
                if attendance is not None and connection.dialect.name == "postgresql":
                    connection.execute(
                        _NOTIFY, {"channel": CHANNEL, "payload": format_notice(attendance)}
                    )
            if attendance is not None:
                changed.append(attendance)
        return changed

    def announce(self, said: Said) -> None:
        """Tells the other processes of a player's message (on PostgreSQL: on SQLite there are
        none)."""
        if not self.is_shared:
            return
        with self._transaction() as connection:
            connection.execute(_NOTIFY, {"channel": CHANNEL, "payload": format_notice(said)})

    @property
    def is_shared(self) -> bool:
        """Whether other processes may write the same games (PostgreSQL), so changes are announced."""
        return self.engine.dialect.name == "postgresql"

    def listen(
        self,
        heard: Heard,
        *,
        lost: Callable[[], None],
        back: Callable[[int], None],
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        """Calls `heard(notices)` with the notices of the commits any process announces, all that
        came in together at once, from a thread of its own, until the process ends; with `loop`,
        from that event loop, which reads the listening connection's socket itself, so that a
        notice costs no thread's wake-up, nor the loop's wake-up by another thread. A connection
        lost calls `lost()` at once (notices may be missed from then on); the thread connects
        again and calls `back(number)` once it listens (the number grows with each connection),
        since what was announced meanwhile was not heard. Nothing to hear on SQLite.

        Returns once the thread listens (or after LISTEN_WAIT_SECONDS without a database), so that
        a server takes no player before it can hear the other servers' moves.

        The changes this process made itself are not heard: it follows them as it makes them."""
        if not self.is_shared:
            return
        mine = own_notices(self.process_key).encode()
        listening = threading.Event()
        address = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

        def listen_forever() -> None:
            for number in itertools.count(1):
                try:
                    with psycopg.connect(
                        address, autocommit=True, application_name=self.process_key
                    ) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        listening.set()
                        back(number)  # whatever was announced while nobody listened is read again
                        pgconn, encoding = connection.pgconn, connection.info.encoding
                        if loop is None:
                            _hear(pgconn, encoding, mine, heard)
                        else:
                            _hear_on(loop, pgconn, encoding, mine, heard)
                except psycopg.Error:
                    pass
                except UnreadableNotice:
                    LOG.warning("a notice this server cannot read: following again")
                lost()
                time.sleep(RECONNECT_SECONDS)

        threading.Thread(target=listen_forever, daemon=True).start()
        listening.wait(LISTEN_WAIT_SECONDS)

    # Accounts, sessions, log-in attempts, ratings and players' games.

    def create_account(self, name: str, password_hash: str, *, now: float) -> Account | None:
        """A new account called `name`, or None if an account has that name in any case."""
        try:
            with self.engine.begin() as connection:
                number = connection.execute(
                    ACCOUNTS.insert()
                    .values(name=name, name_key=name.lower(), password=password_hash, created=now)
                    .returning(ACCOUNTS.c.id)
                ).scalar_one()
        except sa.exc.IntegrityError:
            return None
        except sa.exc.SQLAlchemyError as error:
            raise fault_of(error) from None
        return Account(number, name, now)

    def find_account(self, name: str) -> tuple[Account, str] | None:
        """The account called `name` (in any case) and its password's hash, or None."""
        with self._transaction() as connection:
            row = connection.execute(
                ACCOUNTS.select().where(ACCOUNTS.c.name_key == name.lower())
            ).first()
        return None if row is None else (Account(row.id, row.name, row.created), row.password)

    def set_password(self, account_id: int, password_hash: str) -> None:
        with self._transaction() as connection:
            connection.execute(
                ACCOUNTS.update().where(ACCOUNTS.c.id == account_id).values(password=password_hash)
            )

    def delete_account(self, account_id: int) -> None:
        """Deletes the account, its sessions and ratings; its games stay, its seats in them
        nameless ("a deleted player")."""
        with self._transaction() as connection:
            connection.execute(
                SEATS.update()
                .where(SEATS.c.account_id == account_id)
                .values(account_id=None, name=None)
            )
            connection.execute(RATINGS.delete().where(RATINGS.c.holder == holder_of(account_id)))
            connection.execute(SESSIONS.delete().where(SESSIONS.c.account_id == account_id))
            connection.execute(ACCOUNTS.delete().where(ACCOUNTS.c.id == account_id))

    def start_session(
        self, id_hash: str, account_id: int, *, now: float, ending: str | None = None
    ) -> None:
        """A new session for the account, ending the one whose id hashes to `ending` (the
        browser's session before, so that a log-in always gives a fresh id)."""
        with self._transaction() as connection:
            if ending is not None:
                connection.execute(SESSIONS.delete().where(SESSIONS.c.id_hash == ending))
            connection.execute(
                SESSIONS.insert().values(
                    id_hash=id_hash, account_id=account_id, created=now, seen=now
                )
            )

    def session_account(
        self, id_hash: str, *, now: float, idle: float, lifetime: float
    ) -> Account | None:
        """The account of the session whose id hashes to `id_hash`, if it was used within `idle`
        seconds and began within `lifetime`; its use is noted (at most once every SEEN_STEP)."""
        with self._transaction() as connection:
            row = connection.execute(
                sa.select(ACCOUNTS, SESSIONS.c.seen)
                .select_from(SESSIONS.join(ACCOUNTS, ACCOUNTS.c.id == SESSIONS.c.account_id))
                .where(
                    SESSIONS.c.id_hash == id_hash,
                    SESSIONS.c.seen >= now - idle,
                    SESSIONS.c.created >= now - lifetime,
                )
            ).first()
            if row is None:
                return None
            if row.seen < now - SEEN_STEP:
                connection.execute(
                    SESSIONS.update().where(SESSIONS.c.id_hash == id_hash).values(seen=now)
                )
        return Account(row.id, row.name, row.created)

    def end_session(self, id_hash: str) -> None:
        with self._transaction() as connection:
            connection.execute(SESSIONS.delete().where(SESSIONS.c.id_hash == id_hash))

    def end_sessions(self, account_id: int) -> None:
        """Ends every session of the account, on every browser."""
        with self._transaction() as connection:
            connection.execute(SESSIONS.delete().where(SESSIONS.c.account_id == account_id))

    def count_attempt(self, key: str, *, window: float, now: float) -> int:
        """Counts one more attempt under `key` and gives how many there have been in the window
        now running (a window starts at the first attempt after the last one ended)."""
        stale = ATTEMPTS.c.since < now - window
        insert = (
            postgresql.insert(ATTEMPTS)
            if self.engine.dialect.name == "postgresql"
            else sqlite.insert(ATTEMPTS)
        )
        statement = (
            insert.values(key=key, since=now, count=1)
            .on_conflict_do_update(
                index_elements=[ATTEMPTS.c.key],
                set_={
                    "since": sa.case((stale, now), else_=ATTEMPTS.c.since),
                    "count": sa.case((stale, 1), else_=ATTEMPTS.c.count + 1),
                },
            )
            .returning(ATTEMPTS.c.count)
        )
        with self._transaction() as connection:
            return int(connection.execute(statement).scalar_one())

    def forget_attempts(self, key: str) -> None:
        with self._transaction() as connection:
            connection.execute(ATTEMPTS.delete().where(ATTEMPTS.c.key == key))

    def sweep_accounts(self, *, sessions_before: float, attempts_before: float) -> None:
        """Forgets sessions last used before `sessions_before` and attempts counted in windows
        begun before `attempts_before`: neither can count any more."""
        with self._transaction() as connection:
            connection.execute(SESSIONS.delete().where(SESSIONS.c.seen < sessions_before))
            connection.execute(ATTEMPTS.delete().where(ATTEMPTS.c.since < attempts_before))

    def ratings(self, holder: str) -> dict[str, Rated]:
        """Every rating `holder` holds, by game."""
        with self._transaction() as connection:
            rows = connection.execute(RATINGS.select().where(RATINGS.c.holder == holder))
            return {row.game: _rated(row) for row in rows}

    def rating_of(self, holder: str, game: str) -> Rated | None:
        """`holder`'s rating in `game`, if it has played it rated."""
        with self._transaction() as connection:
            row = connection.execute(
                RATINGS.select().where(RATINGS.c.holder == holder, RATINGS.c.game == game)
            ).first()
        return None if row is None else _rated(row)

    def level_rating(self, level: int, game: str) -> float:
        """The computer's rating at `level` in `game` now: as rated games have moved it, or as
        damero measured it."""
        moved = self.rating_of(level_holder(level), game)
        return (measured_rating(level, game) if moved is None else moved.rating).rating

    def level_ratings(self) -> dict[tuple[int, str], Rating]:
        """The computer's ratings that rated games have moved from those damero measured, by
        (level, game)."""
        with self._transaction() as connection:
            rows = connection.execute(RATINGS.select().where(RATINGS.c.holder.like("level:%")))
            return {
                (int(row.holder.partition(":")[2]), row.game): _rated(row).rating for row in rows
            }

    def player_games(
        self, account_id: int, *, limit: int, offset: int = 0, finished: bool | None = None
    ) -> tuple[list[PlayedGame], int]:
        """The account's games, newest first, from `offset` on (ongoing or finished ones only if
        `finished` says so), and how many there are in all."""
        mine, theirs = SEATS.alias("mine"), SEATS.alias("theirs")
        where = [mine.c.account_id == account_id]
        if finished is not None:
            where.append(GAMES.c.finished == finished)
        joined = mine.join(GAMES, GAMES.c.id == mine.c.game_id)
        with self._transaction() as connection:
            total = connection.execute(
                sa.select(sa.func.count()).select_from(joined).where(*where)
            ).scalar_one()
            rows = connection.execute(
                sa.select(
                    GAMES,
                    mine.c.side,
                    mine.c.rating.label("my_rating"),
                    mine.c.rating_after,
                    theirs.c.account_id.label("their_account"),
                    theirs.c.name.label("their_name"),
                    theirs.c.is_account.label("their_is_account"),
                    theirs.c.rating.label("their_rating"),
                )
                .select_from(
                    joined.outerjoin(
                        theirs,
                        sa.and_(theirs.c.game_id == GAMES.c.id, theirs.c.side != mine.c.side),
                    )
                )
                .where(*where)
                .order_by(mine.c.created.desc(), GAMES.c.id)
                .limit(limit)
                .offset(offset)
            ).all()
        return [_played(row) for row in rows], int(total)


def holder_of(account_id: int) -> str:
    """The holder of an account's ratings."""
    return f"account:{account_id}"


def level_holder(level: int) -> str:
    """The holder of the computer's ratings at `level`."""
    return f"level:{level}"


SEEN_STEP = 3600.0
"""A session's last use is written at most once an hour: a request does not write each time."""


PERIOD_SECONDS = PERIOD_DAYS * 86400


def _first_rating(holder: str, game: str) -> Rating:
    """The rating a holder has before its first rated game: a new player's, or the one damero
    measured for the computer's level."""
    kind, _, number = holder.partition(":")
    return measured_rating(int(number), game) if kind == "level" else Rating()


def _rated(row: Any) -> Rated:
    return Rated(Rating(row.rating, row.deviation, row.volatility), row.games, row.played)


def _played(row: Any) -> PlayedGame:
    opponent = None
    if row.their_is_account is not None:
        opponent = _player(
            row.their_name, row.their_account, row.their_is_account, row.their_rating
        )
    return PlayedGame(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        created=row.created,
        side=row.side,
        opponent=opponent,
        opponent_level=(row.first_level, row.second_level)[1 - row.side],
        finished=row.finished,
        rated=bool(row.rated),
        winner=row.winner,
        ending=row.ending,
        rating=row.my_rating,
        rating_after=row.rating_after,
    )


def _settle(connection: Connection, game_id: str, winner: str, ending: str, now: float) -> None:
    """Writes how a game ended and, if it is rated, both players' new ratings, in the
    transaction that ends it: the change that ends a game commits once, so each game is rated
    exactly once, whichever process ends it.

    Each side's rating (an account's, or the computer's at its level) is read locked, in the
    order of its holder, so that two games of one player ending at once never lose an update."""
    game = connection.execute(
        sa.select(
            GAMES.c.game, GAMES.c.options, GAMES.c.rated, GAMES.c.first_level, GAMES.c.second_level
        ).where(GAMES.c.id == game_id)
    ).one()
    connection.execute(
        GAMES.update().where(GAMES.c.id == game_id).values(winner=winner, ending=ending)
    )
    if not game.rated:
        return
    seats = {
        row.side: row
        for row in connection.execute(SEATS.select().where(SEATS.c.game_id == game_id))
    }
    holders = []
    for side, level in enumerate((game.first_level, game.second_level)):
        if level is not None:
            holders.append(level_holder(level))
        elif side in seats and seats[side].account_id is not None:
            holders.append(holder_of(seats[side].account_id))
        else:
            return  # a seat without an account (deleted meanwhile): nothing to rate against
    key = rating_game(game.game, json.loads(game.options))
    # A holder's first rated game in this game makes its row, at its starting rating; two
    # transactions making the same row at once wait for each other instead of failing.
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    for holder in holders:
        first = _first_rating(holder, key)
        connection.execute(
            dialect.insert(RATINGS)
            .values(
                holder=holder,
                game=key,
                rating=first.rating,
                deviation=first.deviation,
                volatility=first.volatility,
                games=0,
                played=now,
            )
            .on_conflict_do_nothing(index_elements=[RATINGS.c.holder, RATINGS.c.game])
        )
    held = {
        row.holder: _rated(row)
        for row in connection.execute(
            RATINGS.select()
            .where(RATINGS.c.holder.in_(holders), RATINGS.c.game == key)
            .order_by(RATINGS.c.holder)
            .with_for_update()
        )
    }
    before = [held[holder] for holder in holders]
    idle = [rated.rating.after_idle((now - rated.played) / PERIOD_SECONDS) for rated in before]
    score = {"first": 1.0, "second": 0.0}.get(winner, 0.5)
    after = rate_game(idle[0], idle[1], score)
    for side, (holder, rated, rating) in enumerate(zip(holders, before, after, strict=True)):
        connection.execute(
            RATINGS.update()
            .where(RATINGS.c.holder == holder, RATINGS.c.game == key)
            .values(
                rating=rating.rating,
                deviation=rating.deviation,
                volatility=rating.volatility,
                games=rated.games + 1,
                played=now,
            )
        )
        connection.execute(
            SEATS.update()
            .where(SEATS.c.game_id == game_id, SEATS.c.side == side)
            .values(rating_after=rating.rating)
        )


def _sqlite_copy(source: sa.Engine, *, into: Path) -> None:
    """The whole of the SQLite database `source` copied into a new file by SQLite's online
    backup, page by page while others go on writing; the file is synced."""
    with source.connect() as connection:
        reading = connection.connection.driver_connection
        assert isinstance(reading, sqlite3.Connection)
        target = sqlite3.connect(into)
        try:
            reading.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
        finally:
            target.close()
    with into.open("rb") as written:
        os.fsync(written.fileno())


def _sync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _game_of(item: Item) -> str:
    return item.id if isinstance(item, StoredGame) else item.game_id


def _create(connection: Connection, stored: StoredGame) -> bool:
    connection.execute(
        GAMES.insert(),
        {
            "id": stored.id,
            "game": stored.game,
            "options": json.dumps(dict(stored.options), sort_keys=True),
            "start": stored.start,
            "version": stored.version,
            "move_count": len(stored.moves),
            "finished": stored.finished,
            "first_token": stored.seats[0].token_hash,
            "second_token": stored.seats[1].token_hash,
            "first_level": stored.seats[0].level,
            "second_level": stored.seats[1].level,
            "created": stored.created,
            "mode": stored.mode,
            "round": stored.round,
            "falls_at": stored.falls_at,
            "moved_at": stored.created,
            "rated": stored.rated,
            "rating_low": None if stored.rating_range is None else stored.rating_range[0],
            "rating_high": None if stored.rating_range is None else stored.rating_range[1],
        },
    )
    key = rating_game(stored.game, stored.options)
    _seat(
        connection,
        stored.id,
        [
            (side, player.name, player.account, _rating_now(connection, player, key))
            for side, player in enumerate(stored.players)
            if player is not None
        ],
        stored.created,
    )
    return True


def _rating_now(connection: Connection, player: Player, game: str) -> float | None:
    """An account's rating in `game` as it sits down: the one it was given, or for a rematch,
    made without reading it, the one stored now."""
    if player.account is None or player.rating is not None:
        return player.rating
    rating = connection.execute(
        sa.select(RATINGS.c.rating).where(
            RATINGS.c.holder == holder_of(player.account), RATINGS.c.game == game
        )
    ).scalar()
    return START_RATING if rating is None else float(rating)


def _seat(
    connection: Connection,
    game_id: str,
    seated: Sequence[tuple[int, str | None, int | None, float | None]],
    created: float | None = None,
) -> None:
    """Puts names on a game's seats: (side, name, account, rating) each."""
    if not seated:
        return
    if created is None:
        created = connection.execute(
            sa.select(GAMES.c.created).where(GAMES.c.id == game_id)
        ).scalar_one()
    connection.execute(
        SEATS.insert(),
        [
            {
                "game_id": game_id,
                "side": side,
                "account_id": account,
                "name": name,
                "is_account": account is not None,
                "rating": rating,
                "created": created,
            }
            for side, name, account, rating in seated
        ],
    )


_HERE = [
    sa.select(sa.func.count())
    .where(PRESENCE.c.game_id == GAMES.c.id, PRESENCE.c.side == side)
    .scalar_subquery()
    .label(f"here_{side}")
    for side in (0, 1)
]
_SEATED = [SEATS.alias(f"seat_{side}") for side in (0, 1)]
_SEAT_COLUMNS = [
    column.label(f"seat_{side}_{column.name}")
    for side, seat in enumerate(_SEATED)
    for column in (seat.c.name, seat.c.account_id, seat.c.is_account, seat.c.rating)
]


def _seated(games: sa.FromClause) -> sa.FromClause:
    """`games` with who sits at each side, where they gave a name."""
    for side, seat in enumerate(_SEATED):
        games = games.outerjoin(seat, sa.and_(seat.c.game_id == GAMES.c.id, seat.c.side == side))
    return games


_LOAD = (
    sa.select(GAMES, MOVES.c.text.label("move"), *_HERE, *_SEAT_COLUMNS)
    .select_from(_seated(GAMES.outerjoin(MOVES, MOVES.c.game_id == GAMES.c.id)))
    .where(GAMES.c.id == sa.bindparam("game_key"))
    .order_by(MOVES.c.number)
)
_LIVE_PROCESSES = sa.select(sa.column("application_name", sa.String)).select_from(
    sa.table("pg_stat_activity")
)
"""The processes alive on PostgreSQL: each connection carries its process's key."""

CHANNEL = "damero_moves"
LISTEN_WAIT_SECONDS = 10.0
RECONNECT_SECONDS = 0.5
_NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")

_MOVE_ON = (
    GAMES.update()
    .where(GAMES.c.id == sa.bindparam("game_key"), GAMES.c.version == sa.bindparam("seen"))
    .values(
        version=sa.bindparam("next"),
        move_count=sa.bindparam("count"),
        finished=sa.bindparam("over"),
        round=sa.bindparam("round"),
        falls_at=sa.bindparam("falls_at"),
        moved_at=sa.bindparam("moved_at"),
        claimed_until=None,
        claimant=None,
    )
)
"""Built once: a statement built per move costs more than running it."""


_MOVE_ON_NOW = (
    "UPDATE games SET version = %(next)s, move_count = %(count)s, finished = %(over)s,"
    " round = %(round)s, falls_at = %(falls_at)s, moved_at = %(moved_at)s,"
    " claimed_until = NULL, claimant = NULL WHERE id = %(game_key)s AND version = %(seen)s"
)
_MOVE_ON_ADD_NOTIFY = (
    f"WITH moved AS ({_MOVE_ON_NOW} RETURNING id),"
    " added AS (INSERT INTO moves (game_id, number, text)"
    " SELECT moved.id, %(first)s + added.number - 1, added.text FROM moved,"
    " jsonb_array_elements_text(%(texts)s::jsonb) WITH ORDINALITY AS added (text, number))"
    f" SELECT pg_notify('{CHANNEL}', %(payload)s) FROM moved"
)
"""`_MOVE_ON_NOW`, the moves it adds and its notice, on PostgreSQL: one row if the game moved on,
none if it had moved on already (then nothing is added or announced). The moves go as one JSON
text: the driver takes a third of a write's time to send them as arrays."""
_ADD_MOVES = "INSERT INTO moves (game_id, number, text) VALUES (%(game_id)s, %(number)s, %(text)s)"
_NOTIFY_NOW = "SELECT pg_notify(%(channel)s, %(payload)s)"
"""A move's statements as the driver takes them (`_MOVE_ON` without a claim's condition): each
move runs them, and SQLAlchemy's building and caching of a statement cost more than the
database's running it. A failure is still SQLAlchemy's error, and a fault."""
_DRIVER_SQL: dict[tuple[str, str], str] = {}


def _driver_sql(connection: Connection, sql: str) -> str:
    """`sql` in the parameter style of `connection`'s driver (psycopg's `%(name)s`, or
    sqlite3's `:name`)."""
    key = (connection.dialect.paramstyle, sql)
    if key not in _DRIVER_SQL:
        named = connection.dialect.paramstyle in ("named", "qmark", "numeric")
        _DRIVER_SQL[key] = re.sub(r"%\((\w+)\)s", r":\1", sql) if named else sql
    return _DRIVER_SQL[key]


def is_driven(item: Item) -> bool:
    """A page opened or closed, or a change that only adds moves to a game and moves its clock and
    offers on (one statement stores it on PostgreSQL, `_MOVE_ON_ADD_NOTIFY`): what
    `Storage._write_driven` writes."""
    if isinstance(item, Attending):
        return True
    return (
        isinstance(item, Change)
        and item.gone is None
        and not item.is_take_back
        and item.joined is None
        and not item.seated
        and item.result is None
        and item.rematch is None
    )


def _move_values(change: Change, *, notice: str | None = None) -> dict[str, object]:
    """`_MOVE_ON_NOW`'s values for `change`; with `notice`, `_MOVE_ON_ADD_NOTIFY`'s."""
    values: dict[str, object] = {
        "game_key": change.game_id,
        "seen": change.version,
        "next": change.version + 1,
        "count": change.first + len(change.moves),
        "over": change.finished,
        "round": change.round,
        "falls_at": change.falls_at,
        "moved_at": change.moved_at,
    }
    if notice is not None:
        values |= {
            "first": change.first,
            "texts": compact_json(change.moves),
            "payload": notice,
        }
    return values


_MOVE_ON_NAME = b"damero_move_on"
_MOVE_ON_ORDER = tuple(dict.fromkeys(re.findall(r"%\((\w+)\)s", _MOVE_ON_ADD_NOTIFY)))
"""The values of `_MOVE_ON_ADD_NOTIFY` in the order libpq numbers them."""
_MOVE_ON_LIBPQ = re.sub(
    r"%\((\w+)\)s",
    lambda name: f"${_MOVE_ON_ORDER.index(name[1]) + 1}",
    _MOVE_ON_ADD_NOTIFY,
).encode()


_MOVE_ON_TEXTS = (
    *("next", "count", "over", "round", "falls_at", "moved_at", "game_key", "seen"),
    *("first", "texts", "payload"),
)
"""The values `_move_texts` gives, in their order."""
assert _MOVE_ON_TEXTS == _MOVE_ON_ORDER, "`_move_texts` gives its values in another order"


def _move_texts(change: Change, notice: str, encoding: str) -> list[bytes | None]:
    """`_MOVE_ON_LIBPQ`'s values for `change` (`_move_values`, in `_MOVE_ON_ORDER`) as PostgreSQL
    reads them from text, in the connection's `encoding`: made at every move, with no
    dictionary between."""
    version, first, moves = change.version, change.first, change.moves
    values = (
        *(version + 1, first + len(moves), change.finished, change.round, change.falls_at),
        *(change.moved_at, change.game_id, version, first, compact_json(moves), notice),
    )
    return [None if value is None else _text(value, encoding) for value in values]


def _text(value: object, encoding: str) -> bytes:
    """A value as PostgreSQL reads it from text: a number as Python writes it (every float's
    `repr` reads back exactly), a boolean as `t` or `f`."""
    if isinstance(value, bool):
        return b"t" if value else b"f"
    return (repr(value) if isinstance(value, float) else str(value)).encode(encoding)


_DONE = (psycopg.pq.ExecStatus.COMMAND_OK, psycopg.pq.ExecStatus.TUPLES_OK)
_SYNCED = psycopg.pq.ExecStatus.PIPELINE_SYNC


def _checked(result: psycopg.pq.abc.PGresult, encoding: str) -> psycopg.pq.abc.PGresult:
    """`result` of a statement libpq ran, or its error raised as psycopg would raise it."""
    if result.status in _DONE:
        return result
    raise psycopg.errors.error_from_result(result, encoding=encoding)


def _apply(connection: Connection, change: Change, *, notice: str | None = None) -> bool:
    """Moves the game on by `change` if it is still at the change's version. With `notice`
    (PostgreSQL, no claim's condition, no take-back), one statement also adds the change's moves
    and announces it: a statement costs the server more than the database's work."""
    values = _move_values(change, notice=notice)
    if notice is not None:
        # Straight to the driver, prepared once: SQLAlchemy's execution doubles its cost.
        driver = connection.connection.driver_connection
        assert driver is not None  # the connection is open: it runs the transaction
        with driver.cursor() as cursor:
            cursor.execute(_MOVE_ON_ADD_NOTIFY, values, prepare=True)
            changed = len(cursor.fetchall())
    elif change.gone is not None:
        # A claim: only while the other player is still away, whatever process they come back
        # through (coming back clears the column, in a transaction that takes this row first).
        side, since = change.gone
        statement = _MOVE_ON.where(GONE[side].is_not(None), GONE[side] <= since)
        changed = connection.execute(statement, values).rowcount
    else:
        changed = _driven(connection, _MOVE_ON_NOW, values)[1]
    if changed != 1:
        return False
    if change.joined is not None:
        side, token_hash = change.joined
        column = "first_token" if side == 0 else "second_token"
        connection.execute(
            GAMES.update().where(GAMES.c.id == change.game_id).values({column: token_hash})
        )
    if change.is_take_back:
        connection.execute(
            MOVES.delete().where(MOVES.c.game_id == change.game_id, MOVES.c.number >= change.first)
        )
    _seat(connection, change.game_id, change.seated)
    if change.result is not None:
        _settle(connection, change.game_id, *change.result, now=change.moved_at)
    return True


_ATTEND = (
    "UPDATE games SET attendance = coalesce(attendance, 0) + 1 WHERE id = %(game_key)s"
    " RETURNING first_gone, second_gone, attendance"
)
_OPEN_PAGE = (
    "INSERT INTO presence (game_id, side, process) VALUES (%(game_key)s, %(side)s, %(process)s)"
    " ON CONFLICT DO NOTHING"
)
"""Inserts nothing where the process had a page on that side already (SQLite and PostgreSQL
alike): the rows it inserts say whether it had."""
_CLOSE_PAGE = (
    "DELETE FROM presence"
    " WHERE game_id = %(game_key)s AND side = %(side)s AND process = %(process)s"
)
_PAGES = "SELECT side, count(*) FROM presence WHERE game_id = %(game_key)s GROUP BY side"
_SET_GONE = (
    "UPDATE games SET first_gone = %(gone_first)s, second_gone = %(gone_second)s"
    " WHERE id = %(game_key)s"
)
"""A page's statements, as the driver takes them (`_driven`): each page that opens or closes runs
them, and SQLAlchemy's building and running of them cost several times the database's work."""


def _driven(connection: Connection, sql: str, values: dict[str, object]) -> tuple[list[Any], int]:
    """Runs `sql` straight on `connection`'s driver, in its transaction: its rows and how many
    rows it changed. On PostgreSQL the statement is prepared once for the connection; sqlite3
    keeps the statements it prepared by their text."""
    driver = connection.connection.driver_connection
    assert driver is not None  # the connection is open: it runs the transaction
    if isinstance(driver, sqlite3.Connection):
        run = driver.execute(_driver_sql(connection, sql), values)
        return (run.fetchall() if run.description else []), run.rowcount
    with driver.cursor() as cursor:
        cursor.execute(sql, values, prepare=True)
        return (cursor.fetchall() if cursor.description else []), cursor.rowcount


def _attend(connection: Connection, item: Attending, process: str) -> Attendance | None:
    """`process`'s pages on a side of a game opened or closed: where the game's players now are,
    in four statements (the game's row written and read back, the page's row, the pages, the
    times gone).

    The game's row is written first, so that its lock is taken before anything is read: the
    changes of one game's presence, and its claims, go one at a time on every database."""
    game: dict[str, object] = {"game_key": item.game_id}
    rows, _ = _driven(connection, _ATTEND, game)
    if not rows:
        return None
    first_gone, second_gone, attendance = rows[0]
    mine = {**game, "side": item.side, "process": process}
    if item.here:
        had = _driven(connection, _OPEN_PAGE, mine)[1] == 0
    else:
        had = _driven(connection, _CLOSE_PAGE, mine)[1] > 0
    counts: dict[int, int] = dict(_driven(connection, _PAGES, game)[0])
    here = (counts.get(0, 0) > 0, counts.get(1, 0) > 0)
    gone = [first_gone, second_gone]
    for side in (0, 1):
        if here[side]:
            gone[side] = None
        elif side == item.side and had and not item.here:
            gone[side] = item.at  # its last page closed now
    _driven(connection, _SET_GONE, {**game, "gone_first": gone[0], "gone_second": gone[1]})
    return Attendance(item.game_id, here, (gone[0], gone[1]), attendance)


def _idle_and_open(connection: Connection) -> bool:
    """Whether a kept connection is still open: on PostgreSQL an idle connection is sent
    nothing, so one with something to read was closed by the server (it stopped, or ended the
    session). A SQLite connection is open until it is closed, or failed and was invalidated."""
    if connection.closed or connection.invalidated:
        return False
    driver = connection.connection.driver_connection
    if isinstance(driver, sqlite3.Connection):
        return True
    if driver is None or driver.closed or driver.broken:
        return False
    readable, _, _ = select.select([driver.fileno()], [], [], 0)
    return not readable


def _kept(connection: Connection | None, engine: sa.Engine) -> Connection:
    """`connection`, kept for one kind of work, or a new one in its place if the server closed
    it (or it failed)."""
    if connection is not None and _idle_and_open(connection):
        return connection
    _drop(connection)
    return engine.connect()


def _drop(connection: Connection | None) -> None:
    """Closes a kept connection for good (it failed, or the server closed it)."""
    if connection is not None:
        with contextlib.suppress(Exception):  # a connection already lost may fail to close
            connection.invalidate()
            connection.close()


_LOADS: dict[str, tuple[str, dict[str, object]]] = {}


def _load_on(dialect: sa.Dialect) -> tuple[str, dict[str, object]]:
    """`_LOAD` as `dialect`'s driver takes it, and the values it carries (all but the game's
    key), compiled once."""
    if dialect.name not in _LOADS:
        compiled = _LOAD.compile(dialect=dialect)
        values = {name: value for name, value in compiled.params.items() if name != "game_key"}
        _LOADS[dialect.name] = (str(compiled), values)
    return _LOADS[dialect.name]


class UnreadableNotice(Exception):
    """A notice this release cannot read: the listener listens anew, and reads again."""


class LoopWriter:
    """Writes moves alone, changes that only add moves (`is_driven`), as a transaction of their
    own on a connection kept for it, from an event loop that sends the statements and reads their
    answers from the connection's socket itself: no thread is woken to run them, nor wakes the
    loop once they are done. Several moves go as one pipeline of libpq's, one statement each and
    a sync that commits them together. One transaction at a time; a connection that failed or
    that the server closed is not `usable`, and its writes go to the writer's thread while
    another is opened (`Storage.loop_writer`)."""

    def __init__(self, storage: Storage, connection: Connection) -> None:
        self.storage = storage
        self.connection = connection
        driver = connection.connection.driver_connection
        assert driver is not None  # just opened
        self.pgconn, self.encoding = driver.pgconn, driver.info.encoding
        driver.commit()  # the pool's checkout began nothing of its own: each move is its own
        _checked(self.pgconn.prepare(_MOVE_ON_NAME, _MOVE_ON_LIBPQ), self.encoding)
        self.open = True
        self.busy = False

    @property
    def usable(self) -> bool:
        """Whether a write may start now: none under way, the connection open and idle."""
        return self.open and not self.busy and _idle_and_open(self.connection)

    async def write(self, changes: Sequence[Change]) -> list[bool]:
        """`Storage.write(changes)` of moves alone, in one transaction: whether each went in
        (False if its game had moved on). DatabaseFault if the database failed it (then none
        went in); this writer is then closed. Cancelled, it still waits for the transaction's
        end, as the commit goes on regardless.

        The connection never blocks (psycopg's connections are non-blocking): what its socket
        does not take at once is sent by the loop as the socket takes it, so a database slow to
        read holds up these moves alone, never the loop."""
        assert self.usable and all(map(is_driven, changes))
        loop = asyncio.get_running_loop()
        pgconn, encoding = self.pgconn, self.encoding
        socket = pgconn.socket
        done: asyncio.Future[list[bool] | psycopg.Error] = loop.create_future()
        results: list[psycopg.pq.abc.PGresult] = []
        piped = len(changes) > 1  # a move alone is one statement, its own transaction
        order = sorted(range(len(changes)), key=lambda index: changes[index].game_id)
        ends = 0
        sending = False  # what the socket did not take at once is still being sent

        def end(outcome: list[bool] | psycopg.Error) -> None:
            nonlocal sending
            loop.remove_reader(socket)
            if sending:
                sending = False
                loop.remove_writer(socket)
            self.busy = False
            if not done.done():
                done.set_result(outcome)

        def writable() -> None:
            nonlocal sending
            try:
                if not pgconn.flush():
                    sending = False
                    loop.remove_writer(socket)  # all sent
            except psycopg.Error as error:
                end(error)

        def answered() -> None:
            nonlocal ends
            try:
                pgconn.consume_input()  # which also sends what it can of the rest
                while not pgconn.is_busy():  # what came in is read without waiting for more
                    result = pgconn.get_result()
                    if result is None:
                        ends += 1
                        if piped and ends <= len(changes):
                            continue  # one statement's end: the next one's answer follows
                        break  # the statement's end: the connection is ready for the next
                    if result.status == _SYNCED:
                        pgconn.exit_pipeline_mode()
                        break  # the transaction's end
                    results.append(result)
                else:
                    return  # the rest of the answer is still on its way
                if len(results) != len(changes):
                    raise psycopg.OperationalError("the database gave no answer")
                end([_checked(result, encoding).ntuples == 1 for result in results])
            except psycopg.Error as error:
                end(error)

        self.busy = True
        try:
            if piped:
                pgconn.enter_pipeline_mode()
            for index in order:  # the games' rows taken in the order every process takes them
                change = changes[index]
                values = _move_texts(change, self.storage._notice(change), encoding)
                pgconn.send_query_prepared(_MOVE_ON_NAME, values)
            if piped:
                pgconn.pipeline_sync()
            sending = pgconn.flush() == 1  # rarely: the socket's buffer was full
        except psycopg.Error as error:
            self.busy = False
            raise self._fault(error) from None
        loop.add_reader(socket, answered)
        if sending:
            loop.add_writer(socket, writable)
        try:
            outcome = await asyncio.shield(done)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await done
            raise
        if isinstance(outcome, psycopg.Error):
            raise self._fault(outcome)
        answers = [False] * len(changes)
        for index, went_in in zip(order, outcome, strict=True):
            answers[index] = went_in
        return answers

    def _fault(self, error: psycopg.Error) -> DatabaseFault:
        self.storage.faults += 1
        self.close()
        return fault_of(error)

    def close(self) -> None:
        self.open = False
        _drop(self.connection)


def _hear(pgconn: psycopg.pq.abc.PGconn, encoding: str, mine: bytes, heard: Heard) -> None:
    """Hands `heard` the other processes' notices, each time the listening connection's socket has
    any, all of those that came together in one call: a move's notice costs its process a wake-up
    only when none is already due. Ends by psycopg.Error once the connection is lost."""
    while True:
        select.select([pgconn.socket], [], [])
        _heard_now(pgconn, encoding, mine, heard)


def _hear_on(
    loop: asyncio.AbstractEventLoop,
    pgconn: psycopg.pq.abc.PGconn,
    encoding: str,
    mine: bytes,
    heard: Heard,
) -> None:
    """`_hear` done by `loop`, which watches the socket with its own and hands `heard` the
    notices where it wakes; this thread waits until the connection is lost (psycopg.Error) or a
    notice cannot be read (UnreadableNotice), or for good once the loop is closed."""
    ended: queue.SimpleQueue[BaseException] = queue.SimpleQueue()
    socket = pgconn.socket

    def readable() -> None:
        try:
            _heard_now(pgconn, encoding, mine, heard)
        except (psycopg.Error, UnreadableNotice) as error:
            loop.remove_reader(socket)
            ended.put(error)

    try:
        loop.call_soon_threadsafe(loop.add_reader, socket, readable)
    except RuntimeError:  # the loop is closed: nothing is served, nothing to hear
        threading.Event().wait()
    raise ended.get()


def _heard_now(pgconn: psycopg.pq.abc.PGconn, encoding: str, mine: bytes, heard: Heard) -> None:
    """Hands `heard` the notices the listening connection's socket holds, if any."""
    pgconn.consume_input()
    notices: list[Notice] = []
    while (note := pgconn.notifies()) is not None:
        if note.extra.startswith(mine):
            continue
        try:
            notices.append(parse_notice(note.extra.decode(encoding)))
        except (ValueError, KeyError, TypeError):
            if notices:
                heard(notices)
            raise UnreadableNotice from None
    if notices:
        heard(notices)


def _move_rows(game_id: str, first: int, moves: Sequence[str]) -> list[dict[str, object]]:
    return [
        {"game_id": game_id, "number": first + index, "text": text}
        for index, text in enumerate(moves)
    ]


def _stored(fields: Mapping[Any, Any], moves: tuple[str, ...]) -> StoredGame:
    """The game of a row of `games` read with its seats (and with `_LOAD`, where its players
    are), by its columns' names."""
    attendance = None
    if "here_0" in fields:
        attendance = Attendance(
            fields["id"],
            (fields["here_0"] > 0, fields["here_1"] > 0),
            (fields["first_gone"], fields["second_gone"]),
            fields["attendance"] or 0,
        )
    return StoredGame(
        id=fields["id"],
        game=fields["game"],
        options=json.loads(fields["options"]),
        start=fields["start"],
        moves=moves,
        version=fields["version"],
        finished=fields["finished"],
        seats=(
            Seat(fields["first_token"], fields["first_level"]),
            Seat(fields["second_token"], fields["second_level"]),
        ),
        created=fields["created"],
        mode=fields["mode"] or "local",
        round=fields["round"],
        falls_at=fields["falls_at"],
        attendance=attendance,
        players=(_player_at(fields, 0), _player_at(fields, 1)),
        rated=bool(fields["rated"]),
        rating_range=None
        if fields["rating_low"] is None
        else (fields["rating_low"], fields["rating_high"]),
    )


def _player_at(fields: Any, side: int) -> Player | None:
    """Who sits at `side` in a row read with `_SEAT_COLUMNS`, if they gave a name."""
    if fields.get(f"seat_{side}_is_account") is None:
        return None
    return _player(
        fields[f"seat_{side}_name"],
        fields[f"seat_{side}_account_id"],
        fields[f"seat_{side}_is_account"],
        fields[f"seat_{side}_rating"],
    )


def _player(
    name: str | None, account: int | None, is_account: bool, rating: float | None
) -> Player:
    if not is_account:
        return Player(name, rating=rating)  # a name typed, or the computer with its rating
    if account is None:
        return Player(None)  # an account deleted since
    return Player(name, account, rating)
