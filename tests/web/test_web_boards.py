"""What the page is told of a position beyond the rules' own board: the last move marked from and
to, a forced pass said, the result in a player's words, the legend and the sides' names."""

from __future__ import annotations

import random
from typing import Any

from damero.i18n import Catalog
from damero.progress import PERSON, GameInProgress, Seat
from damero.registry import find_game
from damero.web.protocol import describe

ENGLISH = Catalog("en")


def shown_last(state: GameInProgress, catalog: Catalog = ENGLISH) -> dict[str, Any]:
    """What a page is told of the game's last position."""
    return describe(state, len(state.moves), catalog)


def test_a_person_who_lost_to_the_computer_is_told_the_computer_won() -> None:
    game = find_game("tictactoe")
    texts = ["1", "5", "2", "3", "4", "7"]
    lost = shown_last(GameInProgress.replayed(game, texts=texts, seats=(PERSON, Seat(1))))
    assert "The computer (O) has won the game" in lost["status"]
    assert not any("Congratulations" in line for line in lost["status"])
    won = shown_last(GameInProgress.replayed(game, texts=texts, seats=(Seat(1), PERSON)))
    assert "Congratulations, player O" in won["status"]


def test_a_mouse_step_is_marked_where_it_began_and_where_it_ended() -> None:
    game = find_game("catmouse")
    board = shown_last(GameInProgress.replayed(game, texts=["29", "25"]))["board"]
    assert sorted(board["last"]) == [[6, 1], [7, 0]]
    assert board["vacated"] == [[7, 0]]
    assert [entry["name"] for entry in board["legend"]] == ["the mouse", "a cat"]


def test_a_forced_pass_is_said_and_the_move_before_it_stays_marked() -> None:
    game = find_game("othello").variant(size=4)
    rng = random.Random(1)
    for _ in range(200):
        positions, moves = [game.start()], []
        while positions[-1].outcome() is None:
            automatic = game.automatic_move(positions[-1])
            move = automatic[0] if automatic else rng.choice(positions[-1].legal_moves())
            moves.append(move)
            positions.append(positions[-1].play(move))
            if automatic and len(moves) > 1 and not moves[-2].is_pass:
                break
        if moves and moves[-1].is_pass and positions[-1].outcome() is None:
            break
    else:
        raise AssertionError("no random 4x4 game had a forced pass")
    state = GameInProgress.replayed(game, moves=moves)
    shown = shown_last(state)
    placed = moves[-2]
    assert shown["forced"] == [ENGLISH.say(game.automatic_move(positions[-2])[1])]
    assert [placed.row, placed.column] in shown["board"]["last"]
    assert shown["board"]["side_names"] == {"first": "Black (X)", "second": "White (O)"}
    spanish = shown_last(state, Catalog("es"))["board"]
    assert [entry["name"] for entry in spanish["legend"]] == ["Negras (X)", "Blancas (O)"]
