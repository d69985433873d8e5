"""The leaf score of the engine's searches: the learned patterns on 8x8, the hand-set terms else.

The midgame search scores its leaves with it; the exact solver takes the same weights, through
`weights_for`, to order its moves far from the end.  Compiled code takes the weights as an argument: an array without rows means the
hand-set evaluation, so one compiled version serves both choices.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import types
from numba.extending import overload

from damero.engines.othello import patterns
from damero.engines.othello.bits import Board
from damero.engines.othello.board import Shape
from damero.engines.othello.evaluation import DISC, hand_evaluation

EVALUATIONS = ("learned", "hand-set")
"""The evaluations a search may use: the learned patterns (8x8 only; other sizes fall back on the
hand-set one) and the hand-set baseline."""

_NO_WEIGHTS = np.zeros((0, 0), dtype=np.float32)


def weights_for(size: int, evaluation: str) -> npt.NDArray[np.float32]:
    """The pattern weights a search of `size` passes down; none means the hand-set evaluation."""
    if evaluation not in EVALUATIONS:
        raise ValueError(f"the evaluation is one of {', '.join(EVALUATIONS)}, not {evaluation!r}")
    if evaluation == "learned" and size == patterns.SIZE:
        return patterns.load_weights()
    return _NO_WEIGHTS


def evaluate(player: Board, opponent: Board, shape: Shape, weights: Any) -> int:
    """The leaf evaluation in hundredths of a disc: the learned patterns when `weights` has rows
    (8x8 boards), else the hand-set terms."""
    raise NotImplementedError("compiled code only")


@overload(evaluate, strict=False)
def _evaluate(player: Any, opponent: Any, shape: Any, weights: Any) -> Any:
    if isinstance(player, types.Integer):

        def narrow(player: Board, opponent: Board, shape: Shape, weights: Any) -> int:
            if weights.shape[0] > 0:
                return int(np.rint(patterns.pattern_score(player, opponent, weights) * DISC))
            return hand_evaluation(player, opponent, shape)

        return narrow
    return lambda player, opponent, shape, weights: hand_evaluation(player, opponent, shape)
