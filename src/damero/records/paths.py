"""Checks on the file names players give, so that every name that cannot serve is refused in words
before anything is read or written: a NUL, a name too long, a folder, a device, no such file."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from damero.core import Message
from damero.errors import os_reason


def expand(text: str) -> Path:
    """The path a player means: `~` is the home folder; a `~user` that is unknown stays as typed."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        return Path(text)


def _name_refusal(path: Path) -> Message | None:
    if "\0" in str(path):
        return Message("record.name_has_nul")
    return None


def refusal_to_read(path: Path) -> Message | None:
    """Why the file at `path` cannot be read as a game file, or None if it can be opened.

    Ordinary files and pipes are read; folders and devices (such as /dev/zero) are refused.
    """
    refusal = _name_refusal(path)
    if refusal is not None:
        return refusal
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        return os_reason(error)
    if stat.S_ISDIR(mode):
        return Message("record.is_a_folder")
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        return Message("record.not_a_regular_file")
    return None


def refusal_to_create(path: Path) -> Message | None:
    """Why no new game file can be started at `path`, or None if one can.

    A name already taken (a dangling symbolic link too) is refused; the rest (a folder that is
    missing, read-only or where the system allows no files, such as /proc) is found by creating
    the file and removing it again.
    """
    refusal = _name_refusal(path)
    if refusal is not None:
        return refusal
    if os.path.lexists(path):
        return Message("record.already_exists")
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except OSError as error:
        if error.errno == errno.ENOENT and os.path.isdir(path.parent):
            return Message("record.no_files_here")
        return os_reason(error)
    os.close(handle)
    path.unlink()
    return None
