"""`python -m old_board_server ARGUMENTS`: the `damero` command as a release that drew
Tic-tac-toe's board otherwise (its cells listed from the last to the first, so that each cell's
index names another cell), for tests of a page open while its server is updated."""

from __future__ import annotations

import dataclasses
import sys

from damero.cli import main
from damero.games.tictactoe import board


def run(argv: list[str]) -> int:
    """`damero ARGV` as the command runs it, Tic-tac-toe's layout the older one."""
    board.LAYOUT = dataclasses.replace(board.LAYOUT, cells=board.LAYOUT.cells[::-1])
    return main(argv)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
