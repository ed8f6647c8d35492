"""``/cardia queue``: one queue across every server and DM of the bot that finds an opponent (the pairing
rules are ``bot.services.queue``'s). Where a player queues is their home for the duel found: its boards
come there and ping them. Nobody coming within a while, they are offered the computer; still nobody,
they leave the queue, told so. The queue is looked at every ``queue_tick`` seconds by every process
(:meth:`QueueCog.sweep`): a pair is matched once whichever looks first."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import text
from bot.cogs import Cog
from bot.services.events import Bus
from bot.services.guild_settings import GuildSettingsStore
from bot.services.queue import GLOBAL, Queue
from bot.services.records import Records
from bot.store.rows import HomeKind, QueueEntry
from bot.ui import answer
from bot.ui.choices import DECK_CHOICES, LOCATION_CHOICES, MATCH_CHOICES
from bot.ui.components import Handlers, QueueComputerButton
from bot.ui.events import ComputerDuelAsked
from bot.ui.guard import stored
from bot.ui.homes import dm_link, home_here, home_kind, tell_managers
from bot.ui.messages import Messages
from bot.ui.outbox import Outbox
from bot.ui.queue_lines import QueueLines
from bot.ui.translator import descriptions, options, said
from cards import deck_from_code

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


class QueueCog(Cog, name="queue", description="A queue that finds an opponent"):
    """``/cardia queue``, and the computer offered to those the queue found nobody for."""

    def __init__(
        self,
        bot: discord.Client,
        queue: Queue,
        records: Records,
        messages: Messages,
        outbox: Outbox,
        settings: GuildSettingsStore,
        bus: Bus,
        lines: QueueLines,
    ) -> None:
        super().__init__()
        self.bot = bot
        self.queue = queue
        self.records = records  # the global rating a player queues with
        self.messages = messages
        self.outbox = outbox  # the boards of the duels the queue makes
        self.settings = settings  # whether a server wants its duels in threads
        self.bus = bus  # the duel against the computer offered meanwhile is asked for there
        self.lines = lines  # what the queue tells a player in their home

    def register(self, handlers: Handlers) -> None:
        """The components this cog answers: the computer offered to a player still waiting."""
        handlers.on(QueueComputerButton, lambda i, b: self.play_computer_instead(i, b.user_id))

    @app_commands.command(name=said("slash.queue"), description=said("slash.queue.description"))
    @app_commands.rename(**options("queue", "deck", "location", "match", "rated", "leave"))
    @app_commands.describe(**descriptions("queue", "deck", "location", "match", "rated", "leave"))
    @app_commands.choices(deck=DECK_CHOICES, location=LOCATION_CHOICES)
    @app_commands.choices(match=MATCH_CHOICES)
    async def queue_command(
        self,
        interaction: Interaction,
        deck: app_commands.Choice[str] | None = None,
        location: app_commands.Choice[str] | None = None,
        match: app_commands.Choice[int] | None = None,
        rated: bool = True,
        leave: bool = False,
    ) -> None:
        """``/cardia queue``: wait here for an opponent (``leave``: stop waiting)."""
        if leave:
            return await self.leave(interaction)
        await self.join(
            interaction,
            None if deck is None else deck.value,
            None if location is None else location.value,
            None if match is None else match.value,
            rated,
        )

    async def join(
        self, interaction: Interaction, deck: str | None, location: str | None, wins: int | None, rated: bool
    ) -> None:
        home = await home_here(interaction)
        if home is None:
            return
        user = interaction.user
        kind: HomeKind = "channel"
        missing: tuple[str, ...] = ()
        if not home.in_dm:  # a server's channel: its duel in a thread of its own there, as any duel
            threads = (await self.settings.get(home.guild_id)).threads
            kind, missing = home_kind(interaction, threads, home.channel_id)
        rating = (await self.records.rating(GLOBAL, user.id)).display
        entry = QueueEntry(
            user.id,
            user.display_name,
            home.guild_id,
            home.channel_id,
            None if deck is None else deck_from_code(deck),
            location,
            wins,
            rated,
            rating,
            self.queue.clock().isoformat(),
            home=kind,
        )
        if home.in_dm:  # its duel's messages in this DM speak the player's language
            await self.outbox.pings.players.seen_speaking(user.id, text.language_of(interaction.locale))
        await self.queue.join(entry)
        stored(interaction)
        minutes = round(self.queue.expire_after.total_seconds() / 60)
        if home.channel_id == interaction.channel_id:
            joined = text.tr("queue.joined", rating=rating, minutes=minutes)
        else:  # only a visitor here: the duel comes to the player's DM
            joined = text.tr("queue.joined_dm", rating=rating, minutes=minutes, link=dm_link(home.channel_id))
        await answer.reply(interaction, joined)
        if missing:
            language = await self.messages.public_language(home.guild_id)
            await tell_managers(interaction, self.settings, missing, language)
        await self.sweep()  # an opponent may be waiting already

    async def leave(self, interaction: Interaction) -> None:
        left = await self.queue.leave(interaction.user.id)
        stored(interaction)
        await answer.reply(interaction, text.tr("queue.left" if left else "queue.not_in"))

    async def play_computer_instead(self, interaction: Interaction, user_id: int) -> None:
        """The offered duel against the computer: for the player offered it, who leaves the queue."""
        if interaction.user.id != user_id:
            return await answer.reply(interaction, text.tr("queue.not_yours"))
        await self.queue.leave(user_id)
        await self.bus.publish(ComputerDuelAsked(interaction))

    # --- what the queue did -----------------------------------------------------------------------------

    async def sweep(self) -> None:
        """Look at the queue: post the duels it made, and tell those it offered the computer or let go."""
        swept = await self.queue.sweep()
        for match in swept.matched:
            await self.outbox.update(match.id)  # its first board, in both homes, pings both players
        for entry in (*swept.offered, *swept.expired):  # marked, and due in their home
            await self.lines.update(entry.user_id)
