"""Every message exists in both languages, and every key the code names exists in the catalogues.

The catalogues are the shared ones and each game's own words (`Game.messages`), the tests' Nim's
among them."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from pathlib import Path

import pytest

from damero.i18n import Catalog, choose_language, en, es, every_message
from damero.registry import GAMES
from nim import Nim

SOURCE = Path(__file__).parent.parent / "src" / "damero"
KEY = re.compile(
    r"""["']((?:cli|replay|record|menu|catmouse|othello|tictactoe|solve|analysis|web|page|help)\.[a-z_0-9]+)["']"""
)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize(
    "catalogues",
    [
        pytest.param({"en": en.MESSAGES, "es": es.MESSAGES}, id="shared"),
        *(pytest.param(game.messages, id=game.name) for game in (*GAMES, Nim())),
    ],
)
def test_both_languages_have_the_same_keys_and_fields(
    catalogues: Mapping[str, Mapping[str, str]],
) -> None:
    english, spanish = catalogues["en"], catalogues["es"]
    assert set(english) == set(spanish)
    for key, template in english.items():
        # a seed's Spanish text is kept as written, so it may leave a value out
        assert fields(spanish[key]) <= fields(template), key


def test_a_game_brings_only_its_own_words_and_none_the_catalogue_has() -> None:
    for game in (*GAMES, Nim()):
        for language, words in game.messages.items():
            assert all(key.startswith(f"{game.name}.") for key in words), game.name
            assert not set(words) & set(en.MESSAGES), game.name
            assert language in ("en", "es")


def test_every_key_named_in_the_code_exists() -> None:
    named = set()
    for path in SOURCE.rglob("*.py"):
        if "i18n" in path.parts:
            continue
        named |= set(KEY.findall(path.read_text(encoding="utf-8")))
    english = every_message("en")
    missing = {key for key in named if key not in english}
    assert not missing
    for game in GAMES:
        for suffix in ("rules", "typing", "title", "summary"):
            assert f"{game.name}.{suffix}" in game.messages["en"]


@pytest.mark.parametrize(
    ("option", "environment", "expected"),
    [
        ("en", {"LANG": "es_ES.UTF-8"}, "en"),
        (None, {"LANG": "es_ES.UTF-8"}, "es"),
        (None, {"LC_ALL": "en_GB.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),
        (None, {"LC_MESSAGES": "es_MX"}, "es"),
        (None, {}, "en"),
        (None, {"LANG": "fr_FR"}, "en"),
    ],
)
def test_language_choice(option: str | None, environment: dict[str, str], expected: str) -> None:
    assert choose_language(option, environment) == expected


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        Catalog("fr")
