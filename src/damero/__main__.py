"""Lets `python -m damero` start the program."""

from damero.cli import main

raise SystemExit(main())
