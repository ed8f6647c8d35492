"""Tournaments (issue 35): who plays whom each round, and the standings, as pure functions of the
entrants and the results so far (no Discord, no database); and ``service``, which runs them: sign-up,
rounds made once in the database, results from the duels' ends. docs/tournaments.md spells the rules
out.

- ``formats/``: the formats, one unit each (Swiss, round-robin, ...), registered by name: a round's
  pairings, the number of rounds, what the standings rank by, and the catalogue keys of its words;
- ``pairing``: what every format pairs with (entrants, pairings, results); ``standings``: the points and
  the tie-breaks a format ranks by.
"""

from bot.services.tournaments.formats import FORMATS, Format, UnknownFormat, format_named
from bot.services.tournaments.pairing import Entrant, Pairing, PairingImpossible, Result
from bot.services.tournaments.service import (
    AWARDED,
    DRAW_AWARDED,
    REPLAYED,
    WITHDRAWN,
    Table,
    Tournaments,
)
from bot.services.tournaments.standings import Figure, Standing

__all__ = [
    "AWARDED",
    "DRAW_AWARDED",
    "FORMATS",
    "REPLAYED",
    "WITHDRAWN",
    "Entrant",
    "Figure",
    "Format",
    "Pairing",
    "PairingImpossible",
    "Result",
    "Standing",
    "Table",
    "Tournaments",
    "UnknownFormat",
    "format_named",
]
