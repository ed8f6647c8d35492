"""The difficulty level of a setup (RULES.md §1.11, §4 and ruling 26)."""

from __future__ import annotations

from dataclasses import dataclass

from cards import LOCATIONS
from engine.record import Setup

# (lowest sum, English name, Hungarian name, Polish name), from the rulebooks' level table.
LEVELS = (
    (0, "Assassins in training", "Bérgyilkosok kiképzése", "Najemnicy w szkoleniu"),
    (2, "Experienced inventors", "Tapasztalt feltalálók", "Doświadczeni inżynierowie"),
    (3, "Mighty mages", "Hatalmas mágusok", "Potężni magowie"),
    (5, "The Djinn is impressed!", "A dzsinn le van nyűgözve!", "Dżinn jest pod wrażeniem!"),
)


@dataclass(frozen=True, slots=True)
class Difficulty:
    value: int  # deck value (Deck I 0, Deck II or any Deck II faction 1) + the location's skulls
    name: str
    name_hu: str
    name_pl: str


def difficulty(setup: Setup) -> Difficulty:
    deck_value = 1 if "II" in setup.sources.values() else 0
    value = deck_value + (LOCATIONS[setup.location].skulls if setup.location else 0)
    _, name, name_hu, name_pl = next(level for level in reversed(LEVELS) if value >= level[0])
    return Difficulty(value, name, name_hu, name_pl)
