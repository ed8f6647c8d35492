"""Every card's ability, registered by card id. Find a card's rule in ``deck1.py`` or ``deck2.py``."""

from engine.abilities import deck1, deck2
from engine.abilities.registry import ABILITIES, activate, resolve

__all__ = ["ABILITIES", "activate", "deck1", "deck2", "resolve"]
