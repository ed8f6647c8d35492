"""A tournament's channel brought up to date from the database, a renderer of the reconciler
(``bot.ui.reconciler``): its page posted, then edited as players join and rounds pass; each round's
message (the standings so far, as text and picture, and its pairings) before the round's duels' own first
messages; the final standings with the champion.

Every entry (``due``: page, round, final) is written in the transaction that made the change
(bot.services.tournaments), claimed by the process that shows it, and marked done once shown, so a crash
loses nothing: the process that made the change shows it at once (``TournamentChanged`` and
``RoundEnded``, after the commit), and :meth:`TournamentPosts.sweep`, run every few seconds by each
process for its own servers, shows whatever is still due (after a crash, a Discord failure, a restart).
The page, a round's message and the final one are looked for among the channel's recent messages before
they are sent (their title links carry a marker), so one sent but not marked is not sent again.
"""

from __future__ import annotations

import io
import logging
import os
import secrets
import socket
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

import discord

import text
from bot.services.events import RoundEnded, TournamentChanged
from bot.services.pictures import Pictures
from bot.services.tournaments import Table, Tournaments
from bot.store.rows import FINAL, PAGE, ROUND
from bot.ui import answer, tournament_pages
from bot.ui.messages import Messages
from bot.ui.outbox import Outbox
from bot.ui.posted import Scan, markers, post_once
from bot.ui.reconciler import Due, Reconciler, refused_for_good

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()  # a round's message names players; their duels ping them
PICTURE = "standings.png"
CLAIM_FOR = timedelta(minutes=2)  # a claim on what is due lasts this long: a process that died lets go


#: The reconciler's family of a tournament's posts.
TOURNAMENT = "tournament"


class TournamentPosts:
    """The renderer of a tournament's posts (:data:`TOURNAMENT`): its page, its rounds, its final."""

    family = TOURNAMENT
    marks_later = False

    def __init__(
        self,
        bot: discord.Client,
        reconciler: Reconciler,
        tournaments: Tournaments,
        messages: Messages,
        outbox: Outbox,
        pictures: Pictures,
        owns: Callable[[int], bool] = lambda guild_id: True,
        shards: str = "all",
    ) -> None:
        self.bot = bot
        self.reconciler = reconciler
        self.tournaments = tournaments
        self.posts = reconciler.posts  # what is due of a tournament, claimed, and marked
        self.messages = messages
        self.outbox = outbox  # the tournament's duels: their challenge messages, threads and boards
        self.pictures = pictures
        self.owns = owns  # the servers whose leftovers this process shows (its shards')
        # Who claims what it shows (this process), after the machine and the shards it runs: a process
        # started again in its place takes over the claims it left (:meth:`sweep`, the first time).
        self.claims_from = f"{socket.gethostname()}/{shards}/"
        self.claimer = f"{self.claims_from}{os.getpid()}:{secrets.token_hex(4)}"
        self._taken_over = False
        self._pages: dict[int, int] = {}  # tournament -> its page as just shown, until marked

    def changed(self, event: TournamentChanged | RoundEnded) -> None:
        """The service committed a change of the tournament (and made the event's duels): show it now."""
        if not self.reconciler.stopping:
            self.reconciler.spawn(self.update(event.tournament_id, event.duels))

    async def sweep(self, now: datetime) -> None:
        """Start this process's tournaments whose sign-up is over, and show whatever is due of them:
        their own entries, and their duels' (a process that died before showing a round's duels)."""
        if not self._taken_over:
            released = await self.posts.release_claims(self.claims_from, self.claimer)
            self._taken_over = True
            if released:
                log.info("tournaments: took over %d posts a stopped process had claimed", released)
        # Each one started is shown by the listener.
        await self.tournaments.start_due(now.isoformat(timespec="seconds"), self.owns)
        due = {post.tournament_id for post in await self.posts.due_tournament_posts()}
        running = {
            tournament.id: tournament for tournament in await self.posts.tournaments(None, ("running",))
        }
        for tournament_id in sorted(due | set(running)):
            tournament = running.get(tournament_id) or await self.posts.tournament(tournament_id)
            if tournament is None or not self.owns(tournament.guild_id):
                continue
            duels = tuple(await self.posts.tournament_duels_due(tournament_id))
            if duels or tournament_id in due:
                await self.update(tournament_id, duels)

    async def update(self, tournament_id: int, duels: tuple[int, ...] = ()) -> bool:
        """Show what is due for the tournament, then bring ``duels`` (its own) up to date. False if
        something failed (left due: tried again, and by the next sweep)."""
        shown = await self.reconciler.update(TOURNAMENT, tournament_id)
        for match_id in duels:
            await self.outbox.update(match_id)
        return shown

    # --- the reconciler's renderer ------------------------------------------------------------------

    async def due(self, subject: int) -> list[Due]:
        """What is due of the tournament, claimed for this process (another's claim is let be)."""
        now = datetime.now(UTC)
        posts = await self.posts.claim_tournament_posts(
            subject, self.claimer, now.isoformat(), (now + CLAIM_FOR).isoformat()
        )
        return [Due(post.id, post.kind, post.tournament_id, post.round) for post in posts]

    async def leftovers(self) -> list[int]:
        return []  # the sweep shows them, this process's servers' only, once it took over its claims

    async def show(self, subject: int, due: Sequence[Due], scan: Scan | None) -> None:
        with refused_for_good():  # its channel deleted, or closed to the bot
            await self._show(subject, due)

    async def _show(self, subject: int, due: Sequence[Due]) -> None:
        table = await self.tournaments.table(subject)
        tournament = table.tournament
        channel = self.bot.get_partial_messageable(tournament.channel_id)
        language = await self.messages.public_language(tournament.guild_id)
        for entry in due:
            if entry.kind == ROUND:
                await self._round(channel, table, entry.detail or 0, language)
            elif entry.kind == FINAL:
                await self._final(channel, table, entry.detail or 0, language)
        if any(entry.kind == PAGE for entry in due):  # one edit shows every change since
            self._pages[subject] = await self._page(channel, table, language)

    async def mark(self, subject: int, due: Sequence[Due]) -> None:
        page_id = self._pages.pop(subject, None)
        await self.posts.note_tournament_posted(
            [entry.id for entry in due], None if page_id is None else (subject, page_id)
        )

    async def _page(self, channel: discord.PartialMessageable, table: Table, language: str) -> int:
        with text.speaking(language):
            embed, view = tournament_pages.page(table)
            tournament = table.tournament
            link = self.messages.links.tournament(tournament.id)
            page = await self.messages.page_button(tournament.guild_id, link)
        if page is not None:
            view.add_item(page)
        page_id = table.tournament.page_id
        try:
            if page_id is not None:
                try:
                    await channel.get_partial_message(page_id).edit(embed=embed, view=view)
                    return page_id
                except discord.NotFound:
                    log.warning("tournament %s: its page is gone; posting it again", table.tournament.id)

            async def send() -> int:
                message = await channel.send(embed=embed, view=view, nonce=f"tp{table.tournament.id}")
                return message.id

            return await post_once(Scan(self.bot), channel.id, _marked(embed.url), send)
        finally:
            answer.let_go(view)

    async def _round(
        self, channel: discord.PartialMessageable, table: Table, number: int, language: str
    ) -> None:
        before = table.until(number - 1) if number > 1 else None
        with text.speaking(language):
            embeds = tournament_pages.round_embeds(table, number, before)

        async def send() -> int:
            files = (
                []
                if before is None
                else await self._picture(embeds[-1], before, number - 1, language, final=False)
            )
            nonce = f"t{table.tournament.id}r{number}"
            sent = await channel.send(embeds=embeds, files=files, allowed_mentions=NO_MENTIONS, nonce=nonce)
            return sent.id

        await post_once(Scan(self.bot), channel.id, _marked(embeds[0].url), send)

    async def _final(
        self, channel: discord.PartialMessageable, table: Table, number: int, language: str
    ) -> None:
        final = table.until(number)
        with text.speaking(language):
            embed = tournament_pages.final_embed(final)
            content = tournament_pages.final_line(final)

        async def send() -> int:
            files = await self._picture(embed, final, number, language, final=True)
            sent = await channel.send(
                content=content,  # the champion, mentioned: pinged
                embed=embed,
                files=files,
                allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                nonce=f"t{table.tournament.id}f",
            )
            return sent.id

        await post_once(Scan(self.bot), channel.id, _marked(embed.url), send)

    async def _picture(
        self, embed: discord.Embed, table: Table, after: int, language: str, *, final: bool
    ) -> list[discord.File]:
        with text.speaking(language):
            title, columns, lines = tournament_pages.picture_rows(table, after, final)
        png = await self.pictures.standings(title, columns, lines, language=language)
        if png is None:
            return []
        embed.set_image(url=f"attachment://{PICTURE}")
        return [discord.File(io.BytesIO(png), filename=PICTURE)]


def _marked(url: str | None) -> Callable[[discord.Message], bool]:
    """Whether a message carries the marker of a title link (its fragment: the same whichever page it
    links to; a round's and the final's are posted once, looked for first)."""
    marker = None if url is None or "#" not in url else url.rsplit("#", 1)[1]
    return lambda message: marker is not None and marker in markers(message)
