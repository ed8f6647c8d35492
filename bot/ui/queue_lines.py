"""The queue's lines in a player's home: the computer offered to a player nobody came for, and their entry
expired. A renderer of the reconciler (``bot.ui.reconciler``): each line is due from the transaction that
marks the entry (offered, or taken out), shown once in the player's home, in its language, and found again
by its words (posted no earlier than it became due) if a crash came between the post and its mark."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import discord

import text
from bot.services.posts import Posts
from bot.services.queue import Queue
from bot.store.rows import NO_SERVER, QUEUE_OFFER
from bot.ui import answer
from bot.ui.components import Components, QueueComputerButton
from bot.ui.messages import Messages
from bot.ui.pings import Pings
from bot.ui.posted import Scan, post_once
from bot.ui.reconciler import Due, Reconciler, refused_for_good

MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
#: The reconciler's family of the queue's lines (a subject: a queued player).
QUEUE = "queue"


class QueueLines:
    """The renderer of the queue's lines (:data:`QUEUE`), one player at a time."""

    family = QUEUE
    marks_later = True

    def __init__(
        self,
        bot: discord.Client,
        reconciler: Reconciler,
        queue: Queue,
        messages: Messages,
        pings: Pings,
    ) -> None:
        self.bot = bot
        self.reconciler = reconciler
        self.posts: Posts = reconciler.posts
        self.queue = queue  # how long an entry waits (the expired line says it)
        self.messages = messages
        self.pings = pings  # a DM's language: its player's

    async def update(self, user_id: int) -> bool:
        """Show the player's lines due, now (the reconciler retries on failure)."""
        return await self.reconciler.update(QUEUE, user_id)

    # --- the reconciler's renderer ------------------------------------------------------------------

    async def due(self, subject: int) -> list[Due]:
        return [
            Due(line.id, line.kind, line.user_id, line.channel_id, line.guild_id, line.created_at)
            for line in await self.posts.due_lines(subject)
        ]

    async def leftovers(self) -> list[int]:
        return [line.user_id for line in await self.posts.due_lines()]

    async def show(self, subject: int, due: Sequence[Due], scan: Scan | None) -> None:
        with refused_for_good():  # the player's channel gone, or their DMs closed to the bot
            for entry in due:
                await self._line(subject, entry, scan)

    async def _line(self, user_id: int, entry: Due, scan: Scan | None) -> None:
        assert entry.detail is not None
        channel_id, guild_id = entry.detail, entry.extra or NO_SERVER
        if guild_id != NO_SERVER:
            language = await self.messages.public_language(guild_id)
        else:
            language = (await self.pings.players.get(user_id)).language
        offer = entry.kind == QUEUE_OFFER
        minutes = round(self.queue.expire_after.total_seconds() / 60)
        with text.speaking(language):
            key = "queue.offer_computer" if offer else "queue.expired"
            content = text.tr(key, who=f"<@{user_id}>", minutes=minutes)
            view = Components(QueueComputerButton(user_id)) if offer else Components()
        due_since = datetime.fromisoformat(entry.created_at) - timedelta(seconds=1)

        async def send() -> int:
            posted = await self.bot.get_partial_messageable(channel_id).send(
                content, view=view, allowed_mentions=MENTION_USERS, nonce=f"q{entry.id}"
            )
            return posted.id

        def found(message: discord.Message) -> bool:
            return message.content.strip() == content.strip() and message.created_at >= due_since

        try:
            await post_once(scan, channel_id, found, send)
        finally:
            answer.let_go(view)

    async def mark(self, subject: int, due: Sequence[Due]) -> None:
        self.posts.note_posted([entry.id for entry in due])
        self.reconciler.flush_soon()
