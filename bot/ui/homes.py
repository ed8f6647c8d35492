"""A duel's homes: where it is shown (``bot.store.Home``). A home is a server's channel, a thread of its
own there, or a player's DM with the bot; a duel has one, or each player's own when they are in two places
(direct messages, two servers, the queue, a challenge by code accepted elsewhere).

A server channel where a duel is accepted (``/cardia settings threads``, on by default) gives the duel a
public thread there, started from its challenge message: its boards, reminders and result go there, and
the channel keeps the challenge alone, edited with the result at the end. Whether a home is played in a
thread is decided when the duel begins (:func:`home_kind`, from the permissions the interaction says the
bot has there) and stored with the home; the thread itself is started by the outbox before the first
post that needs it (:meth:`Homes.channel`), so it is as repairable as any post: a thread that exists
already (Discord refuses a second one from the same message) is adopted. A thread that cannot be had (a
permission taken away, the thread or its message deleted) sends the home back to its channel; a thread
Discord archived after a quiet week is reopened by the next post.

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
from bot.services.guild_settings import GuildSettingsStore
from bot.services.posts import Posts
from bot.store.rows import NO_SERVER, Home, HomeKind, MatchRow, new_home
from bot.ui import answer, render

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]

#: The bot's permissions a duel's thread needs in the channel: to start it, and to post in it.
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
#: Minutes without a post before Discord archives a thread: the longest it offers (a week), since a duel
#: may wait days for a decision; the next post reopens it anyway.
ARCHIVE_AFTER: Literal[10080] = 10080
NAME_MOST = 100  # characters in a thread's name, as Discord takes
HOMES_KEPT = 4096  # matches whose homes are remembered here; any other is read from its rows
HOMES_MOST = 2  # a duel's homes: one, or each player's own
#: Discord's codes: a thread was already started from this message; the channel cannot have threads.
THREAD_EXISTS, WRONG_CHANNEL_TYPE = 160004, 50024
THREAD_NOTE = "threads_missing"  # the manager note told once per server (bot.store.server_notes)


def home_kind(interaction: Interaction, threads: bool, channel_id: int) -> tuple[HomeKind, tuple[str, ...]]:
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


async def where_to_play(interaction: Interaction) -> Home:
    """The home of what ``interaction`` begins: here, or where the bot is only a visitor
    (:func:`visiting`), the user's DM with the bot. Raises discord.HTTPException if that DM cannot be
    had."""
    if visiting(interaction):
        dm = interaction.user.dm_channel or await interaction.user.create_dm()
        return new_home(NO_SERVER, dm.id)
    if interaction.channel_id is None:
        raise ValueError("an interaction with no channel")
    return new_home(interaction.guild_id or NO_SERVER, interaction.channel_id)


async def home_here(interaction: Interaction) -> Home | None:
    """The home of a duel begun with ``interaction`` (:func:`where_to_play`); None, the user told why in
    one line, if there is none."""
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
    interaction: Interaction, settings: GuildSettingsStore, missing: tuple[str, ...], public_language: str
) -> None:
    """Say once per server which permissions its duels' threads lack: privately to the player who began
    the duel if they manage the server, else in the channel (in ``public_language``), to its managers."""
    if not missing or interaction.guild_id is None:
        return
    try:
        if not await settings.note_once(interaction.guild_id, THREAD_NOTE):
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
    """The channel each home of a duel posts to now, its thread started when first needed. Used by the
    outbox only, under the match's lock."""

    def __init__(self, bot: discord.Client, posts: Posts) -> None:
        self.bot = bot
        self.posts = posts
        # one map per home's number, match -> the channel its posts go to (no key tuples: untracked ints)
        self._known: tuple[Recent[int, int], ...] = tuple(Recent(HOMES_KEPT) for _ in range(HOMES_MOST))

    def known(self, match_id: int, home: Home) -> int | None:
        """Where the posts of ``home`` go, if known here without asking the database or Discord."""
        return self._known[home.number].get(match_id)

    async def channel(self, match: MatchRow, home: Home) -> int:
        """Where the posts of ``match``'s ``home`` (read as it now is) go: a thread of its own, started or
        found first, if it is played in one there; else the channel."""
        known = self._known[home.number].get(match.id)
        if known is not None:
            return known
        channel = home.posts_to
        if home.in_thread and home.thread_id is None:
            channel = await self._start_thread(match, home)
        self._known[home.number].put(match.id, channel)
        return channel

    async def lost(self, match: MatchRow, home: Home) -> bool:
        """``home`` refused the bot (deleted, closed to it). True if that was a thread, which it leaves for
        its channel from now on; False if it was the channel, which nothing replaces."""
        if not home.in_thread:
            return False
        log.warning(
            "match %s: its thread %s is lost: back to channel %s", match.id, home.thread_id, home.channel_id
        )
        await self.posts.play_in_channel(match.id, home.number)
        self._known[home.number].put(match.id, home.channel_id)
        return True

    async def _start_thread(self, match: MatchRow, home: Home) -> int:
        if home.challenge_id is None:  # no challenge message to start it from (never shown)
            return await self._in_channel(match, home, "its challenge message is not known")
        try:
            channel = self.bot.get_channel(home.channel_id)
            if not isinstance(channel, discord.TextChannel):  # not cached (yet): a start-up's recovery
                channel = await self.bot.fetch_channel(home.channel_id)
            if not isinstance(channel, discord.TextChannel):
                kind = getattr(channel, "type", "?")
                return await self._in_channel(match, home, f"a channel of type {kind}")
            thread: discord.Thread | None = await channel.create_thread(
                name=thread_name(match),
                message=discord.Object(home.challenge_id),
                auto_archive_duration=ARCHIVE_AFTER,
            )
        except discord.HTTPException as error:
            if error.code == THREAD_EXISTS:  # started before (a crash, a retry): adopt it
                thread = None
            elif error.status in (403, 404) or error.code == WRONG_CHANNEL_TYPE:
                return await self._in_channel(match, home, str(error))
            else:
                raise  # Discord failing: the outbox tries again
        thread_id = home.challenge_id  # a thread started from a message has the message's id
        if thread is None:
            thread = await self._thread(thread_id)
        # Only the players who are here: the opponent of a duel in two places is not on this server.
        for user_id in match.at(home):  # again, harmlessly, when it is adopted
            try:
                await thread.add_user(discord.Object(user_id))
            except discord.HTTPException as error:  # the player left the server: the duel goes on
                log.info("thread %s: could not add player %s (%s)", thread_id, user_id, error)
        self.posts.note_thread(match.id, home.number, thread_id)
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

    async def _in_channel(self, match: MatchRow, home: Home, why: str) -> int:
        log.warning("match %s: no thread (%s): played in channel %s", match.id, why, home.channel_id)
        await self.posts.play_in_channel(match.id, home.number)
        return home.channel_id
