"""Telling a player that a duel waits for them, as they asked (``/cardia settings notify``): mentioned in
the message where the duel is (``channel``, the default), or named there and sent a direct message
linking it (``dm``), or only named (``off``).

A direct message follows the public message it links, once: like a reminder, one lost to a failure is
not sent again (the next board or reminder tells them). When Discord refuses it ("Cannot send messages
to this user", code 50007), the player is told in one line where the duel is, what to change, and is
pinged there until they choose again: nothing is lost.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord

import text
from bot.services.player_settings import PlayerSettingsStore
from bot.store.rows import Home, MatchRow, PlayerSettings
from bot.ui import answer
from bot.ui.messages import jump_link

log = logging.getLogger(__name__)
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
CANNOT_MESSAGE = 50007  # Discord's code: the user does not take direct messages from the bot


class Pings:
    def __init__(self, bot: discord.Client, players: PlayerSettingsStore) -> None:
        self.bot = bot
        self.players = players

    async def quiet(self, match: MatchRow) -> frozenset[int]:
        """The duel's players not to be mentioned where it is (they asked for a DM, or for nothing)."""
        chosen = await self.players.of(match.people)
        return frozenset(user for user, settings in chosen.items() if not settings.pinged_in_channel)

    async def owed(self, interaction: discord.Interaction[Any]) -> None:
        """After any answer to a player: if a duel's message to their DM was refused since, they are told
        once, privately, what to change. Never raises."""
        user_id = interaction.user.id
        try:
            if not (await self.players.get(user_id)).dm_closed:
                return
            await self.players.dm_closed(user_id, False)
            with text.speaking(text.language_of(interaction.locale)):
                line = text.tr("notify.dm_closed")
            await answer.send(interaction, content=line, ephemeral=True)
        except Exception:  # a notice only: the duel itself is safe in the database
            log.exception("could not tell player %s their direct messages are closed", user_id)

    async def direct(
        self,
        match: MatchRow,
        users: Iterable[int],
        key: str,
        home: Home,
        channel: int,
        message_id: int,
        public_language: str,
    ) -> None:
        """Send ``users`` who asked for it a direct message (phrase ``key``) linking ``message_id``, the
        message in the duel's ``home`` (in ``channel``: its channel or thread) that tells them the duel
        waits for them. Never raises."""
        for user_id in users:
            try:
                settings = await self.players.get(user_id)
                if settings.direct:
                    await self._send(
                        match, user_id, settings, key, home, channel, message_id, public_language
                    )
            except Exception:  # a ping only: the message where the duel is says it all
                log.exception("match %s: could not send player %s a direct message", match.id, user_id)

    async def _send(
        self,
        match: MatchRow,
        user_id: int,
        settings: PlayerSettings,
        key: str,
        home: Home,
        channel: int,
        message_id: int,
        public_language: str,
    ) -> None:
        player = match.player_of(user_id)
        assert player is not None
        opponent = match.names["p2" if player == "p1" else "p1"]
        guild = self.bot.get_guild(home.guild_id)
        with text.speaking(settings.language):
            content = text.tr(
                key,
                opponent=opponent,
                server=guild.name if guild is not None else "Discord",
                link=jump_link(home.guild_id, channel, message_id),
            )
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await dm.send(content, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code != CANNOT_MESSAGE:
                raise
            log.info("player %s takes no direct message: pinged in the duel's channel from now on", user_id)
            await self.players.dm_refused(user_id, True)
            with text.speaking(public_language):
                line = text.tr("notify.dm_refused", who=f"<@{user_id}>")
            await self.bot.get_partial_messageable(channel).send(line, allowed_mentions=MENTION_USERS)
