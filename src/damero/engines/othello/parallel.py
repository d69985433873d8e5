"""Running one compiled search on several threads at once, sharing its transposition table.

The compiled code releases the interpreter lock, so threads run it on every core.  Each thread
searches the whole tree with its own control array and move lists; the table, written without
locks (see `table.py`), and a small table of the positions being searched are shared, so that a
thread finds the others' results and, at a node where another thread is already on a move, tries
its other moves first (ABDADA, Weill 1996).  The first thread to finish answers.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import compiled
from damero.engines.othello.control import (
    CUT_MARGIN,
    ESTIMATES,
    NODE_LIMIT,
    NODES,
    STOP_REQUEST,
    STOPPED,
    new_control,
)

Result = TypeVar("Result")

DEFERRABLE = 63
"""Moves of a node from this index on are never put off (the put-off ones are kept as bits)."""


@compiled
def busy_entry(busy: npt.NDArray[np.int8], home: int) -> int:
    """The entry of the shared table of positions being searched for a position whose
    transposition-table bucket starts at slot `home`."""
    return int((home >> 1) & (busy.shape[0] - 1))


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


def run_threads(
    run: Callable[[int, npt.NDArray[np.int64]], Result],
    threads: int,
    control: npt.NDArray[np.int64],
    busy: npt.NDArray[np.int8],
) -> Result | None:
    """Runs `run(index, control_of_that_thread)` on `threads` threads; the first to finish
    unstopped answers and the others are stopped.

    Their nodes and estimates are added to `control`, whose stop request is passed on and which is marked
    stopped (the answer None) when no thread finished.  `busy` is cleared first.
    """
    controls = [new_control(None, int(control[CUT_MARGIN])) for _ in range(threads)]
    # The nodes left are shared out, so that the threads together keep to the limit.
    share = max(0, int(control[NODE_LIMIT] - control[NODES])) // threads
    for thread_control in controls:
        thread_control[NODE_LIMIT] = share
    busy[:] = 0
    results: list[Result] = []
    finished = threading.Event()

    def work(index: int) -> None:
        thread_control = controls[index]
        result = run(index, thread_control)
        if not thread_control[STOPPED]:
            results.append(result)
        finished.set()

    workers = [
        threading.Thread(target=work, args=(index,), daemon=True) for index in range(threads)
    ]
    for worker in workers:
        worker.start()
    try:
        while not results and any(worker.is_alive() for worker in workers):
            if control[STOP_REQUEST]:
                break
            finished.wait(_WAIT_SECONDS)
            finished.clear()
    finally:
        for thread_control in controls:
            thread_control[STOP_REQUEST] = 1
        for worker in workers:
            worker.join()
        for thread_control in controls:
            control[NODES] += thread_control[NODES]
            control[ESTIMATES] += thread_control[ESTIMATES]
    if not results:
        control[STOPPED] = 1
        return None
    return results[0]
