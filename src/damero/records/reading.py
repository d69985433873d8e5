"""Reading a game file's text with bounds, so that no file (/dev/zero through a pipe, 50 MB of one
line) can use memory or time without limit: game files are small, and a file that is not is refused."""

from __future__ import annotations

from pathlib import Path

from damero.errors import RecordError, os_reason
from damero.records.paths import refusal_to_read

ENCODING = "utf-8"
BYTE_ORDER_MARK = "\ufeff"

MAX_LINE = 1_000
"""Characters in one line; the longest line of any game file is a few dozen."""

MAX_TEXT = 1_000_000
"""Characters in a whole file; a 10x10 Othello game with a board after every pass is ~15,000."""


def read_text(path: Path) -> str:
    """The text of the file at `path`, LF for every line end (CRLF and CR alone too), without
    the byte-order mark some editors put first.

    Undecodable bytes become U+FFFD, so they fail as bad lines; RecordError names the line where
    the file goes past a bound, or says why it cannot be opened (line 0).
    """
    refusal = refusal_to_read(path)
    if refusal is not None:
        raise RecordError("record.cannot_open", line=0, why=refusal)
    lines: list[str] = []
    total = 0
    try:
        with path.open(encoding=ENCODING, errors="replace") as stream:
            while line := stream.readline(MAX_LINE + 1):
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    raise RecordError("record.line_too_long", line=len(lines) + 1, limit=MAX_LINE)
                total += len(line)
                if total > MAX_TEXT:
                    raise RecordError("record.too_big", line=len(lines) + 1, limit=MAX_TEXT)
                lines.append(line)
    except OSError as error:
        raise RecordError("record.cannot_open", line=0, why=os_reason(error)) from None
    return "".join(lines).removeprefix(BYTE_ORDER_MARK)
