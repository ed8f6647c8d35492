"""Names and labels of cards, factions, decks and locations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.services.text.catalogue import FACTION_EMOJI, plural, tr
from cards import CARDS, FACTIONS, LOCATIONS
from engine.model import PLAYERS

# --- cards, factions, decks, locations ---------------------------------------------------------------


def faction_name(faction: str) -> str:
    return tr(f"faction.{faction}")


def faction_label(faction: str) -> str:
    """ "🟢 Rebels"."""
    return f"{FACTION_EMOJI[str(faction)]} {faction_name(str(faction))}"


def card_name(card_id: str) -> str:
    return CARDS[card_id].name


def card_label(card_id: str) -> str:
    """ "Judge (8, Dynasty)"."""
    card = CARDS[card_id]
    return tr("card.label", name=card.name, value=card.value, faction=faction_name(card.faction))


def card_emoji(card_id: str) -> str:
    return FACTION_EMOJI[str(CARDS[card_id].faction)]


def card_text(card_id: str) -> str:
    return CARDS[card_id].text


def kind_name(card_id: str) -> str:
    return tr(f"kind.{CARDS[card_id].kind}")


def location_name(location_id: str) -> str:
    return LOCATIONS[location_id].name


def location_text(location_id: str) -> str:
    return LOCATIONS[location_id].text


def skulls_text(skulls: int) -> str:
    return plural("skulls", skulls)


def location_label(location_id: str) -> str:
    """ "Serpent Temple (1 skull)"."""
    location = LOCATIONS[location_id]
    return tr("location.label", name=location.name, skulls=skulls_text(location.skulls))


def deck_label(deck: str | Mapping[Any, str]) -> str:
    """ "Deck I", "Deck II", or "Mixed: Rebels I, Academy II, Guild II, Dynasty I"."""
    if isinstance(deck, str):
        return tr(f"deck.{deck}")
    sources = {str(faction): source for faction, source in deck.items()}
    if len(set(sources.values())) == 1:
        return tr(f"deck.{next(iter(sources.values()))}")
    parts = ", ".join(f"{faction_name(f)} {sources[f]}" for f in map(str, FACTIONS))
    return tr("deck.mixed", parts=parts)


def find_item(query: str) -> str | None:
    """A card or location id from an id or an English name (case and spacing ignored), else None."""
    wanted = "".join(ch for ch in query.lower() if ch.isalnum())
    for item_id, name in [
        *((c.id, c.name) for c in CARDS.values()),
        *((x.id, x.name) for x in LOCATIONS.values()),
    ]:
        if wanted in (
            "".join(ch for ch in item_id if ch.isalnum()),
            "".join(ch for ch in name.lower() if ch.isalnum()),
        ):
            return item_id
    return None


def possessive(name: str) -> str:
    return tr("possessive", name=name)


def player_name(player: int | str, names: Mapping[str, str]) -> str:
    key = PLAYERS[player] if isinstance(player, int) else player
    return names.get(key, key)
