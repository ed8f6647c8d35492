"""Duels in direct messages (issue 34): ``/cardia challenge`` in one's DM with the bot challenges a
player in theirs; each player's DM shows the same public messages (the challenge, every board, the
result), in their own language, and their own hand as anywhere; a player whose DMs are closed to the bot
cannot be challenged so, which the challenger is told in one line."""

from __future__ import annotations

import random

import pytest

from emulator import Message, SimUser
from tests.bot.table import Table


def boards(user: SimUser) -> list[Message]:
    return [m for m in user.messages(user.dm) if any(c.startswith("cardia:h:") for c in m.custom_ids)]


def results(user: SimUser) -> list[Message]:
    return [m for m in user.messages(user.dm) if any(c.startswith("cardia:r:") for c in m.custom_ids)]


async def decide(table: Table, user: SimUser, rng: random.Random) -> None:
    """``user`` opens their hand from the latest board in their own DM and takes a decision there."""
    hand = await table.show_hand(user, boards(user)[-1])
    assert hand.channel_id == user.dm.id
    await table.choose(user, hand, rng)
    await table.screen()


@pytest.mark.asyncio
async def test_a_whole_match_in_direct_messages(table: Table) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    alice.channel, bob.channel = alice.dm, bob.dm  # their commands and clicks come from their DMs
    bob.locale = "hu"
    rng = random.Random(34)
    async with table.running():
        sent = await alice.slash("cardia", "challenge", opponent=bob, match=1)
        await table.settle()
        mine = sent.message
        assert mine is not None and mine.channel_id == alice.dm.id
        (theirs,) = bob.messages(bob.dm)  # the same challenge, in Bob's DM, to answer there
        assert theirs.custom_ids == mine.custom_ids and bob.mention in theirs.content
        (match_id,) = {int(c.split(":")[2]) for c in theirs.custom_ids}
        accepted = await bob.click(theirs, f"cardia:c:{match_id}:accept")
        await table.settle()
        assert accepted.response_type == 7 and theirs.custom_ids == [] and mine.custom_ids == []
        assert "elfogadva" in theirs.text and "accepted" in mine.text  # each in their own language

        for _ in range(200):
            if results(alice):
                break
            # Each DM pings only its own player (the other is named there).
            waiting = [user for user in (alice, bob) if user.mention in boards(user)[-1].content]
            assert waiting, boards(alice)[-1].content
            await decide(table, rng.choice(waiting), rng)
        (result_alice,), (result_bob,) = results(alice), results(bob)
        # Each DM showed every board of the game, and no other message of the duel was posted.
        assert len(boards(alice)) == len(boards(bob)) > 3
        for here, there in zip(boards(alice), boards(bob), strict=True):
            assert here.custom_ids == there.custom_ids  # the same game at the same revision
        assert result_alice.custom_ids == result_bob.custom_ids == [f"cardia:r:{match_id}"]
        assert emulator.messages() == [] and carol.messages() == []  # nothing anywhere else
        await table.storage.flush()  # the messages' ids are bookkeeping, committed with the next write
        match = await table.storage.match(match_id)
        assert match is not None and (match.guild_id, *(home.channel_id for home in match.homes)) == (
            0,
            alice.dm.id,
            bob.dm.id,
        )
        assert match.status == "finished" and match.homes[1].result_id == result_bob.id

        # A rematch Bob asks for in his DM makes him the challenger, at home there.
        again = await bob.click(result_bob, f"cardia:r:{match_id}")
        await table.settle()
        assert again.message is not None and again.message.channel_id == bob.dm.id
        offer = alice.messages(alice.dm)[-1]
        assert alice.mention in offer.content and any(":accept" in c for c in offer.custom_ids)


@pytest.mark.asyncio
async def test_a_player_whose_direct_messages_are_closed_cannot_be_challenged_there(table: Table) -> None:
    alice, bob = table.alice, table.bob
    alice.channel = alice.dm
    bob.user.accepts_dms = False
    async with table.running():
        sent = await alice.slash("cardia", "challenge", opponent=bob)
        await table.settle()
        told = [m for m in alice.messages(alice.dm) if "takes no direct messages" in m.content]
        assert len(told) == 1 and told[0].content.startswith("Bob takes no direct messages from the bot")
        assert sent.message is not None and "withdrawn" in sent.message.text
        assert bob.messages(bob.dm) == []
        assert await table.storage.open_matches(0, user_id=alice.id) == []  # nothing left open


@pytest.mark.asyncio
@pytest.mark.parametrize("closing", ["opponent", "challenger"])
async def test_a_player_who_closes_their_direct_messages_mid_duel_is_told_once_and_loses_nothing(
    table: Table, closing: str
) -> None:
    """Bob closes his DMs (the duel's mirror, or its first home when he is the challenger): Alice's
    home goes on; he is told once; /cardia status brings his board back once he opens them."""
    alice, bob = table.alice, table.bob
    alice.channel, bob.channel = alice.dm, bob.dm
    if closing == "challenger":
        alice, bob = bob, alice
    rng = random.Random(5)

    def told(user: SimUser) -> list[Message]:
        line = "I cannot send you direct messages"
        return [m for m in user.messages(user.dm) if m.content.startswith(line)]

    async with table.running():
        await alice.slash("cardia", "challenge", opponent=bob, match=1)
        await table.settle()
        (theirs,) = bob.messages(bob.dm)
        (match_id,) = {int(c.split(":")[2]) for c in theirs.custom_ids}
        await bob.click(theirs, f"cardia:c:{match_id}:accept")
        await table.settle()
        bob.user.accepts_dms = False  # Bob closes his DMs to the bot (Privacy Settings) mid-duel
        seen = len(boards(bob))
        for user in (alice, bob):
            await decide(table, user, rng)
        assert len(boards(alice)) > seen == len(boards(bob))  # Alice's home goes on without Bob's
        # Bob is told in one line, privately, at his next interaction, and only once.
        await table.show_hand(bob, boards(bob)[-1])
        await table.settle()
        await table.show_hand(bob, boards(bob)[-1])
        await table.settle()
        (line,) = told(bob)
        assert line.visible_to == bob.id and "/cardia status" in line.content
        assert told(alice) == []

        # He allows them again: /cardia status there brings his board up to date, as Alice's is.
        bob.user.accepts_dms = True
        await bob.slash("cardia", "status")
        await table.settle()
        assert boards(bob)[-1].custom_ids == boards(alice)[-1].custom_ids
        assert not (await table.storage.player_settings(bob.id)).dm_closed
        await bob.slash("cardia", "status")  # nothing more to bring: no new board, no line
        await table.settle()
        assert boards(bob)[-1].custom_ids == boards(alice)[-1].custom_ids and len(told(bob)) == 1
