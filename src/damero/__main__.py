"""Lets `python -m damero` start the program."""

from damero.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
