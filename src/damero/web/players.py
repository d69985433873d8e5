"""The addresses of accounts and players: signing up, logging in and out, the account's own
settings, and each player's page and its JSON (their ratings, their games newest first).

Every answer that starts a session sets a fresh cookie; every refusal is in the client's words,
and says nothing of whether another player's name exists, but when signing up with a name taken.
"""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from damero import registry
from damero.errors import DameroError
from damero.ratings import Rating
from damero.web import checks
from damero.web.accounts import Accounts, LoggedIn, check_name
from damero.web.checks import WebError
from damero.web.limits import address_of
from damero.web.protocol import MAX_MESSAGE, player_json
from damero.web.refusals import error_response
from damero.web.routes import capped_body, missing_page, page
from damero.web.sessions import forget_session, keep_session, session_id
from damero.web.storage import Account, PlayedGame, Rated, Storage, holder_of

GAMES_A_PAGE = 20
SIDE_NAMES = ("first", "second")
STATUS = {
    "account.wrong": 401,
    "account.wrong_password": 403,
    "account.not_logged_in": 401,
    "account.name_taken": 409,
    "account.no_player": 404,
}


def refusal(error: DameroError, request: Request) -> JSONResponse:
    return error_response(
        error, request.query_params.get("lang"), STATUS.get(error.message.key, 400)
    )


def rating_json(rating: Rating) -> dict[str, object]:
    return {
        "rating": round(rating.rating),
        "deviation": round(rating.deviation),
        "provisional": rating.is_provisional,
        "shown": rating.shown(),
    }


def rated_game(key: str) -> dict[str, object] | None:
    """The game and options a rating is held in (`othello-8`), for a page to name it; None for
    a game this server no longer plays."""
    name, *values = key.split("-")
    for game in registry.GAMES:
        if game.name == name and len(values) == len(game.options):
            options = dict(zip(sorted(game.options), map(int, values), strict=True))
            return {"game": name, "options": options}
    return None


def played_json(played: PlayedGame) -> dict[str, object]:
    """One game of a player's list, from that player's side."""
    side = SIDE_NAMES[played.side]
    result = None
    if played.winner is not None:
        result = "draw" if played.winner == "draw" else "win" if played.winner == side else "loss"
    change = None
    if played.rated and played.rating is not None:
        change = {
            "before": round(played.rating),
            "after": None if played.rating_after is None else round(played.rating_after),
        }
    links = {"watch": f"/play/{played.id}"}
    if played.finished:
        links |= {"replay": f"/replay/{played.id}", "review": f"/replay/{played.id}?analyse"}
    return {
        "id": played.id,
        "game": played.game,
        "options": dict(played.options),
        "created": played.created,
        "side": side,
        "opponent": player_json(played.opponent, played.opponent_level),
        "over": played.finished,
        "rated": played.rated,
        "result": result,
        "ending": played.ending,
        "rating": change,
        "links": links,
    }


def ratings_json(ratings: dict[str, Rated]) -> list[dict[str, object]]:
    listed = []
    for key, rated in sorted(ratings.items()):
        named = rated_game(key)
        if named is not None:
            listed.append({**named, "key": key, "games": rated.games, **rating_json(rated.rating)})
    return listed


class PlayerRoutes:
    """The handlers of the accounts' and players' addresses."""

    def __init__(self, accounts: Accounts, storage: Storage) -> None:
        self.accounts = accounts
        self.storage = storage

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/signup", self.page),
            Route("/login", self.page),
            Route("/account", self.page),
            Route("/@/{name}", self.player_page),
            Route("/api/account", self.me),
            Route("/api/account/signup", self.sign_up, methods=["POST"]),
            Route("/api/account/login", self.log_in, methods=["POST"]),
            Route("/api/account/logout", self.log_out, methods=["POST"]),
            Route("/api/account/password", self.change_password, methods=["POST"]),
            Route("/api/account/delete", self.delete, methods=["POST"]),
            Route("/api/players/{name}", self.player),
            Route("/api/players/{name}/games", self.games),
        ]

    async def page(self, request: Request) -> Response:
        return page()

    async def account(self, request: Request) -> Account | None:
        return await self.accounts.account_of(session_id(request))

    async def _store(self, work: Any, *arguments: Any, **options: Any) -> Any:
        return await to_thread.run_sync(lambda: work(*arguments, **options))

    async def _body(self, request: Request) -> dict[str, Any]:
        return checks.json_object(await capped_body(request, MAX_MESSAGE))

    def _logged_in(self, request: Request, logged_in: LoggedIn) -> Response:
        response = JSONResponse({"name": logged_in.account.name})
        keep_session(response, request, logged_in.session_id)
        return response

    async def sign_up(self, request: Request) -> Response:
        return await self._enter(request, self.accounts.sign_up)

    async def log_in(self, request: Request) -> Response:
        return await self._enter(request, self.accounts.log_in)

    async def _enter(self, request: Request, action: Any) -> Response:
        """Signs up or logs in with the request's name and password: a new session's cookie."""
        try:
            body = await self._body(request)
            logged_in = await action(
                body.get("name"),
                body.get("password"),
                address=address_of(request),
                ending=session_id(request),
            )
        except DameroError as error:
            return refusal(error, request)
        return self._logged_in(request, logged_in)

    async def log_out(self, request: Request) -> Response:
        session = session_id(request)
        try:
            if session is not None:
                await self.accounts.log_out(session)
        except DameroError as error:
            return refusal(error, request)
        response = JSONResponse({"name": None})
        forget_session(response, request)
        return response

    async def _own(self, request: Request) -> tuple[Account, dict[str, Any]]:
        """The logged-in account and the request's body; WebError if nobody is logged in."""
        account = await self.account(request)
        if account is None:
            raise WebError("account.not_logged_in")
        return account, await self._body(request)

    async def change_password(self, request: Request) -> Response:
        try:
            account, body = await self._own(request)
            logged_in = await self.accounts.change_password(
                account, body.get("password"), body.get("new"), address=address_of(request)
            )
        except DameroError as error:
            return refusal(error, request)
        return self._logged_in(request, logged_in)

    async def delete(self, request: Request) -> Response:
        try:
            account, body = await self._own(request)
            await self.accounts.delete(account, body.get("password"), address=address_of(request))
        except DameroError as error:
            return refusal(error, request)
        response = JSONResponse({"name": None})
        forget_session(response, request)
        return response

    async def me(self, request: Request) -> Response:
        """Who is logged in here (`name` null if nobody), with their games in progress."""
        try:
            account = await self.account(request)
            if account is None:
                return JSONResponse({"name": None, "playing": []})
            playing, _ = await self._store(
                self.storage.player_games, account.id, limit=50, finished=False
            )
        except DameroError as error:
            return refusal(error, request)
        return JSONResponse({"name": account.name, "playing": [played_json(p) for p in playing]})

    async def _player(self, request: Request) -> Account:
        try:
            name = check_name(request.path_params["name"])
        except WebError:
            raise WebError("account.no_player", name=request.path_params["name"][:40]) from None
        found = await self._store(self.storage.find_account, name)
        if found is None:
            raise WebError("account.no_player", name=name)
        account: Account = found[0]
        return account

    async def player_page(self, request: Request) -> Response:
        """A player's page; a 404 page for a name no account has."""
        try:
            await self._player(request)
        except WebError:
            return missing_page("player")
        except DameroError:
            pass  # the page itself says the server cannot reach its database, and tries again
        return page()

    async def player(self, request: Request) -> Response:
        """`{"name", "created", "ratings": [...], "games": count}`."""
        try:
            account = await self._player(request)
            ratings = await self._store(self.storage.ratings, holder_of(account.id))
            _, total = await self._store(self.storage.player_games, account.id, limit=0)
        except DameroError as error:
            return refusal(error, request)
        return JSONResponse(
            {
                "name": account.name,
                "created": account.created,
                "ratings": ratings_json(ratings),
                "games": total,
            }
        )

    async def games(self, request: Request) -> Response:
        """`{"games": [...], "page": n, "pages": m, "total": t}`, newest first, 20 a page."""
        text = request.query_params.get("page", "1")
        page = int(text) if text.isdigit() and 0 < len(text) < 7 else 0
        try:
            if page < 1:
                raise WebError("web.bad_field", name="page")
            account = await self._player(request)
            played, total = await self._store(
                self.storage.player_games,
                account.id,
                limit=GAMES_A_PAGE,
                offset=(page - 1) * GAMES_A_PAGE,
            )
        except DameroError as error:
            return refusal(error, request)
        return JSONResponse(
            {
                "name": account.name,
                "games": [played_json(game) for game in played],
                "page": page,
                "pages": max(1, -(-total // GAMES_A_PAGE)),
                "total": total,
            }
        )
