"""`python -m nim_server ARGUMENTS`: the `damero` command with the tests' Nim added to GAMES, for
tests that run a server as its own process (`damero serve`) and play Nim in it."""

from __future__ import annotations

import sys

import damero.registry
from damero.cli import main
from logged_secrets import record_minted_secrets
from nim import Nim


def run(argv: list[str]) -> int:
    """`damero ARGV` as the command runs it, with Nim one of its games."""
    damero.registry.GAMES = (*damero.registry.GAMES, Nim())
    record_minted_secrets()
    return main(argv)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
