"""A game's result in words for whoever reads it: "You won" or "You lost" to a player of one side,
"Draw" to anyone, "X won" to a spectator and to two people sharing one screen, each with how the
game ended (the rules, a resignation, the clock, an agreement, a player who left).

Every front end says a result through `result_words`, so the terminal, a seat's page and a
spectator's page say the same thing in the same words, each to its own reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from damero.core import Game, Message, Side
from damero.progress import Ending, Result


def side_titles(game: Game[Any, Any]) -> dict[Side, Message]:
    """Each side's name where a page names it: the board's own words where the game gives them
    (Othello's "Black (X)"), else the game's ("X", "the mouse")."""
    names = game.layout.side_names
    return {
        side: names[side.value] if side.value < len(names) else Message(game.side_key(side))
        for side in Side
    }


def result_words(
    game: Game[Any, Any],
    position: Any,
    result: Result,
    *,
    reader: frozenset[Side] = frozenset(),
    names: Mapping[Side, Message] | None = None,
) -> tuple[Message, ...]:
    """What `reader` (the sides the reader plays: one for a player, none for a spectator, both
    for two people on one screen) is told of `result`: who won, or that it is a draw, and how
    it ended; where the rules ended it, their reason follows (`Game.describe_ending`). Sides are
    named by `names` (the game's own words if None)."""
    ending = result.ending
    if names is None:
        names = {side: Message(game.side_key(side)) for side in Side}
    if result.winner is None:
        headline = Message(f"result.drawn.{ending.value}")
    elif len(reader) == 1:
        outcome = "won" if result.winner in reader else "lost"
        headline = Message(f"result.{outcome}.{ending.value}")
    else:
        sides = {"winner": names[result.winner], "loser": names[result.winner.other]}
        headline = Message(f"result.side.{ending.value}", sides)
    reason = rules_reason(game, position, result)
    return (headline,) if reason is None else (headline, reason)


def rules_reason(game: Game[Any, Any], position: Any, result: Result) -> Message | None:
    """Why the rules ended the game at `position` ("Three in a row.", Othello's count), naming no
    winner; None for a game that ended otherwise (a resignation, the clock, an agreement)."""
    if result.ending is not Ending.RULES:
        return None
    outcome = position.outcome()
    return None if outcome is None else game.describe_ending(position, outcome)
