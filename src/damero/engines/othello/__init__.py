"""The Othello engine: compiled bitboards, perft, an exact endgame solver and a search, every size.

Everything here takes the rules' `OthelloPosition` and answers with the rules' `Move`; the
bitboard layouts and the compiled code stay inside.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from damero.core import Limit, Side
from damero.engines.othello import bits
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.cache import FOLDER as CACHE_FOLDER
from damero.engines.othello.cache import REFUSAL as CACHE_REFUSAL
from damero.engines.othello.cache import is_compiled, mark_compiled
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
    "CACHE_FOLDER",
    "CACHE_REFUSAL",
    "EVALUATIONS",
    "LAYOUTS",
    "Analysis",
    "analyse",
    "analyse_moves",
    "choose_move",
    "is_compiled",
    "layout_of",
    "mark_compiled",
    "perft",
    "score_moves",
    "scores_are_exact",
    "search",
    "solve",
    "warm_up",
]

LAYOUTS = {"narrow": 8, "wide": bits.WIDE_SIZE}
"""The two kinds of compiled code, each with a board size it runs: one machine word a board
(sizes 4 to 8) and two (10x10)."""


def layout_of(size: int) -> str:
    """The compiled code a board of `size` runs on: 'narrow' or 'wide'."""
    return "wide" if size >= bits.WIDE_SIZE else "narrow"


WarmUpStep = tuple[str, float, Callable[[], object]]
"""What a step compiles (its name), about how much of the whole compile it takes, and the call."""


def warm_up(layout: str) -> tuple[WarmUpStep, ...]:
    """The calls that compile every function a game, a hint, an analysis and the commands reach
    on `layout`'s boards, in steps: once they have all run, nothing is left to compile.

    Whole games at levels 1 and 3 (its exact endgame), a search, perft, an exact solve on one
    thread and on every core, one far enough from the end for the solver to guess its first
    window, and a hint's solve, which a clock may stop (a clock that stands still here).
    `mark_compiled(layout)` then says so for later runs.
    """
    size = LAYOUTS[layout]
    start = OthelloPosition.start(size)
    near_the_end: dict[int, OthelloPosition] = {}

    def play_out(level: int) -> None:
        """A whole game at `level`, keeping its positions 12 and 18 empties from its end."""
        rng = random.Random(level)
        position = start
        while position.legal_moves():
            position = position.play(
                choose_move(position, level=level, rng=rng, limit=Limit(depth=level))
            )
            empties = size * size - position.count(Side.FIRST) - position.count(Side.SECOND)
            for kept in (12, 18):
                if empties >= kept and position.legal_moves():
                    near_the_end[kept] = position

    def solve_the_end() -> None:
        play_out(3)
        for threads in (1, None):
            solve(near_the_end[12], threads=threads)
        solve(near_the_end[18], threads=1)
        analyse_moves(near_the_end[12], Limit(seconds=3600), clock=lambda: 0.0)

    return (
        ("moves", 0.05, lambda: perft(start, 3)),
        ("search", 0.6, lambda: analyse(start, Limit(depth=2))),
        ("levels", 0.3, lambda: play_out(1)),
        ("endgame", 0.05, solve_the_end),
    )


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
