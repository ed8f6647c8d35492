"""How a new game is dealt: its setup, whose seed orders both decks.

Every game the bot starts (a challenge's, a rematch's, the next game of a match, a tournament's, the
queue's) is dealt by its ``Duels``' dealer (``Duels.dealer``), given to it like its clock: the bot deals at
random (:func:`deal`); a test gives a dealer of known games (numbered seeds, stacked decks).
"""

from __future__ import annotations

import secrets
from typing import Any, Protocol

from cards import DeckChoice


class Dealer(Protocol):
    """Deals a new game of ``deck`` at ``location`` (None: none): its setup, as ``engine.Setup`` reads it."""

    def __call__(self, deck: DeckChoice, location: str | None, /) -> dict[str, Any]: ...


def deal(deck: DeckChoice, location: str | None, /) -> dict[str, Any]:
    """The bot's dealer: a secret random seed, so no one can foresee the order of the decks."""
    return {"deck": deck, "location": location, "seed": secrets.randbits(62), "chance": "seeded"}
