"""The Othello engine compiled once, saying so: on a fresh cache the first game against the
computer, hint, analysis or command compiles it with a progress bar, for the boards it needs,
and nothing is compiled again; a cache folder that cannot be written means compiling in memory,
said in one line, and the game goes on."""

from __future__ import annotations

import errno
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Run, Terminal, without_locale
from damero.engines.othello.cache import PROBE_BYTES, refusal
from damero.errors import os_reason
from damero.i18n import Catalog


def compiled_files(cache: Path) -> set[Path]:
    """The compiled code numba keeps under `cache`."""
    return {path for path in cache.rglob("*") if path.suffix in (".nbi", ".nbc")}


# Compiling every board's engine takes minutes where other work shares the cores: the test waits
# for it as long as a loaded machine needs, which a quiet one never comes near.
COMPILE_SECONDS = 1500


@pytest.mark.timeout(3 * COMPILE_SECONDS)
def test_a_fresh_cache_is_compiled_once_with_its_progress_shown(run: Run, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    fresh = {"NUMBA_CACHE_DIR": str(cache)}
    # At a terminal, the first think compiles the engine for the boards up to 8x8, a bar
    # redrawn in place; keys typed meanwhile are neither shown nor played.
    terminal = Terminal(
        ["othello", "play", "--size", "4", "--x", "computer", "--lang", "en"],
        cwd=tmp_path,
        env=fresh,
    )
    try:
        terminal.wait_for("Compiling the Othello engine for boards from 4x4 to 8x8: once")
        terminal.wait_for("%")
        terminal.type("q\n")
        compiling = terminal.wait_for("The Othello engine is compiled (", timeout=COMPILE_SECONDS)
        terminal.wait_for("O, your move")
        terminal.wait_for(": ")
        terminal.type("?\n")
        helped = terminal.wait_for("Othello. X moves first")
        terminal.type("q\n")
        terminal.wait_for("Game left.")
    finally:
        terminal.close()
    for step in ("moves and their flips", "search", "levels", "exact endgame"):
        assert f"the {step}" in compiling or step in compiling
    assert compiling.count("\r[") >= 4, "one line, redrawn in place"
    assert "100%" in compiling and "\nq" not in compiling and "q\r\n" not in compiling
    assert "Game left." not in helped, "the key typed while compiling was not played"
    narrow = compiled_files(cache)
    assert narrow

    # Nothing is left to compile for those boards: a game, a hint, an analysis.
    for arguments, answers in (
        (["othello", "play", "--size", "8", "--o", "computer", "--level", "5"], ["h", "q"]),
        (["othello", "play", "--size", "6", "--x", "computer", "--level", "1"], ["q"]),
        (["othello", "analyse", "-----OX--XO----- X"], []),
    ):
        result = run([*arguments, "--lang", "en"], answers, env=fresh)
        assert result.returncode == 0, result.stderr
        assert "Compiling" not in result.stdout + result.stderr
    assert compiled_files(cache) == narrow, "nothing compiled again"

    # A command compiles what is left, in Spanish, before it starts its clock.
    solved = run(
        ["othello", "solve", "--size", "4", "--lang", "es"], env=fresh, timeout=COMPILE_SECONDS
    )
    assert solved.returncode == 0, solved.stderr
    assert "Compilando el motor del Othello para tableros de 10x10: una sola vez" in solved.stderr
    assert "\r" not in solved.stderr, "a line a step, where no terminal redraws it"
    assert "el final exacto (10x10)" in solved.stderr
    compile_seconds = float(re.findall(r"compilado \((\d+) s\)", solved.stderr)[0])
    solve_seconds = float(
        re.findall(r"resuelto en (\d+,\d+) s", solved.stdout)[0].replace(",", ".")
    )
    assert solve_seconds < compile_seconds, "the compile is not counted in the solve's time"
    everything = compiled_files(cache)
    result = run(["othello", "play", "--size", "10", "--x", "computer"], ["h", "q"], env=fresh)
    assert "Compiling" not in result.stdout and compiled_files(cache) == everything
    assert "Everything is compiled already" in run(["setup"], env=fresh).stdout


def limit_file_size() -> None:
    """A file size limit below the largest file the engine's cache needs, as a system may set."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (PROBE_BYTES // 4, PROBE_BYTES // 4))


@pytest.mark.timeout(2 * COMPILE_SECONDS)
@pytest.mark.parametrize("language", ["es"])
def test_a_cache_that_cannot_be_written_leaves_a_playable_game(
    tmp_path: Path, language: str
) -> None:
    cache = tmp_path / "cache"
    # The 10x10 board's engine is the one quicker to compile: the same preparation, in memory.
    result = subprocess.run(
        [
            *(sys.executable, "-m", "damero", "othello", "play", "--size", "10"),
            *("--x", "computer", "--o", "computer", "--delay", "0", "--lang", language),
        ],
        input="",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=without_locale() | {"NUMBA_CACHE_DIR": str(cache)},
        preexec_fn=limit_file_size,
        timeout=COMPILE_SECONDS,
        check=False,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    out = result.stdout
    reason = Catalog(language).say(os_reason(OSError(errno.EFBIG, "")))
    assert out.count("no se puede guardar en") == 1 and reason in out
    assert "Compilando el motor del Othello" in out and "para esta vez" in out
    assert re.search(r"(gana|Empate|tablas)", out, re.IGNORECASE), out[-500:]
    assert not compiled_files(cache), "nothing was written into the cache"


def test_why_a_folder_cannot_keep_the_compiled_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = Catalog("en")
    a_file = tmp_path / "a file"
    a_file.write_text("")
    under_a_file = refusal(a_file / "cache")
    assert isinstance(under_a_file, NotADirectoryError)
    assert english.say(os_reason(under_a_file)) == "a part of the path is not a folder"
    assert refusal(tmp_path / "cache") is None and (tmp_path / "cache").is_dir()

    class NearlyFull:
        f_bavail, f_frsize = 10, 4096

    monkeypatch.setattr(os, "statvfs", lambda path: NearlyFull())
    full = refusal(tmp_path / "cache")
    assert full is not None and english.say(os_reason(full)) == "the disk is full"
