"""Lines of input as people and programs end them, each of bounded length, so that no input
(CR-only line ends, a line of a million characters, a stream with no line end) misleads or stalls
the prompts."""

from __future__ import annotations

from typing import TextIO

MAX_ANSWER = 1_000
"""Characters kept of one line of input; the rest of a longer line is read and dropped."""


class LineReader:
    """Reads `stream` line by line: LF, CRLF and CR alone each end a line."""

    def __init__(self, stream: TextIO, *, limit: int = MAX_ANSWER) -> None:
        self.stream = stream
        self.limit = limit
        self._buffer = ""
        self._after_cr = False
        """The last line ended with CR: an LF that comes next belongs to it."""

    def has_buffered(self) -> bool:
        """Whether a line end has been read and not yet given: a line is waiting."""
        return _line_end(self._buffer) >= 0

    def drop_buffered(self) -> None:
        """Forgets what has been read and not yet given (input typed ahead, set aside)."""
        self._buffer = ""

    def readline(self) -> str | None:
        """The next line without its end, cut to `limit` characters; None at the end of input."""
        kept = ""
        dropping = False
        while True:
            if not self._buffer:
                self._buffer = self.stream.readline(self.limit + 1)
                if not self._buffer:
                    return kept if kept or dropping else None
            if self._after_cr and self._buffer.startswith("\n"):
                self._buffer = self._buffer[1:]
                self._after_cr = False
                continue
            self._after_cr = False
            end = _line_end(self._buffer)
            piece = self._buffer if end < 0 else self._buffer[:end]
            if not dropping:
                kept += piece[: self.limit - len(kept)]
                dropping = len(kept) >= self.limit
            if end < 0:
                self._buffer = ""
                continue
            self._after_cr = self._buffer[end] == "\r"
            self._buffer = self._buffer[end + 1 :]
            return kept


def _line_end(text: str) -> int:
    """The index of the first CR or LF in `text`, or -1."""
    ends = [index for index in (text.find("\r"), text.find("\n")) if index >= 0]
    return min(ends) if ends else -1
