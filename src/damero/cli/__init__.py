"""The `damero` command: one subcommand per game in `GAMES`, each handed to the terminal front end."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from damero import games
from damero.cli import advice, play
from damero.cli.console import (
    Console,
    EndOfInput,
    standard_input,
    standard_output,
    stop_writing,
)
from damero.cli.menu import front_door
from damero.cli.othello import OthelloMenu
from damero.cli.play import Seating
from damero.cli.thinking import think
from damero.core import Game, Limit, Message, count, parse_seconds
from damero.errors import DameroError, os_reason
from damero.i18n import LANGUAGES, Catalog, choose_language
from damero.players import LEVELS

ANALYSIS_SECONDS = 5.0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="damero",
        description="Classic two-player board games at the terminal. "
        "Without a GAME, a menu offers the games and the language.",
    )
    _add_language(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar="GAME")
    for game in games.GAMES:
        _add_game(commands, game)
    replay = commands.add_parser(
        "replay",
        help="replay any game file, recognising its game",
        description="Replay a game file of any game (a forward, r back, s leave, j play on).",
    )
    _add_language(replay, default=argparse.SUPPRESS)
    replay.add_argument("file", metavar="FILE", type=Path, help="the game file")
    serve = commands.add_parser(
        "serve",
        help="play in the browser: start the server",
        description="Serve every game to browsers; games are kept in a database.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help="sqlite:///PATH or postgresql://USER@HOST/DB "
        "(default: a SQLite file in the user's data folder)",
    )
    serve.add_argument(
        "--computer-timeout",
        type=_seconds,
        default=30.0,
        metavar="SECONDS",
        help="with several servers on one database: how long a computer's turn taken by a "
        "server that stopped waits before another server plays it (default 30)",
    )
    return parser


def _add_game(commands: Any, game: Game[Any, Any]) -> None:
    parser = commands.add_parser(game.name, help=game.description, description=game.description)
    _add_language(parser, default=argparse.SUPPRESS)
    _add_play_options(parser, game, default=None)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    play_action = _add_action(actions, "play", "play at once, without a menu")
    _add_play_options(play_action, game, default=argparse.SUPPRESS)
    analyse = _add_action(actions, "analyse", "print who wins a position and each move's value")
    example = game.format_position(game.start())
    analyse.add_argument(
        "position", nargs="+", metavar="POSITION", help=f"the position, as in: {example}"
    )
    analyse.add_argument("--json", action="store_true", help="print JSON for other programs")
    if game.analyst.is_timed:
        analyse.add_argument(
            "--seconds",
            type=_seconds,
            default=ANALYSIS_SECONDS,
            help=f"thinking time (default {ANALYSIS_SECONDS:g})",
        )
    for command in game.commands:
        action = _add_action(actions, command.name, command.description)
        for flags, settings in command.arguments:
            if settings.get("type") is parse_seconds:  # refused in words, as --delay is
                settings = {**settings, "type": _seconds}
            action.add_argument(*flags, **settings)


def _add_language(parser: argparse.ArgumentParser, *, default: object) -> None:
    """The options every command takes: the language, and plain output at a terminal."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default,
        help="language of every message (default: from LC_ALL, LC_MESSAGES or LANG; else en)",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        default=False if default is None else default,
        help="no colour, no redrawing in place, Enter after every key (also: NO_COLOR set)",
    )


def _add_action(actions: Any, name: str, description: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = actions.add_parser(
        name, help=description, description=description
    )
    _add_language(parser, default=argparse.SUPPRESS)
    return parser


def _add_play_options(
    parser: argparse.ArgumentParser, game: Game[Any, Any], *, default: object
) -> None:
    """Who plays, how, and into which file; `default` SUPPRESS leaves a value the game's own
    parser already read, so the options work before and after `play`."""

    def option(name: str, fallback: object, **settings: Any) -> None:
        value = fallback if default is None else default
        parser.add_argument(f"--{name}", default=value, **settings)

    for side_option, _side in game.side_options:
        side = "the " + side_option if len(side_option) > 1 else side_option.upper()
        option(
            side_option,
            "human",
            choices=("human", "computer"),
            help=f"who plays {side} (default: human)",
        )
    option(
        "level",
        3,
        type=count,
        choices=LEVELS,
        help="the computer's strength, 1 (beginner) to 5 (the strongest the game allows); default 3",
    )
    option("seed", None, type=int, help="seed for the computer's choices between equal moves")
    option(
        "delay",
        None,
        type=_seconds,
        metavar="SECONDS",
        help="pause after each computer move (default: a short one when only computers play at a terminal)",
    )
    for name, values in game.options.items():
        option(name, None, type=count, choices=values, help=f"the game's {name} (default: asked)")
    records = parser.add_mutually_exclusive_group()
    records.add_argument(
        "--save",
        metavar="FILE",
        type=Path,
        default=None if default is None else default,
        help="write the game to FILE as it goes",
    )
    records.add_argument(
        "--replay",
        metavar="FILE",
        type=Path,
        default=None if default is None else default,
        help="replay a saved game: a forward, r back, s leave, j play on",
    )


def _seconds(text: str) -> float:
    """A number of seconds, 0 or more and finite, or argparse's refusal saying so."""
    try:
        return parse_seconds(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text[:40]}' is not a number of seconds, 0 or more"
        ) from None


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Runs the command; returns the exit status (130 after Ctrl-C)."""
    words = sys.argv[1:] if argv is None else list(argv)
    arguments = build_parser().parse_args([_board_word(word) for word in words])
    if getattr(arguments, "position", None):
        # The position as typed, so that a refusal quotes the player's own words.
        typed = {_board_word(word): word for word in words}
        arguments.position = [typed.get(word, word) for word in arguments.position]
    console = Console(
        stdin or standard_input(),
        stdout or standard_output(),
        Catalog(choose_language(arguments.lang)),
        plain=arguments.plain,
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
        stop_writing(console.stdout)
        return 0
    except OSError as error:  # the system failed us where no file was being written
        refusal = console.text("cli.system_error", why=os_reason(error))
        try:
            console.write(refusal)
        except OSError:  # standard output itself failed: say it where it can still be read
            stop_writing(console.stdout)
            with contextlib.suppress(OSError, ValueError):
                print(refusal, file=sys.stderr)
        return 1


OPTION = re.compile(r"--?[a-z][a-z-]*(=.*)?", re.DOTALL)
NUMBER = re.compile(r"-[0-9.]+")


def _board_word(word: str) -> str:
    """A board with '.' for '-', so that one starting with '-' is not taken for an option."""
    if (
        len(word) > 1
        and word.startswith("-")
        and not OPTION.fullmatch(word)
        and not NUMBER.fullmatch(word)
    ):
        return word.replace("-", ".")
    return word


def _run(arguments: argparse.Namespace, console: Console) -> int:
    if arguments.command is None:
        return front_door(console, lambda game: _play(console, game, Seating()))
    if arguments.command == "serve":
        # Imported here: the terminal games need none of the server's packages.
        from damero.web.server import serve

        return serve(
            console,
            host=arguments.host,
            port=arguments.port,
            url=arguments.db,
            claim_seconds=arguments.computer_timeout,
        )
    if arguments.command == "replay":
        return play.replay_file(console, arguments.file, Seating())
    game = games.find_game(arguments.command)
    chosen = {
        option: getattr(arguments, option)
        for option in game.options
        if getattr(arguments, option, None) is not None
    }
    game = game.variant(**chosen)
    action = getattr(arguments, "action", None)
    if action == "analyse":
        return _analyse(console, game, arguments)
    if action not in (None, "play"):
        return _command(console, game, arguments)
    computers = frozenset(
        side for option, side in game.side_options if getattr(arguments, option) == "computer"
    )
    seating = Seating(computers, arguments.level, arguments.seed, arguments.delay)
    if arguments.replay is not None:
        return play.replay_file(console, arguments.replay, seating, game)
    save = None
    if arguments.save is not None:
        save = play.new_record_path(console, str(arguments.save))
        if save is None:
            return 2
    if action is None and save is None:
        return _play(console, game, seating)
    return play.play_games(console, game, seating, save=save)


def _play(console: Console, game: Game[Any, Any], seating: Seating) -> int:
    """Plays `game`; one whose every game goes into a file opens the seed's file menu instead."""
    if game.record_format.keeps_every_game:
        return OthelloMenu(console, seating, game).run()
    return play.play_games(console, game, seating)


def _analyse(console: Console, game: Game[Any, Any], arguments: argparse.Namespace) -> int:
    try:
        position = game.parse_position(" ".join(arguments.position))
    except DameroError as error:
        console.say("analysis.bad_position", why=error.message)
        return 2
    limit = Limit(seconds=getattr(arguments, "seconds", ANALYSIS_SECONDS))
    return advice.report(console, game, position, as_json=arguments.json, limit=limit)


def _command(console: Console, game: Game[Any, Any], arguments: argparse.Namespace) -> int:
    """One of the game's own commands, run beside the prompt so Ctrl-C stops it at once."""
    command = next(command for command in game.commands if command.name == arguments.action)
    latest: deque[Message] = deque(maxlen=1)
    try:
        lines = think(
            console,
            lambda: command.run(vars(arguments), time.perf_counter, latest.append),
            progress=lambda: latest[-1] if latest else None,
        )
    except DameroError as error:
        console.say("analysis.bad_position", why=error.message)
        return 2
    for line in lines:
        console.write(line if isinstance(line, str) else console.catalog.say(line))
    return 0
