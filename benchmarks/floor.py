"""The floor a move's cost is measured against: a bare server of damero's own stack doing the
least a game server must do for a move, run by benchmarks/web.py beside `damero serve`.

Starlette on uvicorn (with the same WebSocket protocol and settings), SQLAlchemy Core on SQLite in
WAL mode with every commit synced, as damero's storage is. A move is a JSON message naming the
version it was made at; the server parses it, checks the version and the side, commits the move
(the moves waiting while a transaction syncs go in the next one together, as damero's do) and
only then sends a small event to both seats. It knows no game: any text is a move, sides
alternate, and a game ends after MOVES_PER_GAME moves (about a random Four Cats game's length).

    python benchmarks/floor.py --port 8100 --db sqlite:////tmp/floor.sqlite3
"""

from __future__ import annotations

import argparse
import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
import uvicorn
from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

MOVES_PER_GAME = 48

METADATA = sa.MetaData()
GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
)
MOVES = sa.Table(
    "moves",
    METADATA,
    sa.Column("game", sa.Integer, primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("text", sa.String, nullable=False),
)


def synced_wal(connection: Any, _: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


@dataclass(eq=False)
class Game:
    version: int = 1
    sockets: set[WebSocket] = field(default_factory=set)


class Floor:
    def __init__(self, url: str) -> None:
        self.engine = sa.create_engine(url, connect_args={"check_same_thread": False})
        sa.event.listen(self.engine, "connect", synced_wal)
        METADATA.create_all(self.engine)
        self.games: dict[int, Game] = {}
        self.waiting: list[tuple[tuple[int, int, str], asyncio.Future[None]]] = []
        self.writer: asyncio.Task[None] | None = None

    async def create(self, request: Request) -> JSONResponse:
        def insert() -> int:
            with self.engine.begin() as connection:
                return int(
                    connection.execute(GAMES.insert().values(version=1)).inserted_primary_key[0]
                )

        game_id = await to_thread.run_sync(insert)
        self.games[game_id] = Game()
        return JSONResponse({"id": game_id})

    async def commit(self, move: tuple[int, int, str]) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((move, done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self.write_waiting())
        await done

    async def write_waiting(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            await to_thread.run_sync(self.write, [move for move, _ in batch])
            for _, done in batch:
                done.set_result(None)

    def write(self, moves: list[tuple[int, int, str]]) -> None:
        """The moves and their games' versions, in one synced transaction."""
        with self.engine.begin() as connection:
            connection.execute(
                MOVES.insert(),
                [{"game": game, "number": number, "text": text} for game, number, text in moves],
            )
            for game, number, _ in moves:
                connection.execute(
                    GAMES.update().where(GAMES.c.id == game).values(version=number + 1)
                )

    async def socket(self, websocket: WebSocket) -> None:
        await websocket.accept()
        game = self.games[int(websocket.path_params["game_id"])]
        seat = websocket.query_params["seat"] == "second"
        game.sockets.add(websocket)
        await websocket.send_text(json.dumps({"type": "state", "version": game.version}))
        try:
            while True:
                message = json.loads(await websocket.receive_text())
                version, text = message["version"], message["move"]
                if version != game.version or seat != bool(version % 2 == 0):
                    await websocket.send_text('{"type":"error"}')
                    continue
                game.version += 1
                await self.commit((int(websocket.path_params["game_id"]), version, text))
                over = version >= MOVES_PER_GAME
                event = {"type": "event", "version": version + 1, "add": [text], "over": over}
                sent = json.dumps(event, separators=(",", ":"))
                for each in list(game.sockets):
                    await each.send_text(sent)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            game.sockets.discard(websocket)

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/games", self.create, methods=["POST"]),
                WebSocketRoute("/ws/{game_id}", self.socket),
            ]
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    arguments = parser.parse_args()
    from damero.web.server import PING_SECONDS, WEBSOCKET_FRAME_LIMIT, ClosedWhenStuck

    uvicorn.run(
        Floor(arguments.db).app(),
        host="127.0.0.1",
        port=arguments.port,
        ws=ClosedWhenStuck,
        ws_ping_interval=PING_SECONDS,
        ws_ping_timeout=PING_SECONDS,
        ws_max_size=WEBSOCKET_FRAME_LIMIT,
        ws_per_message_deflate=False,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
