"""The two databases the store runs on, as pytest fixtures: ``database`` is parametrised over SQLite (a
file) and PostgreSQL (a fresh database on the session's real server, tests/postgres.py), so a test that
takes it runs on both with the same expectations; ``stores``: two stores on it, as two processes of the bot
hold. Use with ``pytest_plugins = ["tests.databases"]``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import Storage
from tests.postgres import PostgresServer, new_postgres_database

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole run (it fails, never skips, if it cannot start)."""
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest_asyncio.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a test's store lives: a SQLite file, or a PostgreSQL database of its own."""
    if request.param == "sqlite":
        yield str(tmp_path / "cardia.db")
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    yield await new_postgres_database(server)


@pytest_asyncio.fixture
async def stores(database: str) -> AsyncIterator[tuple[Storage, Storage]]:
    """Two stores on one database: two processes of the bot."""
    first = await Storage.open(database)
    second = await Storage.open(database)
    yield first, second
    await first.close()
    await second.close()
