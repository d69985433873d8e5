"""No secret in any log: every seat token the tests' servers hand out (and any other secret a test
uses) is recorded here, every log a test's server writes is listed here, and a final check at the
end of the run (conftest.py) reads every log for every secret.

The servers the tests start as processes record the tokens they mint themselves
(`record_minted_secrets`, called by their entry points); an app run in a test's own process does
the same through a fixture, and its log goes to a file listed here too.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

FOLDER = Path(os.environ.get("DAMERO_TEST_OUTPUT") or Path(__file__).parent / "output") / "secrets"
"""Where the run's secrets and the list of its logs are kept, a file of each per process."""
SHORTEST = 8
"""A secret shorter than this would be found by chance: none is that short."""


def begin() -> None:
    """A run starts: nothing recorded yet."""
    shutil.rmtree(FOLDER, ignore_errors=True)
    FOLDER.mkdir(parents=True, exist_ok=True)


def _append(kind: str, text: str) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    with (FOLDER / f"{kind}-{os.getpid()}.txt").open("a", encoding="utf-8") as listed:
        listed.write(text + "\n")


def record_secret(secret: str) -> None:
    """A token, session id or password that must never be written in a log."""
    assert len(secret) >= SHORTEST and "\n" not in secret
    _append("secrets", secret)


def record_log(path: Path) -> None:
    """A log the final check reads."""
    _append("logs", str(path.resolve()))


def _read(kind: str) -> list[str]:
    return [
        line
        for listed in sorted(FOLDER.glob(f"{kind}-*.txt"))
        for line in listed.read_text(encoding="utf-8").splitlines()
        if line
    ]


def secrets() -> set[str]:
    return set(_read("secrets"))


def logs() -> list[Path]:
    return sorted({Path(line) for line in _read("logs")})


def leaks(paths: Iterable[Path], secrets: set[str]) -> list[str]:
    """Each line of the logs at `paths` that holds one of `secrets`, named by its file and line
    (the secret shown by its first characters only)."""
    found = []
    for path in paths:
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            for secret in secrets:
                if secret in line:
                    found.append(f"{path}:{number}: a secret ({secret[:4]}...)")
    return found


def recording(mint: Callable[[], str]) -> Callable[[], str]:
    """`mint`, each secret it makes recorded as it is made."""

    def minted() -> str:
        secret = mint()
        record_secret(secret)
        return secret

    return minted


def record_minted_secrets() -> None:
    """Every seat token this process's server mints is recorded as it is made."""
    import damero.web.routes
    import damero.web.stored

    damero.web.routes.new_token = recording(damero.web.stored.new_token)
