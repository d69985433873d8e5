"""Othello game-tree search: a generator of ever deeper analyses, handing over to the exact solver.

`search(position)` yields one `Analysis` per completed depth (negamax with alpha-beta, principal
variation windows, a transposition table and fastest-first move ordering) and stops by itself once
its answer is exact or the limit's depth is reached; the caller stops it earlier simply by asking
for no more.  With few empty squares left it yields the exact endgame result instead.  Node
limits and the `should_stop` callback (how a caller with a clock imposes a time limit) end it
within a depth: the unfinished depth is dropped, so every yielded analysis is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from damero.core import Limit
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.evaluation import DISC, evaluate
from damero.engines.othello.kernel import Geometry
from damero.games.othello import PASS, Move, OthelloPosition

WIN = 1_000_000
"""Offset of the score of a finished game (in evaluation units) above any estimate."""

EXACT_EMPTIES_COMPILED = 14
"""Empty squares at or below which boards up to 8x8 are solved exactly (a few milliseconds)."""

EXACT_EMPTIES_PLAIN = 8
"""The same for 10x10, whose solver runs on plain Python integers."""

_TABLE_LIMIT = 1_000_000
_CHECK_EVERY = 256


@dataclass(frozen=True, slots=True)
class Analysis:
    """The result of one completed search depth, from the side to move's point of view.

    `score` is in discs: for an exact analysis the final disc difference with best play (empty
    squares going to the winner); otherwise an estimate of it, where a finished game found within
    the depth counts as its disc difference.  `principal_line` starts with `best_move` and is the
    expected continuation; `nodes` counts positions visited for this analysis and those before.
    """

    depth: int
    score: float
    best_move: Move
    principal_line: tuple[Move, ...]
    nodes: int
    is_exact: bool


class _Stop(Exception):
    """Raised inside the tree to abandon the depth in progress."""


# A table entry: (depth searched, lower bound, upper bound, best move bit, rests on estimates).
_Entry = tuple[int, int, int, int, bool]


class _Searcher:
    def __init__(
        self,
        geometry: Geometry,
        table: dict[tuple[int, int], _Entry],
        *,
        node_limit: int | None,
        should_stop: Callable[[], bool] | None,
    ) -> None:
        self.geometry = geometry
        self.table = table
        self.node_limit = node_limit
        self.should_stop = should_stop
        self.nodes = 0
        # Leaves scored by the evaluation rather than by a finished game; a depth that adds none
        # has searched every line to the end and its score is exact.
        self.estimates = 0
        self.corners = 0
        last = geometry.size - 1
        for row, column in ((0, 0), (0, last), (last, 0), (last, last)):
            self.corners |= geometry.bit(row, column)

    def count_node(self) -> None:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0:
            if self.node_limit is not None and self.nodes >= self.node_limit:
                raise _Stop
            if self.should_stop is not None and self.should_stop():
                raise _Stop

    def final_score(self, player: int, opponent: int) -> int:
        empties = (self.geometry.board_mask & ~(player | opponent)).bit_count()
        difference = player.bit_count() - opponent.bit_count()
        if difference > 0:
            return WIN + (difference + empties) * DISC
        if difference < 0:
            return -WIN + (difference - empties) * DISC
        return 0

    def ordered_moves(
        self, player: int, opponent: int, moves: int, hint: int, depth: int
    ) -> list[int]:
        """Table move first, then corners and replies leaving the opponent little mobility."""
        geometry = self.geometry
        keyed: list[tuple[int, int]] = []
        while moves:
            move_bit = moves & -moves
            moves ^= move_bit
            if move_bit == hint:
                key = -1000
            elif depth >= 2:
                next_player, next_opponent = geometry.play(player, opponent, move_bit)
                key = 4 * geometry.legal_moves(next_player, next_opponent).bit_count()
                if move_bit & self.corners:
                    key -= 10
            else:
                key = -10 if move_bit & self.corners else 0
            keyed.append((key, move_bit))
        keyed.sort()
        return [move_bit for _, move_bit in keyed]

    def negamax(
        self, player: int, opponent: int, depth: int, alpha: int, beta: int, *, passed: bool
    ) -> int:
        """Fail-soft alpha-beta: a score <= alpha is an upper bound, >= beta a lower bound."""
        self.count_node()
        geometry = self.geometry
        moves = geometry.legal_moves(player, opponent)
        if not moves:
            if passed:
                return self.final_score(player, opponent)
            if not geometry.legal_moves(opponent, player):
                return self.final_score(player, opponent)
            return -self.negamax(opponent, player, depth, -beta, -alpha, passed=True)
        if depth <= 0:
            self.estimates += 1
            return evaluate(geometry, player, opponent)
        key = (player, opponent)
        hint = 0
        estimates_before = self.estimates
        entry = self.table.get(key)
        if entry is not None:
            entry_depth, lower, upper, hint, is_estimate = entry
            if entry_depth >= depth:
                if lower >= beta or lower == upper or upper <= alpha:
                    self.estimates += is_estimate
                    return lower if lower >= beta or lower == upper else upper
                if is_estimate:
                    self.estimates += 1
                alpha, beta = max(alpha, lower), min(beta, upper)
        original_alpha = alpha
        best, best_move = -2 * WIN, 0
        first = True
        for move_bit in self.ordered_moves(player, opponent, moves, hint, depth):
            next_player, next_opponent = geometry.play(player, opponent, move_bit)
            if first:
                score = -self.negamax(
                    next_player, next_opponent, depth - 1, -beta, -alpha, passed=False
                )
                first = False
            else:
                score = -self.negamax(
                    next_player, next_opponent, depth - 1, -alpha - 1, -alpha, passed=False
                )
                if alpha < score < beta:
                    score = -self.negamax(
                        next_player, next_opponent, depth - 1, -beta, -score, passed=False
                    )
            if score > best:
                best, best_move = score, move_bit
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if len(self.table) >= _TABLE_LIMIT:
            self.table.clear()
        is_estimate = self.estimates > estimates_before
        if best <= original_alpha:
            self.table[key] = (depth, -2 * WIN, best, best_move, is_estimate)
        elif best >= beta:
            self.table[key] = (depth, best, 2 * WIN, best_move, is_estimate)
        else:
            self.table[key] = (depth, best, best, best_move, is_estimate)
        return best

    def root(
        self, player: int, opponent: int, depth: int, order: list[int]
    ) -> list[tuple[int, int]]:
        """Every root move with its score (exact for the best, an upper bound for the others)."""
        self.count_node()
        alpha, beta = -2 * WIN, 2 * WIN
        scored: list[tuple[int, int]] = []
        for index, move_bit in enumerate(order):
            next_player, next_opponent = self.geometry.play(player, opponent, move_bit)
            if index == 0:
                score = -self.negamax(
                    next_player, next_opponent, depth - 1, -beta, -alpha, passed=False
                )
            else:
                score = -self.negamax(
                    next_player, next_opponent, depth - 1, -alpha - 1, -alpha, passed=False
                )
                if score > alpha:
                    score = -self.negamax(
                        next_player, next_opponent, depth - 1, -beta, -score, passed=False
                    )
            scored.append((score, move_bit))
            alpha = max(alpha, score)
        return scored

    def principal_bits(self, player: int, opponent: int, first: int, depth: int) -> list[int]:
        """The expected line from the table, starting with `first` (0 marks a pass)."""
        geometry = self.geometry
        line = [first]
        player, opponent = geometry.play(player, opponent, first)
        seen = {(player, opponent)}
        while len(line) < depth:
            moves = geometry.legal_moves(player, opponent)
            if not moves:
                if not geometry.legal_moves(opponent, player):
                    break
                line.append(0)
                player, opponent = opponent, player
                continue
            entry = self.table.get((player, opponent))
            if entry is None or not entry[3] & moves:
                break
            line.append(entry[3])
            player, opponent = geometry.play(player, opponent, entry[3])
            if (player, opponent) in seen:
                break
            seen.add((player, opponent))
        return line


def discs_of(score: int) -> float:
    """An evaluation-unit score in discs; finished-game scores lose their offset."""
    if score >= WIN // 2:
        return (score - WIN) / DISC
    if score <= -WIN // 2:
        return (score + WIN) / DISC
    return score / DISC


def default_exact_empties(geometry: Geometry) -> int:
    """How many empty squares the exact solver takes on for this board without noticeable delay."""
    return EXACT_EMPTIES_COMPILED if geometry.is_compiled else EXACT_EMPTIES_PLAIN


def exact_line(
    solver: EndgameSolver,
    geometry: Geometry,
    player: int,
    opponent: int,
    *,
    node_limit: int | None = None,
) -> tuple[int, list[int], int] | None:
    """Exact score, a best line to the end (0 marks a pass) and nodes, from the side to move.

    None when `node_limit` stopped the solver first.
    """
    solution = solver.solve(player, opponent, node_limit=node_limit)
    if not solution.is_complete:
        return None
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
) -> Iterator[Analysis]:
    """Analyses of `position` at depth 1, 2, ... until exact, the limit, or the caller stops asking.

    A finished game yields nothing.  `limit.depth` caps the depth, `limit.nodes` the nodes of the
    whole run; `limit.seconds` is not read here (engines keep no clock): pass `should_stop`, polled
    every few hundred nodes, to stop on time.  `exact_empties` sets how many empty squares the
    exact solver takes on at the root.
    """
    limit = limit or Limit()
    geometry, player, opponent = engine_board(position)
    moves = geometry.legal_moves(player, opponent)
    if not moves and not geometry.legal_moves(opponent, player):
        return
    empties = (geometry.board_mask & ~(player | opponent)).bit_count()
    threshold = default_exact_empties(geometry) if exact_empties is None else exact_empties
    if empties <= threshold:
        solver = solver if solver is not None and solver.geometry == geometry else None
        solver = solver or EndgameSolver(geometry)
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
    searcher = _Searcher(geometry, {}, node_limit=limit.nodes, should_stop=should_stop)
    order = searcher.ordered_moves(player, opponent, moves, 0, 2)
    depth = 0
    while limit.depth is None or depth < limit.depth:
        depth += 1
        estimates_before = searcher.estimates
        try:
            scored = searcher.root(player, opponent, depth, order)
        except _Stop:
            return
        is_exact = searcher.estimates == estimates_before
        # Stable sort: the best first, ties keep the previous order.
        scored.sort(key=lambda pair: -pair[0])
        order = [move_bit for _, move_bit in scored]
        best_score, best_bit = scored[0]
        line = searcher.principal_bits(
            player, opponent, best_bit, 2 * empties if is_exact else depth
        )
        principal_line = tuple(move_of(geometry, bit) for bit in line)
        yield Analysis(
            depth, discs_of(best_score), principal_line[0], principal_line, searcher.nodes, is_exact
        )
        if is_exact:
            return


def scores_are_exact(position: OthelloPosition, exact_empties: int | None = None) -> bool:
    """Whether `score_moves` solves each move exactly (the position after it is near enough the end)."""
    geometry, player, opponent = engine_board(position)
    empties = (geometry.board_mask & ~(player | opponent)).bit_count()
    threshold = default_exact_empties(geometry) if exact_empties is None else exact_empties
    return empties - 1 <= threshold


def score_moves(
    position: OthelloPosition,
    limit: Limit | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    exact_empties: int | None = None,
) -> list[tuple[Move, float]]:
    """Every legal move with its score in discs for the side to move, best first.

    Each move is searched with a full window one ply below the root, deepening until the limit or
    `should_stop`; scores are exact when the position after the move is within `exact_empties`.
    """
    limit = limit or Limit()
    geometry, player, opponent = engine_board(position)
    moves = geometry.legal_moves(player, opponent)
    if not moves:
        return []
    bits = []
    remaining = moves
    while remaining:
        bit = remaining & -remaining
        remaining ^= bit
        bits.append(bit)
    empties = (geometry.board_mask & ~(player | opponent)).bit_count()
    if scores_are_exact(position, exact_empties):
        solver = EndgameSolver(geometry)
        exact = []
        for bit in bits:
            next_player, next_opponent = geometry.play(player, opponent, bit)
            exact.append(
                (move_of(geometry, bit), float(-solver.solve(next_player, next_opponent).score))
            )
        exact.sort(key=lambda pair: -pair[1])
        return exact
    searcher = _Searcher(geometry, {}, node_limit=limit.nodes, should_stop=should_stop)
    scores = {
        bit: float(discs_of(-evaluate(geometry, *geometry.play(player, opponent, bit))))
        for bit in bits
    }
    max_depth = empties if limit.depth is None else min(limit.depth, empties)
    for depth in range(1, max_depth + 1):
        try:
            found = {}
            for bit in bits:
                next_player, next_opponent = geometry.play(player, opponent, bit)
                found[bit] = discs_of(
                    -searcher.negamax(
                        next_player, next_opponent, depth - 1, -2 * WIN, 2 * WIN, passed=False
                    )
                )
        except _Stop:
            break
        scores = found
    ranked = sorted(
        ((move_of(geometry, bit), score) for bit, score in scores.items()),
        key=lambda pair: -pair[1],
    )
    return ranked
