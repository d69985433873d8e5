"""Runs a computer's thinking beside the prompt loop, so Ctrl-C is never blocked and a long think shows."""

from __future__ import annotations

import threading
from typing import Any

from damero.cli.console import Console
from damero.players import Player

QUIET_SECONDS = 0.5
"""How long a think may take before the player is told the computer is thinking."""


class ThinkingPlayer:
    """A computer player whose `choose` runs in a worker thread while this one waits, interruptibly."""

    def __init__(self, console: Console, player: Player) -> None:
        self.console = console
        self.player = player

    def choose(self, position: Any) -> Any:
        result: dict[str, Any] = {}

        def think() -> None:
            try:
                result["move"] = self.player.choose(position)
            except Exception as error:  # handed over to the waiting thread
                result["error"] = error

        worker = threading.Thread(target=think, daemon=True)
        worker.start()
        worker.join(QUIET_SECONDS)
        if worker.is_alive():
            self.console.stdout.write(self.console.text("cli.thinking"))
            self.console.stdout.flush()
            while worker.is_alive():
                worker.join(1.0)
                self.console.stdout.write(".")
                self.console.stdout.flush()
            self.console.write("")
        if "error" in result:
            raise result["error"]
        return result["move"]
