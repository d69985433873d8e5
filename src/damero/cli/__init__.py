"""The `damero` command: parses the command line and hands each game to its terminal front end."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from damero.cli import play
from damero.cli.console import Console, EndOfInput
from damero.games.catmouse import CatMouse
from damero.i18n import LANGUAGES, Catalog, choose_language


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="damero",
        description="Classic two-player board games at the terminal.",
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="language of every message (default: from LC_ALL, LC_MESSAGES or LANG; else en)",
    )
    games = parser.add_subparsers(dest="command", metavar="GAME")
    catmouse = games.add_parser(
        "catmouse",
        help="Four Cats and the Mouse (Los Cuatro Gatos y el Ratón)",
        description="Four Cats and the Mouse for two people at one terminal.",
    )
    _add_record_options(catmouse)
    return parser


def _add_record_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="language of every message")
    records = parser.add_mutually_exclusive_group()
    records.add_argument("--save", metavar="FILE", type=Path,
                         help="write the game to FILE as it goes, one move per line")
    records.add_argument("--replay", metavar="FILE", type=Path,
                         help="replay a saved game: a forward, r back, s leave, j play on")


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


def _run(arguments: argparse.Namespace, console: Console) -> int:
    if arguments.command == "catmouse":
        game = CatMouse()
        if arguments.replay is not None:
            return play.replay(console, game, arguments.replay)
        save = None
        if arguments.save is not None:
            save = play.new_record_path(console, str(arguments.save))
            if save is None:
                return 2
        return play.play(console, game, save=save)
    build_parser().print_help(console.stdout)
    return 0
