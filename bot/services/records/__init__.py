"""Records: the finished games of each server, players' statistics, the leaderboard, ratings and game
histories. Like :mod:`bot.services.duels` it speaks Discord ids and engine values, never discord.py objects.

What counts: every game with status ``finished``, whether the rules ended it or the bot did (a concession,
a timeout or a forfeit: a loss for the player who conceded or ran out of time). A draw counts as a draw.
An aborted game has no result and counts for nothing. A match counts once it is ``finished``.

Ratings are kept per server in ``rating_history``: one row per player and rated game, appended by
:meth:`Records.game_over` in the very transaction that records the result (a ``Duels`` game-over hook), in
the order the games finished (``games.finish_seq``). A player's rating is their latest row, or the
newcomer's. :func:`recompute` rebuilds the history from the finished games alone and gives the same
numbers; ``python -m bot.services.records recompute cardia.db`` runs it.

- ``stats``: tallies, streaks, standings, match winners (pure functions of finished games).
- ``log``: a finished game's history and its ``cardia-replay/1`` record.
- ``service``: :class:`Records` (the game-over hook and the queries) and :func:`recompute`.
- ``cli``: the command line (``python -m bot.services.records``).
"""

from __future__ import annotations

from bot.services.records.cli import main
from bot.services.records.log import Decided, game_log, log_lines, record_document, result_line
from bot.services.records.service import Records, finished_for, recompute
from bot.services.records.stats import (
    PAGE_SIZE,
    SORTS,
    Sort,
    Standing,
    Stats,
    Tally,
    deck_key,
    match_winner,
    sort_standings,
    streak,
    tally_stats,
)

__all__ = [
    "PAGE_SIZE",
    "SORTS",
    "Decided",
    "Records",
    "Sort",
    "Standing",
    "Stats",
    "Tally",
    "deck_key",
    "finished_for",
    "game_log",
    "log_lines",
    "main",
    "match_winner",
    "recompute",
    "record_document",
    "result_line",
    "sort_standings",
    "streak",
    "tally_stats",
]
