"""Game files that grow by synced appends and shrink only by whole entries, so a crash loses no move."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def replace_file(path: Path, data: bytes) -> None:
    """Writes `data` to a temporary file beside `path`, syncs it and renames it over `path`."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def create_file(path: Path, text: str) -> None:
    """Starts a new game file holding `text`, synced; FileExistsError rather than replace a file."""
    with path.open("x", encoding="utf-8", newline="\n") as stream:
        stream.write(text)
        stream.flush()
        os.fsync(stream.fileno())


class AppendOnlyFile:
    """A file written only at its end; `cut_back` drops the last entries via a renamed copy."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._ends = [path.stat().st_size]

    def append(self, text: str) -> None:
        """Appends one entry and returns only once it is on the disk."""
        with self.path.open("ab") as stream:
            stream.write(text.encode("utf-8"))
            stream.flush()
            os.fsync(stream.fileno())
            self._ends.append(stream.tell())

    def cut_back(self, entries: int) -> None:
        """Removes the last `entries` appended through this object; earlier content stays as it was."""
        if entries <= 0:
            return
        if entries >= len(self._ends):
            raise ValueError(f"only {len(self._ends) - 1} entries were appended here")
        del self._ends[-entries:]
        with self.path.open("rb") as stream:
            kept = stream.read(self._ends[-1])
        replace_file(self.path, kept)


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
        del self._wrote[-moves:]
        self.file.cut_back(removed)
