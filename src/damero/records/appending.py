"""Game files that grow by synced appends and shrink only by being cut, so a crash loses no move.

A game holds its file open and locked from its first move to its end: a second game is refused
rather than let two games write over each other. A write that fails (a full disk, a file size
limit) is undone before the error is raised: the file is cut back to the length it had, so it
holds exactly the entries written before. Cutting needs no disk space and no second name, so a
take-back works on a full disk and with a name as long as the system allows.
"""

from __future__ import annotations

import fcntl
import os
import stat
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from damero.core import Message
from damero.errors import RecordWriteError

LINE_ENDS = (b"\n", b"\r")


def create_file(path: Path, text: str) -> None:
    """Starts a new game file holding `text`, synced; RecordWriteError rather than replace a file.

    A file that cannot be written whole is removed again, so that its name stays free.
    """
    try:
        stream = path.open("x", encoding="utf-8", newline="\n")
    except OSError as error:
        raise RecordWriteError(path, error, key="record.create_failed") from error
    try:
        with stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
    except OSError as error:
        path.unlink(missing_ok=True)
        raise RecordWriteError(path, error, key="record.create_failed") from error


LINE_END_LOOK = 4096
"""How much of a file's start is read to see how it ends its lines: its first line is short."""


def line_end(data: bytes) -> bytes:
    """The line end `data` uses first: CRLF, CR alone or LF (LF for a text with none).

    >>> line_end(b"PARTIDA DEL OTHELLO\\r\\n"), line_end(b"a\\rb"), line_end(b"")
    (b'\\r\\n', b'\\r', b'\\n')
    """
    ends = [found for found in (data.find(b"\r"), data.find(b"\n")) if found >= 0]
    if not ends or data[min(ends)] == ord("\n"):
        return b"\n"
    return b"\r\n" if data[min(ends) + 1 : min(ends) + 2] == b"\n" else b"\r"


def line_start(data: bytes, line: int) -> int:
    """The offset in `data` where its `line`-th line (1-based) starts; LF, CRLF and CR alone each
    end a line, as the readers count them.

    >>> line_start(b"a\\r\\nb\\rc\\nd", 4)
    7
    """
    offset = 0
    for _ in range(line - 1):
        ends = [
            found for found in (data.find(b"\r", offset), data.find(b"\n", offset)) if found >= 0
        ]
        if not ends:
            return len(data)
        offset = min(ends) + 1
        if data[offset - 1 : offset + 1] == b"\r\n":
            offset += 1
    return offset


class AppendOnlyFile:
    """An existing game file, held open and locked while a game is written into it.

    Entries go at its end; `cut_back` removes the last ones. Each write first checks that the
    name still leads to this file and that nothing else has written to it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._handle = os.open(path, os.O_RDWR | os.O_APPEND)
        except OSError as error:
            raise RecordWriteError(path, error, key="record.cannot_append") from error
        try:
            if not stat.S_ISREG(os.fstat(self._handle).st_mode):
                raise RecordWriteError(
                    path, Message("record.not_a_regular_file"), key="record.cannot_append"
                )
            try:
                fcntl.flock(self._handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise RecordWriteError(
                    path, Message("record.in_use"), key="record.cannot_append"
                ) from None
            self._ends = [os.fstat(self._handle).st_size]
            self.line_end = line_end(os.pread(self._handle, LINE_END_LOOK, 0))
            """How the file ends its lines, kept by whatever is appended (written with LF)."""
        except BaseException:
            os.close(self._handle)
            raise

    def __enter__(self) -> AppendOnlyFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Lets another game write to the file."""
        if self._handle >= 0:
            os.close(self._handle)
            self._handle = -1

    def read(self) -> bytes:
        """The whole file as it is now."""
        return os.pread(self._handle, os.fstat(self._handle).st_size, 0)

    def append(self, text: str) -> None:
        """Appends one entry and returns only once it is on the disk.

        The first entry ends a last line left without its line feed first. On a write error the
        file is cut back to its length before, and RecordWriteError says why.
        """
        data = text.encode("utf-8").replace(b"\n", self.line_end)
        before = self._ends[-1]
        self._check_unchanged("record.write_failed")
        try:
            if before and len(self._ends) == 1 and self._last_byte() not in LINE_ENDS:
                data = self.line_end + data
            written = 0
            while written < len(data):
                written += os.write(self._handle, data[written:])
            os.fsync(self._handle)
        except OSError as error:
            try:
                os.ftruncate(self._handle, before)
                os.fsync(self._handle)
            except OSError:
                pass
            raise RecordWriteError(self.path, error) from error
        self._ends.append(before + len(data))

    def cut_back(self, entries: int) -> None:
        """Removes the last `entries` appended through this object; earlier content stays as it was."""
        if entries <= 0:
            return
        if entries >= len(self._ends):
            raise ValueError(f"only {len(self._ends) - 1} entries were appended here")
        self._check_unchanged("record.cut_back_failed")
        self._cut(self._ends[-entries - 1], "record.cut_back_failed")
        del self._ends[-entries:]

    def cut_before_line(self, line: int) -> None:
        """Cuts the file just before its `line`-th line (1-based): drops what a crash left half
        written, keeping every byte before it as it was."""
        self._check_unchanged("record.write_failed")
        self._cut(line_start(self.read(), line), "record.write_failed")
        self._ends = [os.fstat(self._handle).st_size]

    def _cut(self, length: int, key: str) -> None:
        try:
            os.ftruncate(self._handle, length)
            os.fsync(self._handle)
        except OSError as error:
            raise RecordWriteError(self.path, error, key=key) from error

    def _last_byte(self) -> bytes:
        return os.pread(self._handle, 1, self._ends[-1] - 1)

    def _check_unchanged(self, key: str) -> None:
        """RecordWriteError unless the name still leads to this file, as long as this object
        left it: a file moved away or written by another program is not written to."""
        try:
            named = os.stat(self.path)
        except FileNotFoundError:
            named = None
        except OSError as error:
            raise RecordWriteError(self.path, error, key=key) from error
        held = os.fstat(self._handle)
        if named is None or (named.st_dev, named.st_ino) != (held.st_dev, held.st_ino):
            raise RecordWriteError(self.path, Message("record.moved"), key=key)
        if held.st_size != self._ends[-1]:
            raise RecordWriteError(self.path, Message("record.changed"), key=key)


class FileRecorder:
    """Keeps a game file in step with a game: `entry` gives each move's text (None: nothing written)."""

    def __init__(self, file: AppendOnlyFile, entry: Callable[[Any, Any], str | None]) -> None:
        self.file = file
        self.entry = entry
        self._wrote: list[bool] = []

    @property
    def entries(self) -> int:
        """How many entries this recorder has appended and not taken back."""
        return sum(self._wrote)

    def played(self, position: Any, move: Any) -> None:
        text = self.entry(position, move)
        if text is not None:
            self.file.append(text)
        self._wrote.append(text is not None)

    def taken_back(self, moves: int) -> None:
        if moves <= 0:
            return
        removed = sum(self._wrote[-moves:])
        self.file.cut_back(removed)
        del self._wrote[-moves:]

    def close(self) -> None:
        """The game is over or left: another game may write to the file."""
        self.file.close()
