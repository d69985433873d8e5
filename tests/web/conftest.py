"""Real parts for the browser tests: `damero serve` on a free loopback port, and Debian's Chromium.

Every test here fails if the server logged a traceback: a server started as a process has its
log read when it stops (`Server.check_log`), and an app run in the test's own process has every
log record with an exception caught here."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import CHROMIUM, CHROMIUM_ARGS, OUTPUT, PostgresCluster, Server
from starlette.testclient import TestClient

import logged_secrets
from damero.web import logs
from damero.web.app import create_app
from damero.web.storage import Storage


class _Tracebacks(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or "Traceback" in record.getMessage():
            self.seen.append(self.format(record))


@pytest.fixture(autouse=True)
def no_traceback_logged() -> Iterator[None]:
    handler = _Tracebacks()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
    assert not handler.seen, "a traceback was logged:\n" + "\n".join(handler.seen)


@pytest.fixture(scope="session", autouse=True)
def in_process_log() -> Iterator[None]:
    """The log of every app run in a test's own process, as `damero serve` writes it (every
    level), in a file the final check reads for secrets; and the seat tokens those apps mint
    recorded for it."""
    path = logged_secrets.FOLDER / f"in-process-{os.getpid()}.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    logged_secrets.record_log(path)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logs.TextFormat())
    handler.addFilter(logs.Context())
    root = logging.getLogger()
    root.addHandler(handler)
    damero_log = logging.getLogger("damero")
    level = damero_log.level
    damero_log.setLevel(logging.DEBUG)
    with pytest.MonkeyPatch.context() as patch:
        import damero.web.routes
        import damero.web.stored

        patch.setattr(
            damero.web.routes, "new_token", logged_secrets.recording(damero.web.stored.new_token)
        )
        yield
    damero_log.setLevel(level)
    root.removeHandler(handler)
    handler.close()


@pytest.fixture
def database(tmp_path: Path) -> str:
    """A new SQLite database (a test on PostgreSQL names its own)."""
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """The app on `database`, run in the test's process."""
    with TestClient(create_app(Storage(database))) as running:
        yield running


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "server.log")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a whole module whose tests each make their own games on it."""
    folder = tmp_path_factory.mktemp("site")
    running = Server(f"sqlite:///{folder / 'games.sqlite3'}", folder / "server.log")
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def pages_closed_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Closes every browser context a test opened once it ends: a page left open in the browser
    the whole session shares would go on running its clocks and reconnecting to servers long
    stopped, slowing every later test on its worker."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@pytest.fixture
def screenshot() -> Any:
    OUTPUT.mkdir(parents=True, exist_ok=True)

    def save(page: Any, name: str) -> Path:
        path = OUTPUT / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database of each kind the storage runs on."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()
