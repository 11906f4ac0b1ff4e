"""The scoring page and its API: score a real table's hands in the browser.

HTTP:
  ``GET /score``                 the scoring page (``static/score.html``)
  ``GET /api/score/rulesets``    what each ruleset can use of a score request
                                 (:func:`mahjongg.scoring_requests.offers`)
  ``POST /api/score``            the fields of ``mahjongg score`` as JSON
                                 (``hand``, ``ruleset``, ``seat``, ``round``, ``win``,
                                 ``by``, ``last_tile``, ``original``, ``first_discard``,
                                 ``after_flower``, ``kong_on_kong``, ``dead``) -> exactly
                                 the JSON of ``mahjongg score --json``
  ``POST /api/settle``           the fields of ``mahjongg settle`` (``scores``, ``winner``,
                                 ``discarder``, ``ruleset``, ``limit``, ``settle_draws``,
                                 ``dead``) -> the JSON of ``mahjongg settle --json``

A bad request is a 400 ``{"error": ...}`` with the command's one-line reason,
naming the request's JSON fields where the command names its options
(``"winner"``, not ``--winner``: :func:`~mahjongg.scoring_requests.in_fields`).
The same function answers the command and the API
(:mod:`mahjongg.scoring_requests`); the request body goes through the app's
own body parsing (its size limit, ``Limits.max_body``) and each request through
its per-client rate limit (``Limits.score_burst``, ``score_every``: else a 429
with ``Retry-After``). Nothing here touches a table or a game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from .. import scoring_requests as requests
from ..errors import MahjonggError
from ..play.scorecard import score_card
from ..rules.sources import cite

__all__ = ["scoring_routes"]

Body = Callable[[Request], Awaitable[dict]]
Limit = Callable[[Request], "Response | None"]


def scoring_routes(static: Path, body: Body, limit: Limit) -> list[Route]:
    """The page's and the API's routes. ``static``: the folder of the page's
    files; ``body``: the app's request-body parser (a JSON object, or a
    :class:`~mahjongg.errors.MahjonggError` saying why not); ``limit``: the
    app's rate limit for one API request (None: answer it; else the response
    that refuses it, a 429)."""

    async def page(request: Request) -> Response:
        return FileResponse(static / "score.html")

    async def rulesets(request: Request) -> Response:
        return JSONResponse({"rulesets": requests.all_offers()})

    def answering(parse, answer, fields, shape=lambda result: result.to_dict()):
        async def endpoint(request: Request) -> Response:
            refused = limit(request)
            if refused is not None:
                return refused
            try:
                data = await body(request)
                result = answer(parse(data))
            except MahjonggError as exc:
                # the books, not seed numbers; the JSON fields, not the command's options
                return JSONResponse({"error": cite(requests.in_fields(str(exc), fields))}, status_code=400)
            return JSONResponse(shape(result))

        return endpoint

    return [
        Route("/score", page),
        Route("/api/score/rulesets", rulesets),
        # a score goes out as its score card (play.scorecard), as `mahjongg score --json` prints it
        Route(
            "/api/score",
            answering(requests.ScoreRequest.from_json, requests.score, requests.ScoreRequest.FIELDS, _card),
            methods=["POST"],
        ),
        Route(
            "/api/settle",
            answering(requests.SettleRequest.from_json, requests.settle, requests.SettleRequest.FIELDS),
            methods=["POST"],
        ),
    ]


def _card(answer) -> dict:
    """A score answer as its score card's data (``ScoreAnswer.to_dict()`` and the card's lines)."""
    return score_card(answer.score, answer.rules).to_dict()
