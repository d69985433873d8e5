"""The adapter between Othello and its engine: the engine player, the analyst and the perft and
solve commands, which load `damero.engines.othello` only on first use.

numba takes a second to load and compiles the engine on first use; a Four Cats game, or an
Othello game between two people, must not pay for it. So the functions here import the engine
when first called, the one lazy load of a game (listed in tests/test_layers.py, which checks
that no other module loads numba).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from damero.core import (
    Game,
    Limit,
    Message,
    Player,
    Preparation,
    PreparationStep,
    Side,
    Value,
    describe_value,
)
from damero.errors import os_reason
from damero.players import THINKING, check_level
from damero.rules.othello import Move, OthelloPosition, format_move, parse_position


class OthelloEnginePlayer:
    """Plays Othello with the engine at a level, stopping each think at `limit` as `clock` tells."""

    def __init__(
        self, *, level: int, rng: random.Random, limit: Limit, clock: Callable[[], float] | None
    ) -> None:
        check_level(level)
        self.level = level
        self.rng = rng
        self.limit = limit
        self.clock = clock

    def choose(self, position: OthelloPosition) -> Move:
        # Imported here: compiling the engine is only worth its start-up time in an Othello game.
        from damero.engines.othello import choose_move

        return choose_move(
            position,
            level=self.level,
            rng=self.rng,
            limit=self.limit,
            clock=self.clock,
            threads=self.limit.threads,
        )


@dataclass(frozen=True)
class OthelloEngineAnalyst:
    """The engine's view of each move: a disc score, exact near the end of the game."""

    @property
    def is_timed(self) -> bool:
        return True

    def move_values(
        self,
        position: OthelloPosition,
        *,
        limit: Limit = THINKING,
        clock: Callable[[], float] | None = None,
    ) -> list[tuple[Move, Value]]:
        """Exact near the end, unless a time limit (with a clock) stops the solve: then, as far
        from the end, the engine's estimate, said to be one."""
        from damero.engines.othello import analyse_moves

        scores, is_exact = analyse_moves(position, limit, clock=clock, threads=limit.threads)
        return [(move, Value(score=score, is_exact=is_exact)) for move, score in scores]

    def player(
        self,
        *,
        level: int,
        rng: Any,
        limit: Limit = THINKING,
        clock: Callable[[], float] | None = None,
    ) -> Player:
        return OthelloEnginePlayer(level=level, rng=rng, limit=limit, clock=clock)

    def preparation(self, position: OthelloPosition | None = None) -> Preparation | None:
        """The engine compiled for the boards of `position`'s kind (every kind if None), where
        that is still to do: a minute or so a kind, once, if the compiled code can be kept."""
        from damero.engines.othello import (
            CACHE_FOLDER,
            CACHE_REFUSAL,
            LAYOUTS,
            is_compiled,
            layout_of,
            mark_compiled,
            warm_up,
        )

        layouts = LAYOUTS if position is None else (layout_of(position.size),)
        left = [layout for layout in layouts if not is_compiled(layout)]
        if not left:
            return None
        steps = tuple(
            PreparationStep(
                Message(f"othello.compile_{name}", {"boards": Message(f"othello.{layout}")}),
                share / len(left),
                run,
            )
            for layout in left
            for name, share, run in warm_up(layout)
        )

        def finish() -> None:
            for layout in left:
                mark_compiled(layout)

        boards = Message("othello.all_boards" if len(left) > 1 else f"othello.{left[0]}_boards")
        refusal = CACHE_REFUSAL
        return Preparation(
            title=Message("othello.compiling", {"boards": boards}),
            steps=steps,
            finish=finish,
            done=Message("othello.compiled" if refusal is None else "othello.compiled_here"),
            notice=None
            if refusal is None
            else Message(
                "othello.cannot_keep", {"folder": str(CACHE_FOLDER), "why": os_reason(refusal)}
            ),
        )


def count_leaves(
    values: Mapping[str, Any], clock: Callable[[], float], report: Callable[[Message], None]
) -> tuple[Message, ...]:
    """`damero othello perft`: how many positions lie `depth` plies from the start, and how fast
    the engine counts them."""
    from damero.engines.othello import perft

    depth, size = values["depth"], values["size"]
    started = clock()
    leaves = perft(OthelloPosition.start(size), depth)
    seconds = clock() - started
    rate = leaves / seconds if seconds > 0 else 0.0
    return (
        Message(
            "othello.perft",
            {"depth": depth, "size": size, "leaves": leaves, "seconds": seconds, "rate": rate},
        ),
    )


def solve(
    values: Mapping[str, Any],
    clock: Callable[[], float],
    report: Callable[[Message], None],
    *,
    game: Game[OthelloPosition, Move],
) -> tuple[Message | str, ...]:
    """`damero othello solve`, `game` naming the sides and drawing the board: solves exactly;
    with `seconds`, searches deeper and deeper until then and gives the best move found, exact
    if the search reached the end."""
    started = clock()  # before loading the engine, so the time left and the time so far add up
    from damero.engines.othello import search
    from damero.engines.othello import solve as solve_exactly

    if values["board"] is None:
        position = OthelloPosition.start(values["size"])
    else:
        position = parse_position(f"{values['board']} {values['side'] or ''}")
    side = position.side_to_move
    empties = position.size**2 - position.count(Side.FIRST) - position.count(Side.SECOND)
    if values.get("seconds") is None:
        report(Message("othello.solving", {"empties": empties}))
        score, move = solve_exactly(position, threads=values.get("threads"))
        best = "-" if move is None else format_move(move)
        meaning = describe_value(game, Value(score=score), side)
        solved = {"meaning": meaning, "move": best, "seconds": clock() - started}
        return (game.draw(position), Message("analysis.solved", solved))
    deadline: float = started + values["seconds"]
    found = None

    def should_stop() -> bool:
        """Polled by the search: reports the latest depth with the time left, and ends it then."""
        now = clock()
        if found is not None:
            progress = {
                "empties": empties,
                "depth": found.depth,
                "nodes": found.nodes,
                "move": format_move(found.best_move),
                "left": max(0.0, deadline - now),
            }
            report(Message("othello.searching", progress))
        return now >= deadline

    for analysis in search(position, should_stop=should_stop, threads=values.get("threads")):
        found = analysis
        should_stop()
    if found is None:
        return (game.draw(position), Message("analysis.no_move"))
    value = Value(score=found.score, is_exact=found.is_exact)
    result = {
        "meaning": describe_value(game, value, side),
        "move": format_move(found.best_move),
        "depth": found.depth,
        "seconds": clock() - started,
    }
    key = "analysis.solved" if found.is_exact else "othello.best_so_far"
    return (game.draw(position), Message(key, result))
