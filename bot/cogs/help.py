"""The ``/cardia`` application commands."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.cogs import render
from bot.services import text
from cards import CARDS, FACTIONS, LOCATIONS

if TYPE_CHECKING:
    from bot.cogs.duels import Ui

Interaction = discord.Interaction[Any]


def _deck_from_code(code: str) -> Any:
    """'1111' = Deck I, '2222' = Deck II, else one digit per faction (rebels, academy, guild, dynasty)."""
    sources = {
        str(faction): "I" if digit == "1" else "II" for faction, digit in zip(FACTIONS, code, strict=True)
    }
    kinds = set(sources.values())
    return kinds.pop() if len(kinds) == 1 else sources


DECK_CHOICES = [
    app_commands.Choice(name=render.deck_label(_deck_from_code("".join(code))), value="".join(code))
    for code in sorted(itertools.product("12", repeat=4), key=lambda c: (len(set(c)) > 1, c))
]
LOCATION_CHOICES = [app_commands.Choice(name="No location", value="none")] + [
    app_commands.Choice(name=f"{location.name} ({'💀' * location.skulls})", value=location.id)
    for location in LOCATIONS.values()
]
MATCH_CHOICES = [
    app_commands.Choice(name="First to 2 game wins", value=2),
    app_commands.Choice(name="A single game", value=1),
]
RULE_CHOICES = [
    app_commands.Choice(name=title[:100], value=index) for index, (title, _) in enumerate(text.RULES_PAGES)
]


def cardia_group(ui: Ui) -> app_commands.Group:
    group = app_commands.Group(name="cardia", description="Duels of Cardia, the card game by Hans im Glück")

    @group.command(name="challenge", description="Challenge someone to a duel of Cardia")
    @app_commands.describe(
        opponent="Who you challenge",
        deck="Deck I, Deck II, or a mix of whole faction sets (default: Deck I)",
        location="A location card that changes the rules (default: none)",
        match="Match length (default: first to 2 game wins)",
    )
    @app_commands.choices(deck=DECK_CHOICES, location=LOCATION_CHOICES)
    @app_commands.choices(match=MATCH_CHOICES)
    async def challenge(
        interaction: Interaction,
        opponent: discord.User,
        deck: app_commands.Choice[str] | None = None,
        location: app_commands.Choice[str] | None = None,
        match: app_commands.Choice[int] | None = None,
    ) -> None:
        await ui.challenge(
            interaction,
            opponent,
            _deck_from_code(deck.value if deck else "1111"),
            None if location is None or location.value == "none" else location.value,
            match.value if match else 2,
        )

    @group.command(name="rules", description="How Cardia is played")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(topic=RULE_CHOICES)
    async def rules(interaction: Interaction, topic: app_commands.Choice[int] | None = None) -> None:
        index = topic.value if topic else 0
        title, body = text.RULES_PAGES[index]
        embed = discord.Embed(title=title, description=body, colour=discord.Colour.gold())
        embed.set_footer(text="More: /cardia rules topic:<…> · any card: /cardia card")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @group.command(name="card", description="Explain a card or a location")
    @app_commands.describe(name="A card or location name")
    async def card(interaction: Interaction, name: str) -> None:
        item = _find(name)
        if item is None:
            await interaction.response.send_message(
                f"No card or location is called “{name}”.", ephemeral=True
            )
            return
        await interaction.response.send_message(embed=render.card_embed(item), ephemeral=True)

    @card.autocomplete("name")
    async def card_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        needle = current.casefold()
        items = [(c.name, c.id) for c in CARDS.values()] + [(loc.name, loc.id) for loc in LOCATIONS.values()]
        return [app_commands.Choice(name=n, value=i) for n, i in items if needle in n.casefold()][:25]

    return group


def _find(name: str) -> str | None:
    """A card or location id from an id or a (case-insensitive) name."""
    if name in CARDS or name in LOCATIONS:
        return name
    needle = name.strip().casefold()
    for item_id, item_name in [(c.id, c.name) for c in CARDS.values()] + [
        (x.id, x.name) for x in LOCATIONS.values()
    ]:
        if item_name.casefold() == needle:
            return item_id
    return None
