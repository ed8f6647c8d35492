"""A season's end announced in its server's channel (the one its manager used): the top three of its
final leaderboard, and that the next season begins with every rating halfway back to 1000. Posted by the
server's own process through the reconciler (``bot.ui.reconciler``), due from the transaction that
begins the season, then marked (``due``). One posted but not marked (a crash or a failure between the
two) is not posted again: a nonce covers Discord's few minutes, and after them the channel's recent
messages are looked through first."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import discord

import text
from bot.services.seasons import Seasons
from bot.store.rows import SEASON, GuildSettings, SeasonRow
from bot.ui.messages import Messages
from bot.ui.posted import Scan, post_once
from bot.ui.reconciler import Due, Reconciler, refused_for_good

log = logging.getLogger(__name__)
MEDALS = ("🥇", "🥈", "🥉")


class SeasonPosts:
    """The renderer of a season's end (:data:`SEASON`), one server at a time."""

    family = SEASON
    marks_later = False

    def __init__(
        self,
        bot: discord.Client,
        reconciler: Reconciler,
        seasons: Seasons,
        messages: Messages,
        owns: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        self.bot = bot
        self.reconciler = reconciler
        self.seasons = seasons
        self.posts = reconciler.posts  # the seasons begun and not announced yet, and their marks
        self.messages = messages
        self.owns = owns

    async def sweep(self, settings: dict[int, GuildSettings]) -> None:
        """Begin the seasons whose length is over, and announce every season begun and not announced."""
        await self.seasons.due(settings, self.owns)
        await self.announce()

    async def announce(self) -> None:
        """Announce every season begun and not announced yet, of this process's servers."""
        for guild_id in sorted({season.guild_id for season in await self.posts.unannounced()}):
            if self.owns(guild_id):
                await self.reconciler.update(SEASON, guild_id)

    # --- the reconciler's renderer ------------------------------------------------------------------

    async def due(self, subject: int) -> list[Due]:
        seasons = [season for season in await self.posts.unannounced() if season.guild_id == subject]
        return [Due(season.number, SEASON, subject, season.number) for season in seasons]

    async def leftovers(self) -> list[int]:
        return []  # the sweep announces them, this process's servers' only

    async def show(self, subject: int, due: Sequence[Due], scan: Scan | None) -> None:
        seasons = {season.number: season for season in await self.posts.seasons_of(subject)}
        with refused_for_good():  # the server's channel deleted, or closed to the bot
            for entry in due:
                await self._announce(seasons[entry.id])

    async def mark(self, subject: int, due: Sequence[Due]) -> None:
        for entry in due:
            await self.posts.note_announced(subject, entry.id)

    async def _announce(self, season: SeasonRow) -> None:
        if season.channel_id is not None:
            final = await self.seasons.final(season.guild_id, season.number - 1)
            # A player of a duel accepted by code from elsewhere may be no member here: named, not mentioned.
            members = await self.posts.at_home(season.guild_id, [s.user_id for s in final[: len(MEDALS)]])
            with text.speaking(await self.messages.public_language(season.guild_id)):
                top = [
                    text.tr(
                        "season.podium_line",
                        medal=medal,
                        who=f"<@{s.user_id}>" if s.user_id in members else f"**{s.user_name}**",
                        rating=s.rating,
                    )
                    for medal, s in zip(MEDALS, final, strict=False)
                ]
                lines = [
                    text.tr("season.over", season=season.number - 1),
                    *(top or [text.tr("season.nobody")]),
                    text.tr("season.begins", season=season.number),
                ]
            channel = self.bot.get_partial_messageable(season.channel_id)
            content = "\n".join(lines)

            async def send() -> int:
                sent = await channel.send(
                    content,
                    allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                    nonce=f"s{season.guild_id % 10**9}n{season.number}",
                )
                return sent.id

            # Its words are its marker: a season's final leaderboard does not change. (Without Read Message
            # History, Discord lists no messages: the announcement is posted, as before.)
            await post_once(Scan(self.bot), season.channel_id, lambda m: m.content == content, send)
