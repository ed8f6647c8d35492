"""A tournament's standings from its results: points, then the format's tie-breaks, then rating.

- **Swiss**: Buchholz (the sum of the points of every opponent met), then Sonneborn–Berger (the points
  of each opponent beaten, and half those of each opponent drawn with). A bye adds to neither.
- **Round-robin**: Sonneborn–Berger (everyone meets everyone, so Buchholz tells nothing).
- **Knockout**: the round reached (the champion first, then the other finalist, then those out in the
  semi-finals, ...); a game drawn sends the higher seed on.
- Then, in every format, the higher rating at the start, then the lower Discord id: no two share a
  place.

A forfeit (a duel that ran out of time, a player who withdrew) is a result like any: a win for one, a
loss for the other, and the game counts as met for the tie-breaks. A duel both players let run out of
time (or two players withdrawn) is a loss for both; in a knockout the higher seed goes on, as after a
draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.services.tournaments.pairing import Entrant, Result, points, seeded
from bot.store import Format


@dataclass(frozen=True, slots=True)
class Standing:
    place: int  # from 1
    user_id: int
    points: float
    buchholz: float
    sonneborn_berger: float
    won: int
    drawn: int
    lost: int
    byes: int
    withdrawn: bool
    reached: int = 0  # a knockout: the round they reached (one past the final: the champion)


def standings(entrants: Sequence[Entrant], results: Sequence[Result], kind: Format) -> list[Standing]:
    """Every entrant's standing, first place first."""
    scored = points(results)
    rows = []
    for entrant in entrants:
        me = entrant.user_id
        buchholz = sonneborn_berger = 0.0
        won = drawn = lost = byes = 0
        for result in results:
            if me not in (result.first, result.second):
                continue
            if result.second is None:
                byes += 1
                continue
            opponent = result.second if result.first == me else result.first
            theirs = scored.get(opponent, 0.0)
            buchholz += theirs
            if result.winner == me:
                won += 1
                sonneborn_berger += theirs
            elif result.winner is None and not result.neither:
                drawn += 1
                sonneborn_berger += theirs / 2
            else:
                lost += 1
        rows.append((entrant, scored.get(me, 0.0), buchholz, sonneborn_berger, won, drawn, lost, byes))

    reached = _rounds_reached(entrants, results) if kind == "knockout" else {}

    def order(row: tuple[Entrant, float, float, float, int, int, int, int]) -> tuple[float, ...]:
        entrant, total, buchholz, sonneborn_berger, *_ = row
        last = (-entrant.rating, entrant.user_id)
        if kind == "swiss":
            return (-total, -buchholz, -sonneborn_berger, *last)
        if kind == "round-robin":
            return (-total, -sonneborn_berger, *last)
        return (-reached.get(entrant.user_id, 0), *last)

    return [
        Standing(
            place,
            entrant.user_id,
            total,
            bh,
            sb,
            won,
            drawn,
            lost,
            byes,
            entrant.withdrawn,
            reached.get(entrant.user_id, 0),
        )
        for place, (entrant, total, bh, sb, won, drawn, lost, byes) in enumerate(sorted(rows, key=order), 1)
    ]


def _rounds_reached(entrants: Sequence[Entrant], results: Sequence[Result]) -> dict[int, int]:
    """The round each player of a knockout reached: the last they played in, one more if they went on
    from it (a win, a bye, a draw as the higher seed): the champion's is one past the final."""
    seeds = [entrant.user_id for entrant in seeded(entrants)]
    reached: dict[int, int] = {}
    for result in results:
        if result.second is None:
            on = result.first
        else:
            on = result.winner or min((result.first, result.second), key=seeds.index)
        for player in (result.first, result.second):
            if player is not None:
                reached[player] = max(reached.get(player, 0), result.round + (player == on))
    return reached
