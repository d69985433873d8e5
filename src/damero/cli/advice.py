"""Analysis for people: who wins a position and why, each move's value, the `h` hint, and JSON for programs."""

from __future__ import annotations

import json
import time
from typing import Any

from damero.cli.console import Console
from damero.cli.thinking import think
from damero.core import Game, Limit, Value, describe_value, verdict_of_outcome
from damero.players import THINKING


def move_values(game: Game[Any, Any], position: Any, limit: Limit) -> list[tuple[Any, Value]]:
    """Every legal move with its value for the side to move, best first, from the game's analyst."""
    return list(game.analyst.move_values(position, limit=limit, clock=time.monotonic))


def hint(console: Console, game: Game[Any, Any], position: Any) -> str:
    """The `h` answer: the best move and what it means."""
    values = think(console, lambda: move_values(game, position, THINKING))
    if not values:
        return console.text("analysis.no_move")
    move, value = values[0]
    meaning = console.catalog.say(describe_value(game, value, position.side_to_move))
    return console.text("analysis.hint", move=game.format_move(move), meaning=meaning)


def _as_json(value: Value) -> dict[str, object]:
    if value.verdict is not None:
        return {"result": value.verdict.result, "plies": value.verdict.plies, "exact": True}
    return {"result": value.result, "score": value.score, "exact": value.is_exact}


def report(
    console: Console, game: Game[Any, Any], position: Any, *, as_json: bool, limit: Limit
) -> int:
    """Prints who wins and each legal move's value, as text or as JSON; a finished game says how it ended."""
    outcome = position.outcome()
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
        value = (
            Value(verdict=verdict_of_outcome(outcome, position.side_to_move))
            if outcome is not None
            else values[0][1]
        )
        document = {
            **_as_json(value),
            "moves": [
                {"move": game.format_move(move), **_as_json(value)} for move, value in values
            ],
        }
        console.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")
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
