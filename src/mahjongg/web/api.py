"""The HTTP side's common parts: how a request is read and who sent it, the error and
429 responses, an owner's answer as a response, and the headers of every response.

Every HTTP response carries :data:`SECURITY_HEADERS` (:class:`SecurityHeaders`). A
request body is at most so many bytes of JSON (:func:`read_body`, else
:class:`BadRequest` with a one-line reason). A client is its IPv4 address or its
IPv6 /64 network (:func:`client_key`).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import math
from importlib import resources
from pathlib import Path

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from .protocol import Refused, Value
from .table import TableError

__all__ = ["MAX_BODY", "CSP", "SECURITY_HEADERS", "SecurityHeaders", "STATIC", "error", "throttled", "BadRequest",
           "read_body", "client_key", "client_of", "answer_response"]

log = logging.getLogger("mahjongg.web")

MAX_BODY = 8192
"""The longest request body read by default (bytes; ``Limits.max_body``)."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of every page: scripts, styles, images and
connections (the table's WebSocket) from this server only -- no inline
script or style, no ``eval`` -- and no page may frame these."""

SECURITY_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
"""Headers added to every HTTP response (:class:`SecurityHeaders`)."""


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP response (a header the
    response sets itself is kept)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", ())}
                message["headers"] = list(message.get("headers", ())) + [h for h in SECURITY_HEADERS if h[0] not in have]
            await send(message)

        await self.app(scope, receive, send_with_headers)

STATIC = Path(str(resources.files("mahjongg.web") / "static"))


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def throttled(what: str, wait: float) -> JSONResponse:
    """429 with ``Retry-After``: ``what`` was asked too often; ``wait`` seconds to go."""
    seconds = math.ceil(wait)
    return JSONResponse({"error": f"{what}; try again in {seconds} s"}, status_code=429, headers={"Retry-After": str(seconds)})


class BadRequest(TableError):
    """A request body the server cannot read (400)."""


async def read_body(request: Request, limit: int = MAX_BODY) -> dict:
    """The request's JSON object, read at most ``limit`` bytes far; raises
    :class:`BadRequest` with a one-line reason for anything else."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise BadRequest(f"the request is too large (at most {limit} bytes)")
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limit:
                raise BadRequest(f"the request is too large (at most {limit} bytes)")
    except ClientDisconnect:  # gone mid-body: nobody to answer, one line in the log
        log.info("%s %s: the client went away before sending the whole request", request.method, request.url.path)
        raise BadRequest("the request was cut off") from None
    try:
        data = json.loads(raw or b"{}")
    except RecursionError:  # [[[[...]]]]: nested deeper than the parser goes
        raise BadRequest("the request is JSON nested too deep") from None
    except ValueError:  # not JSON, or not UTF-8
        raise BadRequest("the request is not JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request must be a JSON object")
    return data


def client_key(host: str) -> str:
    """The client a budget is kept for: an IPv4 address as it is; an IPv6
    address as its /64 network (``2001:db8::1`` and ``2001:db8::2`` are one
    client: a /64 is one site's, whose machines may take any address in it);
    an IPv4 address written in IPv6 (``::ffff:1.2.3.4``) as that IPv4
    address; anything else (no address known) as it is."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_of(conn) -> str:
    """Who a request or socket comes from: its IP address (:func:`client_key`)."""
    return client_key(conn.client.host) if conn.client is not None else "unknown"


def answer_response(answer: Value | Refused) -> JSONResponse:
    """The owner's answer to a call, as the response this process would have given."""
    if isinstance(answer, Refused):
        return error(answer.error, answer.status or 400)
    return JSONResponse(answer.value)
