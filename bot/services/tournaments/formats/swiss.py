"""Swiss: a number of rounds chosen by the manager, each pairing players on the same score, never the
same pair twice; ranked by points, then Buchholz, then Sonneborn–Berger."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.tournaments.formats.base import Format, register
from bot.services.tournaments.formats.round_robin import rounds_for
from bot.services.tournaments.pairing import Entrant, Pairing, PairingImpossible, Result, points

MOST_ROUNDS = 12


def swiss_round(entrants: Sequence[Entrant], results: Sequence[Result]) -> list[Pairing]:
    """The next Swiss round: the players still in, ranked by points then rating; with an odd count, a bye
    to the lowest-ranked player who has had none; then from the top, each unpaired player meets the next
    highest-ranked one they have not met. When that leaves someone without an opponent, the choices
    above them are taken back one by one (the next bye candidate last). Raises
    :class:`PairingImpossible` if no pairing avoids every pair met before."""
    scored = points(results)
    ranked = [
        entrant.user_id
        for entrant in sorted(
            (entrant for entrant in entrants if not entrant.withdrawn),
            key=lambda entrant: (-scored.get(entrant.user_id, 0.0), -entrant.rating, entrant.user_id),
        )
    ]
    met = {frozenset((r.first, r.second)) for r in results if r.second is not None}
    if len(ranked) % 2 == 0:
        games = _pair(ranked, met)
        if games is None:
            raise PairingImpossible("every pairing repeats a game played before")
        return [Pairing(first, second) for first, second in games]
    had_bye = {r.first for r in results if r.second is None}
    lowest_first = list(reversed(ranked))
    candidates = [p for p in lowest_first if p not in had_bye] + [p for p in lowest_first if p in had_bye]
    for bye in candidates:
        games = _pair([p for p in ranked if p != bye], met)
        if games is not None:
            return [Pairing(first, second) for first, second in games] + [Pairing(bye, None)]
    raise PairingImpossible("every pairing repeats a game played before")


def _pair(ranked: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """``ranked`` paired from the top, each with the highest-ranked one left they have not met; None if
    no such pairing exists."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for index, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        others = _pair(rest[:index] + rest[index + 1 :], met)
        if others is not None:
            return [(first, other), *others]
    return None


@register
class Swiss(Format):
    name = "swiss"
    order = 10
    label = "slash.choice.swiss"
    explanation = "tournament.format_swiss"
    line = "tournament.line_swiss"
    figures = ("points", "buchholz", "sonneborn_berger")
    most_rounds = MOST_ROUNDS
    bad_rounds = "tournament.bad_rounds"

    def rounds(self, players: int, chosen: int | None) -> int:
        """As chosen, but at most as many as a round-robin of its players: more would repeat a pair."""
        most = rounds_for(players)
        return min(chosen or most, most)

    def pair(self, entrants: Sequence[Entrant], results: Sequence[Result], number: int) -> list[Pairing]:
        return swiss_round(entrants, results)

    def over(self, active: int) -> bool:
        """It pairs only the players still in: with fewer than two, it is over."""
        return active < 2
