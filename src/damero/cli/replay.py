"""The replay viewer every game shares: a forward, r back, s leave, j play on from the shown position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from damero.cli.console import Console
from damero.progress import GameInProgress
from damero.records import Record

ARROW_KEYS = {"→": "a", "←": "r"}
"""The arrow keys step through the game as the browser's replay does."""

PlayOn = Callable[[int], None]
"""Plays on from the position after that many of the record's moves."""


def view(
    console: Console,
    record: Record,
    *,
    play_on: PlayOn,
    hint: Callable[[Any], str] | None = None,
    leave_words: frozenset[str] = frozenset({"s", "q"}),
) -> None:
    """Shows the record's first position and lets the player walk through the game; `h` asks
    `hint` for the best move in the position shown."""
    state = GameInProgress.replayed(record.game, start=record.start, moves=record.moves)
    # One step per entry of the file where it says which (the Othello seed's numbered boards).
    steps = list(record.entries) or state.turn_starts()
    console.forget_last_board()
    step = 0
    show = True
    while True:
        if show:
            _show(console, state, steps, step)
        show = True
        key = console.ask_key(console.text("replay.prompt")).lower()
        key = ARROW_KEYS.get(key, key)
        if key == "a":
            if step + 1 < len(steps):
                step += 1
            else:
                console.say("replay.at_end")
                show = False
        elif key == "r":
            if step > 0:
                step -= 1
            else:
                console.say("replay.at_start")
                show = False
        elif key in leave_words:
            return
        elif key == "j":
            if state.to_move(steps[step]) is None:
                console.say("replay.game_over")
                show = False
                continue
            play_on(steps[step])
            return
        elif key == "?":
            console.say(f"{record.game.name}.rules")
            console.say("replay.keys")
            show = False
        elif key == "h":
            if hint is None:
                console.say("cli.no_hint")
            elif state.to_move(steps[step]) is None:
                console.say("analysis.no_move")
            else:
                console.write(hint(state.positions[steps[step]]))
            show = False
        elif key == "u":
            console.say("replay.nothing_to_take_back")
            show = False
        else:
            console.say("replay.unknown_key", key=key[:40])
            show = False


def _show(console: Console, state: GameInProgress, steps: list[int], step: int) -> None:
    game = state.game
    index = steps[step]
    console.note("replay.position", number=step + 1, total=len(steps))
    for played in range(steps[step - 1] if step > 0 else index, index):
        notice = state.notice(played)
        if notice is None:
            console.note("replay.last_move", move=game.format_move(state.moves[played]))
        else:
            console.note_message(notice)
    position = state.positions[index]
    to_move = state.to_move(index)
    console.show_board(game, position, to_move, heading=game.heading(position, choosing=False))
    for line in game.status(position):
        console.say_message(line)
    outcome = state.outcome_at(index)
    if outcome is not None:
        for line in game.describe_outcome(position, outcome):
            console.say_message(line)
