"""The control array a compiled search shares with the Python that drives it: nodes, limits, stop.

One small int64 array per thread: the compiled code counts its nodes in it and watches it for a
stop request, which Python (another thread) may raise at any time.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from damero.engines.othello.bits import compiled
from damero.engines.othello.table import NO_MOVE

NODES = 0
NODE_LIMIT = 1
STOPPED = 2
"""Set by the compiled code once the node limit or a stop request cut the work short."""
BEST_MOVE = 3
STOP_REQUEST = 4
"""Set from Python (another thread) to make the compiled code unwind at its next check."""
ESTIMATES = 5
"""The search's leaves scored by the evaluation: a depth that adds none is exact."""
CUT_MARGIN = 6
"""How sure a probable cut-off must be, in hundredths of the shallow search's standard error
(0: none, every result proven)."""
DEFERRED = 7
"""Moves this thread put off to a second sweep because another thread was on them (ABDADA)."""
JOINS = 8
"""Put-off moves this thread searched while another thread was still on them."""
JOIN_NODES = 9
"""The nodes this thread spent in those (the outermost only)."""
JOINING = 10
"""How many such joined searches this thread is inside."""
CONTROL_SIZE = 11


def new_control(node_limit: int | None, cut_margin: int = 0) -> npt.NDArray[np.int64]:
    control = np.zeros(CONTROL_SIZE, dtype=np.int64)
    control[NODE_LIMIT] = np.iinfo(np.int64).max if node_limit is None else node_limit
    control[BEST_MOVE] = NO_MOVE
    control[CUT_MARGIN] = cut_margin
    return control


@compiled
def out_of_budget(control: npt.NDArray[np.int64]) -> bool:
    """Counts a node; true (and remembered) once the node limit or a stop request ends the work."""
    control[NODES] += 1
    if control[NODES] > control[NODE_LIMIT] or control[STOP_REQUEST] != 0:
        control[STOPPED] = 1
    return bool(control[STOPPED] != 0)
