"""Where a duel's public messages go: the channel its challenge was made in, or a thread of its own.

A server channel where a duel is accepted (``/cardia settings threads``, on by default) gives the duel a
public thread started from its challenge message: its boards, reminders and result go there, and the
channel keeps the challenge alone, edited with the result at the end. Where it is played is decided
when the duel begins (:func:`home_for`, from the permissions the interaction says the bot has there) and
stored with the match; the thread itself is started by the outbox before the first post that needs it
(:meth:`Homes.of`), so it is as repairable as any post: a thread that exists already (Discord refuses a
second one from the same message) is adopted. A thread that cannot be had (a permission taken away, the
thread or its message deleted) sends the duel back to its channel; a thread Discord archived after a
quiet week is reopened by the next post.

Where the bot is only a visitor (a server it is not in, reached through a user's installation of the
application), it cannot post later: what begins there is played in the user's DM with the bot instead
(:func:`where_to_play`).
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord

import text
from bot.services.caching import Recent
from bot.store import Home, MatchRow, Storage
from bot.ui import answer, render

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]

#: The bot's permissions a duel's thread needs in the channel: to start it, and to post in it.
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
#: Minutes without a post before Discord archives a thread: the longest it offers (a week), since a duel
#: may wait days for a decision; the next post reopens it anyway.
ARCHIVE_AFTER: Literal[10080] = 10080
NAME_MOST = 100  # characters in a thread's name, as Discord takes
HOMES_KEPT = 4096  # matches whose home is remembered here; any other is read from its row
#: Discord's codes: a thread was already started from this message; the channel cannot have threads.
THREAD_EXISTS, WRONG_CHANNEL_TYPE = 160004, 50024
THREAD_NOTE = "threads_missing"  # the manager note told once per server (bot.store.server_notes)


def home_for(interaction: Interaction, threads: bool, channel_id: int) -> tuple[Home, tuple[str, ...]]:
    """Where a duel of channel ``channel_id`` beginning with ``interaction`` is played, and the thread
    permissions the bot lacks there (told to a manager): a thread of its own in a server's text channel
    when the server wants threads (``threads``) and the bot may start them, else the channel (itself a
    thread, a DM, a voice channel's chat)."""
    kind = getattr(interaction.channel, "type", None)
    text_channel = kind in (discord.ChannelType.text, discord.ChannelType.news)
    if not threads or interaction.channel_id != channel_id or not text_channel:
        return "channel", ()
    granted = interaction.app_permissions
    missing = tuple(name for name in THREAD_PERMISSIONS if not getattr(granted, name))
    return ("channel" if missing else "thread"), missing


def visiting(interaction: Interaction) -> bool:
    """The bot is here only through the user's own installation of it (a server it is not a member of,
    a DM between users): it may answer this interaction, never post here later."""
    return not interaction.is_guild_integration() and not interaction.context.dm_channel


async def where_to_play(interaction: Interaction) -> tuple[int, int]:
    """The server (0: none) and channel where what ``interaction`` begins is played: here, or where the
    bot is only a visitor (:func:`visiting`), the user's DM with the bot. Raises discord.HTTPException
    if that DM cannot be had."""
    if visiting(interaction):
        dm = interaction.user.dm_channel or await interaction.user.create_dm()
        return 0, dm.id
    if interaction.channel_id is None:
        raise ValueError("an interaction with no channel")
    return interaction.guild_id or 0, interaction.channel_id


async def duel_place(interaction: Interaction) -> tuple[int, int] | None:
    """The server (0: none) and channel a duel begun with ``interaction`` is played in
    (:func:`where_to_play`); None, the user told why in one line, if there is none."""
    try:
        return await where_to_play(interaction)
    except (discord.HTTPException, ValueError) as error:
        log.info("interaction %s: nowhere to play (%s)", interaction.id, error)
        await answer.send(interaction, content=text.tr("refuse.in_server"), ephemeral=True)
        return None


def server_of(interaction: Interaction) -> int | None:
    """The server ``interaction`` counts for (its settings, records, duels): its own, or None in a DM
    and where the bot is only a visitor, which count as the user's DM with the bot."""
    return None if visiting(interaction) else interaction.guild_id


def is_manager(interaction: Interaction) -> bool:
    """Manage Server in this server. Discord ignores default permissions on subcommands, so this
    runtime check is what guards what managers alone may do (``/cardia settings`` changes, ``abort``,
    a tournament's creation and running)."""
    permissions = interaction.permissions
    return server_of(interaction) is not None and (permissions.manage_guild or permissions.administrator)


def needs_server(interaction: Interaction, key: str) -> str:
    """The phrase refusing what needs a server with the bot: ``key``'s, or where the bot is only a
    visitor, the one saying so."""
    return "visiting.not_member" if visiting(interaction) else key


def dm_link(channel_id: int) -> str:
    """A link to a user's DM with the bot."""
    return f"https://discord.com/channels/@me/{channel_id}"


async def tell_managers(
    interaction: Interaction, storage: Storage, missing: tuple[str, ...], public_language: str
) -> None:
    """Say once per server which permissions its duels' threads lack: privately to the player who began
    the duel if they manage the server, else in the channel (in ``public_language``), to its managers."""
    if not missing or interaction.guild_id is None:
        return
    try:
        if not await storage.note_once(interaction.guild_id, THREAD_NOTE):
            return
        permissions = interaction.permissions
        if permissions.manage_guild or permissions.administrator:
            names = text.join([text.tr(f"permission.{name}") for name in missing])
            await answer.send(
                interaction, content=text.tr("thread.missing_you", permissions=names), ephemeral=True
            )
            return
        channel = interaction.channel
        if isinstance(channel, discord.abc.Messageable):
            with text.speaking(public_language):
                names = text.join([text.tr(f"permission.{name}") for name in missing])
                note = text.tr("thread.missing_managers", permissions=names)
            await channel.send(note, allowed_mentions=discord.AllowedMentions.none())
    except Exception:  # only a note: the duel goes on in the channel
        log.exception("server %s: could not tell its managers threads lack %s", interaction.guild_id, missing)


def thread_name(match: MatchRow) -> str:
    """The players and the setup, in the server's language (spoken by the caller)."""
    setup = render.deck_label(match.deck)
    if match.location is not None:
        setup += " · " + text.location_name(match.location)
    name = text.tr("thread.name", first=match.challenger_name, second=match.opponent_name, setup=setup)
    return text.clip(name, NAME_MOST)


class Homes:
    """The channel each duel's public messages go to now, its thread started when first needed: in the
    match's own home, and (``mirror``) in the opponent's, when they have one of their own. Used by the
    outbox only, under the match's lock."""

    def __init__(self, bot: discord.Client, storage: Storage) -> None:
        self.bot = bot
        self.storage = storage
        # match -> the channel its posts go to, in its home and in its mirror (two maps: no key tuples)
        self._known: tuple[Recent[int, int], Recent[int, int]] = (Recent(HOMES_KEPT), Recent(HOMES_KEPT))

    def known(self, match_id: int, *, mirror: bool = False) -> int | None:
        """Where the match's posts go, if known here without asking the database or Discord."""
        return self._known[mirror].get(match_id)

    async def of(self, match: MatchRow, *, mirror: bool = False) -> int:
        """Where ``match``'s posts go (read as it now is) in its home or its ``mirror``: a thread of its
        own, started or found first, if it is played in one there; else the channel."""
        known = self._known[mirror].get(match.id)
        if known is not None:
            return known
        side = _Side(match, mirror)
        home = side.posts_to
        if side.home == "thread" and side.thread_id is None:
            home = await self._start_thread(side)
        self._known[mirror].put(match.id, home)
        return home

    async def lost(self, match: MatchRow, *, mirror: bool = False) -> bool:
        """The match's home (or its ``mirror``) refused the bot (deleted, closed to it). True if that was a
        thread, which it leaves for its channel from now on; False if it was the channel, which nothing
        replaces."""
        side = _Side(match, mirror)
        if side.home != "thread":
            return False
        log.warning(
            "match %s: its thread %s is lost: back to channel %s", match.id, side.thread_id, side.channel
        )
        await self.storage.play_in_channel(match.id, mirror=mirror)
        self._known[mirror].put(match.id, side.channel)
        return True

    async def _start_thread(self, side: _Side) -> int:
        match = side.match
        if side.message_id is None:  # no challenge message to start it from (never shown)
            return await self._in_channel(side, "its challenge message is not known")
        try:
            channel = self.bot.get_channel(side.channel)
            if not isinstance(channel, discord.TextChannel):  # not cached (yet): a start-up's recovery
                channel = await self.bot.fetch_channel(side.channel)
            if not isinstance(channel, discord.TextChannel):
                return await self._in_channel(side, f"a channel of type {getattr(channel, 'type', '?')}")
            thread: discord.Thread | None = await channel.create_thread(
                name=thread_name(match),
                message=discord.Object(side.message_id),
                auto_archive_duration=ARCHIVE_AFTER,
            )
        except discord.HTTPException as error:
            if error.code == THREAD_EXISTS:  # started before (a crash, a retry): adopt it
                thread = None
            elif error.status in (403, 404) or error.code == WRONG_CHANNEL_TYPE:
                return await self._in_channel(side, str(error))
            else:
                raise  # Discord failing: the outbox tries again
        thread_id = side.message_id  # a thread started from a message has the message's id
        if thread is None:
            thread = await self._thread(thread_id)
        for user_id in side.people:  # again, harmlessly, when it is adopted
            try:
                await thread.add_user(discord.Object(user_id))
            except discord.HTTPException as error:  # the player left the server: the duel goes on
                log.info("thread %s: could not add player %s (%s)", thread_id, user_id, error)
        self.storage.note_thread(match.id, thread_id, mirror=side.mirror)
        log.info("match %s: played in thread %s", match.id, thread_id)
        return thread_id

    async def _thread(self, thread_id: int) -> discord.Thread:
        """A thread started before, as discord.py knows it or as Discord tells it."""
        found = self.bot.get_channel(thread_id)
        if not isinstance(found, discord.Thread):
            found = await self.bot.fetch_channel(thread_id)
        if not isinstance(found, discord.Thread):
            raise discord.DiscordException(f"channel {thread_id} is not a thread")
        return found

    async def _in_channel(self, side: _Side, why: str) -> int:
        log.warning("match %s: no thread (%s): played in channel %s", side.match.id, why, side.channel)
        await self.storage.play_in_channel(side.match.id, mirror=side.mirror)
        return side.channel


class _Side:
    """One of a match's homes: its own (the challenger's, and the opponent's too when they share it), or
    its mirror (the opponent's, elsewhere)."""

    def __init__(self, match: MatchRow, mirror: bool) -> None:
        self.match, self.mirror = match, mirror
        if mirror:
            assert match.mirror_id is not None
            self.channel: int = match.mirror_id
            self.home, self.thread_id = match.mirror_home, match.mirror_thread_id
            self.message_id = match.mirror_challenge_id
            self.posts_to: int = match.mirror_posts_to or match.mirror_id
            self.people: tuple[int, ...] = (match.opponent_id,)
        else:
            self.channel = match.channel_id
            self.home, self.thread_id = match.home, match.thread_id
            self.message_id = match.message_id
            self.posts_to = match.posts_to
            # Only the players who are here: the opponent of a duel in two places is not on this server.
            self.people = tuple(match.people) if match.mirror_id is None else (match.challenger_id,)
