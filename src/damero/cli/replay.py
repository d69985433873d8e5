"""The replay viewer every game shares: a forward, r back, s leave, j play on from the shown position."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from damero.cli.console import Console

PlayOn = Callable[[list[Any], list[Any]], None]


def view(
    console: Console,
    game: Any,
    positions: Sequence[Any],
    moves: Sequence[Any],
    *,
    play_on: PlayOn,
    leave_words: frozenset[str] = frozenset({"s", "q"}),
) -> None:
    """Shows positions[0] and lets the player walk through the game; `play_on` continues from one."""
    index = 0
    show = True
    while True:
        if show:
            _show(console, game, positions, moves, index)
        show = True
        key = console.ask(console.text("replay.prompt")).lower()
        if key == "a":
            if index + 1 < len(positions):
                index += 1
            else:
                console.say("replay.at_end")
                show = False
        elif key == "r":
            if index > 0:
                index -= 1
            else:
                console.say("replay.at_start")
                show = False
        elif key in leave_words:
            return
        elif key == "j":
            play_on(list(positions[: index + 1]), list(moves[:index]))
            return
        elif key == "?":
            console.say(f"{game.name}.rules")
            console.say("replay.keys")
            show = False
        else:
            console.say("replay.unknown_key", key=key)
            show = False


def _show(
    console: Console, game: Any, positions: Sequence[Any], moves: Sequence[Any], index: int
) -> None:
    console.say("replay.position", number=index + 1, total=len(positions))
    if index > 0:
        console.say("replay.last_move", move=game.format_move(moves[index - 1]))
    position = positions[index]
    console.write(game.draw(position))
    for line in game.status(position):
        console.say_message(line)
    outcome = position.outcome()
    if outcome is not None:
        for line in game.describe_outcome(position, outcome):
            console.say_message(line)
