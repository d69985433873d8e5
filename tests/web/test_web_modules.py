"""The page's ES modules load in one direction: no module imports one that imports it back, however
long the way round, so that each can be read (and loaded) before those that use it. And none of
the page's files knows a game: each offers what the server sends."""

from __future__ import annotations

import re
from pathlib import Path

from damero.registry import GAMES

STATIC = Path(__file__).parent.parent.parent / "src" / "damero" / "web" / "static"
IMPORT = re.compile(r"""^\s*import\b[^;]*?["']\./([\w.-]+\.js)["']""", re.MULTILINE | re.DOTALL)
"""A static import of a module beside it: `import { a, b } from "./board.js";`, over several lines
or one, and `import "./x.js";`."""


def imports(source: str) -> set[str]:
    """The modules beside it that a module's source imports.

    >>> sorted(imports('import { a,\\n  b } from "./one.js";\\nimport "./two.js";\\nconst c = 1;'))
    ['one.js', 'two.js']
    """
    return set(IMPORT.findall(source))


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A way from some module back to itself through `graph`'s imports, or None if there is none.

    >>> circle({"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": set()}) is None
    True
    >>> circle({"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}})
    ['a.js', 'b.js', 'c.js', 'a.js']
    """
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for imported in sorted(graph.get(module, ())):
            found = walk(imported, [*path, module])
            if found is not None:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = walk(module, [])
        if found is not None:
            return found
    return None


def test_the_page_s_modules_import_each_other_without_a_circle() -> None:
    graph = {path.name: imports(path.read_text(encoding="utf-8")) for path in STATIC.glob("*.js")}
    assert len(graph) > 10 and graph["app.js"], "every module is read"
    for module, imported in graph.items():
        assert imported <= set(graph), f"{module} imports a module that is not there"
    assert circle(graph) is None, " imports ".join(circle(graph) or [])


def test_no_file_of_the_page_names_a_game() -> None:
    """A game's name in the page would be a game it treats apart (a default, an option's words):
    what a game offers comes from the server, so a new game needs nothing here."""
    named = [
        f"{path.name}: {game.name}"
        for path in sorted(STATIC.iterdir())
        for game in GAMES
        if re.search(rf"\b{game.name}\b", path.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert len(GAMES) >= 3 and not named, named
