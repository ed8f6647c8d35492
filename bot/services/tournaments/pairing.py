"""What every format pairs with (``formats/``): the entrants, a round's pairings, the results so far.
A format pairs a round as a pure function of these: the same however often it is asked for, which is
what lets a round be made exactly once in a transaction by whichever process ends the round before.

Points: a win 1, a draw ½, a loss 0, a bye 1 (a bye is a win against nobody).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class PairingImpossible(Exception):
    """No pairing of the round keeps the format's rules (a Swiss round with every pair already met)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the tournament: their Discord id, their rating when it began (their seed), and
    whether they withdrew (no more games: those left are forfeits, a Swiss pairs them no more)."""

    user_id: int
    rating: int
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a round: ``first`` against ``second``; ``second`` None: ``first`` has a bye."""

    first: int
    second: int | None


@dataclass(frozen=True, slots=True)
class Result:
    """A game played (or forfeited) in round ``round``: its winner's id, or None for a draw (or, with
    ``neither``, a loss for both: a duel both let run out of time, two players withdrawn); with no
    ``second``, ``first``'s bye."""

    round: int
    first: int
    second: int | None
    winner: int | None
    neither: bool = False

    def points(self, user_id: int) -> float:
        """What the game gave ``user_id`` (one of its players)."""
        if self.second is None or self.winner == user_id:
            return 1.0
        return 0.5 if self.winner is None and not self.neither else 0.0


def points(results: Iterable[Result]) -> dict[int, float]:
    """Each player's points from ``results``."""
    scored: dict[int, float] = {}
    for result in results:
        for player in (result.first, result.second):
            if player is not None:
                scored[player] = scored.get(player, 0.0) + result.points(player)
    return scored


def seeded(entrants: Iterable[Entrant]) -> list[Entrant]:
    """By rating, the highest first (then by id, so the order never depends on how they were listed)."""
    return sorted(entrants, key=lambda entrant: (-entrant.rating, entrant.user_id))
