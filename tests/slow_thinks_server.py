"""`python -m slow_thinks_server ARGUMENTS`: the `damero` command whose computer's thinks last as
long as a test wants, for tests of a think that outlasts its claim. The folder that
$DAMERO_SLOW_THINKS names gets a line for each think begun (`thinks`) and for each sweep for
computer's turns to take up (`sweeps`): the server's process and the instant. A think then waits
until that folder holds a file `go`. Only a think on a thread of the server's own (a solver's, as
Tic-tac-toe's) waits so; an engine's thinks in processes of their own."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import damero.web.workers
from damero.cli import main
from damero.web.computer import ComputerTurns
from logged_secrets import record_minted_secrets

FOLDER = Path(os.environ.get("DAMERO_SLOW_THINKS", "."))
LONGEST_WAIT = 300.0
"""A think waits for `go` this long at most, so that a test that fails still lets its servers
stop."""

computer_move = damero.web.workers.computer_move
sweep = ComputerTurns.sweep


def note(kind: str, instant: float) -> None:
    with (FOLDER / kind).open("a", encoding="utf-8") as noted:
        noted.write(f"{os.getpid()} {instant}\n")


def waiting_computer_move(game: Any, level: int, seed: int, position: Any) -> Any:
    note("thinks", time.time())
    deadline = time.monotonic() + LONGEST_WAIT
    while not (FOLDER / "go").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return computer_move(game, level, seed, position)


async def noted_sweep(self: ComputerTurns) -> None:
    began = time.time()
    await sweep(self)
    note("sweeps", began)


if __name__ == "__main__":
    record_minted_secrets()
    damero.web.workers.computer_move = waiting_computer_move  # type: ignore[assignment]
    ComputerTurns.sweep = noted_sweep  # type: ignore[method-assign]
    sys.exit(main(sys.argv[1:]))
