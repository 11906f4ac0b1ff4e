"""`mahjongg serve --db postgresql://... --redis redis://...` refuses what cannot work
before starting, in one line (exit 2), never showing a password (issue 29)."""

import socket

import pytest
from typer.testing import CliRunner

pytest.importorskip("uvicorn")
pytest.importorskip("psycopg")
pytest.importorskip("redis")

from mahjongg.cli import app  # noqa: E402

from server_helpers import POSTGRES, REDIS, needs_postgres, needs_redis  # noqa: E402

runner = CliRunner()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nobody listens there once it is closed


def one_line(result, message):
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output and "tables at" not in result.output
    assert "secret" not in result.output


def test_redis_without_postgres_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one_line(runner.invoke(app, ["serve", "--redis", "redis://127.0.0.1:6379"]), "give --db postgresql://")


def test_a_postgres_nobody_answers_at_is_named_without_its_password(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    port = closed_port()
    one_line(runner.invoke(app, ["serve", "--db", f"postgresql://ann:secret@127.0.0.1:{port}/x"]), f"127.0.0.1:{port}/x")


@needs_postgres
def test_a_redis_nobody_answers_at_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    port = closed_port()
    one_line(runner.invoke(app, ["serve", "--db", POSTGRES, "--redis", f"redis://:secret@127.0.0.1:{port}"]), f"cannot reach Redis at 127.0.0.1:{port}")


@pytest.mark.parametrize(
    "value, message",
    [("1", "--lease must be from 2 to 60, not 1"), ("61", "--lease must be from 2 to 60, not 61"),
     ("nan", "--lease takes a number of seconds, not 'nan'"), ("soon", "--lease takes a number of seconds, not 'soon'")],
)
def test_a_lease_out_of_its_bounds_is_refused(value, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one_line(runner.invoke(app, ["serve", "--lease", value]), message)


def test_a_lease_without_redis_is_refused(tmp_path, monkeypatch):
    """One process holds its tables for good: a lease is for many, and is not silently ignored."""
    monkeypatch.chdir(tmp_path)
    one_line(runner.invoke(app, ["serve", "--lease", "10"]), "--lease is for many server processes: give --redis")


def test_the_default_lease_the_help_names_is_the_servers():
    from mahjongg.cli.serve import LEASE_SECONDS
    from mahjongg.web.cluster import LEASE_SECONDS as used

    assert LEASE_SECONDS == used
    assert f"default {used:g})" in " ".join(runner.invoke(app, ["serve", "--help"], terminal_width=200).output.split())


@needs_postgres
@needs_redis
@pytest.mark.parametrize("args, lease", [(["--lease", "12.5"], 12.5), ([], None)])
def test_the_lease_reaches_the_server(args, lease, tmp_path, monkeypatch):
    """``--lease`` is each table's lease of the server started (none given: the cluster's default)."""
    import uvicorn

    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(server=app.state.server))
    result = runner.invoke(app, ["serve", "--db", POSTGRES, "--redis", REDIS, "--port", str(closed_port()), *args])
    assert result.exit_code == 0, result.output
    assert started["server"].lease_seconds == lease


def test_serve_on_a_file_that_is_not_a_database_exits_at_once_in_one_line(tmp_path):
    """Issue 42: a 100-byte file that is no database -- its error printed, then the process had to
    be stopped with Ctrl-C. Run as a person runs it (a process of its own, no terminal): exit 2, one line."""
    import subprocess
    import sys

    junk = tmp_path / "junk.db"
    junk.write_bytes(bytes(range(100)))
    run = subprocess.run([sys.executable, "-m", "mahjongg", "serve", "--db", str(junk), "--port", str(closed_port())],
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=tmp_path)
    assert run.returncode == 2, (run.stdout, run.stderr)
    out = (run.stdout + run.stderr).strip()
    assert out.count("\n") == 0 and "junk.db" in out and "not a database" in out, out
