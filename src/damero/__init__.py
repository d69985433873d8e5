"""damero: classic two-player board games, with rules kept apart from every front end."""

__version__ = "0.1.0"
