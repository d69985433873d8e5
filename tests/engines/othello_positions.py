"""Helpers for the engine tests and benchmarks: the FFO problem file, plain minimax on the rules."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from pathlib import Path

from damero.core import Side
from damero.games.othello import Move, OthelloPosition

FFO_FILE = Path(__file__).parent / "data" / "ffo-1-39.txt"


@dataclass(frozen=True, slots=True)
class Problem:
    """One FFO endgame: the position, its exact score for the side to move and every best move."""

    number: int
    position: OthelloPosition
    empties: int
    score: int
    best_moves: frozenset[Move]


def parse_square(text: str) -> Move:
    """'g8' -> Move(7, 6): column letter, then row number."""
    return Move(int(text[1:]) - 1, ord(text[0]) - ord("a"))


def read_problems(path: Path = FFO_FILE) -> list[Problem]:
    problems = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, board, side, score, best = line.split("\t")
        rows = [board[row * 8 : row * 8 + 8].replace("-", ".") for row in range(8)]
        position = OthelloPosition.from_rows(rows, Side.FIRST if side == "X" else Side.SECOND)
        problems.append(
            Problem(
                int(number),
                position,
                board.count("-"),
                int(score),
                frozenset(parse_square(square) for square in best.split(",")),
            )
        )
    return problems


def final_score(position: OthelloPosition) -> int:
    """Disc difference for the side to move at the end, empty squares going to the winner."""
    mine = position.count(position.side_to_move)
    theirs = position.count(position.side_to_move.other)
    empties = position.size * position.size - mine - theirs
    if mine > theirs:
        return mine - theirs + empties
    if mine < theirs:
        return mine - theirs - empties
    return 0


@functools.cache
def minimax(position: OthelloPosition) -> int:
    """The exact score from trying every move through the rules: slow, plain, obviously right."""
    moves = position.legal_moves()
    if not moves:
        return final_score(position)
    return max(-minimax(position.play(move)) for move in moves)


def best_moves(position: OthelloPosition) -> set[Move]:
    """Every move reaching the minimax score."""
    score = minimax(position)
    return {move for move in position.legal_moves() if -minimax(position.play(move)) == score}


def random_endgame(size: int, empties: int, rng: random.Random) -> OthelloPosition:
    """A position of a random game with about `empties` empty squares, the game not over."""
    while True:
        position = OthelloPosition.start(size)
        while True:
            moves = position.legal_moves()
            if not moves:
                break
            filled = position.count(Side.FIRST) + position.count(Side.SECOND)
            if size * size - filled <= empties:
                return position
            position = position.play(rng.choice(moves))


def midgame_positions(count: int, plies: int, seed: int) -> list[OthelloPosition]:
    """Positions `plies` random moves from the 8x8 start."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        position = OthelloPosition.start(8)
        for _ in range(plies):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
        if position.legal_moves():
            positions.append(position)
    return positions
