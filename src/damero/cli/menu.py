"""The front door: `damero` alone offers the three games and the language switch."""

from __future__ import annotations

from collections.abc import Callable

from damero.cli.console import Console
from damero.games import GAMES
from damero.i18n import LANGUAGES, Catalog


def front_door(console: Console, start_game: Callable[[str], int]) -> int:
    """Repeats the menu until the player leaves; each choice plays a game and comes back here."""
    while True:
        console.write("")
        console.say("menu.title")
        for number, game in enumerate(GAMES, start=1):
            console.say(
                "menu.game",
                number=number,
                title=console.text(f"{game.name}.title"),
                summary=console.text(f"{game.name}.summary"),
            )
        language_choice, quit_choice = len(GAMES) + 1, len(GAMES) + 2
        console.say("menu.language", number=language_choice)
        console.say("menu.quit", number=quit_choice)
        answer = console.ask(console.text("menu.choose")).lower()
        if answer in (str(quit_choice), "q"):
            return 0
        if answer == str(language_choice):
            other = LANGUAGES[(LANGUAGES.index(console.catalog.language) + 1) % len(LANGUAGES)]
            console.catalog = Catalog(other)
        elif answer.isdigit() and 1 <= int(answer) <= len(GAMES):
            start_game(GAMES[int(answer) - 1].name)
        elif answer == "?":
            console.say("menu.help")
        else:
            console.say("menu.unknown", choice=answer)
