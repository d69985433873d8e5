"""Othello (Reversi) on even boards from 4x4 to 10x10, kept as two integer bitboards."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from damero.core import (
    Analyst,
    Command,
    GameDefaults,
    Limit,
    Message,
    Outcome,
    Player,
    Side,
    Value,
    count,
    describe_value,
    parse_number,
    parse_seconds,
    split_words,
)
from damero.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from damero.players import THINKING, check_level

SIZES = (4, 6, 8, 10)
"""The board sizes the seed allows: even numbers from 4 to 10."""

DEFAULT_SIZE = 8
PLAYABLE = "*"
"""How `Othello.draw_playable` marks a square where the side to move may place a disc."""

_EMPTY = "."

# A direction as (row step, column step).
_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


@dataclass(frozen=True, slots=True)
class _Tables:
    """Masks for one board size; a shift moves every disc one step in a direction."""

    size: int
    board_mask: int
    # (shift, mask) pairs: `(bits << shift) & mask` moves bits one step towards higher indexes
    # (down and/or right), `(bits >> shift) & mask` towards lower ones; the mask drops the discs
    # that left the board or wrapped round to the other edge.
    left_shifts: tuple[tuple[int, int], ...]
    right_shifts: tuple[tuple[int, int], ...]


@functools.cache
def _tables(size: int) -> _Tables:
    board_mask = (1 << (size * size)) - 1
    column_masks = []
    for column in range(size):
        mask = 0
        for row in range(size):
            mask |= 1 << (row * size + column)
        column_masks.append(mask)
    left: list[tuple[int, int]] = []
    right: list[tuple[int, int]] = []
    for row_step, column_step in _DIRECTIONS:
        shift = row_step * size + column_step
        mask = board_mask
        if column_step == 1:
            mask &= ~column_masks[0]
        elif column_step == -1:
            mask &= ~column_masks[size - 1]
        if shift > 0:
            left.append((shift, mask))
        else:
            right.append((-shift, mask))
    return _Tables(size, board_mask, tuple(left), tuple(right))


def _check_size(size: int) -> None:
    if size not in SIZES:
        raise ValueError(f"an Othello board is 4, 6, 8 or 10 squares wide, not {size!r}")


def _placements(player: int, opponent: int, tables: _Tables) -> int:
    """The bitboard of empty squares where `player` can place a disc (one that flips something)."""
    empty = tables.board_mask & ~(player | opponent)
    moves = 0
    for shift, mask in tables.left_shifts:
        flanked = opponent & mask
        run = (player << shift) & flanked
        frontier = run
        while frontier:
            frontier = (frontier << shift) & flanked
            run |= frontier
        moves |= (run << shift) & mask & empty
    for shift, mask in tables.right_shifts:
        flanked = opponent & mask
        run = (player >> shift) & flanked
        frontier = run
        while frontier:
            frontier = (frontier >> shift) & flanked
            run |= frontier
        moves |= (run >> shift) & mask & empty
    return moves


def _flips(player: int, opponent: int, placed: int, tables: _Tables) -> int:
    """The opponent discs a disc placed on the single bit `placed` turns over; walks out from it."""
    flips = 0
    for shift, mask in tables.left_shifts:
        line = 0
        square = (placed << shift) & mask
        while square & opponent:
            line |= square
            square = (square << shift) & mask
        if square & player:
            flips |= line
    for shift, mask in tables.right_shifts:
        line = 0
        square = (placed >> shift) & mask
        while square & opponent:
            line |= square
            square = (square >> shift) & mask
        if square & player:
            flips |= line
    return flips


@dataclass(frozen=True, slots=True)
class Move:
    """A disc placed on (row, column), both 0-based; PASS is the move of a side that cannot place"""

    row: int
    column: int

    @property
    def is_pass(self) -> bool:
        return self == PASS


PASS = Move(-1, -1)
"""Giving up the turn; legal only when the side to move has no placement and the game goes on.
Its 1-based text is "0 0", as the seed asks players to type it."""


def format_move(move: Move) -> str:
    """The 1-based `fila columna` text of a move: Move(2, 3) is "3 4", PASS is "0 0"."""
    return f"{move.row + 1} {move.column + 1}"


_LETTER_AND_ROW = re.compile(r"([a-jA-J])([0-9]{1,2})")


def parse_move(text: str, *, size: int) -> Move:
    """The move a player typed: `fila columna` ("3 4", "3,4", "3-4"), 1-based, "0 0" for PASS;
    or the column's letter and the row, as the seed's rules write moves ("d3" is "3 4").

    Says nothing about legality: `OthelloPosition.play` judges that.

    >>> parse_move("d3", size=8) == parse_move("3-4", size=8) == Move(2, 3)
    True
    """
    stripped = text.strip()
    letter_and_row = _LETTER_AND_ROW.fullmatch(stripped)
    if letter_and_row is not None:
        row = int(letter_and_row.group(2))
        column = ord(letter_and_row.group(1).lower()) - ord("a") + 1
    else:
        numbers = [parse_number(word) for word in split_words(stripped)]
        if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
            raise InvalidMoveError("othello.not_two_numbers", text=stripped[:40])
        row, column = numbers[0], numbers[1]
        if row == 0 and column == 0:
            return PASS
    if not (1 <= row <= size and 1 <= column <= size):
        raise InvalidMoveError("othello.off_board", text=text.strip(), size=size)
    return Move(row - 1, column - 1)


@dataclass(frozen=True, slots=True)
class OthelloPosition:
    """A board and the side to move; `player` holds the mover's discs, `opponent` the other side's.

    Square (row, column), 0-based from the top left, is bit `row * size + column`.
    """

    size: int
    player: int
    opponent: int
    side_to_move: Side

    @classmethod
    def start(cls, size: int = DEFAULT_SIZE) -> OthelloPosition:
        """The seed's initial board: O on the top-left and bottom-right of the centre, X to move."""
        _check_size(size)
        middle = size // 2
        x_discs = (1 << ((middle - 1) * size + middle)) | (1 << (middle * size + middle - 1))
        o_discs = (1 << ((middle - 1) * size + middle - 1)) | (1 << (middle * size + middle))
        return cls(size, x_discs, o_discs, Side.FIRST)

    @classmethod
    def from_rows(cls, rows: Sequence[str], side_to_move: Side) -> OthelloPosition:
        """A position from rows of 'X', 'O', '.', top row first; raises ValueError if malformed."""
        size = len(rows)
        _check_size(size)
        x_discs = o_discs = 0
        for row, text in enumerate(rows):
            if len(text) != size or any(cell not in "XO." for cell in text):
                raise ValueError(
                    f"row {row + 1} must be {size} characters of X, O and '.', not {text!r}"
                )
            for column, cell in enumerate(text):
                if cell == "X":
                    x_discs |= 1 << (row * size + column)
                elif cell == "O":
                    o_discs |= 1 << (row * size + column)
        if side_to_move is Side.FIRST:
            return cls(size, x_discs, o_discs, side_to_move)
        return cls(size, o_discs, x_discs, side_to_move)

    def discs(self, side: Side) -> int:
        """The bitboard of `side`'s discs."""
        return self.player if side is self.side_to_move else self.opponent

    def count(self, side: Side) -> int:
        return self.discs(side).bit_count()

    def board_rows(self) -> tuple[str, ...]:
        """The board as rows of 'X', 'O' and '.', top row first (the seed's file rows)."""
        x_discs, o_discs = self.discs(Side.FIRST), self.discs(Side.SECOND)
        rows = []
        for row in range(self.size):
            cells = []
            for column in range(self.size):
                bit = 1 << (row * self.size + column)
                cells.append("X" if x_discs & bit else "O" if o_discs & bit else _EMPTY)
            rows.append("".join(cells))
        return tuple(rows)

    def placements_mask(self) -> int:
        """The bitboard of squares where the side to move may place a disc."""
        return _placements(self.player, self.opponent, _tables(self.size))

    def mobility(self) -> int:
        """How many placements the side to move has (a pass is not counted)."""
        return self.placements_mask().bit_count()

    def is_game_over(self) -> bool:
        tables = _tables(self.size)
        return (
            _placements(self.player, self.opponent, tables) == 0
            and _placements(self.opponent, self.player, tables) == 0
        )

    def legal_moves(self) -> tuple[Move, ...]:
        """Placements in row-major order; (PASS,) if only a pass is possible; () once it is over."""
        tables = _tables(self.size)
        placements = _placements(self.player, self.opponent, tables)
        if placements == 0:
            return (PASS,) if _placements(self.opponent, self.player, tables) else ()
        moves = []
        size = self.size
        while placements:
            lowest = placements & -placements
            index = lowest.bit_length() - 1
            moves.append(Move(index // size, index % size))
            placements ^= lowest
        return tuple(moves)

    def play(self, move: Move) -> OthelloPosition:
        """The position after `move`, the other side to move; IllegalMoveError says why not."""
        tables = _tables(self.size)
        text = format_move(move)
        placements = _placements(self.player, self.opponent, tables)
        if placements == 0 and _placements(self.opponent, self.player, tables) == 0:
            raise IllegalMoveError("othello.game_over", move=text)
        if move == PASS:
            if placements:
                raise IllegalMoveError("othello.cannot_pass", move=text)
            return OthelloPosition(self.size, self.opponent, self.player, self.side_to_move.other)
        if not (0 <= move.row < self.size and 0 <= move.column < self.size):
            raise IllegalMoveError("othello.off_board", text=text, size=self.size)
        if placements == 0:
            raise IllegalMoveError("othello.must_pass", move=text)
        placed = 1 << (move.row * self.size + move.column)
        if placed & (self.player | self.opponent):
            raise IllegalMoveError("othello.square_taken", move=text)
        flips = _flips(self.player, self.opponent, placed, tables)
        if not flips:
            raise IllegalMoveError("othello.flips_nothing", move=text)
        return OthelloPosition(
            self.size,
            self.opponent & ~flips,
            self.player | flips | placed,
            self.side_to_move.other,
        )

    def outcome(self) -> Outcome | None:
        """None while either side can place; then most discs wins, equal counts draw."""
        if not self.is_game_over():
            return None
        first, second = self.count(Side.FIRST), self.count(Side.SECOND)
        if first == second:
            return Outcome(None, "othello.draw")
        return Outcome(Side.FIRST if first > second else Side.SECOND, "othello.more_discs")


def _perft(player: int, opponent: int, depth: int, tables: _Tables) -> int:
    placements = _placements(player, opponent, tables)
    if placements == 0:
        if _placements(opponent, player, tables) == 0:
            return 1
        return 1 if depth == 1 else _perft(opponent, player, depth - 1, tables)
    if depth == 1:
        return placements.bit_count()
    leaves = 0
    while placements:
        placed = placements & -placements
        placements ^= placed
        flips = _flips(player, opponent, placed, tables)
        leaves += _perft(opponent & ~flips, player | flips | placed, depth - 1, tables)
    return leaves


def perft(position: OthelloPosition, depth: int) -> int:
    """How many positions lie `depth` plies away: a forced pass is a ply, a finished game one leaf.

    From the 8x8 start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 for depths 1 to 9.
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    return _perft(position.player, position.opponent, depth, _tables(position.size))


_SIDE_LETTERS: Mapping[str, Side] = {"X": Side.FIRST, "O": Side.SECOND}


def parse_position(text: str) -> OthelloPosition:
    """A board row by row, one of X, O and '-' or '.' per square, then the side to move, X or O.

    Refuses, with InvalidPositionError, a board of the wrong length, other letters, or an
    empty centre square (the four discs placed there at the start are never removed).

    >>> parse_position("---- -OX- -XO- ---- o").side_to_move
    <Side.SECOND: 1>
    """
    words = text.upper().split()
    if len(words) < 2 or words[-1] not in _SIDE_LETTERS:
        raise InvalidPositionError("othello.bad_position_text", text=text.strip()[:40])
    squares = "".join(words[:-1]).replace("-", _EMPTY)
    width = round(len(squares) ** 0.5)
    if width not in SIZES or width * width != len(squares):
        raise InvalidPositionError("othello.bad_board_length", length=len(squares))
    stray = next((cell for cell in squares if cell not in "XO."), None)
    if stray is not None:
        raise InvalidPositionError("othello.bad_board_letter", letter=stray)
    rows = [squares[row * width : (row + 1) * width] for row in range(width)]
    middle = width // 2
    centre = (middle - 1, middle)
    if any(rows[row][column] == _EMPTY for row in centre for column in centre):
        raise InvalidPositionError("othello.empty_centre")
    return OthelloPosition.from_rows(rows, _SIDE_LETTERS[words[-1]])


def format_position(position: OthelloPosition) -> str:
    """The text `parse_position` reads: the rows joined, '-' for an empty square, then X or O."""
    board = "".join(position.board_rows()).replace(_EMPTY, "-")
    return f"{board} {'X' if position.side_to_move is Side.FIRST else 'O'}"


class OthelloEnginePlayer:
    """Plays Othello with the engine at a level, stopping each think at `limit` as `clock` tells."""

    def __init__(
        self, *, level: int, rng: random.Random, limit: Limit, clock: Callable[[], float] | None
    ) -> None:
        check_level(level)
        self.level = level
        self.rng = rng
        self.limit = limit
        self.clock = clock

    def choose(self, position: OthelloPosition) -> Move:
        # Imported here: compiling the engine is only worth its start-up time in an Othello game.
        from damero.engines.othello import choose_move

        return choose_move(
            position, level=self.level, rng=self.rng, limit=self.limit, clock=self.clock
        )


@dataclass(frozen=True)
class OthelloEngineAnalyst:
    """The engine's view of each move: a disc score, exact near the end of the game."""

    @property
    def is_timed(self) -> bool:
        return True

    def move_values(
        self,
        position: OthelloPosition,
        *,
        limit: Limit = THINKING,
        clock: Callable[[], float] | None = None,
    ) -> list[tuple[Move, Value]]:
        from damero.engines.othello import analyse, scores_are_exact

        is_exact = scores_are_exact(position)
        return [
            (move, Value(score=score, is_exact=is_exact))
            for move, score in analyse(position, limit, clock=clock)
        ]

    def player(
        self,
        *,
        level: int,
        rng: Any,
        limit: Limit = THINKING,
        clock: Callable[[], float] | None = None,
    ) -> Player:
        return OthelloEnginePlayer(level=level, rng=rng, limit=limit, clock=clock)


def _count_leaves(
    values: Mapping[str, Any], clock: Callable[[], float], report: Callable[[Message], None]
) -> tuple[Message, ...]:
    from damero.engines.othello import perft as count_leaves

    depth, size = values["depth"], values["size"]
    started = clock()
    leaves = count_leaves(OthelloPosition.start(size), depth)
    seconds = clock() - started
    rate = leaves / seconds if seconds > 0 else 0.0
    return (
        Message(
            "othello.perft",
            {"depth": depth, "size": size, "leaves": leaves, "seconds": seconds, "rate": rate},
        ),
    )


def _solve(
    values: Mapping[str, Any], clock: Callable[[], float], report: Callable[[Message], None]
) -> tuple[Message | str, ...]:
    """Solves exactly; with `seconds`, searches deeper and deeper until then and gives the best
    move found, exact if the search reached the end."""
    started = clock()  # before loading the engine, so the time left and the time so far add up
    from damero.engines.othello import search, solve

    if values["board"] is None:
        position = OthelloPosition.start(values["size"])
    else:
        position = parse_position(f"{values['board']} {values['side'] or ''}")
    game = Othello(position.size)
    side = position.side_to_move
    empties = position.size**2 - position.count(Side.FIRST) - position.count(Side.SECOND)
    if values.get("seconds") is None:
        report(Message("othello.solving", {"empties": empties}))
        score, move = solve(position, threads=values.get("threads"))
        best = "-" if move is None else format_move(move)
        meaning = describe_value(game, Value(score=score), side)
        solved = {"meaning": meaning, "move": best, "seconds": clock() - started}
        return (game.draw(position), Message("analysis.solved", solved))
    deadline: float = started + values["seconds"]
    found = None

    def should_stop() -> bool:
        """Polled by the search: reports the latest depth with the time left, and ends it then."""
        now = clock()
        if found is not None:
            progress = {
                "empties": empties,
                "depth": found.depth,
                "nodes": found.nodes,
                "move": format_move(found.best_move),
                "left": max(0.0, deadline - now),
            }
            report(Message("othello.searching", progress))
        return now >= deadline

    for analysis in search(position, should_stop=should_stop, threads=values.get("threads")):
        found = analysis
        should_stop()
    if found is None:
        return (game.draw(position), Message("analysis.no_move"))
    value = Value(score=found.score, is_exact=found.is_exact)
    result = {
        "meaning": describe_value(game, value, side),
        "move": format_move(found.best_move),
        "depth": found.depth,
        "seconds": clock() - started,
    }
    key = "analysis.solved" if found.is_exact else "othello.best_so_far"
    return (game.draw(position), Message(key, result))


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

_SIZE_OPTION = (
    ("--size",),
    {"type": count, "default": DEFAULT_SIZE, "choices": SIZES, "help": "othello.size_option"},
)


@dataclass(frozen=True)
class Othello(GameDefaults):
    """The Game entry point for Othello; `size` is the board width, an even number from 4 to 10."""

    size: int = DEFAULT_SIZE

    def __post_init__(self) -> None:
        _check_size(self.size)

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
        rows = [list(row) for row in position.board_rows()]
        for move in position.legal_moves():
            if not move.is_pass:
                rows[move.row][move.column] = PLAYABLE
        return "\n".join(draw_board("".join(row) for row in rows))

    def side_key(self, side: Side) -> str:
        return "othello.x" if side is Side.FIRST else "othello.o"

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
        return Message("othello.passes", {"side": self.side_name(position.side_to_move)})

    def automatic_move(self, position: OthelloPosition) -> tuple[Move, Message] | None:
        """The forced pass of a side that cannot place while the game goes on, with its notice."""
        if position.legal_moves() == (PASS,):
            return PASS, self.describe_pass(position)
        return None

    @property
    def record_format(self) -> Any:
        """The seed's game file; imported here because the file reader builds on these rules."""
        from damero.records.othello_file import SEED_FILE

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
            _count_leaves,
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


def draw_board(rows: Iterable[str]) -> list[str]:
    """The seed's numbered drawing of board rows (see `Othello.draw`), one string per line."""
    rows = list(rows)
    size = len(rows)
    width = len(str(size))
    lines = [" " * width + " " + " ".join(str(column) for column in range(1, size + 1))]
    for number, row in enumerate(rows, start=1):
        lines.append(f"{number:>{width}} " + " ".join(row))
    return lines
