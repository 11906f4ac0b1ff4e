"""``mahjongg serve``: the web tables (needs the ``web`` extra)."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path

import typer

from .app import app, console, fail
from .options import file_name, seconds, whole_number

LEASE_SECONDS = 5.0
"""The lease of ``serve --redis`` when ``--lease`` is not given (the web cluster's ``LEASE_SECONDS``;
not imported from it: the help is built without the web extra)."""
LEASE_LEAST, LEASE_MOST = 2, 60
"""``--lease``'s bounds: renewed every third of it, a lease under 2 s is lost to a PostgreSQL commit or a
busy event loop of a second (and the table moves mid-hand); over a minute, a dead process's tables wait that long."""


def _check_servers(db: str, redis: str | None) -> None:
    """A server of many processes: reach its PostgreSQL and its Redis once, so a wrong
    URL is a clear error (never the password), not a traceback."""
    from ..play.journal import JournalError
    from ..play.journals import is_url, open_journal

    if redis is not None and not is_url(db):
        fail("--redis is for many server processes on one database: give --db postgresql://...")
    try:
        open_journal(db).close()
    except JournalError as e:
        fail(f"--db: {e}")
    if redis is None:
        return
    try:
        import redis as redis_py
    except ImportError:
        fail("--redis needs redis-py: pip install '.[server]' in the mahjongg folder")
    from urllib.parse import urlsplit

    where = urlsplit(redis)
    try:
        redis_py.Redis.from_url(redis, socket_connect_timeout=5).ping()
    except (redis_py.RedisError, ValueError) as e:
        fail(f"--redis: cannot reach Redis at {where.hostname}:{where.port or 6379}: {str(e).splitlines()[0]}")


def _check_db(db: str) -> None:
    """Open the database once so a bad path is a clear error, not a traceback."""
    from ..play.journal import Journal, JournalError

    path = Path(db)
    if path.is_dir():
        why = "it is a folder"
    elif not path.parent.is_dir():
        why = f"the folder {path.parent} does not exist"
    else:
        try:
            Journal(db).close()
            return
        except JournalError as e:
            why = str(e)
            if "of another program" in why or why.startswith("cannot write") or " is damaged (" in why:  # words that name the file already
                fail(why)
            why = why.removeprefix(f"{db} is not a game database: ")
        except sqlite3.Error as e:
            why = str(e)
    fail(f"--db {db!r} cannot be used as the SQLite database: {why}")


def _check_listen(host: str, port: int) -> None:
    """Bind the address once so a busy port or unknown host is a clear error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        fail(f"--host {host!r} is not an address this machine knows: {e.strerror}")
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            fail(f"cannot listen on {host}:{port}: {e.strerror}")


def _register_policies(specs: list[str]) -> None:
    """``NAME=FILE`` each: load the policy once (a clear error if it cannot be) and
    register it as the bot ``policy:NAME`` (:func:`mahjongg.bots.register_bot`)."""
    from functools import partial

    from ..bots import BotError, make_bot, register_bot

    for spec in specs:
        name, sep, path = spec.partition("=")
        name, path = name.strip().lower(), path.strip()
        if not sep or not name or not path or not name.replace("-", "").replace("_", "").isalnum():
            fail(f"--policy {spec!r}: give NAME=FILE, NAME of letters, digits, - and _ (e.g. --policy strong=policy.npz)")
        try:
            make_bot(f"policy:{path}", 0)
        except BotError as exc:
            fail(f"--policy {spec!r}: {exc}")
        register_bot(f"policy:{name}", partial(make_bot, f"policy:{path}"))


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, **whole_number(at_least=1, at_most=65535), help="port to listen on (1-65535)"),
    db: str = typer.Option(
        "mahjongg.sqlite3", **file_name(),
        help="SQLite file for tables, seats and event logs, or postgresql://USER@HOST/DB for many processes (server extra)",
    ),
    redis: str = typer.Option(
        None, "--redis", metavar="URL",
        help="redis://HOST:PORT: run as one of many processes on --db postgresql://... (each table owned by one, "
        "taken over if it dies; sockets and rate limits shared)",
    ),
    lease: float = typer.Option(
        None, "--lease", **seconds(at_least=LEASE_LEAST, at_most=LEASE_MOST),
        help=f"with --redis: how long a process holds a table it plays unless it renews the lease (every third of it; "
        f"{LEASE_LEAST:g}-{LEASE_MOST:g}, default {LEASE_SECONDS:g}). A dead process's tables wait this long for another; "
        "a process stalled longer loses its tables mid-hand. Give every process the same",
    ),
    policy: list[str] = typer.Option(
        [],
        "--policy",
        metavar="NAME=FILE",
        help="Offer a trained policy (rl extra) as the bot policy:NAME at the tables; repeat for more. "
        "Players choose among these names only, never a file.",
    ),
    seed: int = typer.Option(
        None, **whole_number(at_least=0, at_most=2**32 - 1),
        help="testing aid: draw the tables' seeds from this seed, so deals repeat from one run to the next (anyone who knows it can predict every hand; default: secret randomness)",
    ),
    proxy_headers: bool = typer.Option(
        False, "--proxy-headers",
        help="behind a reverse proxy: take each client's address from X-Forwarded-For (and the scheme from "
        "X-Forwarded-Proto), but only on requests from --forwarded-allow-ips, so the per-client limits "
        "count players, not the proxy (off: the header is ignored, a client could write it itself)",
    ),
    forwarded_allow_ips: str = typer.Option(
        None, "--forwarded-allow-ips", metavar="IPS",
        help="with --proxy-headers: the proxies trusted to set those headers, comma-separated addresses or networks "
        "(e.g. 127.0.0.1,10.0.0.0/8; '*' trusts everyone: only when nothing but the proxy can reach the server) "
        "[default: 127.0.0.1]",
    ),
) -> None:
    """Serve tables in the browser: open http://HOST:PORT/, create a table, send the invite link."""
    _register_policies(policy)
    try:
        import uvicorn

        from ..web import create_app
    except ImportError as e:
        # as the README installs it: from the project's folder
        fail(f"the web server needs the web extra: pip install '.[web]' in the mahjongg folder ({e})")
    # the address first: a bad --host must not leave a new database file behind
    _check_listen(host, port)
    from ..play.journals import is_url

    if forwarded_allow_ips is not None and not proxy_headers:
        fail("--forwarded-allow-ips names the proxies trusted with --proxy-headers: give --proxy-headers with it")
    forwarded_allow_ips = "127.0.0.1" if forwarded_allow_ips is None else forwarded_allow_ips
    if lease is not None and redis is None:
        fail("--lease is for many server processes: give --redis redis://... and --db postgresql://... with it")
    if is_url(db) or redis is not None:
        _check_servers(db, redis)
        from urllib.parse import urlsplit

        where = urlsplit(db)
        shown = f"PostgreSQL {where.hostname}:{where.port or 5432}{where.path}" + (", with the other processes on Redis" if redis else "")
    else:
        _check_db(db)
        shown = db
    console.print(f"mahjongg: tables at [bold]http://{host}:{port}/[/] (database {shown}); Ctrl-C stops", highlight=False)
    if seed is not None:
        console.print(f"--seed {seed}: the deals can be predicted by anyone who knows it; for testing only", highlight=False)
    if proxy_headers:
        console.print(f"--proxy-headers: client addresses from X-Forwarded-For on requests from {forwarded_allow_ips}", highlight=False)
    uvicorn.run(
        create_app(db, seed=seed, redis=redis, cluster=None if lease is None else {"lease_seconds": lease}), host=host, port=port, ws_max_size=65536, log_level="warning",
        # uvicorn's own handling of the proxy headers, off unless asked for (its default trusts 127.0.0.1)
        proxy_headers=proxy_headers, forwarded_allow_ips=forwarded_allow_ips if proxy_headers else None,
    )
