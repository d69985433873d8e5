"""Othello game-tree search: a generator of ever deeper analyses, handing over to the exact solver.

The tree search itself is compiled whole (`midgame.py`); Python only runs it one depth at a
time: `search(position)` yields one `Analysis` per completed depth and stops by itself once its
answer is exact or the limit's depth is reached; the caller stops it earlier simply by asking
for no more.  With few empty squares left it yields the exact endgame result instead.  A node
limit, or `should_stop` (how a caller with a clock imposes a time limit, polled from Python while
the compiled code runs in a helper thread), ends it within a depth: the compiled code sees the
stop flag within a few nodes, and the unfinished depth is dropped, so every analysis is complete."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from damero.core import Limit
from damero.engines.othello import incremental
from damero.engines.othello.board import Geometry, engine_board, move_at, move_of
from damero.engines.othello.control import ESTIMATES, NODES, STOP_REQUEST, STOPPED, new_control
from damero.engines.othello.endgame import BUSY_BITS, EndgameSolver
from damero.engines.othello.incremental import NO_FEATURES, features_of
from damero.engines.othello.midgame import CUT_MARGIN_DEFAULT, discs_of, new_search, search_root
from damero.engines.othello.parallel import ALONE, check_threads, run_threads
from damero.engines.othello.scoring import weights_for
from damero.engines.othello.table import NO_MOVE, Table, stored_move
from damero.rules.othello import PASS, Move, OthelloPosition

EXACT_EMPTIES = 14
"""Empty squares at or below which a position is solved exactly (well under a second)."""

SEARCH_TABLE_BITS = 20

_PARALLEL_DEPTH = 6
"""From this depth up, a search runs on several threads; below, one is quicker."""

_LINE_TABLE_BITS = 16
"""The table of the solver that finishes an exact line: the few plies it lacks need little."""

_POLL_SECONDS = 0.01
"""How often Python asks `should_stop` while a compiled think runs."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """The result of one completed search depth, from the side to move's point of view.

    `score` is in discs: for an exact analysis the final disc difference with best play (empty
    squares going to the winner); otherwise an estimate of it, where a finished game found within
    the depth counts as its disc difference: the mean of this depth's best score and the last
    depth's, since the evaluation leans towards the side to move at the leaves and so swings with
    odd and even depths.  `principal_line` starts with `best_move` and is the
    expected continuation; `nodes` counts positions visited for this analysis and those before.
    """

    depth: int
    score: float
    best_move: Move
    principal_line: tuple[Move, ...]
    nodes: int
    is_exact: bool


def run_stoppable(
    work: Callable[[], Any],
    control: npt.NDArray[np.int64],
    should_stop: Callable[[], bool] | None,
) -> None:
    """Runs compiled `work` in a helper thread, asking `should_stop` meanwhile; a yes, or any
    interruption of this thread (Ctrl-C), raises the stop flag the compiled code checks, so it
    returns at once."""
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(_POLL_SECONDS)
            if worker.is_alive() and should_stop is not None and should_stop():
                control[STOP_REQUEST] = 1
    except BaseException:
        control[STOP_REQUEST] = 1
        raise


class _Searcher:
    """One think's compiled state: the board, the table, the control array, the evaluation."""

    def __init__(
        self,
        geometry: Geometry,
        player: int,
        opponent: int,
        limit: Limit,
        should_stop: Callable[[], bool] | None,
        evaluation: str,
        threads: int | None,
        cut_margin: int,
    ) -> None:
        self.geometry = geometry
        self.player = player
        self.opponent = opponent
        self.should_stop = should_stop
        self.table = Table.create(SEARCH_TABLE_BITS)
        self.control = new_control(limit.nodes, cut_margin)
        weights = weights_for(geometry.size, evaluation)
        # The learned evaluation is kept move by move, and reads its weights from both sides.
        self.weights = incremental.both_weights() if weights.shape[0] > 0 else weights
        self.threads = check_threads(threads)
        self.busy = np.zeros(1 << BUSY_BITS if self.threads > 1 else 1, dtype=np.int8)
        self.runs = [
            new_search(geometry, self.table, self.control, self.weights, self.busy, NO_FEATURES)
            for _ in range(self.threads)
        ]

    @property
    def nodes(self) -> int:
        return int(self.control[NODES])

    def root_scores(
        self, depth: int, order: list[int], *, every_move_exactly: bool
    ) -> list[tuple[int, int]] | None:
        """(score, square) of each root move at `depth`; None once the limit stopped the depth."""
        geometry = self.geometry
        squares = np.array(order, dtype=np.int64)
        threads = self.threads if depth >= _PARALLEL_DEPTH else 1

        def run(index: int, control: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
            """The root scores one thread found."""
            scores = np.zeros(len(order), dtype=np.int64)
            features = (
                features_of(self.player, self.opponent)
                if self.weights.shape[0] > 0
                else NO_FEATURES
            )
            busy = self.busy if threads > 1 else ALONE
            thread_run = self.runs[index]._replace(control=control, busy=busy, features=features)
            search_root(
                geometry.board(self.player),
                geometry.board(self.opponent),
                depth,
                squares,
                scores,
                every_move_exactly,
                thread_run,
            )
            return scores

        found: list[npt.NDArray[np.int64] | None] = []
        control = self.control
        if threads == 1:
            work = lambda: found.append(run(0, control))  # noqa: E731
        else:
            work = lambda: found.append(run_threads(run, threads, control, self.busy))  # noqa: E731
        run_stoppable(work, control, self.should_stop)
        scores = found[0] if found else None
        if control[STOPPED] or scores is None:
            return None
        return [(int(score), square) for score, square in zip(scores, order, strict=True)]

    def principal_line(self, first: int, length: int, *, to_the_end: bool = False) -> list[int]:
        """The expected line from the table, starting with square `first` (NO_MOVE: a pass).

        `to_the_end` (an exact result) finishes it with the exact solver where the table no
        longer holds a position's move: the table keeps the costlier of two results, and the
        last few plies' are the cheapest.
        """
        geometry = self.geometry
        line = [first]
        player, opponent = geometry.play(self.player, self.opponent, 1 << first)
        seen = {(player, opponent)}
        while len(line) < length:
            moves = geometry.legal_moves(player, opponent)
            if not moves:
                if not geometry.legal_moves(opponent, player):
                    return line
                line.append(NO_MOVE)
                player, opponent = opponent, player
                continue
            square = stored_move(self.table, geometry.board(player), geometry.board(opponent))
            if square < 0 or not (moves >> square) & 1:
                break
            line.append(square)
            player, opponent = geometry.play(player, opponent, 1 << square)
            if (player, opponent) in seen:
                break
            seen.add((player, opponent))
        if to_the_end:
            solver = EndgameSolver(geometry, table_bits=_LINE_TABLE_BITS, threads=1)
            finished = exact_line(solver, geometry, player, opponent)
            if finished is not None:  # always, with no node limit
                line += [bit.bit_length() - 1 if bit else NO_MOVE for bit in finished[1]]
        return line


def _squares(moves: int) -> list[int]:
    squares = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        squares.append(bit.bit_length() - 1)
    return squares


def exact_line(
    solver: EndgameSolver,
    geometry: Geometry,
    player: int,
    opponent: int,
    *,
    node_limit: int | None = None,
) -> tuple[int, list[int], int] | None:
    """Exact score, a best line to the end (0 marks a pass) and nodes, from the side to move.

    None when `node_limit` stopped the solver first.  No clock stops it: near the end, exact
    play is worth the wait.
    """
    control = new_control(node_limit)
    solutions = []
    run_stoppable(
        lambda: solutions.append(solver.solve(player, opponent, control=control)), control, None
    )
    if control[STOPPED]:
        return None
    solution = solutions[0]
    nodes = solution.nodes
    line: list[int] = []
    current_player, current_opponent = player, opponent
    while True:
        moves = geometry.legal_moves(current_player, current_opponent)
        if not moves:
            if not geometry.legal_moves(current_opponent, current_player):
                break
            line.append(0)
            current_player, current_opponent = current_opponent, current_player
            continue
        # The table already holds most of what each step needs, so the line costs little more.
        step = solution if not line else solver.solve(current_player, current_opponent)
        if line:
            nodes += step.nodes
        line.append(step.move_bit)
        current_player, current_opponent = geometry.play(
            current_player, current_opponent, step.move_bit
        )
    return solution.score, line, nodes


def search(
    position: OthelloPosition,
    limit: Limit | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    exact_empties: int | None = None,
    solver: EndgameSolver | None = None,
    evaluation: str = "learned",
    threads: int | None = None,
    cut_margin: int = CUT_MARGIN_DEFAULT,
) -> Iterator[Analysis]:
    """Analyses of `position` at depth 1, 2, ... until exact, the limit, or the caller stops asking.

    A finished game yields nothing.  `limit.depth` caps the depth, `limit.nodes` the nodes of the
    whole run; `limit.seconds` is not read here (engines keep no clock): pass `should_stop`, polled
    every few milliseconds, to stop on time.  `exact_empties` sets how many empty squares the
    exact solver takes on at the root; `evaluation` names one of EVALUATIONS; `threads` how many
    threads search (every core by default); `cut_margin` how sure a probable cut-off must be
    (see `CUT_MARGIN`; 0 proves every bound, as the exact depths are anyway).
    """
    limit = limit or Limit()
    geometry, player, opponent = engine_board(position)
    moves = geometry.legal_moves(player, opponent)
    if not moves and not geometry.legal_moves(opponent, player):
        return
    empties = geometry.empties(player, opponent)
    if empties <= (EXACT_EMPTIES if exact_empties is None else exact_empties):
        if solver is None or solver.geometry != geometry:
            solver = EndgameSolver(geometry, threads=threads)
        exact = exact_line(solver, geometry, player, opponent, node_limit=limit.nodes)
        if exact is not None:
            score, line, nodes = exact
            principal_line = tuple(move_of(geometry, bit) for bit in line)
            yield Analysis(empties, float(score), principal_line[0], principal_line, nodes, True)
            return
    if not moves:
        # A forced pass: the analysis is the opponent's, turned round.
        inner = search(
            position.play(PASS),
            limit,
            should_stop=should_stop,
            exact_empties=exact_empties,
            solver=solver,
            evaluation=evaluation,
            threads=threads,
            cut_margin=cut_margin,
        )
        for analysis in inner:
            yield Analysis(
                analysis.depth,
                -analysis.score,
                PASS,
                (PASS, *analysis.principal_line),
                analysis.nodes,
                analysis.is_exact,
            )
        return
    searcher = _Searcher(
        geometry, player, opponent, limit, should_stop, evaluation, threads, cut_margin
    )
    order = _squares(moves)
    depth = 0
    previous: float | None = None
    while limit.depth is None or depth < limit.depth:
        depth += 1
        estimates_before = int(searcher.control[ESTIMATES])
        scored = searcher.root_scores(depth, order, every_move_exactly=False)
        if scored is None:
            return
        is_exact = searcher.control[ESTIMATES] == estimates_before
        # Stable sort: the best first, ties keep the previous order.
        scored.sort(key=lambda pair: -pair[0])
        order = [square for _, square in scored]
        best_score, best_square = scored[0]
        line = searcher.principal_line(
            best_square, 2 * empties if is_exact else depth, to_the_end=is_exact
        )
        principal_line = tuple(move_at(geometry, square) for square in line)
        depth_score = discs_of(best_score)
        reported = depth_score if is_exact or previous is None else (depth_score + previous) / 2
        previous = depth_score
        yield Analysis(depth, reported, principal_line[0], principal_line, searcher.nodes, is_exact)
        if is_exact:
            return


def scores_are_exact(position: OthelloPosition, exact_empties: int | None = None) -> bool:
    """Whether `score_moves` solves each move exactly (the position after it is near enough the end)."""
    geometry, player, opponent = engine_board(position)
    threshold = EXACT_EMPTIES if exact_empties is None else exact_empties
    return geometry.empties(player, opponent) - 1 <= threshold


def score_moves(
    position: OthelloPosition,
    limit: Limit | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    exact_empties: int | None = None,
    evaluation: str = "learned",
    threads: int | None = None,
    cut_margin: int = CUT_MARGIN_DEFAULT,
) -> list[tuple[Move, float]]:
    """Every legal move with its score in discs for the side to move, best first.

    Each move is searched with a full window, deepening until the limit or `should_stop`;
    scores are exact when the position after the move is within `exact_empties`, else the mean of
    the move's scores at the last two depths completed (see `Analysis`).
    """
    limit = limit or Limit()
    geometry, player, opponent = engine_board(position)
    moves = geometry.legal_moves(player, opponent)
    if not moves:
        return []
    squares = _squares(moves)
    if scores_are_exact(position, exact_empties):
        solver = EndgameSolver(geometry, threads=threads)
        exact = []
        for square in squares:
            next_player, next_opponent = geometry.play(player, opponent, 1 << square)
            score = -solver.solve(next_player, next_opponent).score
            exact.append((move_at(geometry, square), float(score)))
        exact.sort(key=lambda pair: -pair[1])
        return exact
    searcher = _Searcher(
        geometry, player, opponent, limit, should_stop, evaluation, threads, cut_margin
    )
    empties = geometry.empties(player, opponent)
    max_depth = empties if limit.depth is None else min(limit.depth, empties)
    previous: dict[int, float] = {}
    estimates = {square: 0.0 for square in squares}
    for depth in range(1, max_depth + 1):
        estimates_before = int(searcher.control[ESTIMATES])
        found = searcher.root_scores(depth, squares, every_move_exactly=True)
        if found is None:
            break
        is_exact = searcher.control[ESTIMATES] == estimates_before
        current = {square: discs_of(score) for score, square in found}
        # Each move's estimate is the mean of its last two depths, which swing apart with the
        # side to move at the leaves; an exact depth stands alone.
        estimates = {
            square: value if is_exact or square not in previous else (value + previous[square]) / 2
            for square, value in current.items()
        }
        previous = current
        if is_exact:
            break
    ranked = sorted(
        ((move_at(geometry, square), estimate) for square, estimate in estimates.items()),
        key=lambda pair: -pair[1],
    )
    return ranked
