"""The games damero plays, as a plain tuple, and the lookup by name that front ends use.

Each game's rules are a module of `damero.rules`, which solvers and engines import; each game's
`Game` value, which ties the rules to the game's words, board, files and analyst, is its package
in `damero.games`. The tuple sits above them all, so that importing one game loads no other.
"""

from __future__ import annotations

from typing import Any

from damero.core import Game
from damero.games.catmouse import CatMouse
from damero.games.othello import Othello
from damero.games.tictactoe import TicTacToe

GAMES: tuple[Game[Any, Any], ...] = (CatMouse(), Othello(), TicTacToe())


def find_game(name: str) -> Game[Any, Any]:
    """The game called `name`; raises KeyError naming the games there are."""
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(f"no game called {name!r}; there are {', '.join(g.name for g in GAMES)}")
