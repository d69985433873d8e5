"""Four Cats and the Mouse: the rules, the notation players type, and the seed's two-grid drawing.

The 32 playable squares are numbered 1..32 row by row as in the seed's Cuadro 2:
odd rows use columns 2, 4, 6, 8 and even rows columns 1, 3, 5, 7. The cats start on
1..4 and only move towards row 8; the mouse is first placed on 29..32, then moves
one square diagonally either way. After the placement the mouse moves first, and then
turns alternate strictly.

The rules alone, apart from the `CatMouse` Game value, so that the solvers can build on them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from damero.core import Message, Outcome, Side, parse_number, split_words
from damero.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError

MOUSE = Side.FIRST
CATS = Side.SECOND
SQUARES = range(1, 33)
CAT_START = (1, 2, 3, 4)
MOUSE_STARTS = (29, 30, 31, 32)
ESCAPE_SQUARES = frozenset(CAT_START)


def square_row(square: int) -> int:
    """The board row, 1 (the cats' side) to 8 (the mouse's side)."""
    return (square - 1) // 4 + 1


def square_column(square: int) -> int:
    """The board column 1..8 of a playable square."""
    row = square_row(square)
    index = (square - 1) % 4
    return 2 * index + (2 if row % 2 == 1 else 1)


def square_at(row: int, column: int) -> int | None:
    """The playable square at (row, column), or None for a light square or off the board."""
    if not (1 <= row <= 8 and 1 <= column <= 8) or (row + column) % 2 == 0:
        return None
    return (row - 1) * 4 + (column - 1) // 2 + 1


@cache
def neighbours(square: int) -> tuple[int, ...]:
    """The diagonally adjacent squares, in increasing order."""
    row, column = square_row(square), square_column(square)
    found = (square_at(row + dr, column + dc) for dr in (-1, 1) for dc in (-1, 1))
    return tuple(sorted(n for n in found if n is not None))


@cache
def forward_neighbours(square: int) -> tuple[int, ...]:
    """The squares a cat on `square` may step to: one row nearer row 8."""
    return tuple(n for n in neighbours(square) if square_row(n) > square_row(square))


@dataclass(frozen=True, slots=True)
class MouseMove:
    """The mouse steps to (or, as the first move, is placed on) `target`."""

    target: int


@dataclass(frozen=True, slots=True)
class CatMove:
    """The cat on `origin` steps to `target`."""

    origin: int
    target: int


Move = MouseMove | CatMove
_MOUSE_MOVES = {square: MouseMove(square) for square in SQUARES}
_CAT_MOVES = {(cat, to): CatMove(cat, to) for cat in SQUARES for to in forward_neighbours(cat)}
"""Every move there is, made once: legal moves are listed at every position a page is shown."""


@dataclass(frozen=True, slots=True)
class CatMousePosition:
    """The five pieces and the side to move; `mouse` is None until the mouse is placed."""

    mouse: int | None
    cats: tuple[int, int, int, int]
    side_to_move: Side

    @classmethod
    def start(cls) -> CatMousePosition:
        return cls(None, CAT_START, MOUSE)

    def __post_init__(self) -> None:
        pieces = [*self.cats] + ([] if self.mouse is None else [self.mouse])
        if len(set(pieces)) != len(pieces) or any(p not in SQUARES for p in pieces):
            raise ValueError(f"pieces must stand on distinct squares 1..32: {self!r}")
        if tuple(sorted(self.cats)) != self.cats:
            raise ValueError(f"cats must be listed in increasing order: {self.cats!r}")
        if self.mouse is None and self.side_to_move is not MOUSE:
            raise ValueError("the mouse must be placed before the cats move")

    def is_occupied(self, square: int) -> bool:
        return square == self.mouse or square in self.cats

    def legal_moves(self) -> tuple[Move, ...]:
        # Over when the mouse escaped, or when the side to move has no move: its moves are then
        # none either, so they are found once.
        if self.mouse is not None and self.mouse in ESCAPE_SQUARES:
            return ()
        return self._candidate_moves()

    def _candidate_moves(self) -> tuple[Move, ...]:
        if self.mouse is None:
            return tuple(_MOUSE_MOVES[square] for square in MOUSE_STARTS)
        taken = (self.mouse, *self.cats)
        if self.side_to_move is MOUSE:
            return tuple(_MOUSE_MOVES[n] for n in neighbours(self.mouse) if n not in taken)
        return tuple(
            _CAT_MOVES[cat, n]
            for cat in self.cats
            for n in forward_neighbours(cat)
            if n not in taken
        )

    def _can_move(self) -> bool:
        """Whether the side to move has a move, the mouse placed: asked at every position, so
        answered without making the moves."""
        taken = (self.mouse, *self.cats)
        if self.side_to_move is MOUSE:
            return any(n not in taken for n in neighbours(self.mouse))
        return any(n not in taken for cat in self.cats for n in forward_neighbours(cat))

    def refusal(self, move: Move) -> IllegalMoveError | None:
        """Why the rules refuse `move` here, or None if it is legal."""
        if self.outcome() is not None:
            return IllegalMoveError("catmouse.game_over")
        if isinstance(move, MouseMove):
            return self._mouse_refusal(move.target)
        return self._cat_refusal(move.origin, move.target)

    def _mouse_refusal(self, target: int) -> IllegalMoveError | None:
        if self.side_to_move is not MOUSE:
            return IllegalMoveError("catmouse.cats_give_two")
        if self.mouse is None:
            if target not in MOUSE_STARTS:
                return IllegalMoveError("catmouse.mouse_start", square=target)
            return None
        if target == self.mouse:
            return IllegalMoveError("catmouse.stays", square=target)
        if target not in neighbours(self.mouse):
            return IllegalMoveError("catmouse.not_neighbour", origin=self.mouse, target=target)
        if target in self.cats:
            return IllegalMoveError("catmouse.occupied_by_cat", square=target)
        return None

    def _cat_refusal(self, origin: int, target: int) -> IllegalMoveError | None:
        if self.side_to_move is not CATS:
            return IllegalMoveError("catmouse.mouse_gives_one")
        if origin not in self.cats:
            return IllegalMoveError("catmouse.no_cat_there", square=origin)
        if target == origin:
            return IllegalMoveError("catmouse.stays", square=target)
        if target not in neighbours(origin):
            return IllegalMoveError("catmouse.not_neighbour", origin=origin, target=target)
        if target not in forward_neighbours(origin):
            return IllegalMoveError("catmouse.cats_cannot_go_back", origin=origin, target=target)
        if target in self.cats:
            return IllegalMoveError("catmouse.occupied_by_cat", square=target)
        if target == self.mouse:
            return IllegalMoveError("catmouse.occupied_by_mouse", square=target)
        return None

    def play(self, move: Move) -> CatMousePosition:
        refusal = self.refusal(move)
        if refusal is not None:
            raise refusal
        return self.play_legal(move)

    def play_legal(self, move: Move) -> CatMousePosition:
        """`play` of one of `legal_moves()`, not judged again (nor is the position it leads to,
        which the rules make right)."""
        if isinstance(move, MouseMove):
            # The placement is not a turn: after it the mouse still moves first.
            side = MOUSE if self.mouse is None else CATS
            return _made(move.target, self.cats, side)
        cats = sorted(move.target if cat == move.origin else cat for cat in self.cats)
        return _made(self.mouse, (cats[0], cats[1], cats[2], cats[3]), MOUSE)

    def outcome(self) -> Outcome | None:
        """The mouse wins on 1..4 or when the cats cannot move; the cats win when the mouse cannot."""
        if self.mouse is None:
            return None
        if self.mouse in ESCAPE_SQUARES:
            return Outcome(MOUSE, "catmouse.mouse_escaped")
        if not self._can_move():
            if self.side_to_move is MOUSE:
                return Outcome(CATS, "catmouse.mouse_trapped")
            return Outcome(MOUSE, "catmouse.cats_stuck")
        return None

    def decisive_squares(self) -> tuple[int, ...]:
        """The squares that decided the end, none while the game goes on: the mouse on its
        escape square; the trapped mouse and the cats beside it; the cats that cannot move."""
        outcome = self.outcome()
        if outcome is None or self.mouse is None:
            return ()
        if outcome.reason == "catmouse.cats_stuck":
            return self.cats
        if outcome.reason == "catmouse.mouse_trapped":
            beside = tuple(cat for cat in self.cats if cat in neighbours(self.mouse))
            return (self.mouse, *beside)
        return (self.mouse,)


def _made(mouse: int | None, cats: tuple[int, int, int, int], side: Side) -> CatMousePosition:
    """A position the rules made from a right one, without `__post_init__`'s checks of a
    position read from outside."""
    position = object.__new__(CatMousePosition)
    object.__setattr__(position, "mouse", mouse)
    object.__setattr__(position, "cats", cats)
    object.__setattr__(position, "side_to_move", side)
    return position


def parse_squares(text: str) -> tuple[int, ...]:
    """The square numbers in `text` ('20 24', '20,24', '20-24'); raises InvalidMoveError."""
    words = split_words(text)
    if not words:
        raise InvalidMoveError("catmouse.not_a_number", text=text)
    squares = []
    for word in words:
        square = parse_number(word)
        if square is None:
            raise InvalidMoveError("catmouse.not_a_number", text=word[:40])
        if square not in SQUARES:  # quoted as typed: a number may be any length
            raise InvalidMoveError("catmouse.off_board", square=word)
        squares.append(square)
    return tuple(squares)


_ROWS_AND_COLUMNS = range(1, 9)


def _squares_by_row_and_column(text: str) -> tuple[int, ...]:
    """The squares named by (row, column) pairs, rows and columns 1..8, each a dark square."""
    numbers = [parse_number(word) for word in split_words(text)]
    squares = []
    for row, column in zip(numbers[::2], numbers[1::2], strict=True):
        if row is None or column is None:
            raise InvalidMoveError("catmouse.not_a_number", text=text.strip()[:40])
        square = square_at(row, column)
        if square is None:
            raise InvalidMoveError("catmouse.not_a_dark_square", row=row, column=column)
        squares.append(square)
    return tuple(squares)


def mouse_to_move_by_parity(mouse: int, cats: tuple[int, ...]) -> bool:
    """Whether the mouse is to move, as the moves made fix it.

    Every move after the placement takes one piece one row up or down and turns
    alternate, so the parity of all five pieces' rows tells the side to move: even
    for the mouse, as just after the placement (row 8 plus four cats on row 1).
    """
    return (square_row(mouse) + sum(map(square_row, cats))) % 2 == 0


PLACEMENT_ROW = 8
"""The row of 29..32, where the mouse is placed; each of its moves takes it one row."""


def cats_reachable(cats: tuple[int, ...]) -> bool:
    """Whether forward steps take the cats from 1, 2, 3, 4 to `cats`, each cat to its own square:
    k rows down, a cat is at most k columns away from where it started."""

    def reaches(start: int, square: int) -> bool:
        rows = square_row(square) - square_row(start)
        return rows >= 0 and abs(square_column(square) - square_column(start)) <= rows

    return any(
        all(reaches(start, square) for start, square in zip(starts, cats, strict=True))
        for starts in itertools.permutations(CAT_START)
    )


SIDE_WORDS: Mapping[str, Side] = {
    "mouse": MOUSE,
    "raton": MOUSE,
    "ratón": MOUSE,
    "cats": CATS,
    "gatos": CATS,
}


def parse_position(text: str) -> CatMousePosition:
    """The mouse's square ('-' before its placement), the four cats' squares, and optionally
    the side to move ('mouse' or 'cats'; the mouse if left out), e.g. '22 2 3 4 17 mouse'.

    Refuses, with InvalidPositionError, what no game reaches: two pieces on a square, the
    mouse to move on 1..4, or the other side to move than the moves made give.

    >>> parse_position("22 2 3 4 17").side_to_move
    <Side.FIRST: 0>
    """
    words = text.lower().split()
    side = MOUSE
    if len(words) == 6 and words[-1] in SIDE_WORDS:
        side = SIDE_WORDS[words.pop()]
    if len(words) != 5:
        raise InvalidPositionError("catmouse.bad_position_text", text=text.strip()[:40])
    mouse_squares = () if words[0] == "-" else _position_squares(words[0])
    cats = tuple(sorted(_position_squares(" ".join(words[1:]))))
    if len(mouse_squares) > 1 or len(cats) != 4:
        raise InvalidPositionError("catmouse.bad_position_text", text=text.strip()[:40])
    mouse = mouse_squares[0] if mouse_squares else None
    pieces = [*cats] + ([] if mouse is None else [mouse])
    if len(set(pieces)) != len(pieces):
        shared = next(square for square in pieces if pieces.count(square) > 1)
        raise InvalidPositionError("catmouse.same_square", square=shared)
    four = (cats[0], cats[1], cats[2], cats[3])
    if mouse is None:
        if four != CAT_START or side is not MOUSE:
            raise InvalidPositionError("catmouse.unplaced_mouse")
        return CatMousePosition.start()
    if side is MOUSE and mouse in ESCAPE_SQUARES:
        raise InvalidPositionError("catmouse.mouse_escaped_already", square=mouse)
    if mouse_to_move_by_parity(mouse, four) != (side is MOUSE):
        wanted = "catmouse.mouse" if side is CATS else "catmouse.cats"
        raise InvalidPositionError("catmouse.wrong_side_to_move", side=Message(wanted))
    if not cats_reachable(four):
        raise InvalidPositionError("catmouse.cats_unreachable")
    cat_moves = sum(map(square_row, four)) - len(four)
    mouse_moves = cat_moves + (0 if side is MOUSE else 1)
    if square_row(mouse) < PLACEMENT_ROW - mouse_moves:
        raise InvalidPositionError("catmouse.mouse_too_far", square=mouse, moves=mouse_moves)
    return CatMousePosition(mouse, four, side)


_POSITION_REFUSALS = {
    "catmouse.not_a_number": "catmouse.position_not_a_number",
    "catmouse.off_board": "catmouse.position_off_board",
}
"""A position's squares are refused without the 'Wrong move...' said to a player's move."""


def _position_squares(text: str) -> tuple[int, ...]:
    try:
        return parse_squares(text)
    except InvalidMoveError as refusal:
        key = _POSITION_REFUSALS[refusal.message.key]
        raise InvalidPositionError(key, **refusal.values) from None


def format_position(position: CatMousePosition) -> str:
    """The text `parse_position` reads: '22 2 3 4 17 mouse', '- 1 2 3 4 mouse' at the start."""
    mouse = "-" if position.mouse is None else str(position.mouse)
    side = "mouse" if position.side_to_move is MOUSE else "cats"
    return " ".join([mouse, *map(str, position.cats), side])


def _numbered_cell(row: int, column: int) -> str:
    square = square_at(row, column)
    return "  " if square is None else f"{square:02d}"


def _grid(cell: Callable[[int, int], str]) -> list[str]:
    """The 17 lines of one seed grid; `cell(row, column)` gives each two-character cell."""
    rule = "+--" * 8 + "+"
    lines = [rule]
    for row in range(1, 9):
        lines.append("|" + "|".join(cell(row, column) for column in range(1, 9)) + "|")
        lines.append(rule)
    return lines


def _move_of(position: CatMousePosition, squares: tuple[int, ...], text: str) -> Move:
    """The move of the side to move through `squares`: the mouse names one, the cats two."""
    if position.side_to_move is MOUSE:
        if len(squares) != 1:
            raise InvalidMoveError("catmouse.mouse_gives_one", text=text.strip()[:40])
        return MouseMove(squares[0])
    if len(squares) != 2:
        raise InvalidMoveError("catmouse.cats_give_two", text=text.strip()[:40])
    return CatMove(squares[0], squares[1])


_SQUARE_VALUES = frozenset({"square", "origin", "target"})
"""The values of a refusal that name a square."""


def _row_and_column(square: object) -> Message:
    assert isinstance(square, int)
    return Message(
        "catmouse.row_column", {"row": square_row(square), "column": square_column(square)}
    )


def parse_move(position: CatMousePosition, text: str) -> Move:
    """Squares by number ('26'; '20 24'), or by row and column as the CLIPS version of the
    seed asks for them ('6 3'; '5 8 6 7'): the same squares, named another way."""
    words = split_words(text)
    by_row_and_column = len(words) == (2 if position.side_to_move is MOUSE else 4) and all(
        parse_number(word) in _ROWS_AND_COLUMNS for word in words
    )
    if not by_row_and_column:
        return _move_of(position, parse_squares(text), text)
    move = _move_of(position, _squares_by_row_and_column(text), text)
    refusal = position.refusal(move)
    if refusal is not None:
        # Said with the squares as the player named them, by row and column.
        raise IllegalMoveError(
            refusal.message.key,
            **{
                name: _row_and_column(value) if name in _SQUARE_VALUES else value
                for name, value in refusal.values.items()
            },
        )
    return move


def format_move(move: Move) -> str:
    """The squares a player types for `move`: '26', or the cat's square and its new one, '20 24'."""
    if isinstance(move, MouseMove):
        return str(move.target)
    return f"{move.origin} {move.target}"


def draw_board(position: CatMousePosition) -> str:
    """The seed's Cuadro 3: the numbered board, five spaces, then the pieces (GT, RT)."""

    def piece(row: int, column: int) -> str:
        square = square_at(row, column)
        if square is not None and square == position.mouse:
            return "RT"
        if square is not None and square in position.cats:
            return "GT"
        return "  "

    left, right = _grid(_numbered_cell), _grid(piece)
    return "\n".join(f"{a}     {b}" for a, b in zip(left, right, strict=True))


def side_key(side: Side) -> str:
    """The catalogue key naming `side`: 'catmouse.mouse' or 'catmouse.cats'."""
    return "catmouse.mouse" if side is MOUSE else "catmouse.cats"
