"""Each game as damero presents it, one package a game: its `Game` value, words, board
description and files, over the game's rules in `damero.rules`. The tuple of them is
`damero.registry.GAMES`."""
