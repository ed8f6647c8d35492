"""Names and labels of cards, factions, decks and locations."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from cards import CARDS, FACTIONS, LOCATIONS
from engine.model import PLAYERS
from text.catalogue import FACTION_EMOJI, LANGUAGES, current_language, plural, speaking, tr

# --- cards, factions, decks, locations ---------------------------------------------------------------


def faction_name(faction: str) -> str:
    return tr(f"faction.{faction}")


def faction_label(faction: str) -> str:
    """ "🟢 Rebels"."""
    return f"{FACTION_EMOJI[str(faction)]} {faction_name(str(faction))}"


def card_name(card_id: str) -> str:
    return tr(f"card.{card_id}")


def card_label(card_id: str) -> str:
    """ "Judge (8, Dynasty)"."""
    return _card_label(current_language(), card_id)


@cache
def _card_label(language: str, card_id: str) -> str:  # language: the cache key (tr reads it)
    card = CARDS[card_id]
    return tr("card.label", name=card_name(card_id), value=card.value, faction=faction_name(card.faction))


def card_emoji(card_id: str) -> str:
    return FACTION_EMOJI[str(CARDS[card_id].faction)]


def card_text(card_id: str) -> str:
    return tr(f"card.{card_id}-text")


def kind_name(card_id: str) -> str:
    return tr(f"kind.{CARDS[card_id].kind}")


def location_name(location_id: str) -> str:
    return tr(f"location.{location_id}")


def location_text(location_id: str) -> str:
    return tr(f"location.{location_id}-text")


def skulls_text(skulls: int) -> str:
    return plural("skulls", skulls)


def location_label(location_id: str) -> str:
    """ "Serpent Temple (1 skull)"."""
    location = LOCATIONS[location_id]
    return tr("location.label", name=location_name(location_id), skulls=skulls_text(location.skulls))


def location_rule(location_id: str) -> str:
    """ "**Serpent Temple (1 skull)** — its rule" (the dash as the language writes it)."""
    return tr("location.rule", label=location_label(location_id), text=location_text(location_id))


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
    """A card or location id from an id or a name in any language (case, accents kept, spacing and
    punctuation ignored), else None."""
    wanted = _squeezed(query)
    return _items_by_name().get(wanted) if wanted else None


def _squeezed(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


@cache
def _items_by_name() -> dict[str, str]:
    found: dict[str, str] = {}
    for language in LANGUAGES:
        with speaking(language):
            for item_id in CARDS:
                found.setdefault(_squeezed(card_name(item_id)), item_id)
            for item_id in LOCATIONS:
                found.setdefault(_squeezed(location_name(item_id)), item_id)
    for item_id in [*CARDS, *LOCATIONS]:
        found[_squeezed(item_id)] = item_id
    return found


def possessive(name: str) -> str:
    return tr("possessive", name=name)


def player_name(player: int | str, names: Mapping[str, str]) -> str:
    key = PLAYERS[player] if isinstance(player, int) else player
    return names.get(key, key)
