"""The `damero` command: parses the command line and hands each game to its terminal front end."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from damero.cli import play
from damero.cli.console import Console, EndOfInput
from damero.cli.menu import front_door
from damero.cli.othello import OthelloMenu
from damero.core import Side
from damero.errors import RecordError
from damero.games import find_game
from damero.i18n import LANGUAGES, Catalog, choose_language
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
        if name == "othello":
            _add_othello_actions(game)
        else:
            _add_record_options(game)
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


def _add_players(parser: argparse.ArgumentParser, name: str) -> None:
    for option, side in SIDE_OPTIONS[name]:
        parser.add_argument(
            f"--{option}",
            choices=("human", "computer"),
            default="human",
            help=f"who plays {option} (default: human)",
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


def _add_othello_actions(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    perft = actions.add_parser(
        "perft",
        help="count the positions DEPTH plies from the start",
        description="Count the leaf positions DEPTH plies from the start (a forced pass is a ply).",
    )
    _add_language(perft, default=argparse.SUPPRESS)
    perft.add_argument("depth", type=int, metavar="DEPTH")
    perft.add_argument("--size", type=int, default=8, choices=(4, 6, 8, 10), help="board size")


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Runs the command; returns the exit status (130 after Ctrl-C)."""
    arguments = build_parser().parse_args(argv)
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


def _run(arguments: argparse.Namespace, console: Console) -> int:
    if arguments.command is None:
        return front_door(console, lambda name: _play_game(console, name, None))
    if arguments.command == "replay":
        return _replay_any(console, arguments.file)
    return _play_game(console, arguments.command, arguments)


def _play_game(console: Console, name: str, arguments: argparse.Namespace | None) -> int:
    if name == "othello":
        if arguments is not None and arguments.action == "perft":
            return _perft(console, arguments.depth, arguments.size)
        return OthelloMenu(console).run()
    game = find_game(name)
    replay = getattr(arguments, "replay", None)
    if replay is not None:
        return play.replay(console, game, replay)
    save = getattr(arguments, "save", None)
    if save is not None:
        save = play.new_record_path(console, str(save))
        if save is None:
            return 2
    return play.play(console, game, save=save)


def _replay_any(console: Console, path: Path) -> int:
    """Replays a file of any game: the Othello seed's format or damero's move list."""
    try:
        with path.open(encoding="utf-8", errors="replace") as stream:
            first = stream.readline().strip()
    except OSError as error:
        console.say(
            "record.error",
            path=str(path),
            reason=RecordError(
                "record.cannot_open", line=0, path=str(path), why=error.strerror
            ).message,
        )
        return 1
    if first == othello_file.TITLE:
        return OthelloMenu(console).replay_file(path)
    if first.startswith(movelist.MAGIC):
        name = first[len(movelist.MAGIC) :].strip()
        try:
            game: Any = find_game(name)
        except KeyError:
            console.say("record.unknown_game", path=str(path), name=name)
            return 1
        return play.replay(console, game, path)
    console.say("record.unknown_format", path=str(path))
    return 1


def _perft(console: Console, depth: int, size: int) -> int:
    import time

    from damero.games.othello import OthelloPosition, perft

    started = time.perf_counter()
    leaves = perft(OthelloPosition.start(size), depth)
    seconds = time.perf_counter() - started
    console.say(
        "othello.perft",
        depth=depth,
        size=size,
        leaves=leaves,
        seconds=seconds,
        rate=leaves / seconds if seconds > 0 else 0.0,
    )
    return 0
