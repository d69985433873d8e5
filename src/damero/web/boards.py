"""A game's board description as the JSON a page draws, its piece names in the client's language.

The shape, for one position:

    {"rows": 3, "columns": 3, "row_names": [], "column_names": [],
     "cells": [{"row": 0, "column": 0, "shade": "paper", "label": "1"}, ...],
     "pieces": [{"row": 1, "column": 1, "side": "first", "kind": "mark", "symbol": "X",
                 "colour": "red", "name": "X on cell 5"}, ...],
     "targets": [{"move": "1", "clicks": [[0, 0]]}, ...],
     "last": [[1, 1]]}

Rows and columns count from 0 at the top left; `clicks` are the cells a player clicks in turn
to make `move` (empty for a move the board cannot show, which the page offers as a button).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from damero.core import Game
from damero.i18n import Catalog


def board_json(
    game: Game[Any, Any], position: Any, last: Sequence[Any], catalog: Catalog
) -> dict[str, object]:
    """`game.board(position, last)` as JSON, each piece's name said in `catalog`'s language."""
    board = game.board(position, last)
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
        "last": [list(cell) for cell in board.last],
    }
