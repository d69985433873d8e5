"""Shared helpers: running the real `damero` command as a player would, with piped input."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

Run = Callable[..., subprocess.CompletedProcess[str]]


def damero(
    arguments: Sequence[str],
    lines: Sequence[str] = (),
    *,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Runs `python -m damero ARGUMENTS` with LINES as its input and no locale set."""
    environment = {
        k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")
    }
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "damero", *arguments],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=environment,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def run(tmp_path: Path) -> Run:
    """`damero` run in a fresh folder, so records land in tmp_path."""

    def runner(arguments: Sequence[str], lines: Sequence[str] = (), **options: object):  # type: ignore[no-untyped-def]
        options.setdefault("cwd", tmp_path)
        return damero(arguments, lines, **options)  # type: ignore[arg-type]

    return runner
