"""The Othello engine: compiled bitboards, perft, an exact endgame solver and a search, every size.

Everything here takes the rules' `OthelloPosition` and answers with the rules' `Move`; the
bitboard layouts and the compiled code stay inside.
"""

from __future__ import annotations

from damero.engines.othello import bits
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.player import analyse, analyse_moves, choose_move
from damero.engines.othello.scoring import EVALUATIONS
from damero.engines.othello.search import (
    Analysis,
    score_moves,
    scores_are_exact,
    search,
)
from damero.rules.othello import Move, OthelloPosition

__all__ = [
    "EVALUATIONS",
    "Analysis",
    "analyse",
    "analyse_moves",
    "choose_move",
    "perft",
    "score_moves",
    "scores_are_exact",
    "search",
    "solve",
]


def perft(position: OthelloPosition, depth: int) -> int:
    """How many positions lie `depth` plies away, as the rules' `perft` counts them, but compiled.

    A forced pass is a ply and a finished game one leaf; the last ply is counted from the move
    mask without playing it.
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    geometry, player, opponent = engine_board(position)
    board = geometry.board
    return int(bits.perft(board(player), board(opponent), geometry.shape.board, depth))


def solve(position: OthelloPosition, *, threads: int | None = None) -> tuple[int, Move | None]:
    """The exact final disc difference for the side to move with best play, and a move reaching it.

    Empty squares left when neither side can move go to the winner (the FFO convention).  The move
    is PASS when the side to move must pass, None when the game is already over.  `threads`
    threads search, sharing one table (every core by default).
    """
    geometry, player, opponent = engine_board(position)
    solution = EndgameSolver(geometry, threads=threads).solve(player, opponent)
    if position.is_game_over():
        return solution.score, None
    return solution.score, move_of(geometry, solution.move_bit)
