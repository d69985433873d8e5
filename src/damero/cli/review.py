"""`damero review FILE`: a game file's moves, each with what best play gives after it, in the
words `analyse` uses, and the mistakes marked; or the same review as JSON."""

from __future__ import annotations

import textwrap
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from damero import analysis
from damero.cli.console import COLUMNS, Console
from damero.cli.play import read_record
from damero.cli.thinking import prepare, think
from damero.core import Limit, Message, describe_value
from damero.progress import GameInProgress

REVIEW_SECONDS = analysis.REVIEW_SECONDS


def review_file(console: Console, path: Path, *, as_json: bool, seconds: float) -> int:
    """Reviews the record in the file at `path` (of any game, recognised as `replay` does); 1
    after saying why if it cannot be read. With `as_json` the words about the file go to the
    error stream, so that the output is the JSON alone."""
    reader = (
        Console(console.stdin, console.stderr, console.catalog, plain=True) if as_json else console
    )
    record = read_record(reader, path)
    if record is None:
        return 1
    prepare(console, record.game.analyst, record.start, stream=console.stderr)
    state = GameInProgress.replayed(record.game, start=record.start, moves=record.moves)
    limit = Limit(depth=analysis.REVIEW_DEPTH, seconds=seconds)
    latest: deque[Message] = deque(maxlen=1)
    reviewed = think(
        console,
        lambda: _review(state, limit, latest.append),
        show=not as_json,
        progress=lambda: latest[-1] if latest else None,
        stream=console.stderr,
    )
    if as_json:
        document = analysis.review_document(state, reviewed)
        console.stdout.write(analysis.format_document(document) + "\n")
        console.stdout.flush()
        return 0
    _print(console, state, reviewed)
    return 0


def _review(
    state: GameInProgress, limit: Limit, report: Callable[[Message], None]
) -> tuple[analysis.ReviewedMove, ...]:
    """The review, each position analysed once, its progress reported as it goes."""
    positions = analysis.judged_positions(state)
    values: dict[Any, analysis.MoveValues] = {}
    for done, position in enumerate(positions, start=1):
        report(Message("analysis.review_progress", {"done": done, "count": len(positions)}))
        if position not in values:
            values[position] = analysis.move_values(
                state.game, position, limit=limit, clock=time.monotonic
            )
    return analysis.review(state, values.__getitem__)


def _print(
    console: Console, state: GameInProgress, reviewed: tuple[analysis.ReviewedMove, ...]
) -> None:
    game = state.game
    title = console.text(f"{game.name}.title")
    if not reviewed:
        console.say("analysis.review_no_moves", title=title)
        return
    heading = "analysis.review_heading_one" if len(reviewed) == 1 else "analysis.review_heading"
    console.say(heading, title=title, count=len(reviewed))
    for judged in reviewed:
        if judged.is_forced:
            meaning = console.text("analysis.review_forced")
        else:  # the position after the move as `analyse` says it: for its side to move
            to_move = state.positions[judged.number].side_to_move
            after = analysis.seen_by(to_move, judged.after, judged.side)
            meaning = console.catalog.say(describe_value(game, after, to_move))
        words = {
            "number": judged.number,
            "side": Message(game.side_key(judged.side)),
            "move": game.format_move(judged.move),
        }
        indent = len(console.text("analysis.review_move", **words, meaning=""))
        line = console.text("analysis.review_move", **words, meaning=meaning)
        _write_wrapped(console, line, indent)
        if judged.is_mistake:
            before = console.catalog.say(describe_value(game, judged.before, judged.side))
            mistake = console.text(
                "analysis.review_mistake", before=before, best=game.format_move(judged.best)
            )
            _write_wrapped(console, " " * indent + mistake, indent)
    mistakes = [judged.number for judged in reviewed if judged.is_mistake]
    if not mistakes:
        console.say("analysis.review_no_mistakes")
    elif len(mistakes) == 1:
        console.say("analysis.review_one_mistake", number=mistakes[0])
    else:
        numbers = ", ".join(str(number) for number in mistakes)
        console.say("analysis.review_mistakes", count=len(mistakes), numbers=numbers)
    outcome = state.outcome
    if outcome is not None:
        for message in game.describe_outcome(state.position, outcome):
            console.say_message(message)


def _write_wrapped(console: Console, text: str, indent: int) -> None:
    """`text` within COLUMNS, its continuation lines under the column `indent`."""
    indent = min(indent, COLUMNS // 2)
    lines = textwrap.wrap(
        text, width=COLUMNS, subsequent_indent=" " * indent, drop_whitespace=True
    ) or [""]
    console.write("\n".join(lines))
