"""Message catalogues and the choice of language: Spanish or English, from the option, else the locale.

The shared catalogues (`en`, `es`) hold the words every game uses; each game brings its own
words (`Game.messages`), looked up among the games in `damero.registry.GAMES` when it is asked.
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping

from damero import registry
from damero.core import Message
from damero.i18n import en, es

LANGUAGES = ("en", "es")
_CATALOGUES: Mapping[str, Mapping[str, str]] = {"en": en.MESSAGES, "es": es.MESSAGES}
_ARGPARSE: Mapping[str, Mapping[str, str]] = {"en": {}, "es": es.ARGPARSE}


def choose_language(option: str | None, environ: Mapping[str, str] | None = None) -> str:
    """`--lang` wins; else the first set locale variable, Spanish if it starts with 'es'; else English."""
    if option is not None:
        return option
    environ = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


MAX_QUOTE = 80
"""The most characters of a player's input or a file's line that a message quotes."""


def excerpt(text: str) -> str:
    """`text`, or its first MAX_QUOTE characters and '…' if it is longer, with characters that
    do not print (NUL, escapes) as '\ufffd': bad input is quoted so that the player sees what
    was refused, never the whole of a huge line nor a control sequence."""
    shown = text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE] + "…"
    return "\n".join(map(printable, shown.split("\n")))


def printable(text: str) -> str:
    """`text` with each character that does not print (NUL, escape, a tab) as '\ufffd', so that
    what a player typed is shown as typed and never as a control sequence the terminal obeys.

    >>> printable("4\\x1b[2J 3\\x00")
    '4\\ufffd[2J 3\\ufffd'
    """
    return "".join(c if c.isprintable() else "\ufffd" for c in text)


class Catalog:
    """Turns message keys into text in one language."""

    def __init__(self, language: str) -> None:
        if language not in _CATALOGUES:
            raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
        self.language = language
        self._messages = _CATALOGUES[language]
        self._formatter = _SpanishNumbers() if language == "es" else _Formatter()

    def text(self, key: str, /, **values: object) -> str:
        """The message for `key` with its values filled in; nested Message values are translated too."""
        template = self._messages.get(key)
        if template is None:
            template = _game_message(self.language, key)
        filled = {name: self.render(value) for name, value in values.items()}
        return self._formatter.format(template, **filled)

    def render(self, value: object) -> object:
        if isinstance(value, Message):
            return self.say(value)
        if isinstance(value, str):
            return excerpt(value)
        return value

    def say(self, message: Message) -> str:
        return self.text(message.key, **message.values)

    def gettext(self, english: str) -> str:
        """One of argparse's own texts (its English is the key, as gettext has it) in this
        language; the English where the catalogue has none."""
        return _ARGPARSE[self.language].get(english, english)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """`gettext` of the singular or the plural as `count` asks: both languages say one
        thing, and any other number of things."""
        return self.gettext(singular if count == 1 else plural)


class _Formatter(string.Formatter):
    """Fills a template; `{side!c}` writes a value with its first letter a capital, for a name
    that starts a sentence ("the mouse" in "The mouse won.").

    >>> _Formatter().format("{side!c} won.", side="the mouse")
    'The mouse won.'
    """

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "c":
            text = str(value)
            return text[:1].upper() + text[1:]
        return super().convert_field(value, conversion)


class _SpanishNumbers(_Formatter):
    """Writes numbers as Spanish does: a decimal comma and a point between thousands.

    >>> _SpanishNumbers().format("{0:.2f} {1:,}", 1234.5, 895363)
    '1234,50 895.363'
    """

    def format_field(self, value: object, format_spec: str) -> str:
        text = str(super().format_field(value, format_spec))
        if isinstance(value, int | float) and not isinstance(value, bool):
            return text.translate(_SWAP_SEPARATORS)
        return text


_SWAP_SEPARATORS = str.maketrans({".": ",", ",": "."})


def every_message(language: str) -> dict[str, str]:
    """Every message there is in `language`: the shared catalogue, then each game's own words."""
    messages = dict(_CATALOGUES[language])
    for game in registry.GAMES:
        messages.update(game.messages.get(language, {}))
    return messages


def _game_message(language: str, key: str) -> str:
    """The words a game brings itself (`Game.messages`), looked up in the games there are now."""
    for game in registry.GAMES:
        template = game.messages.get(language, {}).get(key)
        if template is not None:
            return template
    raise KeyError(key)
