"""`damero db`: the operator's commands on the database the servers share.

`backup FILE` copies a SQLite database while servers use it (SQLite's online backup) into a new
file; `restore FILE` puts a backup's games in place of a SQLite database's; `migrate` brings the
schema to the current version, as a server starting does; `status` says the schema's version and
how many games the database holds. A PostgreSQL database is backed up and restored by
PostgreSQL's own `pg_dump` and `pg_restore`, which the commands name with the database's address.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from damero.core import Message
from damero.errors import os_reason
from damero.web.storage import MIGRATIONS, DatabaseFault, Storage, StorageError, default_url


def database_command(
    say: Callable[[Message], None],
    action: str,
    *,
    url: str | None,
    file: Path | None = None,
    replace: bool = False,
) -> int:
    """Runs `damero db ACTION` on the database at `url` (the servers' default if None), telling
    the operator through `say`; 0 once done, 2 with the reason if it cannot be."""
    url = url or default_url()
    postgres = url.startswith("postgresql")
    if postgres and action in ("backup", "restore"):
        assert file is not None
        shown = Storage.shown(url)
        key = "db.use_pg_dump" if action == "backup" else "db.use_pg_restore"
        say(Message(key, {"path": str(file), "url": shown}))
        return 2
    if action == "restore":
        assert file is not None
        if not file.is_file():
            say(Message("db.no_backup_file", {"path": str(file)}))
            return 2
    if action == "backup":
        assert file is not None
        if file.exists():
            say(Message("db.file_exists", {"path": str(file)}))
            return 2
    try:
        storage = Storage(url, migrate=action in ("migrate", "restore"))
    except StorageError as error:
        say(error.message)
        return 2
    try:
        return _run(say, storage, action, file, replace=replace)
    except (StorageError, DatabaseFault) as error:
        say(error.message)
        return 2
    finally:
        storage.close()


def _run(
    say: Callable[[Message], None],
    storage: Storage,
    action: str,
    file: Path | None,
    *,
    replace: bool,
) -> int:
    shown = storage.describe()
    if action == "status":
        version = storage.schema_version()
        games, finished = storage.counts() if version else (0, 0)
        pending = Message("db.pending") if version < len(MIGRATIONS) else ""
        say(
            Message(
                "db.status",
                {
                    "url": shown,
                    "version": version,
                    "latest": len(MIGRATIONS),
                    "pending": pending,
                    "games": games,
                    "finished": finished,
                },
            )
        )
        return 0
    if action == "migrate":
        say(
            Message(
                "db.migrated",
                {"url": shown, "version": len(MIGRATIONS), "before": storage.migrated_from},
            )
        )
        return 0
    assert file is not None
    if action == "backup":
        try:
            storage.backup(file)
        except FileExistsError:
            say(Message("db.file_exists", {"path": str(file)}))
            return 2
        except OSError as error:
            say(Message("db.cannot_write", {"path": str(file), "why": os_reason(error)}))
            return 2
        games, finished = storage.counts()
        say(
            Message(
                "db.backed_up",
                {"url": shown, "path": str(file), "games": games, "finished": finished},
            )
        )
        return 0
    games, _ = storage.counts()
    if games and not replace:
        say(Message("db.holds_games", {"url": shown, "games": games}))
        return 2
    storage.restore(file)
    games, finished = storage.counts()
    say(
        Message(
            "db.restored",
            {
                "url": shown,
                "path": str(file),
                "games": games,
                "finished": finished,
                "version": storage.schema_version(),
            },
        )
    )
    return 0
