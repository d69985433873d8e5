"""The prompt loop shared by every game: show the board, ask the side to move, record, take back, end."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from damero.cli.console import Console
from damero.core import Game, Outcome, Position, Side
from damero.errors import DameroError, RecordWriteError
from damero.players import Player


class TakeBack(Exception):
    """A person asked to take back the last move."""


class LeaveGame(Exception):
    """A person asked to leave the game."""


class Recorder(Protocol):
    """Keeps a game file in step with the game: records each move, drops taken-back ones."""

    def played(self, position: Any, move: Any) -> None: ...

    def taken_back(self, moves: int) -> None: ...


QUIT_WORDS = frozenset({"q", "quit", "salir", "-1 -1", "-1,-1"})
"""Words that leave a game or a file prompt; '-1 -1' is the Othello seed's way back to its menu."""

HELP_WORDS = frozenset({"?", "help", "ayuda"})
"""Words that show what a prompt wants, at any prompt."""


class HumanPlayer:
    """A person at the console: asks until the answer is a legal move, and understands ?, u, q and h."""

    def __init__(
        self,
        console: Console,
        game: Any,
        *,
        hint: Callable[[Any], str] | None = None,
    ) -> None:
        self.console = console
        self.game = game
        self.hint = hint

    def choose(self, position: Any) -> Any:
        while True:
            answer = self.console.ask(self.console.catalog.say(self.game.prompt(position)))
            command = " ".join(answer.lower().split())
            if command in HELP_WORDS:
                self.console.say(f"{self.game.name}.rules")
                self.console.say("cli.commands")
                continue
            if command == "u":
                raise TakeBack
            if command in QUIT_WORDS:
                raise LeaveGame
            if command == "h":
                if self.hint is None:
                    self.console.say("cli.no_hint")
                else:
                    self.console.write(self.hint(position))
                continue
            if not command:
                self.console.say("cli.empty_answer")
                continue
            try:
                move = self.game.parse_move(position, answer)
                position.play(move)
            except DameroError as refusal:
                self.console.say_message(refusal.message)
                continue
            return move


@dataclass
class Match:
    """One game being played: its positions so far, who plays each side, and where it is recorded."""

    console: Console
    game: Game[Any, Any]
    players: dict[Side, Player]
    positions: list[Position[Any]]
    moves: list[Any] = field(default_factory=list)
    recorder: Recorder | None = None
    computers: frozenset[Side] = frozenset()
    delay: float = 0.0
    """Seconds to wait after showing a computer's move, so that a person can follow."""

    @property
    def position(self) -> Position[Any]:
        return self.positions[-1]

    def show(self) -> None:
        position = self.position
        to_move = None if position.outcome() is not None else position.side_to_move
        self.console.show_board(self.game, position, to_move)
        for line in self.game.status(position):
            self.console.say_message(line)

    def run(self) -> Outcome | None:
        """Plays to the end; returns the outcome, or None if a person left the game."""
        self.console.forget_last_board()
        self.show()
        while (outcome := self.position.outcome()) is None:
            automatic = self.game.automatic_move(self.position)
            if automatic is not None:
                move, notice = automatic
                self.console.note_message(notice)
            else:
                try:
                    move = self.players[self.position.side_to_move].choose(self.position)
                except TakeBack:
                    self.take_back()
                    continue
                except LeaveGame:
                    self.console.say("cli.left_game")
                    return None
            self.advance(move)
        winner_is_computer = outcome.winner in self.computers
        for line in self.game.describe_outcome(
            self.position, outcome, winner_is_computer=winner_is_computer
        ):
            self.console.say_message(line)
        return outcome

    def advance(self, move: Any) -> None:
        by_computer = self.position.side_to_move in self.computers
        if by_computer:
            mover = self.console.text(self.game.side_key(self.position.side_to_move))
            self.console.note("cli.computer_moved", side=mover, move=self.game.format_move(move))
        self.positions.append(self.position.play(move))
        self.moves.append(move)
        self._record(lambda recorder: recorder.played(self.position, move))
        self.show()
        if by_computer and self.delay > 0:
            time.sleep(self.delay)

    def take_back(self) -> None:
        """Takes back the last move, and the computer's replies before it, back to a person's turn."""
        if not self.moves:
            self.console.say("cli.nothing_to_take_back")
            return
        taken_back = 0
        while self.moves:
            taken_back += 1
            self.positions.pop()
            taken = self.moves.pop()
            self.console.note("cli.taken_back", move=self.game.format_move(taken))
            if self.position.side_to_move not in self.computers and (
                self.game.automatic_move(self.position) is None
            ):
                break
        self._record(lambda recorder: recorder.taken_back(taken_back))
        self.show()

    def _record(self, write: Callable[[Recorder], None]) -> None:
        """Keeps the file in step; after a write error (the file is left as it was), says so and
        plays on without a file."""
        if self.recorder is None:
            return
        try:
            write(self.recorder)
        except RecordWriteError as error:
            self.console.say_message(error.message)
            self.console.say("record.playing_unsaved")
            self.recorder = None
