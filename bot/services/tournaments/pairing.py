"""Who plays whom in a tournament's round: Swiss, round-robin (the circle method) and knockout (seeded
by rating, byes to the top seeds). Pure functions of the entrants and the results so far: a round is
paired the same however often it is asked for, which is what lets it be made exactly once in a
transaction by whichever process ends the round before.

Points: a win 1, a draw ½, a loss 0, a bye 1 (a bye is a win against nobody).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class PairingImpossible(Exception):
    """No pairing of the round keeps every rule (a Swiss round with every pair already met)."""


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


# --- Swiss ----------------------------------------------------------------------------------------------


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


# --- round-robin ----------------------------------------------------------------------------------------


def round_robin_rounds(entrants: Sequence[Entrant]) -> int:
    """How many rounds a round-robin of these entrants has: each meets every other once."""
    count = len(entrants)
    return count - 1 if count % 2 == 0 else count


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


# --- knockout -------------------------------------------------------------------------------------------


def bracket_order(size: int) -> list[int]:
    """The seeds (from 1) in their bracket's order, for ``size`` a power of two: 1 meets ``size``, and
    the two top seeds can only meet in the final (8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        doubled = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, doubled - top)]
    return order


def knockout_rounds(entrants: Sequence[Entrant]) -> int:
    """How many rounds a knockout of these entrants has (to the final)."""
    return max(1, (len(entrants) - 1).bit_length())


def knockout_round(entrants: Sequence[Entrant], results: Sequence[Result], number: int) -> list[Pairing]:
    """Round ``number`` (from 1) of a knockout: round 1 by the bracket of seeds (by rating), the bracket
    filled up to a power of two with byes, which go to the top seeds; each later round pairs the
    winners of neighbouring games of the round before. A drawn game sends the higher seed on. Needs the
    results of every round before ``number``."""
    if not 1 <= number <= knockout_rounds(entrants):
        raise ValueError(f"a knockout of {len(entrants)} has no round {number}")
    seeds = [entrant.user_id for entrant in seeded(entrants)]
    size = 1 << knockout_rounds(entrants)
    slots = [seeds[seed - 1] if seed <= len(seeds) else None for seed in bracket_order(size)]
    games = [_game(slots[index], slots[index + 1]) for index in range(0, size, 2)]
    rank = {user_id: place for place, user_id in enumerate(seeds)}
    for earlier in range(1, number):
        decided = {(r.first, r.second): r for r in results if r.round == earlier}
        winners = [_winner(game, decided, rank, earlier) for game in games]
        games = [_game(winners[index], winners[index + 1]) for index in range(0, len(winners), 2)]
    return games


def _game(first: int | None, second: int | None) -> Pairing:
    """Two slots of the bracket: the one filled has a bye if the other is empty (never both: the byes
    are spread so that no two meet)."""
    if first is None:
        assert second is not None
        return Pairing(second, None)
    return Pairing(first, second)


def _winner(
    game: Pairing, decided: dict[tuple[int, int | None], Result], rank: dict[int, int], number: int
) -> int:
    if game.second is None:
        return game.first
    result = decided.get((game.first, game.second)) or decided.get((game.second, game.first))
    if result is None:
        raise ValueError(f"round {number}: no result for {game.first} against {game.second}")
    if result.winner is None:  # a draw (or both lost): the higher seed goes on
        return min((game.first, game.second), key=rank.__getitem__)
    return result.winner
