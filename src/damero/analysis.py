"""What damero knows of a position or a whole game, for every front end: each legal move's value,
and a record's review, each move with its value and the mistakes marked, as values and as the
JSON documents `damero ... --json` prints and the server sends.

Values come from each game's analyst alone (`Game.analyst.move_values`), so this module knows no
game and no front end; time reaches it only as the limit and clock its caller passes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from damero.core import Game, Limit, Side, Value, Verdict, verdict_of_outcome
from damero.progress import GameInProgress

MoveValues = Sequence[tuple[Any, Value]]
"""Every legal move with its value for the side to move, best first, as an analyst gives them."""

REVIEW_DEPTH = 6
"""How deep a review's estimate looks (far from the end of an Othello game): a few hundredths of a
second a position, so a whole game is reviewed in seconds; exact values take what they need."""

REVIEW_SECONDS = 2.0
"""The longest a review thinks about one position: an exact Othello endgame that takes longer is
estimated instead; most positions take far less."""

SIDE_NAMES = {Side.FIRST: "first", Side.SECOND: "second"}
"""Each side as documents name it (the server's seat names)."""

_RESULT_ORDER = {"loss": 0, "draw": 1, "win": 2}


def move_values(
    game: Game[Any, Any], position: Any, *, limit: Limit, clock: Callable[[], float] | None
) -> list[tuple[Any, Value]]:
    """Every legal move with its value for the side to move, best first; [] once the game is over.

    `limit` and `clock` bound an engine's think (Othello far from the end); solved games answer
    at once whatever they say.
    """
    if position.outcome() is not None:
        return []
    return list(game.analyst.move_values(position, limit=limit, clock=clock))


def position_value(position: Any, values: MoveValues) -> Value:
    """The value of `position` for its side to move: its outcome once over, else its best move's."""
    outcome = position.outcome()
    if outcome is not None:
        return Value(verdict=verdict_of_outcome(outcome, position.side_to_move))
    return values[0][1]


def value_document(value: Value) -> dict[str, object]:
    """A value as JSON: {"result", "plies", "exact": true} exactly, else {"result", "score", "exact"}
    with the disc score, "exact" false for an estimate."""
    if value.verdict is not None:
        return {"result": value.verdict.result, "plies": value.verdict.plies, "exact": True}
    return {"result": value.result, "score": value.score, "exact": value.is_exact}


def position_document(game: Game[Any, Any], position: Any, values: MoveValues) -> dict[str, object]:
    """What `damero NAME analyse POSITION --json` prints and `GET /api/analysis` answers: the
    position's value for the side to move, and each legal move's, best first ([] once over)."""
    return {
        **value_document(position_value(position, values)),
        "moves": [
            {"move": game.format_move(move), **value_document(value)} for move, value in values
        ],
    }


def format_document(document: Mapping[str, object]) -> str:
    """A document as one line of JSON, never wrapped, for programs that read lines."""
    return json.dumps(document, ensure_ascii=False)


def is_mistake(best: Value, played: Value) -> bool:
    """Whether a move worth `played` where the best was worth `best` (both for the side that
    played it) is a mistake: it changes the exact verdict against its player (a win given away, a
    draw turned into a loss), or, with exact disc scores, gives away discs. An estimate never
    makes a mistake: it may be wrong.

    >>> from damero.core import Verdict
    >>> is_mistake(Value(verdict=Verdict("win", 3)), Value(verdict=Verdict("win", 9)))
    False
    >>> is_mistake(Value(verdict=Verdict("win", 3)), Value(verdict=Verdict("draw", 6)))
    True
    >>> is_mistake(Value(score=4.0, is_exact=False), Value(score=-8.0, is_exact=False))
    False
    """
    if best.verdict is not None and played.verdict is not None:
        return _RESULT_ORDER[played.verdict.result] < _RESULT_ORDER[best.verdict.result]
    if best.verdict is None and played.verdict is None and best.is_exact and played.is_exact:
        return round(played.score or 0.0) < round(best.score or 0.0)
    return False


def turned(value: Value) -> Value:
    """The value, for the side that moved, of the move that led to a position worth `value` to the
    side to move in it."""
    if value.verdict is not None:
        return Value(verdict=value.verdict.before_move())
    return Value(score=-(value.score or 0.0), is_exact=value.is_exact)


def opposed(value: Value) -> Value:
    """The same value seen by the other side: the other result in as many moves, or the score's
    opposite.

    >>> opposed(Value(verdict=Verdict("win", 4))).verdict
    Verdict(result='loss', plies=4)
    """
    if value.verdict is not None:
        return Value(verdict=Verdict(value.verdict.before_move().result, value.verdict.plies))
    return Value(score=-(value.score or 0.0), is_exact=value.is_exact)


def seen_by(side: Side, value: Value, holder: Side) -> Value:
    """`value`, which is `holder`'s, as `side` sees it."""
    return value if side is holder else opposed(value)


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """One move of a record, judged, every value for the side that played it: `before` is what
    it could get with best play from `position`, `played` what the move played keeps (counting
    the move), `after` the value of the position the move led to, as `analyse` gives it (the
    move itself no longer counted; a finished game's result); `best` is a move worth `before`.
    A move the rules made on their own (`is_forced`, an Othello pass) is not judged."""

    number: int
    side: Side
    move: Any
    position: Any
    best: Any
    before: Value
    played: Value
    after: Value
    is_forced: bool

    @property
    def is_mistake(self) -> bool:
        return not self.is_forced and is_mistake(self.before, self.played)


def judged_positions(state: GameInProgress) -> list[Any]:
    """The positions of the game `state` holds whose move values its review reads, in the game's
    order: each one a move was chosen in, and the one chosen in next after its last move, through
    the moves the rules make on their own."""
    ahead = state.with_forced_moves()
    return [
        ahead.positions[count] for count in ahead.turn_starts() if ahead.to_move(count) is not None
    ]


def review(
    state: GameInProgress, values_of: Callable[[Any], MoveValues]
) -> tuple[ReviewedMove, ...]:
    """Each move of the game `state` holds judged, `values_of(position)` giving the move values
    of each position `judged_positions` names (from the game's analyst, or worked out before)."""
    ahead = state.with_forced_moves()
    asked = {position: values_of(position) for position in judged_positions(state)}
    worth = _chosen_values(ahead, asked)
    reviewed = []
    for index, move in enumerate(state.moves):
        position, side = state.positions[index], state.mover(index)
        after = seen_by(side, worth[index + 1], ahead.positions[index + 1].side_to_move)
        if state.is_forced(index):
            value = turned(worth[index + 1])
            reviewed.append(
                ReviewedMove(index + 1, side, move, position, move, value, value, after, True)
            )
            continue
        values = asked[position]
        played = next(value for candidate, value in values if candidate == move)
        best, before = values[0]
        reviewed.append(
            ReviewedMove(index + 1, side, move, position, best, before, played, after, False)
        )
    return tuple(reviewed)


def _chosen_values(ahead: GameInProgress, asked: Mapping[Any, MoveValues]) -> list[Value]:
    """The value of each position of `ahead` for its side to move, through the moves the rules
    make on their own from it, `asked` holding the move values of the positions a side chooses
    in; worked out from the last position back."""
    worth: list[Value] = []
    for count in reversed(range(len(ahead.positions))):
        position = ahead.positions[count]
        if ahead.to_move(count) is None:
            worth.append(position_value(position, []))
        elif ahead.is_forced(count):
            worth.append(turned(worth[-1]))
        else:
            worth.append(position_value(position, asked[position]))
    return worth[::-1]


def review_document(state: GameInProgress, reviewed: Sequence[ReviewedMove]) -> dict[str, object]:
    """What `damero review FILE --json` prints and `GET /api/games/{id}/analysis` answers: the
    game, its options and start, each move judged ("before" and "after" for the side that played
    it, "position" the one it was played in), and the numbers of the mistakes."""
    game = state.game
    return {
        "game": game.name,
        "options": {name: getattr(game, name) for name in game.options},
        "start": game.format_position(state.start),
        "moves": [
            {
                "number": judged.number,
                "side": SIDE_NAMES[judged.side],
                "move": game.format_move(judged.move),
                "position": game.format_position(judged.position),
                "best": game.format_move(judged.best),
                "before": value_document(judged.before),
                "after": value_document(judged.after),
                "forced": judged.is_forced,
                "mistake": judged.is_mistake,
            }
            for judged in reviewed
        ],
        "mistakes": [judged.number for judged in reviewed if judged.is_mistake],
    }
