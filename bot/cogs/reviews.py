"""``/cardia review``, the Review button of a finished game, and Share: a player's review of their own
decisions (bot.services.reviews), privately, with its chart; made public by its player if they wish. And
Hint, on a private hand where the duel allows hints.

The review and the hint tell only what their player could see (engine.review); a stranger to the game is
refused in one line, and a review is shared once.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

import text
from bot.cogs import Cog, completes
from bot.ids import parse_id
from bot.services.duels import Refusal
from bot.services.pictures import Pictures
from bot.services.reviews import PlayerReview, Reviews
from bot.ui import answer
from bot.ui.components import Components, Handlers, HintButton, ReviewButton, ShareReviewButton
from bot.ui.finished import game_choices
from bot.ui.guard import guard_of
from bot.ui.homes import server_of
from bot.ui.messages import Messages, game_view
from bot.ui.render import DESCRIPTION_LIMIT, Outgoing, fit
from bot.ui.translator import descriptions, options, said

Interaction = discord.Interaction[Any]
COLOR_REVIEW = 0x57F287


class ReviewsCog(Cog, name="reviews", description="Reviews of finished games, and hints"):
    """``/cardia review``, Review, Share and Hint."""

    def __init__(self, reviews: Reviews, pictures: Pictures, messages: Messages) -> None:
        super().__init__()
        self.reviews = reviews
        self.pictures = pictures
        self.messages = messages

    def register(self, handlers: Handlers) -> None:
        """The components this cog answers: a finished game's Review, a review's Share, a hand's Hint."""
        handlers.on(ReviewButton, lambda i, b: self.review(i, str(b.game_id)))
        handlers.on(ShareReviewButton, lambda i, b: self.share(i, b.game_id, b.seat))
        handlers.on(HintButton, lambda i, b: self.hint(i, b.game_id, b.version))

    @app_commands.command(
        name=said("slash.review"),
        description=said("slash.review.description"),
        extras={"answers": "private"},
    )
    @app_commands.rename(**options("review", "game"))
    @app_commands.describe(**descriptions("review", "game"))
    async def review_command(self, interaction: Interaction, game: str) -> None:
        await self.review(interaction, game)

    @completes(review_command, "game")
    async def review_games(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await guard_of(interaction).choices(self._choices(interaction, current), "/cardia review")

    async def _choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's latest finished games here: on a server, those played there; elsewhere, all."""
        user_id = interaction.user.id
        games = await self.reviews.games(user_id, server_of(interaction), latest=200)
        return game_choices(games, user_id, current)

    async def review(self, interaction: Interaction, wanted: str) -> None:
        """The clicking (or asking) player's own review, privately, with a Share button on a server (a
        DM with the bot has nobody to share it with)."""
        game_id = parse_id(wanted)
        if game_id is None:
            return await self._refuse(interaction, text.tr("history.bad_id"))
        server = server_of(interaction)
        try:
            found = await self.reviews.of_player(game_id, interaction.user.id, server)
        except Refusal as refusal:
            return await self._refuse(interaction, str(refusal))
        message = await self._message(found, share=server is not None and not found.shared)
        await answer.send(interaction, **message, ephemeral=True)

    async def share(self, interaction: Interaction, game_id: int, seat: str) -> None:
        """A player's review posted in the channel, in the server's language (once)."""
        server = server_of(interaction)
        try:
            found = await self.reviews.share(game_id, seat, interaction.user.id, server)
        except Refusal as refusal:
            return await self._refuse(interaction, str(refusal))
        assert server is not None  # the service refuses to share outside a server
        with text.speaking(await self.messages.public_language(server)):
            message = await self._message(found, share=False)
            message["content"] = text.tr("review.shared", who=f"<@{interaction.user.id}>", id=game_id)
        await answer.send(interaction, **message, allowed_mentions=discord.AllowedMentions.none())

    async def hint(self, interaction: Interaction, game_id: int, version: int) -> None:
        """The computer's answer in the player's place, and their chance with it, privately."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:  # a hint belongs on one's own private hand
            return await self._refuse(interaction, text.tr("refuse.private_hand"))
        try:
            given = await self.reviews.hint(game_id, version, interaction.user.id, server_of(interaction))
        except Refusal as refusal:
            return await self._refuse(interaction, str(refusal))
        seen = game_view(given.live, given.seat)
        names = given.live.match.names
        suggested = text.answer_label(given.decision.kind, given.hint.answer, given.seat, names, seen)
        line = text.tr("hint.given", answer=suggested, chance=text.percent(given.hint.chance))
        await answer.send(interaction, content=line, ephemeral=True)

    async def _refuse(self, interaction: Interaction, line: str) -> None:
        await answer.send(interaction, content=line, ephemeral=True)

    async def _message(self, found: PlayerReview, *, share: bool) -> Outgoing:
        """The review as an embed with its chart (when it could be drawn), and Share if ``share``."""
        game, reviewed = found.game, found.review
        names = game.names
        embed = discord.Embed(
            title=fit(text.tr("review.title", id=game.id, name=names[found.seat]), 256),
            description=fit("\n".join(text.review_lines(reviewed, names)), DESCRIPTION_LIMIT),
            color=COLOR_REVIEW,
        )
        message: Outgoing = {"embed": embed}
        png = await self.pictures.chart(reviewed, language=text.current_language())
        if png is not None:
            name = f"cardia-review-{game.id}-{found.seat}.png"
            embed.set_image(url=f"attachment://{name}")
            message["file"] = discord.File(io.BytesIO(png), filename=name)
        buttons: list[discord.ui.Item[Any]] = [ShareReviewButton(game.id, found.seat)] if share else []
        page = await self.messages.page_button(game.guild_id, self.messages.links.game(game.id))
        if page is not None:  # the game's page: its chart beside the boards once shared
            buttons.append(page)
        if buttons:
            message["view"] = Components(*buttons)
        return message
