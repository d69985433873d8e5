"""Othello as damero plays it: the `Othello` Game value that ties the rules to the seed's game
file, the engine (loaded on first use), the perft and solve commands and the game's words.

The rules live in `damero.rules.othello`, which the engine imports; their public names,
and the seed file's `SEED_FILE`, are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from damero.core import (
    SIDES,
    Analyst,
    Board,
    Command,
    GameDefaults,
    Layout,
    Message,
    Outcome,
    PieceKind,
    Placement,
    Side,
    count,
    parse_seconds,
)
from damero.games.othello import board as othello_board
from damero.games.othello import words
from damero.games.othello.engine import OthelloEngineAnalyst, count_leaves, solve
from damero.games.othello.seed_file import SeedFileFormat
from damero.rules.othello import (
    DEFAULT_SIZE,
    PASS,
    PLAYABLE,
    SIZES,
    Move,
    OthelloPosition,
    check_size,
    draw_board,
    draw_playable,
    format_move,
    format_position,
    parse_move,
    parse_position,
    perft,
    side_key,
)

__all__ = [
    "DEFAULT_SIZE",
    "PASS",
    "PLAYABLE",
    "SEED_FILE",
    "SIZES",
    "Move",
    "Othello",
    "OthelloPosition",
    "check_size",
    "draw_board",
    "draw_playable",
    "format_move",
    "format_position",
    "parse_move",
    "parse_position",
    "perft",
    "side_key",
]


_SIZE_OPTION = (
    ("--size",),
    {"type": count, "default": DEFAULT_SIZE, "choices": SIZES, "help": "othello.size_option"},
)


def parse_threads(text: str) -> int:
    """How many threads the engine searches on: a whole number, 1 or more; ValueError else."""
    threads = count(text)
    if threads < 1:
        raise ValueError(f"not a whole number, 1 or more: {text[:40]!r}")
    return threads


_THREADS_OPTION = (
    ("--threads",),
    {"type": parse_threads, "metavar": "othello.threads_metavar", "help": "othello.threads_help"},
)


@dataclass(frozen=True)
class Othello(GameDefaults):
    """The Game entry point for Othello; `size` is the board width, an even number from 4 to 10."""

    size: int = DEFAULT_SIZE

    def __post_init__(self) -> None:
        check_size(self.size)

    @property
    def name(self) -> str:
        return "othello"

    @property
    def side_options(self) -> tuple[tuple[str, Side], ...]:
        return (("x", Side.FIRST), ("o", Side.SECOND))

    @property
    def options(self) -> Mapping[str, tuple[int, ...]]:
        return {"size": SIZES}

    def variant(self, **options: int) -> Othello:
        unknown = set(options) - {"size"}
        if unknown:
            raise ValueError(f"Othello's only option is size, not {sorted(unknown)}")
        return Othello(options.get("size", self.size))

    def start(self) -> OthelloPosition:
        return OthelloPosition.start(self.size)

    def parse_position(self, text: str) -> OthelloPosition:
        return parse_position(text)

    def format_position(self, position: OthelloPosition) -> str:
        return format_position(position)

    def parse_move(self, position: OthelloPosition, text: str) -> Move:
        return parse_move(text, size=position.size)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def draw(self, position: OthelloPosition) -> str:
        """Numbered board as in the seed: column numbers on top, row numbers on the left.

        Row numbers are right-aligned to the width of the largest one, so on 10x10 they take two
        characters; each column number starts above its column, so the "10" overhangs by one.
        """
        return "\n".join(draw_board(position.board_rows()))

    def draw_playable(self, position: OthelloPosition) -> str:
        """`draw` with a '*' on each square where the side to move may place a disc."""
        return draw_playable(position)

    def side_key(self, side: Side) -> str:
        return side_key(side)

    def side_name(self, side: Side) -> Message:
        return Message(self.side_key(side))

    def prompt(self, position: OthelloPosition) -> Message:
        return Message("othello.prompt", {"side": self.side_name(position.side_to_move)})

    def status(self, position: OthelloPosition) -> tuple[Message, ...]:
        counts = Message(
            "othello.counts",
            {"x": position.count(Side.FIRST), "o": position.count(Side.SECOND)},
        )
        if position.is_game_over():
            return (counts,)
        turn = Message("othello.turn", {"side": self.side_name(position.side_to_move)})
        return (counts, turn)

    def describe_pass(self, position: OthelloPosition) -> Message:
        """What to say when the side to move has no placement and passes automatically."""
        return self._passes(position.side_to_move)

    def _passes(self, side: Side) -> Message:
        return Message("othello.passes", {"side": self.side_name(side)})

    @property
    def notices(self) -> tuple[Message, ...]:
        """A pass by either side."""
        return tuple(self._passes(side) for side in SIDES)

    def automatic_move(self, position: OthelloPosition) -> tuple[Move, Message] | None:
        """The forced pass of a side that cannot place while the game goes on, with its notice."""
        if position.legal_moves() == (PASS,):
            return PASS, self.describe_pass(position)
        return None

    @property
    def record_format(self) -> SeedFileFormat:
        """The seed's game file."""
        return SEED_FILE

    @property
    def analyst(self) -> Analyst:
        return OthelloEngineAnalyst()

    @property
    def commands(self) -> tuple[Command, ...]:
        perft = Command(
            "perft",
            "othello.perft_help",
            (
                (("depth",), {"type": count, "metavar": "othello.depth_metavar"}),
                _SIZE_OPTION,
            ),
            count_leaves,
        )
        solve = Command(
            "solve",
            "othello.solve_help",
            (
                (
                    ("board",),
                    {
                        "nargs": "?",
                        "metavar": "othello.board_metavar",
                        "help": "othello.solve_board_help",
                    },
                ),
                (("side",), {"nargs": "?", "type": str.upper, "choices": ("X", "O")}),
                _SIZE_OPTION,
                (
                    ("--seconds",),
                    {
                        "type": parse_seconds,
                        "metavar": "help.seconds_metavar",
                        "help": "othello.solve_seconds_help",
                    },
                ),
                _THREADS_OPTION,
            ),
            _solve,
        )
        return (perft, solve)

    @property
    def messages(self) -> Mapping[str, Mapping[str, str]]:
        """The game's words in English and Spanish (`damero.games.othello.words`)."""
        return words.MESSAGES

    def describe_outcome(
        self, position: OthelloPosition, outcome: Outcome, *, winner_is_computer: bool = False
    ) -> tuple[Message, ...]:
        if outcome.winner is None:
            discs = position.count(Side.FIRST)
            return (Message("othello.draw_result", {"discs": discs}),)
        winner = outcome.winner
        return (
            Message(
                "othello.wins",
                {
                    "side": self.side_name(winner),
                    "winner_discs": position.count(winner),
                    "loser_discs": position.count(winner.other),
                },
            ),
        )

    def describe_ending(self, position: OthelloPosition, outcome: Outcome) -> Message:
        """The final count: the winner's discs to the loser's, or as many each."""
        if outcome.winner is None:
            return Message("othello.ending_drawn", {"discs": position.count(Side.FIRST)})
        return Message(
            "othello.ending_won",
            {
                "winner_discs": position.count(outcome.winner),
                "loser_discs": position.count(outcome.winner.other),
            },
        )

    @property
    def layout(self) -> Layout:
        return othello_board.layout(self.size)

    def board(self, position: OthelloPosition, last: Sequence[Move]) -> Board:
        return othello_board.board(position, last)

    @property
    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return othello_board.PIECE_KINDS

    def arrange(self, placements: Sequence[Placement], side_to_move: Side) -> OthelloPosition:
        return othello_board.arranged(self.size, placements, side_to_move)


def _solve(
    values: Mapping[str, Any], clock: Callable[[], float], report: Callable[[Message], None]
) -> tuple[Message | str, ...]:
    return solve(values, clock, report, game=Othello())


SEED_FILE = SeedFileFormat(Othello())
"""The seed's game file, the format every Othello game is kept in."""
