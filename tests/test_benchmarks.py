"""Every benchmark still imports (the tests' helpers among them, for the web's), and every one
that runs as a program answers its help: a benchmark nobody ran for a while still runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))


def test_there_are_benchmarks() -> None:
    assert {path.name for path in BENCHMARKS} >= {"web.py", "floor.py", "othello_perft.py"}


@pytest.mark.parametrize("path", BENCHMARKS, ids=[path.name for path in BENCHMARKS])
def test_a_benchmark_imports_and_answers_its_help(path: Path) -> None:
    """A program is run once, asked for its help, which imports it as a whole; a module the
    others import is imported as a program would, with its own folder first on the path."""
    if '__name__ == "__main__"' in path.read_text(encoding="utf-8"):
        answered = subprocess.run(
            [sys.executable, str(path), "--help"], capture_output=True, text=True, timeout=120
        )
        assert answered.returncode == 0, answered.stderr[-2000:]
        assert "usage:" in answered.stdout
        return
    imported = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import runpy, sys; sys.path.insert(0, {str(path.parent)!r}); "
            f"runpy.run_path({str(path)!r})",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert imported.returncode == 0, imported.stderr[-2000:]
