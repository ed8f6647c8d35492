"""The Discord client: wires storage, duels, the ``/cardia`` commands and the stateless components."""

from __future__ import annotations

import logging
from pathlib import Path

import discord

from bot.commands import cardia_group
from bot.components import DYNAMIC_ITEMS
from bot.duels import Duels
from bot.storage import Storage
from bot.ui import Ui

log = logging.getLogger(__name__)


class CardiaBot(discord.Client):
    def __init__(self, database: Path | str, sync: bool = False, sync_guild: int | None = None) -> None:
        # No privileged intents: everything arrives through interactions.
        super().__init__(intents=discord.Intents(guilds=True))
        self.tree = discord.app_commands.CommandTree(self)
        self.database = database
        self.sync = sync
        self.sync_guild = sync_guild
        self.storage: Storage | None = None

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database)
        self.duels = Duels(self.storage)
        self.ui = Ui(self, self.duels)
        self.tree.add_command(cardia_group(self.ui))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync:  # a deliberate step (python -m bot --sync), never on every start
            guild = None if self.sync_guild is None else discord.Object(self.sync_guild)
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            commands = await self.tree.sync(guild=guild)
            log.info(
                "synced %d commands %s", len(commands), "globally" if guild is None else f"to {guild.id}"
            )

    async def close(self) -> None:
        await super().close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
