"""Two bot processes sharing one PostgreSQL database, each running one of two shards, against the loopback
Discord (which sends each server's events to the shard that owns it): whole matches in a server of each
shard, and the same click delivered to both processes at once applied exactly once.
"""

from __future__ import annotations

import random

import pytest

from bot.app import CardiaBot
from bot.store import Storage
from emulator import Emulator, Message, SimUser, run_bot
from emulator.shards import guild_on_another_shard, shard_of
from emulator.state import Guild
from tests.bot.table import all_settled, bot_settings
from tests.postgres import PostgresServer, new_postgres_database
from tests.processes import eventually, shown_boards


def in_guild(guild: Guild) -> set[int]:
    """The ids of a server's channels and threads (its duels are played in threads of their own)."""
    return {channel.id for channel in (*guild.channels, *guild.threads)}


def boards(emulator: Emulator, guild: Guild) -> list[Message]:
    channel_ids = in_guild(guild)
    return [
        m
        for m in emulator.messages()
        if m.channel_id in channel_ids and any(c.startswith("cardia:h:") for c in m.custom_ids)
    ]


def finished(emulator: Emulator, guild: Guild) -> bool:
    channel_ids = in_guild(guild)
    return any(
        m.channel_id in channel_ids and any(c.startswith("cardia:r:") for c in m.custom_ids)
        for m in emulator.messages()
    )


async def caught_up(emulator: Emulator, guild: Guild, url: str) -> None:
    """Wait until the server's channel shows the newest game as stored (one server plays at a time):
    its latest board shows the game's latest decision and asks someone to decide, or the match's result
    is posted."""
    storage = await Storage.open(url)

    async def missing() -> str:
        (game,) = await storage.db.execute_fetchall(
            "SELECT id, match_id FROM games WHERE id = (SELECT MAX(id) FROM games)"
        )
        stored = (game["id"], len(await storage.actions(game["id"])))
        shown = boards(emulator, guild)
        if not shown or shown_boards(shown[-1:])[0][:2] != stored:
            return f"the board of game {stored[0]} at decision {stored[1]}"
        over = any(c == f"cardia:r:{game['match_id']}" for m in emulator.messages() for c in m.custom_ids)
        return "" if over or "<@" in shown[-1].content else f"the result of match {game['match_id']}"

    try:
        await eventually(missing)
    finally:
        await storage.close()


async def play_a_match(
    emulator: Emulator,
    bots: tuple[CardiaBot, ...],
    guild: Guild,
    players: tuple[SimUser, SimUser],
    seed: int,
    url: str,
) -> None:
    first, second = players
    for user in players:
        user.channel = guild.channels[0]
    await first.slash("cardia", "challenge", opponent=second, match=1)
    await all_settled(emulator, *bots)
    offer = next(
        m for m in emulator.messages() if m.channel_id == guild.channels[0].id and m.content.startswith("<@")
    )
    await second.click(offer, next(c for c in offer.custom_ids if c.endswith(":accept")))
    await all_settled(emulator, *bots)
    await caught_up(emulator, guild, url)
    rng = random.Random(seed)
    for _ in range(300):
        if finished(emulator, guild):
            return
        board = boards(emulator, guild)[-1]
        waiting = [u for u in players if u.mention in board.content]
        user = rng.choice(waiting)
        game = next(c for c in board.custom_ids if c.startswith("cardia:h:"))
        shown = await user.click(board, game)
        await all_settled(emulator, *bots)
        hand = shown.message
        assert hand is not None
        buttons = [c for c in hand.custom_ids if c.startswith("cardia:b:")]
        if buttons:
            await user.click(hand, rng.choice(buttons))
        else:
            select = hand.component(next(c for c in hand.custom_ids if c.startswith("cardia:s:")))
            assert select is not None
            values = [o["value"] for o in select["options"]]
            await user.select(hand, select["custom_id"], rng.sample(values, select["min_values"]))
        await all_settled(emulator, *bots)
        await caught_up(emulator, guild, url)
    raise AssertionError("the match did not end")


@pytest.mark.asyncio
async def test_two_processes_on_two_shards_share_one_database(
    discord_emulator: Emulator, postgres_server: PostgresServer
) -> None:
    emulator = discord_emulator
    other = await guild_on_another_shard(emulator, 2)
    url = await new_postgres_database(postgres_server)
    alice, bob, carol, dave = (emulator.user(name) for name in ("alice", "bob", "carol", "dave"))
    first_shard = shard_of(emulator.guild.id, 2)
    here = CardiaBot(bot_settings(url, shard_count=2, shard_ids=str(first_shard)), sync=True)
    there = CardiaBot(bot_settings(url, shard_count=2, shard_ids=str(1 - first_shard)), sync=True)
    bots = (here, there)
    async with run_bot(here, emulator), run_bot(there, emulator):
        assert {g.id for g in here.guilds} == {emulator.guild.id}
        assert {g.id for g in there.guilds} == {other.id}
        await play_a_match(emulator, bots, emulator.guild, (alice, bob), 1, url)
        await play_a_match(emulator, bots, other, (carol, dave), 2, url)

        # The same click reaches both processes at once: one applies it, the other refuses it.
        await alice.slash("cardia", "challenge", opponent=bob, match=1)
        await all_settled(emulator, *bots)
        offer = [m for m in emulator.messages() if m.channel_id == emulator.channel.id][-1]
        await bob.click(offer, next(c for c in offer.custom_ids if c.endswith(":accept")))
        await all_settled(emulator, *bots)
        await caught_up(emulator, emulator.guild, url)
        board = boards(emulator, emulator.guild)[-1]
        hand = (
            await alice.click(board, next(c for c in board.custom_ids if c.startswith("cardia:h:")))
        ).message
        await all_settled(emulator, *bots)
        assert hand is not None
        button = next(c for c in hand.custom_ids if c.startswith("cardia:b:"))
        game_id = int(button.split(":")[2])
        twice = await emulator.inject(alice.component_interaction(hand, button), every_shard=True)
        await all_settled(emulator, *bots)
        # Discord delivers an interaction to one shard; delivered to both, the process that lost the race
        # may answer too, which Discord refuses ("already acknowledged"). That answer is the only trace.
        doubled = [v for v in emulator.violations if str(twice.id) in str(v)]
        assert all("acknowledged twice" in str(v) for v in doubled)
        emulator.violations[:] = [v for v in emulator.violations if v not in doubled]
        storage = await Storage.open(url)
        try:
            assert len(await storage.actions(game_id)) == 1
        finally:
            await storage.close()
