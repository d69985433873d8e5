"""The streams and language a terminal front end talks through, injected so tests can drive it."""

from __future__ import annotations

import contextlib
import io
import os
import re
import select
import sys
import termios
import tty
import unicodedata
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from damero.cli.lines import LineReader
from damero.core import Game, Message, Side
from damero.i18n import Catalog, printable


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
        self.echo = not is_a_terminal(stdin)
        self.is_terminal = not self.echo and is_a_terminal(stdout)
        """Whether a person sits at a terminal: then damero may ask more and pause for them."""
        self.is_styled = (
            self.is_terminal
            and not plain
            and "NO_COLOR" not in os.environ
            and os.environ.get("TERM", "") not in ("", "dumb")
        )
        """Colour, boards redrawn in place and single keys: only for a person at a terminal that
        says it can show them (TERM set, and not 'dumb')."""
        self._notes: list[str] = []
        self._last_board: str | None = None
        self._keys: deque[str] = deque()
        """Keys read at a terminal and not yet taken (`ask_key`)."""

    def note(self, key: str, /, **values: object) -> None:
        """A line about what just happened (a move, a take-back, a pass): at a terminal shown
        under the next board, which clears the screen; elsewhere at once, in order."""
        if self.is_styled:
            self._notes.append(self.emphasise(self.text(key, **values)))
        else:
            self.say(key, **values)

    def note_message(self, message: Message) -> None:
        self.note(message.key, **message.values)

    def show_board(
        self,
        game: Game[Any, Any],
        position: Any,
        to_move: Side | None,
        *,
        heading: Sequence[Message] = (),
    ) -> None:
        """A board under its `heading` lines: at a terminal drawn over the last one at the top
        of the screen, its pieces in their side's colour, the side to move's bold, the ones the
        last move changed in reverse video and the squares the side to move may play marked;
        else as drawn."""
        plain = game.draw(position)
        if not self.is_styled:
            for words in heading:
                self.say_message(words)
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
        for words in heading:
            self.say_message(words)
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
        """One key, taken as soon as it is pressed at a terminal; a line elsewhere.

        An arrow key is its arrow ('→'); another key that sends a control sequence is shown, and
        given, as printable text: nothing typed moves the cursor or leaves the prompt half
        overwritten. Keys typed ahead (a paste, a key held down) come one by one.
        """
        if not self.is_styled:
            answer = self.ask(prompt)
            return ARROWS.get(answer, answer)
        if self._keys:
            self.stdout.write(fit(prompt))
            self.stdout.flush()
        else:
            descriptor = self.stdin.fileno()
            saved = termios.tcgetattr(descriptor)
            try:
                # Single keys from before the prompt shows: a key pressed the moment it shows is
                # taken, never echoed by the terminal as well.
                tty.setcbreak(descriptor, termios.TCSANOW)
                self.stdout.write(fit(prompt))
                self.stdout.flush()
                typed = os.read(descriptor, 1024).decode("utf-8", errors="replace")
            finally:
                termios.tcsetattr(descriptor, termios.TCSANOW, saved)
            self._keys.extend(split_keys(typed))
        key = self._keys.popleft() if self._keys else "\x04"
        if key == "\x04":
            self._keys.clear()
            self.stdout.write("\n")
            raise EndOfInput
        shown = ARROWS.get(key) or printable(key.strip())
        self.stdout.write(shown + "\n")
        return shown

    @contextlib.contextmanager
    def typing_set_aside(self) -> Iterator[None]:
        """While the computer thinks: at a terminal, keys typed are not shown (they would land in
        the line that says it thinks, and vanish when the board is redrawn) and are dropped when
        it is done, so that nothing is played from a prompt that looks empty. Piped input is a
        script of answers, and is kept."""
        if self.echo:
            yield
            return
        descriptor = self.stdin.fileno()
        saved = termios.tcgetattr(descriptor)
        quiet = list(saved)
        quiet[3] &= ~termios.ECHO  # the local modes
        termios.tcsetattr(descriptor, termios.TCSANOW, quiet)
        try:
            yield
        finally:
            termios.tcsetattr(descriptor, termios.TCSAFLUSH, saved)  # restored, typing dropped
            self._keys.clear()
            self.lines.drop_buffered()

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
        """One line of input without its line end; raises EndOfInput when the stream is over.

        The answer is shown after the prompt where the terminal did not show it there: piped
        input, and a line typed at a terminal before the prompt came (the terminal showed it
        then, above, and the redrawn board may have wiped it).
        """
        self._keys.clear()  # single keys typed ahead are not the start of a line
        typed_ahead = not self.echo and self._line_waiting()
        self.stdout.write(fit(prompt))
        self.stdout.flush()
        answer = self.lines.readline()
        if answer is None:
            self.stdout.write("\n")
            raise EndOfInput
        if self.echo or typed_ahead:
            self.stdout.write(printable(answer) + "\n")
        return answer.strip()

    def _line_waiting(self) -> bool:
        """Whether a whole line of input is there to be read at once."""
        if self.lines.has_buffered():
            return True
        try:
            ready, _, _ = select.select([self.stdin], [], [], 0)
        except (OSError, ValueError):  # closed
            return False
        return bool(ready)

    def confirm(self, key: str, /, **values: object) -> bool:
        """Asks a yes-or-no question; anything but yes (y, yes, s, si, sí) is no, but for ?,
        which says so, and u and h, which do nothing here."""
        answer = self.ask_aside(
            self.text(key, **values), help_key="cli.yes_no_help", expected_key="cli.expect_yes_no"
        )
        return answer.lower() in YES_WORDS

    def ask_aside(self, prompt: str, *, help_key: str, expected_key: str) -> str:
        """An answer to a prompt outside a game's moves (a file name, a size, yes or no): ? says
        what to type (`help_key`), and the game's commands u and h, which mean nothing here,
        are told so with what to type instead (`expected_key`)."""
        while True:
            answer = self.ask(prompt)
            command = answer.lower()
            if command in HELP_WORDS:
                self.say(help_key)
            elif command in GAME_COMMANDS:
                self.say("cli.not_here", key=answer, expected=Message(expected_key))
            else:
                return answer


ARROWS = {
    **dict.fromkeys(("\x1b[C", "\x1bOC"), "→"),
    **dict.fromkeys(("\x1b[D", "\x1bOD"), "←"),
    **dict.fromkeys(("\x1b[A", "\x1bOA"), "↑"),
    **dict.fromkeys(("\x1b[B", "\x1bOB"), "↓"),
}
"""The sequences the arrow keys send (in a terminal's normal and application modes)."""

_KEY = re.compile(r"\x1b(?:\[[0-9;]*[ -/]*[@-~]|O[@-~]|.)?|.", re.DOTALL)
"""One key as a terminal sends it: a control sequence (ESC [ ... final byte, ESC O x, ESC and
one character), or one character."""


def split_keys(typed: str) -> list[str]:
    """The keys in what one read from a terminal gave.

    >>> split_keys("a\\x1b[Cr\\x1bOD")
    ['a', '\\x1b[C', 'r', '\\x1bOD']
    """
    return _KEY.findall(typed)


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

HELP_WORDS = frozenset({"?", "help", "ayuda"})
"""Words that show what a prompt wants, at any prompt."""

GAME_COMMANDS = frozenset({"u", "h"})
"""A game's commands, take back and hint, which other prompts answer are not theirs."""


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


def is_a_terminal(stream: TextIO) -> bool:
    """Whether `stream` is a terminal a person sees."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
