"""The help cog: ``/cardia rules`` (the rules, by topic) and ``/cardia card`` (any card or location)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import text
from bot.cogs import Cog, completes
from bot.ui import answer, render
from bot.ui.translator import descriptions, options, said
from cards import CARDS, LOCATIONS

Interaction = discord.Interaction[Any]


RULE_CHOICES = [
    app_commands.Choice(name=said(f"rules.page.{number}-title"), value=number - 1)
    for number in range(1, text.RULES_PAGE_COUNT + 1)
]


class HelpCog(Cog, name="help", description="The rules and the cards"):
    """``/cardia rules`` and ``/cardia card``: the game explained, privately."""

    @app_commands.command(name=said("slash.rules"), description=said("slash.rules.description"))
    @app_commands.rename(**options("rules", "topic"))
    @app_commands.describe(**descriptions("rules", "topic"))
    @app_commands.choices(topic=RULE_CHOICES)
    async def rules_command(
        self, interaction: Interaction, topic: app_commands.Choice[int] | None = None
    ) -> None:
        index = topic.value if topic else 0
        title, body = text.rules_pages()[index]
        embed = discord.Embed(title=title, description=body, colour=discord.Colour.gold())
        embed.set_footer(text=text.tr("rules.footer"))
        await answer.send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(name=said("slash.card"), description=said("slash.card.description"))
    @app_commands.rename(**options("card", "name"))
    @app_commands.describe(**descriptions("card", "name"))
    async def card_command(self, interaction: Interaction, name: str) -> None:
        item = text.find_item(name)
        if item is None:
            await answer.send(interaction, content=text.tr("card.unknown", name=name), ephemeral=True)
            return
        await answer.send(interaction, embed=render.card_embed(item), ephemeral=True)

    @completes(card_command, "name")
    async def card_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        needle = current.casefold()
        items = [(text.card_name(c), c) for c in CARDS] + [(text.location_name(x), x) for x in LOCATIONS]
        return [app_commands.Choice(name=n, value=i) for n, i in items if needle in n.casefold()][:25]
