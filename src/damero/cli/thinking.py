"""Runs a computer's thinking beside the prompt loop, so Ctrl-C is never blocked and a long think
shows; and what must be done once before it (an engine compiled), with a progress bar."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

from damero.cli.console import COLUMNS, Console, fit, is_a_terminal
from damero.core import Analyst, Message
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
    started = time.monotonic()
    announced = False

    def tick() -> None:
        nonlocal announced
        if not announced:
            announced = True
            out.write(console.text("cli.thinking") + ("\n" if progress is not None else ""))
        elif progress is None:
            out.write(".")
        elif (report := progress()) is not None:
            elapsed = time.monotonic() - started
            out.write(fit(console.text("cli.progress", report=report, seconds=elapsed)) + "\n")
        out.flush()

    value = run_beside(work, tick if show else lambda: None, first=QUIET_SECONDS)
    if announced and progress is None:
        out.write(".\n")
        out.flush()
    return value


def run_beside(
    work: Callable[[], ResultT], tick: Callable[[], None], *, first: float = 1.0
) -> ResultT:
    """`work()` in a worker thread, `tick()` called in this one after `first` seconds and then
    every second while it runs; what `work` returns, or raises."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = work()
        except Exception as error:  # handed over to the waiting thread
            result["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(first)
    while worker.is_alive():
        tick()
        worker.join(1.0)
    if "error" in result:
        raise result["error"]
    value: ResultT = result["value"]
    return value


def prepare(
    console: Console, analyst: Analyst, position: Any = None, *, stream: TextIO | None = None
) -> bool:
    """Does what `analyst` must do once before it answers about positions like `position` (any
    if None) at its usual speed (compiling an engine), on `stream` (the console's output if
    None) saying what it does, with a bar of how far it is and the time it has taken; nothing
    is said if nothing is left to do. Ctrl-C stops it at once, as it stops a think. Whether
    there was anything to do."""
    preparation = analyst.preparation(position)
    if preparation is None:
        return False
    out = console.stdout if stream is None else stream
    for message in (preparation.notice, preparation.title):
        if message is not None:
            out.write(fit(console.catalog.say(message)) + "\n")
    bar = ProgressBar(console, out)
    done = 0.0
    for step in preparation.steps:
        bar.show(done, step.words, is_new=True)
        redraw = functools.partial(bar.show, done, step.words, is_new=False)
        run_beside(step.run, redraw)
        done += step.share
    bar.end(preparation.steps[-1].words)
    preparation.finish()
    done_values = {**preparation.done.values, "seconds": bar.seconds()}
    out.write(fit(console.catalog.say(Message(preparation.done.key, done_values))) + "\n")
    out.flush()
    return True


BAR_WIDTH = 20
"""The characters of a progress bar."""


class ProgressBar:
    """How far a long piece of work is, what it does and for how long: at a terminal one line
    redrawn in place every second; elsewhere a line for each new step, so that a file or a pipe
    gets no carriage returns."""

    def __init__(self, console: Console, out: TextIO) -> None:
        self.console = console
        self.out = out
        self.in_place = is_a_terminal(out)
        self.started = time.monotonic()
        self._shown = ""

    def seconds(self) -> float:
        return time.monotonic() - self.started

    def show(self, share: float, words: Message, *, is_new: bool) -> None:
        if not (self.in_place or is_new):
            return
        filled = round(BAR_WIDTH * share)
        line = self.console.text(
            "cli.preparing",
            bar="#" * filled + "-" * (BAR_WIDTH - filled),
            percent=100 * share,
            step=words,
            seconds=self.seconds(),
        )[: COLUMNS - 1]
        if self.in_place:
            self.out.write("\r" + line.ljust(len(self._shown)))
        else:
            self.out.write(line + "\n")
        self._shown = line
        self.out.flush()

    def end(self, words: Message) -> None:
        """The work is done: the bar full, and the next line free."""
        if self.in_place:
            self.show(1.0, words, is_new=False)
            self.out.write("\n")
            self.out.flush()


class ThinkingPlayer:
    """A computer player whose every choice is made through `think`, its analyst's preparation
    (an engine compiled) done first where it is still to do."""

    def __init__(self, console: Console, player: Player, analyst: Analyst) -> None:
        self.console = console
        self.player = player
        self.analyst = analyst

    def choose(self, position: Any) -> Any:
        with self.console.typing_set_aside():
            prepare(self.console, self.analyst, position)
            return think(self.console, lambda: self.player.choose(position))
