"""Input that once ended in a traceback, a hang or a wrong answer: each is refused in words now."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import WAIT_SECONDS, Run, without_locale
from damero.cli import main

HUGE_NUMBER = "9" * 5000
START_4X4 = "PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n4\nJUGADA 1:\n....\n.OX.\n.XO.\n....\n"


def said(text: str) -> str:
    """`text` with its lines joined as one, as a person reads wrapped lines."""
    return " ".join(text.split())


def play(arguments: list[str], text: str = "") -> tuple[int, str]:
    """`damero ARGUMENTS` run in this process with `text` as its whole input."""
    out = io.StringIO()
    status = main([*arguments, "--lang", "en"], stdin=io.StringIO(text), stdout=out)
    return status, out.getvalue()


@pytest.mark.parametrize(
    ("arguments", "answers", "refusal"),
    [
        (["tictactoe"], [HUGE_NUMBER], "There is no cell"),
        (["catmouse"], [HUGE_NUMBER], "is not a square"),
        (["othello", "play", "--size", "4"], [HUGE_NUMBER + " 1"], "is not a move"),
        ([], [HUGE_NUMBER], "is not"),
        (["othello"], ["1", "n.txt", HUGE_NUMBER], "is not a board size"),
        (["othello"], [HUGE_NUMBER], "is not an option"),
    ],
)
def test_numbers_of_thousands_of_digits_are_refused(
    arguments: list[str],
    answers: list[str],
    refusal: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out = play(arguments, "".join(answer + "\n" for answer in answers))
    assert status == 0 and refusal in out
    echo_and_quotes = re.findall("9{100,}", out.replace("\n", ""))
    assert len(echo_and_quotes) == 1 and len(echo_and_quotes[0]) <= 1000  # the echo, cut


@pytest.mark.parametrize("digit", ["²", "①", "٣", "\uff13"])
def test_only_ascii_digits_are_numbers_in_every_game_and_menu(
    digit: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for arguments, refusal in (
        ([], "is not"),
        (["tictactoe"], "is not a number"),
        (["catmouse"], "is not a number"),
        (["othello", "play", "--size", "4"], "is not a move"),
    ):
        status, out = play(arguments, digit + "\n")
        assert status == 0 and refusal in out, (arguments, out)
    _, out = play(["othello"], f"1\nd.txt\n{digit}\n")
    assert "is not a board size" in out


def test_record_lines_and_size_lines_with_huge_or_odd_numbers_are_refused(
    run: Run, tmp_path: Path
) -> None:
    (tmp_path / "moves.txt").write_text(f"# damero record: tictactoe\n{HUGE_NUMBER}\n")
    (tmp_path / "size.txt").write_text(
        f"PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n{HUGE_NUMBER}\n"
    )
    (tmp_path / "digit.txt").write_text("PARTIDA DEL OTHELLO\nTAMANYO DEL TABLERO:\n²\n")
    for name, refusal in (
        ("moves.txt", "line 2:"),
        ("size.txt", "line 3:"),
        ("digit.txt", "line 3: '²' is not a board size"),
    ):
        result = run(["replay", name])
        assert result.returncode == 1 and refusal in result.stdout, result.stdout
        assert len(result.stdout) < 600 and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "name",
    ["a" * 300, "nul\0name", "dangling", "/proc/x", "/sys/x", "adir", "/dev/zero"],
)
def test_every_file_prompt_and_option_refuses_unusable_names_in_words(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    shown = name.replace("\0", "\ufffd")[:30]
    for arguments, text in (
        (["replay", name], ""),
        (["tictactoe", "--replay", name], ""),
        (["othello"], f"2\n{name}\n3\n"),
        (["othello"], f"4\n{name}\n3\n"),
    ):
        _, out = play(arguments, text)
        assert "Cannot read" in out or "There is no file called" in out, (arguments, out)
        assert shown.split("/")[-1][:20] in out.replace("\n", "")
    for arguments, text in (
        (["tictactoe", "--save", name], ""),
        (["othello"], f"1\n{name}\nq\n3\n"),
    ):
        _, out = play(arguments, text)
        assert any(
            words in out for words in ("Cannot start", "already exists", "does not exist")
        ), (arguments, out)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["adir", "dangling"]


def test_a_directory_is_named_as_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    _, out = play(["othello"], "2\nadir\n3\n")
    assert "it is a folder, not a file" in out and "There is no file" not in out


@pytest.mark.parametrize(
    "arguments",
    [
        ["othello", "perft", "-1"],
        ["othello", "analyse", "--seconds", "nan", "-" * 27 + "OX------XO" + "-" * 27, "X"],
        ["othello", "analyse", "--seconds", "-1", "-" * 27 + "OX------XO" + "-" * 27, "X"],
        ["othello", "analyse", "--seconds", "inf", "-" * 27 + "OX------XO" + "-" * 27, "X"],
        ["othello", "--size", "٦"],
        ["tictactoe", "--level", HUGE_NUMBER],
    ],
)
def test_bad_numbers_on_the_command_line_are_refused(arguments: list[str], run: Run) -> None:
    result = run(arguments)
    assert result.returncode == 2 and "error: argument" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_undecodable_input_under_a_strict_locale_is_refused_like_junk(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "damero", "tictactoe", "--lang", "en"],
        input=b"\xff\n5\n",
        capture_output=True,
        cwd=tmp_path,
        env=without_locale() | {"PYTHONIOENCODING": "utf-8:strict"},
        timeout=WAIT_SECONDS,
        check=False,
    )
    assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr
    assert "is not a number" in result.stdout.decode() and " X " in result.stdout.decode()


def test_a_file_of_nothing_but_zeros_or_blank_lines_is_refused_within_bounds(
    run: Run, tmp_path: Path
) -> None:
    (tmp_path / "blank.txt").write_text("\n" * 2_000_000)
    (tmp_path / "row.txt").write_text(START_4X4 + "JUGADA 2:\n" + "X" * 5_000_000 + "\n")
    blank = run(["replay", "blank.txt"])
    assert "the file goes on past" in blank.stdout
    row = run(["othello"], ["2", "row.txt", "3"])
    assert "line 10: longer than 1000 characters" in said(row.stdout), row.stdout
    assert len(row.stdout) < 2000
    zeros = run(["replay", "/dev/zero"])
    assert "it is not an ordinary file" in zeros.stdout


def test_the_othello_move_prompt_reads_a_long_line_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out = play(["othello", "play", "--size", "4"], "3" + " " * 100_000 + "x\n")
    assert status == 0 and "is not a move" in out


def test_impossible_positions_are_refused_saying_why(run: Run, tmp_path: Path) -> None:
    assert "each cat only steps forward" in said(
        play(["catmouse", "analyse", "30 1 2 3 5 cats"])[1]
    )
    assert "the cats must be to move" in said(play(["catmouse", "analyse", "30 1 2 3 5"])[1])
    assert "the mouse must be to move" in said(play(["catmouse", "analyse", "30 1 2 3 4 cats"])[1])
    empty = play(["othello", "analyse", "-" * 64, "X"])[1]
    assert "centre squares hold discs" in said(empty)
    (tmp_path / "j.txt").write_text(START_4X4.replace(".OX.", ".XX."))
    for arguments, lines in ((["replay", "j.txt"], []), (["othello"], ["4", "j.txt", "3"])):
        result = run(arguments, lines)
        assert "line 4: board JUGADA 1 is not the starting board" in said(result.stdout)


def test_one_reader_one_verdict_the_right_line(run: Run, tmp_path: Path) -> None:
    board = "-XO-XO--XOX-OOX-"
    assert "That is not a position" in play(["othello", "analyse", board, "X"])[1]
    (tmp_path / "bad.txt").write_bytes(b"# damero record: tictactoe\n5\n\xff\n")
    assert "line 3:" in run(["replay", "bad.txt"]).stdout
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf\n\n" + START_4X4.encode())
    replay = run(["replay", "bom.txt"], ["s"])
    option_2 = run(["othello"], ["2", "bom.txt", "s", "3"])
    assert "Position 1 of 1" in replay.stdout and "Position 1 of 1" in option_2.stdout


def test_cr_alone_ends_a_line_of_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _, out = play(["tictactoe"], "5\r1\r")
    assert "'51'" not in out and out.count(" X ") >= 1 and " O " in out
