"""Real parts the web tests start: `damero serve` on a free loopback port over a database."""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import logged_secrets
from forking import FORKING, Forker

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
Result = TypeVar("Result")


def run_on_a_loop_of_its_own(work: Coroutine[Any, Any, Result]) -> Result:
    """`work`'s result from an event loop in a thread of its own: a browser test earlier on the
    same worker leaves its driver's loop running in this thread, where `asyncio.run` refuses."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()


OUTPUT = Path(os.environ.get("DAMERO_TEST_OUTPUT") or Path(__file__).parent.parent / "output")
"""Where the screenshots the tests take are kept after the run: tests/output (gitignored), or
the folder DAMERO_TEST_OUTPUT names."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _path_with_tests() -> str:
    """The server's PYTHONPATH: this process's, then the tests' folder, where test-only games and
    entry points live."""
    tests = str(Path(__file__).parent.parent)
    return os.pathsep.join(part for part in (os.environ.get("PYTHONPATH"), tests) if part)


def _server_environment() -> dict[str, str]:
    """A server's environment: this process's, in no language of its own, the tests' folder on its
    path."""
    return {**os.environ, "LANG": "C", "PYTHONPATH": _path_with_tests()}


def answers(url: str, process: subprocess.Popen[bytes] | ForkedRun, seconds: float = 60) -> bool:
    """Whether `url` answers, once `process` has started, before `process` exits or `seconds` pass."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return True
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                return False
            time.sleep(0.1)


SERVER_FORKER = (
    FORKING
    + """
import damero.cli, damero.web.server, logged_secrets, uvicorn.lifespan.on, uvicorn.loops.asyncio
import uvicorn.protocols.http.h11_impl

signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # each watcher is reaped as it ends
listener = listening()
while listener in select.select([listener, sys.stdin], [], [])[0]:
    connection, _ = listener.accept()
    message, fds, _, _ = socket.recv_fds(connection, 1 << 20, 3)
    if os.fork() == 0:  # the watcher: starts the run and says when it ends, and how
        listener.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        pid = os.fork()
        if pid == 0:
            connection.close()
            run(json.loads(message), fds)
        for fd in fds:
            os.close(fd)
        connection.sendall(json.dumps({"pid": pid}).encode() + b"\\n")
        _, waited = os.waitpid(pid, 0)
        exit_code = os.waitstatus_to_exitcode(waited)
        connection.sendall(json.dumps({"status": exit_code}).encode() + b"\\n")
        os._exit(0)
    for fd in fds:
        os.close(fd)
    connection.close()
"""
)
"""A process that has loaded what `damero serve` loads, and forks a run for each request, with the
request's module, arguments and environment, its output and errors in the files it sends (one
file for both, a server's log): the same program an operator starts, without loading Python,
SQLAlchemy, Starlette and uvicorn again for each of the servers and `damero db` commands the tests
start. A watcher process between the two tells the test how the run ended."""


class ForkedRun:
    """A run forked by SERVER_FORKER, seen as `subprocess.Popen` shows a process."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self.replies = connection.makefile("rb")
        self.pid: int = json.loads(self.replies.readline())["pid"]
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self.connection], [], [], 0)[0]:
            self._read_status()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            if not select.select([self.connection], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired(["damero"], timeout or 0)
            self._read_status()
        assert self.returncode is not None
        return self.returncode

    def _read_status(self) -> None:
        line = self.replies.readline()
        self.returncode = json.loads(line)["status"] if line else -signal.SIGKILL
        self.replies.close()
        self.connection.close()

    def send_signal(self, number: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, number)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ServerForker(Forker):
    """This worker's SERVER_FORKER, started on first use."""

    def __init__(self) -> None:
        super().__init__(SERVER_FORKER, prefix="damero-servers-", env=_server_environment())

    def start(self, module: str, arguments: list[str], output: int, errors: int) -> ForkedRun:
        """`python -m MODULE ARGUMENTS` with no input, its output and errors in the files open at
        `output` and `errors` (a server's log is both)."""
        request = {
            "module": module,
            "arguments": arguments,
            "cwd": os.getcwd(),
            "env": _server_environment(),
        }
        connection = self.connect()
        with open(os.devnull, "rb") as nothing:
            fds = [nothing.fileno(), output, errors]
            socket.send_fds(connection, [json.dumps(request).encode()], fds)
        return ForkedRun(connection)


_server_forker: list[ServerForker] = []
"""This worker's server forker, once started."""


def server_forker() -> ServerForker:
    if not _server_forker:
        _server_forker.append(ServerForker())
        atexit.register(_server_forker[0].close)
    return _server_forker[0]


STOP_SECONDS = 60.0
"""How long a server stopped by SIGTERM may take to exit in a test: it bounds itself to 15 seconds,
and a loaded machine may be slower."""


class Server:
    """One `damero serve` process on its own port, over the database at `url`, its log at `log`
    (read by the final check that no log holds a secret), forked from this worker's
    SERVER_FORKER."""

    def __init__(
        self,
        url: str,
        log: Path,
        *options: str,
        module: str = "recorded_damero",
        port: int | None = None,
    ) -> None:
        """`module` is what `python -m` runs: `recorded_damero` (the `damero` command, recording
        the seat tokens it mints), or a test's own entry point (`nim_server`, found on the tests'
        folder, which is put on the server's path); `port` is a free one unless given (a server
        started again where its pages look for it)."""
        self.port = free_port() if port is None else port
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        logged_secrets.record_log(log)
        self.log = log.open("a")
        arguments = ["serve", "--port", str(self.port), "--db", url, *options]
        self.process = server_forker().start(
            module, arguments, self.log.fileno(), self.log.fileno()
        )
        if not answers(self.base + "/api/games", self.process):
            self.stop()
            raise RuntimeError(f"the server did not start; see {log}")

    def stop(self) -> None:
        """Stops the server as an operator does (SIGTERM), and fails if it does not exit of
        itself within STOP_SECONDS, or if its log holds a traceback (the server never logs one
        for anything a client sends or a database does) or a secret."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                stuck = f"the server did not stop on SIGTERM; see {self.log_path}"
                raise AssertionError(stuck) from None
        self.log.close()
        self.check_log()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        self.log.close()
        self.check_log()

    def check_log(self) -> None:
        text = self.log_path.read_text(errors="replace")
        assert "Traceback" not in text, f"a traceback in {self.log_path}:\n{text[-4000:]}"
        leaks = logged_secrets.leaks([self.log_path], logged_secrets.secrets())
        assert not leaks, "\n".join(leaks)


POSTGRES_BIN = Path("/usr/lib/postgresql/15/bin")


def as_postgres(*command: str) -> None:
    """Runs a PostgreSQL program as the `postgres` user (the server refuses to run as root)."""
    subprocess.run(
        ["runuser", "-u", "postgres", "--", *command], check=True, capture_output=True, timeout=120
    )


class PostgresCluster:
    """A throwaway PostgreSQL server: initdb in a temporary folder, pg_ctl on a free loopback port."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="damero-pg-"))
        shutil.chown(self.folder, "postgres", "postgres")
        self.data = self.folder / "data"
        self.port = free_port()
        self.databases = 0
        as_postgres(
            str(POSTGRES_BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres"
        )
        self._start()

    def _start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=on"
        as_postgres(
            str(POSTGRES_BIN / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )

    def halt(self) -> None:
        """Stops the PostgreSQL server at once, as a crash or an outage would; `resume` starts it."""
        as_postgres(str(POSTGRES_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")

    def resume(self) -> None:
        self._start()

    def new_database(self) -> str:
        """The URL of a new, empty database on this server."""
        import psycopg

        self.databases += 1
        name = f"damero_{self.databases}"
        with psycopg.connect(
            f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True
        ) as c:
            c.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self.halt()
        shutil.rmtree(self.folder, ignore_errors=True)


DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NGINX_SITE = DEPLOY / "nginx" / "damero.conf"
"""The proxy's configuration the docs recommend, used here as it is."""


class Nginx:
    """Debian's nginx as a throwaway reverse proxy on a free loopback port, in front of `servers`
    with the site's configuration as deploy/ has it; its own prefix in a temporary folder."""

    def __init__(self, servers: list[Server], folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        (folder / "logs").mkdir(parents=True, exist_ok=True)
        for temporary in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (folder / temporary).mkdir(exist_ok=True)
            (folder / temporary).chmod(0o777)
        upstreams = "".join(
            f"server 127.0.0.1:{server.port} max_fails=1 fail_timeout=2s;\n" for server in servers
        )
        (folder / "damero-upstreams.conf").write_text(upstreams)
        (folder / "damero-listen.conf").write_text(f"listen 127.0.0.1:{self.port};\n")
        user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {folder}/nginx.pid;\n"
            f"error_log {folder}/logs/error.log warn;\n"
            "events { worker_connections 512; }\n"
            "http {\n"
            f"  client_body_temp_path {folder}/body;\n  proxy_temp_path {folder}/proxy;\n"
            f"  fastcgi_temp_path {folder}/fastcgi;\n  uwsgi_temp_path {folder}/uwsgi;\n"
            f"  scgi_temp_path {folder}/scgi;\n"
            f"  include {NGINX_SITE};\n"
            "}\n"
        )
        for log in ("error.log", "damero-access.log"):
            logged_secrets.record_log(folder / "logs" / log)
        self.process = subprocess.Popen(
            ["/usr/sbin/nginx", "-p", str(folder), "-c", str(folder / "nginx.conf")],
            stdout=subprocess.DEVNULL,
            stderr=(folder / "logs" / "stderr.log").open("w"),
        )
        if not answers(self.base + "/healthz", self.process):
            self.stop()
            log = (folder / "logs" / "stderr.log").read_text()
            raise RuntimeError(f"nginx did not start: {log}")

    def stop(self) -> None:
        """nginx's fast stop (SIGTERM), which closes the pages' sockets at once: its graceful
        stop (SIGQUIT) would wait for every socket still open to end, which a page left open never
        does."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def create_game(server: Server, game: str, **body: object) -> dict[str, Any]:
    """A game made through the HTTP API as the front page makes it: its id and its links."""
    request = urllib.request.Request(
        server.base + "/api/games",
        data=json.dumps({"game": game, **body}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        created: dict[str, Any] = json.load(response)
    return created
