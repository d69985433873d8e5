"""Where the engine's compiled code is kept, whether it can be kept there, and whether it is all
there, for each board layout.

numba compiles the engine on its first use, for a minute or so a layout, and keeps the machine
code in a folder so that later runs load it in a moment. The folder is named after a digest of
the engine's sources, where they are, and the versions of numba and Python: numba notices a
change to a compiled function's own file, not to the files of the functions it calls, so its
usual cache could run code compiled from older sources after an update.

A folder that cannot take the code (read-only, a full disk, a file size limit) is found out here,
before anything is compiled: the engine is then compiled in memory, and `REFUSAL` says why. Once
a layout's every function has been compiled (`damero.engines.othello.warm_up`), a mark in the
folder says so, and later runs know there is nothing left to compile.

Every compiled module of the engine imports this one first, so that numba is told where (and
whether) to cache before it sees any function.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import sys
import tempfile
from pathlib import Path

import numba

PROBE_BYTES = 2 << 20
"""The size of the file written to see whether the folder takes the code: several times the
largest file numba writes for the engine."""
SPACE_NEEDED = 64 << 20
"""The free space the folder's disk must have: ten times what the engine's code takes."""


def cache_folder() -> Path:
    """Where numba keeps the engine's code: `$NUMBA_CACHE_DIR`, `$XDG_CACHE_HOME` or
    `~/.cache`, then `damero/othello-engine-DIGEST`."""
    sources = Path(__file__).parent
    digest = hashlib.sha256()
    for part in (str(sources), numba.__version__, sys.version):
        digest.update(part.encode() + b"\0")
    for source in sorted(sources.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    base = os.environ.get("NUMBA_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    folder = Path(base) if base else Path.home() / ".cache"
    return folder / "damero" / f"othello-engine-{digest.hexdigest()[:16]}"


def refusal(folder: Path) -> OSError | None:
    """Why `folder` cannot take the compiled code, found by making it and writing a file there
    as large as numba writes; None if it can."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        disk = os.statvfs(folder)
        if disk.f_bavail * disk.f_frsize < SPACE_NEEDED:
            return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(folder))
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(bytes(PROBE_BYTES))
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as error:
        return error
    return None


FOLDER = cache_folder()
_COMPILED_HERE: set[str] = set()
"""The layouts compiled in this process, whether or not the folder could keep them."""


def _mark(layout: str) -> Path:
    return FOLDER / f"compiled-{layout}"


def is_compiled(layout: str) -> bool:
    """Whether every function of `layout` ('narrow' or 'wide') is compiled: kept in the folder,
    or in memory in this process."""
    return layout in _COMPILED_HERE or _mark(layout).is_file()


def mark_compiled(layout: str) -> None:
    """Says that `layout` is compiled, in the folder too if it keeps the code."""
    _COMPILED_HERE.add(layout)
    if CACHING:
        with contextlib.suppress(OSError):  # the next run compiles again, saying so
            _mark(layout).touch()


REFUSAL: OSError | None = (
    None if all(is_compiled(layout) for layout in ("narrow", "wide")) else refusal(FOLDER)
)
"""Why the folder cannot keep the compiled code (the engine is compiled in memory), or None. Not
looked into once everything is compiled: then numba only reads the folder."""
CACHING = REFUSAL is None
"""Whether numba keeps the code it compiles in `FOLDER`."""

numba.config.CACHE_DIR = str(FOLDER)  # type: ignore[attr-defined]
