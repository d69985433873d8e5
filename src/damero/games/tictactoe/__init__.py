"""Tic-tac-toe as damero plays it: the `TicTacToe` Game value that ties the rules to the move
list, the negamax analyst and the game's words. A new game copies `damero.rules.tictactoe` and
this package: `board.py`, `words.py` and this entry.

The rules live in `damero.rules.tictactoe`; their public names are re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from damero.core import (
    Analyst,
    Board,
    GameDefaults,
    Layout,
    Message,
    Outcome,
    PieceKind,
    Placement,
    Side,
)
from damero.games.tictactoe import board as tictactoe_board
from damero.games.tictactoe import words
from damero.players import negamax_analyst
from damero.records.movelist import MOVE_LIST, MoveListFormat
from damero.rules.tictactoe import (
    CELLS,
    EMPTY_CELL,
    LINES,
    MARKS,
    SIDE_KEYS,
    SIDES,
    Mark,
    Move,
    TicTacToePosition,
    draw_board,
    draw_marks,
    format_cell,
    parse_board,
    parse_cell,
    player_name,
)

__all__ = [
    "CELLS",
    "EMPTY_CELL",
    "LINES",
    "MARKS",
    "SIDES",
    "SIDE_KEYS",
    "Mark",
    "Move",
    "TicTacToe",
    "TicTacToePosition",
    "draw_board",
    "draw_marks",
    "format_cell",
    "parse_board",
    "parse_cell",
    "player_name",
]


@dataclass(frozen=True, slots=True)
class TicTacToe(GameDefaults):
    """The game's entry point for front ends and computer players."""

    @property
    def name(self) -> str:
        return "tictactoe"

    @property
    def side_options(self) -> tuple[tuple[str, Side], ...]:
        return (("x", Side.FIRST), ("o", Side.SECOND))

    def start(self) -> TicTacToePosition:
        return TicTacToePosition()

    def parse_position(self, text: str) -> TicTacToePosition:
        """Nine cells, e.g. 'XX-OO----'; the side to move follows from the counts."""
        return parse_board(text)

    def format_position(self, position: TicTacToePosition) -> str:
        return position.board

    def parse_move(self, position: TicTacToePosition, text: str) -> Move:
        """A cell 1..9; whether it is free is for `play` to say."""
        return parse_cell(text)

    def format_move(self, move: Move) -> str:
        return format_cell(move)

    def draw(self, position: TicTacToePosition) -> str:
        """The article's boards, three lines without a final line break: the numbered one while
        a cell is to be chosen, then the board of marks it ends with."""
        return draw_marks(position) if position.outcome() is not None else draw_board(position)

    def side_key(self, side: Side) -> str:
        return SIDE_KEYS[side]

    def prompt(self, position: TicTacToePosition) -> Message:
        return Message("tictactoe.prompt", {"player": player_name(position.side_to_move)})

    def status(self, position: TicTacToePosition) -> tuple[Message, ...]:
        """Nothing: the prompt says whose turn it is and what to type."""
        return ()

    def heading(self, position: TicTacToePosition, *, choosing: bool) -> tuple[Message, ...]:
        """The article's prose: after each move the board so far, marks and '-', and before a
        person chooses, the invitation to select a cell and the reminder that marked ones are
        taken, over the numbered board."""
        if position.outcome() is not None:  # the board of marks is the drawing itself
            return (Message("tictactoe.so_far"),)
        so_far = (
            Message("tictactoe.so_far"),
            Message("tictactoe.marks", {"board": draw_marks(position)}),
        )
        invitation = (Message("tictactoe.select"), Message("tictactoe.taken_shown"))
        return (*(so_far if position != self.start() else ()), *(invitation if choosing else ()))

    @property
    def record_format(self) -> MoveListFormat:
        return MOVE_LIST

    @property
    def analyst(self) -> Analyst:
        """Plain negamax: the whole game is 5,478 positions."""
        return negamax_analyst(self)

    @property
    def messages(self) -> Mapping[str, Mapping[str, str]]:
        """The game's words in English and Spanish (`damero.games.tictactoe.words`)."""
        return words.MESSAGES

    def describe_outcome(
        self, position: TicTacToePosition, outcome: Outcome, *, winner_is_computer: bool = False
    ) -> tuple[Message, ...]:
        """The article's closing lines: congratulations to a person who won, or the draw; the
        computer's win is said as such."""
        if outcome.winner is None:
            return (Message("tictactoe.draw"),)
        if winner_is_computer:
            return (Message("tictactoe.computer_won", {"player": player_name(outcome.winner)}),)
        return (
            Message("tictactoe.congratulations", {"player": player_name(outcome.winner)}),
            Message("tictactoe.you_won"),
        )

    def describe_ending(self, position: TicTacToePosition, outcome: Outcome) -> Message:
        return Message(
            "tictactoe.ending_full" if outcome.winner is None else "tictactoe.ending_line"
        )

    @property
    def layout(self) -> Layout:
        return tictactoe_board.LAYOUT

    def board(self, position: TicTacToePosition, last: Sequence[Move]) -> Board:
        return tictactoe_board.board(position, last)

    @property
    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return tictactoe_board.PIECE_KINDS

    def arrange(self, placements: Sequence[Placement], side_to_move: Side) -> TicTacToePosition:
        return tictactoe_board.arranged(placements, side_to_move)
