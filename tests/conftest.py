"""Shared helpers: running the real `damero` command as a player would, with piped input."""

from __future__ import annotations

import codecs
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import pytest

import logged_secrets
from forking import FORKING, Forker

Run = Callable[..., subprocess.CompletedProcess[str]]


def without_locale() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}


def with_ctrl_c() -> None:
    """Gives a child process the default Ctrl-C handler: one started in the background (as
    `make test &` is) inherits SIGINT ignored, and Python keeps it ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_damero(
    arguments: Sequence[str], *, cwd: Path, python_options: Sequence[str] = ()
) -> subprocess.Popen[str]:
    """`python -m damero ARGUMENTS` left running, with pipes, for tests that signal or kill it."""
    return subprocess.Popen(
        [sys.executable, *python_options, "-m", "damero", *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=without_locale(),
        preexec_fn=with_ctrl_c,
    )


WAIT_SECONDS = 300.0
"""How long a test waits for an event: a loaded 2-core machine can be many times slower."""


def wait_for_output(
    process: subprocess.Popen[str],
    text: str,
    *,
    timeout: float = WAIT_SECONDS,
    stream: IO[str] | None = None,
) -> str:
    """What `process` printed on `stream` (its standard output if None) up to and including
    `text`, read as it comes; fails after `timeout`.

    Tests that signal a program wait for it to say it is ready, however loaded the machine is.
    """
    stream = process.stdout if stream is None else stream
    assert stream is not None
    descriptor = stream.fileno()
    seen = b""
    deadline = time.monotonic() + timeout
    while text.encode() not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {text!r} in {seen.decode(errors='replace')!r}"
        ready, _, _ = select.select([descriptor], [], [], left)
        chunk = os.read(descriptor, 4096) if ready else b""
        assert chunk or not ready, f"ended before {text!r}: {seen.decode(errors='replace')!r}"
        seen += chunk
    return seen.decode()


FORK_SERVER = (
    FORKING
    + """
import damero.cli

listener = listening()
while listener in select.select([listener, sys.stdin], [], [])[0]:
    connection, _ = listener.accept()
    message, fds, _, _ = socket.recv_fds(connection, 1 << 20, 3)
    pid = os.fork()
    if pid == 0:
        listener.close()
        connection.close()
        run({"module": "damero", **json.loads(message)}, fds)
    for fd in fds:
        os.close(fd)
    connection.sendall(json.dumps({"pid": pid}).encode() + b"\\n")
    _, waited = os.waitpid(pid, 0)
    connection.sendall(json.dumps({"status": os.waitstatus_to_exitcode(waited)}).encode() + b"\\n")
    connection.close()
"""
)
"""A process that has imported what `python -m damero` imports before it reads its arguments and
forks a child per run, which runs `python -m damero` there with the run's arguments, folder,
environment and pipes: the same program a player starts, without loading Python and the
terminal's modules again for each of the hundreds of runs the tests make."""


class ForkServer(Forker):
    """This worker's `FORK_SERVER`, started on first use."""

    def __init__(self) -> None:
        super().__init__(FORK_SERVER, prefix="damero-runs-", env=without_locale())

    def run(
        self,
        arguments: Sequence[str],
        input_text: str,
        cwd: str,
        env: dict[str, str],
        timeout: float,
    ) -> subprocess.CompletedProcess[str]:
        pipes = [os.pipe() for _ in range(3)]
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        mine = [pipes[0][1], pipes[1][0], pipes[2][0]]
        request = json.dumps({"arguments": list(arguments), "cwd": cwd, "env": env}).encode()
        with self.connect() as connection:
            socket.send_fds(connection, [request], theirs)
            for fd in theirs:
                os.close(fd)
            replies = connection.makefile("rb")
            pid = json.loads(replies.readline())["pid"]
            try:
                out, err = exchange(mine, input_text.encode(), time.monotonic() + timeout)
            except subprocess.TimeoutExpired:
                os.kill(pid, signal.SIGKILL)
                replies.readline()
                raise subprocess.TimeoutExpired(["damero", *arguments], timeout) from None
            status = json.loads(replies.readline())["status"]
        return subprocess.CompletedProcess(
            ["damero", *arguments],
            status,
            as_text(out),
            as_text(err),
        )


def exchange(fds: list[int], data: bytes, deadline: float) -> tuple[bytes, bytes]:
    """Writes `data` to the first pipe and closes it, and reads the other two to their ends, as
    `subprocess.run` does; TimeoutExpired past `deadline`. Closes all three."""
    writing, *reading = fds
    output = {fd: b"" for fd in reading}
    done: dict[int, bytes] = {}
    os.set_blocking(writing, False)
    try:
        while output:
            left = deadline - time.monotonic()
            if left <= 0:
                raise subprocess.TimeoutExpired("damero", 0)
            if writing >= 0 and not data:
                os.close(writing)
                writing = -1
            waiting = [writing] if writing >= 0 else []
            readable, writable, _ = select.select(list(output), waiting, [], left)
            if writable:
                try:
                    data = data[os.write(writing, data[:65536]) :]
                except BrokenPipeError:
                    data = b""
            for fd in readable:
                chunk = os.read(fd, 65536)
                if chunk:
                    output[fd] += chunk
                else:
                    os.close(fd)
                    done[fd] = output.pop(fd)
    finally:
        for fd in (writing, *output):
            if fd >= 0:
                os.close(fd)
    return done[reading[0]], done[reading[1]]


def as_text(data: bytes) -> str:
    """Bytes read as `subprocess.run(text=True, encoding="utf-8")` reads them."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


_fork_server: list[ForkServer] = []
"""This worker's fork server, once started."""


def fork_server() -> ForkServer:
    if not _fork_server:
        _fork_server.append(ForkServer())
    return _fork_server[0]


def damero(
    arguments: Sequence[str],
    lines: Sequence[str] = (),
    *,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = WAIT_SECONDS,
) -> subprocess.CompletedProcess[str]:
    """Runs `python -m damero ARGUMENTS` with LINES as its input and no locale set: forked from
    `FORK_SERVER`, which has the program's modules loaded already."""
    environment = without_locale() | (env or {})
    return fork_server().run(
        arguments,
        "".join(line + "\n" for line in lines),
        str(cwd or Path.cwd()),
        environment,
        timeout,
    )


@pytest.fixture
def run(tmp_path: Path) -> Run:
    """`damero` run in a fresh folder, so records land in tmp_path."""

    def runner(arguments: Sequence[str], lines: Sequence[str] = (), **options: object):  # type: ignore[no-untyped-def]
        options.setdefault("cwd", tmp_path)
        return damero(arguments, lines, **options)  # type: ignore[arg-type]

    return runner


@pytest.fixture
def count_plays(monkeypatch: pytest.MonkeyPatch) -> Callable[[type], list[Any]]:
    """`count_plays(PositionClass)`: a list of every move played on a position of that class from
    then on, to see how often a game's moves are played."""

    def counting(position_class: type) -> list[Any]:
        plays: list[Any] = []
        play = position_class.play  # type: ignore[attr-defined]

        def counted(position: Any, move: Any) -> Any:
            plays.append(move)
            return play(position, move)

        monkeypatch.setattr(position_class, "play", counted)
        return plays

    return counting


@pytest.fixture(scope="session")
def compiled_engine() -> None:
    """The Othello engine compiled and cached on disk before a test waits on a program that runs
    it, as `damero setup` compiles it: a first compile takes minutes on a loaded machine, and
    under a file size limit the compiled code could not be cached at all.

    The engine's own warm-up reaches every compiled function a game, a hint and a command use,
    on both board layouts (one machine word per board, and two).
    """
    from damero.engines.othello import LAYOUTS, is_compiled, mark_compiled, warm_up

    for layout in LAYOUTS:
        if not is_compiled(layout):
            for _name, _share, run in warm_up(layout):
                run()
            mark_compiled(layout)


@pytest.fixture(scope="module")
def with_nim() -> Iterator[None]:
    """Nim added to `damero.registry.GAMES`, as a fourth game's module would be, for the module's
    tests."""
    import damero.registry
    from nim import Nim

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(damero.registry, "GAMES", (*damero.registry.GAMES, Nim()))
        yield


def on_a_terminal(
    arguments: Sequence[str], *, cwd: Path, env: dict[str, str] | None
) -> tuple[int, subprocess.Popen[bytes]]:
    """`python -m damero ARGUMENTS` started on a new pseudo-terminal of 80 columns that shows
    colour: the terminal's end the test holds, and the process."""
    master, slave = os.openpty()
    environment = without_locale() | {"TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    environment.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "damero", *arguments],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=cwd,
        env=environment | (env or {}),
        start_new_session=True,
    )
    os.close(slave)
    return master, process


def run_in_terminal(
    arguments: Sequence[str],
    answers: Sequence[tuple[str, str]],
    *,
    cwd: Path,
    env: dict[str, str] | None = None,
) -> str:
    """`python -m damero ARGUMENTS` on a pseudo-terminal, as a person at a keyboard runs it: each
    answer's keys are typed once the terminal shows its text (the prompt they answer) after the
    keys typed before; returns everything the terminal showed until the program ended, echoes
    included."""
    terminal = Terminal(arguments, cwd=cwd, env=env)
    try:
        for prompt, keys in answers:
            terminal.wait_for(prompt)
            terminal.type(keys)
        terminal.wait_for_end()
    finally:
        terminal.close()
    return terminal.shown


class Terminal:
    """`python -m damero ARGUMENTS` on a pseudo-terminal, driven by what it shows: a test waits
    for a text to appear, then types, as a person at a keyboard does, whatever the machine's
    load."""

    def __init__(
        self, arguments: Sequence[str], *, cwd: Path, env: dict[str, str] | None = None
    ) -> None:
        self.master, self.process = on_a_terminal(arguments, cwd=cwd, env=env)
        self.shown = ""
        """Everything the terminal showed so far, echoes included."""
        self._read_to = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def wait_for(self, text: str, *, timeout: float = WAIT_SECONDS) -> str:
        """What the terminal showed since the last wait, up to and including `text`."""
        deadline = time.monotonic() + timeout
        while (found := self.shown.find(text, self._read_to)) < 0:
            ended = not self._read_more(deadline, f"no {text!r}")
            assert not ended, f"ended before {text!r}: {self.shown[-3000:]!r}"
        start, self._read_to = self._read_to, found + len(text)
        return self.shown[start : self._read_to]

    def _read_more(self, deadline: float, missing: str) -> bool:
        """Adds to `shown` what the terminal shows by `deadline` (failing with `missing` past
        it); False once the program has ended and closed its side of the terminal."""
        left = deadline - time.monotonic()
        assert left > 0, f"{missing} in {self.shown[self._read_to :][-3000:]!r}"
        ready, _, _ = select.select([self.master], [], [], left)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the program ended and closed the terminal
            chunk = b""
        self.shown += self._decoder.decode(chunk)
        return bool(chunk)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait_for_end(self, *, timeout: float = WAIT_SECONDS) -> str:
        """What the terminal showed since the last wait, up to the program's end (its side of the
        terminal closed)."""
        deadline = time.monotonic() + timeout
        while self._read_more(deadline, "the program did not end"):
            pass
        start, self._read_to = self._read_to, len(self.shown)
        return self.shown[start:]

    def close(self) -> int:
        """Ends the program if it still runs; its exit status."""
        os.close(self.master)
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait()


COMPILE_LAYOUT = """
import sys
from damero.engines.othello import is_compiled, mark_compiled, warm_up
layout = sys.argv[1]
if not is_compiled(layout):
    for _name, _share, run in warm_up(layout):
        run()
    mark_compiled(layout)
"""


_compiling: dict[str, subprocess.Popen[bytes]] = {}
"""The processes compiling the engine's board layouts for the workers, while they start."""


def compile_engine_before_the_workers(config: pytest.Config) -> None:
    """Starts compiling the Othello engine, once, on disk, while the workers start and collect
    their tests, each board layout in a process of its own beside the other: otherwise every
    worker would compile the same functions at once, for minutes on a fresh clone, on cores the
    other tests need. No test is handed out before it is done (`engine_compiled_for_the_workers`).

    Only for a run on several workers, and only where the folder keeps the code (or each worker
    would compile it again in memory); `compiled_engine` compiles whatever is still missing."""
    if len(config.getoption("tx", None) or []) < 2 or config.getoption("collectonly"):
        return
    from damero.engines.othello import LAYOUTS, is_compiled
    from damero.engines.othello.cache import CACHING

    missing = [layout for layout in LAYOUTS if not is_compiled(layout)]
    if not CACHING or not missing:
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"compiling the Othello engine once ({', '.join(missing)})")
    for layout in missing:
        _compiling[layout] = subprocess.Popen(
            [sys.executable, "-c", COMPILE_LAYOUT, layout], env=without_locale()
        )


def engine_compiled_for_the_workers(config: pytest.Config) -> None:
    """Waits for `compile_engine_before_the_workers`, if it still compiles."""
    failed = [layout for layout, process in _compiling.items() if process.wait() != 0]
    _compiling.clear()
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if failed and reporter is not None:  # the tests that run the engine then say why
        reporter.write_line(f"the Othello engine did not compile ({', '.join(failed)})", red=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: Sequence[str]) -> None:
    """A worker has collected its tests: they are handed out once the engine is compiled."""
    engine_compiled_for_the_workers(node.config)


def pytest_sessionstart(session: pytest.Session) -> None:
    """A run starts (in the process that hands out the tests, before any worker): no secret or
    log recorded yet, and the engine compiling for every worker."""
    if not hasattr(session.config, "workerinput"):
        logged_secrets.begin()
        compile_engine_before_the_workers(session.config)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The final check, once every worker is done: no log any test's server wrote holds any
    secret a test used (seat tokens, and whatever else a test recorded)."""
    for server in _fork_server:
        server.close()
    if hasattr(session.config, "workerinput"):
        return
    engine_compiled_for_the_workers(session.config)
    found = logged_secrets.leaks(logged_secrets.logs(), logged_secrets.secrets())
    if found:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = "\n".join(found[:50])
        if reporter is not None:
            reporter.write_line(f"A secret was written in a log:\n{lines}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


LONGEST_MODULES = (
    "tests/cli/test_engine_compiled_once.py",
    "tests/web/test_web_looks.py",
    "tests/web/test_web_events.py",
    "tests/web/test_web_browser_online.py",
    "tests/web/test_web_postgres.py",
    "tests/web/test_web_hostile.py",
    "tests/web/test_web_api.py",
    "tests/web/test_web_results.py",
    "tests/web/test_web_postgres_stops.py",
    "tests/web/test_web_page.py",
    "tests/web/test_web_layout.py",
    "tests/web/test_web_accounts_browser.py",
    "tests/web/test_web_browser.py",
    "tests/web/test_web_faults.py",
    "tests/engines/test_othello_patterns.py",
)
"""The modules that take longest, longest first (`pytest --durations` or `--junitxml` gives each
test's time). A worker that took one of them last would run it alone while the other waits with
nothing left: the run ends when its last module does."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Orders the modules as the workers are handed them (`--dist loadscope` with
    `--no-loadscope-reorder`, pyproject.toml): LONGEST_MODULES first, then the others by how many
    tests each holds, most first, as xdist's own order has them; each module's tests keep their
    order."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    longest = {module: rank for rank, module in enumerate(LONGEST_MODULES)}
    order = sorted(
        modules, key=lambda module: (longest.get(module, len(longest)), -len(modules[module]))
    )
    items[:] = [item for module in order for item in modules[module]]
