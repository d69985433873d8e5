"""damero's move list holds a game's options and a start set by hand, and refuses bad ones by line."""

from __future__ import annotations

import io

import pytest

from damero.errors import RecordError
from damero.games.othello import SEED_FILE
from damero.records import Record, format_for
from damero.records.movelist import MOVE_LIST, read
from damero.registry import GAMES, find_game


def test_an_othello_game_from_a_set_board_is_written_as_a_move_list_and_read_back() -> None:
    game = find_game("othello").variant(size=6)
    start = game.start().play(game.start().legal_moves()[0])  # O to move: no seed file says so
    moves = (start.legal_moves()[0],)
    record = Record(game, (("started", "2026-11-23 10:04"),), start, moves)
    assert format_for(record) is MOVE_LIST
    assert format_for(Record(game, (), game.start(), ())) is SEED_FILE
    text = io.StringIO()
    format_for(record).write(record, text)
    assert text.getvalue().splitlines()[:3] == [
        "# damero record: othello",
        "# size: 6",
        f"# start: {game.format_position(start)}",
    ]
    assert read(io.StringIO(text.getvalue()), GAMES) == record


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("# damero record: othello\n# size: 7\n", "line 2: '7' is not a size this game has"),
        ("# damero record: othello\n# size: big\n", "line 2: 'big' is not a size"),
        ("# damero record: tictactoe\n# start: XXXXXXXXX\n5\n", "line 2: the starting position"),
        (
            "# damero record: othello\n# size: 8\n# start: "
            + "-" * 14
            + "OX----XO"
            + "-" * 14
            + " X\n",
            "line 3: the starting position is not one of this board",
        ),
    ],
)
def test_bad_options_and_starts_are_refused_naming_their_line(text: str, words: str) -> None:
    from damero.i18n import Catalog

    with pytest.raises(RecordError) as refused:
        read(io.StringIO(text), GAMES)
    assert Catalog("en").say(refused.value.message).startswith(words)
