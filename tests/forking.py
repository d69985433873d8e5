"""A process started once per worker, with the modules a program loads already loaded, that forks
a copy of that program for each run a test asks of it through a socket in a folder of its own."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

FORKING = """
import atexit, json, os, runpy, select, signal, socket, sys, threading, traceback

def listening():
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(sys.argv[1])
    listener.listen()
    os.write(1, b"ready\\n")
    return listener

def run(request, fds):
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = [request["module"], *request["arguments"]]
    status = 0
    try:
        runpy.run_module(request["module"], run_name="__main__", alter_sys=True)
    except SystemExit as ended:
        code = ended.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
        if not isinstance(code, int | None):
            print(code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        status = 1
    threading._shutdown()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            status = status or 120
    os._exit(status)
"""
"""What a forker's script starts with: `listening()`, its socket listening once it says `ready`,
and `run(request, fds)`, which a forked child calls to become `python -m MODULE ARGUMENTS` (the
request's `module`, `arguments`, `cwd` and `env`) with `fds` as its standard input, output and
errors."""


class Forker:
    """`script` run with its socket's path as its argument: it says `ready` on its standard
    output once it listens, and stops once its standard input is closed."""

    def __init__(self, script: str, *, prefix: str, env: dict[str, str]) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix=prefix))
        self.socket_path = str(self.folder / "socket")
        self.process = subprocess.Popen(
            [sys.executable, "-c", script, self.socket_path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline() == b"ready\n", "the fork server did not start"

    def connect(self) -> socket.socket:
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(self.socket_path)
        return connection

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
