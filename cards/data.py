"""The 32 character cards and 8 locations of Cardia as plain, frozen value objects."""

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
    name: str
    text: str

    @property
    def faction(self) -> Faction:
        return FACTIONS[(self.value - 1) % 4]

    @property
    def ongoing(self) -> bool:
        return self.kind is Kind.ONGOING


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str
    skulls: int
    text: str


_I, _O = Kind.INSTANT, Kind.ONGOING

DECK_I: tuple[Card, ...] = (
    Card("hired_blade", 1, "I", _I, "Hired Blade", "Discard this card and the card opposite it."),
    Card(
        "void_mage",
        2,
        "I",
        _I,
        "Void Mage",
        "Pick any played card and strip it of either all its modifiers or all its ongoing tokens.",
    ),
    Card("surgeon", 3, "I", _I, "Surgeon", "The next card you play gets −5 influence."),
    Card("mediator", 4, "I", _O, "Mediator", "Ongoing: this encounter is a tie."),
    Card("saboteur", 5, "I", _I, "Saboteur", "Your opponent discards the top 2 cards of their deck."),
    Card(
        "fortune_teller",
        6,
        "I",
        _I,
        "Fortune Teller",
        "Next round your opponent must place their card face up before you choose yours.",
    ),
    Card(
        "palace_guard",
        7,
        "I",
        _I,
        "Palace Guard",
        "Name a faction. Your opponent may discard a card of that faction from hand; "
        "if they don't, this card gets +7.",
    ),
    Card(
        "judge",
        8,
        "I",
        _O,
        "Judge",
        "Ongoing: you win every tied encounter, past and future. A tie still activates no ability.",
    ),
    Card(
        "ambusher",
        9,
        "I",
        _I,
        "Ambusher",
        "Name a faction: your opponent discards every card of that faction from their hand.",
    ),
    Card(
        "puppeteer",
        10,
        "I",
        _I,
        "Puppeteer",
        "Discard the card opposite this one and replace it with a random card from your opponent's hand "
        "(its ability does not activate).",
    ),
    Card(
        "clockmaker",
        11,
        "I",
        _I,
        "Clockmaker",
        "+3 on your card in the previous encounter and +3 on the next card you play.",
    ),
    Card(
        "treasurer",
        12,
        "I",
        _O,
        "Treasurer",
        "Ongoing: whichever card wins the previous encounter carries 1 extra signet.",
    ),
    Card(
        "swamp_guardian",
        13,
        "I",
        _I,
        "Swamp Guardian",
        "Take another of your played cards back into your hand and discard the card opposite it.",
    ),
    Card(
        "magistra",
        14,
        "I",
        _I,
        "Magistra",
        "Copy the instant ability of another of your played cards whose influence is at least this "
        "card's, and resolve it here.",
    ),
    Card(
        "inventor",
        15,
        "I",
        _I,
        "Inventor",
        "Put +3 on one played card and −3 on another.",
    ),
    Card("djinn", 16, "I", _I, "Djinn", "You win the game."),
)

DECK_II: tuple[Card, ...] = (
    Card(
        "poisoner",
        1,
        "II",
        _I,
        "Poisoner",
        "Lower the influence of the card opposite until this encounter is a tie.",
    ),
    Card(
        "kinesis_mage",
        2,
        "II",
        _I,
        "Kinesis Mage",
        "Move all modifiers and ongoing tokens from one of your played cards to another of yours.",
    ),
    Card(
        "envoy",
        3,
        "II",
        _I,
        "Envoy",
        "Put −3 on any played card, or on the next card you play.",
    ),
    Card("tax_collector", 4, "II", _I, "Tax Collector", "This card gets +4."),
    Card(
        "revolutionary",
        5,
        "II",
        _I,
        "Revolutionary",
        "Your opponent discards 2 cards of their choice from hand, then draws 2.",
    ),
    Card(
        "librarian",
        6,
        "II",
        _I,
        "Librarian",
        "When your next card is revealed, give it +2 or −2 (your choice, made after seeing both cards).",
    ),
    Card(
        "prodigy",
        7,
        "II",
        _I,
        "Prodigy",
        "Put +3 on one of your played cards whose influence is 8 or less.",
    ),
    Card(
        "aristocrat",
        8,
        "II",
        _O,
        "Aristocrat",
        "Ongoing: whenever this card wins its encounter, it carries 1 extra signet.",
    ),
    Card(
        "blackmailer",
        9,
        "II",
        _I,
        "Blackmailer",
        "Name a faction. If your opponent's next revealed card is of another faction, they discard 2 "
        "cards of their choice from hand.",
    ),
    Card(
        "illusionist",
        10,
        "II",
        _I,
        "Illusionist",
        "Activate the ability of another of your played cards that is losing its encounter.",
    ),
    Card(
        "engineer",
        11,
        "II",
        _I,
        "Engineer",
        "Your next card gets +5, put on after that encounter's abilities are resolved.",
    ),
    Card(
        "counselor",
        12,
        "II",
        _O,
        "Counselor",
        "Ongoing: in the previous encounter your card wins and your opponent's card loses.",
    ),
    Card(
        "witch_king",
        13,
        "II",
        _I,
        "Witch King",
        "Name a faction: your opponent discards every card of it from hand and deck, then shuffles "
        "their deck.",
    ),
    Card(
        "elemental",
        14,
        "II",
        _I,
        "Elemental",
        "Discard an instant-ability card from your hand, resolve its ability as if printed here, "
        "then draw a card.",
    ),
    Card(
        "mechanical_djinn",
        15,
        "II",
        _O,
        "Mechanical Djinn",
        "Ongoing: if you win the encounter right after this one, you win the game.",
    ),
    Card(
        "successor",
        16,
        "II",
        _I,
        "Successor",
        "Your opponent discards their whole deck and all but 2 cards of their hand (they keep the 2 "
        "they choose).",
    ),
)

CARDS: Mapping[str, Card] = {card.id: card for card in DECK_I + DECK_II}

LOCATIONS: Mapping[str, Location] = {
    location.id: location
    for location in (
        Location(
            "serpent_temple",
            "Serpent Temple",
            1,
            "Whenever you come to win a past encounter, draw a card and your opponent discards a card of "
            "their choice from hand.",
        ),
        Location(
            "bazaar",
            "Bazaar",
            1,
            "No draw at the end of a round. Whenever you hold 1 card or none, you draw 4 at once.",
        ),
        Location(
            "founders_day",
            "Founder's Day",
            1,
            "Whoever wins 3 encounters in a row at any moment wins the game at once.",
        ),
        Location(
            "grand_library",
            "Grand Library",
            2,
            "Start with 2 cards in hand and draw 2 at the end of every round.",
        ),
        Location(
            "scrapyard",
            "Scrapyard",
            2,
            "At the end of every round draw 2, then put a card from your hand under your deck "
            "(with 0 or 1 cards in your deck, draw as usual).",
        ),
        Location(
            "auction_house",
            "Auction House",
            2,
            "When you reveal a card with less influence than your card in the previous encounter, discard "
            "the top card of your deck.",
        ),
        Location(
            "haunted_catacombs",
            "Haunted Catacombs",
            3,
            "Reveal a card of the same faction as your card in the previous encounter and you lose the "
            "game at once.",
        ),
        Location(
            "foggy_swamp",
            "Foggy Swamp",
            3,
            "Cards stay face down when placed; each round the previous encounter is revealed and resolved "
            "instead.",
        ),
    )
}


def composition(sources: Mapping[Faction, Deck]) -> tuple[Card, ...]:
    """The 16 cards of a deck built from whole faction sets, ordered by value."""
    by_deck = {"I": DECK_I, "II": DECK_II}
    return tuple(by_deck[sources[card.faction]][card.value - 1] for card in DECK_I)
