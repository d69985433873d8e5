"""Playing, saving and replaying any game at the console, in its game's record format."""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from damero import registry
from damero.cli.advice import hint
from damero.cli.console import Console
from damero.cli.match import QUIT_WORDS, HumanPlayer, Match, Recorder
from damero.cli.replay import view
from damero.cli.thinking import ThinkingPlayer
from damero.core import Game, Outcome, Side
from damero.errors import CutOffRecordError, RecordError, RecordWriteError
from damero.players import Player, computer_player
from damero.progress import GameInProgress, Seat
from damero.records import Record, format_for, read_file
from damero.records.appending import AppendOnlyFile
from damero.records.paths import expand, refusal_to_create

WATCHING_DELAY = 1.0
"""The pause between moves when a person watches the computer play itself."""


def new_record_path(console: Console, text: str) -> Path | None:
    """The path for a new record; refuses (returns None) an existing file so nothing is overwritten."""
    path = expand(text)
    refusal = refusal_to_create(path)
    if refusal is None:
        return path
    if refusal.key == "record.already_exists":
        console.say("record.exists", path=text)
    elif refusal.key == "record.no_such_file":
        console.say("record.no_folder", path=text)
    else:
        console.say("record.cannot_create", path=text, why=refusal)
    return None


def ask_file_name(console: Console, key: str) -> str | None:
    """A file name asked with the prompt `key`; None for an empty answer or a leave word.

    As at any prompt, ? says what to type; the game commands u and h are not file names here.
    """
    answer = console.ask_aside(
        console.text(key), help_key="record.file_help", expected_key="cli.expect_file"
    )
    return None if not answer or answer.lower() in QUIT_WORDS else answer


def ask_new_record(console: Console, key: str = "record.ask_new_file") -> Path | None:
    """Asks for a new file until the answer is usable; an empty answer or a leave word gives None."""
    while (answer := ask_file_name(console, key)) is not None:
        path = new_record_path(console, answer)
        if path is not None:
            return path
    return None


def read_record(console: Console, path: Path, game: Game[Any, Any] | None = None) -> Record | None:
    """The record at `path` (of `game` if given, else of any game), or None after saying why.

    A file cut off by a crash gives its complete entries, after saying where it was cut.
    """
    try:
        return read_file(path, registry.GAMES, game)
    except RecordError as error:
        console.say("record.error", path=str(path), reason=error.message)
        partial = error.partial if isinstance(error, CutOffRecordError) else None
        if partial is not None:
            console.say("record.showing_complete")
        return partial


def read_to_continue(console: Console, file: AppendOnlyFile, game: Game[Any, Any]) -> Record | None:
    """The record in `file` to play on into; a cut-off file is repaired first if the player
    agrees, by cutting off its last, incomplete entry."""
    path = file.path
    try:
        return read_file(path, registry.GAMES, game)
    except CutOffRecordError as error:
        console.say("record.error", path=str(path), reason=error.message)
        if error.partial is None or not console.confirm("record.ask_repair"):
            return None
        try:
            file.cut_before_line(error.line)
        except RecordWriteError as failure:
            console.say_message(failure.message)
            return None
        console.say("record.repaired", path=str(path))
        return read_record(console, path, game)
    except RecordError as error:
        console.say("record.error", path=str(path), reason=error.message)
        return None


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays each side: people at the console, or the computer at a level."""

    computers: frozenset[Side] = frozenset()
    level: int = 3
    seed: int | None = None
    delay: float | None = None
    """Seconds between computer moves; None: a short pause when only computers play at a terminal."""

    def pause(self, console: Console) -> float:
        if self.delay is not None:
            return self.delay
        only_computers = self.computers == frozenset(Side)
        return WATCHING_DELAY if only_computers and console.is_terminal else 0.0

    def players(self, console: Console, game: Game[Any, Any]) -> dict[Side, Player]:
        rng = random.Random(self.seed)
        human = HumanPlayer(console, game, hint=lambda position: hint(console, game, position))
        return {
            side: ThinkingPlayer(
                console,
                computer_player(game, level=self.level, rng=rng, clock=time.monotonic),
                game.analyst,
            )
            if side in self.computers
            else human
            for side in Side
        }

    def play(
        self,
        console: Console,
        record: Record,
        *,
        recorder: Recorder | None = None,
    ) -> Outcome | None:
        """Plays on from the end of `record`; the outcome, or None if a person left."""
        game = record.game
        first, second = (Seat(self.level if side in self.computers else None) for side in Side)
        state = GameInProgress.new(
            game, start=record.start, moves=record.moves, seats=(first, second)
        )
        match = Match(console, state, self.players(console, game), recorder, self.pause(console))
        return match.run()


def new_record(game: Game[Any, Any], start: Any = None, moves: Sequence[Any] = ()) -> Record:
    """A record of `game` from `start` (its start if None), dated now."""
    started = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    start = game.start() if start is None else start
    return Record(game, (("started", started),), start, tuple(moves))


def play(
    console: Console, record: Record, seating: Seating, *, save: Path | None = None
) -> Outcome | None:
    """Plays on from the end of `record`, into a new file at `save` if given."""
    recorder = None
    if save is not None:
        try:
            recorder = format_for(record).create(save, record)
        except RecordWriteError as error:
            console.say_message(error.message)
            console.say("record.playing_unsaved")
    try:
        return seating.play(console, record, recorder=recorder)
    finally:
        if recorder is not None:
            recorder.close()


def play_games(
    console: Console, game: Game[Any, Any], seating: Seating, *, save: Path | None = None
) -> int:
    """Plays `game` from its start; at a terminal, offers another game after each one ends.

    A game saved into a file asks for a new file for the next one.
    """
    while True:
        outcome = play(console, new_record(game), seating, save=save)
        if outcome is None or not console.is_terminal or not console.confirm("cli.play_again"):
            return 0
        if save is not None:
            save = ask_new_record(console)


def replay(
    console: Console, record: Record, seating: Seating, *, ask_key: str = "record.ask_new_file"
) -> int:
    """Replays a record with the shared viewer; `j` asks for a new file and plays on from there.

    A game whose format keeps every game in a file plays on only into a new file.
    """

    def play_on(moves: int) -> None:
        shown = new_record(record.game, record.start, record.moves[:moves])
        save = ask_new_record(console, ask_key)
        if save is not None or not record.game.record_format.keeps_every_game:
            play(console, shown, seating, save=save)

    game = record.game
    view(console, record, play_on=play_on, hint=lambda position: hint(console, game, position))
    return 0


def replay_file(
    console: Console, path: Path, seating: Seating, game: Game[Any, Any] | None = None
) -> int:
    """Replays the file at `path`: a record of `game` in its format, or of any game if None."""
    record = read_record(console, path, game)
    if record is None:
        return 1
    return replay(console, record, seating)
