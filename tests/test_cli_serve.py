"""`mahjongg serve` refuses bad input before starting, with a clear error (exit 2)."""

import socket

import pytest
from typer.testing import CliRunner

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from mahjongg.cli import app  # noqa: E402

runner = CliRunner()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--db", "/nonexistent/dir/x.sqlite3"], "cannot be used as the SQLite database"),
        (["--port", "99999"], "--port"),
        (["--port", "0"], "--port"),
        (["--host", "no.such.host.invalid"], "not an address"),
    ],
)
def test_bad_serve_options(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the default --db would be made in the working directory
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output and "tables at" not in result.output


def test_bad_host_leaves_no_database_behind(tmp_path, monkeypatch):
    # the address is checked before the database is opened (which would create the file)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["serve", "--host", "no.such.host.invalid"])
    assert result.exit_code == 2 and "not an address" in result.output
    assert not (tmp_path / "mahjongg.sqlite3").exists()


def test_directory_and_non_sqlite_db(tmp_path):
    result = runner.invoke(app, ["serve", "--db", str(tmp_path)])
    assert result.exit_code == 2 and "cannot be used as the SQLite database" in result.output
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("this is not a database" * 100)
    result = runner.invoke(app, ["serve", "--db", str(junk)])
    assert result.exit_code == 2 and "cannot be used as the SQLite database" in result.output


def test_busy_port(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "t.sqlite3")])
    assert result.exit_code == 2 and "cannot listen on 127.0.0.1" in result.output
