"""The 32 character cards and 8 locations of Cardia as plain, frozen value objects (ids and numbers;
their names and texts are words, in the catalogues)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

Deck = Literal["I", "II"]
#: A duel's deck as stored and chosen: one deck, or the source deck of each faction (by faction id).
DeckChoice = Deck | dict[str, Deck]


class Faction(StrEnum):
    """The four factions; values run in the same pattern in both decks (value mod 4)."""

    REBELS = "rebels"  # green: 1, 5, 9, 13
    ACADEMY = "academy"  # yellow: 2, 6, 10, 14
    GUILD = "guild"  # red: 3, 7, 11, 15
    DYNASTY = "dynasty"  # blue: 4, 8, 12, 16


FACTIONS: tuple[Faction, ...] = (Faction.REBELS, Faction.ACADEMY, Faction.GUILD, Faction.DYNASTY)


def deck_from_code(code: str) -> DeckChoice:
    """A deck from its short code: "I" or "1111" Deck I, "II" or "2222" Deck II, else one digit (1 or 2)
    per faction set in FACTIONS order (rebels, academy, guild, dynasty): "1212". ValueError otherwise."""
    if code in ("I", "II"):
        return "I" if code == "I" else "II"
    if len(code) != len(FACTIONS) or set(code) - {"1", "2"}:
        raise ValueError(f"{code!r}: I, II, or four digits 1 or 2 (rebels, academy, guild, dynasty)")
    sources: dict[str, Deck] = {
        str(faction): "I" if digit == "1" else "II" for faction, digit in zip(FACTIONS, code, strict=True)
    }
    kinds = set(sources.values())
    return kinds.pop() if len(kinds) == 1 else sources


class Kind(StrEnum):
    """How an ability works: once when activated, or for as long as an ongoing token lies on the card."""

    INSTANT = "instant"
    ONGOING = "ongoing"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    value: int
    deck: Deck
    kind: Kind

    @property
    def faction(self) -> Faction:
        return FACTIONS[(self.value - 1) % 4]

    @property
    def ongoing(self) -> bool:
        return self.kind is Kind.ONGOING


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    skulls: int


_I, _O = Kind.INSTANT, Kind.ONGOING

DECK_I: tuple[Card, ...] = (
    Card("hired_blade", 1, "I", _I),
    Card("void_mage", 2, "I", _I),
    Card("surgeon", 3, "I", _I),
    Card("mediator", 4, "I", _O),
    Card("saboteur", 5, "I", _I),
    Card("fortune_teller", 6, "I", _I),
    Card("palace_guard", 7, "I", _I),
    Card("judge", 8, "I", _O),
    Card("ambusher", 9, "I", _I),
    Card("puppeteer", 10, "I", _I),
    Card("clockmaker", 11, "I", _I),
    Card("treasurer", 12, "I", _O),
    Card("swamp_guardian", 13, "I", _I),
    Card("magistra", 14, "I", _I),
    Card("inventor", 15, "I", _I),
    Card("djinn", 16, "I", _I),
)

DECK_II: tuple[Card, ...] = (
    Card("poisoner", 1, "II", _I),
    Card("kinesis_mage", 2, "II", _I),
    Card("envoy", 3, "II", _I),
    Card("tax_collector", 4, "II", _I),
    Card("revolutionary", 5, "II", _I),
    Card("librarian", 6, "II", _I),
    Card("prodigy", 7, "II", _I),
    Card("aristocrat", 8, "II", _O),
    Card("blackmailer", 9, "II", _I),
    Card("illusionist", 10, "II", _I),
    Card("engineer", 11, "II", _I),
    Card("counselor", 12, "II", _O),
    Card("witch_king", 13, "II", _I),
    Card("elemental", 14, "II", _I),
    Card("mechanical_djinn", 15, "II", _O),
    Card("successor", 16, "II", _I),
)

CARDS: Mapping[str, Card] = {card.id: card for card in DECK_I + DECK_II}

LOCATIONS: Mapping[str, Location] = {
    location.id: location
    for location in (
        Location("serpent_temple", 1),
        Location("bazaar", 1),
        Location("founders_day", 1),
        Location("grand_library", 2),
        Location("scrapyard", 2),
        Location("auction_house", 2),
        Location("haunted_catacombs", 3),
        Location("foggy_swamp", 3),
    )
}


def composition(sources: Mapping[Faction, Deck]) -> tuple[Card, ...]:
    """The 16 cards of a deck built from whole faction sets, ordered by value."""
    by_deck = {"I": DECK_I, "II": DECK_II}
    return tuple(by_deck[sources[card.faction]][card.value - 1] for card in DECK_I)
