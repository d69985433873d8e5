"""The layering of damero holds without exceptions: every module under src/damero is parsed with
`ast` and its imports are checked against the layers, for circles, and for imports inside
functions.

The layers, lowest first (a module may import its own layer and those below it):

0. core: `damero`, `damero.core`, `damero.errors`;
1. each game's rules and words: `damero.games.NAME.rules`, `damero.games.NAME.words`;
2. satellites: solvers, engines, records, players, analysis, and the modules a game keeps for
   itself (`damero.games.othello.seed_file`, `damero.games.othello.engine`);
3. the games' package entries: `damero.games.NAME` (the Game value) and `damero.games`;
4. i18n;
5. front ends: cli and web;
6. `damero.__main__`;
7. offline tools, which the runtime never imports: `damero.training`.

Records, besides, import nothing from `damero.games`: front ends pass them the games.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "src" / "damero"

LAZY_IMPORTS: dict[tuple[str, str], str] = {
    ("damero.games.othello.engine", "damero.engines.othello"): (
        "numba compiles the engine for seconds: a Four Cats game, or two people playing Othello, "
        "must not load it; and the engine imports the Othello rules, whose package entry this "
        "adapter belongs to"
    ),
    ("damero.games.catmouse", "damero.solvers.retrograde"): (
        "the solver imports the Four Cats rules, and Python runs the package entry before any "
        "module in the package, so a module-level import would be a circle"
    ),
    ("damero.cli", "damero.web.server"): "the terminal games need none of the server's packages",
    ("damero.__main__", "damero.cli"): "nothing is loaded before the guard against Ctrl-C",
}
"""The only imports inside functions: (importing module, imported module) and why it is lazy."""

LAYER_NAMES = (
    "core",
    "rules",
    "satellite",
    "game entry",
    "i18n",
    "front end",
    "__main__",
    "offline tool",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    parts = module.split(".")
    if module in ("damero", "damero.core", "damero.errors"):
        return 0
    if parts[1] == "games":
        if len(parts) <= 3:
            return 3
        return 1 if parts[3] in ("rules", "words") else 2
    if parts[1] in ("solvers", "engines", "records", "players", "progress", "analysis"):
        return 2
    if parts[1] == "i18n":
        return 4
    if parts[1] in ("cli", "web"):
        return 5
    if module == "damero.__main__":
        return 6
    if parts[1] == "training":
        return 7
    raise AssertionError(f"{module} is in no layer: add it to tests/test_layers.py")


def resolve(importer: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The damero modules `node` names: `from a import b` names a.b if that is a module, else a."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name.split(".")[0] == "damero")
        return
    assert not node.level, f"{importer}:{node.lineno}: damero imports by absolute names"
    base = node.module or ""
    if base.split(".")[0] != "damero":
        return
    for alias in node.names:
        yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base


def imports(module: str) -> Iterator[tuple[str, bool, int]]:
    """Each damero module `module` imports: (name, whether inside a function, line)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))

    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[str, bool, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                for name in dict.fromkeys(resolve(module, child)):
                    yield name, in_function, child.lineno
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from visit(child, inside)

    yield from visit(tree, False)


def is_lazy_allowed(importer: str, imported: str) -> bool:
    return any(
        importer == source and (imported == target or imported.startswith(target + "."))
        for source, target in LAZY_IMPORTS
    )


def ancestors(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def loads(module: str) -> set[str]:
    """The modules `module` needs, as Python loads them: what it imports (but a listed lazy load,
    which is the way out of a circle), and the packages above each (a package's `__init__` runs
    before its modules), except the packages `module` is itself inside, already loading."""
    own = set(ancestors(module))
    found = set()
    for name, in_function, _line in imports(module):
        if in_function and is_lazy_allowed(module, name):
            continue
        for loaded in (*ancestors(name), name):
            if loaded in MODULES and loaded not in own and loaded != module:
                found.add(loaded)
    return found


def test_every_import_points_down_the_layers() -> None:
    wrong = []
    for module in MODULES:
        for name, _in_function, line in imports(module):
            if layer(name) > layer(module):
                wrong.append(
                    f"{module}:{line} ({LAYER_NAMES[layer(module)]}) imports {name} "
                    f"({LAYER_NAMES[layer(name)]})"
                )
            if module.startswith("damero.records") and name.startswith("damero.games"):
                wrong.append(f"{module}:{line} imports {name}: records are given the games")
    assert not wrong, "\n".join(wrong)


def imports_in_functions(module: str) -> Iterator[tuple[str, int]]:
    """Every import inside a function of `module`, of damero's modules or any other: (name, line)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                yield from ((alias.name, node.lineno) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                yield node.module or "", node.lineno


def test_no_import_inside_a_function_but_the_listed_lazy_loads() -> None:
    wrong = {
        f"{module}:{line} imports {name} inside a function"
        for module in MODULES
        for name, line in imports_in_functions(module)
        if not is_lazy_allowed(module, name)
    }
    assert not wrong, "\n".join(sorted(wrong))


def test_the_lazy_loads_listed_are_still_there() -> None:
    for source, target in LAZY_IMPORTS:
        assert any(
            in_function and (name == target or name.startswith(target + "."))
            for name, in_function, _line in imports(source)
        ), (source, target)


def test_no_circle_between_modules() -> None:
    graph = {module: loads(module) for module in MODULES}
    state: dict[str, str] = {}
    path: list[str] = []
    circles: list[list[str]] = []

    def walk(module: str) -> None:
        state[module] = "open"
        path.append(module)
        for name in sorted(graph[module]):
            if state.get(name) == "open":
                circles.append([*path[path.index(name) :], name])
            elif name not in state:
                walk(name)
        path.pop()
        state[module] = "done"

    for module in MODULES:
        if module not in state:
            walk(module)
    assert not circles, "\n".join(" -> ".join(circle) for circle in circles)
