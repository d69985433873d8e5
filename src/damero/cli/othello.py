"""The Othello seed's menu: play into a game file, load and replay one, continue one, leave."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from damero.cli.console import Console
from damero.cli.match import QUIT_WORDS
from damero.cli.play import (
    Seating,
    ask_file_name,
    ask_new_record,
    new_record,
    play,
    read_record,
    read_to_continue,
    replay,
)
from damero.core import Game, parse_number
from damero.errors import RecordWriteError
from damero.games.othello import SIZES
from damero.progress import GameInProgress
from damero.records import Record
from damero.records.appending import AppendOnlyFile
from damero.records.paths import expand, refusal_to_read

MENU_KEYS = ("othello.menu_play", "othello.menu_load", "othello.menu_quit", "othello.menu_continue")


class OthelloMenu:
    """The seed's menu, repeated until `3`; every failure brings the menu back."""

    def __init__(
        self, console: Console, seating: Seating, game: Game[Any, Any], *, ask_size: bool = True
    ) -> None:
        self.console = console
        self.seating = seating
        self.game = game
        self.ask_size = ask_size
        """Whether option 1 asks the board size, or plays `game`'s, given on the command line."""

    def run(self) -> int:
        actions = {"1": self.play_new, "2": self.load, "4": self.continue_file}
        while True:
            for key in MENU_KEYS:
                self.console.say(key)
            choice = self.console.ask(self.console.text("othello.menu_choice"))
            if choice in ("3", "q"):
                return 0
            if choice == "?":
                self.console.say("othello.rules")
                self.console.say("othello.typing")
                continue
            action = actions.get(choice)
            if not choice:
                self.console.say("menu.type_a_number")
            elif action is None:
                self.console.say("othello.menu_unknown", choice=choice[:40])
            else:
                action()

    def play_new(self) -> None:
        path = ask_new_record(self.console, "othello.ask_file")
        if path is None:
            return
        game = self.game
        if self.ask_size:
            size = self._ask_size()
            if size is None:
                return
            game = game.variant(size=size)
        play(self.console, new_record(game), self.seating, save=path)

    def load(self) -> None:
        path = self._ask_existing_file()
        if path is None:
            return
        record = read_record(self.console, path, self.game)
        if record is not None:
            replay(self.console, record, self.seating, ask_key="othello.ask_file")

    def continue_file(self) -> None:
        """Plays on at the end of a file, held for this game alone from before it is read."""
        path = self._ask_existing_file()
        if path is None:
            return
        try:
            file = AppendOnlyFile(path)
        except RecordWriteError as error:
            self.console.say_message(error.message)
            return
        with file:
            record = read_to_continue(self.console, file, self.game)
            if record is None:
                return
            state = GameInProgress.replayed(record.game, start=record.start, moves=record.moves)
            # What the rules did on their own at the file's last turn, as play said it then.
            for notice in state.notices(state.last_turn(len(state.moves))):
                self.console.say_message(notice)
            recorder = record.game.record_format.extend(file, record)
            last = Record(record.game, record.header, state.position, ())
            self.seating.play(self.console, last, recorder=recorder)

    def _ask_existing_file(self) -> Path | None:
        answer = ask_file_name(self.console, "othello.ask_load_file")
        if answer is None:
            return None
        path = expand(answer)
        refusal = refusal_to_read(path)
        if refusal is None:
            return path
        if refusal.key == "record.no_such_file":
            self.console.say("record.missing", path=answer)
        else:
            self.console.say("record.error", path=answer, reason=refusal)
        return None

    def _ask_size(self) -> int | None:
        while True:
            answer = self.console.ask_aside(
                self.console.text("othello.ask_size"),
                help_key="othello.size_help",
                expected_key="othello.expect_size",
            )
            if answer.lower() in QUIT_WORDS:
                return None
            size = parse_number(answer)
            if size in SIZES and answer.isdecimal():
                return size
            self.console.say("othello.bad_size", text=answer[:40])
