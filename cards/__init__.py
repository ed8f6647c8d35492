"""Card and location data for Cardia: the one source of truth read by the engine and the bot.

Ids, values, factions and ability kinds follow ``docs/rules.md`` §1.2, §3 and §4; ids are the
ones fixed by the game-record contract (``docs/record-format.md``). Names and texts, in every language,
are in the bot's catalogues (``text/locales/*/cards.ftl``), English the source.
"""

from cards.data import (
    CARDS,
    DECK_I,
    DECK_II,
    FACTIONS,
    LOCATIONS,
    Card,
    Deck,
    DeckChoice,
    Faction,
    Kind,
    Location,
    composition,
    deck_from_code,
)

__all__ = [
    "CARDS",
    "DECK_I",
    "DECK_II",
    "FACTIONS",
    "LOCATIONS",
    "Card",
    "Deck",
    "DeckChoice",
    "Faction",
    "Kind",
    "Location",
    "composition",
    "deck_from_code",
]
