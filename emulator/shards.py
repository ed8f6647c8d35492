"""Servers and the shards of a bot that runs several (Discord sends a server's events to one shard)."""

from __future__ import annotations

import asyncio

from .server import Emulator
from .state import Guild


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's rule: the shard that receives a server's events."""
    return (guild_id >> 22) % shard_count


async def guild_on_another_shard(
    emulator: Emulator, shard_count: int, *taken: int, channels: tuple[str, ...] = ("duels", "more-duels")
) -> Guild:
    """A new server on a shard that neither the emulator's first server nor ``taken`` is on (snowflakes
    carry the time, so a few milliseconds apart they fall on another shard)."""
    busy = {shard_of(emulator.guild.id, shard_count), *taken}
    for _ in range(500):
        guild = emulator.state.add_guild(f"Server {len(emulator.state.guilds) + 1}", channels)
        if shard_of(guild.id, shard_count) not in busy:
            return guild
        del emulator.state.guilds[guild.id]
        await asyncio.sleep(0.002)
    raise RuntimeError("no server on another shard")
