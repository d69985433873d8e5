"""One suite every game meets: the games in GAMES and Nim, a game that exists only in the tests.

Random playouts check the position protocol and the notation; generated junk checks that
every text a player or a file could hold is refused with the game's own error; records
round-trip; and the game's analyst agrees with a plain exhaustive search near the end.
"""

from __future__ import annotations

import contextlib
import io
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damero.core import Board, Limit, Placement, Side, Verdict
from damero.errors import DameroError
from damero.games.catmouse import square_column, square_row
from damero.i18n import LANGUAGES, Catalog
from damero.records import Record
from damero.registry import GAMES
from damero.solvers.negamax import NegamaxSolver
from nim import Nim

EVERY_GAME = [*GAMES, Nim()]

pytestmark = pytest.mark.usefixtures("with_nim")


def smallest(game: Any) -> Any:
    """The game with each option at its smallest value (Othello 4x4), for exhaustive checks."""
    return game.variant(**{name: min(values) for name, values in game.options.items()})


def playout(game: Any, rng: random.Random) -> tuple[list[Any], list[Any]]:
    """The positions and moves of one game of random legal moves."""
    positions, moves = [game.start()], []
    while positions[-1].legal_moves():
        move = rng.choice(positions[-1].legal_moves())
        moves.append(move)
        positions.append(positions[-1].play(move))
    return positions, moves


JUNK = st.one_of(
    st.text(alphabet="0123456789", min_size=1000, max_size=6000),
    st.lists(st.text(alphabet="0123456789", min_size=4300, max_size=5000), max_size=3).map(
        " ".join
    ),
    st.text(alphabet=st.characters(codec="utf-8", categories=["Cc", "Nd", "No", "Zs"])),
    st.binary(max_size=200).map(lambda data: data.decode("utf-8", errors="replace")),
    st.text(max_size=200),
    st.sampled_from(["", " ", "-", "0 0", "-1 -1", "²", "٣ ٤", "1e5", "+3", "3,4", "\x00"]),
)


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_playouts_keep_the_protocol(game: Any, seed: int) -> None:
    positions, _ = playout(game, random.Random(seed))
    texts = [game.format_position(position) for position in positions]
    for position, text in zip(positions, texts, strict=True):
        legal = position.legal_moves()
        assert (position.outcome() is None) == bool(legal), "legal_moves and outcome agree"
        copy = game.parse_position(text)
        assert copy == position and hash(copy) == hash(position), "positions are values"
        for move in legal:
            assert game.parse_move(position, game.format_move(move)) == move
            assert position.play_legal(move) == position.play(move), "a legal move, unjudged"
        assert game.format_position(position) == text, "play never changes its position"
        assert game.draw(position)
    assert positions[-1].outcome() is not None


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=JUNK, seed=st.integers(0, 2**32))
def test_any_text_is_a_move_or_the_games_own_refusal(game: Any, text: str, seed: int) -> None:
    positions, _ = playout(game, random.Random(seed))
    position = random.Random(seed).choice(positions)
    for read in (lambda: game.parse_move(position, text), lambda: game.parse_position(text)):
        with contextlib.suppress(DameroError):
            read()


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_record_written_and_read_back_is_the_same_game(game: Any, seed: int) -> None:
    game = smallest(game)
    rng = random.Random(seed)
    positions, moves = playout(game, rng)
    kept = rng.randint(0, len(moves))
    record = Record(
        game, (("started", "today"),) if kept % 2 else (), game.start(), tuple(moves[:kept])
    )
    stream = io.StringIO()
    game.record_format.write(record, stream)
    stream.seek(0)
    read = game.record_format.read(stream, EVERY_GAME)
    # a format may leave out what the rules do by themselves (the seed file's forced passes)
    while kept < len(moves) and game.automatic_move(positions[kept]) is not None:
        kept += 1
    assert (read.game, read.start, read.moves) == (game, game.start(), tuple(moves[:kept]))
    if record.header:
        assert read.header in (record.header, ()), "a format keeps its header or has none"


def _near_the_end(game: Any, rng: random.Random, plies: int) -> Any:
    positions, _ = playout(game, rng)
    return positions[max(0, len(positions) - 1 - plies)]


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_analysis_agrees_with_a_plain_exhaustive_search(game: Any) -> None:
    game = smallest(game)
    solver = NegamaxSolver[Any]()
    rng = random.Random(9)
    for _ in range(12):
        position = _near_the_end(game, rng, plies=rng.randint(1, 7))
        if position.outcome() is not None:
            continue
        values = game.analyst.move_values(position, limit=Limit(depth=8), clock=None)
        exact: dict[Any, Verdict] = dict(solver.move_values(position))
        assert {move for move, _ in values} == set(exact)
        best = values[0][1]
        assert best.result == max(exact.values(), key=lambda verdict: verdict.rank).result
        for move, value in values:
            if value.verdict is not None:
                assert value.verdict == exact[move]
            elif value.is_exact:
                assert value.result == exact[move].result


def every_variant(game: Any) -> list[Any]:
    """The game at each value of its options (Othello at every size)."""
    variants = [game]
    for name, values in game.options.items():
        variants = [variant.variant(**{name: value}) for variant in variants for value in values]
    return variants


EVERY_VARIANT = [variant for game in EVERY_GAME for variant in every_variant(game)]


def expected_pieces(game: Any, position: Any) -> set[tuple[int, int, Side | None]]:
    """Where each game's pieces stand, from its position's own fields, as (row, column, side)."""
    if game.name == "catmouse":
        place = lambda square: (square_row(square) - 1, square_column(square) - 1)  # noqa: E731
        cats = {(*place(cat), Side.SECOND) for cat in position.cats}
        return cats | ({(*place(position.mouse), Side.FIRST)} if position.mouse else set())
    if game.name == "othello":
        sides = {"X": Side.FIRST, "O": Side.SECOND}
        return {
            (row, column, sides[disc])
            for row, text in enumerate(position.board_rows())
            for column, disc in enumerate(text)
            if disc in sides
        }
    if game.name == "tictactoe":
        marks = {"X": Side.FIRST, "O": Side.SECOND}
        return {
            ((cell - 1) // 3, (cell - 1) % 3, marks[mark])
            for cell in range(1, 10)
            if (mark := position.mark_at(cell)) is not None
        }
    assert game.name == "nim"
    return {
        (heap, column, None) for heap, size in enumerate(position.heaps) for column in range(size)
    }


def follow(board: Board, clicks: tuple[tuple[int, int], ...]) -> str | None:
    """The move a page makes for these clicks, as the drawer reads a description: a click on a
    one-click target plays it; a click on the first cell of two-click targets picks it, and a
    click on one of their second cells then plays that move."""
    picked: tuple[int, int] | None = None
    for click in clicks:
        played = [
            target.text
            for target in board.targets
            if target.clicks == ((picked, click) if picked else (click,))
        ]
        if played:
            return played[0]
        if picked is None and any(
            len(target.clicks) == 2 and target.clicks[0] == click for target in board.targets
        ):
            picked = click
        else:
            return None
    return None


@pytest.mark.parametrize(
    "game", EVERY_VARIANT, ids=lambda game: game.name + str(getattr(game, "size", ""))
)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_board_shows_every_move_and_every_piece(game: Any, seed: int) -> None:
    positions, moves = playout(game, random.Random(seed))
    catalogs = [Catalog(language) for language in LANGUAGES]
    layout = game.layout
    cells = {(cell.row, cell.column) for cell in layout.cells}
    assert all(0 <= row < layout.rows and 0 <= column < layout.columns for row, column in cells)
    assert len(cells) == len(layout.cells), "each cell once"
    assert layout.kinds, "the legend names every kind of piece"
    for catalog in catalogs:
        assert all(catalog.say(kind.name) for kind in layout.kinds)
        assert all(catalog.say(name) for name in layout.side_names)
    for index, position in enumerate(positions):
        last = tuple(moves[index - 1 : index])
        board = game.board(position, last)
        assert set(board.last) <= cells
        legal = position.legal_moves()
        assert sorted(target.text for target in board.targets) == sorted(
            game.format_move(move) for move in legal
        ), "one target per legal move"
        paths = [target.clicks for target in board.targets if target.clicks]
        assert len(set(paths)) == len(paths), "click paths are distinct"
        for target in board.targets:
            move = game.parse_move(position, target.text)
            assert move in legal and target.move == move, "the target carries its move"
            if not target.clicks:
                forced = game.automatic_move(position)
                assert forced is not None and forced[0] == move, (
                    "only the rules' own move has no click"
                )
                continue
            assert 1 <= len(target.clicks) <= 2 and set(target.clicks) <= cells
            assert follow(board, target.clicks) == target.text, "the clicks pick out this move"
        assert all(0 <= piece.kind < len(layout.kinds) for piece in board.pieces)
        pieces = [
            (piece.row, piece.column, layout.kinds[piece.kind].side) for piece in board.pieces
        ]
        assert len(set(pieces)) == len(pieces) and {(r, c) for r, c, _ in pieces} <= cells
        assert set(pieces) == expected_pieces(game, position), "the pieces are the position's"


@pytest.mark.parametrize(
    "game", EVERY_VARIANT, ids=lambda game: game.name + str(getattr(game, "size", ""))
)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_position_set_up_as_its_board_shows_it_is_the_same_position(game: Any, seed: int) -> None:
    """What a position editor starts from (the board's pieces) and sends back (`arrange`) is the
    position itself, for every position a game reaches; a game with no pieces to place has no
    editor."""
    if not game.piece_kinds:
        return
    kinds = {(kind.side, kind.kind) for kind in game.piece_kinds}
    labelled = {(cell.row, cell.column) for cell in game.layout.cells if cell.label}
    for catalog in (Catalog(language) for language in LANGUAGES):
        assert all(catalog.say(kind.name) for kind in game.piece_kinds)
    positions, _ = playout(game, random.Random(seed))
    for position in positions:
        board = game.board(position, ())
        kinds_drawn = [game.layout.kinds[piece.kind] for piece in board.pieces]
        placements = [
            Placement(piece.row, piece.column, kind.side, kind.kind)
            for piece, kind in zip(board.pieces, kinds_drawn, strict=True)
        ]
        assert {(p.side, p.kind) for p in placements} <= kinds
        assert {(p.row, p.column) for p in placements} <= labelled
        assert game.arrange(placements, position.side_to_move) == position
