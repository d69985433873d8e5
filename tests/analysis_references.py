"""Plain references the analysis is checked against: a memoised search of Four Cats and the Mouse
to the end of the game, a plain minimax of Othello endgames, and the positions they start from.

Both walk the rules' `legal_moves` and `play` and nothing else; neither knows the retrograde
table, the negamax solver nor the Othello engine they check.
"""

from __future__ import annotations

import random
from typing import Any

from damero.core import Side
from damero.games.catmouse import CatMouse
from damero.games.othello import OthelloPosition


def catmouse_verdict(position: Any, memo: dict[Any, tuple[str, int]]) -> tuple[str, int]:
    """(result, plies) for the side to move with best play: the winner ends soonest, the loser
    lasts longest. The cats only go forward, so no position comes twice and the search ends."""
    if position in memo:
        return memo[position]
    outcome = position.outcome()
    if outcome is not None:
        found = ("win" if outcome.winner is position.side_to_move else "loss", 0)
    else:
        children = [catmouse_verdict(position.play(move), memo) for move in position.legal_moves()]
        wins = [plies for result, plies in children if result == "loss"]
        if wins:
            found = ("win", min(wins) + 1)
        else:
            found = ("loss", max(plies for _, plies in children) + 1)
    memo[position] = found
    return found


def catmouse_move_verdicts(position: Any) -> dict[str, tuple[str, int]]:
    """Each legal move's text and its (result, plies) for the side that makes it."""
    memo: dict[Any, tuple[str, int]] = {}
    game = CatMouse()
    verdicts = {}
    for move in position.legal_moves():
        result, plies = catmouse_verdict(position.play(move), memo)
        turned = {"win": "loss", "loss": "win"}[result]
        verdicts[game.format_move(move)] = (turned, plies + 1)
    return verdicts


def late_catmouse_positions(count: int, *, seed: int) -> list[Any]:
    """`count` positions a few moves before the end of random games, the mouse or the cats to
    move, none of them over."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        positions = [CatMouse().start()]
        while positions[-1].legal_moves():
            positions.append(positions[-1].play(rng.choice(positions[-1].legal_moves())))
        position = positions[max(1, len(positions) - 1 - rng.randint(2, 9))]
        if position.outcome() is None and position not in found:
            found.append(position)
    return found


def othello_final_score(position: OthelloPosition) -> int:
    """The disc difference for the side to move once neither side can move, the empty squares
    going to the winner."""
    mine = position.count(position.side_to_move)
    theirs = position.count(position.side_to_move.other)
    empties = position.size**2 - mine - theirs
    if mine == theirs:
        return 0
    return mine - theirs + (empties if mine > theirs else -empties)


def othello_minimax(position: OthelloPosition, alpha: int = -999, beta: int = 999) -> int:
    """The exact final score for the side to move: plain minimax (negamax form, alpha-beta)."""
    moves = position.legal_moves()
    if not moves:
        return othello_final_score(position)
    best = -999
    for move in moves:
        score = -othello_minimax(position.play(move), -beta, -alpha)
        if score > best:
            best = score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
    return best


def othello_move_scores(position: OthelloPosition) -> dict[Any, int]:
    """Each legal move (a pass too) and its exact final score for the side that makes it."""
    return {move: -othello_minimax(position.play(move)) for move in position.legal_moves()}


def othello_with_empties(empties: int, *, seed: int, size: int = 8) -> OthelloPosition:
    """A position of a random game with exactly `empties` empty squares, its side to move able to
    place a disc."""
    rng = random.Random(seed)
    while True:
        position = OthelloPosition.start(size)
        while position.legal_moves() and _empties(position) > empties:
            position = position.play(rng.choice(position.legal_moves()))
        if _empties(position) == empties and position.legal_moves() and not _must_pass(position):
            return position


def _empties(position: OthelloPosition) -> int:
    return position.size**2 - position.count(Side.FIRST) - position.count(Side.SECOND)


def _must_pass(position: OthelloPosition) -> bool:
    return all(move.is_pass for move in position.legal_moves())
