"""The emulator's threads and direct messages, proven with the real discord.py client: a thread started
from a message (its id is the message's, once per message), its members, archived and reopened by the
next post unless locked; the permissions a thread needs; a user who refuses the bot's direct messages."""

from __future__ import annotations

import discord
import pytest

from emulator import Emulator, run_bot


def _client() -> discord.Client:
    return discord.Client(intents=discord.Intents.default())


@pytest.mark.asyncio
async def test_a_thread_from_a_message_with_members_archived_and_reopened(discord_emulator: Emulator) -> None:
    emulator = discord_emulator
    alice, bob = emulator.user("alice"), emulator.user("bob")
    async with run_bot(_client(), emulator) as client:
        channel = client.get_channel(emulator.channel.id)
        assert isinstance(channel, discord.TextChannel)
        starter = await channel.send("Alice challenges Bob")
        thread = await starter.create_thread(name="Alice vs Bob")
        assert thread.id == starter.id and thread.parent_id == channel.id and thread.name == "Alice vs Bob"
        await emulator.wait_for(lambda: client.get_channel(thread.id), what="THREAD_CREATE")
        for player in (alice, bob):
            await thread.add_user(discord.Object(player.id))
        emulator_thread = emulator.state.channels[thread.id]
        assert emulator_thread.members == {emulator.state.bot.id, alice.id, bob.id}

        with pytest.raises(discord.HTTPException) as again:
            await starter.create_thread(name="Alice vs Bob")
        assert again.value.code == 160004  # one thread per message

        await thread.send("Round 1")
        await thread.edit(archived=True)
        assert emulator_thread.archived
        with pytest.raises(discord.HTTPException) as archived:
            await thread.add_user(discord.Object(alice.id))
        assert archived.value.code == 50083
        await thread.send("Round 2")  # the next post reopens it
        assert not emulator_thread.archived
        cached = client.get_channel(thread.id)
        assert isinstance(cached, discord.Thread)
        await emulator.wait_for(lambda: not cached.archived, what="THREAD_UPDATE")

        await thread.edit(archived=True, locked=True)
        with pytest.raises(discord.HTTPException) as locked:
            await thread.send("Round 3")
        assert locked.value.code == 50083 and emulator_thread.archived
        posted = [m.content for m in emulator.messages(emulator_thread)]
        assert posted == ["Round 1", "Round 2"]
        assert [m.content for m in emulator.messages(emulator.channel)] == ["Alice challenges Bob"]
    emulator.check()


@pytest.mark.asyncio
async def test_the_permissions_a_thread_needs(discord_emulator: Emulator) -> None:
    emulator = discord_emulator
    async with run_bot(_client(), emulator) as client:
        channel = client.get_channel(emulator.channel.id)
        assert isinstance(channel, discord.TextChannel)
        starter = await channel.send("A duel")
        emulator.channel.denied.add("CREATE_PUBLIC_THREADS")
        with pytest.raises(discord.Forbidden) as refused:
            await starter.create_thread(name="A duel")
        assert refused.value.code == 50013 and starter.id not in emulator.state.channels
        emulator.channel.denied.clear()
        thread = await starter.create_thread(name="A duel")
        emulator.state.channels[thread.id].denied.add("SEND_MESSAGES_IN_THREADS")
        with pytest.raises(discord.Forbidden):
            await thread.send("Round 1")
    emulator.check()


@pytest.mark.asyncio
async def test_a_user_who_refuses_direct_messages(discord_emulator: Emulator) -> None:
    emulator = discord_emulator
    alice, bob = emulator.user("alice"), emulator.user("bob")
    alice.user.accepts_dms = False
    async with run_bot(_client(), emulator) as client:
        with pytest.raises(discord.Forbidden) as refused:
            await (await client.fetch_user(alice.id)).send("Your turn")
        assert refused.value.code == 50007 and refused.value.text == "Cannot send messages to this user"
        await (await client.fetch_user(bob.id)).send("Your turn")
    assert [m.content for m in bob.messages()] == ["Your turn"] and alice.messages() == []
    emulator.check()
