"""What the reconciler knows of the messages it posted, and how it finds one again on Discord.

A game's latest public board in one home (:class:`Board`, kept as plain values); and the bot's recent
messages in a channel (:class:`Scan`), looked through by their markers (a board's
``cardia:d:<game>:<revision>`` button, a result's ``cardia:r:<match>``, a challenge's
``cardia:c:<match>:...``) for a post that may have been made but not marked.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import NamedTuple

import discord

from bot.services.game_cache import LiveGame
from engine import Game

SCAN_LIMIT = 100  # recent channel messages looked through for a post that was made but not marked
BOARD_MARK = re.compile(r"cardia:d:(\d+):(\d+)")


@dataclass(slots=True)
class Board:
    """What the channel shows of one game: its latest public board."""

    message_id: int | None
    told_from: int  # the engine events that board tells start here
    told: int  # and end here: a new board tells what happened since
    revision: int | None = None  # the game's revision it shows (None: not known in this process)
    latest: bool = False  # posted by this process: only then may it be edited in place

    def values(self) -> BoardValues:
        return self.message_id, self.told_from, self.told, self.revision, self.latest


class Shown(NamedTuple):
    """One board message as posted: its id and the game's revision it shows."""

    message_id: int
    revision: int | None


#: A :class:`Board` as the outbox keeps it, one per game: a tuple of plain values, which the garbage
#: collector stops tracking, where an object per game (a thousand and more) was in each of its full
#: collections (docs/performance-history.md, change 20).
BoardValues = tuple[int | None, int, int, int | None, bool]


class Scan:
    """The bot's own recent messages per channel, read once for one update of a duel."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self._seen: dict[int, list[discord.Message]] = {}

    async def recent(self, channel_id: int) -> list[discord.Message]:
        if channel_id not in self._seen:
            channel = self.bot.get_partial_messageable(channel_id)
            me = self.bot.user.id if self.bot.user is not None else None
            self._seen[channel_id] = [
                message async for message in channel.history(limit=SCAN_LIMIT) if message.author.id == me
            ]
        return self._seen[channel_id]


def custom_ids(message: discord.Message) -> list[str]:
    """The custom ids of a message's buttons and selects: the markers it is known by."""
    found = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.append(custom_id)
    return found


def markers(message: discord.Message) -> list[str]:
    """What a message is known by: its buttons' and selects' custom ids, and its embeds' title-link
    fragments (a message without buttons carries its marker there: :func:`marked_link`)."""
    fragments = [embed.url.rsplit("#", 1)[1] for embed in message.embeds if embed.url and "#" in embed.url]
    return [*custom_ids(message), *fragments]


def marked_link(guild_id: int, channel_id: int, marker: str) -> str:
    """A title link to a channel whose fragment is ``marker``: the message is found again by it, in any
    language and whatever its buttons (none, once answered)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}#{marker}"


async def post_once(
    scan: Scan | None,
    channel_id: int,
    found: Callable[[discord.Message], bool],
    send: Callable[[], Awaitable[int]],
) -> int:
    """The one idempotent post: the message ``found`` recognises among the bot's recent messages in the
    channel (with ``scan``: when it may have been posted without being marked, after a crash or a failed
    request), else the one ``send`` posts (with a nonce: Discord returns the message it made with it, for
    a few minutes). Its id."""
    if scan is not None:
        for message in await scan.recent(channel_id):
            if found(message):
                return message.id
    return await send()


def events_after(live: LiveGame, revision: int) -> int:
    """How many engine events the game had after its first ``revision`` decisions."""
    game = Game(live.row.setup)
    for player, choose in live.actions[:revision]:
        game.apply(player, choose)
    return len(game.events)
