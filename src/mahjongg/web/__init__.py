"""``mahjongg serve``: tables in the browser for friends and bots.

:func:`create_app` builds the Starlette app (lobby, table page, JSON API,
one WebSocket per seat); :class:`~mahjongg.web.table.LiveTable` runs one
table on the engine; :class:`~mahjongg.web.store.Store` keeps tables, seats
and every hand's event log in SQLite so a restart loses nothing.
Needs the ``web`` extra (starlette, uvicorn, websockets).
"""

from .app import create_app

__all__ = ["create_app"]
