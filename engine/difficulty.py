"""The difficulty level of a setup (docs/rules.md §1.11, §4 and ruling 26)."""

from __future__ import annotations

from dataclasses import dataclass

from cards import LOCATIONS
from engine.record import Setup

# (lowest sum, level): the rulebooks' level table. The levels' names are words, in the bot's catalogues
# ("difficulty-training": Assassins in training, Bérgyilkosok kiképzése, Najemnicy w szkoleniu).
LEVELS = ((0, "training"), (2, "inventors"), (3, "mages"), (5, "impressed"))


@dataclass(frozen=True, slots=True)
class Difficulty:
    value: int  # deck value (Deck I 0, Deck II or any Deck II faction 1) + the location's skulls
    level: str  # training, inventors, mages or impressed (several locations at once: not offered)


def difficulty(setup: Setup) -> Difficulty:
    deck_value = 1 if "II" in setup.sources.values() else 0
    value = deck_value + (LOCATIONS[setup.location].skulls if setup.location else 0)
    _, level = next(level for level in reversed(LEVELS) if value >= level[0])
    return Difficulty(value, level)
