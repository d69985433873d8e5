"""Words a player reads: said to the right person, quoting only what the player typed, in the
player's language, and never broken in the middle of a prompt or a board row."""

from __future__ import annotations

import io
import json
import signal
import string
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import WAIT_SECONDS, Run, with_ctrl_c, without_locale
from damero.cli import main
from damero.cli.console import COLUMNS, display_width
from damero.core import Message, Value, Verdict, describe_value
from damero.games.catmouse import CATS, CatMouse
from damero.i18n import Catalog, every_message


def said(text: str) -> str:
    """`text` with its lines joined as one, as a person reads wrapped lines."""
    return " ".join(text.split())


def damero(arguments: list[str], answers: list[str], language: str = "en") -> tuple[int, str]:
    out = io.StringIO()
    typed = io.StringIO("".join(f"{answer}\n" for answer in answers))
    status = main([*arguments, "--lang", language], stdin=typed, stdout=out)
    return status, out.getvalue()


@pytest.fixture
def in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize(
    ("language", "won", "congratulation"),
    [
        ("en", "You lost.\nThree in a row.", "Congratulations"),
        ("es", "Ha perdido.\nTres en línea.", "Felicidades"),
    ],
)
def test_a_person_who_loses_to_the_computer_is_told_so_and_nobody_is_congratulated(
    language: str, won: str, congratulation: str
) -> None:
    # X takes 1, 2 and 4 in turn; the perfect O blocks at 3 and then wins on 3-5-7.
    answers = ["1", "2", "3", "4", "6", "7", "8"]
    status, out = damero(["tictactoe", "--o", "computer", "--level", "5"], answers, language)
    assert status == 0 and won in out and congratulation not in out
    status, out = damero(["tictactoe"], ["1", "4", "2", "5", "3"], language)
    assert congratulation in out, "a person who wins is congratulated as the seed has it"


def test_a_win_in_one_move_is_said_of_any_side() -> None:
    value = Value(verdict=Verdict("win", 1))
    english = Catalog("en").say(describe_value(CatMouse(), value, CATS))
    assert english == "the cats win in one move"


def test_othellos_rules_name_no_pass_nor_menu_that_is_not_there() -> None:
    _, out = damero(["othello", "play", "--size", "4"], ["?", "q"])
    rules = said(out)
    assert "-1 -1 leaves the game" in rules
    assert "0 0" not in rules and "menu" not in rules
    _, out = damero(["othello", "play", "--size", "4"], ["?", "q"], "es")
    assert "-1 -1 abandona la partida" in said(out) and "0 0" not in out


@pytest.mark.usefixtures("in_tmp_path")
def test_the_board_size_is_asked_only_where_help_says_it_is(run: Run) -> None:
    menu_help = said(run(["othello", "--help"]).stdout)
    assert "--size {4,6,8,10} the board size (default: the menu asks; 8 with --save)" in menu_help
    play_help = said(run(["othello", "play", "--help"]).stdout)
    assert "--size {4,6,8,10} the board size (default 8)" in play_help
    _, out = damero(["othello", "--size", "6"], ["1", "s.txt", "-1 -1", "3"])
    assert "Board size" not in out and "  1 2 3 4 5 6\n1 . . . . . ." in out
    _, out = damero(["othello"], ["1", "t.txt", "4", "-1 -1", "3"])
    assert "Board size (an even number from 4 to 10): 4" in out


@pytest.mark.usefixtures("in_tmp_path")
def test_refusals_quote_what_the_player_typed() -> None:
    # The mouse on 26 (row 7, column 4) answers 6 7 by row and column, then its own square.
    _, out = damero(["catmouse"], ["30", "26", "1 5", "6 7", "26", "q"])
    assert "Wrong move... row 6, column 7 is not diagonally next to row 7, column 4." in out
    assert "Wrong move... 26 is the square it stands on: give its new square." in out
    _, out = damero(["catmouse"], ["30", "26", "1 1", "q"])
    assert "Wrong move... 1 is the square it stands on" in out
    status, out = damero(["catmouse", "analyse", "33", "1", "2", "3", "4"], [])
    assert status == 2
    assert out == "That is not a position of this game: 33 is not a square: squares are 1 to 32.\n"
    status, out = damero(["replay", "nonexist.txt"], [])
    assert out == "Cannot read nonexist.txt: there is no such file\n"
    for command, quit_choice in (([], "5"), (["othello"], "3")):
        _, out = damero(command, ["", quit_choice])
        assert "''" not in out and "Type one of the numbers shown." in out


def test_help_is_in_the_language_asked_for(run: Run) -> None:
    for arguments, environment in ((["--lang", "es"], {}), ([], {"LANG": "es_ES.UTF-8"})):
        shown = said(run([*arguments, "othello", "play", "--help"], env=environment).stdout)
        assert shown.startswith("uso: damero othello play")
        assert "opciones: -h, --help muestra esta ayuda y termina" in shown
        assert "--size {4,6,8,10} el tamaño del tablero (por omisión 8)" in shown
        assert "options" not in shown and "default" not in shown
    refused = run(["tictactoe", "--delay", "soon", "--lang", "es"])
    assert "'soon' no es una pausa en segundos de 0 a 3600" in refused.stderr


def test_spanish_refusals_of_a_move_start_as_the_seed_does() -> None:
    english, spanish = every_message("en"), every_message("es")
    wrong = [key for key, text in english.items() if text.startswith("Wrong move...")]
    assert len(wrong) >= 8
    for key in wrong:
        assert spanish[key].startswith("Movimiento erroneo... "), key


def test_the_spanish_menu_says_what_the_mouse_game_is() -> None:
    _, out = damero([], ["5"], "es")
    assert "1- Los Cuatro Gatos y el Ratón: el ratón escapa o los gatos lo acorralan" in out


LONGEST_VALUES = {
    "side": Message("catmouse.mouse"),
    "player": "O",
    "report": Message(
        "othello.searching",
        {"empties": 96, "depth": 60, "nodes": 2_000_000_000, "move": "10 10", "left": 999},
    ),
    "seconds": 999.0,
}
"""The widest value each field of a prompt or a progress line takes (a search of a quarter of an
hour reaches some two thousand million positions)."""

ANSWER_ROOM = 8
"""Columns a prompt leaves on its line for the answer."""


@pytest.mark.parametrize("language", ["en", "es"])
def test_prompts_and_progress_lines_fit_a_line_unbroken(language: str) -> None:
    catalog = Catalog(language)
    messages = every_message(language)
    prompts = [key for key, text in messages.items() if text.endswith(" ")]
    assert len(prompts) >= 14
    for key in prompts:
        fields = {name for _, name, _, _ in string.Formatter().parse(messages[key]) if name}
        text = catalog.text(key, **{name: LONGEST_VALUES[name] for name in fields})
        assert display_width(text) <= COLUMNS - ANSWER_ROOM, text
    progress = catalog.text("cli.progress", **LONGEST_VALUES)
    assert display_width(progress) <= COLUMNS, progress


def test_commands_print_only_their_output_on_standard_output(run: Run) -> None:
    solved = run(["catmouse", "solve", "--lang", "en"])
    assert solved.stdout.startswith("Legal positions: "), solved.stdout[:200]
    for arguments in (["catmouse", "analyse", "22", "2", "3", "4", "17"], ["tictactoe", "analyse"]):
        position = [] if arguments[0] == "catmouse" else ["XX-OO----"]
        document = json.loads(run([*arguments, *position, "--json"]).stdout)
        assert document["exact"] is True
        assert all(move["exact"] is True for move in document["moves"])


def test_a_file_name_prompt_takes_help_and_no_game_command(run: Run, tmp_path: Path) -> None:
    run(["tictactoe", "--save", "t.txt"], ["5", "1"])
    out = run(
        ["replay", "t.txt", "--lang", "en"], ["a", "j", "?", "h", "u", "more.txt", "q"]
    ).stdout
    assert "Type a file name; an empty line or q leaves without choosing one." in out
    assert "'h' does nothing here" in out and "'u' does nothing here" in out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["more.txt", "t.txt"]


def test_ctrl_c_while_the_program_loads_ends_it_quietly(tmp_path: Path) -> None:
    # -X importtime reports each module as its import ends: once damero.core is in, the program
    # is loading the rest of its front end, and Ctrl-C comes then.
    process = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "damero", "catmouse", "--lang", "en"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=without_locale(),
        preexec_fn=with_ctrl_c,
    )
    assert process.stderr is not None
    for line in process.stderr:
        if line.split(b"|")[-1].strip() == b"damero.core":
            break
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=WAIT_SECONDS)
    assert process.returncode == 130
    assert b"Traceback" not in errors and b"KeyboardInterrupt" not in errors
