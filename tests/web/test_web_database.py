"""`damero db`: a backup taken while a server plays, restored and served again; the schema of
every earlier version migrated to the current one, on SQLite and on PostgreSQL; and PostgreSQL's
own pg_dump and pg_restore, as the command and the docs give them."""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from servers import POSTGRES_BIN, PostgresCluster, Server, create_game, server_forker
from test_web_postgres import join, move, receive, send, state_at, token_of, until
from websockets.sync.client import ClientConnection

from damero.registry import find_game
from damero.web.storage import (
    MIGRATIONS,
    PRESENCE_COLUMNS,
    ROUND_COLUMNS,
    Change,
    Seat,
    Storage,
    StoredGame,
    hash_token,
)
from damero.web.stored import round_of

TIMEOUT = 300.0


def damero_db(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    """`damero db ARGUMENTS`, as an operator types it (forked as the servers are); what it says,
    on one line."""
    command = ["db", *map(str, arguments)]
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        run = server_forker().start("damero", command, output.fileno(), errors.fileno())
        try:
            returncode = run.wait(timeout=TIMEOUT)
        finally:
            run.kill()  # if it still runs
        output.seek(0)
        errors.seek(0)
        said, warned = output.read().decode(), errors.read().decode()
    return subprocess.CompletedProcess(
        ["damero", *command], returncode, " ".join(said.split()), warned
    )


def play(server: Server, token: str | None, game_id: str, *cells: str) -> dict[str, Any]:
    """Plays `cells` on one seat's socket (both sides of a game played here); the last state."""
    with join(server, game_id, token) as player:
        state = receive(player)
        for cell in cells:
            move(player, cell, state["version"])
            state = state_at(player, state["version"] + 1)
    return state


@contextlib.contextmanager
def friends_after_the_first_move(
    server: Server, created: dict[str, Any]
) -> Iterator[tuple[ClientConnection, ClientConnection, dict[str, Any]]]:
    """Both seats' sockets on a game `created` with a friend, once X has played 5 in the middle;
    the state O's socket then has."""
    x, o = created["token"], token_of(created["links"]["other"])
    with join(server, created["id"], x) as first, join(server, created["id"], o) as second:
        state = receive(first)
        receive(second)
        move(first, "5", state["version"])
        yield first, second, state_at(second, state["version"] + 1)


def games_in_every_state(server: Server) -> dict[str, str]:
    """Games of every kind and state the site holds, by what they are: their ids."""
    games = {}
    waiting = create_game(server, game="tictactoe", mode="friend")
    games["waiting for the friend"] = waiting["id"]
    games["an open seat"] = create_game(server, game="tictactoe", mode="open")["id"]
    games["othello 6x6, no move yet"] = create_game(
        server, game="othello", mode="local", options={"size": 6}
    )["id"]
    won = create_game(server, game="tictactoe", mode="local")
    assert play(server, won["token"], won["id"], "1", "4", "2", "5", "3")["over"]
    games["won"] = won["id"]
    timed = create_game(
        server, game="tictactoe", mode="friend", clock={"initial": 600, "increment": 2}
    )
    with friends_after_the_first_move(server, timed) as (first, second, state):
        move(second, "1", state["version"])
        state_at(first, state["version"] + 1)
    games["timed, the clock running"] = timed["id"]
    for ending in ("resign", "draw"):
        created = create_game(server, game="tictactoe", mode="friend")
        with friends_after_the_first_move(server, created) as (first, second, state):
            send(second, type=ending, version=state["version"])
            if ending == "draw":
                state = until(first, lambda m: m["type"] == "state" and m["offers"]["draw"])
                send(first, type="draw", version=state["version"])
            until(first, lambda m: m["type"] == "state" and m["over"])
        games[f"ended by {ending}"] = created["id"]
    computer = create_game(server, game="tictactoe", mode="computer", seat="second", level=1)
    with join(server, computer["id"], computer["token"]) as player:
        until(player, lambda m: m["type"] == "state" and len(m["moves"]) == 1)
    games["against the computer"] = computer["id"]
    return games


def stored_games(url: str, ids: dict[str, str]) -> dict[str, StoredGame]:
    """Each game as stored, without where its players are (which pages happen to be open)."""
    storage = Storage(url)
    try:
        found = {name: storage.load(game_id) for name, game_id in ids.items()}
    finally:
        storage.close()
    assert all(found.values()), found
    return {name: replace(game, attendance=None) for name, game in found.items() if game}


def test_a_backup_taken_while_a_server_plays_restores_every_game_as_it_was(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = Server(url, tmp_path / "server.log")
    try:
        ids = games_in_every_state(server)
        backup = tmp_path / "backup.sqlite3"
        made = damero_db("backup", backup, "--db", url)  # the server still runs
        assert made.returncode == 0, made
        assert f"{len(ids)} games, 3 of them over" in made.stdout
        again = damero_db("backup", backup, "--db", url)
        assert again.returncode == 2 and "exists already" in again.stdout
    finally:
        server.stop()
    before = stored_games(url, ids)
    assert before["won"].finished and not before["timed, the clock running"].finished

    restored_url = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    restored = damero_db("restore", backup, "--db", restored_url)
    assert restored.returncode == 0, restored
    after = stored_games(restored_url, ids)
    assert after == before
    for name, game in after.items():  # replayed by the rules, each comes out the same
        assert round_of(game) == round_of(before[name]), name

    refused = damero_db("restore", backup, "--db", url)  # a database with games is kept
    assert refused.returncode == 2 and "--replace" in refused.stdout
    not_a_backup = tmp_path / "notes.txt"
    not_a_backup.write_text("not a database\n")
    wrong = damero_db("restore", not_a_backup, "--db", restored_url, "--replace")
    assert wrong.returncode == 2 and "is not a damero database backup" in wrong.stdout
    assert stored_games(restored_url, ids) == before  # the refused restore changed nothing

    # A server on the restored database takes the games up where they were.
    server = Server(restored_url, tmp_path / "restored.log")
    try:
        timed = ids["timed, the clock running"]
        with join(server, timed) as watcher:
            state = receive(watcher)
            assert state["moves"] == ["5", "1"] and state["clock"]["running"] == "first"
        won = receive_state(server, ids["won"])
        assert won["over"] and won["moves"] == ["1", "4", "2", "5", "3"]
    finally:
        server.stop()


def receive_state(server: Server, game_id: str) -> dict[str, Any]:
    with join(server, game_id) as watcher:
        return receive(watcher)


def old_schema(url: str, version: int) -> None:
    """Turns the current schema at `url`, which holds games, into the schema of `version` as
    the migrations before it made it, its games kept."""
    storage = Storage(url)
    with storage.engine.begin() as connection:
        dropped: list[str] = []
        if version < 3:
            connection.exec_driver_sql("DROP TABLE presence")
            dropped += PRESENCE_COLUMNS
        if version < 2:
            connection.exec_driver_sql("DROP INDEX games_falling")
            dropped += ROUND_COLUMNS
        for column in dropped:
            connection.exec_driver_sql(f"ALTER TABLE games DROP COLUMN {column}")
        connection.exec_driver_sql(f"UPDATE damero_schema SET version = {version}")
    storage.close()


@pytest.mark.parametrize("version", range(1, len(MIGRATIONS)))
def test_db_migrate_brings_each_earlier_schema_to_the_current_one(
    database_url: str, version: int
) -> None:
    storage = Storage(database_url)
    created = create_game_with_moves(storage)
    storage.close()
    old_schema(database_url, version)
    status = damero_db("status", "--db", database_url)
    assert status.returncode == 0, status
    assert f"schema version {version} of {len(MIGRATIONS)}" in status.stdout
    assert "damero db migrate brings it up to date" in status.stdout
    migrated = damero_db("migrate", "--db", database_url)
    assert migrated.returncode == 0, migrated
    assert f"schema version {len(MIGRATIONS)} (it held {version})" in migrated.stdout
    status = damero_db("status", "--db", database_url)
    assert f"schema version {len(MIGRATIONS)} of {len(MIGRATIONS)};" in status.stdout
    assert "1 games, 0 of them over" in status.stdout
    storage = Storage(database_url)
    try:
        stored = storage.load(created.id)
        assert stored is not None and stored.moves == created.moves
        assert round_of(stored).state.position == round_of(created).state.position
        engine_columns = {c["name"] for c in sa.inspect(storage.engine).get_columns("games")}
        assert set(PRESENCE_COLUMNS) | set(ROUND_COLUMNS) <= engine_columns
    finally:
        storage.close()


def create_game_with_moves(storage: Storage) -> StoredGame:
    tictactoe = find_game("tictactoe")
    start = tictactoe.format_position(tictactoe.start())
    game = StoredGame(
        "old", "tictactoe", {}, start, (), 1, False, (Seat(hash_token("x")), Seat(level=1)), 1.0
    )
    assert storage.write([game]) == [True]
    assert storage.write([Change("old", 1, 0, ("5", "1"), False)]) == [True]
    stored = storage.load("old")
    assert stored is not None
    return stored


def test_an_empty_database_is_given_the_current_schema_by_db_migrate(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    status = damero_db("status", "--db", url)
    assert f"schema version 0 of {len(MIGRATIONS)}" in status.stdout
    migrated = damero_db("migrate", "--db", url)
    assert migrated.returncode == 0 and f"version {len(MIGRATIONS)} (it held 0)" in migrated.stdout


def test_postgresql_is_backed_up_and_restored_by_its_own_tools_as_the_command_says(
    postgres: PostgresCluster, tmp_path: Path
) -> None:
    url = postgres.new_database()
    storage = Storage(url)
    created = create_game_with_moves(storage)
    storage.close()
    dump = tmp_path / "games.dump"
    said = damero_db("backup", dump, "--db", url)
    assert said.returncode == 2 and "pg_dump --format=custom" in said.stdout
    said = damero_db("restore", dump, "--db", url)
    assert said.returncode == 2 and "pg_restore --dbname" in said.stdout
    # The commands it gives, as given, with this cluster's programs.
    subprocess.run(
        [str(POSTGRES_BIN / "pg_dump"), "--format=custom", "--file", str(dump), url],
        check=True,
        timeout=TIMEOUT,
    )
    empty = postgres.new_database()
    subprocess.run(
        [str(POSTGRES_BIN / "pg_restore"), "--dbname", empty, str(dump)],
        check=True,
        timeout=TIMEOUT,
    )
    assert damero_db("migrate", "--db", empty).returncode == 0
    restored = Storage(empty)
    try:
        assert restored.load(created.id) == created
    finally:
        restored.close()
