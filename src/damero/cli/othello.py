"""The Othello seed's menu: play into a game file, load and replay one, continue one, leave."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from damero.cli.console import Console
from damero.cli.match import QUIT_WORDS
from damero.cli.play import Seating, ask_new_record
from damero.cli.replay import view
from damero.errors import RecordError
from damero.games.othello import SIZES, Move, Othello, OthelloPosition
from damero.records import othello_file

LEAVE_WORDS = QUIT_WORDS | {"-1 -1", "-1,-1"}
MENU_KEYS = ("othello.menu_play", "othello.menu_load", "othello.menu_quit", "othello.menu_continue")


class OthelloMenu:
    """The seed's menu, repeated until `3`; every failure brings the menu back."""

    def __init__(self, console: Console, seating: Seating) -> None:
        self.console = console
        self.seating = seating

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
                continue
            action = actions.get(choice)
            if action is None:
                self.console.say("othello.menu_unknown", choice=choice)
            else:
                action()

    def play_new(self) -> None:
        path = ask_new_record(self.console, "othello.ask_file", leave_words=LEAVE_WORDS)
        if path is None:
            return
        size = self._ask_size()
        if size is None:
            return
        game = Othello(size)
        start = game.start()
        othello_file.create_game_file(path, [start])
        self._play(game, path, start, numbered=1)

    def load(self) -> None:
        path = self._ask_existing_file()
        if path is not None:
            self.replay_file(path)

    def replay_file(self, path: Path) -> int:
        """Replays a game file with a, r, s and j; 1 if it cannot be read."""
        try:
            with othello_file.open_game_file(path) as stream:
                size, positions = othello_file.read_game(stream)
        except RecordError as error:
            self._refuse(path, error)
            return 1
        game = Othello(size)

        def play_on(shown: list[Any], _moves: list[Any]) -> None:
            new_path = ask_new_record(self.console, "othello.ask_file", leave_words=LEAVE_WORDS)
            if new_path is not None:
                othello_file.create_game_file(new_path, shown)
                self._play(game, new_path, shown[-1], numbered=len(shown))

        view(self.console, game, positions, placements(positions), play_on=play_on)
        return 0

    def continue_file(self) -> None:
        path = self._ask_existing_file()
        if path is None:
            return
        try:
            with othello_file.open_game_file(path) as stream:
                size, position, number = othello_file.read_last(stream)
        except RecordError as error:
            self._refuse(path, error)
            return
        self._play(Othello(size), path, position, numbered=number)

    def _play(self, game: Othello, path: Path, position: OthelloPosition, *, numbered: int) -> None:
        """Plays from `position`, appending each new board to `path` after `numbered` boards."""

        recorder = othello_file.board_recorder(path, boards_before=numbered)
        self.seating.match(
            self.console, game, [position], recorder=recorder, leave_words=LEAVE_WORDS
        ).run()

    def _ask_existing_file(self) -> Path | None:
        answer = self.console.ask(self.console.text("othello.ask_load_file"))
        if not answer or answer.lower() in LEAVE_WORDS:
            return None
        path = Path(answer)
        if not path.is_file():
            self.console.say("record.missing", path=answer)
            return None
        return path

    def _ask_size(self) -> int | None:
        while True:
            answer = self.console.ask(self.console.text("othello.ask_size"))
            if answer.lower() in LEAVE_WORDS:
                return None
            if answer.isdigit() and int(answer) in SIZES:
                return int(answer)
            self.console.say("othello.bad_size", text=answer)

    def _refuse(self, path: Path, error: RecordError) -> None:
        self.console.say("record.error", path=str(path), reason=error.message)


def placements(positions: list[OthelloPosition]) -> list[Move]:
    """The disc placed between each two boards of a game file (the file keeps boards, not moves)."""
    moves = []
    for before, after in itertools.pairwise(positions):
        old, new = before.board_rows(), after.board_rows()
        moves.append(
            next(
                Move(row, column)
                for row in range(before.size)
                for column in range(before.size)
                if old[row][column] == "." and new[row][column] != "."
            )
        )
    return moves
