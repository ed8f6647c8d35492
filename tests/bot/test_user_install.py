"""The application installed to a player's own account (issue 34): ``/cardia`` is declared for server and
user installations, in servers, the bot's DMs and private channels. In a server the bot is not a member
of, it can answer the interaction but never post there later, so what a player begins there is played in
DMs with the bot, which the answer says in one line; the server's settings and records are not the bot's
to show there."""

from __future__ import annotations

import random

import pytest

from emulator import Channel, Message, SimUser
from tests.bot.table import Table


def boards(user: SimUser) -> list[Message]:
    return [m for m in user.messages(user.dm) if any(c.startswith("cardia:h:") for c in m.custom_ids)]


def visiting(table: Table, *users: SimUser) -> Channel:
    """A server without the bot, whose only channel ``users`` (who installed the application) are in."""
    elsewhere = table.emulator.state.add_guild("Elsewhere", ("lobby",), with_bot=False)
    for user in users:
        user.installed = True
        user.channel = elsewhere.channels[0]
    return elsewhere.channels[0]


@pytest.mark.asyncio
async def test_cardia_is_declared_for_both_installations_and_every_context(table: Table) -> None:
    async with table.running():
        command = table.emulator.state.find_command("cardia", None)
        assert command is not None
        assert sorted(command["integration_types"]) == [0, 1]  # a server's, a user's
        assert sorted(command["contexts"]) == [0, 1, 2]  # servers, the bot's DMs, private channels


@pytest.mark.asyncio
async def test_a_challenge_where_the_bot_is_not_is_played_in_direct_messages(table: Table) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    lobby = visiting(table, alice, bob)
    rng = random.Random(7)
    async with table.running():
        sent = await alice.slash("cardia", "challenge", opponent=bob, match=1)
        await table.settle()
        line = sent.message
        assert line is not None and line.channel_id == lobby.id and line.custom_ids == []
        assert bob.mention in line.content and "not a member of this server" in line.content
        (mine,) = alice.messages(alice.dm)  # the challenge, posted in each player's DM
        (theirs,) = bob.messages(bob.dm)
        assert mine.custom_ids == theirs.custom_ids and bob.mention in theirs.content
        (match_id,) = {int(c.split(":")[2]) for c in theirs.custom_ids}
        bob.channel = bob.dm
        await bob.click(theirs, f"cardia:c:{match_id}:accept")
        await table.settle()
        assert len(boards(alice)) == len(boards(bob)) == 1
        alice.channel = alice.dm
        for user in (alice, bob):  # each decides from their own DM's board
            hand = await table.show_hand(user, boards(user)[-1])
            await table.choose(user, hand, rng)
        await table.screen()
        assert len(boards(alice)) == len(boards(bob)) >= 2
        # In the server without the bot: the one answer, and nothing the bot tried to post there.
        assert [m.id for m in emulator.state.visible_messages(alice.id, lobby.id)] == [line.id]
        assert not [r for r in emulator.requests if r.status == 403]
        match = await table.storage.match(match_id)
        assert match is not None and (match.guild_id, *(home.channel_id for home in match.homes)) == (
            0,
            alice.dm.id,
            bob.dm.id,
        )


@pytest.mark.asyncio
async def test_learning_and_the_queue_where_the_bot_is_not_come_to_the_players_direct_messages(
    table: Table,
) -> None:
    alice, bob = table.alice, table.bob
    lobby = visiting(table, alice, bob)
    async with table.running():
        learn = await alice.slash("cardia", "learn")
        await table.settle()
        assert learn.message is not None and learn.message.channel_id == lobby.id
        assert learn.message.visible_to == alice.id  # a private line, linking her DM
        assert f"https://discord.com/channels/@me/{alice.dm.id}" in learn.message.content
        assert boards(alice), "the first board of the lesson is in her DM"

        queued = await bob.slash("cardia", "queue")
        await table.settle()
        assert queued.message is not None and queued.message.visible_to == bob.id
        assert f"https://discord.com/channels/@me/{bob.dm.id}" in queued.message.content
        entry = await table.storage.queue_entry(bob.id)
        assert entry is not None and (entry.guild_id, entry.channel_id) == (0, bob.dm.id)


@pytest.mark.asyncio
async def test_a_server_without_the_bot_has_no_settings_or_records_of_it(table: Table) -> None:
    alice = table.alice
    visiting(table, alice)
    async with table.running():
        for command, options in (("settings", {"threads": False}), ("stats", {}), ("leaderboard", {})):
            answered = await alice.slash("cardia", command, **options)
            await table.settle()
            assert answered.message is not None and answered.message.visible_to == alice.id
            assert answered.message.content.startswith("I am not a member of this server"), command
        await table.storage.flush()
        assert await table.storage.open_matches(0, user_id=alice.id) == []
