"""The store: every line of SQL the bot runs, behind one typed interface (:class:`Storage` and the
:class:`Transaction` it hands out), so a second database could implement the same methods.

- ``connection``: opening and migrating SQLite (``migrations/NNNN_name.sql``), transactions, the
  bookkeeping that rides on the next transaction.
- ``duels``: matches and their homes, games and their boards, their records, what is due on Discord
  (the table ``due``, every kind).  ``records``: finished games, tallies, the rating history.
  ``reviews``: the reviews made of finished games.  ``timers``: the waits and their notices.
  ``settings``: the servers' settings.  ``queue``: the queue and its lines.
- ``tournaments``: tournaments, their players and games.  ``seasons``: a server's seasons and their
  final leaderboards.
- ``rows``: the frozen values all of them return, and the statuses as enums (``MatchStatus``,
  ``GameStatus``, ``TournamentStatus``; stored as their values): the one module of the store the cogs
  and ui may import (an import-linter contract), whose queries are the services'.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.store.connection import MIGRATIONS, StorageError, Synchronous, is_postgres, now
from bot.store.database import Conflict, Database
from bot.store.duels import OPEN_MATCH, DuelQueries, DuelWrites
from bot.store.queue import QueueQueries
from bot.store.records import RecordQueries, RecordWrites
from bot.store.reviews import ReviewQueries, StoredReview
from bot.store.rows import (
    BOARD,
    CHALLENGE,
    DEFAULTS,
    FINAL,
    NO_SERVER,
    PAGE,
    RESULT,
    ROUND,
    SETTINGS_COLUMNS,
    Challenge,
    FinishedGame,
    GameRow,
    GameStatus,
    GuildSettings,
    Home,
    HomeKind,
    Language,
    MatchRow,
    MatchStatus,
    NewTournament,
    Notify,
    Outcome,
    PlayerSettings,
    Post,
    QueueEntry,
    QueueLine,
    SeasonRow,
    SeasonStanding,
    StoredAction,
    TournamentRow,
    TournamentStatus,
    Wait,
    bounds,
    new_home,
    row_from_values,
    row_values,
    stored_action,
)
from bot.store.seasons import SeasonQueries, SeasonWrites
from bot.store.settings import SettingsQueries
from bot.store.timers import TimerQueries
from bot.store.tournaments import (
    GameResult,
    Joined,
    TournamentGame,
    TournamentPlayer,
    TournamentPost,
    TournamentQueries,
    TournamentWrites,
)


class Transaction(DuelWrites, RecordWrites, TournamentWrites, SeasonWrites):
    """The writes of one transaction (see :meth:`Storage.transaction`); ``committed``: what to call once
    it is committed (never if it is rolled back)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.committed: list[Callable[[], None]] = []


class Storage(
    DuelQueries,
    RecordQueries,
    ReviewQueries,
    TimerQueries,
    SettingsQueries,
    QueueQueries,
    TournamentQueries,
    SeasonQueries,
):
    """The store: the single source of truth, on SQLite or PostgreSQL."""

    @classmethod
    async def open(
        cls, target: str | Path, pool_size: int = 10, synchronous: Synchronous = "normal"
    ) -> Storage:
        """A SQLite file (committed to disk as ``synchronous`` says), or a PostgreSQL database for a
        ``postgresql://`` URL (a pool of ``pool_size`` connections)."""
        return cls(await cls.connect(target, pool_size, synchronous), Transaction)


__all__ = [
    "BOARD",
    "CHALLENGE",
    "DEFAULTS",
    "FINAL",
    "MIGRATIONS",
    "NO_SERVER",
    "OPEN_MATCH",
    "PAGE",
    "RESULT",
    "ROUND",
    "SETTINGS_COLUMNS",
    "Challenge",
    "Conflict",
    "Database",
    "FinishedGame",
    "GameResult",
    "GameRow",
    "GameStatus",
    "GuildSettings",
    "Home",
    "HomeKind",
    "Joined",
    "Language",
    "MatchRow",
    "MatchStatus",
    "NewTournament",
    "Notify",
    "Outcome",
    "PlayerSettings",
    "Post",
    "QueueEntry",
    "QueueLine",
    "SeasonRow",
    "SeasonStanding",
    "Storage",
    "StorageError",
    "StoredAction",
    "StoredReview",
    "Synchronous",
    "TournamentGame",
    "TournamentPlayer",
    "TournamentPost",
    "TournamentRow",
    "TournamentStatus",
    "Transaction",
    "Wait",
    "bounds",
    "is_postgres",
    "new_home",
    "now",
    "row_from_values",
    "row_values",
    "stored_action",
]
