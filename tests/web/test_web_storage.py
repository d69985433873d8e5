"""The storage layer, the same tests on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import threading
from dataclasses import replace

from damero.web.storage import Change, Seat, Storage, StoredGame, hash_token


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
