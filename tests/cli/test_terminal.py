"""At a terminal: colour, boards redrawn in place and single keys; never in a pipe."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import Run, Terminal, run_in_terminal
from damero.games.catmouse import CatMouse
from damero.games.othello import PASS, SIZES, Othello, OthelloPosition
from damero.games.othello.seed_file import format_game
from damero.games.tictactoe import TicTacToe

CLEAR = "\x1b[H\x1b[2J"
CELL = {
    "en": "type the number of the cell where you want to play: ",
    "es": "Escriba el número de casilla en donde desea tirar: ",
}
"""The end of Tic-tac-toe's prompt, for either player."""
REPLAY = "a (forward), r (back), s (leave), j (play on from here): "
OTHELLO_MOVE = "to leave): "
MENU = "Choose an option: "
RED_X = "\x1b[31"
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def answering(prompt: str, *keys: str) -> list[tuple[str, str]]:
    """Each of `keys` typed once `prompt` shows again."""
    return [(prompt, typed) for typed in keys]


def screen_lines(shown: str) -> set[str]:
    """The lines a terminal showed, without their colour codes."""
    return set(ESCAPE.sub("", shown).replace("\r\n", "\n").split("\n"))


def assert_boards_whole(game: Any, positions: list[Any], shown: str) -> None:
    """Every row of each position's board is one whole line of what the terminal showed."""
    lines = screen_lines(shown)
    for position in positions:
        drawing = game.draw(position)
        if position.outcome() is None:
            drawing = game.draw_playable(position) or drawing
        for row in drawing.split("\n"):
            assert row in lines, (row, sorted(lines))


def near_the_end(size: int) -> list[OthelloPosition]:
    """The boards of a random game up to ten empty squares, its side to move able to place."""
    rng = random.Random(size)
    position = OthelloPosition.start(size)
    boards = [position]
    while position.count(position.side_to_move) + position.count(
        position.side_to_move.other
    ) < size * size - 10 or position.legal_moves() == (PASS,):
        move = rng.choice(position.legal_moves())
        position = position.play(move)
        if move != PASS:
            boards.append(position)
    return boards


@pytest.mark.parametrize("size", SIZES)
def test_no_board_row_is_split_at_a_colour_terminal_on_any_othello_board(
    size: int, tmp_path: Path
) -> None:
    boards = near_the_end(size)
    (tmp_path / "g.txt").write_text(format_game(boards))
    game = Othello(size)
    position = boards[-1].play(PASS) if boards[-1].legal_moves() == (PASS,) else boards[-1]
    move = position.legal_moves()[0]
    answers = [
        (MENU, "4\n"),
        ("Name of the file with the game: ", "g.txt\n"),
        *answering(OTHELLO_MOVE, game.format_move(move) + "\n", "-1 -1\n"),
        (MENU, "3\n"),
    ]
    shown = run_in_terminal(["othello", "--lang", "en"], answers, cwd=tmp_path)
    assert "\x1b[31" in shown and "\x1b[34" in shown, "the discs are in colour"
    assert_boards_whole(game, [position, position.play(move)], shown)


def test_no_board_row_is_split_at_a_colour_terminal_in_the_other_games(tmp_path: Path) -> None:
    catmouse = CatMouse()
    answers = [
        ("Starting square of the mouse: 29 , 30 , 31 or 32 . ", "30\n"),
        ("New square of the mouse: ", "26\n"),
        ("Cat to move and its new square (for example 20 24): ", "q\n"),
    ]
    shown = run_in_terminal(["catmouse", "--lang", "en"], answers, cwd=tmp_path)
    start = catmouse.start()
    placed = start.play(catmouse.parse_move(start, "30"))
    assert_boards_whole(
        catmouse, [start, placed, placed.play(catmouse.parse_move(placed, "26"))], shown
    )
    tictactoe = TicTacToe()
    answers = answering(CELL["es"], "5\n", "1\n", "q\n")
    shown = run_in_terminal(["tictactoe", "--lang", "es"], answers, cwd=tmp_path)
    first = tictactoe.start().play(tictactoe.parse_move(tictactoe.start(), "5"))
    assert_boards_whole(tictactoe, [tictactoe.start(), first], shown)


def test_a_terminal_gets_colour_and_boards_redrawn_in_place(tmp_path: Path) -> None:
    answers = answering(CELL["en"], "5\n", "1\n", "q\n")
    shown = run_in_terminal(["tictactoe", "--lang", "en"], answers, cwd=tmp_path)
    assert shown.count(CLEAR) == 3, "each board is drawn over the last one"
    assert f"{RED_X};7mX\x1b[0m" in shown, "the mark just placed in reverse video"
    assert "\x1b[34;7mO\x1b[0m" in shown
    assert f"{RED_X};1mX\x1b[0m" in shown, "the pieces of the side to move bold"
    answers = [
        ("Starting square of the mouse: 29 , 30 , 31 or 32 . ", "30\n"),
        ("New square of the mouse: ", "q\n"),
    ]
    catmouse = run_in_terminal(["catmouse", "--lang", "en"], answers, cwd=tmp_path)
    assert "|\x1b[34mGT\x1b[0m|" in catmouse and "\x1b[31;1;7mRT\x1b[0m" in catmouse
    othello = run_in_terminal(
        ["othello", "play", "--size", "4", "--lang", "en"], [(OTHELLO_MOVE, "q\n")], cwd=tmp_path
    )
    assert ". * . .\r\n2 * " in othello, "X's four placements are marked"


def test_replay_takes_single_keys_at_a_terminal(run: Run, tmp_path: Path) -> None:
    run(["tictactoe", "--save", "t.txt"], ["5", "1", "9"])
    answers = answering(REPLAY, "a", "a", "r", "s")
    shown = run_in_terminal(["replay", "t.txt", "--lang", "en"], answers, cwd=tmp_path)
    assert "Position 3 of 4" in shown and shown.count("Position 2 of 4") == 2
    assert "not a replay key" not in shown


def test_no_color_and_plain_give_the_piped_output(run: Run, tmp_path: Path) -> None:
    answers = answering(CELL["en"], "5\n", "1\n", "q\n")
    for options, environment in (
        ([], {"NO_COLOR": "1"}),
        (["--plain"], {}),
        ([], {"TERM": "dumb"}),  # a terminal that says it shows no colour and cannot clear
    ):
        shown = run_in_terminal(
            ["tictactoe", *options, "--lang", "en"], answers, cwd=tmp_path, env=environment
        )
        assert "\x1b[" not in shown
        piped = run(["tictactoe", *options, "--lang", "en"], ["5", "1", "q"]).stdout
        assert shown.replace("\r\n", "\n") == piped


RIGHT, LEFT, UP = "\x1b[C", "\x1b[D", "\x1b[A"
"""What the arrow keys send."""


@pytest.mark.parametrize(
    ("language", "position", "prompt", "unknown"),
    [
        (
            "en",
            "Position {} of 4",
            "a (forward), r (back), s (leave), j (play on from here): ",
            "'↑' is not a replay key",
        ),
        (
            "es",
            "Jugada {} de 4",
            "a (avanzar), r (retroceder), s (salir), j (jugar desde aquí): ",
            "'↑' no es una tecla válida",
        ),
    ],
)
def test_the_arrow_keys_step_through_a_replay_and_never_reach_the_screen_raw(
    run: Run, tmp_path: Path, language: str, position: str, prompt: str, unknown: str
) -> None:
    run(["tictactoe", "--save", "t.txt"], ["5", "1", "9", "q"])
    answers = answering(prompt, RIGHT, RIGHT, LEFT, UP, "s")
    shown = run_in_terminal(["replay", "t.txt", "--lang", language], answers, cwd=tmp_path)
    assert position.format(3) in shown and shown.count(position.format(2)) == 2
    assert unknown in shown
    assert not any(key in shown for key in (RIGHT, LEFT, UP)), "no cursor moved by a key"
    lines = screen_lines(shown)
    for arrow in "→←↑":
        assert f"{prompt}{arrow}" in lines, "the prompt's line holds the prompt and the key alone"


@pytest.mark.parametrize(
    ("language", "thinking", "prompt", "left"),
    [
        ("en", "The computer is thinking", "O, your move", "Game left."),
        ("es", "El ordenador está pensando", "Jugador O, fila y columna", "Partida abandonada."),
    ],
)
@pytest.mark.usefixtures("compiled_engine")
def test_keys_typed_while_the_computer_thinks_are_neither_shown_nor_played(
    tmp_path: Path, language: str, thinking: str, prompt: str, left: str
) -> None:
    """Typed-ahead keys are dropped: a move typed before the computer's reply is seen would be
    played blind, from a prompt that shows nothing typed."""
    terminal = Terminal(
        ["othello", "play", "--x", "computer", "--level", "5", "--lang", language], cwd=tmp_path
    )
    try:
        terminal.wait_for(thinking)
        terminal.type("q\n")  # it would leave the game, were it kept
        until_the_prompt = terminal.wait_for(prompt)
        terminal.wait_for(": ")
        terminal.type("?\n")
        helped = terminal.wait_for("Othello. ")
        terminal.type("q\n")
        terminal.wait_for(left)
    finally:
        terminal.close()
    thinking_line = until_the_prompt.split(CLEAR)[0]
    assert "q" not in thinking_line, "nothing typed lands in the line that says it thinks"
    assert left not in until_the_prompt + helped, "the key typed ahead was not played"
    assert helped.endswith("?\r\nOthello. "), "the help under the prompt it was asked at"


@pytest.mark.parametrize(
    ("language", "prompt", "rules"),
    [
        (
            "en",
            "Player O, type the number of the cell where you want to play: ",
            "Tic-tac-toe. X moves first",
        ),
        (
            "es",
            "Jugador O. Escriba el número de casilla en donde desea tirar: ",
            "El Gato (tres en raya). Empieza X",
        ),
    ],
)
def test_a_question_typed_ahead_is_answered_under_its_prompt(
    tmp_path: Path, language: str, prompt: str, rules: str
) -> None:
    """Two lines pasted at once: the second waits for the next prompt, and is shown after it, so
    that the help it asks for starts on a line of its own."""
    answers = [(CELL[language], "5\n?\n"), (rules, ""), (prompt, "q\n")]
    shown = run_in_terminal(["tictactoe", "--lang", language], answers, cwd=tmp_path)
    plain = ESCAPE.sub("", shown).replace("\r\n", "\n")
    assert f"{prompt}?\n{rules}" in plain
    assert f"{prompt}{rules}" not in plain


@pytest.mark.parametrize(
    ("language", "so_far", "select", "taken"),
    [
        (
            "en",
            "The board so far:",
            "Select a position on the board:",
            "Cells marked X or O are already taken",
        ),
        (
            "es",
            "El gato hasta el momento:",
            "Selecciona una posición en el tablero:",
            "Las casillas marcadas con X u O ya están ocupadas",
        ),
    ],
)
def test_the_tic_tac_toe_article_s_words_head_every_board_at_a_terminal(
    tmp_path: Path, language: str, so_far: str, select: str, taken: str
) -> None:
    answers = answering(CELL[language], "5\n", "1\n", "q\n")
    shown = run_in_terminal(["tictactoe", "--lang", language], answers, cwd=tmp_path)
    screens = [ESCAPE.sub("", screen).replace("\r\n", "\n") for screen in shown.split(CLEAR)[1:]]
    assert len(screens) == 3
    assert screens[0].startswith(f"{select}\n{taken}\n 1 2 3\n")
    assert screens[1].startswith(
        f"{so_far}\n - - -\n - X -\n - - -\n{select}\n{taken}\n 1 2 3\n 4 X 6"
    )
    assert screens[2].startswith(f"{so_far}\n O - -\n - X -\n - - -\n{select}\n{taken}\n O 2 3")
