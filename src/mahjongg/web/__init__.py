"""``mahjongg serve``: tables in the browser for friends and bots.

:func:`create_app` builds the Starlette app (lobby, table page, JSON API,
one WebSocket per seat); :class:`~mahjongg.web.table.LiveTable` seats one
table's players and runs its match on the play layer's
:class:`~mahjongg.play.session.Session`, which keeps tables, seats and every
hand's event log in the :class:`~mahjongg.play.journal.Journal` (SQLite) so a
restart loses nothing.
Needs the ``web`` extra (starlette, uvicorn, websockets).
"""

from .app import create_app

__all__ = ["create_app"]
