"""The front end's own events (bot.services.events has the rest, and the bus): what one cog asks of a
feature another cog owns, without either knowing the other. Wired in ``bot/wiring.py``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord


@dataclass(frozen=True, slots=True)
class ComputerDuelAsked:
    """A player asked for a duel against the computer at the default setup (the queue offers one to a
    player nobody came for): it answers ``interaction``."""

    interaction: discord.Interaction[Any]
