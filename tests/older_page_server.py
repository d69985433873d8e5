"""`python -m older_page_server ARGUMENTS`: the `damero` command as a release whose page was
another (its files named otherwise), for tests of a page open while its server is updated."""

from __future__ import annotations

import sys

import damero.web.routes
from damero.cli import main
from logged_secrets import record_minted_secrets

if __name__ == "__main__":
    record_minted_secrets()
    damero.web.routes.RELEASE = "0" * 12
    sys.exit(main(sys.argv[1:]))
