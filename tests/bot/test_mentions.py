"""A duel's messages mention only the players at home where they are posted (issue 46): across servers
(a challenge by code) and in direct messages, each home pings its own player, and names the other, who
may not be a member of that server (a mention would read as an unknown user) and is pinged in their own
home. Boards, reminders, the result and a rematch's challenge alike, and a season's podium."""

from __future__ import annotations

import re

import pytest

from emulator import Emulator, Message, SimUser
from emulator.state import Channel
from tests.bot.table import TimedTable, stacked_setup

CODE = re.compile(r"\*\*([A-Z2-9]{6})\*\*")
MENTION = re.compile(r"<@(\d+)>")


@pytest.fixture
def table(discord_emulator: Emulator, database: str, monkeypatch: pytest.MonkeyPatch) -> TimedTable:
    table = TimedTable(discord_emulator, database, monkeypatch)
    table.fixed_setup = stacked_setup()  # round 1 waits for both players
    return table


def in_channel(table: TimedTable, channel: Channel, mark: str) -> list[Message]:
    """The messages posted in ``channel`` (a DM too) with a component whose custom id starts with ``mark``."""
    return [
        m
        for m in table.emulator.state.messages.values()
        if m.channel_id == channel.id and not m.ephemeral and any(c.startswith(mark) for c in m.custom_ids)
    ]


def posted(table: TimedTable) -> list[Message]:
    """Every message posted anywhere, direct messages included (not private answers), oldest first."""
    return [m for m in table.emulator.state.messages.values() if not m.ephemeral]


def mentioned(message: Message) -> set[int]:
    return {int(user) for user in MENTION.findall(message.content)}


def strangers_mentioned(table: TimedTable) -> list[tuple[str, str]]:
    """Every mention, in any version of any message posted (private answers aside), of a user who
    cannot see it there: not a member of the message's server, or not the user of that DM."""
    state = table.emulator.state
    found = []
    for message in state.messages.values():
        if message.ephemeral:
            continue
        channel = state.channels[message.channel_id]
        if channel.guild_id is None:
            assert channel.recipient is not None
            members = {channel.recipient.id}
        else:
            members = set(state.guilds[channel.guild_id].members)
        for version in (message.data, *message.history):
            content = str(version.get("content") or "")
            found += [(user, content) for user in MENTION.findall(content) if int(user) not in members]
    return found


async def concede(table: TimedTable, user: SimUser) -> None:
    asked = await user.slash("cardia", "concede")
    await table.settle()
    question = asked.message
    assert question is not None and question.ephemeral
    (confirm,) = question.custom_ids
    await user.click(question, confirm)
    await table.settle()


@pytest.mark.asyncio
async def test_a_duel_across_servers_mentions_each_player_only_on_their_own_server(table: TimedTable) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    home = emulator.guild
    away = emulator.state.add_guild("Faraway Hall", ("cardia-room",))
    del home.members[bob.id], away.members[alice.id]  # each a member of their own server only
    bob.channel = away.channels[0]
    async with table.running():
        sent = await alice.slash("cardia", "challenge", code=True, match=1)
        await table.settle()
        assert sent.message is not None
        found = CODE.search(sent.message.content)
        assert found is not None
        accepted = await bob.slash("cardia", "accept", code=found[1])
        await table.settle()
        assert sent.message is not None and accepted.message is not None
        there, here = emulator.state.channels[sent.message.id], emulator.state.channels[accepted.message.id]

        # The first board waits for both: each home pings its own player and names the other.
        (mine,), (theirs,) = in_channel(table, there, "cardia:h:"), in_channel(table, here, "cardia:h:")
        assert mentioned(mine) == {alice.id} and "**Bob**" in mine.content, mine.content
        assert mentioned(theirs) == {bob.id} and "**Alice**" in theirs.content, theirs.content

        reminders = await table.later(9)  # the reminders of the decision both owe
        assert {m.channel_id: mentioned(m) for m in reminders} == {there.id: {alice.id}, here.id: {bob.id}}

        await concede(table, bob)
        (result_there,), (result_here,) = (
            in_channel(table, there, "cardia:r:"),
            in_channel(table, here, "cardia:r:"),
        )
        assert result_there.content.startswith(f"🏆 {alice.mention} wins the match against Bob")
        assert result_here.content.startswith("🏆 **Alice** wins the match against Bob")

        # The game was rated on Alice's server: its history shows the ratings there, and none on Bob's,
        # whose members see the game but not another server's ratings.
        (game_id,) = {table.game_id(m) for m in in_channel(table, there, "cardia:h:")}
        for user, ratings_shown in ((alice, True), (bob, False)):
            shown = await user.slash("cardia", "history", game=str(game_id))
            await table.settle()
            assert shown.message is not None and shown.message.embeds, shown.callbacks
            fields = [field["name"] for field in shown.message.embeds[0].get("fields", [])]
            assert ("Ratings" in fields) == ratings_shown, (user.name, fields)

        # Bob asks for a rematch in his thread: Alice is pinged for it in her home, named in his.
        (match_id,) = {int(c.split(":")[2]) for c in result_here.custom_ids}
        again = await bob.click(result_here, f"cardia:r:{match_id}")
        await table.settle()
        assert again.message is not None and again.message.content.startswith("**Alice**, Bob asks")
        offer = in_channel(table, emulator.channel, "cardia:c:")[-1]
        assert offer.content.startswith(f"{alice.mention}, Bob ")

        # The duel was rated on Alice's server: its season's end names Bob on the podium there.
        await alice.slash("cardia", "settings", new_season=True)
        await table.settle()

        def podium() -> list[str]:
            said = "\n".join(m.content for m in emulator.messages(emulator.channel))
            return [line.split(":")[0] for line in said.splitlines() if line.startswith(("🥇", "🥈"))]

        await emulator.wait_for(lambda: len(podium()) == 2, 15, what="the season's announcement")
        assert podium() == [f"🥇 {alice.mention}", "🥈 **Bob**"]
    assert strangers_mentioned(table) == []


@pytest.mark.asyncio
async def test_a_duel_in_direct_messages_mentions_only_each_dms_own_player(table: TimedTable) -> None:
    alice, bob = table.alice, table.bob
    alice.channel, bob.channel = alice.dm, bob.dm
    async with table.running():
        await alice.slash("cardia", "challenge", opponent=bob, match=1)
        await table.settle()
        (offer,) = bob.messages(bob.dm)
        await bob.click(offer, next(c for c in offer.custom_ids if c.endswith(":accept")))
        await table.settle()
        (mine,), (theirs,) = in_channel(table, alice.dm, "cardia:h:"), in_channel(table, bob.dm, "cardia:h:")
        assert mentioned(mine) == {alice.id} and "**Bob**" in mine.content, mine.content
        assert mentioned(theirs) == {bob.id} and "**Alice**" in theirs.content, theirs.content
        before = len(posted(table))
        await table.later(9)  # in direct messages, which later() does not list
        reminders = posted(table)[before:]
        assert {m.channel_id: mentioned(m) for m in reminders} == {
            alice.dm.id: {alice.id},
            bob.dm.id: {bob.id},
        }
        await concede(table, alice)
        (result,) = in_channel(table, alice.dm, "cardia:r:")
        assert result.content == "🏆 **Bob** wins the match against Alice, who conceded."
    assert strangers_mentioned(table) == []
