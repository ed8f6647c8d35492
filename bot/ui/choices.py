"""The choices of the ``/cardia`` options that several commands share (a challenge, the queue): decks,
locations, the computer's levels and match lengths, each named in every language the bot speaks."""

from __future__ import annotations

import itertools

from discord import app_commands

import text
from bot.services.computer import COMPUTER_LEVELS
from bot.ui import render
from bot.ui.translator import said, spoken
from cards import LOCATIONS, deck_from_code


def _deck_choice(code: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=spoken(lambda: render.deck_label(deck_from_code(code))), value=code)


def _location_choice(location: str) -> app_commands.Choice[str]:
    skulls = "💀" * LOCATIONS[location].skulls
    return app_commands.Choice(
        name=spoken(lambda: f"{text.location_name(location)} ({skulls})"), value=location
    )


DECK_CHOICES = [
    _deck_choice("".join(code))
    for code in sorted(itertools.product("12", repeat=4), key=lambda c: (len(set(c)) > 1, c))
]
LOCATION_CHOICES = [app_commands.Choice(name=said("slash.choice.no_location"), value="none")] + [
    _location_choice(location) for location in LOCATIONS
]
LEVEL_CHOICES = [
    app_commands.Choice(name=said(f"computer.level.{level}"), value=level) for level in COMPUTER_LEVELS
]
MATCH_CHOICES = [
    app_commands.Choice(name=said("slash.choice.first_to_2"), value=2),
    app_commands.Choice(name=said("slash.choice.single"), value=1),
]
