"""`python -m recorded_damero ARGUMENTS`: the `damero` command as the tests' servers run it, each
seat token it mints recorded for the final check that no log holds one (logged_secrets.py)."""

from __future__ import annotations

import sys

from damero.cli import main
from logged_secrets import record_minted_secrets

if __name__ == "__main__":
    record_minted_secrets()
    sys.exit(main(sys.argv[1:]))
