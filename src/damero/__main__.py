"""Starts the program, for `python -m damero` and the `damero` command alike.

Nothing is imported before the guard against Ctrl-C, so a Ctrl-C while the program loads ends
it as quietly as one while it runs.
"""

import sys

INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells give it."""


def run() -> int:
    """Loads the front end and runs it; Ctrl-C at any moment gives INTERRUPTED, no traceback."""
    try:
        from damero.cli import main

        return main()
    except KeyboardInterrupt:
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(run())
