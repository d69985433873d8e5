"""Four Cats and the Mouse positions a few moves from the end, for checking the analysis against
the plain reference search in `analysis_references`.

Each has moves of both verdicts (a win and a loss for the side to move), and every cat is past
the third row, so the plain search walks a few thousand positions and takes well under a second;
a position with a cat still near its start takes that search minutes on a loaded machine, for
nothing the check needs."""

from __future__ import annotations

from damero.games.catmouse import CatMouse
from damero.rules.catmouse import CatMousePosition

MOUSE_TO_MOVE = (
    "25 22 23 28 31 mouse",
    "17 14 18 23 30 mouse",
    "24 19 21 26 32 mouse",
    "25 21 28 31 32 mouse",
)
CATS_TO_MOVE = (
    "28 18 20 25 27 cats",  # four cats may move
    "32 19 20 26 31 cats",
    "32 18 22 24 30 cats",
    "28 24 26 27 29 cats",  # one move wins at once
)


def near_end_positions(
    texts: tuple[str, ...] = MOUSE_TO_MOVE + CATS_TO_MOVE,
) -> list[CatMousePosition]:
    """The positions `texts` name, every one of them unless told."""
    game = CatMouse()
    return [game.parse_position(text) for text in texts]
