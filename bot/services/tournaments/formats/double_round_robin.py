"""Double round-robin: everyone meets everyone twice, seats swapped the second time (the pairing's first
player is its duel's challenger, so who challenged in the first meeting is challenged in the second).
The second half replays the round-robin's circle in the same order; ranked as a round-robin, by points
then Sonneborn–Berger."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.tournaments.formats.base import Format, register
from bot.services.tournaments.formats.round_robin import round_robin_round, rounds_for
from bot.services.tournaments.pairing import Entrant, Pairing, Result


@register
class DoubleRoundRobin(Format):
    name = "double-round-robin"
    order = 25
    label = "slash.choice.double_round_robin"
    explanation = "tournament.format_double_round_robin"
    line = "tournament.line_round_robin"  # the same figures as a round-robin's
    figures = ("points", "sonneborn_berger")

    def rounds(self, players: int, chosen: int | None) -> int:
        return 2 * rounds_for(players)

    def pair(self, entrants: Sequence[Entrant], results: Sequence[Result], number: int) -> list[Pairing]:
        once = rounds_for(len(entrants))
        if number <= once:
            return round_robin_round(entrants, number)
        return [
            game if game.second is None else Pairing(game.second, game.first)
            for game in round_robin_round(entrants, number - once)
        ]
