"""The lobby and its tables: the pages, and the JSON API that makes, shows and joins a table.

HTTP (``web/app.py`` has the whole list): ``GET /``, ``GET /t/{code}``, ``GET /watch/{code}``,
``GET /api/rulesets``, ``POST /api/tables``, ``GET /api/tables/{code}``,
``POST /api/tables/{code}/join`` -- each limited per client as the app's
:class:`~mahjongg.web.app.Limits` say, a table asked for through its handle
(``web/handles.py``) wherever it is played.
"""

from __future__ import annotations

import functools

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from ..play.config import match_options
from ..rules import RULESETS
from ..rules.ruleset import Ruleset
from .api import STATIC, BadRequest, answer_response, client_of, error, read_body, throttled
from .commits import RECONNECTING
from .handles import UNAVAILABLE
from .players import bot_names, default_bot
from .table import LiveTable, TableError, validate_config

__all__ = ["lobby_routes"]


@functools.lru_cache(maxsize=None)  # one entry per ruleset (the registered values do not change)
def lobby_options(ruleset: Ruleset) -> list[dict]:
    """The options a table on ``ruleset`` may set, as the lobby draws them: each of
    :func:`~mahjongg.play.config.match_options` (its kind, the ruleset's value, the
    choices or bounds) with the rule card's words (:meth:`Ruleset.to_dict
    <mahjongg.rules.ruleset.Ruleset.to_dict>`): ``label``, what the option is, and
    ``text``, the ruleset's value in words."""
    card = {o["option"]: o for o in ruleset.to_dict()["options"]}
    return [{**o, "label": card[o["option"]]["label"], "text": card[o["option"]]["text"]} for o in match_options(ruleset)]


def lobby_routes(server, defaults: dict | None = None) -> list:
    """The lobby's routes on ``server``; ``defaults``: table settings used where a request gives none."""

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def rulesets(request: Request) -> Response:
        return JSONResponse(
            {
                "rulesets": [{"name": r.name, "title": r.title, "options": lobby_options(r)} for r in RULESETS.values()],
                "bots": bot_names(),
                "default_bot": default_bot(),
            }
        )

    async def create(request: Request) -> Response:
        client = client_of(request)
        try:
            data = await read_body(request, server.limits.max_body)
            config = validate_config({**(defaults or {}), **data}, bot_names())
            wait = server.may_create(client)
            if wait > 0:
                return throttled("too many new tables from you", wait)
            config.seed = server.new_seed()
            config.deals = "match" if server.predictable else "secret"
            table, token = LiveTable.create(server.store, config, data.get("name"), server.schedule)
        except TableError as e:
            return error(str(e))
        except UNAVAILABLE as e:
            return error(str(e), 503)
        server.add(table, client)
        if server.hosting is not None:
            server.hosting.created(table)
        if not await server.committed():  # the seat's token is not in the journal yet
            return error(RECONNECTING, 503)
        return JSONResponse({"code": table.code, "player": 0, "token": token})

    def located(request: Request):
        """The handle on the table the request names (``web/handles.py``), else the response that says why not."""
        try:
            table = server.locate(request.path_params["code"])
        except UNAVAILABLE as e:
            return error(str(e), 503)
        return table if table is not None else error("no table with that code", 404)

    async def info(request: Request) -> Response:
        wait = server.may_look_up(client_of(request))
        if wait > 0:
            return throttled("too many table look-ups from you", wait)
        table = located(request)
        return table if isinstance(table, Response) else answer_response(await table.info())

    async def join(request: Request) -> Response:
        wait = server.may_join(client_of(request))
        if wait > 0:
            return throttled("too many joins from you", wait)
        table = located(request)
        if isinstance(table, Response):
            return table
        try:
            data = await read_body(request, server.limits.max_body)
        except BadRequest as e:
            return error(str(e), 400)
        return answer_response(await table.join(data.get("name")))

    return [
        Route("/", page),
        Route("/t/{code}", table_page),
        Route("/watch/{code}", table_page),  # the same page, as a spectator
        Route("/api/rulesets", rulesets),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{code}", info),
        Route("/api/tables/{code}/join", join, methods=["POST"]),
    ]
