"""Nim, a game that exists only in the tests: proof that a fourth game is one module.

Heaps of 1, 3 and 5 counters (and 7, in the variant of four rows); a move takes one or more
counters from one heap; whoever takes the last counter wins. Moves are typed as `heap count`
("2 3": three from heap 2). Nothing outside this module knows the game: the tests add it to
`damero.registry.GAMES`. Its option, the number of rows, is no board size: a front end that
offers it must take its words from the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from damero.core import (
    Analyst,
    Board,
    Cell,
    GameDefaults,
    Layout,
    Message,
    Outcome,
    Piece,
    PieceKind,
    Side,
    Target,
    parse_number,
    split_words,
)
from damero.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from damero.players import negamax_analyst
from damero.records.movelist import MOVE_LIST, MoveListFormat

HEAPS = (1, 3, 5, 7)
ROWS = (3, 4)
SIDE_WORDS = {"first": Side.FIRST, "second": Side.SECOND}


@dataclass(frozen=True, slots=True)
class Take:
    """`count` counters taken from heap `heap` (1-based)."""

    heap: int
    count: int


@dataclass(frozen=True, slots=True)
class NimPosition:
    heaps: tuple[int, ...]
    side_to_move: Side

    def legal_moves(self) -> tuple[Take, ...]:
        return tuple(
            Take(heap, count)
            for heap, size in enumerate(self.heaps, start=1)
            for count in range(1, size + 1)
        )

    def play(self, move: Take) -> NimPosition:
        if self.outcome() is not None:
            raise IllegalMoveError("nim.game_over")
        if not 1 <= move.heap <= len(self.heaps):
            raise IllegalMoveError("nim.no_heap", heap=move.heap)
        if not 1 <= move.count <= self.heaps[move.heap - 1]:
            raise IllegalMoveError("nim.too_many", heap=move.heap, count=move.count)
        return self.play_legal(move)

    def play_legal(self, move: Take) -> NimPosition:
        heaps = list(self.heaps)
        heaps[move.heap - 1] -= move.count
        return NimPosition(tuple(heaps), self.side_to_move.other)

    def outcome(self) -> Outcome | None:
        if any(self.heaps):
            return None
        return Outcome(self.side_to_move.other, "nim.took_last")


MESSAGES = {
    "en": {
        "nim.title": "Nim",
        "nim.summary": "take counters from heaps; whoever takes the last one wins",
        "nim.rules": "Nim. Take one or more counters from one heap.",
        "nim.typing": "Type the heap, then how many.",
        "nim.first": "the first player",
        "nim.second": "the second player",
        "nim.first_wins_in": "the first player wins {moves}",
        "nim.second_wins_in": "the second player wins {moves}",
        "nim.prompt": "Heap and count for {player}: ",
        "nim.turn": "It is {player}'s turn.",
        "nim.took_last": "The last counter is taken.",
        "nim.wins": "Winner: {player}.",
        "nim.not_a_move": "'{text}' is not a move: type the heap, then how many.",
        "nim.no_heap": "There is no heap {heap}.",
        "nim.too_many": "Heap {heap} has fewer than {count} counters.",
        "nim.game_over": "The game is over.",
        "nim.bad_position": "'{text}' is not a position: the heaps, then first or second.",
        "nim.counter": "a counter",
        "nim.rows_option": "the number of rows",
        "nim.rows_label": "Rows of counters",
        "nim.rows_choice": "{value} rows",
    },
    "es": {
        "nim.title": "Nim",
        "nim.summary": "quita fichas de los montones; gana quien quita la última",
        "nim.rules": "Nim. Quita una o más fichas de un montón.",
        "nim.typing": "Escribe el montón y cuántas.",
        "nim.first": "el primer jugador",
        "nim.second": "el segundo jugador",
        "nim.first_wins_in": "el primer jugador gana {moves}",
        "nim.second_wins_in": "el segundo jugador gana {moves}",
        "nim.prompt": "Montón y fichas para {player}: ",
        "nim.turn": "Le toca a {player}.",
        "nim.took_last": "Se ha quitado la última ficha.",
        "nim.wins": "Ganador: {player}.",
        "nim.not_a_move": "'{text}' no es una jugada: escribe el montón y cuántas.",
        "nim.no_heap": "No hay montón {heap}.",
        "nim.too_many": "El montón {heap} tiene menos de {count} fichas.",
        "nim.game_over": "La partida ha terminado.",
        "nim.bad_position": "'{text}' no es una posición: los montones y first o second.",
        "nim.counter": "una ficha",
        "nim.rows_option": "el número de filas",
        "nim.rows_label": "Filas de fichas",
        "nim.rows_choice": "{value} filas",
    },
}


def _player(side: Side) -> Message:
    return Message("nim.first" if side is Side.FIRST else "nim.second")


@dataclass(frozen=True, slots=True)
class Nim(GameDefaults):
    """Nim on `rows` heaps, the first `rows` of HEAPS."""

    rows: int = 3

    @property
    def name(self) -> str:
        return "nim"

    @property
    def side_options(self) -> tuple[tuple[str, Side], ...]:
        return tuple(SIDE_WORDS.items())

    @property
    def options(self) -> Mapping[str, tuple[int, ...]]:
        return {"rows": ROWS}

    def variant(self, **options: int) -> Nim:
        if set(options) - {"rows"} or options.get("rows", self.rows) not in ROWS:
            raise ValueError(f"Nim's only option is rows, one of {ROWS}: {options}")
        return Nim(options.get("rows", self.rows))

    @property
    def heaps(self) -> tuple[int, ...]:
        return HEAPS[: self.rows]

    def start(self) -> NimPosition:
        return NimPosition(self.heaps, Side.FIRST)

    def parse_move(self, position: NimPosition, text: str) -> Take:
        numbers = [parse_number(word) for word in split_words(text)]
        if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
            raise InvalidMoveError("nim.not_a_move", text=text.strip()[:40])
        return Take(numbers[0], numbers[1])

    def format_move(self, move: Take) -> str:
        return f"{move.heap} {move.count}"

    def parse_position(self, text: str) -> NimPosition:
        words = text.lower().split()
        if len(words) != self.rows + 1 or words[-1] not in SIDE_WORDS:
            raise InvalidPositionError("nim.bad_position", text=text.strip()[:40])
        heaps = tuple(parse_number(word) for word in words[:-1])
        if any(
            heap is None or not 0 <= heap <= limit
            for heap, limit in zip(heaps, self.heaps, strict=True)
        ):
            raise InvalidPositionError("nim.bad_position", text=text.strip()[:40])
        return NimPosition(tuple(heap or 0 for heap in heaps), SIDE_WORDS[words[-1]])

    def format_position(self, position: NimPosition) -> str:
        side = "first" if position.side_to_move is Side.FIRST else "second"
        return " ".join([*map(str, position.heaps), side])

    def draw(self, position: NimPosition) -> str:
        return "\n".join(
            f"{heap}: {'|' * size}" for heap, size in enumerate(position.heaps, start=1)
        )

    def side_key(self, side: Side) -> str:
        return _player(side).key

    def prompt(self, position: NimPosition) -> Message:
        return Message("nim.prompt", {"player": _player(position.side_to_move)})

    def status(self, position: NimPosition) -> tuple[Message, ...]:
        if position.outcome() is not None:
            return ()
        return (Message("nim.turn", {"player": _player(position.side_to_move)}),)

    def describe_outcome(
        self, position: NimPosition, outcome: Outcome, *, winner_is_computer: bool = False
    ) -> tuple[Message, ...]:
        assert outcome.winner is not None
        return (Message(outcome.reason), Message("nim.wins", {"player": _player(outcome.winner)}))

    @property
    def record_format(self) -> MoveListFormat:
        return MOVE_LIST

    @property
    def analyst(self) -> Analyst:
        return negamax_analyst(self)

    @property
    def messages(self) -> Mapping[str, Mapping[str, str]]:
        return MESSAGES

    @property
    def layout(self) -> Layout:
        """A row per heap, a cell per counter it started with."""
        return Layout(
            rows=self.rows,
            columns=max(self.heaps),
            cells=tuple(
                Cell(heap, column, "paper", f"{heap + 1}.{column + 1}")
                for heap, size in enumerate(self.heaps)
                for column in range(size)
            ),
            kinds=(PieceKind(None, "counter", Message("nim.counter"), colour="grey"),),
        )

    def board(self, position: NimPosition, last: Sequence[Take]) -> Board:
        """The counters left; clicking a counter takes it and every counter to its right."""
        return Board(
            pieces=tuple(
                Piece(heap, column, 0)
                for heap, size in enumerate(position.heaps)
                for column in range(size)
            ),
            targets=tuple(
                Target(
                    self.format_move(move),
                    ((move.heap - 1, position.heaps[move.heap - 1] - move.count),),
                    move,
                )
                for move in position.legal_moves()
            ),
            last=tuple(
                (take.heap - 1, column)
                for take in last[-1:]
                for column in range(
                    position.heaps[take.heap - 1], position.heaps[take.heap - 1] + take.count
                )
            ),
        )
