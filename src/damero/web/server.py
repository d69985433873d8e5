"""`damero serve`: the app on uvicorn, over the storage the --db URL names."""

from __future__ import annotations

import uvicorn

from damero.cli.console import Console
from damero.web.app import create_app
from damero.web.storage import Storage, StorageError, default_url

WEBSOCKET_FRAME_LIMIT = 1024 * 1024
"""uvicorn drops a socket sending more; the app refuses anything past its own, smaller limit."""


def serve(console: Console, *, host: str, port: int, url: str | None, claim_seconds: float) -> int:
    """Runs the server until Ctrl-C; 2 if the database cannot be opened."""
    url = url or default_url()
    try:
        storage = Storage(url)
    except StorageError as error:
        console.say_message(error.message)
        return 2
    console.say("web.serving", url=f"http://{host}:{port}/", db=storage.describe())
    try:
        uvicorn.run(
            create_app(storage, claim_seconds=claim_seconds),
            host=host,
            port=port,
            ws_max_size=WEBSOCKET_FRAME_LIMIT,
            ws_per_message_deflate=False,  # states are small; compressing each costs more than it saves
            log_level="warning",
        )
    finally:
        storage.close()
    return 0
