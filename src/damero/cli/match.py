"""The prompt loop shared by every game: show the board, ask the side to move, record, take back, end."""

from __future__ import annotations

import operator
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from damero.cli.console import HELP_WORDS, Console
from damero.core import Message, Outcome, Side
from damero.errors import DameroError, RecordWriteError
from damero.players import Player
from damero.progress import GameInProgress, NothingToTakeBackError, Result
from damero.results import result_words


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
                self.console.say(f"{self.game.name}.typing")
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
    """One game at the console: the game in progress, who plays each side, and where it is recorded."""

    console: Console
    state: GameInProgress
    players: dict[Side, Player]
    recorder: Recorder | None = None
    delay: float = 0.0
    """Seconds to wait after showing a computer's move, so that a person can follow."""

    def show(self, index: int) -> None:
        """The board and the lines under it after the game's first `index` moves."""
        game, position = self.state.game, self.state.positions[index]
        to_move = self.state.to_move(index)
        choosing = (
            to_move is not None
            and not self.state.seat(to_move).is_computer
            and not self.state.is_forced(index)
        )
        heading = game.heading(position, choosing=choosing)
        self.console.show_board(game, position, to_move, heading=heading)
        for line in game.status(position):
            self.console.say_message(line)

    def run(self) -> Outcome | None:
        """Plays to the end; returns the outcome, or None if a person left the game."""
        self.console.forget_last_board()
        shown = len(self.state.moves) - len(self.state.forced)
        self.show(shown)
        self.follow(shown)
        while (side := self.state.side_to_move) is not None:
            try:
                move = self.players[side].choose(self.state.position)
            except TakeBack:
                self.take_back()
                continue
            except LeaveGame:
                self.console.say("cli.left_game")
                return None
            made = len(self.state.moves)
            self.state = self.state.play(move)
            self.follow(made)
        outcome = self.state.outcome
        if outcome is not None:
            for line in self.ending_lines(outcome):
                self.console.say_message(line)
        return outcome

    def ending_lines(self, outcome: Outcome) -> tuple[Message, ...]:
        """The game's own end-of-game words, which name the winner and why; a person playing
        the computer is told in their own words whether they won or lost, and why."""
        state = self.state
        people = frozenset(Side) - state.computers
        if len(people) == 1:
            result = Result.of_outcome(outcome)
            return result_words(state.game, state.position, result, reader=people)
        winner_is_computer = outcome.winner in state.computers
        return state.game.describe_outcome(
            state.position, outcome, winner_is_computer=winner_is_computer
        )

    def follow(self, shown: int) -> None:
        """Shows, records and announces each move made after the first `shown`, one by one: a
        computer's move, or one the rules made on their own."""
        state, game = self.state, self.state.game
        for index in range(shown, len(state.moves)):
            move, mover, notice = state.moves[index], state.mover(index), state.notice(index)
            by_computer = notice is None and state.seat(mover).is_computer
            if notice is not None:
                self.console.note_message(notice)
            elif by_computer:
                side = self.console.text(game.side_key(mover))
                self.console.note("cli.computer_moved", side=side, move=game.format_move(move))
            self._record(operator.methodcaller("played", state.positions[index + 1], move))
            self.show(index + 1)
            if by_computer and self.delay > 0:
                time.sleep(self.delay)

    def take_back(self) -> None:
        """Takes back the last person's move and what followed it, back to a person's turn."""
        try:
            taken = self.state.take_back()
        except NothingToTakeBackError as error:
            self.console.say_message(error.message)
            return
        for move in reversed(self.state.moves[len(taken.moves) :]):
            self.console.note("cli.taken_back", move=self.state.game.format_move(move))
        count = len(self.state.moves) - len(taken.moves)
        self.state = taken
        self._record(lambda recorder: recorder.taken_back(count))
        self.show(len(taken.moves))

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
