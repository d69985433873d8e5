"""A game's board as the page draws it: its layout, described once for a game, its options and a
language and served as a resource the browser keeps for good, and each position as what changes
on that layout, in a few bytes.

The layout, at `/boards/HASH.json` (HASH from its content, so changed content has a new address):

    {"rows": 3, "columns": 3, "row_names": [], "column_names": [],
     "cells": [{"row": 0, "column": 0, "shade": "paper", "label": "1"}, ...],
     "kinds": [{"side": "first", "kind": "mark", "symbol": "X", "colour": "red", "name": "X"},
               ...],
     "side_names": {}, "counted": false}

Cells are named by their index in `cells`; rows and columns count from 0 at the top left.
`kinds` are the pieces the board shows, which its legend names; `side_names` how the page names
the sides where the game wants other words than its own (by seat, "first" and "second");
`counted` whether the page counts the pieces of each kind.

A position on it (`drawn`):

    {"pieces": "....a...b", "targets": [2, 5, [12, 16, 17], "pass"], "last": [4, 8]}

`pieces` has one character per cell: `.` for none, else its kind (`a` the first of `kinds`, `b`
the second...). Each entry of `targets` is one legal move's clicks: a cell's index for a move made
by clicking it, `[first, second, ...]` for the moves made by clicking the cell `first` (a piece)
then any one of the others (its square), or the text of a move the board cannot show (a button).
`last` marks the last move's cells, the cells a piece left among them; `decisive`, once the game
is over, the cells that decided it (a winning line, a trapped piece and those trapping it, the
winner's discs) as a mask of hexadecimal digits (`cell_mask`), a few bytes even for half a 10x10
board.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from damero.core import Board, Game, Layout, Message, PieceKind, Side, Target
from damero.i18n import LANGUAGES, Catalog
from damero.registry import GAMES
from damero.results import side_titles
from damero.web.stored import SEAT_NAMES, side_name

EMPTY = "."
KINDS = "abcdefghijklmnopqrstuvwxyz"
"""A piece's character in `pieces`: its kind's place in the layout's `kinds`."""
BOARDS = "/boards/"
"""Where the layouts are served, each at its hash."""


def layout_json(
    layout: Layout, catalog: Catalog, notices: tuple[Message, ...] = ()
) -> dict[str, object]:
    """The layout as the page reads it, its words in `catalog`'s language, with the game's
    `notices` in words (a state's `forced` names them by their place)."""
    return {
        "rows": layout.rows,
        "columns": layout.columns,
        "row_names": list(layout.row_names),
        "column_names": list(layout.column_names),
        "cells": [
            {"row": cell.row, "column": cell.column, "shade": cell.shade, "label": cell.label}
            for cell in layout.cells
        ],
        "kinds": [piece_kind_json(kind, catalog) for kind in layout.kinds],
        "side_names": {
            SEAT_NAMES[side]: catalog.say(name)
            for side, name in zip(Side, layout.side_names, strict=False)
        },
        "counted": layout.counted,
        "notices": [catalog.say(notice) for notice in notices],
    }


def layout_resource(game: Game[Any, Any], language: str) -> tuple[str, bytes]:
    """The address of `game`'s layout in `language` and its body, made once."""
    made: tuple[str, bytes] | None = _layouts.get((game, language))
    if made is not None:
        return made
    body = json.dumps(
        layout_json(game.layout, Catalog(language), game.notices),
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()
    address = f"{BOARDS}{hashlib.sha256(body).hexdigest()[:16]}.json"
    _served[address] = body
    _layouts[game, language] = address, body
    return address, body


_layouts: dict[tuple[Any, str], tuple[str, bytes]] = {}
"""Every layout made so far, by game and language"""
_served: dict[str, bytes] = {}
"""and by address."""


def layout_at(address: str) -> bytes | None:
    """The layout served at `address`: any of the games' in any language, whether or not a page
    of this process asked for it before (a page may hold a state from another server)."""
    if address not in _served:
        for game, language in itertools.product(_variants(), LANGUAGES):
            layout_resource(game, language)
    return _served.get(address)


def _variants() -> Iterator[Game[Any, Any]]:
    for game in GAMES:
        names = list(game.options)
        for values in itertools.product(*(game.options[name] for name in names)):
            yield game.variant(**dict(zip(names, values, strict=True)))


def piece_kind_json(kind: PieceKind, catalog: Catalog) -> dict[str, object]:
    """A kind of piece, on the board, in its legend or in an editor's palette, named in
    `catalog`'s language."""
    return {
        "side": side_name(kind.side),
        "kind": kind.kind,
        "symbol": kind.symbol,
        "colour": kind.colour,
        "name": catalog.say(kind.name),
    }


def sides_json(game: Game[Any, Any], catalog: Catalog) -> dict[str, str]:
    """Each seat's side as every page names it: the board's own name where it has one
    ('Black (X)'), else the game's word ('the mouse', 'X'); made once for a game and a language,
    as every state sent names them."""
    key = (game, catalog.language)
    named = _sides.get(key)
    if named is None:
        named = {SEAT_NAMES[side]: catalog.say(name) for side, name in side_titles(game).items()}
        _sides[key] = named
    return dict(named)


_sides: dict[tuple[Any, str], dict[str, str]] = {}


def _cells(game: Game[Any, Any]) -> dict[tuple[int, int], int]:
    """Each cell's index by its row and column."""
    cells: dict[tuple[int, int], int] | None = _indexes.get(game)
    if cells is None:
        cells = {(cell.row, cell.column): index for index, cell in enumerate(game.layout.cells)}
        _indexes[game] = cells
    return cells


_indexes: dict[Any, dict[tuple[int, int], int]] = {}


def _clicks_of(game: Game[Any, Any]) -> dict[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Each target's clicks, as (row, column) pairs, by the cells' indexes: made once for each
    of the few hundred a game's boards have, as every board after a move is drawn."""
    return _click_indexes.setdefault(game, {})


_click_indexes: dict[Any, dict[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}


def drawn(
    game: Game[Any, Any], position: Any, last: Sequence[Any], *, before: Any = None
) -> dict[str, Any]:
    """`position` on the layout: its pieces, its targets, the cells of `last` (the moves that
    led to it), among which those whose piece `before` (the position before them) had and
    `position` has not: where a move began, which a mouse's move does not name; and the cells
    that decided the end."""
    if not last:
        made = _drawing_of(game, position)
        return {
            "pieces": made.pieces,
            "targets": made.targets,
            "last": [],
            "decisive": made.decisive,
        }
    board = game.board(position, last)
    made = _remember(game, position, board)
    cells, pieces = made.cells, made.pieces
    marked = [cells[cell] for cell in board.last]
    if before is not None:
        was = _drawing_of(game, before).pieces
        marked.extend(i for i in changed_cells(was, pieces) if pieces[i] == EMPTY)
    return {
        "pieces": pieces,
        "targets": made.targets,
        "last": list(dict.fromkeys(marked)) if len(marked) > 1 else marked,
        "decisive": made.decisive,
    }


def changed_cells(old: str, new: str) -> tuple[int, ...]:
    """The indexes of the cells whose pieces differ between two `pieces` of one layout (one
    character each, of ASCII), in order: found from the bits that differ, where a move changes
    a few cells of dozens, rather than by comparing each cell.

    >>> changed_cells("a..b", "..ba")
    (0, 2, 3)
    >>> changed_cells("a..b", "a.b.")
    (2, 3)

    A move's are asked twice, for the cells it marks and for its event's pieces: the last answer
    is kept for the very same two texts.
    """
    global _last_changed  # one value, replaced whole: threads that draw see one or the other
    last = _last_changed
    if last[0] is old and last[1] is new:
        return last[2]
    bits = int.from_bytes(old.encode(), "little") ^ int.from_bytes(new.encode(), "little")
    cells = []
    while bits:
        cell = ((bits & -bits).bit_length() - 1) >> 3
        cells.append(cell)
        bits >>= 8 * cell + 8
        bits <<= 8 * cell + 8
    found = tuple(cells)
    _last_changed = (old, new, found)
    return found


_last_changed: tuple[str, str, tuple[int, ...]] = ("", "", ())


class _Drawing:
    """A position's board as the page draws it, but its last move: made once for each position
    kept, as its watchers are shown it and the next move's clicks are read on it (`by_clicks`,
    made in the same pass as the targets)."""

    __slots__ = ("_clicked", "board", "by_clicks", "cells", "decisive", "pieces", "targets")

    def __init__(self, game: Game[Any, Any], board: Board) -> None:
        cells = self.cells = _cells(game)
        indexes = _clicks_of(game)
        self.board = board
        drawn = [EMPTY] * len(cells)
        for piece in board.pieces:
            drawn[cells[piece.row, piece.column]] = KINDS[piece.kind]
        self.pieces = "".join(drawn)
        targets: list[Any] = []
        picks: dict[int, list[int]] = {}
        by_clicks: dict[tuple[int, ...], Target] = {}
        for target in board.targets:
            if not target.clicks:
                targets.append(target.text)
                continue
            clicks = indexes.get(target.clicks)
            if clicks is None:
                clicks = indexes[target.clicks] = tuple([cells[cell] for cell in target.clicks])
            by_clicks[clicks] = target
            if len(clicks) == 1:
                targets.append(clicks[0])
            elif clicks[0] in picks:
                picks[clicks[0]].append(clicks[1])
            else:
                picks[clicks[0]] = list(clicks)
                targets.append(picks[clicks[0]])
        self.targets = targets
        self.by_clicks = by_clicks
        self._clicked: dict[str, list[int]] | None = None
        self.decisive = cell_mask(cells[cell] for cell in board.decisive) if board.decisive else ""

    @property
    def clicked(self) -> dict[str, list[int]]:
        """Each legal move's text and the cells clicked to make it, made only when asked (for a
        hint or an analysis): a move's clicks are read through `by_clicks`."""
        if self._clicked is None:
            cells = self.cells
            self._clicked = {
                target.text: [cells[cell] for cell in target.clicks]
                for target in self.board.targets
            }
        return self._clicked


def cell_mask(indexes: Iterable[int]) -> str:
    """Cells as hexadecimal digits, each for four cells in order (its lowest bit the first), no
    more digits than the last cell needs: "" for none.

    >>> cell_mask([0, 5, 6])
    '16'
    """
    bits = sum(1 << index for index in set(indexes))
    return "".join(f"{bits >> shift & 15:x}" for shift in range(0, bits.bit_length(), 4))


def cells_of_mask(mask: str) -> list[int]:
    """The cells of a `cell_mask`, in order.

    >>> cells_of_mask("16")
    [0, 5, 6]
    """
    return [
        4 * place + bit
        for place, digit in enumerate(mask)
        for bit in range(4)
        if int(digit, 16) >> bit & 1
    ]


def targets_clicked(game: Game[Any, Any], position: Any) -> dict[str, list[int]]:
    """Each legal move's text and the cells' indexes a player clicks on `position`'s board to
    make it (none for a move the board cannot show); kept for the position, not to be changed."""
    return _drawing_of(game, position).clicked


def move_clicked(game: Game[Any, Any], position: Any, cells: tuple[int, ...]) -> Target | None:
    """The target (a legal move) a player makes on `position`'s board by clicking `cells`."""
    return _drawing_of(game, position).by_clicks.get(cells)


def board_of(game: Game[Any, Any], position: Any) -> Board:
    """`position`'s board with no last move marked, made once for the last positions seen: a
    move's position is drawn for its watchers, its pieces again as the position before the next
    move, and its targets read again when the next move's clicks arrive, on every server."""
    board = _drawing_of(game, position).board
    return dataclasses.replace(board, last=()) if board.last else board


def _drawing_of(game: Game[Any, Any], position: Any) -> _Drawing:
    made = _boards.get((game, position))
    if made is None:
        made = _remember(game, position, game.board(position, ()))
    return made


def _remember(game: Game[Any, Any], position: Any, board: Board) -> _Drawing:
    """Keeps `board` drawn (its pieces, targets and decisive cells are the position's alone:
    `last` only marks cells, and is left out of the drawing) for BOARDS_KEPT positions, the
    oldest forgotten first."""
    made = _Drawing(game, board)
    with _boards_lock:  # hints and analyses draw on threads of their own
        while len(_boards) >= BOARDS_KEPT:
            del _boards[next(iter(_boards))]
        _boards[game, position] = made
    return made


BOARDS_KEPT = 4096
"""Positions whose boards are kept: two for each game being played, for a few thousand games."""
_boards: dict[tuple[Any, Any], _Drawing] = {}
_boards_lock = threading.Lock()
