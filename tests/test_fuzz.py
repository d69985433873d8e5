"""Generated junk at every prompt of every game and menu, in every option and in every file
reader: damero answers in words and ends cleanly at the end of its input; it never raises.

Most runs are in this process, through `damero.cli.main` with injected streams; a few go
through a real process, where standard input is bytes a terminal or a pipe could send.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import WAIT_SECONDS, without_locale
from damero.cli import main
from damero.errors import RecordError
from damero.records import read_file
from damero.registry import GAMES

DATA = Path(__file__).parent / "data"
FILES = {
    "game.txt": DATA / "othello_4x4_game.txt",
    "cut.txt": DATA / "bad" / "othello_cut_mid_board.txt",
    "moves.txt": DATA / "bad" / "movelist_crlf.txt",
    "binary.bin": DATA / "bad" / "binary.bin",
}
"""Files the junk may name, in the folder the runs happen in."""

KEYS = [
    *"1234567q?arsjyn",
    "u",
    "-1 -1",
    "0 0",
    "1 2",
    "d3",
    "30",
    "26",
    "4 8",
    "",
    " ",
    "9" * 5000,
    "²",
    "٣",
    "\x00",
    "\x1b[2J",
    "/dev/zero",
    "/proc/x",
    "adir",
    "a" * 300,
    *FILES,
]
"""Answers that reach past the first prompt: menu choices, moves, commands, file names."""


def _not_a_hint(text: str) -> bool:
    """Hints think for seconds; the fuzz leaves them to their own tests."""
    return " ".join(text.lower().split()) != "h"


KEY = st.sampled_from(KEYS)

LINE = st.one_of(
    KEY,
    KEY,
    st.text(max_size=40),
    st.integers().map(str),
    st.from_regex(r"[0-9 ,;.-]{0,12}", fullmatch=True),
).filter(_not_a_hint)

INPUT = st.tuples(
    st.lists(KEY.filter(_not_a_hint), max_size=4),
    st.lists(LINE, max_size=20),
    st.sampled_from(["\n", "\r\n", "\r"]),
).map(lambda parts: "".join(line + parts[2] for line in parts[0] + parts[1]))
"""A few answers that lead deep (a menu choice, a file name), then anything."""

COMMANDS = [
    [],
    *([game.name] for game in GAMES),
    ["othello", "play", "--size", "4"],
    ["replay", "game.txt"],
    ["replay", "moves.txt"],
    ["tictactoe", "--replay", "moves.txt"],
    ["othello", "--replay", "game.txt"],
    ["tictactoe", "--save", "new.txt"],
    ["catmouse", "play", "--save", "cm.txt"],
]

SAVED = ("new.txt", "cm.txt")
"""The files COMMANDS save into, removed before each run so that each starts them anew."""

REFUSALS = {
    1: ("Cannot read ",),
    2: ("already exists", "Cannot start a game file at", "The folder for"),
}
"""What a command that runs and ends with a failure says, by its exit status."""

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder with files for the junk to name, where the runs happen."""
    here = tmp_path_factory.mktemp("fuzz")
    for name, source in FILES.items():
        shutil.copy(source, here / name)
    (here / "adir").mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(here)
        yield here


def run(arguments: list[str], text: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main([*arguments, "--lang", "en"], stdin=io.StringIO(text), stdout=out)
    return status, out.getvalue()


@pytest.mark.parametrize("arguments", COMMANDS, ids=lambda words: " ".join(words) or "menu")
@FUZZ
@given(text=INPUT)
def test_junk_at_every_prompt_ends_cleanly(arguments: list[str], text: str, folder: Path) -> None:
    for saved in SAVED:
        (folder / saved).unlink(missing_ok=True)
    before = {name: (folder / name).read_bytes() for name in FILES}
    status, out = run(arguments, text)
    assert status == 0, out[-500:]
    assert not any(repr_part in out for repr_part in ("Traceback", "Message(", "Side.", "Move("))
    assert {name: (folder / name).read_bytes() for name in FILES} == before


OPTIONS = ["--level", "--seed", "--delay", "--size", "--save", "--replay", "--lang", "--x"]


def run_with_option(game: str, option: str, value: str) -> None:
    """`damero GAME OPTION VALUE` with no input: refused by argparse, or run to a clean end, or
    refused in words (a file that cannot be read or started)."""
    try:
        status, out = run([game, option, value], "")
    except SystemExit as refusal:  # argparse's refusal, said on standard error
        assert refusal.code == 2
        return
    said = " ".join(out.split())
    if status == 0:
        assert said.endswith("End of input: the program stops here."), said[-300:]
    else:
        assert any(words in said for words in REFUSALS[status]), said[-300:]


@pytest.mark.parametrize("option", OPTIONS)
def test_every_option_takes_or_refuses_every_troublesome_answer(option: str, folder: Path) -> None:
    for game in GAMES:
        for value in KEYS:
            if value and not value.startswith("-"):
                run_with_option(game.name, option, value)


@FUZZ
@given(
    game=st.sampled_from([game.name for game in GAMES]),
    option=st.sampled_from(OPTIONS),
    value=st.text(min_size=1, max_size=30).filter(
        lambda value: value not in ("computer", "human") and not value.startswith("-")
    ),
)
def test_junk_in_every_option_is_refused_or_taken(
    game: str, option: str, value: str, folder: Path
) -> None:
    run_with_option(game, option, value)


@FUZZ
@given(
    arguments=st.sampled_from(
        [["othello", "analyse"], ["catmouse", "analyse"], ["tictactoe", "analyse"]]
    ),
    words=st.lists(st.one_of(st.sampled_from(KEYS), st.text(max_size=70)), min_size=1, max_size=6),
)
def test_junk_positions_are_refused_in_words(
    arguments: list[str], words: list[str], folder: Path
) -> None:
    words = [word for word in words if word.strip() and not word.startswith("-")] or ["x"]
    try:
        status, out = run([*arguments, "--seconds", "0.05", *words], "")
    except SystemExit as refusal:
        assert refusal.code == 2
        return
    assert status in (0, 2)
    if status == 2:
        assert "That is not a position" in out


GOOD_BOARDS = (DATA / "othello_4x4_game.txt").read_text()


@FUZZ
@given(
    data=st.one_of(
        st.binary(max_size=400),
        st.text(max_size=400).map(str.encode),
        st.tuples(st.integers(0, len(GOOD_BOARDS)), st.text(max_size=20)).map(
            lambda cut: (GOOD_BOARDS[: cut[0]] + cut[1] + GOOD_BOARDS[cut[0] :]).encode()
        ),
        st.tuples(st.integers(0, 200), st.sampled_from(["\n", "\r", "\r\n", ""])).map(
            lambda cut: ("# damero record: tictactoe\n5\n1\n9\n"[: cut[0] % 40] + cut[1]).encode()
        ),
    )
)
def test_every_file_reader_refuses_junk_with_a_record_error(data: bytes, folder: Path) -> None:
    path = folder / "junk.txt"
    path.write_bytes(data)
    for game in (None, *GAMES):
        try:
            read_file(path, GAMES, game)
        except RecordError as refusal:
            assert refusal.line >= 0
    status, out = run(["replay", "junk.txt"], "a\na\nr\ns\n")
    assert status == 0 or "Cannot read junk.txt" in out
    assert path.read_bytes() == data


@settings(max_examples=6, deadline=None)
@given(
    data=st.binary(max_size=300),
    arguments=st.sampled_from([[], ["othello"], ["tictactoe"], ["catmouse"]]),
)
def test_any_bytes_on_a_real_standard_input_end_cleanly(
    data: bytes, arguments: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "damero", *arguments, "--lang", "en"],
        input=data,
        capture_output=True,
        cwd=tmp_path_factory.mktemp("bytes"),
        env=without_locale() | {"PYTHONIOENCODING": "utf-8:strict"},
        timeout=WAIT_SECONDS,
        check=False,
    )
    assert result.returncode == 0 and result.stderr == b"", result.stderr
