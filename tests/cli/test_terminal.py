"""At a terminal: colour, boards redrawn in place and single keys; never in a pipe."""

from __future__ import annotations

from pathlib import Path

from conftest import Run, run_in_terminal

CLEAR = "\x1b[H\x1b[2J"
RED_X = "\x1b[31"


def test_a_terminal_gets_colour_and_boards_redrawn_in_place(tmp_path: Path) -> None:
    shown = run_in_terminal(["tictactoe", "--lang", "en"], ["5\n", "1\n", "q\n"], cwd=tmp_path)
    assert shown.count(CLEAR) == 3, "each board is drawn over the last one"
    assert f"{RED_X};7mX\x1b[0m" in shown, "the mark just placed in reverse video"
    assert "\x1b[34;7mO\x1b[0m" in shown
    assert f"{RED_X};1mX\x1b[0m" in shown, "the pieces of the side to move bold"
    catmouse = run_in_terminal(["catmouse", "--lang", "en"], ["30\n", "q\n"], cwd=tmp_path)
    assert "|\x1b[34mGT\x1b[0m|" in catmouse and "\x1b[31;1;7mRT\x1b[0m" in catmouse
    othello = run_in_terminal(
        ["othello", "play", "--size", "4", "--lang", "en"], ["q\n"], cwd=tmp_path
    )
    assert ". * . .\r\n2 * " in othello, "X's four placements are marked"


def test_replay_takes_single_keys_at_a_terminal(run: Run, tmp_path: Path) -> None:
    run(["tictactoe", "--save", "t.txt"], ["5", "1", "9"])
    shown = run_in_terminal(["replay", "t.txt", "--lang", "en"], ["a", "a", "r", "s"], cwd=tmp_path)
    assert "Position 3 of 4" in shown and shown.count("Position 2 of 4") == 2
    assert "not a replay key" not in shown


def test_no_color_and_plain_give_the_piped_output(run: Run, tmp_path: Path) -> None:
    keys = ["5\n", "1\n", "q\n"]
    for options, environment in (([], {"NO_COLOR": "1"}), (["--plain"], {})):
        shown = run_in_terminal(
            ["tictactoe", *options, "--lang", "en"], keys, cwd=tmp_path, env=environment
        )
        assert "\x1b[" not in shown
        piped = run(["tictactoe", *options, "--lang", "en"], ["5", "1", "q"]).stdout
        assert shown.replace("\r\n", "\n") == piped
