"""Tournaments (issue 35): who plays whom each round, and the standings, as pure functions of the
entrants and the results so far (no Discord, no database): ``pairing`` for Swiss, round-robin and
knockout rounds, ``standings`` for the points and tie-breaks; and ``service``, which runs them: sign-up,
rounds made once in the database, results from the duels' ends. docs/tournaments.md spells the rules
out.
"""

from bot.services.tournaments.pairing import (
    Entrant,
    Pairing,
    PairingImpossible,
    Result,
    knockout_round,
    round_robin_round,
    swiss_round,
)
from bot.services.tournaments.service import (
    AWARDED,
    DRAW_AWARDED,
    REPLAYED,
    WITHDRAWN,
    Table,
    Tournaments,
)
from bot.services.tournaments.standings import Standing, standings

__all__ = [
    "AWARDED",
    "DRAW_AWARDED",
    "REPLAYED",
    "WITHDRAWN",
    "Entrant",
    "Pairing",
    "PairingImpossible",
    "Result",
    "Standing",
    "Table",
    "Tournaments",
    "knockout_round",
    "round_robin_round",
    "standings",
    "swiss_round",
]
