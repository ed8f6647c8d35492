"""A thread per duel (issue 34), end to end through the Discord emulator: the duel moves into a thread
started from its challenge message, its players added; boards, reminders and the result go there; the
channel keeps the challenge alone, which shows the result at the end. The server's ``threads`` setting, a
missing permission (told once to the managers), an archived thread, a thread started before a failure
(adopted), a deleted one (back to the channel) and a rematch (the same thread)."""

from __future__ import annotations

import random

import pytest

from bot.ui.homes import ARCHIVE_AFTER
from emulator import Emulator
from emulator.state import ALL_PERMISSIONS, Channel, Message
from tests.bot.table import MANAGE_GUILD, TimedTable, answered_privately, stacked_setup, stored_match

NOT_MANAGER = ALL_PERMISSIONS & ~MANAGE_GUILD & ~(1 << 3)  # neither Manage Server nor Administrator
START_THREAD = "/channels/{channel_id}/messages/{message_id}/threads"


@pytest.fixture
def table(discord_emulator: Emulator, database: str, monkeypatch: pytest.MonkeyPatch) -> TimedTable:
    table = TimedTable(discord_emulator, database, monkeypatch)
    table.fixed_setup = stacked_setup()  # round 1: Judge and Surgeon, no decision but the cards
    return table


def thread_of(table: TimedTable, challenge: Message) -> Channel:
    thread = table.emulator.state.channels[challenge.id]
    assert thread.is_thread and thread.parent_id == table.emulator.channel.id
    return thread


@pytest.mark.asyncio
# A whole match through Discord: on SQLite only (about three seconds a database); what it stores is run on
# both databases by the shorter tests here and by tests/store.
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_a_match_is_played_in_its_own_thread_and_the_channel_keeps_the_challenge(
    table: TimedTable,
) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    channel = emulator.channel
    async with table.running():
        challenge, match_id = await table.challenge(alice, bob, deck="1111", location="grand_library")
        await bob.click(challenge, f"cardia:c:{match_id}:accept")
        await table.settle()
        thread = thread_of(table, challenge)
        assert thread.name == "Alice vs Bob · Deck I · Grand Library"
        assert thread.members == {emulator.state.bot.id, alice.id, bob.id}
        assert thread.auto_archive_duration == ARCHIVE_AFTER
        assert len(emulator.requests_to(START_THREAD, "POST")) == 1
        board = table.board()
        assert board.channel_id == thread.id and set(table.mentioned(board)) == {alice, bob}

        await table.place(alice)  # the board now waits for Bob: his reminder comes to the thread
        (reminder,) = await table.later(8)
        assert reminder.channel_id == thread.id and table.mentioned(reminder) == [bob]
        assert table.link(table.board()) in reminder.content

        rng = random.Random(34)
        while not table.results():
            await table.play_game(rng)
        (result,) = table.results()
        assert result.channel_id == thread.id
        assert all(board.channel_id == thread.id for board in table.boards())
        assert emulator.messages(channel) == [challenge]  # the channel keeps the challenge alone
        match = await stored_match(table, match_id)
        assert (match.first_home.in_thread, match.first_home.thread_id) == (True, thread.id)
        assert "finished: Alice " in challenge.text and table.link(result) in challenge.text

        # A rematch asked for in the thread is offered, accepted and played there.
        offer = (await bob.click(result, f"cardia:r:{match_id}")).message
        await table.settle()
        assert offer is not None and not offer.ephemeral and offer.channel_id == thread.id
        (again,) = {int(c.split(":")[2]) for c in offer.custom_ids}
        await alice.click(offer, f"cardia:c:{again}:accept")
        await table.settle()
        assert table.board().channel_id == thread.id and table.game_id(table.board()) != table.game_id(board)
        assert len(emulator.requests_to(START_THREAD, "POST")) == 1  # no second thread
        assert emulator.messages(channel) == [challenge]
        status = await answered_privately(await alice.slash("cardia", "status"), table)
        assert thread.mention in status.text and table.link(table.board()) in status.text


@pytest.mark.asyncio
async def test_a_duel_against_the_computer_gets_a_thread_too(table: TimedTable) -> None:
    emulator, alice = table.emulator, table.alice
    async with table.running():
        started = await alice.slash("cardia", "challenge", opponent=emulator.state.bot, match=1)
        await table.settle()
        challenge = started.message
        assert challenge is not None and challenge.channel_id == emulator.channel.id
        thread = thread_of(table, challenge)
        assert thread.members == {emulator.state.bot.id, alice.id}
        assert thread.name.startswith("Alice vs Computer")
        assert table.board().channel_id == thread.id


@pytest.mark.asyncio
async def test_a_server_that_turns_threads_off_plays_in_the_channel(table: TimedTable) -> None:
    emulator, alice = table.emulator, table.alice
    async with table.running():
        changed = await answered_privately(await alice.slash("cardia", "settings", threads=False), table)
        assert "duels are played in their channel" in changed.text
        await table.start()
        assert table.board().channel_id == emulator.channel.id
        assert emulator.requests_to(START_THREAD) == []


@pytest.mark.asyncio
async def test_without_the_permission_the_duel_stays_in_the_channel_and_managers_are_told_once(
    table: TimedTable,
) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    emulator.channel.denied.add("SEND_MESSAGES_IN_THREADS")
    bob.permissions = NOT_MANAGER
    async with table.running():
        await table.start()
        assert table.board().channel_id == emulator.channel.id
        assert emulator.requests_to(START_THREAD) == []
        (note,) = [m for m in emulator.messages(emulator.channel) if "Server managers" in m.content]
        assert "Send Messages in Threads" in note.content and "Create Public Threads" not in note.content
        assert table.mentioned(note) == []

        # Said once: the next duel here says nothing more, to anyone.
        offer, carols = await table.challenge(alice, table.carol, match=1)
        accepted = await table.carol.click(offer, f"cardia:c:{carols}:accept")
        await table.settle()
        assert accepted.followups == []
        assert [m for m in emulator.messages() if "managers" in m.content] == [note]


@pytest.mark.asyncio
async def test_a_manager_who_begins_a_duel_without_the_permission_is_told_privately(
    table: TimedTable,
) -> None:
    emulator, alice = table.emulator, table.alice
    emulator.channel.denied.add("CREATE_PUBLIC_THREADS")
    async with table.running():
        started = await alice.slash("cardia", "challenge", opponent=emulator.state.bot, match=1)
        await table.settle()
        (note,) = [m for m in alice.messages() if m.ephemeral and "Create Public Threads" in m.content]
        assert note.content.startswith("Duels in this channel are played in the channel itself")
        assert started.message is not None and table.board().channel_id == emulator.channel.id


@pytest.mark.asyncio
async def test_an_archived_thread_is_reopened_by_the_next_post(table: TimedTable) -> None:
    alice, bob = table.alice, table.bob
    async with table.running():
        challenge, match_id = await table.challenge(alice, bob)
        await bob.click(challenge, f"cardia:c:{match_id}:accept")
        await table.settle()
        thread = thread_of(table, challenge)
        first = table.board()
        thread.archived = True  # a quiet week: Discord archived it, and its messages cannot be edited
        await table.place(alice)  # face down while Bob chooses: the board would be edited in place
        await table.settle()
        assert not thread.archived
        assert table.board() is not first and table.board().channel_id == thread.id
        assert table.mentioned(table.board()) == [bob]
        await table.place(bob)
        assert table.board().channel_id == thread.id


@pytest.mark.asyncio
async def test_a_thread_started_before_a_failure_is_adopted(table: TimedTable) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    async with table.running():
        challenge, match_id = await table.challenge(alice, bob)
        # The thread is started, but the bot is told it failed: it tries again, and adopts that thread.
        emulator.fail("POST", START_THREAD, after=True)
        await bob.click(challenge, f"cardia:c:{match_id}:accept")
        await emulator.wait_for(lambda: len(emulator.requests_to(START_THREAD)) == 2, what="the retry")
        await emulator.wait_for(lambda: table.boards(), what="the first board")
        await table.settle()
        thread = thread_of(table, challenge)
        assert [c for c in emulator.state.channels.values() if c.is_thread] == [thread]
        assert thread.members == {emulator.state.bot.id, alice.id, bob.id}
        (board,) = table.boards()
        assert board.channel_id == thread.id


@pytest.mark.asyncio
async def test_a_deleted_thread_sends_the_duel_back_to_its_channel(table: TimedTable) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    async with table.running():
        match_id, _ = await table.start()
        thread = thread_of(table, emulator.messages(emulator.channel)[0])
        # A moderator deleted the thread: Discord answers the next board's post "Unknown Channel".
        emulator.fail("POST", "/channels/{channel_id}/messages", status=404, message="Unknown Channel")
        await table.place(alice)  # face down while Bob chooses: its board is edited in place
        await table.place(bob)  # the round's end: a new board
        await emulator.wait_for(
            lambda: table.board().channel_id == emulator.channel.id, what="a board in the channel"
        )
        await table.settle()
        posts = [
            r.params["channel_id"] for r in emulator.requests_to("/channels/{channel_id}/messages", "POST")
        ]
        assert posts[-2:] == [str(thread.id), str(emulator.channel.id)]
        match = await stored_match(table, match_id)
        assert (match.first_home.in_thread, match.first_home.thread_id) == (False, None)
        await table.place(alice)
        assert table.board().channel_id == emulator.channel.id
