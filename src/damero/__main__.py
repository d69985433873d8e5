"""Starts the program, for `python -m damero` and the `damero` command alike.

The front end is loaded inside the guard against Ctrl-C, so a Ctrl-C while the program loads
ends it as quietly as one while it runs.
"""

import sys

INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells give it."""

try:
    from damero.cli import main
except KeyboardInterrupt:
    sys.exit(INTERRUPTED)


def run() -> int:
    """Runs the front end; Ctrl-C at any moment gives INTERRUPTED, no traceback."""
    try:
        return main()
    except KeyboardInterrupt:
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(run())
