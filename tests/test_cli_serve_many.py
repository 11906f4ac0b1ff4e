"""`mahjongg serve --db postgresql://... --redis redis://...` refuses what cannot work
before starting, in one line (exit 2), never showing a password (issue 29)."""

import socket

import pytest
from typer.testing import CliRunner

pytest.importorskip("uvicorn")
pytest.importorskip("psycopg")
pytest.importorskip("redis")

from mahjongg.cli import app  # noqa: E402

from server_helpers import POSTGRES, needs_postgres  # noqa: E402

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
