"""The small protocol every game meets, so that front ends and computer players need no game of their own."""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, Self, TypeVar


class Side(enum.Enum):
    """The two sides; FIRST is the side that moves first (the mouse, X)."""

    FIRST = 0
    SECOND = 1

    # A side is its own one value: hashed by identity, as it is compared, in C rather than by
    # its name in Python (sides key the dicts of every move's views).
    __hash__ = object.__hash__

    @property
    def other(self) -> Side:
        return Side.SECOND if self is Side.FIRST else Side.FIRST


SIDES: tuple[Side, Side] = (Side.FIRST, Side.SECOND)
"""The sides in order: iterating this is several times faster than iterating the enum, on every
move's path."""


@dataclass(frozen=True, slots=True)
class Message:
    """Words for a person, kept as a catalogue key and its values so that rules never choose a language."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (None for a draw) and why, as a catalogue key."""

    winner: Side | None
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True, slots=True)
class Limit:
    """How far a search may go, and on how many threads; None means no bound of that kind (for
    `threads`: every core)."""

    depth: int | None = None
    nodes: int | None = None
    seconds: float | None = None
    threads: int | None = None


MoveT = TypeVar("MoveT", bound=Hashable)

_NUMBER = re.compile(r"[+-]?[0-9]+")
MAX_DIGITS = 1000
"""The longest number `parse_number` converts as written: an answer at the terminal holds no more
(`cli.lines.MAX_ANSWER`), and Python converts no more than some thousands of digits."""
_SEPARATORS = re.compile(r"[\s,;]+|(?<=[0-9])-(?=[0-9])")


def parse_seconds(text: str) -> float:
    """A time limit from text: a number of seconds, 0 or more and finite; ValueError else.

    >>> parse_seconds("2.5")
    2.5
    """
    value = float(text)
    if not 0 <= value < float("inf"):
        raise ValueError(f"{text[:40]!r} is not a number of seconds, 0 or more")
    return value


def split_words(text: str) -> list[str]:
    """The words of a move as players type them: '3 4', '3,4', '3;4' and '3-4' all give ['3', '4'].

    A dash separates only between digits, so '-1' stays a (negative) number.

    >>> split_words(" 20-24 "), split_words("3, 4"), split_words("-1 -1")
    (['20', '24'], ['3', '4'], ['-1', '-1'])
    """
    return [word for word in _SEPARATORS.split(text.strip()) if word]


def parse_number(text: str) -> int | None:
    """The whole number `text` holds (ASCII digits, an optional sign, spaces around), else None.

    Every game and menu reads numbers through here, so that only 0-9 count as digits
    ('²' and '٣' do not) and a number of any length is a number, refused as out of range
    wherever it is used: one too long for Python to convert is read as the largest it converts,
    with its sign, just as far off any board.

    >>> parse_number(" 12 "), parse_number("-1"), parse_number("1234567"), parse_number("²")
    (12, -1, 1234567, None)
    """
    stripped = text.strip()
    if not _NUMBER.fullmatch(stripped):
        return None
    if len(stripped) > MAX_DIGITS:
        stripped = stripped[0] + "9" * MAX_DIGITS if stripped[0] in "+-" else "9" * MAX_DIGITS
    return int(stripped)


def count(text: str) -> int:
    """A whole number, 0 or more, read as `parse_number` reads one; ValueError else.

    The command line's type for depths, sizes and levels, so that options and prompts agree.
    """
    number = parse_number(text)
    if number is None or number < 0:
        raise ValueError(f"not a whole number, 0 or more: {text[:40]!r}")
    return number


class Position(Protocol[MoveT]):
    """An immutable, hashable game state; `play` returns a new one and never changes this one."""

    @property
    def side_to_move(self) -> Side: ...

    def legal_moves(self) -> tuple[MoveT, ...]: ...

    def play(self, move: MoveT) -> Self:
        """The position after `move`; raises IllegalMoveError saying why it is refused."""
        ...

    def play_legal(self, move: MoveT) -> Self:
        """`play` of a move taken from this position's own `legal_moves()`, not checked again:
        a page's click matched among the board's targets has been judged already."""
        ...

    def outcome(self) -> Outcome | None:
        """The result if the game is over, else None."""
        ...


PositionT = TypeVar("PositionT", bound=Position)  # type: ignore[type-arg]

Result = Literal["win", "draw", "loss"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The exact value of a position for the side to move, when both sides play their best.

    `plies` is how many moves remain until the game ends: the winner takes the
    shortest way to its win, the loser the longest way to its loss, and in a draw
    both take the longest way (the more moves remain, the more chances the other
    side has to go wrong). A finished game has `plies == 0`.
    """

    result: Result
    plies: int

    @property
    def rank(self) -> tuple[int, int]:
        """A key that is larger the better the verdict is for the side to move."""
        if self.result == "win":
            return (2, -self.plies)
        if self.result == "draw":
            return (1, self.plies)
        return (0, self.plies)

    def before_move(self) -> Verdict:
        """The value, for the side that moved, of the move that led to this position.

        >>> Verdict("loss", 2).before_move()
        Verdict(result='win', plies=3)
        """
        opposite: Result = (
            "loss" if self.result == "win" else "win" if self.result == "loss" else "draw"
        )
        return Verdict(opposite, self.plies + 1)


def verdict_of_outcome(outcome: Outcome, side_to_move: Side) -> Verdict:
    """The value of a finished game for the side that would be to move in it."""
    if outcome.winner is None:
        return Verdict("draw", 0)
    return Verdict("win" if outcome.winner is side_to_move else "loss", 0)


@dataclass(frozen=True, slots=True)
class Value:
    """What a move or position is worth to the side to move: an exact verdict, or a disc score.

    A score is a final disc difference from the side to move's view; `is_exact` says
    whether best play is sure to reach it or it is the engine's estimate.
    """

    verdict: Verdict | None = None
    score: float | None = None
    is_exact: bool = True

    @property
    def result(self) -> Result:
        if self.verdict is not None:
            return self.verdict.result
        discs = round(self.score or 0.0)
        return "win" if discs > 0 else "loss" if discs < 0 else "draw"


class Player(Protocol):
    """Chooses a move for the side to move; a person's front end may also raise to take back or leave."""

    def choose(self, position: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class PreparationStep:
    """One step of a preparation: what it does in words, about what share of the whole work it
    is (the shares add up to 1), and the work."""

    words: Message
    share: float
    run: Callable[[], object]


@dataclass(frozen=True, slots=True)
class Preparation:
    """Work an analyst must do once before it answers at its usual speed (compiling an engine),
    in steps a front end runs one after the other, saying what it does and how far it is.

    `title` says what is done and why; `notice`, if any, why it will have to be done again next
    time (the work cannot be kept); `finish` is called once every step has run, and `done` said
    then, with the seconds it took as `seconds`.
    """

    title: Message
    steps: tuple[PreparationStep, ...]
    finish: Callable[[], None]
    done: Message
    notice: Message | None = None


class Analyst(Protocol):
    """What a game knows of its moves' values: exact for solved games, an engine's estimate else."""

    @property
    def is_timed(self) -> bool:
        """Whether a time limit changes the answer (an engine), or it comes at once (a solver)."""
        ...

    def move_values(
        self, position: Any, *, limit: Limit, clock: Callable[[], float] | None
    ) -> Sequence[tuple[Any, Value]]:
        """Every legal move with its value for the side to move, best first; [] once it is over."""
        ...

    def player(
        self,
        *,
        level: int,
        rng: Any,
        limit: Limit,
        clock: Callable[[], float] | None,
    ) -> Player:
        """The computer player of this game at `level` 1..5 (5: the strongest there is)."""
        ...

    def preparation(self, position: Any = None) -> Preparation | None:
        """What is left to do once before this analyst and its players answer about positions
        like `position` (about any position if None) at their usual speed; None if nothing."""
        ...


@dataclass(frozen=True, slots=True)
class Command:
    """A command a game offers beside play and analyse (Othello's perft, solving a game).

    `arguments` are (names, argparse settings) pairs, their `help` and `metavar` catalogue
    keys; `run` gets the parsed values, a clock for timing and a function to report progress
    to, and gives the lines to show, as catalogue messages or plain text.
    """

    name: str
    description_key: str
    arguments: tuple[tuple[tuple[str, ...], Mapping[str, Any]], ...]
    run: Callable[
        [Mapping[str, Any], Callable[[], float], Callable[[Message], None]],
        Sequence[Message | str],
    ]


Shade = Literal["light", "dark", "felt", "paper"]
"""How a cell looks: the light and dark squares of a checkered board, Othello's green felt, or
plain paper; a page picks the colours."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a board's grid: its place (0-based row and column from the top left), its shade
    and the name a player types for it ('' for a cell no move ever reaches)."""

    row: int
    column: int
    shade: Shade
    label: str = ""


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on the cell at (row, column); `kind` is its kind's index in the layout's `kinds`,
    which says how it looks and what it is called."""

    row: int
    column: int
    kind: int


@dataclass(frozen=True, slots=True)
class Target:
    """How a player makes one legal move on the board: the cells to click in order, as
    (row, column) pairs (one cell, or a piece's cell then its square), and the move's text
    (`Game.format_move`); no cells when the board cannot show the move (a button instead).
    `move` is the legal move itself, which the rules then play without judging it again
    (`Position.play_legal`)."""

    text: str
    clicks: tuple[tuple[int, int], ...]
    move: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class PieceKind:
    """A kind of piece as a page names and draws it, on the board, in its legend and in a
    position editor's palette: its side (None for a piece of neither, as Nim's counters), `kind`
    drawn with `symbol` (a letter, '' for none) and `colour`, and its name in words ('a cat',
    'Black (X)'), which a screen reader says after a cell's name."""

    side: Side | None
    kind: str
    name: Message
    symbol: str = ""
    colour: str = "black"


@dataclass(frozen=True, slots=True)
class Placement:
    """A piece of `side` and `kind` put by hand on the cell at (row, column) of the game's board."""

    row: int
    column: int
    side: Side | None
    kind: str


@dataclass(frozen=True, slots=True)
class Layout:
    """What a page draws of a game's board that no position changes, described once for a game
    and its options: a grid of `rows` x `columns` with the cells that exist, the `kinds` of piece
    its positions show (every piece on the board is one of them, and the legend names them), the
    names of the rows and columns to write along the edges (empty when the cells carry their
    own), `side_names` for the sides (first, second) where the page should call them otherwise
    than the game's words do (Othello's X and O are Black and White), and whether the page counts
    the pieces of each kind (`counted`: Othello's discs)."""

    rows: int
    columns: int
    cells: tuple[Cell, ...]
    kinds: tuple[PieceKind, ...]
    row_names: tuple[str, ...] = ()
    column_names: tuple[str, ...] = ()
    side_names: tuple[Message, ...] = ()
    counted: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """What a page draws of one position on its game's `Layout`: the pieces, one `Target` per
    legal move, the cells that mark the last move, and once the game is over the cells that
    decided it (a winning line, a trapped piece and those that trap it, the winner's discs), so
    that a page marks them without knowing the game."""

    pieces: tuple[Piece, ...]
    targets: tuple[Target, ...]
    last: tuple[tuple[int, int], ...] = ()
    decisive: tuple[tuple[int, int], ...] = ()


class Game(Protocol[PositionT, MoveT]):
    """A game's rules entry point, notation and drawing; variants are parameters of the value."""

    @property
    def name(self) -> str:
        """The command and record name: 'catmouse', 'othello', 'tictactoe'."""
        ...

    @property
    def side_options(self) -> tuple[tuple[str, Side], ...]:
        """Each side's command-line option name: (("mouse", Side.FIRST), ("cats", Side.SECOND))."""
        ...

    @property
    def options(self) -> Mapping[str, tuple[int, ...]]:
        """The variant parameters and their allowed values ({"size": (4, 6, 8, 10)}); {} if none."""
        ...

    def variant(self, **options: int) -> Self:
        """The game with these options (Othello().variant(size=6)); ValueError for others."""
        ...

    def start(self) -> PositionT: ...

    def parse_position(self, text: str) -> PositionT:
        """A position from one line of text; InvalidPositionError for one that cannot occur."""
        ...

    def format_position(self, position: PositionT) -> str:
        """One line of text that `parse_position` reads back to `position`."""
        ...

    def parse_move(self, position: PositionT, text: str) -> MoveT:
        """The move a player typed; raises InvalidMoveError saying what is wrong with the text."""
        ...

    def format_move(self, move: MoveT) -> str:
        """The canonical text of a move, as a player types it; `parse_move` reads it back."""
        ...

    def draw(self, position: PositionT) -> str:
        """The board as text, in no particular language."""
        ...

    def side_key(self, side: Side) -> str:
        """The catalogue key naming a side ('catmouse.mouse', 'side.x')."""
        ...

    def prompt(self, position: PositionT) -> Message:
        """What to ask the side to move."""
        ...

    def status(self, position: PositionT) -> tuple[Message, ...]:
        """Lines shown under the board (counts, whose turn)."""
        ...

    def heading(self, position: PositionT, *, choosing: bool) -> tuple[Message, ...]:
        """Lines shown above the board at the terminal, in play and replay; `choosing` when a
        person is about to be asked for a move there (the Tic-tac-toe article's invitation)."""
        ...

    def describe_outcome(
        self, position: PositionT, outcome: Outcome, *, winner_is_computer: bool = False
    ) -> tuple[Message, ...]:
        """The end-of-game lines; `winner_is_computer` when the front end seated the computer
        on the winning side, so that words for a person who won are not said to it."""
        ...

    def describe_ending(self, position: PositionT, outcome: Outcome) -> Message:
        """Why the rules ended the game, in one sentence naming no winner ("Three in a row."),
        for a front end that says who won in its reader's own words (`damero.results`)."""
        ...

    def automatic_move(self, position: PositionT) -> tuple[MoveT, Message] | None:
        """A move the rules make for the side to move (an Othello pass), with the notice to show."""
        ...

    @property
    def notices(self) -> tuple[Message, ...]:
        """Every notice `automatic_move` may give, each once: a page is sent them in words with
        the board, and a game's state names them by their place here."""
        ...

    @property
    def record_format(self) -> Any:
        """The `damero.records.RecordFormat` its games are saved in."""
        ...

    @property
    def analyst(self) -> Analyst:
        """Each move's value and the computer player; engines are loaded on first use."""
        ...

    @property
    def commands(self) -> tuple[Command, ...]:
        """The game's own commands beside play and analyse; () for most games."""
        ...

    @property
    def messages(self) -> Mapping[str, Mapping[str, str]]:
        """Catalogue entries by language that the game brings itself; {} if i18n holds them."""
        ...

    @property
    def piece_marks(self) -> Mapping[str, Side]:
        """The words in `draw`'s text that are each side's pieces, for a front end to colour."""
        ...

    def draw_playable(self, position: PositionT) -> str | None:
        """`draw` with the squares the side to move may play marked, for a front end that can
        show more than the seed's layout; None where the drawing already shows them."""
        ...

    @property
    def layout(self) -> Layout:
        """The board every position of this game (with its options) is drawn on."""
        ...

    def board(self, position: PositionT, last: Sequence[MoveT]) -> Board:
        """`position` as a page draws it on `layout`; `last` holds the move that led to it and the
        moves the rules then made on their own (a forced pass), oldest first, () at the start.
        `last` gives the board's `last` cells only: the rest is the position's alone, so the web
        server keeps a position's board to draw it again."""
        ...

    @property
    def piece_kinds(self) -> tuple[PieceKind, ...]:
        """The pieces a position editor may place, one of each kind; () where no position is
        set up by hand."""
        ...

    def arrange(self, placements: Sequence[Placement], side_to_move: Side) -> PositionT:
        """The position holding exactly `placements`, `side_to_move` to move, as a person set it
        up on the board `layout` draws; InvalidPositionError saying why no game reaches it.

        The front end has checked that each placement is of one of `piece_kinds`, on a cell of
        the board that has a label, and alone on its cell."""
        ...


class GameDefaults:
    """What most games share, to inherit: no options, no commands or automatic moves of their
    own, and their words in damero's catalogues."""

    __slots__ = ()

    @property
    def options(self) -> Mapping[str, tuple[int, ...]]:
        return {}

    def variant(self, **options: int) -> Self:
        if options:
            raise ValueError(f"{type(self).__name__} has no options: {sorted(options)}")
        return self

    @property
    def commands(self) -> tuple[Command, ...]:
        return ()

    @property
    def messages(self) -> Mapping[str, Mapping[str, str]]:
        return {}

    @property
    def piece_marks(self) -> Mapping[str, Side]:
        return {"X": Side.FIRST, "O": Side.SECOND}

    def draw_playable(self, position: Any) -> str | None:
        return None

    def heading(self, position: Any, *, choosing: bool) -> tuple[Message, ...]:
        """Nothing: the board and the lines under it say it all."""
        return ()

    def automatic_move(self, position: Any) -> tuple[Any, Message] | None:
        """Never: the side to move always chooses."""
        return None

    @property
    def notices(self) -> tuple[Message, ...]:
        return ()

    def describe_ending(self, position: Any, outcome: Outcome) -> Message:
        """The outcome's reason, a sentence of the game's words."""
        return Message(outcome.reason)

    @property
    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return ()

    def arrange(self, placements: Sequence[Placement], side_to_move: Side) -> Any:
        """Never called: front ends offer no editor for a game with no `piece_kinds`."""
        raise ValueError(f"{type(self).__name__} sets up no position by hand")


def describe_value(game: Game[Any, Any], value: Value, side: Side) -> Message:
    """A value for `side` to move in words, naming the winner: 'the cats win in 17 moves: 9 by
    the cats, 8 by the mouse', 'X wins by 6'; a finished game's, 'X wins (the game is over)'."""
    winner = side if value.result == "win" else side.other
    if value.verdict is not None:
        is_over = value.verdict.plies == 0
        if value.verdict.result == "draw":
            return Message("analysis.drawn" if is_over else "analysis.draw")
        moves = Message("analysis.over") if is_over else _moves_left(game, value.verdict, side)
        return Message(f"{game.side_key(winner)}_wins_in", {"moves": moves})
    margin = abs(value.score or 0.0)
    name = Message(game.side_key(winner))
    if value.is_exact:
        if round(margin) == 0:
            return Message("analysis.draw")
        return Message("analysis.wins_by", {"side": name, "discs": round(margin)})
    if margin < 0.5:
        return Message("analysis.even")
    return Message("analysis.ahead_by", {"side": name, "discs": margin})


def _moves_left(game: Game[Any, Any], verdict: Verdict, side: Side) -> Message:
    """How many moves each side makes before the end, `side` moving first."""
    if verdict.plies == 1:
        return Message("analysis.in_one_move")
    first, second = (verdict.plies + 1) // 2, verdict.plies // 2
    winner = side if verdict.result == "win" else side.other
    counts = {side: first, side.other: second}
    return Message(
        "analysis.in_moves",
        {
            "count": verdict.plies,
            "winner": Message(game.side_key(winner)),
            "winner_moves": counts[winner],
            "loser": Message(game.side_key(winner.other)),
            "loser_moves": counts[winner.other],
        },
    )
