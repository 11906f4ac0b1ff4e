"""``mahjongg serve``: the web tables (needs the ``web`` extra)."""

from __future__ import annotations

import typer

from .app import app, console, fail


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option("mahjongg.sqlite3", help="SQLite file for tables, seats and event logs"),
) -> None:
    """Serve tables in the browser: open http://HOST:PORT/, create a table, send the invite link."""
    try:
        import uvicorn

        from ..web import create_app
    except ImportError as e:
        fail(f"the web server needs its extra: pip install 'mahjongg[web]' ({e})")
    console.print(f"mahjongg: tables at [bold]http://{host}:{port}/[/] (database {db}); Ctrl-C stops", highlight=False)
    uvicorn.run(create_app(db), host=host, port=port, ws_max_size=65536, log_level="warning")
