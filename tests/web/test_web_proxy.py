"""The site as the docs say to run it: Debian's nginx, with deploy/nginx/damero.conf as it is, in
front of two `damero serve` processes on one PostgreSQL; two browsers play through it while the
servers are restarted one after the other (SIGTERM, then started again where they were)."""

from __future__ import annotations

import signal
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import STOP_SECONDS, Nginx, PostgresCluster, Server
from test_web_browser import moves_of, wait_for_version
from test_web_browser_online import Page, person, play, timed_friend_game

from damero.core import Side
from damero.progress import Clock
from damero.web.storage import Storage
from damero.web.stored import round_of

BACK_MS = 2000
"""How long a page sent away by a restarting server may be without a server."""
GAME = ("5", "1", "9", "3", "2", "8", "7", "4", "6")
"""A Tic-tac-toe game that nobody wins, nine moves long."""


class Site:
    """Two servers on one database behind nginx; a server is restarted on its own port."""

    def __init__(self, database: str, folder: Path) -> None:
        self.database = database
        self.folder = folder
        self.restarts = 0
        self.servers = [self._start(), self._start()]
        self.proxy = Nginx(self.servers, folder / "nginx")

    def _start(self, port: int | None = None) -> Server:
        self.restarts += 1
        log = self.folder / f"server{self.restarts}.log"
        return Server(self.database, log, "--forwarded-allow-ips", "127.0.0.1", port=port)

    def stop_server(self, index: int) -> float:
        """SIGTERM to server `index`, as an orchestrator sends it; the time it was sent."""
        sent = time.time()
        self.servers[index].process.send_signal(signal.SIGTERM)
        return sent

    def start_server_again(self, index: int) -> None:
        """Once server `index` has exited of itself, it is started again on its port, and the
        restart ends once nginx sends it requests again, as an orchestrator waits before it stops
        the next: nginx keeps a server that refused it out for a while (`fail_timeout`)."""
        stopped = self.servers[index]
        assert stopped.process.wait(timeout=STOP_SECONDS) in (0, -signal.SIGTERM)
        stopped.stop()  # reads its log: no traceback, no secret
        access = self.folder / "nginx" / "logs" / "damero-access.log"
        seen = len(access.read_text().splitlines())
        self.servers[index] = self._start(port=stopped.port)
        answered = f" 127.0.0.1:{stopped.port} 200 "
        deadline = time.monotonic() + STOP_SECONDS
        while not any(answered in line for line in access.read_text().splitlines()[seen:]):
            assert time.monotonic() < deadline, "nginx never sent the restarted server a request"
            urllib.request.urlopen(self.proxy.base + "/api/messages", timeout=30).close()

    def stop(self) -> None:
        self.proxy.stop()
        for server in self.servers:
            server.stop()


@pytest.fixture
def site(postgres: PostgresCluster, tmp_path: Path) -> Iterator[Site]:
    running = Site(postgres.new_database(), tmp_path)
    yield running
    running.stop()


def clock_of(database: str, game_id: str) -> Clock:
    storage = Storage(database)
    try:
        stored = storage.load(game_id)
    finally:
        storage.close()
    assert stored is not None
    clock = round_of(stored).state.clock
    assert clock is not None
    return clock


def back_within(page: Page) -> int | None:
    """Once `page` is online again: how long it was without a server (ms), if it was sent away."""
    page.wait_for_function("document.body.dataset.connection === 'online'")
    away = page.evaluate("document.body.dataset.offlineMs")
    return None if away is None else int(away)


def forget_away(*pages: Page) -> None:
    for page in pages:
        page.evaluate("delete document.body.dataset.offlineMs")


def test_a_rolling_restart_behind_nginx_loses_no_move_and_charges_no_clock(
    browser: Any, site: Site
) -> None:
    x = timed_friend_game(browser, site.proxy.base, seconds=600)
    game_id = x.url.split("/play/")[1].split("#")[0]
    o = person(browser, x.input_value("#link-other"))
    wait_for_version(o, 1)
    play(x, GAME[0], o)
    play(o, GAME[1], x)
    sent_away = {"x": 0, "o": 0}
    for index, moves in ((0, GAME[2:4]), (1, GAME[4:6])):
        # X is to move, X's clock runs; server `index` is told to stop.
        forget_away(x, o)
        stopped_at = site.stop_server(index)
        site.start_server_again(index)
        for name, page in (("x", x), ("o", o)):
            away = back_within(page)
            if away is not None:
                sent_away[name] += 1
                assert away <= BACK_MS, f"{name}'s page was {away} ms without a server"
        if back_within(x) is not None:
            # X's page was sent away: X's time ran only from its return, after the stop.
            assert clock_of(site.database, game_id).since >= stopped_at
        play(x, moves[0], o)
        play(o, moves[1], x)
    # The second restart sent away every page the first had sent to it.
    assert sent_away["x"] >= 1 and sent_away["o"] >= 1, sent_away
    for cell, (mover, other) in zip(GAME[6:], [(x, o), (o, x), (x, o)], strict=True):
        play(mover, cell, other)
    for page in (x, o):
        page.wait_for_function("document.body.dataset.over === 'yes'")
        assert moves_of(page) == list(GAME)
        assert "Draw." in page.inner_text("#status")
    storage = Storage(site.database)
    stored = storage.load(game_id)
    storage.close()
    assert stored is not None and stored.moves == GAME and stored.finished
    clock = round_of(stored).state.clock
    assert clock is not None and clock.running is None
    for side in Side:
        charged = clock.initial - clock.left[side.value]
        assert 0 < charged < 60_000, f"{side} was charged {charged} ms for five quick moves"
    assert x.errors == o.errors == []


def test_nginx_refuses_an_oversized_request_head_and_passes_the_clients_address(
    site: Site,
) -> None:
    with socket.create_connection(("127.0.0.1", site.proxy.port), timeout=30) as connection:
        connection.sendall(
            b"GET /healthz HTTP/1.1\r\nHost: damero\r\nX-Padding: "
            + b"a" * 20_000
            + b"\r\nConnection: close\r\n\r\n"
        )
        answer = connection.recv(200).decode("latin-1")
    assert answer.split()[1] in ("400", "414", "431"), answer
    # A client's own X-Forwarded-For is dropped: the servers see the address nginx saw.
    request = urllib.request.Request(
        site.proxy.base + "/api/games", headers={"X-Forwarded-For": "203.0.113.9"}
    )
    with urllib.request.urlopen(request, timeout=30) as answered:
        assert answered.status == 200
        ident = answered.headers["X-Request-ID"]  # nginx's own id, which the server's line names
    for server in site.servers:
        server.stop()
    logged = "".join(server.log_path.read_text() for server in site.servers).splitlines()
    (line,) = [line for line in logged if ident in line]
    assert "GET /api/games 200" in line and line.endswith("from 127.0.0.1")
    assert "203.0.113.9" not in "".join(logged)
