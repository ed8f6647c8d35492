"""Ratings: a win raises the winner above the loser, a draw between equals changes no order, and the
ratings are exactly recomputable from the games."""

from __future__ import annotations

from bot.services.ratings import NEWCOMER, RatedGame, Rating, rate, recompute


def test_a_newcomer_is_rated_1000() -> None:
    assert NEWCOMER.display == 1000


def test_a_win_moves_both_ratings_apart() -> None:
    ratings: dict[int, Rating] = {}
    winner, loser = rate(ratings, RatedGame(1, first=10, second=20, winner=10))
    assert winner.user_id == 10 and loser.user_id == 20
    assert winner.after.mu > winner.before.mu and loser.after.mu < loser.before.mu
    assert winner.after.display > 1000 and winner.after.display > loser.after.display
    assert ratings == {10: winner.after, 20: loser.after}


def test_a_draw_between_newcomers_keeps_them_level() -> None:
    ratings, history = recompute([RatedGame(1, 10, 20, None)])
    assert ratings[10] == ratings[20]
    assert ratings[10].sigma < NEWCOMER.sigma  # but both are surer
    assert len(history) == 2


def test_recompute_is_deterministic_and_order_matters() -> None:
    games = [RatedGame(1, 10, 20, 10), RatedGame(2, 20, 30, 30), RatedGame(3, 10, 30, None)]
    first, history = recompute(games)
    again, _ = recompute(games)
    assert first == again
    assert [change.game_id for change in history] == [1, 1, 2, 2, 3, 3]
    reordered, _ = recompute(list(reversed(games)))
    assert reordered != first
