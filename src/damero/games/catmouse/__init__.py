"""Four Cats and the Mouse as damero plays it: the `CatMouse` Game value that ties the rules to
their record format, the tablebase analyst, the solve command and the game's words.

The rules themselves live in `damero.rules.catmouse`, which the solver imports; their public
names are re-exported here for front ends and tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from damero.core import (
    Analyst,
    Board,
    Command,
    GameDefaults,
    Message,
    Outcome,
    PieceKind,
    Placement,
    Side,
    Verdict,
)
from damero.games.catmouse import board as catmouse_board
from damero.games.catmouse import words
from damero.players import ExactAnalyst
from damero.records.movelist import MOVE_LIST, MoveListFormat
from damero.rules.catmouse import (
    CAT_START,
    CATS,
    ESCAPE_SQUARES,
    MOUSE,
    MOUSE_STARTS,
    PLACEMENT_ROW,
    SIDE_WORDS,
    SQUARES,
    CatMousePosition,
    CatMove,
    MouseMove,
    Move,
    cats_reachable,
    draw_board,
    format_move,
    format_position,
    forward_neighbours,
    mouse_to_move_by_parity,
    neighbours,
    parse_move,
    parse_position,
    parse_squares,
    side_key,
    square_at,
    square_column,
    square_row,
)
from damero.solvers.retrograde import summary_messages, tablebase

__all__ = [
    "CATS",
    "CAT_START",
    "ESCAPE_SQUARES",
    "MOUSE",
    "MOUSE_STARTS",
    "PLACEMENT_ROW",
    "SIDE_WORDS",
    "SQUARES",
    "CatMouse",
    "CatMousePosition",
    "CatMove",
    "MouseMove",
    "Move",
    "cats_reachable",
    "draw_board",
    "format_move",
    "format_position",
    "forward_neighbours",
    "mouse_to_move_by_parity",
    "neighbours",
    "parse_move",
    "parse_position",
    "parse_squares",
    "side_key",
    "square_at",
    "square_column",
    "square_row",
]


def _exact_verdicts(position: CatMousePosition) -> list[tuple[Move, Verdict]]:
    return tablebase().move_values(position)


def _solve(
    values: Mapping[str, Any], clock: Callable[[], float], report: Callable[[Message], None]
) -> tuple[Message, ...]:
    return summary_messages(tablebase().summary())


@dataclass(frozen=True, slots=True)
class CatMouse(GameDefaults):
    """The game of Four Cats and the Mouse, as damero's front ends and players see it."""

    @property
    def name(self) -> str:
        return "catmouse"

    @property
    def side_options(self) -> tuple[tuple[str, Side], ...]:
        return (("mouse", MOUSE), ("cats", CATS))

    def start(self) -> CatMousePosition:
        return CatMousePosition.start()

    def parse_position(self, text: str) -> CatMousePosition:
        return parse_position(text)

    def format_position(self, position: CatMousePosition) -> str:
        return format_position(position)

    def parse_move(self, position: CatMousePosition, text: str) -> Move:
        """Squares by number ('26'; '20 24'), or by row and column ('6 3'; '5 8 6 7')."""
        return parse_move(position, text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def draw(self, position: CatMousePosition) -> str:
        """The seed's Cuadro 3: the numbered board, five spaces, then the pieces (GT, RT)."""
        return draw_board(position)

    def side_key(self, side: Side) -> str:
        return side_key(side)

    def prompt(self, position: CatMousePosition) -> Message:
        if position.mouse is None:
            return Message("catmouse.prompt_start")
        if position.side_to_move is MOUSE:
            return Message("catmouse.prompt_mouse")
        return Message("catmouse.prompt_cats")

    def status(self, position: CatMousePosition) -> tuple[Message, ...]:
        if position.outcome() is not None:
            return ()
        mover = "catmouse.turn_mouse" if position.side_to_move is MOUSE else "catmouse.turn_cats"
        return (Message(mover),)

    @property
    def record_format(self) -> MoveListFormat:
        return MOVE_LIST

    @property
    def piece_marks(self) -> Mapping[str, Side]:
        return {"RT": MOUSE, "GT": CATS}

    @property
    def analyst(self) -> Analyst:
        """The retrograde tablebase: every position's exact value."""
        return _ANALYST

    @property
    def commands(self) -> tuple[Command, ...]:
        return (Command("solve", "catmouse.solve_help", (), _solve),)

    @property
    def messages(self) -> Mapping[str, Mapping[str, str]]:
        """The game's words in English and Spanish (`damero.games.catmouse.words`)."""
        return words.MESSAGES

    def describe_outcome(
        self, position: CatMousePosition, outcome: Outcome, *, winner_is_computer: bool = False
    ) -> tuple[Message, ...]:
        winner = "catmouse.mouse_wins" if outcome.winner is MOUSE else "catmouse.cats_win"
        return (Message(winner), Message(outcome.reason))

    def board(self, position: CatMousePosition, last: Sequence[Move]) -> Board:
        return catmouse_board.board(position, last)

    @property
    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return catmouse_board.PIECE_KINDS

    def arrange(self, placements: Sequence[Placement], side_to_move: Side) -> CatMousePosition:
        return catmouse_board.arranged(placements, side_to_move)


_ANALYST = ExactAnalyst(_exact_verdicts)
