"""Every message exists in both languages, and every key the code names exists in the catalogues."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from damero.i18n import Catalog, choose_language, en, es

SOURCE = Path(__file__).parent.parent / "src" / "damero"
KEY = re.compile(
    r"""["']((?:cli|replay|record|menu|catmouse|othello|tictactoe|solve|analysis|web|page|help)\.[a-z_0-9]+)["']"""
)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys_and_fields() -> None:
    assert set(en.MESSAGES) == set(es.MESSAGES)
    for key, template in en.MESSAGES.items():
        # a seed's Spanish text is kept as written, so it may leave a value out
        assert fields(es.MESSAGES[key]) <= fields(template), key


def test_every_key_named_in_the_code_exists() -> None:
    named = set()
    for path in SOURCE.rglob("*.py"):
        if "i18n" in path.parts:
            continue
        named |= set(KEY.findall(path.read_text(encoding="utf-8")))
    missing = {key for key in named if key not in en.MESSAGES}
    assert not missing
    for game in ("catmouse", "othello", "tictactoe"):
        for suffix in ("rules", "title", "summary"):
            assert f"{game}.{suffix}" in en.MESSAGES


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
