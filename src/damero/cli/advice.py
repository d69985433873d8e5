"""Analysis for people: who wins a position and why, each move's value, the `h` hint, and JSON for programs."""

from __future__ import annotations

import time
from typing import Any

from damero import analysis
from damero.cli.console import Console
from damero.cli.thinking import prepare, think
from damero.core import Game, Limit, Value, describe_value
from damero.players import THINKING


def move_values(game: Game[Any, Any], position: Any, limit: Limit) -> list[tuple[Any, Value]]:
    """Every legal move with its value for the side to move, best first, from the game's analyst."""
    return analysis.move_values(game, position, limit=limit, clock=time.monotonic)


def hint(console: Console, game: Game[Any, Any], position: Any) -> str:
    """The `h` answer: the best move and what it means."""
    with console.typing_set_aside():
        prepare(console, game.analyst, position)
        values = think(console, lambda: move_values(game, position, THINKING))
    if not values:
        return console.text("analysis.no_move")
    move, value = values[0]
    meaning = console.catalog.say(describe_value(game, value, position.side_to_move))
    return console.text("analysis.hint", move=game.format_move(move), meaning=meaning)


def report(
    console: Console, game: Game[Any, Any], position: Any, *, as_json: bool, limit: Limit
) -> int:
    """Prints who wins and each legal move's value, as text or as JSON; a finished game says how it ended."""
    outcome = position.outcome()
    if outcome is None:
        prepare(console, game.analyst, position, stream=console.stderr)
    values = (
        []
        if outcome is not None
        else think(
            console,
            lambda: move_values(game, position, limit),
            show=not as_json,
            stream=console.stderr,
        )
    )
    if as_json:
        document = analysis.position_document(game, position, values)
        console.stdout.write(analysis.format_document(document) + "\n")
        return 0
    console.write(game.draw(position))
    if outcome is not None:
        for line in game.describe_outcome(position, outcome):
            console.say_message(line)
        return 0
    side = position.side_to_move
    console.say_message(describe_value(game, values[0][1], side))
    for move, value in values:
        console.say(
            "analysis.move_line",
            move=game.format_move(move),
            meaning=console.catalog.say(describe_value(game, value, side)),
        )
    return 0
