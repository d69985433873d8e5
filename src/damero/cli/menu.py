"""The front door: `damero` alone offers every game in `GAMES` and the language switch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from damero import registry
from damero.cli.console import Console
from damero.core import Game, parse_number
from damero.i18n import LANGUAGES, Catalog


def front_door(console: Console, start_game: Callable[[Game[Any, Any]], int]) -> int:
    """Repeats the menu until the player leaves; each choice plays a game and comes back here."""
    while True:
        offered = registry.GAMES
        console.write("")
        console.say("menu.title")
        for number, game in enumerate(offered, start=1):
            console.say(
                "menu.game",
                number=number,
                title=console.text(f"{game.name}.title"),
                summary=console.text(f"{game.name}.summary"),
            )
        language_choice, quit_choice = len(offered) + 1, len(offered) + 2
        console.say("menu.language", number=language_choice)
        console.say("menu.quit", number=quit_choice)
        answer = console.ask(console.text("menu.choose")).lower()
        choice = parse_number(answer)
        if choice == quit_choice or answer == "q":
            return 0
        if choice == language_choice:
            other = LANGUAGES[(LANGUAGES.index(console.catalog.language) + 1) % len(LANGUAGES)]
            console.catalog = Catalog(other)
        elif choice is not None and 1 <= choice <= len(offered):
            start_game(offered[choice - 1])
        elif answer == "?":
            console.say("menu.help")
        elif not answer:
            console.say("menu.type_a_number")
        else:
            console.say("menu.unknown", choice=answer[:40])
