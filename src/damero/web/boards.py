"""A game's board description as the JSON a page draws, its piece names in the client's language.

The shape, for one position:

    {"rows": 3, "columns": 3, "row_names": [], "column_names": [],
     "cells": [{"row": 0, "column": 0, "shade": "paper", "label": "1"}, ...],
     "pieces": [{"row": 1, "column": 1, "side": "first", "kind": "mark", "symbol": "X",
                 "colour": "red", "name": "X on cell 5"}, ...],
     "targets": [{"move": "1", "clicks": [[0, 0]]}, ...],
     "last": [[1, 1]], "vacated": [], "legend": [{"kind": "mark", "symbol": "X",
     "colour": "red", "side": "first", "name": "X"}, ...], "side_names": {}}

Rows and columns count from 0 at the top left; `clicks` are the cells a player clicks in turn
to make `move` (empty for a move the board cannot show, which the page offers as a button).
`last` marks the last move's cells, `vacated` among them the cells a piece left (a move's
start, which the page animates from); `side_names` how the page names the sides, where the game
wants other words than its own (by seat, "first" and "second").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from damero.core import Board, Game, PieceKind, Side
from damero.i18n import Catalog
from damero.web.stored import SEAT_NAMES, side_name


def board_json(
    game: Game[Any, Any],
    position: Any,
    last: Sequence[Any],
    catalog: Catalog,
    *,
    before: Any = None,
) -> dict[str, object]:
    """`game.board(position, last)` as JSON, each piece's name said in `catalog`'s language;
    `before` is the position before `last`, whose pieces that are gone mark where a move began
    (the mouse's move names only its new square)."""
    board = game.board(position, last)
    vacated = _vacated(game.board(before, ()), board) if before is not None and last else []
    return {
        "rows": board.rows,
        "columns": board.columns,
        "row_names": list(board.row_names),
        "column_names": list(board.column_names),
        "cells": [
            {"row": cell.row, "column": cell.column, "shade": cell.shade, "label": cell.label}
            for cell in board.cells
        ],
        "pieces": [
            {
                "row": piece.row,
                "column": piece.column,
                "side": None if piece.side is None else piece.side.name.lower(),
                "kind": piece.kind,
                "symbol": piece.symbol,
                "colour": piece.colour,
                "name": catalog.say(piece.name),
            }
            for piece in board.pieces
        ],
        "targets": [
            {"move": target.text, "clicks": [list(cell) for cell in target.clicks]}
            for target in board.targets
        ],
        "last": [list(cell) for cell in dict.fromkeys([*board.last, *vacated])],
        "vacated": [list(cell) for cell in vacated],
        "legend": [piece_kind_json(entry, catalog) for entry in board.legend],
        "side_names": {
            SEAT_NAMES[side]: catalog.say(name)
            for side, name in zip(Side, board.side_names, strict=False)
        },
    }


def piece_kind_json(kind: PieceKind, catalog: Catalog) -> dict[str, object]:
    """A kind of piece, in the board's legend or an editor's palette, named in `catalog`'s
    language."""
    return {
        "side": side_name(kind.side),
        "kind": kind.kind,
        "symbol": kind.symbol,
        "colour": kind.colour,
        "name": catalog.say(kind.name),
    }


def sides_json(game: Game[Any, Any], catalog: Catalog) -> dict[str, str]:
    """Each seat's side in the game's words ('the mouse', 'X')."""
    return {SEAT_NAMES[side]: catalog.text(game.side_key(side)) for side in Side}


def _vacated(before: Board, after: Board) -> list[tuple[int, int]]:
    """The cells that held a piece in `before` and hold none in `after`."""
    now = {(piece.row, piece.column) for piece in after.pieces}
    return [
        (piece.row, piece.column) for piece in before.pieces if (piece.row, piece.column) not in now
    ]
