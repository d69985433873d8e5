"""Game files that grow by synced appends and shrink only by whole entries, so a crash loses no move.

A write that fails (a full disk, a file size limit) is undone before the error is raised: the
file is cut back to the length it had, so it holds exactly the entries written before.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from damero.errors import RecordWriteError

LINE_ENDS = (b"\n", b"\r")


def temporary_path(path: Path) -> Path:
    """The one temporary file beside `path` that replacing it uses; one left by a crash is reused."""
    return path.with_name(f".{path.name}.tmp")


def replace_file(path: Path, data: bytes) -> None:
    """Writes `data` to a temporary file beside `path`, syncs it and renames it over `path`.

    The new file keeps the mode of the one it replaces.
    """
    temporary = temporary_path(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
    try:
        mode = path.stat().st_mode & 0o7777 if path.exists() else None
        handle = os.open(temporary, flags, 0o600)
        with os.fdopen(handle, "wb") as stream:
            if mode is not None:
                os.fchmod(stream.fileno(), mode)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise RecordWriteError(path, error) from error
        raise


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


class AppendOnlyFile:
    """A file written only at its end; `cut_back` drops the last entries via a renamed copy."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._ends = [path.stat().st_size]

    def append(self, text: str) -> None:
        """Appends one entry and returns only once it is on the disk.

        The first entry ends a last line left without its line feed first. On a write error the
        file is cut back to its length before, and RecordWriteError says why.
        """
        data = text.encode("utf-8")
        before = self._ends[-1]
        try:
            handle = os.open(self.path, os.O_RDWR)
        except OSError as error:
            raise RecordWriteError(self.path, error) from error
        try:
            if before and len(self._ends) == 1 and os.pread(handle, 1, before - 1) not in LINE_ENDS:
                data = b"\n" + data
            written = 0
            while written < len(data):
                written += os.pwrite(handle, data[written:], before + written)
            os.fsync(handle)
        except OSError as error:
            with contextlib.suppress(OSError):
                os.ftruncate(handle, before)
                os.fsync(handle)
            raise RecordWriteError(self.path, error) from error
        finally:
            os.close(handle)
        self._ends.append(before + len(data))

    def cut_back(self, entries: int) -> None:
        """Removes the last `entries` appended through this object; earlier content stays as it was."""
        if entries <= 0:
            return
        if entries >= len(self._ends):
            raise ValueError(f"only {len(self._ends) - 1} entries were appended here")
        with self.path.open("rb") as stream:
            kept = stream.read(self._ends[-entries - 1])
        replace_file(self.path, kept)
        del self._ends[-entries:]


class FileRecorder:
    """Keeps a game file in step with a game: `entry` gives each move's text (None: nothing written)."""

    def __init__(self, path: Path, entry: Callable[[Any, Any], str | None]) -> None:
        self.file = AppendOnlyFile(path)
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
