"""Offline tools that make what the runtime ships (the Othello evaluation's weights).

Nothing under `damero` but this package imports it: a game, a server or a search never loads the
trainer, its self-play or its fitting.
"""
