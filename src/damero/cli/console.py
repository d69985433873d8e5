"""The streams and language a terminal front end talks through, injected so tests can drive it."""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import termios
import tty
import unicodedata
from typing import Any, TextIO

from damero.cli.lines import LineReader
from damero.core import Game, Message, Side
from damero.i18n import Catalog


class EndOfInput(Exception):
    """The input stream ended; the front end stops cleanly."""


class Console:
    """Reads answers and writes text in one language; echoes answers when input is not a terminal."""

    def __init__(
        self,
        stdin: TextIO,
        stdout: TextIO,
        catalog: Catalog,
        *,
        plain: bool = False,
        stderr: TextIO | None = None,
    ) -> None:
        self.stdin = stdin
        self.lines = LineReader(stdin)
        self.stdout = stdout
        self.stderr = sys.stderr if stderr is None else stderr
        """Where a command's progress goes, apart from the output other programs read."""
        self.catalog = catalog
        self.echo = not _is_terminal(stdin)
        self.is_terminal = not self.echo and _is_terminal(stdout)
        """Whether a person sits at a terminal: then damero may ask more and pause for them."""
        self.is_styled = self.is_terminal and not plain and "NO_COLOR" not in os.environ
        """Colour, boards redrawn in place and single keys: only for a person at a terminal."""
        self._notes: list[str] = []
        self._last_board: str | None = None

    def note(self, key: str, /, **values: object) -> None:
        """A line about what just happened (a move, a take-back, a pass): at a terminal shown
        under the next board, which clears the screen; elsewhere at once, in order."""
        if self.is_styled:
            self._notes.append(self.emphasise(self.text(key, **values)))
        else:
            self.say(key, **values)

    def note_message(self, message: Message) -> None:
        self.note(message.key, **message.values)

    def show_board(self, game: Game[Any, Any], position: Any, to_move: Side | None) -> None:
        """A board: at a terminal drawn over the last one at the top of the screen, its pieces
        in their side's colour, the side to move's bold, the ones the last move changed in
        reverse video and the squares the side to move may play marked; else as drawn."""
        plain = game.draw(position)
        if not self.is_styled:
            self._write_board(plain)
            return
        before = (self._last_board or "").split("\n")
        self._last_board = plain
        drawing = (to_move and game.draw_playable(position)) or plain
        marks = game.piece_marks
        lines = drawing.split("\n")
        if marks:
            pattern = re.compile("|".join(rf"\b{re.escape(mark)}\b" for mark in marks))
            for number, line in enumerate(lines):
                old = before[number] if number < len(before) else ""

                def colour(found: re.Match[str], old: str = old) -> str:
                    side = marks[found.group()]
                    codes = [SIDE_COLOURS[side]]
                    if side is to_move:
                        codes.append("1")
                    if old and old[found.start() : found.end()] != found.group():
                        codes.append("7")
                    return f"\x1b[{';'.join(codes)}m{found.group()}\x1b[0m"

                lines[number] = pattern.sub(colour, line)
        self.stdout.write(CLEAR_SCREEN)
        self._write_board("\n".join(lines))
        for note in self._notes:
            self.write(note)
        self._notes.clear()

    def forget_last_board(self) -> None:
        """A new game or replay starts: nothing on its first board is shown as just changed."""
        self._last_board = None

    def emphasise(self, text: str) -> str:
        """`text` in bold at a terminal (the side to move, the last move); as it is elsewhere."""
        return f"\x1b[1m{text}\x1b[0m" if self.is_styled else text

    def ask_key(self, prompt: str) -> str:
        """One key, taken as soon as it is pressed at a terminal; a line elsewhere."""
        if not self.is_styled:
            return self.ask(prompt)
        self.stdout.write(fit(prompt))
        self.stdout.flush()
        descriptor = self.stdin.fileno()
        saved = termios.tcgetattr(descriptor)
        try:
            tty.setcbreak(descriptor, termios.TCSANOW)
            key = os.read(descriptor, 4).decode("utf-8", errors="replace")
        finally:
            termios.tcsetattr(descriptor, termios.TCSANOW, saved)
        if not key or key == "\x04":
            self.stdout.write("\n")
            raise EndOfInput
        self.stdout.write(key.strip() + "\n")
        return key.strip()

    def text(self, key: str, /, **values: object) -> str:
        return self.catalog.text(key, **values)

    def write(self, text: str) -> None:
        self.stdout.write(fit(text) + "\n")
        self.stdout.flush()

    def _write_board(self, drawing: str) -> None:
        """A board as drawn: its rows are never broken, whatever their colour codes."""
        self.stdout.write(drawing + "\n")
        self.stdout.flush()

    def say(self, key: str, /, **values: object) -> None:
        self.write(self.catalog.text(key, **values))

    def say_message(self, message: Message) -> None:
        self.write(self.catalog.say(message))

    def ask(self, prompt: str) -> str:
        """One line of input without its line end; raises EndOfInput when the stream is over."""
        self.stdout.write(fit(prompt))
        self.stdout.flush()
        answer = self.lines.readline()
        if answer is None:
            self.stdout.write("\n")
            raise EndOfInput
        if self.echo:
            self.stdout.write(answer + "\n")
        return answer.strip()

    def confirm(self, key: str, /, **values: object) -> bool:
        """Asks a yes-or-no question; anything but yes (y, yes, s, si, sí) is no."""
        return self.ask(self.text(key, **values)).lower() in YES_WORDS


SIDE_COLOURS = {Side.FIRST: "31", Side.SECOND: "34"}
"""ANSI colours of each side's pieces: red for the side that moves first, blue for the other."""
CLEAR_SCREEN = "\x1b[H\x1b[2J"

COLUMNS = 80
"""The width every line is kept within, the narrowest terminal people still use."""


def fit(text: str) -> str:
    """`text` with each line wider than COLUMNS on a terminal broken between words, its indent
    kept; colour codes take no width. A prompt keeps its final space.

    >>> fit("word " * 20).splitlines()[1]
    'word word word word '
    """
    lines = []
    for line in text.split("\n"):
        if display_width(line) <= COLUMNS:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        current = ""
        for word in re.findall(r" *[^ ]+", line[len(indent) :]):
            if current and display_width(indent + current + word) > COLUMNS:
                lines.append(indent + current)
                current = word.lstrip()
            else:
                current = (current + word) if current else word.lstrip()
        lines.append(indent + current + (" " if line.endswith(" ") else ""))
    return "\n".join(lines)


_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def display_width(text: str) -> int:
    """The columns `text` takes on a terminal: colour codes none, wide characters two, accents
    that combine with the letter before them none.

    >>> display_width("\x1b[31;1mX\x1b[0m 漢")
    4
    """
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in _ESCAPE.sub("", text)
    )


YES_WORDS = frozenset({"y", "yes", "s", "si", "sí"})


def standard_input() -> TextIO:
    """sys.stdin, with bytes that do not decode read as U+FFFD, so they are refused like any
    other junk; an empty stream if standard input is closed."""
    if sys.stdin is None:
        return io.StringIO()
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    return sys.stdin


def standard_output() -> TextIO:
    """sys.stdout, with characters its encoding lacks written as '?'; nowhere if it is closed."""
    if sys.stdout is None:
        return io.StringIO()
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    return sys.stdout


def stop_writing(stream: TextIO) -> None:
    """After a broken pipe: sends what is left of standard output nowhere, so that Python's final
    flush does not complain."""
    if stream is sys.stdout:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
