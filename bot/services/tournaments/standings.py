"""A tournament's standings from its results: points and the tie-breaks every format may rank by, then
rating. Which figures a format ranks by, in which order, is its unit's (``formats/``):

- **points**: a win 1, a draw ½, a loss 0, a bye 1;
- **buchholz**: the sum of the points of every opponent met;
- **sonneborn_berger**: the points of each opponent beaten, and half those of each opponent drawn with;
- **reached**: the round a player reached (a knockout's: one past the final for the champion).

A bye adds to neither Buchholz nor Sonneborn–Berger. After the format's figures, in every format, the
higher rating at the start, then the lower Discord id: no two share a place.

A forfeit (a duel that ran out of time, a player who withdrew) is a result like any: a win for one, a
loss for the other, and the game counts as met for the tie-breaks. A duel both players let run out of
time (or two players withdrawn) is a loss for both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from bot.services.tournaments.pairing import Entrant, Result, points

#: What a standing can be ranked by and shows, after the player's name.
Figure = Literal["points", "buchholz", "sonneborn_berger", "reached"]


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

    def figure(self, name: Figure) -> float:
        value: float = getattr(self, name)
        return value


def ranked(
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    figures: Sequence[Figure],
    reached: Mapping[int, int],
) -> list[Standing]:
    """Every entrant's standing, first place first: by ``figures`` (each highest first), then the
    rating at the start, then the Discord id. ``reached``: the round each player reached."""
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
        standing = Standing(
            0,
            me,
            scored.get(me, 0.0),
            buchholz,
            sonneborn_berger,
            won,
            drawn,
            lost,
            byes,
            entrant.withdrawn,
            reached.get(me, 0),
        )
        rows.append((entrant, standing))

    def order(row: tuple[Entrant, Standing]) -> tuple[float, ...]:
        entrant, standing = row
        return (*(-standing.figure(name) for name in figures), -entrant.rating, entrant.user_id)

    return [replace(standing, place=place) for place, (_, standing) in enumerate(sorted(rows, key=order), 1)]
