"""Turn notifications wherever the player is (issue 34): ``/cardia settings notify:`` ``channel`` (a
mention where the duel is, the default), ``dm`` (named there, and a direct message linking the board,
the reminder or the claim offer) or ``off`` (named, never pinged), across every duel; a direct message
Discord refuses is told in one line where the duel is, and the player pinged there from then on."""

from __future__ import annotations

import pytest

from bot.store import PlayerSettings
from emulator import Emulator, Message, SimUser
from tests.bot.table import TimedTable, answered_privately, stacked_setup


@pytest.fixture
def table(discord_emulator: Emulator, database: str, monkeypatch: pytest.MonkeyPatch) -> TimedTable:
    table = TimedTable(discord_emulator, database, monkeypatch)
    table.fixed_setup = stacked_setup()  # round 1: Judge and Surgeon, no decision but the cards
    return table


async def choose(table: TimedTable, user: SimUser, notify: str) -> Message:
    return await answered_privately(await user.slash("cardia", "settings", notify=notify), table)


async def accepted_duel(table: TimedTable) -> int:
    """Alice challenges Bob and Bob accepts: the match's id (its first board posted)."""
    challenge, match_id = await table.challenge(table.alice, table.bob)
    await table.bob.click(challenge, f"cardia:c:{match_id}:accept")
    await table.settle()
    return match_id


def direct(user: SimUser) -> list[Message]:
    return user.messages(user.dm)


@pytest.mark.asyncio
async def test_a_player_who_asks_for_direct_messages_is_told_there_and_named_where_the_duel_is(
    table: TimedTable,
) -> None:
    alice, bob = table.alice, table.bob
    bob.locale = "pl"
    async with table.running():
        chosen = await choose(table, bob, "dm")
        assert chosen.content == "✅ Ustawienia zapisane."
        assert await table.storage.player_settings(bob.id) == PlayerSettings("dm", False, "pl")
        await accepted_duel(table)
        board = table.board()
        assert table.mentioned(board) == [alice] and "**Bob**" in board.content
        (told,) = direct(bob)
        assert told.content.startswith("⚔️ Twój ruch") and table.link(board) in told.content
        assert direct(alice) == []

        await table.place(alice)  # the board waits for Bob alone (edited in place: nobody told again)
        assert len(direct(bob)) == 1
        (reminder,) = await table.later(8)
        assert table.mentioned(reminder) == [] and "**Bob**" in reminder.content
        assert direct(bob)[-1].content.startswith("⏰") and table.link(reminder) in direct(bob)[-1].content

        (claim,) = await table.later(16)  # time is up: Alice may claim, and is pinged in the thread
        assert table.mentioned(claim) == [alice]
        assert len(direct(bob)) == 2


@pytest.mark.asyncio
async def test_notify_off_names_the_player_and_pings_nobody(table: TimedTable) -> None:
    alice, bob = table.alice, table.bob
    async with table.running():
        await choose(table, alice, "off")
        await choose(table, bob, "off")
        await accepted_duel(table)
        board = table.board()
        assert table.mentioned(board) == [] and "**Alice**" in board.content and "**Bob**" in board.content
        assert direct(alice) == direct(bob) == []
        shown = await answered_privately(await bob.slash("cardia", "settings"), table)
        assert "without a ping" in shown.text


@pytest.mark.asyncio
async def test_a_refused_direct_message_is_told_in_one_line_and_the_player_is_pinged_instead(
    table: TimedTable,
) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    bob.user.accepts_dms = False  # Bob takes no direct message from the bot
    async with table.running():
        await choose(table, bob, "dm")
        await accepted_duel(table)
        await emulator.wait_for(
            lambda: [m for m in emulator.messages() if "direct messages" in m.content], what="the line"
        )
        (line,) = [m for m in emulator.messages() if "direct messages" in m.content]
        assert table.mentioned(line) == [bob] and line.channel_id == table.board().channel_id
        assert line.content.startswith(f"{bob.mention}, I cannot send you direct messages")
        assert (await table.storage.player_settings(bob.id)).dm_refused
        shown = await answered_privately(await bob.slash("cardia", "settings"), table)
        assert "Discord refused the bot's last direct message" in shown.text

        await table.place(alice)
        await table.place(bob)  # the round's end: the next board pings Bob where the duel is
        assert bob in table.mentioned(table.board())
        assert [m for m in emulator.messages() if "direct messages" in m.content] == [line]  # said once

        await choose(table, bob, "channel")  # a new choice forgets the refusal
        assert await table.storage.player_settings(bob.id) == PlayerSettings("channel", False, "en")


@pytest.mark.asyncio
async def test_only_managers_change_the_server_but_anyone_chooses_their_own(table: TimedTable) -> None:
    bob = table.bob
    bob.permissions = 0
    async with table.running():
        refused = await answered_privately(
            await bob.slash("cardia", "settings", notify="dm", images=False), table
        )
        assert refused.content.startswith("Only members with the Manage Server permission")
        assert (await table.storage.player_settings(bob.id)).notify == "channel"
        saved = await choose(table, bob, "dm")
        assert saved.content == "✅ Settings saved."
        assert "a direct message with a link when a duel waits for you" in saved.text


@pytest.mark.asyncio
async def test_a_reminder_refused_by_a_closed_direct_message_is_told_at_the_next_interaction(
    table: TimedTable,
) -> None:
    """A duel in direct messages whose reminder Bob's closed DMs refuse: Alice's comes; Bob is told once,
    at his next interaction, what to change."""
    alice, bob = table.alice, table.bob
    alice.channel, bob.channel = alice.dm, bob.dm
    async with table.running():
        await alice.slash("cardia", "challenge", opponent=bob, match=1)
        await table.settle()
        (offer,) = direct(bob)
        (match_id,) = {int(c.split(":")[2]) for c in offer.custom_ids}
        await bob.click(offer, f"cardia:c:{match_id}:accept")
        await table.settle()
        bob.user.accepts_dms = False
        before = len(direct(alice))
        await table.later(8)  # the reminder: in Alice's DM, refused in Bob's
        assert any(m.content.startswith("⏰") for m in direct(alice)[before:])
        assert (await table.storage.player_settings(bob.id)).dm_closed

        def told() -> list[Message]:
            return [m for m in direct(bob) if m.content.startswith("I cannot send you direct messages")]

        await bob.slash("cardia", "rules")
        await table.emulator.wait_for(lambda: told(), what="the line Bob is owed")
        await bob.slash("cardia", "rules")
        await table.settle()
        assert len(told()) == 1 and told()[0].visible_to == bob.id  # once
