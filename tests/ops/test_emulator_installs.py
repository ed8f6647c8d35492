"""The emulator's installation contexts, proven with the real discord.py client: a command is offered
only where it is declared (server or user installation; server, the bot's DM or a private channel), a
user who installed the application reaches it in a server the bot is not in, where the bot can only
answer the interaction."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from emulator import Emulator, run_bot


def make_bot() -> discord.Client:
    client = discord.Client(intents=discord.Intents.default())
    tree = app_commands.CommandTree(client)

    @tree.command(description="Anywhere the user is")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def anywhere(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"guild {interaction.guild_id}, user installation {interaction.is_user_integration()},"
            f" server installation {interaction.is_guild_integration()}"
        )

    @tree.command(description="Only in the bot's servers")
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def here(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("here")

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    return client


@pytest.mark.asyncio
async def test_commands_are_offered_where_they_are_declared(discord_emulator: Emulator) -> None:
    emulator = discord_emulator
    alice = emulator.user("alice")
    elsewhere = emulator.state.add_guild("Elsewhere", ("lobby",), with_bot=False)
    async with run_bot(make_bot(), emulator) as client:
        assert client.get_guild(elsewhere.id) is None  # the gateway never told of it
        answered = await alice.slash("here")
        assert answered.message is not None and answered.message.content == "here"

        alice.channel = alice.dm
        with pytest.raises(LookupError, match="not offered"):
            await alice.slash("here")
        in_dm = await alice.slash("anywhere")
        assert in_dm.message is not None and in_dm.message.channel_id == alice.dm.id
        # In the bot's DM the server installation's owner is "0", which discord.py counts as neither.
        assert in_dm.message.content == "guild None, user installation False, server installation False"
        assert in_dm.payload["authorizing_integration_owners"] == {"0": "0"}

        alice.channel = elsewhere.channels[0]
        with pytest.raises(LookupError, match="not offered"):
            await alice.slash("anywhere")  # not installed to her account yet
        alice.installed = True
        with pytest.raises(LookupError, match="not offered"):
            await alice.slash("here")  # a server installation's command only
        away = await alice.slash("anywhere")
        assert away.message is not None
        assert away.message.content == (
            f"guild {elsewhere.id}, user installation True, server installation False"
        )
        with pytest.raises(discord.Forbidden) as refused:
            await client.get_partial_messageable(elsewhere.channels[0].id).send("Your turn")
        assert refused.value.code == 50001  # the bot cannot post where it is not
    emulator.check()
