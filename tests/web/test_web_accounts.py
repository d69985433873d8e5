"""Accounts as a player meets them, through the app in the test's process: signing up, logging in
and out, sessions that cannot be fixed or reused, the log-in limits, password changes, deletion,
and requests from other sites refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from starlette.testclient import TestClient

from damero.web.accounts import HASHER
from damero.web.app import create_app
from damero.web.limits import Limits
from damero.web.sessions import COOKIE
from damero.web.storage import Storage

SITE = "http://testserver"
SAME = {"Origin": SITE}
PASSWORD = "tango-river-42"


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[Storage]:
    opened = Storage(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    yield opened
    opened.close()


def app(storage: Storage, **limits: Any) -> TestClient:
    return TestClient(create_app(storage, limits=Limits(**limits)))


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post("/api/account/signup", json={"name": name, "password": password})


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post(
        "/api/account/login", json={"name": name, "password": password}, headers=SAME
    )


def plant(client: TestClient, session: str) -> None:
    """Gives `client` the cookie of the session `session`, as a browser holding it sends it."""
    client.cookies.clear()
    client.cookies.set(COOKIE, session, domain="testserver.local", path="/")


def who(client: TestClient, session: str | None = None) -> str | None:
    """Whose session `client` holds, or the one whose id is `session` (then `client` holds it)."""
    if session is not None:
        plant(client, session)
    name: str | None = client.get("/api/account").json()["name"]
    return name


def test_a_name_and_a_password_are_refused_in_words_until_they_will_do(storage: Storage) -> None:
    with app(storage) as client:
        for name in ("ab", "a b", "ålice", "x" * 21, "bob!"):
            answer = sign_up(client, name)
            assert answer.status_code == 400 and answer.json()["code"] == "account.bad_name"
        for password, code in (
            ("short", "account.short_password"),
            ("Password1", "account.common_password"),
            ("iloveyou", "account.common_password"),
            ("Alice_1999", "account.password_is_name"),
            ("x" * 257, "account.long_password"),
        ):
            answer = sign_up(client, "Alice_1999", password)
            assert answer.json()["code"] == code, password
            assert answer.status_code == 400 and answer.json()["message"]
        assert sign_up(client, "Alice_1999", "a long enough phrase").status_code == 200
        assert who(client) == "Alice_1999"
    with app(storage) as other:
        taken = sign_up(other, "alice_1999")
        assert taken.status_code == 409 and taken.json()["code"] == "account.name_taken"
        assert "alice_1999" in taken.json()["message"]


def test_log_in_and_out_and_the_session_is_gone_for_good(storage: Storage) -> None:
    with app(storage) as client:
        sign_up(client, "alice")
        client.post("/api/account/logout", headers=SAME)
        assert who(client) is None
        answer = log_in(client, "ALICE")
        assert answer.status_code == 200 and answer.json() == {"name": "alice"}
        cookie = answer.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
        session = client.cookies[COOKIE]
        assert who(client) == "alice"
        assert client.post("/api/account/logout", headers=SAME).status_code == 200
        assert COOKIE not in client.cookies
        # The id the browser held names no session any more, whoever sends it again.
        assert who(client, session) is None
        plant(client, session)
        refused = client.post(
            "/api/account/password",
            json={"password": PASSWORD, "new": "another fine phrase"},
            headers=SAME,
        )
        assert refused.status_code == 401 and refused.json()["code"] == "account.not_logged_in"


def test_the_session_cookie_is_secure_when_the_site_is_served_over_https(
    storage: Storage,
) -> None:
    with TestClient(create_app(storage), base_url="https://damero.example") as client:
        answer = sign_up(client, "alice")
        assert answer.status_code == 200
        cookie = answer.headers["set-cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert who(client) == "alice"
    with app(storage) as plain:
        assert "Secure" not in log_in(plain, "alice").headers["set-cookie"]


def test_a_session_id_planted_before_log_in_is_never_the_accounts(storage: Storage) -> None:
    with app(storage) as attacker, app(storage) as victim:
        sign_up(attacker, "mallory")
        planted = attacker.cookies[COOKIE]
        sign_up(victim, "victim")
        victim.post("/api/account/logout", headers=SAME)
        for chosen in ("A" * 43, planted):
            plant(victim, chosen)
            log_in(victim, "victim")
            given = victim.cookies[COOKIE]
            assert given != chosen
            assert who(victim, given) == "victim"
            # The id chosen beforehand names no session of the victim's; one the attacker held is
            # ended by the log-in.
            assert who(attacker, chosen) is None


def test_log_ins_past_the_limit_are_refused_alike_whether_or_not_the_name_exists(
    storage: Storage,
) -> None:
    with app(storage, log_ins_per_name=3) as client:
        sign_up(client, "alice")
        client.post("/api/account/logout", headers=SAME)
        answers = {}
        for name in ("alice", "nobody"):
            tries = [log_in(client, name, "not the password") for _ in range(5)]
            answers[name] = [(t.status_code, t.json()) for t in tries]
        assert answers["alice"] == answers["nobody"]
        statuses = [status for status, _ in answers["alice"]]
        assert statuses == [401, 401, 401, 429, 429]
        assert answers["alice"][0][1]["message"] == "Wrong name or password."
        assert answers["alice"][3][1]["message"] == (
            "Too many log-in attempts from here or for this name: try again in 15 minutes."
        )
        # Past the limit even the right password waits: the name is not tried.
        assert log_in(client, "alice").status_code == 429


def test_log_ins_from_one_address_past_its_limit_are_refused(storage: Storage) -> None:
    with app(storage, log_ins_per_address=4) as client:
        statuses = [log_in(client, f"name{k}", "not the password").status_code for k in range(6)]
        assert statuses == [401, 401, 401, 401, 429, 429]


def test_a_right_password_forgives_the_names_wrong_tries(storage: Storage) -> None:
    with app(storage, log_ins_per_name=3) as client:
        sign_up(client, "alice")
        for _ in range(2):
            assert log_in(client, "alice", "mistyped it").status_code == 401
        assert log_in(client, "alice").status_code == 200
        for _ in range(3):
            assert log_in(client, "alice", "mistyped again").status_code == 401


def test_an_unknown_name_costs_a_password_check_as_a_known_one_does(storage: Storage) -> None:
    """The answer's time does not tell whether the name exists: both check a hash."""
    checks: list[str] = []

    class Counting(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> bool:
            checks.append(str(password))
            return bool(super().verify(hash, password))

    hasher = Counting(time_cost=2, memory_cost=19_456, parallelism=1)
    with TestClient(create_app(storage, hasher=hasher)) as client:
        sign_up(client, "alice")
        log_in(client, "alice", "wrong one")
        log_in(client, "nobody", "wrong two")
    assert checks == ["wrong one", "wrong two"]


def test_changing_the_password_logs_out_every_other_browser(storage: Storage) -> None:
    with app(storage) as phone, app(storage) as laptop:
        sign_up(phone, "alice")
        log_in(laptop, "alice")
        old_phone = phone.cookies[COOKIE]
        wrong = phone.post(
            "/api/account/password",
            json={"password": "guess", "new": "a brand new phrase"},
            headers=SAME,
        )
        assert wrong.status_code == 403 and wrong.json()["code"] == "account.wrong_password"
        changed = phone.post(
            "/api/account/password",
            json={"password": PASSWORD, "new": "a brand new phrase"},
            headers=SAME,
        )
        assert changed.status_code == 200
        assert phone.cookies[COOKIE] != old_phone
        assert who(phone) == "alice"
        assert who(laptop) is None
        assert log_in(laptop, "alice").status_code == 401
        assert log_in(laptop, "alice", "a brand new phrase").status_code == 200


def test_a_hash_made_with_other_parameters_is_made_again_at_log_in(storage: Storage) -> None:
    old = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    storage.create_account("alice", old.hash(PASSWORD), now=0.0)
    with app(storage) as client:
        assert log_in(client, "alice").status_code == 200
    found = storage.find_account("alice")
    assert found is not None
    assert not HASHER.check_needs_rehash(found[1]) and HASHER.verify(found[1], PASSWORD)
    assert old.check_needs_rehash(found[1])


def test_a_deleted_account_is_gone_and_its_name_free(storage: Storage) -> None:
    with app(storage) as client:
        sign_up(client, "alice")
        refused = client.post("/api/account/delete", json={"password": "nope"}, headers=SAME)
        assert refused.status_code == 403
        assert client.get("/api/players/alice").status_code == 200
        assert (
            client.post(
                "/api/account/delete", json={"password": PASSWORD}, headers=SAME
            ).status_code
            == 200
        )
        assert who(client) is None
        missing = client.get("/api/players/alice?lang=es")
        assert missing.status_code == 404
        assert missing.json()["message"] == "Ningún jugador se llama alice."
        assert client.get("/@/alice").status_code == 404
        assert log_in(client, "alice").status_code == 401
        assert sign_up(client, "Alice").status_code == 200


def test_a_request_from_another_sites_page_is_refused_before_it_acts(storage: Storage) -> None:
    with app(storage) as client:
        sign_up(client, "alice")
        for headers in (
            {"Origin": "http://evil.example"},
            {"Origin": "null"},
            {"Sec-Fetch-Site": "cross-site"},
            {"Referer": "http://evil.example/form.html"},
            {},  # a browser's session cookie with nothing to say where the request came from
        ):
            answer = client.post("/api/account/logout?lang=es", headers=headers)
            assert answer.status_code == 403, headers
            assert answer.json()["code"] == "web.cross_site"
            assert "otro sitio" in answer.json()["message"]
            assert who(client) == "alice"
        assert client.post("/api/account/logout", headers={"Referer": SITE + "/account"}).is_success
        assert who(client) is None
        # A program with no session (neither Origin nor cookie) still makes games as before.
        assert client.post("/api/games", json={"game": "tictactoe"}).status_code == 200
