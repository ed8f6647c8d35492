"""Player ratings: openskill's Plackett-Luce model, which handles two-player games with draws.

Ratings are never patched by hand: they are the result of replaying every rated game of a server in the
order the games finished, so they can be recomputed from the games at any time (``recompute``). A
player's displayed rating is the conservative estimate mu - 3 sigma, scaled so that a newcomer has 1000.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = MODEL.rating()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def display(self) -> int:
        """Conservative and friendly: 1000 for a newcomer, rising as wins make the estimate surer."""
        return round(1000 + 40 * (self.mu - 3 * self.sigma))


NEWCOMER = Rating(START.mu, START.sigma)


def season_reset(rating: Rating) -> Rating:
    """A rating carried into a new season: halfway back to a newcomer's, the skill estimate and its
    uncertainty alike, so the displayed rating moves halfway back to 1000 (1400 becomes 1200, 800 900)."""
    return Rating((rating.mu + NEWCOMER.mu) / 2, (rating.sigma + NEWCOMER.sigma) / 2)


def carried(rating: Rating, seasons: int) -> Rating:
    """``rating`` carried over ``seasons`` new seasons."""
    for _ in range(seasons):
        rating = season_reset(rating)
    return rating


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game that counts: who played it and who won (None: a draw)."""

    game_id: int
    first: int  # user ids
    second: int
    winner: int | None
    seq: int | None = None  # its place in the finish order (None: its place in the games given)


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating after one game (the rating history)."""

    game_id: int
    user_id: int
    before: Rating
    after: Rating


def rate(ratings: dict[int, Rating], game: RatedGame) -> list[Change]:
    """Update ``ratings`` with one game; returns both players' changes."""
    first = ratings.get(game.first, NEWCOMER)
    second = ratings.get(game.second, NEWCOMER)
    ranks = [1.0, 1.0] if game.winner is None else [1.0, 2.0] if game.winner == game.first else [2.0, 1.0]
    [[new_first], [new_second]] = MODEL.rate(
        [[MODEL.rating(mu=first.mu, sigma=first.sigma)], [MODEL.rating(mu=second.mu, sigma=second.sigma)]],
        ranks=ranks,
    )
    changes = [
        Change(game.game_id, game.first, first, Rating(new_first.mu, new_first.sigma)),
        Change(game.game_id, game.second, second, Rating(new_second.mu, new_second.sigma)),
    ]
    for change in changes:
        ratings[change.user_id] = change.after
    return changes


def recompute(
    games: Iterable[RatedGame], starts: Iterable[int] = ()
) -> tuple[dict[int, Rating], list[Change]]:
    """Every player's rating and the whole history, from the games in the order they finished; a
    player's rating is carried into each season that ``starts`` (after that place in the finish order)
    between two of their games."""
    ratings: dict[int, Rating] = {}
    last: dict[int, int] = {}
    history: list[Change] = []
    boundaries = sorted(starts)
    for place, game in enumerate(games, start=1):
        seq = game.seq if game.seq is not None else place
        for player in (game.first, game.second):
            if player in ratings:
                ratings[player] = carried(ratings[player], sum(last[player] <= b < seq for b in boundaries))
            last[player] = seq
        history.extend(rate(ratings, game))
    return ratings, history
