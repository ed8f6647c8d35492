"""The help cog: ``/cardia rules`` (the rules, by topic) and ``/cardia card`` (any card or location)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import render
from bot.services import text
from cards import CARDS, LOCATIONS

Interaction = discord.Interaction[Any]


RULE_CHOICES = [
    app_commands.Choice(name=title[:100], value=index) for index, (title, _) in enumerate(text.rules_pages())
]


def add_commands(group: app_commands.Group) -> None:
    """``/cardia rules`` and ``/cardia card``: the game explained, privately."""

    @group.command(name="rules", description="How Cardia is played")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(topic=RULE_CHOICES)
    async def rules(interaction: Interaction, topic: app_commands.Choice[int] | None = None) -> None:
        index = topic.value if topic else 0
        title, body = text.rules_pages()[index]
        embed = discord.Embed(title=title, description=body, colour=discord.Colour.gold())
        embed.set_footer(text=text.tr("rules.footer"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @group.command(name="card", description="Explain a card or a location")
    @app_commands.describe(name="A card or location name")
    async def card(interaction: Interaction, name: str) -> None:
        item = text.find_item(name)
        if item is None:
            await interaction.response.send_message(text.tr("card.unknown", name=name), ephemeral=True)
            return
        await interaction.response.send_message(embed=render.card_embed(item), ephemeral=True)

    @card.autocomplete("name")
    async def card_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        needle = current.casefold()
        items = [(text.card_name(c), c) for c in CARDS] + [(text.location_name(x), x) for x in LOCATIONS]
        return [app_commands.Choice(name=n, value=i) for n, i in items if needle in n.casefold()][:25]
