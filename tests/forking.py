"""A process started once per worker, with the modules a program loads already loaded, that forks
a copy of that program for each run a test asks of it through a socket in a folder of its own."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path


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
