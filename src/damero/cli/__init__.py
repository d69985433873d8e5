"""The `damero` command: parses the command line and hands each game to its terminal front end."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from damero.cli import advice, play
from damero.cli.console import Console, EndOfInput
from damero.cli.menu import front_door
from damero.cli.othello import OthelloMenu
from damero.cli.play import Seating
from damero.core import Message, Side
from damero.games import find_game
from damero.games.othello import SIZES
from damero.i18n import LANGUAGES, Catalog, choose_language
from damero.players import LEVELS
from damero.records import movelist, othello_file

SIDE_OPTIONS = {
    "catmouse": (("mouse", Side.FIRST), ("cats", Side.SECOND)),
    "othello": (("x", Side.FIRST), ("o", Side.SECOND)),
    "tictactoe": (("x", Side.FIRST), ("o", Side.SECOND)),
}
DESCRIPTIONS = {
    "catmouse": "Four Cats and the Mouse (Los Cuatro Gatos y el Ratón)",
    "othello": "Othello on boards 4x4 to 10x10, with the seed's game files",
    "tictactoe": "Tic-tac-toe (El Gato)",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="damero",
        description="Classic two-player board games at the terminal. "
        "Without a GAME, a menu offers the games and the language.",
    )
    _add_language(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar="GAME")
    for name, description in DESCRIPTIONS.items():
        game = commands.add_parser(name, help=description, description=description)
        _add_language(game, default=argparse.SUPPRESS)
        _add_players(game, name)
        actions = game.add_subparsers(dest="action", metavar="ACTION")
        if name == "othello":
            _add_othello_actions(actions)
        else:
            _add_record_options(game)
            if name == "catmouse":
                _add_action(actions, "solve", "solve the whole game and print who wins each start")
            analyse = _add_action(
                actions, "analyse", "print who wins a position and each move's value"
            )
            _add_position_arguments(analyse, name)
    replay = commands.add_parser(
        "replay",
        help="replay any game file, recognising its game",
        description="Replay a game file of any game (a forward, r back, s leave, j play on).",
    )
    _add_language(replay, default=argparse.SUPPRESS)
    replay.add_argument("file", metavar="FILE", type=Path, help="the game file")
    return parser


def _add_language(parser: argparse.ArgumentParser, *, default: object) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default,
        help="language of every message (default: from LC_ALL, LC_MESSAGES or LANG; else en)",
    )


def _add_action(actions: Any, name: str, description: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = actions.add_parser(
        name, help=description, description=description
    )
    _add_language(parser, default=argparse.SUPPRESS)
    return parser


def _add_players(parser: argparse.ArgumentParser, name: str) -> None:
    for option, _side in SIDE_OPTIONS[name]:
        parser.add_argument(
            f"--{option}",
            choices=("human", "computer"),
            default="human",
            help=f"who plays {'the ' + option if len(option) > 1 else option.upper()} (default: human)",
        )
    parser.add_argument(
        "--level",
        type=int,
        choices=LEVELS,
        default=3,
        help="the computer's strength, 1 (beginner) to 5 (the strongest the game allows); default 3",
    )
    parser.add_argument(
        "--seed", type=int, help="seed for the computer's choices between equal moves"
    )


def _add_record_options(parser: argparse.ArgumentParser) -> None:
    records = parser.add_mutually_exclusive_group()
    records.add_argument(
        "--save",
        metavar="FILE",
        type=Path,
        help="write the game to FILE as it goes, one move per line",
    )
    records.add_argument(
        "--replay",
        metavar="FILE",
        type=Path,
        help="replay a saved game: a forward, r back, s leave, j play on",
    )


def _add_position_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    if name == "catmouse":
        parser.add_argument("mouse", type=int, help="the mouse's square, 1..32")
        parser.add_argument("cats", type=int, nargs=4, metavar="CAT", help="the four cats' squares")
        parser.add_argument(
            "--to-move", choices=("mouse", "cats"), default="mouse", help="side to move"
        )
    elif name == "tictactoe":
        parser.add_argument(
            "board", help="nine cells row by row, each X, O or - (free); X moves first"
        )
    else:
        parser.add_argument(
            "board", help="the board row by row, one of X, O or - per square (64 for 8x8)"
        )
        parser.add_argument("side", type=str.upper, choices=("X", "O"), help="the side to move")
    parser.add_argument("--json", action="store_true", help="print JSON for other programs")
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="Othello: thinking time (default 5)"
    )


def _add_othello_actions(actions: Any) -> None:
    perft = _add_action(
        actions,
        "perft",
        "count the leaf positions DEPTH plies from the start (a forced pass is a ply)",
    )
    perft.add_argument("depth", type=int, metavar="DEPTH")
    perft.add_argument("--size", type=int, default=8, choices=SIZES, help="board size (default 8)")
    solve = _add_action(
        actions, "solve", "solve a position exactly: the score with best play and the best move"
    )
    solve.add_argument(
        "board", nargs="?", help="the board row by row, X, O or - per square (default: the start)"
    )
    solve.add_argument(
        "side", nargs="?", type=str.upper, choices=("X", "O"), help="the side to move"
    )
    solve.add_argument(
        "--size", type=int, default=8, choices=SIZES, help="board size for the start (default 8)"
    )
    analyse = _add_action(
        actions, "analyse", "print who is winning a position and each move's value"
    )
    _add_position_arguments(analyse, "othello")


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Runs the command; returns the exit status (130 after Ctrl-C)."""
    words = sys.argv[1:] if argv is None else list(argv)
    arguments = build_parser().parse_args([_board_word(word) for word in words])
    console = Console(
        stdin or sys.stdin,
        stdout or sys.stdout,
        Catalog(choose_language(arguments.lang)),
    )
    try:
        return _run(arguments, console)
    except EndOfInput:
        console.say("cli.end_of_input")
        return 0
    except KeyboardInterrupt:
        console.write("")
        console.say("cli.interrupted")
        return 130
    except BrokenPipeError:
        return 0


BOARD_WORD = re.compile(r"[XOxo.-]{9,}")


def _board_word(word: str) -> str:
    """A board string with '.' for '-', so that one starting with '-' is not taken for an option."""
    return word.replace("-", ".") if BOARD_WORD.fullmatch(word) else word


def _run(arguments: argparse.Namespace, console: Console) -> int:
    if arguments.command is None:
        return front_door(console, lambda name: _play_game(console, name, Seating()))
    if arguments.command == "replay":
        return _replay_any(console, arguments.file)
    action = getattr(arguments, "action", None)
    if action is not None:
        return _act(console, arguments)
    computers = frozenset(
        side
        for option, side in SIDE_OPTIONS[arguments.command]
        if getattr(arguments, option) == "computer"
    )
    seating = Seating(computers, arguments.level, arguments.seed)
    return _play_game(console, arguments.command, seating, arguments)


def _play_game(
    console: Console, name: str, seating: Seating, arguments: argparse.Namespace | None = None
) -> int:
    if name == "othello":
        return OthelloMenu(console, seating).run()
    game = find_game(name)
    replay = getattr(arguments, "replay", None)
    if replay is not None:
        return play.replay(console, game, replay, seating)
    save = getattr(arguments, "save", None)
    if save is not None:
        save = play.new_record_path(console, str(save))
        if save is None:
            return 2
    return play.play(console, game, seating, save=save)


def _act(console: Console, arguments: argparse.Namespace) -> int:
    """The analysis commands: solve, analyse, perft."""
    name, action = arguments.command, arguments.action
    if name == "othello" and action == "perft":
        return advice.perft(console, arguments.depth, arguments.size)
    if name == "catmouse" and action == "solve":
        return advice.solve_catmouse(console)
    if name == "othello" and action == "solve":
        position = advice.othello_position(console, arguments.board, arguments.side, arguments.size)
        return 2 if position is None else advice.solve_othello(console, position)
    game = find_game(name)
    position = advice.read_position(console, name, arguments)
    if position is None:
        return 2
    seconds = getattr(arguments, "seconds", advice.HINT_SECONDS)
    return advice.report(console, game, position, as_json=arguments.json, seconds=seconds)


def _replay_any(console: Console, path: Path) -> int:
    """Replays a file of any game: the Othello seed's format or damero's move list."""
    try:
        with path.open(encoding="utf-8", errors="replace") as stream:
            first = stream.readline().strip()
    except OSError as error:
        why = Message("record.cannot_open", {"path": str(path), "why": error.strerror})
        console.say("record.error", path=str(path), reason=why)
        return 1
    if first == othello_file.TITLE:
        return OthelloMenu(console, Seating()).replay_file(path)
    if first.startswith(movelist.MAGIC):
        name = first[len(movelist.MAGIC) :].strip()
        try:
            game: Any = find_game(name)
        except KeyError:
            console.say("record.unknown_game", path=str(path), name=name)
            return 1
        return play.replay(console, game, path, Seating())
    console.say("record.unknown_format", path=str(path))
    return 1
