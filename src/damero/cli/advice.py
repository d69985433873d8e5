"""Analysis for people: who wins a position and why, each move's value, the `h` hint, and JSON for programs."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from damero.cli.console import Console
from damero.cli.thinking import think
from damero.core import Limit, Message, Side
from damero.games.catmouse import CATS, MOUSE, CatMousePosition
from damero.games.othello import SIZES, Othello, OthelloPosition
from damero.games.tictactoe import TicTacToePosition
from damero.players import exact_move_values
from damero.solvers.negamax import Verdict, verdict_of_outcome
from damero.solvers.retrograde import summary_messages, tablebase

HINT_SECONDS = 2.0


@dataclass(frozen=True, slots=True)
class Value:
    """What a move or position is worth to the side to move: an exact verdict, or a disc score."""

    verdict: Verdict | None = None
    score: float | None = None
    is_exact: bool = True

    @property
    def result(self) -> str:
        if self.verdict is not None:
            return self.verdict.result
        assert self.score is not None
        discs = round(self.score)
        return "win" if discs > 0 else "loss" if discs < 0 else "draw"

    def as_json(self) -> dict[str, object]:
        if self.verdict is not None:
            return {"result": self.verdict.result, "plies": self.verdict.plies}
        return {"result": self.result, "score": self.score, "exact": self.is_exact}

    def message(self, game: Any, side: Side) -> Message:
        """The value in words, naming the winner: 'the cats win in 17 plies', 'X wins by 6'."""
        winner = side if self.result == "win" else side.other
        name = Message(game.side_key(winner))
        if self.verdict is not None:
            if self.verdict.result == "draw":
                return Message("analysis.draw")
            return Message(f"{game.side_key(winner)}_wins_in", {"plies": self.verdict.plies})
        assert self.score is not None
        margin = abs(self.score)
        if self.is_exact:
            if margin == 0:
                return Message("analysis.draw")
            return Message("analysis.wins_by", {"side": name, "discs": round(margin)})
        if margin < 0.5:
            return Message("analysis.even")
        return Message("analysis.ahead_by", {"side": name, "discs": f"{margin:.1f}"})


def move_values(
    game: Any, position: Any, *, seconds: float = HINT_SECONDS
) -> list[tuple[Any, Value]]:
    """Every legal move with its value for the side to move, best first."""
    exact_values = exact_move_values(game.name)
    if exact_values is None:
        # The engine loads numba, so it is imported only where Othello analysis is asked for.
        from damero.engines.othello import analyse, scores_are_exact

        scored = analyse(position, Limit(seconds=seconds), clock=time.monotonic)
        is_exact = scores_are_exact(position)
        return [(move, Value(score=score, is_exact=is_exact)) for move, score in scored]
    ranked = sorted(exact_values(position), key=lambda pair: pair[1].rank, reverse=True)
    return [(move, Value(verdict=verdict)) for move, verdict in ranked]


def hint(console: Console, game: Any, position: Any) -> str:
    """The `h` answer: the best move and what it means."""
    values = think(console, lambda: move_values(game, position))
    if not values:
        return console.text("analysis.no_move")
    move, value = values[0]
    meaning = console.catalog.say(value.message(game, position.side_to_move))
    return console.text("analysis.hint", move=game.format_move(move), meaning=meaning)


def report(console: Console, game: Any, position: Any, *, as_json: bool, seconds: float) -> int:
    """Prints the verdict and each legal move's value, as text or as JSON."""
    values = think(console, lambda: move_values(game, position, seconds=seconds), show=not as_json)
    outcome = position.outcome()
    if outcome is not None:
        verdict = Value(verdict=verdict_of_outcome(outcome, position.side_to_move))
    elif not values:
        return 1
    else:
        verdict = values[0][1]
    if as_json:
        document = {
            **verdict.as_json(),
            "moves": [
                {"move": game.format_move(move), **value.as_json()} for move, value in values
            ],
        }
        console.write(json.dumps(document, ensure_ascii=False))
        return 0
    console.write(game.draw(position))
    console.say_message(verdict.message(game, position.side_to_move))
    for move, value in values:
        console.say(
            "analysis.move_line",
            move=game.format_move(move),
            meaning=console.catalog.say(value.message(game, position.side_to_move)),
        )
    return 0


def read_position(console: Console, name: str, arguments: Any) -> Any | None:
    """The position an analyse command names, or None after saying what is wrong with it."""
    try:
        if name == "catmouse":
            side = MOUSE if arguments.to_move == "mouse" else CATS
            cats = tuple(sorted(arguments.cats))
            return CatMousePosition(arguments.mouse, (cats[0], cats[1], cats[2], cats[3]), side)
        if name == "tictactoe":
            return TicTacToePosition.from_board(arguments.board.replace(".", "-"))
        return othello_position(console, arguments.board, arguments.side, None)
    except ValueError as error:
        console.say("analysis.bad_position", why=str(error))
        return None


def othello_position(
    console: Console, board: str | None, side: str | None, size: int | None
) -> Any | None:
    """An Othello position from a board string (X, O, - or . per square) and the side to move."""
    if board is None:
        return OthelloPosition.start(size or 8)
    squares = board.strip().replace("-", ".").upper()
    width = round(len(squares) ** 0.5)
    if width not in SIZES or width * width != len(squares) or side is None:
        console.say("analysis.bad_othello_board", length=len(squares))
        return None
    rows = [squares[row * width : (row + 1) * width] for row in range(width)]
    try:
        return OthelloPosition.from_rows(rows, Side.FIRST if side == "X" else Side.SECOND)
    except ValueError as error:
        console.say("analysis.bad_position", why=str(error))
        return None


def solve_catmouse(console: Console) -> int:
    for line in summary_messages(tablebase().summary()):
        console.say_message(line)
    return 0


def solve_othello(console: Console, position: Any) -> int:
    """Solves an Othello position exactly and says the score with best play and the best move."""
    from damero.engines.othello import solve

    game = Othello(position.size)
    console.write(game.draw(position))
    started = time.perf_counter()
    score, move = think(console, lambda: solve(position))
    seconds = time.perf_counter() - started
    meaning = console.catalog.say(Value(score=score).message(game, position.side_to_move))
    best = "-" if move is None else game.format_move(move)
    console.say("analysis.solved", meaning=meaning, move=best, seconds=seconds)
    return 0


def perft(console: Console, depth: int, size: int) -> int:
    """Counts the leaves `depth` plies from the start with the compiled kernel, and how fast."""
    from damero.engines.othello import perft as count_leaves

    started = time.perf_counter()
    leaves = think(console, lambda: count_leaves(OthelloPosition.start(size), depth), show=False)
    seconds = time.perf_counter() - started
    rate = leaves / seconds if seconds > 0 else 0.0
    console.say("othello.perft", depth=depth, size=size, leaves=leaves, seconds=seconds, rate=rate)
    return 0
