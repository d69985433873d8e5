"""The games damero plays, as a plain tuple, and the lookup by name that front ends use.

Each game is a package (`damero.games.catmouse`, `othello`, `tictactoe`): its `rules` module,
which solvers and engines import, the satellites that belong to the game alone, its `words`,
and its package entry, the Game value that ties them together.
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
