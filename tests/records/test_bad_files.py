"""A corpus of bad game files (tests/data/bad) through every way in: `damero replay`, `--replay`,
and the Othello menu's options 2 and 4. Each gives one clear verdict naming the right line, the
same whichever way it came in, and leaves the file byte for byte as it was."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from damero.cli import main

BAD = Path(__file__).parent.parent / "data" / "bad"

REFUSED = {
    "binary.bin": "line 1: neither an Othello game file nor a damero record",
    "blank_lines.txt": "line 1: the file is empty",
    "empty.txt": "line 1: the file is empty",
    "neither_format.txt": "line 1: neither an Othello game file nor a damero record",
    "othello_bad_cell.txt": "line 6: a board row is 4 characters",
    "othello_nul_in_row.txt": "line 6: a board row is 4 characters",
    "othello_cut_mid_board.txt": "line 9: the file ends in the middle of board JUGADA 2",
    "othello_duplicate_board.txt": "line 9: board JUGADA 2 repeats the one before",
    "othello_header_cut.txt": "line 2: expected 'TAMANYO DEL TABLERO:'",
    "othello_jugada_out_of_order.txt": "line 9: expected 'JUGADA 2:', found 'JUGADA 3:'",
    "othello_not_the_start.txt": "line 4: board JUGADA 1 is not the starting board",
    "othello_only_header.txt": "line 4: the file has a header but no board",
    "othello_rows_of_wrong_length.txt": "line 5: a board row is 4 characters",
    "othello_unreachable_board.txt": "line 9: board JUGADA 2 does not follow",
    "othello_unreachable_cr.txt": "line 9: board JUGADA 2 does not follow",
    "othello_unreachable_crlf.txt": "line 9: board JUGADA 2 does not follow",
    "othello_wrong_size.txt": "line 3: '5' is not a board size",
    "movelist_bad_bytes.txt": "line 3: '\ufffd\ufffd\ufffd' cannot be played here",
    "movelist_bad_move.txt": "line 3: '5' cannot be played here",
    "movelist_cut_off.txt": "line 4: the file is cut off in the middle of the line '9'",
    "movelist_huge_number.txt": "line 2: longer than 1000 characters",
    "movelist_superscript_digit.txt": "line 2: '²' cannot be played here",
    "movelist_unknown_game.txt": "line 1: a record of 'chess', which damero does not know",
}

AS_OTHELLO = {
    "binary.bin": "line 1: this is not an Othello game file",
    "neither_format.txt": "line 1: this is not an Othello game file",
}
"""Verdicts where the Othello menu or `othello --replay` ask for an Othello file in particular."""

ACCEPTED = {
    "othello_bom.txt": 2,
    "othello_cr.txt": 2,
    "othello_crlf.txt": 2,
    "othello_no_final_line_feed.txt": 2,
    "othello_blank_lines_first.txt": 2,
    "movelist_bom.txt": 3,
    "movelist_crlf.txt": 3,
}


def said(text: str) -> str:
    return " ".join(text.split())


def ways_in(name: str) -> list[tuple[list[str], str]]:
    """Every way a player can open the file `name`, with answers that leave without playing
    (and decline to repair a cut-off file)."""
    game = "tictactoe" if name.startswith("movelist") else "othello"
    ways = [(["replay", name], "s\n"), ([game, "--replay", name], "s\n")]
    if game == "othello":
        ways += [(["othello"], f"2\n{name}\ns\n3\n"), (["othello"], f"4\n{name}\nn\n-1 -1\n3\n")]
    return ways


def run_in(folder: Path, arguments: list[str], text: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(folder)
    out = io.StringIO()
    main([*arguments, "--lang", "en"], stdin=io.StringIO(text), stdout=out)
    return out.getvalue()


def opened_every_way(
    name: str, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[list[str], str, str]]:
    """(arguments, answers, what damero said) for each way in to a copy of the corpus file
    `name`; checks that the file stays byte for byte as it was and nothing is left beside it."""
    shutil.copy(BAD / name, folder / name)
    before = (folder / name).read_bytes()
    for arguments, text in ways_in(name):
        yield arguments, text, run_in(folder, arguments, text, monkeypatch)
        assert (folder / name).read_bytes() == before
    assert sorted(path.name for path in folder.iterdir()) == [name]


def test_the_corpus_holds_every_file_named_here() -> None:
    assert sorted(path.name for path in BAD.iterdir()) == sorted([*REFUSED, *ACCEPTED])


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_bad_file_gets_one_verdict_every_way_in_and_stays_as_it_was(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for arguments, _, out in opened_every_way(name, tmp_path, monkeypatch):
        verdict = AS_OTHELLO.get(name, REFUSED[name]) if arguments[0] == "othello" else None
        assert f"Cannot read {name}: {verdict or REFUSED[name]}" in said(out), (arguments, out)


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_line_ends_marks_and_blank_lines_that_editors_leave_are_read_every_way_in(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for arguments, text, out in opened_every_way(name, tmp_path, monkeypatch):
        assert "Cannot read" not in out, (arguments, out)
        if arguments[0] != "othello" or len(arguments) > 1 or text.startswith("2"):
            assert f"Position 1 of {ACCEPTED[name]}" in out, (arguments, out)


def test_huge_files_are_refused_after_a_bounded_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    header = (BAD / "othello_crlf.txt").read_text().replace("\r\n", "\n")
    files = {
        "blank.txt": ("\n" * 3_000_000, "line 1000001: the file goes on past 1000000 characters"),
        "row.txt": (header + "X" * 3_000_000, "line 14: longer than 1000 characters"),
        "nul.txt": ("\0" * 3_000_000, "line 1: longer than 1000 characters"),
    }
    for name, (text, verdict) in files.items():
        (tmp_path / name).write_text(text)
        for arguments, answers in ways_in(name):
            out = run_in(tmp_path, arguments, answers, monkeypatch)
            assert verdict in said(out), (arguments, out[-500:])
            assert len(out) < 3000
        assert (tmp_path / name).read_text() == text
