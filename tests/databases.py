"""The two databases the store runs on, as pytest fixtures: ``database`` is parametrised over SQLite (a
file) and PostgreSQL (a fresh database on the session's real server, tests/postgres.py), so a test that
takes it runs on both with the same expectations. Use with ``pytest_plugins = ["tests.databases"]``.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio

from tests.postgres import PostgresServer

BACKENDS = ["sqlite", "postgresql"]
_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole run (it fails, never skips, if it cannot start)."""
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()


async def new_postgres_database(server: PostgresServer) -> str:
    """A new, empty database on ``server``; its URL."""
    name = f"cardia_{next(_names)}"
    connection = await asyncpg.connect(server.dsn())
    try:
        await connection.execute(f"CREATE DATABASE {name}")
    finally:
        await connection.close()
    return server.dsn(name)


@pytest_asyncio.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a test's store lives: a SQLite file, or a PostgreSQL database of its own."""
    if request.param == "sqlite":
        yield str(tmp_path / "cardia.db")
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    yield await new_postgres_database(server)
