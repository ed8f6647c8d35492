"""The fixtures the test packages share:

- ``discord_emulator`` (``emulator.pytest_plugin``): the loopback Discord, checked at teardown;
- ``database`` (``tests.databases``): each test that takes it runs on SQLite and on PostgreSQL;
- ``table``: the end-to-end harness (``tests.bot.table.Table``) on the emulator and each database.

Modules that need another table (a fake clock, a stacked deal, a SQLite file they break on purpose) make
their own ``table`` from ``tests.bot.table``.
"""

from __future__ import annotations

import pytest

from emulator import Emulator
from tests.bot.table import Table

pytest_plugins = ["emulator.pytest_plugin", "tests.databases"]


@pytest.fixture
def table(discord_emulator: Emulator, database: str) -> Table:
    """The emulator and a bot on each database: SQLite and PostgreSQL."""
    return Table(discord_emulator, database)
