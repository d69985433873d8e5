"""The streams and language a terminal front end talks through, injected so tests can drive it."""

from __future__ import annotations

from typing import TextIO

from damero.core import Message
from damero.i18n import Catalog


class EndOfInput(Exception):
    """The input stream ended; the front end stops cleanly."""


class Console:
    """Reads answers and writes text in one language; echoes answers when input is not a terminal."""

    def __init__(self, stdin: TextIO, stdout: TextIO, catalog: Catalog) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.catalog = catalog
        self.echo = not _is_terminal(stdin)
        self.is_terminal = not self.echo and _is_terminal(stdout)
        """Whether a person sits at a terminal: then damero may ask more and pause for them."""

    def text(self, key: str, /, **values: object) -> str:
        return self.catalog.text(key, **values)

    def write(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def say(self, key: str, /, **values: object) -> None:
        self.write(self.catalog.text(key, **values))

    def say_message(self, message: Message) -> None:
        self.write(self.catalog.say(message))

    def ask(self, prompt: str) -> str:
        """One line of input without its line end; raises EndOfInput when the stream is over."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise EndOfInput
        answer = line.rstrip("\r\n")
        if self.echo:
            self.stdout.write(answer + "\n")
        return answer.strip()

    def confirm(self, key: str, /, **values: object) -> bool:
        """Asks a yes-or-no question; anything but yes (y, yes, s, si, sí) is no."""
        return self.ask(self.text(key, **values)).lower() in YES_WORDS


YES_WORDS = frozenset({"y", "yes", "s", "si", "sí"})


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
