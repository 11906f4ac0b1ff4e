"""The real PostgreSQL and Redis servers for the tests of many server processes
(issue 29): their URLs come from ``MAHJONGG_TEST_POSTGRES`` and
``MAHJONGG_TEST_REDIS`` (``.ci/run`` starts both and sets them); the tests that
need one skip when it is not set."""

from __future__ import annotations

import os
import secrets

import pytest

POSTGRES = os.environ.get("MAHJONGG_TEST_POSTGRES")
REDIS = os.environ.get("MAHJONGG_TEST_REDIS")

needs_postgres = pytest.mark.skipif(not POSTGRES, reason="MAHJONGG_TEST_POSTGRES is not set (no PostgreSQL server)")
needs_redis = pytest.mark.skipif(not REDIS, reason="MAHJONGG_TEST_REDIS is not set (no Redis server)")


def fresh_postgres() -> str:
    """The URL of a schema of its own in the test database (each test starts empty)."""
    import psycopg

    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(POSTGRES, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in POSTGRES else "?"
    return f"{POSTGRES}{sep}options=-csearch_path%3D{schema}"


def fresh_redis_prefix() -> str:
    """A key prefix of its own (each test's keys and channels apart from the others')."""
    return "t" + secrets.token_hex(4) + ":"
