"""The queue that finds an opponent (issue 34), end to end: players of three servers and of direct
messages queue where they are, are matched (each once) and pinged there by their duel's first board;
``leave``; nobody agreeing, the computer is offered (to that player alone), then the entry expires; a
queue duel counts in the global rating and leaderboard, not in any server's."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

import emulator.rest as discord_rest
from bot.store import Storage
from emulator import Emulator, Message, SimUser
from emulator.shards import guild_on_another_shard
from emulator.state import Channel
from tests.bot.table import TimedTable, answered_privately, stacked_setup
from tests.postgres import PostgresServer, new_postgres_database
from tests.processes import BotProcess

TICK = {"QUEUE_TICK": "0.05"}  # seconds between two looks at the queue, in each process


@pytest.fixture
def table(discord_emulator: Emulator, database: str, monkeypatch: pytest.MonkeyPatch) -> TimedTable:
    table = TimedTable(discord_emulator, database, monkeypatch)
    table.fixed_setup = stacked_setup()
    return table


def boards_in(table: TimedTable, user: SimUser, channel: Channel) -> list[Message]:
    return [m for m in user.messages(channel) if any(c.startswith("cardia:h:") for c in m.custom_ids)]


def duel_home(table: TimedTable, user: SimUser, home: Channel) -> Channel:
    """Where the duel the queue found is shown in ``home``: in a server's channel, the thread started from
    the message there that says the queue found it; in a DM, the DM."""
    found = [m for m in user.messages(home) if m.content.startswith("🎴 The queue found a duel")]
    if home.guild_id is None:
        assert found == []
        return home
    assert len(found) == 1 and user.mention not in found[0].content  # named, pinged by the first board
    thread = table.emulator.state.channels[found[0].id]
    assert thread.is_thread and thread.parent_id == home.id and user.id in thread.members
    return thread


async def queue(table: TimedTable, user: SimUser, **options: object) -> Message:
    return await answered_privately(await user.slash("cardia", "queue", **options), table)  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_players_of_three_servers_and_dms_are_matched_and_pinged_where_they_queued(
    table: TimedTable,
) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    dave = emulator.user("dave")
    second = emulator.state.add_guild("Second Hall", ("lobby",))
    third = emulator.state.add_guild("Third Hall", ("lobby",))
    homes = {alice: emulator.channel, bob: second.channels[0], carol: carol.dm, dave: third.channels[0]}
    for user, home in homes.items():
        user.channel = home
    async with table.running():
        joined = await queue(table, alice)
        assert joined.content.startswith("⏳ You are in the queue (global rating 1000)")
        assert emulator.messages() == []  # nobody else yet
        await queue(table, bob)
        await table.settle()
        (alice_board,) = boards_in(table, alice, duel_home(table, alice, homes[alice]))
        (bob_board,) = boards_in(table, bob, duel_home(table, bob, homes[bob]))
        # Each home pings its own player only, and names the other (who plays from another server).
        assert table.mentioned(alice_board) == [alice] and "**Bob**" in alice_board.content
        assert table.mentioned(bob_board) == [bob] and "**Alice**" in bob_board.content
        assert alice_board.custom_ids == bob_board.custom_ids

        await queue(table, carol, match=1)
        await queue(table, dave)
        await table.settle()
        (carol_board,) = boards_in(table, carol, duel_home(table, carol, homes[carol]))
        (dave_board,) = boards_in(table, dave, duel_home(table, dave, homes[dave]))
        assert carol_board.custom_ids == dave_board.custom_ids
        matches = await table.storage.open_matches(0)
        assert len(matches) == 2 and all(m.status == "active" for m in matches)
        assert {(m.challenger_id, m.opponent_id) for m in matches} == {
            (alice.id, bob.id),
            (carol.id, dave.id),
        }
        assert {m.wins_needed for m in matches} == {2, 1}  # what one left open the other decided
        assert await table.storage.queued() == []
        # Each server is shown the opponent's name, never the other server.
        for guild, others in ((emulator.guild, ("Second Hall", "Third Hall")), (second, ("Emulated",))):
            here = {c.id for c in (*guild.channels, *guild.threads)}
            shown = "\n".join(m.text for m in emulator.messages() if m.channel_id in here)
            assert not any(name in shown for name in others)
        # Nor a link into another server (a challenge's title link goes to its own home's channel).
        for guild, away in ((emulator.guild, (second, third)), (second, (emulator.guild, third))):
            here = {c.id for c in (*guild.channels, *guild.threads)}
            links = [e.get("url", "") for m in emulator.messages() if m.channel_id in here for e in m.embeds]
            assert links and not any(f"/channels/{other.id}/" in link for other in away for link in links)

        # Bob plays from his own server; /cardia status there lists the duel.
        hand = await table.show_hand(bob, bob_board)
        assert hand.channel_id == duel_home(table, bob, homes[bob]).id
        status = await answered_privately(await bob.slash("cardia", "status"), table)
        assert "Alice" in status.text

        # A queue duel is rated globally: Bob concedes, the global leaderboard has both, the server's not.
        concede = await answered_privately(await bob.slash("cardia", "concede"), table)
        await bob.click(concede, next(c for c in concede.custom_ids if c.startswith("cardia:k:")))
        await table.settle()
        board = await answered_privately(await alice.slash("cardia", "leaderboard", scope="global"), table)
        assert "Alice" in board.text and "Bob" in board.text
        server = await answered_privately(await alice.slash("cardia", "leaderboard"), table)
        assert "No finished game in this server yet" in server.text


@pytest.mark.asyncio
async def test_leave_the_computer_offered_then_the_entry_expires(table: TimedTable) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    async with table.running():
        assert (await queue(table, carol, leave=True)).content == "You are not in the queue."
        await queue(table, carol)
        assert (await queue(table, carol, leave=True)).content == "You left the queue."
        await queue(table, alice, deck="2222")
        await queue(table, bob, deck="1111")  # they do not agree: nobody is matched
        await table.settle()
        assert await table.storage.open_matches(0) == []
        assert table._bot is not None
        sweep = table._bot.queue_cog.sweep

        table.clock.now += timedelta(minutes=6)
        await sweep()
        offers = [m for m in emulator.messages() if any(c.startswith("cardia:qc:") for c in m.custom_ids)]
        assert len(offers) == 2
        to_alice = next(m for m in offers if alice.mention in m.content)
        refused = await bob.click(to_alice, f"cardia:qc:{alice.id}")  # not his
        await table.settle()
        assert refused.message is not None and refused.message.content.startswith("This offer is for someone")
        await sweep()
        assert (
            len([m for m in emulator.messages() if any(c.startswith("cardia:qc:") for c in m.custom_ids)])
            == 2
        )

        started = await alice.click(to_alice, f"cardia:qc:{alice.id}")
        await table.settle()
        assert started.message is not None and "takes on the computer" in started.message.content
        assert await table.storage.queue_entry(alice.id) is None  # she left the queue for it

        table.clock.now += timedelta(minutes=60)
        await sweep()
        (expired,) = [m for m in emulator.messages() if "nobody came in 60 minutes" in m.content]
        assert table.mentioned(expired) == [bob]
        assert await table.storage.queued() == []


def first_boards(emulator: Emulator) -> list[Message]:
    """The boards posted in every channel and DM."""
    return [
        m
        for m in emulator.state.messages.values()
        if not m.ephemeral and any(c.startswith("cardia:h:") for c in m.custom_ids)
    ]


@pytest.mark.asyncio
async def test_ten_players_queueing_at_once_are_matched_once_each_by_two_processes(
    discord_emulator: Emulator, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    """Ten players of three servers and DMs queue at the same moment; two bot processes share one
    PostgreSQL database, each running one shard and looking at the queue every 50 ms: five duels, each
    player in one, each first board posted once in each player's home."""
    emulator = discord_emulator
    users = [emulator.user(f"player{n}") for n in range(10)]
    other = await guild_on_another_shard(emulator, 2, channels=("lobby",))
    third = emulator.state.add_guild("Third Hall", ("lobby",))
    homes = [emulator.channel] * 3 + [other.channels[0]] * 3 + [third.channels[0]] * 2
    for user, home in zip(users, [*homes, users[8].dm, users[9].dm], strict=True):
        user.channel = home
    url = await new_postgres_database(postgres_server)
    processes = [  # real `python -m bot` processes, each on one shard, looking at the queue all the time
        BotProcess(emulator, url, tmp_path / f"shard{shard}.log", shards=(2, str(shard)), settings=TICK)
        for shard in (0, 1)
    ]
    storage = await Storage.open(url)
    try:
        await processes[0].start("--sync")
        await processes[1].start()
        await asyncio.gather(*(user.slash("cardia", "queue") for user in users))
        for _ in range(400):
            if not await storage.queued():
                break
            await asyncio.sleep(0.05)
        matched = {user: await storage.open_matches(user_id=user.id) for user in users}
        duels = {found[0].id: found[0] for found in matched.values() if found}
        expected = sum(len(duel.homes) for duel in duels.values())
        await emulator.wait_for(
            lambda: len(first_boards(emulator)) >= expected, timeout=15, what="each duel's first boards"
        )
        await asyncio.gather(*(process.settled() for process in processes))  # a second one would be out now
    finally:
        await storage.close()
        for process in processes:
            await process.close()
    assert all(len(found) == 1 for found in matched.values()), matched
    assert len({found[0].id for found in matched.values()}) == 5
    assert not [i for i in emulator.interactions if i.acknowledged is not True]
    for user in users:  # pinged in their home (its duel's thread there) by its first board
        here = {user.channel.id} | {
            channel.id for channel in emulator.state.channels.values() if channel.parent_id == user.channel.id
        }
        pinged = [
            m
            for m in user.messages()
            if m.channel_id in here
            and user.mention in m.content
            and any(c.startswith("cardia:h:") for c in m.custom_ids)
        ]
        assert len(pinged) == 1, user.name
    duels = {found[0].id: found[0] for found in matched.values()}
    assert len(first_boards(emulator)) == sum(len(duel.homes) for duel in duels.values())  # none twice
    emulator.check()


@pytest.mark.asyncio
async def test_the_queues_line_posted_but_not_marked_is_not_posted_again(
    table: TimedTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that died after posting the message saying the queue found a duel (a thread's start, with
    no button to know it by) and before marking it: the next start, later than Discord remembers a nonce,
    finds it by its marker and posts it once, its thread adopted, not started twice."""
    emulator, alice, bob = table.emulator, table.alice, table.bob
    monkeypatch.setattr(discord_rest, "NONCE_SECONDS", 0.0)
    async with table.running():
        await queue(table, alice)
        await queue(table, bob)
        await table.settle()
        await table.storage.flush()  # the thread and the message: bookkeeping, committed with the next write
        (match,) = await table.storage.open_matches(0)
        thread = duel_home(table, alice, emulator.channel)
        assert match.first_home.thread_id == thread.id
        (game,) = await table.storage.games(match.id)
        # What the database holds if the process died before its bookkeeping was committed.
        async with table.storage.transaction() as tx:
            await tx.db.write(
                "UPDATE homes SET challenge_id = NULL, thread_id = NULL WHERE match_id = ?", (match.id,)
            )
            await tx.db.write("DELETE FROM boards WHERE game_id = ?", (game.id,))
            await tx.post_due(match.id, "challenge")
            await tx.post_due(match.id, "board", game.id)
    async with table.running():
        await table.settle()
        await table.storage.flush()
        again = await table.storage.match(match.id)
        assert again is not None and again.first_home.thread_id == thread.id
    found = [
        m for m in emulator.messages(emulator.channel) if m.content.startswith("🎴 The queue found a duel")
    ]
    assert [m.id for m in found] == [thread.id]
    assert len(boards_in(table, alice, thread)) == 1  # its board found again too
    emulator.check()


@pytest.mark.asyncio
@pytest.mark.parametrize("after", [False, True], ids=["refused", "made-but-answered-503"])
async def test_the_queues_offer_whose_post_failed_is_posted_again_once(
    table: TimedTable, monkeypatch: pytest.MonkeyPatch, after: bool
) -> None:
    """The computer offered to a player nobody came for is due in their home from the sweep that marks
    the offer: a post Discord refused is made again, and one Discord made but answered with an error is
    found by its words (later than Discord remembers its nonce), never posted twice."""
    emulator, alice = table.emulator, table.alice
    monkeypatch.setattr(discord_rest, "NONCE_SECONDS", 0.0)
    async with table.running() as bot:
        await queue(table, alice)
        await table.settle()
        fault = emulator.fail("POST", "/channels/{channel_id}/messages", after=after)
        table.clock.now += timedelta(minutes=6)
        await bot.queue_cog.sweep()
        assert fault.hits
        await table.outbox_settled()  # the retry, and nothing after it
        offers = [m for m in emulator.messages() if any(c.startswith("cardia:qc:") for c in m.custom_ids)]
        assert len(offers) == 1 and table.mentioned(offers[0]) == [alice]
