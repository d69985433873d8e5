"""Playing, saving and replaying a game with damero's own move-list records, for any game."""

from __future__ import annotations

import datetime
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from damero.cli.advice import hint
from damero.cli.console import Console
from damero.cli.match import QUIT_WORDS, HumanPlayer, Match, Recorder
from damero.cli.replay import view
from damero.cli.thinking import ThinkingPlayer
from damero.core import Side
from damero.errors import RecordError
from damero.players import Player, computer_player
from damero.records import movelist
from damero.records.appending import FileRecorder


def new_record_path(console: Console, text: str) -> Path | None:
    """The path for a new record; refuses (returns None) an existing file so nothing is overwritten."""
    path = Path(text)
    if path.exists():
        console.say("record.exists", path=text)
        return None
    if not path.parent.is_dir():
        console.say("record.no_folder", path=text)
        return None
    return path


def start_record(path: Path, game: Any, positions: list[Any], moves: list[Any]) -> FileRecorder:
    """A new record holding `moves` so far, which a take-back may remove like any other."""
    started = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    recorder = movelist.create_record(path, game, [("started", started)])
    for position, move in zip(positions[1:], moves, strict=True):
        recorder.played(position, move)
    return recorder


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays each side: people at the console, or the computer at a level."""

    computers: frozenset[Side] = frozenset()
    level: int = 3
    seed: int | None = None

    def players(
        self, console: Console, game: Any, *, leave_words: frozenset[str] = QUIT_WORDS
    ) -> dict[Side, Player]:
        rng = random.Random(self.seed)
        human = HumanPlayer(
            console,
            game,
            leave_words=leave_words,
            hint=lambda position: hint(console, game, position),
        )
        return {
            side: ThinkingPlayer(
                console,
                computer_player(game.name, level=self.level, rng=rng, clock=time.monotonic),
            )
            if side in self.computers
            else human
            for side in Side
        }

    def match(
        self,
        console: Console,
        game: Any,
        positions: list[Any],
        moves: list[Any] | None = None,
        *,
        recorder: Recorder | None = None,
        leave_words: frozenset[str] = QUIT_WORDS,
    ) -> Match:
        players = self.players(console, game, leave_words=leave_words)
        return Match(console, game, players, positions, moves or [], recorder, self.computers)


def play(
    console: Console,
    game: Any,
    seating: Seating,
    *,
    positions: list[Any] | None = None,
    moves: list[Any] | None = None,
    save: Path | None = None,
) -> int:
    """Plays one game at the console; 0 when it ends or a player leaves."""
    positions = [game.start()] if positions is None else positions
    moves = [] if moves is None else moves
    recorder = None if save is None else start_record(save, game, positions, moves)
    seating.match(console, game, positions, moves, recorder=recorder).run()
    return 0


def replay(console: Console, game: Any, path: Path, seating: Seating) -> int:
    """Replays a record with the shared viewer; `j` asks for a new file and plays on from there."""
    try:
        positions, moves = movelist.replay(game, movelist.read_file(path))
    except RecordError as error:
        console.say("record.error", path=str(path), reason=error.message)
        return 1

    def play_on(shown: list[Any], shown_moves: list[Any]) -> None:
        save = ask_new_record(console)
        play(console, game, seating, positions=shown, moves=shown_moves, save=save)

    view(console, game, positions, moves, play_on=play_on)
    return 0


def ask_new_record(
    console: Console,
    key: str = "record.ask_new_file",
    *,
    leave_words: frozenset[str] = frozenset(),
) -> Path | None:
    """Asks for a new file until the answer is usable; an empty answer (or a leave word) gives None."""
    while True:
        answer = console.ask(console.text(key))
        if not answer or answer.lower() in leave_words:
            return None
        path = new_record_path(console, answer)
        if path is not None:
            return path
