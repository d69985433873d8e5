"""Where the server keeps its games: one schema behind SQLAlchemy Core, for SQLite or PostgreSQL.

The app speaks to a `Storage` only; no SQL is written anywhere else. A game is its start
position as text, its moves as the texts players type, and a version that grows with every
change, so that a commit can check it has not moved on (two writers: exactly one wins).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
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
from damero.ratings import PERIOD_DAYS, Rating, rate_game
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


def _create_first_tables(connection: Connection) -> None:
    for table in (GAMES, MOVES):
        table.create(connection)


def _add_round_columns(connection: Connection) -> None:
    """The columns of the round, on a database the first migration made before they were in
    GAMES (it now makes them itself)."""
    present = {column["name"] for column in sa.inspect(connection).get_columns("games")}
    for name in ROUND_COLUMNS:
        if name in present:
            continue
        column = GAMES.c[name]
        kind = column.type.compile(dialect=connection.dialect)
        connection.execute(sa.text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))
    connection.execute(sa.text("CREATE INDEX games_falling ON games (falls_at)"))


def _add_players(connection: Connection) -> None:
    """Accounts, their sessions, the log-in attempts counted, ratings and the players' seats."""
    present = {column["name"] for column in sa.inspect(connection).get_columns("games")}
    for name in RATED_COLUMNS:
        if name not in present:
            kind = GAMES.c[name].type.compile(dialect=connection.dialect)
            connection.execute(sa.text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))
    for table in (ACCOUNTS, SESSIONS, ATTEMPTS, RATINGS, SEATS):
        table.create(connection)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _create_first_tables,
    _add_round_columns,
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
class Sitter:
    """Who sits at a side, as a page names them: an account (`account` its name), a name typed
    for an anonymous seat (`guest`), a deleted account (`deleted`), the computer at `level`
    (`computer`), or a person who gave no name (`anonymous`)."""

    kind: str
    name: str | None = None
    level: int | None = None
    rating: float | None = None
    """An account's rating when it sat down, or a level's."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One of a player's games, as their page lists it: which game, when, the player's side and
    their opponent, and once over who won and why, and the player's rating before and after."""

    id: str
    game: str
    options: Mapping[str, int]
    created: float
    side: int
    opponent: Sitter
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


def fault_of(error: sa.exc.SQLAlchemyError) -> DatabaseFault:
    """The fault `error` means, in words a player is told; a lost or refused connection is
    "unreachable". The database's own words, which may name hosts, go to the server's log only."""
    text = str(getattr(error, "orig", None) or error).strip()
    lowered = text.lower()
    key = next((key for words, key in _FAULTS if words in lowered), None)
    if key is None:
        disconnected = getattr(error, "connection_invalidated", False) or isinstance(
            error, sa.exc.OperationalError | sa.exc.InterfaceError | sa.exc.DisconnectionError
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


NOTIFY_LIMIT = 7_900
"""The longest NOTIFY payload sent (PostgreSQL refuses 8,000 bytes); a longer change is sent as
a pointer (`game_id version`), and the processes hearing it read the game."""


def format_notice(change: Change) -> str:
    """What a committed change tells the other processes: all of it, so that they follow it
    without reading the game, or only its game and new version if that is too long."""
    fields = {field.name: getattr(change, field.name) for field in dataclasses.fields(change)}
    text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode("utf-8")) <= NOTIFY_LIMIT:
        return text
    return f"{change.game_id} {change.version + 1}"


def parse_notice(text: str) -> tuple[str, int, Change | None]:
    """The game, new version and change (None for a pointer) that `format_notice` wrote."""
    if not text.startswith("{"):
        game_id, _, version = text.partition(" ")
        return game_id, int(version), None
    fields = json.loads(text)
    joined = fields.pop("joined")
    change = Change(
        **fields
        | {"moves": tuple(fields["moves"]), "joined": None if joined is None else tuple(joined)}
    )
    return change.game_id, change.version + 1, change


Heard = Callable[[str, int, Change | None], None]
"""Told of another process's commit: the game, its new version, and the change if it came whole."""

CONNECT_SECONDS = 10


def default_url() -> str:
    """SQLite in the user's data folder ($XDG_DATA_HOME/damero, else ~/.local/share/damero)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "damero"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.sqlite3'}"


def _engine(url: str) -> sa.Engine:
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
    return sa.create_engine(
        url,
        pool_size=10,
        max_overflow=20,
        pool_pre_ping=True,
        connect_args={"connect_timeout": CONNECT_SECONDS},
    )


class Storage:
    """The games of one database; every method is one transaction and may be called from any thread.

    A method whose transaction fails raises DatabaseFault, and nothing of it is kept; the next
    call tries the database afresh (a pool's broken connections are replaced), so a server goes
    on once the database is back."""

    def __init__(self, url: str) -> None:
        self.loads = 0
        """How many games this storage has read: a process follows the others' moves without."""
        self.process_key: str | None = None
        """Whose claims are this process's: on PostgreSQL, its listening connection's backend,
        which lives exactly as long as the process does."""
        try:
            self.engine = _engine(url)
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
            self.migrate()
        except DatabaseFault as fault:
            self.engine.dispose()
            raise StorageError("web.no_database", url=shown, why=fault.why) from None

    def describe(self) -> str:
        """The database's URL without its password, to show."""
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as connection:
                yield connection
        except sa.exc.SQLAlchemyError as error:
            raise fault_of(error) from None

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
            for number in range(current, len(MIGRATIONS)):
                MIGRATIONS[number](connection)
            connection.execute(SCHEMA.update().values(version=len(MIGRATIONS)))
        return len(MIGRATIONS)

    def load(self, game_id: str) -> StoredGame | None:
        """The game with this id, or None if there is none.

        The game and its moves come from one statement, so from one snapshot of the database:
        the version read always belongs to the moves read, whoever commits meanwhile."""
        self.loads += 1
        with self._transaction() as connection:
            rows = connection.execute(_LOAD, {"game_key": game_id}).all()
        if not rows:
            return None
        moves = tuple(row.move for row in rows if row.move is not None)
        return _stored(rows[0], moves)

    def write(self, items: Sequence[StoredGame | Change]) -> list[bool]:
        """Stores new games and changes in one transaction, so one sync to the disk serves them all.

        A change takes its game from `version` to the next: its moves from number `first`
        on are replaced by `moves`. A change whose game is no longer at `version` (another
        writer moved it on first) changes nothing and gives False; the others still go in.
        """
        with self._transaction() as connection:
            results = []
            rows: list[dict[str, object]] = []
            for item in items:
                stored = (
                    _apply(connection, item)
                    if isinstance(item, Change)
                    else _create(connection, item)
                )
                if stored:
                    first = item.first if isinstance(item, Change) else 0
                    rows += _move_rows(
                        item.game_id if isinstance(item, Change) else item.id, first, item.moves
                    )
                results.append(stored)
            if rows:
                connection.execute(MOVES.insert(), rows)
            if connection.dialect.name == "postgresql":
                # Delivered to every listening process at commit, never before.
                for item, stored in zip(items, results, strict=True):
                    if stored and isinstance(item, Change):
                        connection.execute(
                            _NOTIFY,
                            {"channel": CHANNEL, "payload": format_notice(item)},
                        )
            return results

    def claim(self, game_id: str, *, version: int, seconds: float, now: float) -> bool:
        """Takes the computer's turn at `version` for `seconds` (from `now`), unless another live
        process holds it; the commit of the computer's move ends the claim, and the claim of a
        process that died is free at once on PostgreSQL (its connection is gone) and expires
        elsewhere."""
        with self._transaction() as connection:
            changed = connection.execute(
                GAMES.update()
                .where(GAMES.c.id == game_id, GAMES.c.version == version, self._unclaimed(now))
                .values(claimed_until=now + seconds, claimant=self.process_key)
            ).rowcount
            return bool(changed == 1)

    def _unclaimed(self, now: float) -> sa.ColumnElement[bool]:
        free = sa.or_(GAMES.c.claimed_until.is_(None), GAMES.c.claimed_until < now)
        if not self.is_shared:
            return free
        live = sa.select(sa.cast(sa.column("pid"), sa.String)).select_from(
            sa.table("pg_stat_activity")
        )
        dead = sa.and_(GAMES.c.claimant.is_not(None), GAMES.c.claimant.not_in(live))
        return sa.or_(free, dead)

    def release(self, game_id: str, *, version: int) -> None:
        """Gives back the computer's turn at `version`, taken by `claim` and left unplayed (its think
        failed), so that the next sweep of any process takes it up at once."""
        with self._transaction() as connection:
            connection.execute(
                GAMES.update()
                .where(GAMES.c.id == game_id, GAMES.c.version == version)
                .values(claimed_until=None, claimant=None)
            )

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
                GAMES.select()
                .where(
                    GAMES.c.finished == sa.false(),
                    GAMES.c.mode == "open",
                    GAMES.c.moved_at >= since,
                )
                .order_by(GAMES.c.created.desc())
                .limit(limit)
            )
            return [_stored(row, ()) for row in rows]

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

    def falling(self, *, now: float) -> list[str]:
        """Unfinished games whose running clock has run out by `now`: each is looked at, so that a
        flag falls though nobody watches."""
        with self._transaction() as connection:
            return list(
                connection.execute(
                    sa.select(GAMES.c.id).where(
                        GAMES.c.finished == sa.false(), GAMES.c.falls_at <= now
                    )
                ).scalars()
            )

    def _identify(self, key: str) -> None:
        self.process_key = key

    @property
    def is_shared(self) -> bool:
        """Whether other processes may write the same games (PostgreSQL), so changes are announced."""
        return self.engine.dialect.name == "postgresql"

    def listen(self, changed: Heard, reconnected: Callable[[], None]) -> None:
        """Calls `changed(game_id, version, change)` for every change any process commits (the
        change None if it was too long to send), from a thread
        of its own, until the process ends; after a lost connection it reconnects and calls
        `reconnected()`, since changes made meanwhile were not heard. Nothing to hear on SQLite.

        Returns once the thread listens (or after LISTEN_WAIT_SECONDS without a database), so that
        a server takes no player before it can hear the other servers' moves."""
        if not self.is_shared:
            return
        listening = threading.Event()
        threading.Thread(
            target=_listen,
            args=(self.engine.url, changed, reconnected, listening, self._identify),
            daemon=True,
        ).start()
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

    def sitters(self, game_ids: Sequence[str]) -> dict[tuple[str, int], Sitter]:
        """Who sits at each named side of these games, by (game, side); a side nobody named
        is left out."""
        if not game_ids:
            return {}
        with self._transaction() as connection:
            rows = connection.execute(SEATS.select().where(SEATS.c.game_id.in_(game_ids)))
            return {(row.game_id, row.side): _sitter(row) for row in rows}


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


def _sitter(row: Any) -> Sitter:
    if not row.is_account:
        return Sitter("guest", row.name)
    if row.account_id is None:
        return Sitter("deleted")
    return Sitter("account", row.name, rating=row.rating)


def _played(row: Any) -> PlayedGame:
    other = 1 - row.side
    level = (row.first_level, row.second_level)[other]
    if level is not None:
        opponent = Sitter("computer", level=level, rating=row.their_rating)
    elif row.their_is_account is None:
        opponent = Sitter("anonymous")
    elif not row.their_is_account:
        opponent = Sitter("guest", row.their_name)
    elif row.their_account is None:
        opponent = Sitter("deleted")
    else:
        opponent = Sitter("account", row.their_name, rating=row.their_rating)
    return PlayedGame(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        created=row.created,
        side=row.side,
        opponent=opponent,
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
    held = {
        row.holder: row
        for row in connection.execute(
            RATINGS.select()
            .where(RATINGS.c.holder.in_(holders), RATINGS.c.game == key)
            .order_by(RATINGS.c.holder)
            .with_for_update()
        )
    }
    before = [
        _rated(held[holder]) if holder in held else Rated(_first_rating(holder, key))
        for holder in holders
    ]
    idle = [rated.rating.after_idle((now - rated.played) / PERIOD_SECONDS) for rated in before]
    score = {"first": 1.0, "second": 0.0}.get(winner, 0.5)
    after = rate_game(idle[0], idle[1], score)
    for side, (holder, rated, rating) in enumerate(zip(holders, before, after, strict=True)):
        values = {
            "rating": rating.rating,
            "deviation": rating.deviation,
            "volatility": rating.volatility,
            "games": rated.games + 1,
            "played": now,
        }
        if holder in held:
            connection.execute(
                RATINGS.update()
                .where(RATINGS.c.holder == holder, RATINGS.c.game == key)
                .values(values)
            )
        else:
            connection.execute(RATINGS.insert().values(holder=holder, game=key, **values))
        connection.execute(
            SEATS.update()
            .where(SEATS.c.game_id == game_id, SEATS.c.side == side)
            .values(rating_after=rating.rating)
        )


def _create(connection: Connection, stored: StoredGame) -> bool:
    connection.execute(
        GAMES.insert().values(
            id=stored.id,
            game=stored.game,
            options=json.dumps(dict(stored.options), sort_keys=True),
            start=stored.start,
            version=stored.version,
            move_count=len(stored.moves),
            finished=stored.finished,
            first_token=stored.seats[0].token_hash,
            second_token=stored.seats[1].token_hash,
            first_level=stored.seats[0].level,
            second_level=stored.seats[1].level,
            created=stored.created,
            mode=stored.mode,
            round=stored.round,
            falls_at=stored.falls_at,
            moved_at=stored.created,
        )
    )
    return True


_LOAD = (
    sa.select(GAMES, MOVES.c.text.label("move"))
    .select_from(GAMES.outerjoin(MOVES, MOVES.c.game_id == GAMES.c.id))
    .where(GAMES.c.id == sa.bindparam("game_key"))
    .order_by(MOVES.c.number)
)

CHANNEL = "damero_moves"
LISTEN_WAIT_SECONDS = 10.0
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


def _apply(connection: Connection, change: Change) -> bool:
    changed = connection.execute(
        _MOVE_ON,
        {
            "game_key": change.game_id,
            "seen": change.version,
            "next": change.version + 1,
            "count": change.first + len(change.moves),
            "over": change.finished,
            "round": change.round,
            "falls_at": change.falls_at,
            "moved_at": change.moved_at,
        },
    ).rowcount
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
    return True


def _move_rows(game_id: str, first: int, moves: Sequence[str]) -> list[dict[str, object]]:
    return [
        {"game_id": game_id, "number": first + index, "text": text}
        for index, text in enumerate(moves)
    ]


def _stored(row: Any, moves: tuple[str, ...]) -> StoredGame:
    return StoredGame(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        start=row.start,
        moves=moves,
        version=row.version,
        finished=row.finished,
        seats=(Seat(row.first_token, row.first_level), Seat(row.second_token, row.second_level)),
        created=row.created,
        mode=row.mode or "local",
        round=row.round,
        falls_at=row.falls_at,
    )


def _listen(
    url: sa.URL,
    changed: Heard,
    reconnected: Callable[[], None],
    listening: threading.Event,
    identify: Callable[[str], None],
) -> None:
    address = url.set(drivername="postgresql").render_as_string(hide_password=False)
    while True:
        try:
            with psycopg.connect(address, autocommit=True) as connection:
                connection.execute(f"LISTEN {CHANNEL}")
                identify(str(connection.info.backend_pid))
                listening.set()
                reconnected()  # whatever was announced while nobody listened is read again
                for note in connection.notifies():
                    changed(*parse_notice(note.payload))
        except psycopg.Error:
            pass
        time.sleep(0.5)
