"""The storage layer, the same tests on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import queue
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import psycopg
import pytest
import sqlalchemy as sa
from servers import PostgresCluster, run_on_a_loop_of_its_own

import damero.web.storage as storage_module
from damero.web.committer import GroupCommitter
from damero.web.storage import (
    CHANNEL,
    Attendance,
    Attending,
    Change,
    DatabaseFault,
    Notice,
    Seat,
    Storage,
    StoredGame,
    format_notice,
    hash_token,
)


def a_game(game_id: str, *, computer: bool = False) -> StoredGame:
    second = Seat(level=3) if computer else Seat(hash_token("o"))
    return StoredGame(
        game_id,
        "othello",
        {"size": 6},
        "-" * 36 + " X",
        (),
        1,
        False,
        (Seat(hash_token("x")), second),
        1.0,
    )


def test_games_are_kept_with_their_moves_and_version(database_url: str) -> None:
    storage = Storage(database_url)
    assert storage.write([a_game("one")]) == [True]
    assert storage.write([Change("one", 1, 0, ("3 4", "3 3"), False)]) == [True]
    stored = storage.load("one")
    assert stored is not None
    assert stored.moves == ("3 4", "3 3") and stored.version == 2
    assert stored.options == {"size": 6} and stored.seats[0].token_hash == hash_token("x")
    assert storage.load("two") is None
    storage.close()
    reopened = Storage(database_url)  # migrating again changes nothing
    assert reopened.load("one") == stored
    reopened.close()


def test_a_change_from_a_version_gone_by_is_refused_and_changes_nothing(database_url: str) -> None:
    storage = Storage(database_url)
    storage.write([a_game("one"), a_game("two")])
    assert storage.write(
        [Change("one", 1, 0, ("3 4",), False), Change("two", 7, 0, ("3 4",), False)]
    ) == [True, False]
    assert storage.write([Change("one", 1, 0, ("4 3",), False)]) == [False]
    one, two = storage.load("one"), storage.load("two")
    assert one is not None and one.moves == ("3 4",)
    assert two is not None and two.moves == () and two.version == 1
    storage.close()


def test_racing_writers_exactly_one_wins(database_url: str) -> None:
    storages = [Storage(database_url) for _ in range(4)]
    storages[0].write([a_game("race")])
    results: list[bool] = []
    start = threading.Barrier(4)

    def write(storage: Storage, move: str) -> None:
        start.wait()
        results.extend(storage.write([Change("race", 1, 0, (move,), False)]))

    threads = [
        threading.Thread(target=write, args=(storage, move))
        for storage, move in zip(storages, ["3 4", "4 3", "5 6", "6 5"], strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, False, True]
    stored = storages[0].load("race")
    assert stored is not None and len(stored.moves) == 1 and stored.version == 2
    for storage in storages:
        storage.close()


def test_a_take_back_keeps_the_moves_before(database_url: str) -> None:
    storage = Storage(database_url)
    storage.write([a_game("one")])
    storage.write([Change("one", 1, 0, ("3 4", "3 3", "3 2"), False)])
    assert storage.write([Change("one", 2, 1, (), False, is_take_back=True)]) == [True]
    stored = storage.load("one")
    assert stored is not None and stored.moves == ("3 4",) and stored.version == 3
    storage.close()


def test_computer_turns_are_claimed_once_until_they_expire(database_url: str) -> None:
    storage = Storage(database_url)
    storage.write([a_game("one", computer=True), a_game("two")])
    assert storage.unclaimed_with_computer(now=100.0) == ["one"]
    assert storage.claim("one", version=1, seconds=10, now=100.0)
    assert not storage.claim("one", version=1, seconds=10, now=105.0)
    assert storage.unclaimed_with_computer(now=105.0) == []
    assert storage.claim("one", version=1, seconds=10, now=111.0)  # the first claimer died
    assert not storage.claim("one", version=0, seconds=10, now=200.0)
    storage.write([Change("one", 1, 0, ("3 4",), False)])
    assert storage.unclaimed_with_computer(now=112.0) == ["one"]
    storage.close()


def test_a_renewed_claim_outlasts_its_first_expiry_and_only_its_claimant_renews_it(
    database_url: str,
) -> None:
    thinker, other = Storage(database_url), Storage(database_url)
    thinker.write([a_game("one", computer=True), a_game("two", computer=True)])
    assert thinker.claim("one", version=1, seconds=10, now=100.0)
    assert thinker.claim("two", version=1, seconds=10, now=100.0)
    assert other.renew_claims([("one", 1)], seconds=10, now=105.0) == set()  # not its claim
    held = thinker.renew_claims([("one", 1), ("two", 1), ("two", 0)], seconds=10, now=108.0)
    assert held == {("one", 1), ("two", 1)}
    assert not other.claim("one", version=1, seconds=10, now=115.0)  # held until 118 now
    assert other.unclaimed_with_computer(now=115.0) == []
    thinker.write([Change("one", 1, 0, ("3 4",), False)])  # the computer's move ends its claim
    assert thinker.renew_claims([("one", 1), ("two", 1)], seconds=10, now=116.0) == {("two", 1)}
    assert other.claim("two", version=1, seconds=10, now=127.0)  # the thinker stopped renewing
    assert thinker.renew_claims([("two", 1)], seconds=10, now=128.0) == set()
    assert thinker.renew_claims([], seconds=10, now=128.0) == set()
    thinker.close()
    other.close()


def test_open_games_are_the_public_unfinished_and_recent_newest_first(database_url: str) -> None:
    storage = Storage(database_url)
    public = replace(a_game("old"), mode="open")
    storage.write([public, replace(public, id="done"), a_game("private")])
    storage.write([Change("done", 1, 0, ("3 4",), True, moved_at=3.0)])
    storage.write([replace(public, id="new", created=2.0)])
    assert [game.id for game in storage.open_games(limit=10, since=0.0)] == ["new", "old"]
    assert [game.id for game in storage.open_games(limit=10, since=1.5)] == ["new"], (
        "a game nobody moved in since is taken for abandoned"
    )
    storage.close()


def test_presence_is_every_processs_pages_and_since_when_the_last_closed(database_url: str) -> None:
    one, other = Storage(database_url), Storage(database_url)  # two processes' storages
    one.write([a_game("game")])
    assert one.load("game").attendance == Attendance("game")  # type: ignore[union-attr]
    (came,) = one.write([Attending("game", 1, here=True, at=10.0)])
    assert came == Attendance("game", (False, True), (None, None), 1)
    (also,) = other.write([Attending("game", 1, here=True, at=11.0)])
    (left,) = one.write([Attending("game", 1, here=False, at=12.0)])
    assert also == Attendance("game", (False, True), (None, None), 2)
    assert left == Attendance("game", (False, True), (None, None), 3), "the other's page is open"
    (gone,) = other.write([Attending("game", 1, here=False, at=13.0)])
    assert gone == Attendance("game", (False, False), (None, 13.0), 4)
    assert one.load("game").attendance == gone  # type: ignore[union-attr]
    for storage in (one, other):
        storage.close()


def test_a_page_opening_or_closing_costs_four_statements(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each page that opens or closes writes where the game's players are: the fewer round trips
    to the database, the less of a server's time they take. The statements are counted where
    they reach the driver, which on PostgreSQL SQLAlchemy no longer sees."""
    storage = Storage(database_url)
    storage.write([a_game("game")])
    statements: list[str] = []
    driven = storage_module._driven

    def counted(connection: object, sql: str, values: dict[str, object]) -> object:
        if "pg_notify" not in sql:  # the other processes' word, on PostgreSQL alone
            statements.append(sql)
        return driven(connection, sql, values)  # type: ignore[arg-type]

    monkeypatch.setattr(storage_module, "_driven", counted)
    for here, at in ((True, 1.0), (True, 2.0), (False, 3.0), (False, 4.0)):
        statements.clear()
        (seen,) = storage.write([Attending("game", 0, here=here, at=at)])
        assert seen is not None and seen.here[0] is (at < 3.0)
        assert 1 <= len(statements) <= 4, statements
    assert seen.gone_since[0] == 3.0, "the page closed at 3; at 4 none was open to close"
    storage.close()


def test_a_claim_goes_in_only_while_the_other_is_still_away(database_url: str) -> None:
    storage = Storage(database_url)
    storage.write([a_game("game")])
    storage.write(
        [Attending("game", 1, here=True, at=1.0), Attending("game", 1, here=False, at=2.0)]
    )
    too_soon = Change("game", 1, 0, (), True, gone=(1, 1.5))
    claim = Change("game", 1, 0, (), True, gone=(1, 2.5))
    assert storage.write([too_soon]) == [False]
    storage.write([Attending("game", 1, here=True, at=3.0)])
    assert storage.write([claim]) == [False], "the other came back"
    storage.write([Attending("game", 1, here=False, at=2.0)])
    assert storage.write([claim]) == [True]
    storage.close()


def test_a_rematch_is_stored_with_its_change_or_not_at_all(database_url: str) -> None:
    storage = Storage(database_url)
    storage.write([a_game("game")])
    agreed = Change("game", 1, 0, (), True, rematch=a_game("next"))
    assert storage.write([agreed, agreed]) == [True, False]
    assert storage.load("next") is not None
    assert storage.write([Change("game", 1, 0, (), True, rematch=a_game("other"))]) == [False]
    assert storage.load("other") is None
    storage.close()


def connections_of(storage: Storage, process_key: str) -> int:
    with storage.engine.begin() as connection:
        return int(
            connection.exec_driver_sql(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = %(key)s",
                {"key": process_key},
            ).scalar_one()
        )


def test_the_pages_of_a_process_gone_are_taken_away(database_url: str) -> None:
    gone, alive = Storage(database_url), Storage(database_url)
    gone.write([a_game("game")])
    gone.write([Attending("game", 0, here=True, at=1.0)])
    gone.close()  # its connections end, as a process's do when it dies
    if not alive.is_shared:
        alive.write([Attending("game", 1, here=True, at=1.0)])  # SQLite: only this one lives
    deadline = time.monotonic() + 60
    while alive.is_shared and connections_of(alive, gone.process_key):
        assert time.monotonic() < deadline, "PostgreSQL kept the closed connections"
        time.sleep(0.05)
    (taken,) = alive.forget_dead_pages(now=7.0)
    assert taken.here[0] is False and taken.gone_since[0] == 7.0
    assert alive.forget_dead_pages(now=8.0) == []
    alive.close()


def test_a_database_from_before_presence_is_migrated_and_keeps_its_games(
    database_url: str,
) -> None:
    storage = Storage(database_url)
    storage.write([a_game("old")])
    with storage.engine.begin() as connection:  # back to the schema before presence
        connection.exec_driver_sql("DROP TABLE presence")
        for column in ("first_gone", "second_gone", "attendance"):
            connection.exec_driver_sql(f"ALTER TABLE games DROP COLUMN {column}")
        connection.exec_driver_sql("UPDATE damero_schema SET version = 2")
    storage.close()
    again = Storage(database_url)
    stored = again.load("old")
    assert stored is not None and stored.version == 1 and stored.attendance == Attendance("old")
    assert again.write([Attending("old", 0, here=True, at=1.0)]) == [
        Attendance("old", (True, False), (None, None), 1)
    ]
    again.close()


def test_a_database_from_before_accounts_is_migrated_and_keeps_its_games(
    database_url: str,
) -> None:
    storage = Storage(database_url)
    storage.write([a_game("old")])
    with storage.engine.begin() as connection:  # back to the schema before accounts
        for table in ("seats", "ratings", "attempts", "sessions", "accounts"):
            connection.exec_driver_sql(f"DROP TABLE {table}")
        for column in ("rated", "rating_low", "rating_high", "winner", "ending"):
            connection.exec_driver_sql(f"ALTER TABLE games DROP COLUMN {column}")
        connection.exec_driver_sql("UPDATE damero_schema SET version = 3")
    storage.close()
    again = Storage(database_url)
    stored = again.load("old")
    assert stored is not None and stored.version == 1
    account = again.create_account("ana", "a hash", now=1.0)
    assert account is not None and again.find_account("ANA") == (account, "a hash")
    again.close()


def each(heard: Callable[[Notice], None]) -> Callable[[list[Notice]], None]:
    """Hears the notices that come together one by one."""

    def one_by_one(notices: list[Notice]) -> None:
        for notice in notices:
            heard(notice)

    return one_by_one


def test_reads_and_writes_go_on_after_the_database_ends_the_connections_a_storage_keeps(
    postgres: PostgresCluster,
) -> None:
    """A storage keeps one connection for its reads and one for its writes; once PostgreSQL
    ends them (an administrator, a restart), the next read and write open new ones and succeed."""
    url = postgres.new_database()
    storage = Storage(url)
    storage.write([a_game("game")])
    (opened,) = storage.write([Attending("game", 0, here=True, at=1.0)])
    assert storage.load("game").attendance == opened  # type: ignore[union-attr]
    with psycopg.connect(url, autocommit=True) as admin:
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            (storage.process_key,),
        ).fetchall()
        assert len(ended) >= 2, "the reader and the writer"
        deadline = time.monotonic() + 30
        while admin.execute(
            "SELECT 1 FROM pg_stat_activity WHERE application_name = %s", (storage.process_key,)
        ).fetchall():
            assert time.monotonic() < deadline, "PostgreSQL kept the ended connections"
    assert storage.write([Change("game", 1, 0, ("3 4",), False)]) == [True]
    (closed,) = storage.write([Attending("game", 0, here=False, at=2.0)])
    stored = storage.load("game")
    assert stored is not None and stored.moves == ("3 4",) and stored.version == 2
    assert stored.attendance == closed == Attendance("game", (False, False), (2.0, None), 2)
    storage.close()


def test_a_moves_values_are_stored_exactly_and_a_failed_write_keeps_none_of_its_moves(
    database_url: str,
) -> None:
    """A move's write sends its values as text: every time and round is read back as given; a
    write the database refuses keeps none of its moves, and the next write goes in."""
    storage = Storage(database_url)
    storage.write([a_game("one"), a_game("two")])
    round_text = '{"clock":{"left":[0.1,59.99999999999999]},"note":"añejo ☃"}'
    change = Change(
        "one", 1, 0, ("3 4",), False, round=round_text, falls_at=1e9 + 0.1, moved_at=2 / 3
    )
    assert storage.write([change]) == [True]
    stored = storage.load("one")
    assert stored is not None and stored.round == round_text and stored.falls_at == 1e9 + 0.1
    with storage.engine.begin() as connection:
        assert (
            connection.execute(sa.text("SELECT moved_at FROM games WHERE id = 'one'")).scalar()
            == 2 / 3
        )
    clash = Change("one", 2, 0, ("3 4", "3 3"), False)  # its first move is stored already
    with pytest.raises(DatabaseFault):
        storage.write([Change("two", 1, 0, ("3 4",), False), clash])
    two = storage.load("two")
    assert two is not None and two.moves == () and two.version == 1
    assert storage.write([Change("two", 1, 0, ("3 4",), False)]) == [True]
    storage.close()


def test_a_failed_write_of_pages_and_moves_keeps_none_of_them_and_the_next_goes_in(
    database_url: str,
) -> None:
    """Pages and moves alone go straight to the driver of the connection kept for writes, on
    SQLite as on PostgreSQL: a write the database refuses keeps none of its items and is counted
    as a fault, and the writes after it go in."""
    storage = Storage(database_url)
    storage.write([a_game("one"), a_game("two")])
    assert storage.write([Change("one", 1, 0, ("3 4",), False)]) == [True]
    clash = Change("one", 2, 0, ("3 3",), False)  # its move's number is taken already
    with pytest.raises(DatabaseFault):
        storage.write(
            [Attending("two", 0, here=True, at=1.0), Change("two", 1, 0, ("3 4",), False), clash]
        )
    assert storage.faults == 1
    two = storage.load("two")
    assert two is not None and two.moves == () and two.version == 1
    assert two.attendance == Attendance("two")
    (opened,) = storage.write([Attending("two", 0, here=True, at=2.0)])
    assert opened == Attendance("two", (True, False), (None, None), 1)
    assert storage.write([Change("one", 2, 1, ("3 3",), False)]) == [True]
    one = storage.load("one")
    assert one is not None and one.moves == ("3 4", "3 3") and one.version == 3
    storage.close()


def test_pages_and_moves_written_together_are_each_stored_and_heard_in_the_games_order(
    postgres: PostgresCluster,
) -> None:
    """A commit of pages opened and closed beside moves (the writes of a busy server) stores
    each and tells the other processes of each, the games taken in the order of their ids."""
    url = postgres.new_database()
    maker, other = Storage(url), Storage(url)
    calls: queue.Queue[list[Notice]] = queue.Queue()
    other.listen(calls.put, lost=lambda: None, back=lambda number: None)
    maker.write([a_game("a"), a_game("b"), a_game("c")])
    items = [
        Change("c", 1, 0, ("3 4",), False),
        Attending("a", 0, here=True, at=1.0),
        Change("b", 1, 0, ("3 4", "3 3"), False),
        Attending("missing", 1, here=True, at=1.0),
    ]
    opened = Attendance("a", (True, False), (None, None), 1)
    assert maker.write(items) == [True, opened, True, None]
    heard: list[Notice] = []
    while len(heard) < 3:
        heard += calls.get(timeout=30)
    assert heard == [opened, items[2], items[0]]
    (closed,) = maker.write([Attending("a", 0, here=False, at=2.0)])
    assert closed == Attendance("a", (False, False), (2.0, None), 2)
    assert calls.get(timeout=30) == [closed]
    assert [maker.load(game).moves for game in "abc"] == [(), ("3 4", "3 3"), ("3 4",)]
    maker.close()
    other.close()


def test_the_notices_of_one_commit_are_heard_together_in_their_order(
    postgres: PostgresCluster,
) -> None:
    """A server's loop is woken once for the moves of many games that another server committed
    together, not once for each."""
    url = postgres.new_database()
    maker, other = Storage(url), Storage(url)
    calls: queue.Queue[list[Notice]] = queue.Queue()
    other.listen(calls.put, lost=lambda: None, back=lambda number: None)
    games = [f"game{number}" for number in range(6)]
    maker.write([a_game(game_id) for game_id in games])
    changes = [Change(game_id, 1, 0, ("3 4",), False) for game_id in games]
    maker.write(changes)
    heard: list[list[Notice]] = []
    while sum(map(len, heard)) < len(changes):
        heard.append(calls.get(timeout=30))
    assert [notice for notices in heard for notice in notices] == changes
    assert len(heard) < len(changes)
    maker.close()
    other.close()


def test_a_loop_reads_the_notices_itself_and_listens_anew_once_the_database_ends_its_connection(
    postgres: PostgresCluster,
) -> None:
    """Given its event loop, a storage has the loop read the listening connection's socket: the
    notices are heard in the loop's own thread, with no other thread waking it for each. Once the
    database ends that connection, the storage says so, listens anew and hears what comes next."""
    url = postgres.new_database()
    maker, other = Storage(url), Storage(url)
    maker.write([a_game("one")])

    async def hear() -> None:
        loop = asyncio.get_running_loop()
        heard: asyncio.Queue[tuple[list[Notice], int]] = asyncio.Queue()
        listens: queue.Queue[int] = queue.Queue()
        lost = threading.Event()

        def heard_here(notices: list[Notice]) -> None:
            heard.put_nowait((notices, threading.get_ident()))

        await asyncio.to_thread(
            other.listen, heard_here, lost=lost.set, back=listens.put, loop=loop
        )
        assert await asyncio.to_thread(listens.get, timeout=30) == 1
        for number, change in enumerate(
            [Change("one", 1, 0, ("3 4",), False), Change("one", 2, 1, ("3 3",), False)]
        ):
            if number:
                with psycopg.connect(url, autocommit=True) as admin:
                    ended = admin.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE application_name = %s",
                        (other.process_key,),
                    ).fetchall()
                assert ended, "the listening connection"
                assert await asyncio.to_thread(listens.get, timeout=30) == 2
                assert lost.is_set()
            assert await asyncio.to_thread(maker.write, [change]) == [True]
            notices, thread = await asyncio.wait_for(heard.get(), 30)
            assert notices == [change]
            assert thread == threading.get_ident()  # the loop's own

    run_on_a_loop_of_its_own(hear())
    maker.close()
    other.close()


async def refused(items: Any) -> Any:
    """In the writer thread's place where moves alone must not reach it."""
    raise AssertionError("the writer's thread was woken for moves alone")


async def loop_writer_ready(committer: GroupCommitter) -> None:
    """Waits for the loop's own writer, opened while the last moves went to the thread."""
    if committer.opening is not None:
        await committer.opening
    assert committer.loop_writer is not None and committer.loop_writer.usable


def test_a_move_alone_is_written_by_the_loop_itself_and_its_connection_replaced_once_it_fails(
    postgres: PostgresCluster,
) -> None:
    """On PostgreSQL the committer's loop writes a move alone itself, on a connection of its own,
    and reads the answer from its socket: the writer's thread is not woken for it. A move whose
    game moved on is refused; one the database fails is a fault, and so is nothing kept of it;
    after that, or once the database ends the connection, the next moves still go in, while a
    new connection is opened, and every move that went in is announced."""
    url = postgres.new_database()
    storage, other = Storage(url), Storage(url)
    heard: queue.Queue[Notice] = queue.Queue()
    other.listen(each(heard.put), lost=lambda: None, back=lambda number: None)
    storage.write([a_game("one")])
    moves = ["3 4", "3 3", "3 2", "2 2", "2 1", "1 1"]

    def move(version: int) -> Change:
        return Change("one", version, version - 1, (moves[version - 1],), False)

    async def commit() -> None:
        committer = GroupCommitter(storage)
        on_thread = committer.thread.write

        async def ready() -> None:
            await loop_writer_ready(committer)

        assert await committer.commit(move(1))  # the first goes to the thread, and opens it
        await ready()
        committer.thread.write = refused  # type: ignore[method-assign]
        assert await committer.commit(move(2))
        assert not await committer.commit(move(2))  # the game moved on
        clash = Change("one", 3, 0, ("3 4", "3 3"), False)  # its first move is stored already
        with pytest.raises(DatabaseFault):
            await committer.commit(clash)
        committer.thread.write = on_thread  # type: ignore[method-assign]
        assert await committer.commit(move(3))
        await ready()
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s",
                (storage.process_key,),
            )
            deadline = time.monotonic() + 30
            while admin.execute(
                "SELECT 1 FROM pg_stat_activity WHERE application_name = %s",
                (storage.process_key,),
            ).fetchall():
                assert time.monotonic() < deadline, "PostgreSQL kept the ended connections"
        assert await committer.commit(move(4))
        await ready()
        committer.thread.write = refused  # type: ignore[method-assign]
        assert await committer.commit(move(5))

    run_on_a_loop_of_its_own(commit())
    stored = storage.load("one")
    assert stored is not None and stored.moves == tuple(moves[:5]) and stored.version == 6
    assert [heard.get(timeout=30) for _ in range(5)] == [move(version) for version in range(1, 6)]
    storage.close()
    other.close()


def test_moves_committed_together_are_written_by_the_loop_in_one_transaction(
    postgres: PostgresCluster,
) -> None:
    """Several moves waiting together go from the committer's loop as one transaction, their
    games' rows taken in the order of their ids: each caller hears whether its own went in, and
    the other processes hear those that did, in that order. A transaction the database fails
    stores none of them, and its callers hear of the fault; the moves after it still go in. What
    waits beside them that is not a move alone (here a new game) goes to the writer's thread."""
    url = postgres.new_database()
    storage, other = Storage(url), Storage(url)
    heard: queue.Queue[Notice] = queue.Queue()
    other.listen(each(heard.put), lost=lambda: None, back=lambda number: None)
    storage.write([a_game("a"), a_game("b"), a_game("c")])
    first = {game_id: Change(game_id, 1, 0, ("3 4",), False) for game_id in "abc"}

    async def commit() -> None:
        committer = GroupCommitter(storage)
        on_thread = committer.thread.write

        async def ready() -> None:
            await loop_writer_ready(committer)
            assert committer.writer is not None
            await committer.writer  # the next commits wait together for the next transaction

        assert await committer.commit(first["b"])  # to the thread, which opens the loop's own
        await ready()
        committer.thread.write = refused  # type: ignore[method-assign]
        together = [first["c"], first["b"], first["a"]]  # b's game moved on already
        assert await asyncio.gather(*map(committer.commit, together)) == [True, False, True]
        await ready()
        clash = Change("c", 2, 0, ("3 4", "3 3"), False)  # its first move is stored already
        failed = await asyncio.gather(
            committer.commit(Change("a", 2, 1, ("3 3",), False)),
            committer.commit(clash),
            return_exceptions=True,
        )
        assert [type(outcome) for outcome in failed] == [DatabaseFault, DatabaseFault]
        committer.thread.write = on_thread  # type: ignore[method-assign]
        assert await committer.commit(Change("b", 2, 1, ("3 3",), False))
        await ready()
        committer.thread.write = refused  # type: ignore[method-assign]
        assert await asyncio.gather(
            committer.commit(Change("c", 2, 1, ("3 3",), False)),
            committer.commit(Change("a", 2, 1, ("3 3",), False)),
        ) == [True, True]
        await ready()
        given: list[list[Any]] = []

        async def recorded(items: Any) -> Any:
            given.append(list(items))
            return await on_thread(items)

        committer.thread.write = recorded  # type: ignore[method-assign]
        assert await asyncio.gather(  # a new game beside: only it goes to the thread
            committer.commit(Change("b", 3, 2, ("3 2",), False)), committer.commit(a_game("d"))
        ) == [True, True]
        assert given == [[a_game("d")]]

    run_on_a_loop_of_its_own(commit())
    stored = {game_id: storage.load(game_id) for game_id in "abcd"}
    assert {game_id: (game.moves, game.version) for game_id, game in stored.items() if game} == {
        "a": (("3 4", "3 3"), 3),
        "b": (("3 4", "3 3", "3 2"), 4),
        "c": (("3 4", "3 3"), 3),
        "d": ((), 1),
    }
    notices = [heard.get(timeout=30) for _ in range(7)]
    assert [(notice.game_id, notice.version) for notice in notices] == [  # type: ignore[union-attr]
        ("b", 1),
        ("a", 1),
        ("c", 1),
        ("b", 2),
        ("a", 2),
        ("c", 2),
        ("b", 3),
    ]
    storage.close()
    other.close()


def test_moves_the_socket_cannot_take_at_once_wait_without_holding_up_the_loop(
    postgres: PostgresCluster,
) -> None:
    """Moves written by the loop that its connection's socket cannot take at once (the database
    busy, its buffers full) are sent as the socket takes them, while the loop goes on serving the
    rest: the database here is kept from reading until the loop has run something else, and a
    loop held by the write could not. They all go in once the database reads again."""
    url = postgres.new_database()
    storage = Storage(url)
    games = [a_game(game_id) for game_id in "abcdefghi"]
    storage.write(games)
    many = tuple("3 4" for _ in range(20_000))  # the nine moves are over a megabyte
    # The first takes the game's row another transaction holds; the others' versions are gone by.
    changes = [Change("a", 1, 0, ("3 4",), False)]
    changes += [Change(game.id, 5, 0, many, False) for game in games[1:]]
    writer = storage.loop_writer()
    with socket.fromfd(writer.pgconn.socket, socket.AF_INET, socket.SOCK_STREAM) as shared:
        shared.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    holder = psycopg.connect(url)
    holder.execute("SELECT 1 FROM games WHERE id = 'a' FOR UPDATE")
    loop_went_on = threading.Event()
    in_time: list[bool] = []

    def release() -> None:
        in_time.append(loop_went_on.wait(60))  # a held loop sets it only after this gives up
        holder.rollback()

    releaser = threading.Thread(target=release)
    releaser.start()

    async def write() -> list[bool]:
        written = asyncio.create_task(writer.write(changes))
        await asyncio.sleep(0)  # the write starts, and waits
        assert not written.done() and writer.pgconn.flush() == 1  # the socket is full
        loop_went_on.set()
        return await written

    answers = run_on_a_loop_of_its_own(write())
    releaser.join()
    holder.close()
    assert in_time == [True], "the loop was held while the socket was full"
    assert answers == [True] + [False] * 8
    stored = storage.load("a")
    assert stored is not None and stored.moves == ("3 4",) and stored.version == 2
    storage.close()


def test_a_change_is_heard_whole_by_the_other_processes_and_not_by_its_maker(
    database_url: str,
) -> None:
    maker, other = Storage(database_url), Storage(database_url)
    if not maker.is_shared:
        return  # one process alone: nobody to tell
    heard: dict[Storage, list[Notice]] = {maker: [], other: []}
    told = {maker: threading.Event(), other: threading.Event()}

    def hearing(storage: Storage) -> Callable[[list[Notice]], None]:
        def heard_by(notices: list[Notice]) -> None:
            heard[storage] += notices
            told[storage].set()

        return heard_by

    for storage in (maker, other):
        storage.listen(hearing(storage), lost=lambda: None, back=lambda number: None)
    maker.write([a_game("one")])
    change = Change("one", 1, 0, ("3 4",), False, moved_at=2.0, forced=1)
    maker.write([change])
    assert told[other].wait(30)
    # Notices come in the order of their commits: once the maker hears this later one, it would
    # have heard its own.
    other.write([Change("one", 2, 1, ("3 3",), False)])
    assert told[maker].wait(30)
    assert heard[other] == [change]  # the whole change: nothing to read back
    assert [notice.version for notice in heard[maker] if isinstance(notice, Change)] == [2]
    maker.close()
    other.close()


def test_a_server_follows_a_newer_servers_notices_and_goes_on_past_one_it_cannot_read(
    postgres: PostgresCluster,
) -> None:
    """While servers are updated one by one, an older one hears notices written by a newer."""
    url = postgres.new_database()
    maker, other = Storage(url), Storage(url)
    heard: queue.Queue[Notice] = queue.Queue()
    listens: queue.Queue[int] = queue.Queue()
    other.listen(each(heard.put), lost=lambda: None, back=listens.put)
    assert listens.get(timeout=30) == 1
    maker.write([a_game("one")])
    change = Change("one", 1, 0, ("3 4",), False)
    newer = format_notice(change).replace("{", '{"field of a newer release":[1,2],', 1)
    address = maker.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(address, autocommit=True) as connection:
        for payload in (newer, '{"moves":"not a change"}'):
            connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
    assert heard.get(timeout=30) == change
    # The notice it cannot read makes it listen anew and read again what it may have missed.
    assert listens.get(timeout=60) == 2
    maker.write([change])
    assert heard.get(timeout=30) == change
    maker.close()
    other.close()


def test_a_change_refused_is_not_announced_and_one_that_goes_in_keeps_all_its_moves(
    database_url: str,
) -> None:
    maker, other = Storage(database_url), Storage(database_url)
    heard: queue.Queue[Notice] = queue.Queue()
    other.listen(each(heard.put), lost=lambda: None, back=lambda number: None)
    maker.write([a_game("one"), a_game("two")])
    # The first is refused (the game is at version 1); the second adds three moves at once.
    refused = Change("one", 5, 0, ("3 4",), False)
    taken = Change("two", 1, 0, ("3 4", "3 3", "3 2"), False)
    assert maker.write([refused, taken]) == [False, True]
    loaded, untouched = maker.load("two"), maker.load("one")
    assert loaded is not None and loaded.moves == ("3 4", "3 3", "3 2") and loaded.version == 2
    assert untouched is not None and untouched.moves == () and untouched.version == 1
    if maker.is_shared:
        after = Change("two", 2, 3, ("2 2",), False)
        maker.write([after])
        # Notices come in the order of their commits: the refused change would come first.
        assert [heard.get(timeout=30), heard.get(timeout=30)] == [taken, after]
    maker.close()
    other.close()
