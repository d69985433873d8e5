"""The `damero` command: one subcommand per game in `GAMES`, each handed to the terminal front end."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import textwrap
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO, TypeVar

from damero import registry
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
from damero.cli.review import REVIEW_SECONDS, review_file
from damero.cli.thinking import prepare, think
from damero.core import Game, Limit, Message, count, parse_number, parse_seconds
from damero.errors import DameroError, os_reason
from damero.i18n import LANGUAGES, Catalog, choose_language
from damero.players import LEVELS

ANALYSIS_SECONDS = 5.0
MAX_DELAY = 3600.0
"""The longest pause after a computer's move: an hour is more than anyone means."""


def build_parser(catalog: Catalog) -> argparse.ArgumentParser:
    """The command line, its help in the catalogue's language."""
    text = catalog.text
    parser = _parser(catalog, prog="damero", description=text("help.damero"))
    _add_language(parser, catalog, default=None)
    commands = parser.add_subparsers(dest="command", metavar=text("help.game_metavar"))
    for game in registry.GAMES:
        _add_game(commands, catalog, game)
    replay = _add_parser(commands, catalog, "replay", text("help.replay"))
    _add_language(replay, catalog, default=argparse.SUPPRESS)
    replay.add_argument(
        "file", metavar=text("help.file_metavar"), type=Path, help=text("help.replay_file")
    )
    review = _add_parser(commands, catalog, "review", text("help.review"))
    _add_language(review, catalog, default=argparse.SUPPRESS)
    review.add_argument(
        "file", metavar=text("help.file_metavar"), type=Path, help=text("help.replay_file")
    )
    review.add_argument("--json", action="store_true", help=text("help.json"))
    review.add_argument(
        "--seconds",
        type=_seconds(catalog),
        default=REVIEW_SECONDS,
        metavar=text("help.seconds_metavar"),
        help=text("help.review_seconds", seconds=REVIEW_SECONDS),
    )
    setup = _add_parser(commands, catalog, "setup", text("help.setup"))
    _add_language(setup, catalog, default=argparse.SUPPRESS)
    setup.add_argument("--quiet", action="store_true", help=text("help.setup_quiet"))
    serve = _add_parser(commands, catalog, "serve", text("help.serve"))
    serve.add_argument("--host", default="127.0.0.1", help=text("help.host"))
    serve.add_argument("--port", type=_integer(catalog), default=8000, help=text("help.port"))
    serve.add_argument("--db", metavar="URL", default=None, help=text("help.db"))
    serve.add_argument(
        "--computer-timeout",
        type=_seconds(catalog),
        default=30.0,
        metavar=text("help.seconds_metavar"),
        help=text("help.computer_timeout"),
    )
    serve.add_argument(
        "--abandon-after",
        type=_seconds(catalog),
        default=300.0,
        metavar=text("help.seconds_metavar"),
        help=text("help.abandon_after"),
    )
    serve.add_argument("--metrics", metavar="HOST:PORT", default=None, help=text("help.metrics"))
    serve.add_argument(
        "--log-format", choices=("text", "json"), default="text", help=text("help.log_format")
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        metavar="ADDRESSES",
        default=None,
        help=text("help.forwarded_allow_ips"),
    )
    database = _add_parser(commands, catalog, "db", text("help.db_command"))
    actions = database.add_subparsers(
        dest="db_action", metavar=text("help.action_metavar"), required=True
    )
    for action in ("backup", "restore", "migrate", "status"):
        parser_of = _add_parser(actions, catalog, action, text(f"help.db_{action}"))
        if action in ("backup", "restore"):
            parser_of.add_argument(
                "file", type=Path, metavar=text("help.file_metavar"), help=text("help.db_file")
            )
        if action == "restore":
            parser_of.add_argument("--replace", action="store_true", help=text("help.db_replace"))
        parser_of.add_argument("--db", metavar="URL", default=None, help=text("help.db"))
    return parser


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, breaking lines only between words: a board written with '-' for
    its empty squares stays whole, and the lines of a text stay as it breaks them."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return _wrap(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines = []
        for line in text.split("\n"):
            inner = indent + line[: len(line) - len(line.lstrip())]
            lines += _wrap(" ".join(line.split()), width, indent=inner) or [""]
        return "\n".join(lines)


def _wrap(text: str, width: int, *, indent: str = "") -> list[str]:
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


@contextlib.contextmanager
def _argparse_speaking(catalog: Catalog) -> Iterator[None]:
    """argparse's own words (its usage line, headings and errors) in the catalogue's language,
    through the gettext functions argparse looks them up with while it builds and parses."""
    saved = {name: getattr(argparse, name) for name in ("_", "ngettext")}
    setattr(argparse, "_", catalog.gettext)  # noqa: B010 (names typeshed does not declare)
    setattr(argparse, "ngettext", catalog.ngettext)  # noqa: B010
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(argparse, name, function)


def _parser(catalog: Catalog, **settings: Any) -> argparse.ArgumentParser:
    """The command's parser, its help in the catalogue's language."""
    parser = argparse.ArgumentParser(add_help=False, formatter_class=_Formatter, **settings)
    return _with_help(parser, catalog)


def _add_parser(
    commands: Any, catalog: Catalog, name: str, description: str, **settings: Any
) -> argparse.ArgumentParser:
    """A subcommand's parser, made as `_parser` makes the first."""
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=description,
        description=description,
        add_help=False,
        formatter_class=_Formatter,
        **settings,
    )
    return _with_help(parser, catalog)


def _with_help(parser: argparse.ArgumentParser, catalog: Catalog) -> argparse.ArgumentParser:
    """`parser` with -h and --help, said in the catalogue's language."""
    parser.add_argument("-h", "--help", action="help", help=catalog.text("help.help"))
    return parser


def _add_game(commands: Any, catalog: Catalog, game: Game[Any, Any]) -> None:
    text = catalog.text
    summary = text(
        "help.game", title=text(f"{game.name}.title"), summary=text(f"{game.name}.summary")
    )
    parser = _add_parser(commands, catalog, game.name, summary)
    _add_language(parser, catalog, default=argparse.SUPPRESS)
    _add_play_options(parser, catalog, game, default=None)
    actions = parser.add_subparsers(dest="action", metavar=text("help.action_metavar"))
    play_action = _add_parser(actions, catalog, "play", text("help.play"))
    _add_language(play_action, catalog, default=argparse.SUPPRESS)
    _add_play_options(play_action, catalog, game, default=argparse.SUPPRESS)
    example = game.format_position(game.start())
    analyse = _add_parser(
        actions,
        catalog,
        "analyse",
        text("help.analyse"),
        epilog=text("help.position_example", example=example),
    )
    _add_language(analyse, catalog, default=argparse.SUPPRESS)
    analyse.add_argument(
        "position", nargs="+", metavar=text("help.position_metavar"), help=text("help.position")
    )
    analyse.add_argument("--json", action="store_true", help=text("help.json"))
    if game.analyst.is_timed:
        analyse.add_argument(
            "--seconds",
            type=_seconds(catalog),
            default=ANALYSIS_SECONDS,
            metavar=text("help.seconds_metavar"),
            help=text("help.thinking_time", seconds=ANALYSIS_SECONDS),
        )
    for command in game.commands:
        action = _add_parser(actions, catalog, command.name, text(command.description_key))
        _add_language(action, catalog, default=argparse.SUPPRESS)
        for flags, settings in command.arguments:
            settings = {
                **settings,
                **{word: text(settings[word]) for word in ("help", "metavar") if word in settings},
            }
            worded: dict[object, Callable[[str], object]] = {
                parse_seconds: _seconds(catalog),
                count: _whole_number(catalog),
            }
            if settings.get("type") in worded:  # refused in words, as --delay is
                settings["type"] = worded[settings["type"]]
            action.add_argument(*flags, **settings)


def _add_language(parser: argparse.ArgumentParser, catalog: Catalog, *, default: object) -> None:
    """The options every command takes: the language, and plain output at a terminal."""
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=default, help=catalog.text("help.lang")
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        default=False if default is None else default,
        help=catalog.text("help.plain"),
    )


def _add_play_options(
    parser: argparse.ArgumentParser, catalog: Catalog, game: Game[Any, Any], *, default: object
) -> None:
    """Who plays, how, and into which file; `default` SUPPRESS leaves a value the game's own
    parser already read, so the options work before and after `play`."""
    text = catalog.text

    def option(name: str, fallback: object, **settings: Any) -> None:
        value = fallback if default is None else default
        parser.add_argument(f"--{name}", default=value, **settings)

    for side_option, side in game.side_options:
        option(
            side_option,
            "human",
            type=_seat(catalog),
            metavar=text("help.seat_metavar"),
            help=text("help.side", side=Message(game.side_key(side))),
        )
    option("level", 3, type=_whole_number(catalog), choices=LEVELS, help=text("help.level"))
    option(
        "seed",
        None,
        type=_integer(catalog),
        metavar=text("help.seed_metavar"),
        help=text("help.seed"),
    )
    option(
        "delay",
        None,
        type=_delay(catalog),
        metavar=text("help.seconds_metavar"),
        help=text("help.delay"),
    )
    for name, values in game.options.items():
        usual = next(value for value in values if game.variant(**{name: value}) == game)
        what = text(f"{game.name}.{name}_option")
        # Without an action the menu asks for the options not given; `play` takes the usual ones.
        key = "help.option_asked" if default is None else "help.option"
        option(
            name,
            None,
            type=_whole_number(catalog),
            choices=values,
            help=text(key, what=what, usual=usual),
        )
    records = parser.add_mutually_exclusive_group()
    file_metavar = text("help.file_metavar")
    records.add_argument(
        "--save",
        metavar=file_metavar,
        type=Path,
        default=None if default is None else default,
        help=text("help.save"),
    )
    records.add_argument(
        "--replay",
        metavar=file_metavar,
        type=Path,
        default=None if default is None else default,
        help=text("help.replay_option"),
    )


ValueT = TypeVar("ValueT")


def _in_words(
    parse: Callable[[str], ValueT], catalog: Catalog, key: str
) -> Callable[[str], ValueT]:
    """`parse` as an option's type: text it refuses with ValueError is refused in the
    catalogue's words (`key`, quoting the text) rather than in argparse's own."""

    def typed(text: str) -> ValueT:
        try:
            return parse(text)
        except ValueError:
            raise argparse.ArgumentTypeError(catalog.text(key, text=text)) from None

    typed.__name__ = parse.__name__
    return typed


def _seconds(catalog: Catalog) -> Callable[[str], float]:
    """The type of a number of seconds, 0 or more and finite."""
    return _in_words(parse_seconds, catalog, "help.bad_seconds")


def _whole_number(catalog: Catalog) -> Callable[[str], int]:
    """The type of a count (a depth, a size, a level), 0 or more."""
    return _in_words(count, catalog, "help.bad_count")


def _integer(catalog: Catalog) -> Callable[[str], int]:
    """The type of a whole number of any sign (a seed, a port)."""

    def integer(text: str) -> int:
        number = parse_number(text)
        if number is None:
            raise ValueError(text)
        return number

    return _in_words(integer, catalog, "help.bad_integer")


SEATS = {"human": "human", "computer": "computer", "persona": "human", "ordenador": "computer"}
"""Who may take a side, in either language's words: the command line reads both whichever
language it speaks, so that a script works in both."""


def _seat(catalog: Catalog) -> Callable[[str], str]:
    """The type of a side's option: 'human' or 'computer' in either language."""

    def seat(text: str) -> str:
        if text.strip().lower() not in SEATS:
            raise ValueError(text)
        return SEATS[text.strip().lower()]

    return _in_words(seat, catalog, "help.bad_seat")


def _delay(catalog: Catalog) -> Callable[[str], float]:
    """The type of --delay: seconds from 0 to MAX_DELAY, refused in words otherwise."""

    def delay(text: str) -> float:
        try:
            seconds = parse_seconds(text)
        except ValueError:
            seconds = MAX_DELAY + 1
        if seconds > MAX_DELAY:
            message = catalog.text("help.bad_delay", text=text, most=MAX_DELAY)
            raise argparse.ArgumentTypeError(message)
        return seconds

    return delay


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Runs the command; returns the exit status (130 after Ctrl-C)."""
    typed_words = sys.argv[1:] if argv is None else list(argv)
    words = [_board_word(word) for word in typed_words]
    catalog = Catalog(choose_language(_language_asked(words)))
    with _argparse_speaking(catalog):
        arguments = build_parser(catalog).parse_args(words)
    if getattr(arguments, "position", None):
        # The position as typed, so that a refusal quotes the player's own words.
        typed = {_board_word(word): word for word in typed_words}
        arguments.position = [typed.get(word, word) for word in arguments.position]
    console = Console(
        stdin or standard_input(), stdout or standard_output(), catalog, plain=arguments.plain
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


def _language_asked(words: Sequence[str]) -> str | None:
    """The language `--lang` asks for, read before the rest so the help is in it; None if none."""
    reader = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    reader.add_argument("--lang")
    try:
        language = reader.parse_known_args(words)[0].lang
    except argparse.ArgumentError:  # refused by the full parser, in words
        return None
    return language if language in LANGUAGES else None


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
    if arguments.command == "setup":
        return _set_up(console, quiet=arguments.quiet)
    if arguments.command == "serve":
        # Imported here: the terminal games need none of the server's packages.
        from damero.web.server import serve

        return serve(
            console.say_message,
            host=arguments.host,
            port=arguments.port,
            url=arguments.db,
            claim_seconds=arguments.computer_timeout,
            abandon_seconds=arguments.abandon_after,
            metrics=arguments.metrics,
            log_format=arguments.log_format,
            forwarded_allow_ips=arguments.forwarded_allow_ips,
        )
    if arguments.command == "db":
        from damero.web.admin import database_command

        return database_command(
            console.say_message,
            arguments.db_action,
            url=arguments.db,
            file=getattr(arguments, "file", None),
            replace=getattr(arguments, "replace", False),
        )
    if arguments.command == "review":
        return review_file(
            console, arguments.file, as_json=arguments.json, seconds=arguments.seconds
        )
    if arguments.command == "replay":
        return play.replay_file(console, arguments.file, Seating())
    game = registry.find_game(arguments.command)
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
        return _play(console, game, seating, options_given=bool(chosen))
    return play.play_games(console, game, seating, save=save)


def _set_up(console: Console, *, quiet: bool) -> int:
    """`damero setup`: what the games' analysts do once (the Othello engine compiled), done now
    rather than on first use; `quiet` says nothing if it was all done already."""
    did = [prepare(console, game.analyst) for game in registry.GAMES]
    if not any(did) and not quiet:
        console.say("cli.nothing_to_set_up")
    return 0


def _play(
    console: Console, game: Game[Any, Any], seating: Seating, *, options_given: bool = False
) -> int:
    """Plays `game`; one whose every game goes into a file opens the seed's file menu instead,
    which asks for the game's options unless the command line gave them."""
    if game.record_format.keeps_every_game:
        return OthelloMenu(console, seating, game, ask_size=not options_given).run()
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
    prepare(console, game.analyst, stream=console.stderr)  # not timed with the command
    latest: deque[Message] = deque(maxlen=1)
    try:
        lines = think(
            console,
            lambda: command.run(vars(arguments), time.perf_counter, latest.append),
            progress=lambda: latest[-1] if latest else None,
            stream=console.stderr,
        )
    except DameroError as error:
        console.say("analysis.bad_position", why=error.message)
        return 2
    for line in lines:
        console.write(line if isinstance(line, str) else console.catalog.say(line))
    return 0
