"""What one click costs the bot, counted (bench/click.py prints the figures): reads a click's handler makes
again, of what it has already read, stay gone."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.services.guild_settings import GuildSettingsStore
from tests.bot.table import Table


@pytest.mark.asyncio
async def test_accepting_a_challenge_reads_the_servers_settings_once_in_the_cog(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The accept's handler reads the server's settings once, for its threads and its language (the
    outbox reads them for the first board: at most three reads in all, where there were four)."""
    reads: Counter[str] = Counter()
    get = GuildSettingsStore.get

    async def counted(self: GuildSettingsStore, guild_id: int) -> Any:
        reads["get"] += 1
        return await get(self, guild_id)

    monkeypatch.setattr(GuildSettingsStore, "get", counted)
    async with table.running():
        message, match_id = await table.challenge(table.alice, table.bob)
        reads.clear()
        accepted = await table.bob.click(message, f"cardia:c:{match_id}:accept")
        await table.settle()
        assert accepted.response_type == 7 and table.boards()
        assert reads["get"] <= 3, reads
