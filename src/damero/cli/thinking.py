"""Runs a computer's thinking beside the prompt loop, so Ctrl-C is never blocked and a long think shows."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

from damero.cli.console import Console, fit
from damero.core import Message
from damero.players import Player

ResultT = TypeVar("ResultT")

QUIET_SECONDS = 0.5
"""How long a think may take before the player is told the computer is thinking."""


def think(
    console: Console,
    work: Callable[[], ResultT],
    *,
    show: bool = True,
    progress: Callable[[], Message | None] | None = None,
    stream: TextIO | None = None,
) -> ResultT:
    """`work()` run in a worker thread while this thread waits, so Ctrl-C reaches it at once.

    The compiled kernels release the interpreter lock, so the waiting thread keeps running.
    With `show`, a think longer than QUIET_SECONDS is announced on `stream` (the console's
    output if None) and dotted every second, or, given `progress`, followed by a line of what
    it reports and the time so far every second.
    """
    out = console.stdout if stream is None else stream
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = work()
        except Exception as error:  # handed over to the waiting thread
            result["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(QUIET_SECONDS)
    if worker.is_alive() and not show:
        while worker.is_alive():
            worker.join(1.0)
    if worker.is_alive():
        started = time.monotonic() - QUIET_SECONDS
        out.write(console.text("cli.thinking"))
        if progress is not None:
            out.write("\n")
        out.flush()
        while worker.is_alive():
            worker.join(1.0)
            report = None if progress is None else progress()
            if progress is None:
                out.write(".")
            elif report is not None:
                elapsed = time.monotonic() - started
                out.write(fit(console.text("cli.progress", report=report, seconds=elapsed)) + "\n")
            out.flush()
        if progress is None:
            out.write("\n")
            out.flush()
    if "error" in result:
        raise result["error"]
    value: ResultT = result["value"]
    return value


class ThinkingPlayer:
    """A computer player whose every choice is made through `think`."""

    def __init__(self, console: Console, player: Player) -> None:
        self.console = console
        self.player = player

    def choose(self, position: Any) -> Any:
        return think(self.console, lambda: self.player.choose(position))
