"""A duel across two servers (issue 34): ``/cardia challenge code:True`` gives a code; whoever is given it
accepts with ``/cardia accept code:`` in their own channel, on another server, which becomes their home.
Every public message goes to both homes (the challenger's in a thread of its own), each in its server's
language, and neither server is shown anything of the other but the opponent's name."""

from __future__ import annotations

import random
import re

import pytest

from emulator import Message, SimUser
from emulator.state import Channel, Guild
from tests.bot.table import Table

CODE = re.compile(r"\*\*([A-Z2-9]{6})\*\*")


def in_channel(table: Table, channel: Channel, mark: str) -> list[Message]:
    return [m for m in table.emulator.messages(channel) if any(c.startswith(mark) for c in m.custom_ids)]


def said_in(table: Table, guild: Guild) -> str:
    """Everything the bot posted in a server's channels and threads, as one text."""
    here = {c.id for c in (*guild.channels, *guild.threads)}
    return "\n".join(m.text for m in table.emulator.messages() if m.channel_id in here)


async def by_code(table: Table, challenger: SimUser, opponent: SimUser) -> tuple[Message, Message]:
    """``challenger`` challenges by code (one game), ``opponent`` accepts it where they are: the challenge
    message on each side."""
    sent = await challenger.slash("cardia", "challenge", code=True, match=1)
    await table.settle()
    assert sent.message is not None
    found = CODE.search(sent.message.content)
    assert found is not None
    accepted = await opponent.slash("cardia", "accept", code=found[1])
    await table.settle()
    assert accepted.message is not None
    return sent.message, accepted.message


async def decide(table: Table, user: SimUser, board: Message, rng: random.Random) -> None:
    hand = await table.show_hand(user, board)
    await table.choose(user, hand, rng)
    await table.screen()


@pytest.mark.asyncio
# A whole match through Discord: on SQLite only (about three seconds a database); what it stores is run on
# both databases by tests/bot/test_dm_duels.py and tests/store.
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_a_whole_match_across_two_servers_by_code(table: Table) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    home = emulator.guild
    away = emulator.state.add_guild("Faraway Hall", ("cardia-room",))
    away.preferred_locale = "pl"
    bob.channel = away.channels[0]
    rng = random.Random(3434)
    async with table.running():
        sent = await alice.slash("cardia", "challenge", code=True, match=1)
        await table.settle()
        offer = sent.message
        assert offer is not None and offer.channel_id == emulator.channel.id
        found = CODE.search(offer.content)
        assert found is not None
        code = found[1]
        (match_id,) = {int(c.split(":")[2]) for c in offer.custom_ids}
        assert offer.custom_ids == [f"cardia:c:{match_id}:withdraw"]  # only its challenger answers it

        refused = await carol.slash("cardia", "accept", code="NOPE42")
        await table.settle()
        assert refused.message is not None and refused.message.ephemeral
        assert refused.message.content.startswith("No open challenge has the code")
        mine = await alice.slash("cardia", "accept", code=code)
        await table.settle()
        assert mine.message is not None and mine.message.content == "You cannot challenge yourself."

        accepted = await bob.slash("cardia", "accept", code=code.lower())
        await table.settle()
        shown = accepted.message
        assert shown is not None and not shown.ephemeral and shown.channel_id == away.channels[0].id
        assert "przyjęte" in shown.text and "accepted" in offer.text and offer.custom_ids == []
        # Each side: a thread of its own, started from the challenge shown there, with its own player.
        thread = emulator.state.channels[offer.id]
        away_thread = emulator.state.channels[shown.id]
        assert thread.is_thread and alice.id in thread.members and bob.id not in thread.members
        assert away_thread.is_thread and bob.id in away_thread.members and alice.id not in away_thread.members
        assert away_thread.parent_id == away.channels[0].id

        for _ in range(200):
            if in_channel(table, away_thread, "cardia:r:"):
                break
            # Each home pings only its own player (the other is named there).
            homes = ((alice, thread), (bob, away_thread))
            latest = {user: in_channel(table, there, "cardia:h:")[-1] for user, there in homes}
            waiting = [user for user, board in latest.items() if user.mention in board.content]
            assert waiting, latest
            assert bob.mention not in latest[alice].content and alice.mention not in latest[bob].content
            user = rng.choice(waiting)
            there = thread if user is alice else away_thread
            await decide(table, user, in_channel(table, there, "cardia:h:")[-1], rng)
        here_boards, away_boards = (
            in_channel(table, thread, "cardia:h:"),
            in_channel(table, away_thread, "cardia:h:"),
        )
        assert in_channel(table, away.channels[0], "cardia:h:") == []  # the channel keeps the challenge
        assert len(here_boards) == len(away_boards) > 3
        for mine_board, their_board in zip(here_boards, away_boards, strict=True):
            assert mine_board.custom_ids == their_board.custom_ids  # the same game, the same revision
        (result,) = in_channel(table, away_thread, "cardia:r:")
        assert in_channel(table, thread, "cardia:r:")
        # Each challenge, in its channel, ends showing the result with a link to it, on its own server.
        assert f"https://discord.com/channels/{away.id}/{away_thread.id}/{result.id}" in shown.text
        assert f"https://discord.com/channels/{home.id}/{thread.id}/" in offer.text
        assert "Faraway Hall" not in said_in(table, home) and str(away.channels[0].id) not in said_in(
            table, home
        )
        assert home.name not in said_in(table, away) and str(thread.id) not in said_in(table, away)
        assert str(emulator.channel.id) not in said_in(table, away)

        # Bob asks for a rematch in his thread: proposed there, and to Alice in her home's channel.
        again = await bob.click(result, f"cardia:r:{match_id}")
        await table.settle()
        assert again.message is not None and again.message.channel_id == away_thread.id
        offer_again = in_channel(table, emulator.channel, "cardia:c:")[-1]
        assert alice.mention in offer_again.content and any(":accept" in c for c in offer_again.custom_ids)
        (rematch_id,) = {int(c.split(":")[2]) for c in offer_again.custom_ids}
        before = len(in_channel(table, thread, "cardia:h:")), len(in_channel(table, away_thread, "cardia:h:"))
        await alice.click(offer_again, f"cardia:c:{rematch_id}:accept")
        await table.settle()
        # Its boards: in Bob's thread, and in Alice's new thread of her own (started from the challenge she
        # accepted), none in the old duel's thread on her server.
        assert len(in_channel(table, away_thread, "cardia:h:")) == before[1] + 1
        assert len(in_channel(table, thread, "cardia:h:")) == before[0]
        alice_thread = emulator.state.channels[offer_again.id]
        assert alice_thread.is_thread and len(in_channel(table, alice_thread, "cardia:h:")) == 1


@pytest.mark.asyncio
async def test_a_deleted_thread_on_the_accepting_side_sends_that_side_back_to_its_channel(
    table: Table,
) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    away = emulator.state.add_guild("Faraway Hall", ("cardia-room",))
    bob.channel = away.channels[0]
    rng = random.Random(8)
    async with table.running():
        sent, accepted = await by_code(table, alice, bob)
        thread, away_thread = (emulator.state.channels[m.id] for m in (sent, accepted))
        assert len(in_channel(table, away_thread, "cardia:h:")) == 1
        del emulator.state.channels[away_thread.id]  # a moderator of Faraway Hall deleted it
        (duel,) = await table.storage.open_matches(user_id=alice.id)
        # Alice places a card: Bob's board, gone with its thread, is posted anew in his channel.
        await decide(table, alice, in_channel(table, thread, "cardia:h:")[-1], rng)
        await emulator.wait_for(
            lambda: bool(in_channel(table, away.channels[0], "cardia:h:")), what="a board in Bob's channel"
        )
        await decide(table, bob, in_channel(table, away.channels[0], "cardia:h:")[-1], rng)
        await table.settle()
        await table.storage.flush()
        match = await table.storage.match(duel.id)
        assert match is not None
        mine, theirs = match.homes
        assert (theirs.in_thread, theirs.thread_id) == (False, None)
        assert (mine.in_thread, mine.thread_id) == (True, thread.id)  # Alice's side is untouched
        assert in_channel(table, away.channels[0], "cardia:h:")[-1].custom_ids == (
            in_channel(table, thread, "cardia:h:")[-1].custom_ids
        )
        # Bob's /cardia status links his own home's board, never the other server's.
        status = await bob.slash("cardia", "status")
        await table.settle()
        assert status.message is not None and status.message.ephemeral
        assert f"https://discord.com/channels/{away.id}/{away.channels[0].id}/" in status.message.text
        assert str(emulator.guild.id) not in status.message.text and str(thread.id) not in status.message.text


@pytest.mark.asyncio
async def test_a_home_gone_for_good_leaves_the_other_home_going_on(table: Table) -> None:
    """Alice's channel is deleted mid-duel (her server plays duels in the channel): Bob's home, on another
    server, still gets every board."""
    emulator, alice, bob = table.emulator, table.alice, table.bob
    away = emulator.state.add_guild("Faraway Hall", ("cardia-room",))
    bob.channel = away.channels[0]
    rng = random.Random(11)
    async with table.running():
        await alice.slash("cardia", "settings", threads=False)
        await table.settle()
        _, accepted = await by_code(table, alice, bob)
        away_thread = emulator.state.channels[accepted.id]
        await decide(table, alice, in_channel(table, emulator.channel, "cardia:h:")[-1], rng)
        before = len(in_channel(table, away_thread, "cardia:h:"))
        del emulator.state.channels[emulator.channel.id]  # a moderator deleted Alice's channel
        await decide(table, bob, in_channel(table, away_thread, "cardia:h:")[-1], rng)
        await table.settle()
        assert len(in_channel(table, away_thread, "cardia:h:")) == before + 1
