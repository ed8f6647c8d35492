"""A pytest fixture for the emulator; register it with ``pytest_plugins = ["emulator.pytest_plugin"]``
in the top-level ``conftest.py`` (or in a test module).

The ``discord_emulator`` fixture fails the test at teardown if the emulator found problems: a request
body that does not match Discord's OpenAPI description, a route it does not emulate, an interaction the
bot never acknowledged, an error discord.py logged.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .server import Emulator


@pytest_asyncio.fixture
async def discord_emulator() -> AsyncIterator[Emulator]:
    async with Emulator() as emulator:
        yield emulator
    emulator.check()
