"""The errors damero raises, each carrying a catalogue key so a front end can say why in the player's language."""

from __future__ import annotations

import errno
from collections.abc import Mapping
from typing import Any

from damero.core import Message

_OS_REASONS = {
    errno.ENOENT: "record.no_such_file",
    errno.EACCES: "record.permission_denied",
    errno.EPERM: "record.permission_denied",
    errno.EISDIR: "record.is_a_folder",
    errno.ENOTDIR: "record.not_a_folder",
    errno.ENAMETOOLONG: "record.name_too_long",
    errno.ELOOP: "record.too_many_links",
    errno.ENOSPC: "record.disk_full",
    errno.EFBIG: "record.file_too_large",
    errno.EROFS: "record.read_only",
    errno.EEXIST: "record.already_exists",
}


def os_reason(error: OSError) -> Message:
    """Why the operating system refused, in words the catalogues translate; its own words else."""
    key = _OS_REASONS.get(error.errno or 0)
    if key is None:
        return Message("record.os_error", {"text": error.strerror or str(error)})
    return Message(key)


class DameroError(Exception):
    """Base of every damero error; `message` is what to tell a person."""

    def __init__(self, key: str, **values: object) -> None:
        self.message = Message(key, values)
        super().__init__(key, values)

    def __str__(self) -> str:
        details = ", ".join(f"{name}={value!r}" for name, value in self.message.values.items())
        return f"{self.message.key}({details})"

    @property
    def values(self) -> Mapping[str, object]:
        return self.message.values


class InvalidMoveError(DameroError, ValueError):
    """The text a player typed is not a move at all (not a number, off the board)."""


class IllegalMoveError(DameroError, ValueError):
    """A well-formed move the rules refuse here (occupied, not a neighbour, flips nothing)."""


class InvalidPositionError(DameroError, ValueError):
    """Text that does not describe a position this game can reach (two pieces on a square, bad counts)."""


class MoveListError(DameroError, ValueError):
    """A list of moves as text (a stored game's, a page's) one of which cannot be played there:
    `number`, from 1, is the first refused, and `reason` the rules' refusal."""

    def __init__(self, number: int, reason: Message) -> None:
        super().__init__("game.bad_move_in_list", number=number, reason=reason)
        self.number = number


class RecordError(DameroError, ValueError):
    """A game file that cannot be read; `line` is the 1-based line at fault (0: the file as a whole)."""

    def __init__(self, key: str, *, line: int, **values: object) -> None:
        super().__init__(key, line=line, **values)
        self.line = line


class CutOffRecordError(RecordError):
    """A file whose last entry was cut off, as a crash mid-write leaves it; `partial` is the
    record of the complete entries before it, set by the format that read them."""

    partial: Any = None


class RecordWriteError(DameroError):
    """A game file that could not be written (a full disk, a size limit, another game writing to
    it); the file holds what it held before the write that failed, or, if it was being started,
    is gone. `why` is the system's refusal or damero's own reason."""

    def __init__(
        self, path: object, why: OSError | Message, *, key: str = "record.write_failed"
    ) -> None:
        reason = os_reason(why) if isinstance(why, OSError) else why
        super().__init__(key, path=str(path), why=reason)
