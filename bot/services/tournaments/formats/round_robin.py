"""Round-robin: everyone meets everyone once, scheduled by the circle method; ranked by points, then
Sonneborn–Berger (everyone met everyone, so Buchholz would tell nothing)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.tournaments.formats.base import Format, register
from bot.services.tournaments.pairing import Entrant, Pairing, Result, seeded


def round_robin_rounds(entrants: Sequence[Entrant]) -> int:
    """How many rounds a round-robin of these entrants has: each meets every other once."""
    return rounds_for(len(entrants))


def rounds_for(players: int) -> int:
    """A round-robin's rounds for ``players``: n − 1, or n with an odd count (each sits one out)."""
    return players - 1 if players % 2 == 0 else players


def round_robin_round(entrants: Sequence[Entrant], number: int) -> list[Pairing]:
    """Round ``number`` (from 1) of a round-robin by the circle method: the players in seed order (a
    "nobody" added to an odd count: meeting it is a bye), the first fixed, the others turning one place
    a round; the first of the circle meets the last, the second the one before last, and so on. The
    whole schedule is fixed by the entrants at the start: a player who withdrew keeps their place, their
    games left being forfeits."""
    if not 1 <= number <= round_robin_rounds(entrants):
        raise ValueError(f"a round-robin of {len(entrants)} has no round {number}")
    circle: list[int | None] = [entrant.user_id for entrant in seeded(entrants)]
    if len(circle) % 2:
        circle.append(None)
    turn = (number - 1) % (len(circle) - 1)
    rest = circle[1:]
    circle = [circle[0], *rest[len(rest) - turn :], *rest[: len(rest) - turn]]
    games = []
    for index in range(len(circle) // 2):
        first, second = circle[index], circle[-1 - index]
        if first is None:
            first, second = second, None
        assert first is not None
        games.append(Pairing(first, second))
    return games


@register
class RoundRobin(Format):
    name = "round-robin"
    order = 20
    label = "slash.choice.round_robin"
    explanation = "tournament.format_round_robin"
    line = "tournament.line_round_robin"
    figures = ("points", "sonneborn_berger")

    def rounds(self, players: int, chosen: int | None) -> int:
        return rounds_for(players)

    def pair(self, entrants: Sequence[Entrant], results: Sequence[Result], number: int) -> list[Pairing]:
        return round_robin_round(entrants, number)
