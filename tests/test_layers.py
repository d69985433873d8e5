"""damero's layers hold as Python loads them: each module is imported in a process of its own and
the modules that import loads are read from `sys.modules`, so an import that reaches upwards
through a package's `__init__` is caught as surely as one written in the module itself. The
process is forked from one that has imported only what the module's own top-level imports surely
load (nothing of damero's for `damero` itself), so `sys.modules` holds what importing the module
alone in a fresh interpreter would, and the libraries each import loads are loaded once.

The layers, lowest first (a module may load its own layer and those below it):

0. core: `damero`, `damero.core`, `damero.errors`;
1. rules: `damero.rules` and each game's rules module in it, which load nothing of damero's but
   the core, and `damero.ratings` (Glicko-2), as pure;
2. searches and files: `damero.solvers`, `damero.engines`, `damero.records`;
3. players, games in progress and the round's rules: `damero.players`, `damero.progress`,
   `damero.round`, `damero.analysis`;
4. games: `damero.games`, each game's package (its `Game` value, words, board and files);
5. the registry: `damero.registry`, the tuple `GAMES`;
6. words: `damero.i18n`;
7. front ends: `damero.cli` and `damero.web`;
8. the entry point: `damero.__main__`;
9. offline tools, which nothing of the runtime loads: `damero.training`.

Records, besides, load no game: front ends pass them the games; the server loads nothing of
the terminal; and the game in progress and the round's rules store, send, wait for and time
nothing: the time is passed to them. No module is imported inside a function but the two in LAZY_IMPORTS, each for a
reason a test below checks; with those imports counted as loads too, no module reaches itself.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "src" / "damero"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("damero", "damero.core", "damero.errors")),
    ("rules", ("damero.rules", "damero.ratings")),
    ("searches and files", ("damero.solvers", "damero.engines", "damero.records")),
    (
        "players and games in progress",
        (
            "damero.players",
            "damero.progress",
            "damero.round",
            "damero.analysis",
            "damero.results",
        ),
    ),
    ("games", ("damero.games",)),
    ("registry", ("damero.registry",)),
    ("words", ("damero.i18n",)),
    ("front ends", ("damero.cli", "damero.web")),
    ("entry point", ("damero.__main__",)),
    ("offline tools", ("damero.training",)),
)

LAZY_IMPORTS: dict[tuple[str, str], str] = {
    ("damero.games.othello.engine", "damero.engines.othello"): (
        "numba takes a second to load and compiles the engine on first use: a Four Cats game, or "
        "two people playing Othello, never loads it (checked below)"
    ),
    ("damero.cli", "damero.web"): (
        "the terminal games need none of the server's libraries (for `damero serve` and "
        "`damero db`), which take longer to load than the games themselves (checked below)"
    ),
}
"""The only imports inside functions: (importing module, imported module) and why it waits."""

HEAVY = {
    "numba": {"damero.engines", "damero.training"},
    "starlette": {"damero.web"},
    "uvicorn": {"damero.web"},
    "sqlalchemy": {"damero.web"},
}
"""Libraries that only the packages named may load: the reasons for LAZY_IMPORTS."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def is_within(module: str, package: str) -> bool:
    return module == package or (package != "damero" and module.startswith(package + "."))


def layer(module: str) -> int:
    for number, (_name, packages) in enumerate(LAYERS):
        if any(is_within(module, package) for package in packages):
            return number
    raise AssertionError(f"{module} is in no layer: add it to tests/test_layers.py")


def describe(module: str) -> str:
    return f"{module} ({LAYERS[layer(module)][0]})"


def ancestors(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def certain_imports(module: str) -> set[str]:
    """damero's modules that importing `module` surely loads: its packages, and what its body's
    unconditional top-level imports name (not those under `if`, `try` or in a function)."""
    found = set(ancestors(module))
    anchor = module if MODULES[module].name == "__init__.py" else ".".join(ancestors(module)[-1:])
    for node in ast.parse(MODULES[module].read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = (
                anchor.split(".")[: len(anchor.split(".")) - node.level + 1] if node.level else []
            )
            names = [".".join([*base, *([node.module] if node.module else [])])]
        else:
            continue
        found |= {name for name in names for name in (*ancestors(name), name) if name in MODULES}
    return found - {module}


@cache
def surely_loads() -> dict[str, frozenset[str]]:
    """`certain_imports` closed over: what importing each module loads before it is done."""
    direct = {module: certain_imports(module) for module in MODULES}
    closed: dict[str, frozenset[str]] = {}

    def close(module: str, seen: frozenset[str]) -> frozenset[str]:
        if module not in closed:
            found = set(direct[module])
            for name in direct[module] - seen:
                found |= close(name, seen | {module})
            closed[module] = frozenset(found - {module})
        return closed[module]

    for module in MODULES:
        close(module, frozenset())
    return closed


def import_tree() -> dict[str, list[str]]:
    """Each module under the one it surely loads that loads the most: `""` is the bare interpreter.

    A process that has imported a module's place in this tree has loaded nothing that importing
    the module alone would not load, so the module imported there loads the same as alone."""
    sure = surely_loads()
    tree: dict[str, list[str]] = {}
    for module in MODULES:
        below = [name for name in sure[module] if module not in sure[name]]
        above = max(below, key=lambda name: (len(sure[name]), name), default="")
        tree.setdefault(above, []).append(module)
    return tree


LOAD = """
import importlib, json, os, sys

def report(module):
    line = (json.dumps([module, sorted(sys.modules)]) + "\\n").encode()
    while line:
        line = line[os.write(1, line):]

def visit(module):
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(module)
        except BaseException:
            import traceback
            sys.stderr.write(f"importing {module} failed:\\n{traceback.format_exc()}")
            os._exit(1)
        report(module)
        for name in tree.get(module, ()):
            visit(name)
        os._exit(0)
    os.waitpid(pid, 0)

tree = json.loads(sys.argv[1])
report("")
for name in tree[""]:
    visit(name)
"""
"""One interpreter that has imported nothing of damero's forks a process per module, which
imports it, reports `sys.modules` and forks the processes of the modules below it in the tree."""


@cache
def loaded_with_start() -> dict[str, frozenset[str]]:
    """`loaded()`, and under `""` the modules the bare interpreter had loaded at its start."""
    environment = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    done = subprocess.run(
        [sys.executable, "-c", LOAD, json.dumps(import_tree())],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    found = dict(json.loads(line) for line in done.stdout.splitlines())
    missing = set(MODULES) - set(found)
    assert not missing, f"importing {sorted(missing)} failed:\n{done.stderr}"
    return {module: frozenset(names) for module, names in found.items()}


def loaded() -> dict[str, frozenset[str]]:
    """For each module of damero, the modules importing it alone loads."""
    return {module: names for module, names in loaded_with_start().items() if module}


def damero_loads(module: str) -> set[str]:
    return {name for name in loaded()[module] if name in MODULES and name != module}


def own_loads(module: str) -> set[str]:
    """What `module` loads beyond its packages and what they load: its own imports' doing."""
    inherited = set(ancestors(module))
    for package in ancestors(module):
        inherited |= damero_loads(package)
    return damero_loads(module) - inherited


def imports_in_functions(module: str) -> Iterator[tuple[str, int]]:
    """Every import inside a function of `module`, of damero's modules or any other: (name, line).
    `from a import b` names a.b where that is a module of damero's."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                yield from ((alias.name, node.lineno) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                for alias in node.names:
                    name = f"{base}.{alias.name}"
                    yield (name if name in MODULES else base), node.lineno


def lazy_loads(module: str) -> set[str]:
    """The damero modules `module` imports inside its functions, with the packages above them."""
    found = set()
    for name, _line in imports_in_functions(module):
        found |= {loaded for loaded in (*ancestors(name), name) if loaded in MODULES}
    return found - set(ancestors(module)) - {module}


def test_each_module_loads_only_its_layer_and_those_below() -> None:
    wrong = [
        f"importing {describe(module)} loads {describe(name)}"
        for module in MODULES
        for name in sorted(damero_loads(module))
        if layer(name) > layer(module)
    ]
    assert not wrong, "\n".join(wrong)


def loads_refused(package: str, allowed: Callable[[str], bool]) -> list[str]:
    """What a module of `package` loads that `allowed` refuses, as lines to report."""
    return [
        f"importing {module} loads {name}"
        for module in MODULES
        if is_within(module, package)
        for name in sorted(damero_loads(module))
        if not allowed(name)
    ]


def test_rules_load_nothing_of_damero_but_the_core() -> None:
    wrong = loads_refused("damero.rules", lambda name: layer(name) == 0 or name == "damero.rules")
    assert not wrong, "\n".join(wrong)


def test_records_load_no_game() -> None:
    """Records are given the games a file may hold."""
    wrong = loads_refused(
        "damero.records", lambda name: layer(name) == 0 or is_within(name, "damero.records")
    )
    assert not wrong, "\n".join(wrong)


def test_the_server_loads_nothing_of_the_terminal() -> None:
    wrong = loads_refused("damero.web", lambda name: not is_within(name, "damero.cli"))
    assert not wrong, "\n".join(wrong)


PURE = ("damero.progress", "damero.round")
"""The game in progress and the round's rules: pure functions of the game, the seat, the request
and the time they are given."""
IMPURE = (
    "anyio",
    "asyncio",
    "concurrent",
    "datetime",
    "io",
    "os",
    "psycopg",
    "random",
    "secrets",
    "selectors",
    "socket",
    "sqlalchemy",
    "sqlite3",
    "starlette",
    "threading",
    "time",
    "uvicorn",
    "websockets",
    "damero.cli",
    "damero.web",
)
"""What stores, sends, waits, draws lots or reads a clock."""


def own_imports(module: str) -> Iterator[tuple[str, int]]:
    """Every module `module`'s own code imports, damero's or any other: (name, line)."""
    for node in ast.walk(ast.parse(MODULES[module].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module, node.lineno
            yield from ((f"{node.module}.{alias.name}", node.lineno) for alias in node.names)


def test_the_rounds_rules_store_send_wait_for_and_time_nothing() -> None:
    """Neither their own imports nor anything those load beyond what the interpreter loads at
    its start."""
    wrong = [
        f"{module}:{line} imports {name}"
        for module in PURE
        for name, line in own_imports(module)
        if any(is_within(name, impure) for impure in IMPURE)
    ]
    at_start = loaded_with_start()[""]
    wrong += [
        f"importing {module} loads {name}"
        for module in PURE
        for name in sorted(loaded()[module] - at_start)
        if any(is_within(name, impure) for impure in IMPURE)
    ]
    assert not wrong, "\n".join(wrong)


def test_no_import_inside_a_function_but_the_listed_lazy_loads() -> None:
    wrong = {
        f"{module}:{line} imports {name} inside a function"
        for module in MODULES
        for name, line in imports_in_functions(module)
        if not any(module == source and is_within(name, target) for source, target in LAZY_IMPORTS)
    }
    assert not wrong, "\n".join(sorted(wrong))


def test_the_lazy_loads_point_down_and_are_still_there() -> None:
    for source, target in LAZY_IMPORTS:
        assert target in lazy_loads(source), f"{source} no longer imports {target} lazily"
        assert layer(target) <= layer(source), f"{describe(source)} imports {describe(target)}"


def test_heavy_libraries_load_only_where_they_are_needed() -> None:
    """Why the lazy imports are there: a program that plays no Othello engine never loads numba,
    and the terminal games never load the server's libraries."""
    wrong = [
        f"importing {module} loads {library}"
        for module in MODULES
        for library, owners in HEAVY.items()
        if library in loaded()[module] and not any(is_within(module, o) for o in owners)
    ]
    assert not wrong, "\n".join(wrong)


def test_no_circle_between_modules_even_through_lazy_imports() -> None:
    """A lazy import hides a circle from Python but not from a reader: each counts as a load."""
    graph = {module: own_loads(module) | lazy_loads(module) for module in MODULES}
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
