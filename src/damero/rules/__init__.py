"""The rules of each game, one module a game: positions, moves and their text, the board drawn as
text. They import nothing of damero's but the core, so the solvers and engines that build on
them, and each game's package (`damero.games.NAME`) above those, load in one direction."""
