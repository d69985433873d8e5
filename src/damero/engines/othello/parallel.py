"""Running one compiled search on several threads at once, sharing its transposition table.

The compiled code releases the interpreter lock, so threads run it on every core.  Each thread
searches the whole tree with its own control array and move lists; the table, written without
locks (see `table.py`), and a small table of the positions being searched are shared, so that a
thread finds the others' results and, at a node where another thread is already on a move, tries
its other moves first (ABDADA, Weill 1996).  The first thread to finish answers.

`search_moves` is the move loop of every node of the solver and the search, which carries that
out; the node's own steps (the table, the cut-offs, the order of its moves) stay with each.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import Board, compiled, inlined, play, square_in
from damero.engines.othello.control import (
    CUT_MARGIN,
    DEFERRED,
    ESTIMATES,
    JOIN_NODES,
    JOINING,
    JOINS,
    NODE_LIMIT,
    NODES,
    STOP_REQUEST,
    STOPPED,
    new_control,
)
from damero.engines.othello.table import NO_MOVE, NO_SCORE, home_slot

Result = TypeVar("Result")

DEFERRABLE = 63
"""Moves of a node from this index on are never put off (the put-off ones are kept as bits)."""


ALONE = np.zeros(1, dtype=np.int8)
"""The busy table of a search on one thread: one entry, so nothing is ever put off."""

SQUARES = 128
"""Beyond any square number: a move's order key and square are packed as key * SQUARES + square,
one array of packed values, which sorts faster than two."""


@compiled
def busy_entry(busy: npt.NDArray[np.int8], home: int) -> int:
    """The entry of the shared table of positions being searched for a position whose
    transposition-table bucket starts at slot `home`."""
    return int((home >> 1) & (busy.shape[0] - 1))


@compiled
def order_move(orders: npt.NDArray[np.int64], ply: int, filled: int, key: int, square: int) -> None:
    """Adds a move to the first `filled` entries of row `ply`, keeping them ascending by `key`.
    (Indexed in two dimensions: a row view would count references, an atomic write the threads
    would contend for.)"""
    packed = key * SQUARES + square
    position = filled
    while position > 0 and orders[ply, position - 1] > packed:
        orders[ply, position] = orders[ply, position - 1]
        position -= 1
    orders[ply, position] = packed


PUT_OFF = -3
NOT_JOINED = -2
"""What `claim` answers besides a join's mark: the move is put off to the second sweep; the move
is taken and no other thread is on it."""


@inlined
def claim(busy: npt.NDArray[np.int8], key: int, control: npt.NDArray[np.int64], sweep: int) -> int:
    """Marks a move (its child's entry `key` in the busy table) as being searched by this thread,
    unless another thread is on it in the first sweep: then PUT_OFF, and the move waits for the
    second.  Else NOT_JOINED, or, where another thread is still on it, a join's mark for
    `release`: the nodes so far for the outermost join, -1 for one inside it."""
    joined = NOT_JOINED
    if busy[key] > 0:
        if sweep == 0:
            control[DEFERRED] += 1
            return PUT_OFF
        control[JOINS] += 1
        joined = control[NODES] if control[JOINING] == 0 else -1
        control[JOINING] += 1
    # A count of the threads on it, not a flag: the first of two threads on the same move to
    # finish leaves it marked for the other.
    busy[key] += 1
    return joined


@inlined
def release(
    busy: npt.NDArray[np.int8], key: int, control: npt.NDArray[np.int64], joined: int
) -> None:
    """Unmarks a move `claim` marked, counting the nodes of a join (`joined`) in the control."""
    if busy[key] > 0:
        busy[key] -= 1
    if joined != NOT_JOINED:
        control[JOINING] -= 1
        if joined >= 0:
            control[JOIN_NODES] += control[NODES] - joined


@inlined
def search_moves(
    child: Any,
    run: Any,
    player: Board,
    opponent: Board,
    moves: Board,
    count: int,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
    sharing: bool,
    every_move_exactly: bool,
) -> tuple[int, int]:
    """The best score and square of a node's `count` moves, in the order of `run.orders[ply]`.

    Principal variation search: the first move with the node's window, the others with a null
    window that proves them no better, searched again only when one proves better.  Fail-soft:
    the best score may lie outside (alpha, beta).  `child(run, player, move_bit, next_player,
    next_opponent, depth - 1, alpha, beta, ply + 1)` searches a move from the other side (an
    inlined step calling the search back).  With `sharing`, a younger move another thread is on
    waits for a second sweep, when the table most likely holds its result (ABDADA).
    `every_move_exactly` gives each move the full window.  A move searched has its score packed
    in its entry in place of its order key.  Once `run.control` says stop, answers (0, NO_MOVE)
    at once.
    """
    orders, busy, table, control = run.orders, run.busy, run.table, run.control
    best = NO_SCORE
    best_square = NO_MOVE
    deferred = 0
    searched = 0
    for sweep in range(2):
        for index in range(count):
            if sweep == 1 and not (deferred >> index) & 1:
                continue
            square = orders[ply, index] & (SQUARES - 1)
            move_bit = square_in(moves, square)
            next_player, next_opponent = play(player, opponent, move_bit)
            busy_key = -1
            joined = NOT_JOINED
            if sharing and 0 < index < DEFERRABLE:
                busy_key = busy_entry(busy, home_slot(table, next_player, next_opponent))
                joined = claim(busy, busy_key, control, sweep)
                if joined == PUT_OFF:
                    deferred |= 1 << index
                    continue
            full = searched == 0 or every_move_exactly
            score = -child(
                run,
                player,
                move_bit,
                next_player,
                next_opponent,
                depth - 1,
                -beta if full else -alpha - 1,
                -alpha,
                ply + 1,
            )
            if not full and alpha < score < beta:
                score = -child(
                    run,
                    player,
                    move_bit,
                    next_player,
                    next_opponent,
                    depth - 1,
                    -beta,
                    -score,
                    ply + 1,
                )
            if busy_key >= 0:
                release(busy, busy_key, control, joined)
            searched += 1
            if control[STOPPED]:
                return 0, NO_MOVE
            orders[ply, index] = score * SQUARES + square
            if score > best:
                best = score
                best_square = square
                if score > alpha and not every_move_exactly:
                    alpha = score
                    if alpha >= beta:
                        return best, best_square
        if deferred == 0:
            break
    return best, best_square


_WAIT_SECONDS = 0.002
"""How often a parallel run looks for a stop request while its threads work."""


def default_threads() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def check_threads(threads: int | None) -> int:
    """`threads`, or every core when None; refuses fewer than one."""
    if threads is None:
        return default_threads()
    if threads < 1:
        raise ValueError(f"threads must be 1 or more, not {threads}")
    return threads


@dataclass(slots=True)
class ThreadRecord:
    """One thread's share of one parallel run, for seeing where two threads lose against one:
    its nodes and moves put off, its CPU seconds, and when it started and stopped searching
    (wall seconds from the run's start, whose own end is `Record.seconds`)."""

    nodes: int = 0
    deferred: int = 0
    joins: int = 0
    join_nodes: int = 0
    cpu: float = 0.0
    started: float = 0.0
    ended: float = 0.0


@dataclass(slots=True)
class Record:
    """A parallel run's threads (`run_threads(record=...)`), and its wall seconds in all."""

    threads: list[ThreadRecord] = field(default_factory=list)
    seconds: float = 0.0
    wakes: int = 0
    """How often the calling thread woke while the threads searched."""


def run_threads(
    run: Callable[[int, npt.NDArray[np.int64]], Result],
    threads: int,
    control: npt.NDArray[np.int64],
    busy: npt.NDArray[np.int8],
    record: Record | None = None,
    *,
    watch: bool = True,
) -> Result | None:
    """Runs `run(index, control_of_that_thread)` on `threads` threads; the first to finish
    unstopped answers and the others are stopped.

    Their nodes and estimates are added to `control`, which is marked stopped (the answer None)
    when no thread finished.  `busy` is cleared first.  With `watch`, the calling thread looks at
    `control`'s stop request every `_WAIT_SECONDS` and passes it on; without, it sleeps until a
    thread finishes (or Ctrl-C), taking no CPU from them: 500 wakes a second had cost 2 to 8% of
    a core.  A `record` gets each thread's nodes, CPU seconds and times, and the wakes.
    """
    opened = time.perf_counter()
    records = [ThreadRecord() for _ in range(threads)]
    controls = [new_control(None, int(control[CUT_MARGIN])) for _ in range(threads)]
    # The nodes left are shared out, so that the threads together keep to the limit.
    share = max(0, int(control[NODE_LIMIT] - control[NODES])) // threads
    for thread_control in controls:
        thread_control[NODE_LIMIT] = share
    busy[:] = 0
    results: list[Result] = []
    ended: list[int] = []
    finished = threading.Event()

    def work(index: int) -> None:
        thread_control = controls[index]
        mine = records[index]
        mine.started = time.perf_counter() - opened
        cpu = time.thread_time()
        result = run(index, thread_control)
        mine.cpu = time.thread_time() - cpu
        mine.ended = time.perf_counter() - opened
        if not thread_control[STOPPED]:
            results.append(result)
        ended.append(index)
        finished.set()

    workers = [
        threading.Thread(target=work, args=(index,), daemon=True) for index in range(threads)
    ]
    for worker in workers:
        worker.start()
    wakes = 0
    try:
        # A thread adds itself to `ended` before it sets `finished`, so none goes unseen.
        while not results and len(ended) < threads:
            if watch and control[STOP_REQUEST]:
                break
            finished.wait(_WAIT_SECONDS if watch else None)
            finished.clear()
            wakes += 1
    finally:
        for thread_control in controls:
            thread_control[STOP_REQUEST] = 1
        for worker in workers:
            worker.join()
        for thread_control, mine in zip(controls, records, strict=True):
            control[NODES] += thread_control[NODES]
            control[ESTIMATES] += thread_control[ESTIMATES]
            control[DEFERRED] += thread_control[DEFERRED]
            mine.nodes = int(thread_control[NODES])
            mine.deferred = int(thread_control[DEFERRED])
            mine.joins = int(thread_control[JOINS])
            mine.join_nodes = int(thread_control[JOIN_NODES])
        if record is not None:
            record.threads = records
            record.wakes = wakes
            record.seconds = time.perf_counter() - opened
    if not results:
        control[STOPPED] = 1
        return None
    return results[0]
