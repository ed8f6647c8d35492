"""The records' SQL: finished games with their matches, games won and lost per player, the rating
history (one row per player and rated game, in the order games finished), display names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.store.connection import Connection
from bot.store.database import Database
from bot.store.rows import FinishedGame, finished_game

#: The PostgreSQL advisory lock that gives finished games their places in the finish order one at a time.
FINISH_ORDER_LOCK = 4242002
# The order games finished in; a game finished without the records hook (none in the bot) comes last.
FINISH_ORDER = "g.finish_seq IS NULL, g.finish_seq, g.finished_at, g.id"
_GAME_COLUMNS = (
    "g.id, g.match_id, g.number, g.setup, g.winner, g.reason, g.decisions, g.rounds, g.created_at,"
    " g.finished_at, g.finish_seq, m.guild_id, m.challenger_id, m.opponent_id, m.challenger_name,"
    " m.opponent_name, m.deck, m.location, m.wins_needed, m.status AS match_status,"
    " m.computer, m.tournament_round, t.name AS tournament_name"
)
# A finished game with its match (and its tournament, if any).
_GAMES = "games g JOIN matches m ON m.id = g.match_id LEFT JOIN tournaments t ON t.id = m.tournament_id"
# Games won, lost and drawn by each player of a server (p1 is the challenger, p2 the opponent); games
# against the computer or with hints are not among them (the leaderboard is of people playing unaided).
_STANDINGS = """
    SELECT user_id, SUM(won) AS wins, SUM(lost) AS losses, SUM(drawn) AS draws FROM (
        SELECT m.challenger_id AS user_id,
            CASE WHEN g.winner = 'p1' THEN 1 ELSE 0 END AS won,
            CASE WHEN g.winner = 'p2' THEN 1 ELSE 0 END AS lost,
            CASE WHEN g.winner IS NULL THEN 1 ELSE 0 END AS drawn
        FROM games g JOIN matches m ON m.id = g.match_id WHERE g.status = 'finished' AND m.guild_id = ?
            AND g.finish_seq > ? AND g.finish_seq <= ? AND m.computer IS NULL AND m.hints = 0 AND m.rated = 1
        UNION ALL
        SELECT m.opponent_id AS user_id,
            CASE WHEN g.winner = 'p2' THEN 1 ELSE 0 END AS won,
            CASE WHEN g.winner = 'p1' THEN 1 ELSE 0 END AS lost,
            CASE WHEN g.winner IS NULL THEN 1 ELSE 0 END AS drawn
        FROM games g JOIN matches m ON m.id = g.match_id WHERE g.status = 'finished' AND m.guild_id = ?
            AND g.finish_seq > ? AND g.finish_seq <= ? AND m.computer IS NULL AND m.hints = 0 AND m.rated = 1
    ) AS played GROUP BY user_id
"""
_INSERT_HISTORY = (
    "INSERT INTO rating_history (guild_id, user_id, game_id, mu_before, sigma_before, mu, sigma)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
#: A rating as stored: (mu, sigma).
MuSigma = tuple[float, float]
#: A player's latest rating: (mu, sigma, the place in the finish order of the game that made it).
Rated = tuple[float, float, int]
#: A row of the rating history: (user, game, mu and sigma before, mu and sigma after).
HistoryRow = tuple[int, int, float, float, float, float]
#: A rated game as the history is rebuilt from it: (game, server, challenger, opponent, winner or None,
#: its place in the finish order).
RatedRow = tuple[int, int, int, int, str | None, int]


async def _latest_rating(db: Database, guild_id: int, user_id: int) -> Rated | None:
    row = await db.fetch_one(
        "SELECT h.mu, h.sigma, COALESCE(g.finish_seq, 0) AS seq FROM rating_history h"
        " JOIN games g ON g.id = h.game_id WHERE h.guild_id = ? AND h.user_id = ? ORDER BY h.id DESC LIMIT 1",
        (guild_id, user_id),
    )
    return None if row is None else (row["mu"], row["sigma"], row["seq"])


class RecordWrites:
    """The records' writes, inside the transaction that finishes a game."""

    db: Database

    async def record_length(self, game_id: int, rounds: int) -> int:
        """Give a finished game its place in the finish order and its length; the decisions it took."""
        # This decision included: the same transaction.
        decisions: int = (
            await self.db.fetch_one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        )[0]
        if self.db.dialect == "postgresql":
            # Another process's game ending now would take the same place (a unique key: its click then
            # refused): places are given one at a time, until this transaction ends. SQLite's
            # transactions take turns anyway.
            await self.db.execute("SELECT pg_advisory_xact_lock(?)", (FINISH_ORDER_LOCK,))
        finish_seq = (await self.db.fetch_one("SELECT COALESCE(MAX(finish_seq), 0) + 1 FROM games"))[0]
        await self.db.write(
            "UPDATE games SET finish_seq = ?, decisions = ?, rounds = ? WHERE id = ?",
            (finish_seq, decisions, rounds, game_id),
        )
        return decisions

    async def latest_rating(self, guild_id: int, user_id: int) -> Rated | None:
        return await _latest_rating(self.db, guild_id, user_id)

    async def add_history(self, guild_id: int, rows: Iterable[HistoryRow]) -> None:
        await self.db.executemany(_INSERT_HISTORY, [(guild_id, *row) for row in rows])

    async def rated_games(self, guild_id: int | None) -> list[RatedRow]:
        """Every rated game (of one server, or all): the finished games between two people, without hints,
        in the order they finished."""
        where = "g.status = 'finished' AND m.computer IS NULL AND m.hints = 0 AND m.rated = 1" + (
            "" if guild_id is None else " AND m.guild_id = ?"
        )
        rows = await self.db.execute_fetchall(
            "SELECT g.id, g.winner, m.guild_id, m.challenger_id, m.opponent_id,"
            " COALESCE(g.finish_seq, 0) AS seq FROM games g"
            f" JOIN matches m ON m.id = g.match_id WHERE {where} ORDER BY {FINISH_ORDER}",
            () if guild_id is None else (guild_id,),
        )
        return [
            (row["id"], row["guild_id"], row["challenger_id"], row["opponent_id"], row["winner"], row["seq"])
            for row in rows
        ]

    async def clear_history(self, guild_id: int | None) -> None:
        if guild_id is None:
            await self.db.execute("DELETE FROM rating_history")
        else:
            await self.db.execute("DELETE FROM rating_history WHERE guild_id = ?", (guild_id,))


class RecordQueries(Connection[Any]):
    """The records' reads."""

    async def finished_game(self, game_id: int) -> FinishedGame | None:
        row = await self.db.fetch_one(
            f"SELECT {_GAME_COLUMNS} FROM {_GAMES} WHERE g.id = ? AND g.status = 'finished'",
            (game_id,),
        )
        return None if row is None else finished_game(row)

    async def games_of(self, guild_id: int, user_id: int, *, latest: int | None = None) -> list[FinishedGame]:
        """``user_id``'s finished games in a server, oldest first (only the ``latest`` ones if given)."""
        query = (
            f"SELECT {_GAME_COLUMNS} FROM {_GAMES}"
            " WHERE g.status = 'finished' AND m.guild_id = ? AND (m.challenger_id = ? OR m.opponent_id = ?)"
        )
        if latest is None:
            query += f" ORDER BY {FINISH_ORDER}"
            params: tuple[Any, ...] = (guild_id, user_id, user_id)
        else:
            newest = ", ".join(f"{part} DESC" for part in FINISH_ORDER.split(", "))
            query += f" ORDER BY {newest} LIMIT ?"
            params = (guild_id, user_id, user_id, latest)
        rows = [finished_game(row) for row in await self.db.execute_fetchall(query, params)]
        return rows if latest is None else rows[::-1]

    async def games_played(
        self, user_id: int, seen_from: int | None = None, *, latest: int | None = None
    ) -> list[FinishedGame]:
        """``user_id``'s finished games wherever played, or (``seen_from``) those played on that server:
        shown in one of its homes there (a duel across servers, the queue's). Oldest first (only the
        ``latest`` ones if given)."""
        query = (
            f"SELECT {_GAME_COLUMNS} FROM {_GAMES}"
            " WHERE g.status = 'finished' AND (m.challenger_id = ? OR m.opponent_id = ?)"
        )
        params: tuple[Any, ...] = (user_id, user_id)
        if seen_from is not None:
            query += " AND m.id IN (SELECT match_id FROM homes WHERE guild_id = ?)"
            params += (seen_from,)
        newest = ", ".join(f"{part} DESC" for part in FINISH_ORDER.split(", "))
        query += f" ORDER BY {newest}"
        if latest is not None:
            query += " LIMIT ?"
            params += (latest,)
        rows = [finished_game(row) for row in await self.db.execute_fetchall(query, params)]
        return rows[::-1]

    async def tallies(
        self, guild_id: int, after: int = 0, upto: int | None = None
    ) -> dict[int, tuple[int, int, int]]:
        """Games won, lost and drawn by every player with a finished game in the server (that finished
        after ``after`` in the finish order, and up to ``upto``: a season's)."""
        last = 2**31 - 1 if upto is None else upto  # finish_seq is an INTEGER
        rows = await self.db.execute_fetchall(_STANDINGS, (guild_id, after, last, guild_id, after, last))
        return {row["user_id"]: (row["wins"], row["losses"], row["draws"]) for row in rows}

    async def latest_rating(self, guild_id: int, user_id: int) -> Rated | None:
        return await _latest_rating(self.db, guild_id, user_id)

    async def latest_ratings(self, guild_id: int) -> dict[int, Rated]:
        """Every rated player's latest rating in a server: their latest history row."""
        rows = await self.db.execute_fetchall(
            "SELECT h.user_id, h.mu, h.sigma, COALESCE(g.finish_seq, 0) AS seq FROM rating_history h"
            " JOIN games g ON g.id = h.game_id WHERE h.guild_id = ? AND h.id ="
            " (SELECT MAX(id) FROM rating_history WHERE guild_id = h.guild_id AND user_id = h.user_id)",
            (guild_id,),
        )
        return {row["user_id"]: (row["mu"], row["sigma"], row["seq"]) for row in rows}

    async def display_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """Each player's latest display name in the server's matches."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.execute_fetchall(
            "SELECT challenger_id, challenger_name, opponent_id, opponent_name FROM matches"
            f" WHERE guild_id = ? AND (challenger_id IN ({marks}) OR opponent_id IN ({marks})) ORDER BY id",
            (guild_id, *user_ids, *user_ids),
        )
        names: dict[int, str] = {}
        for row in rows:
            names[row["challenger_id"]] = row["challenger_name"]
            names[row["opponent_id"]] = row["opponent_name"]
        return names

    async def at_home(self, guild_id: int, user_ids: Sequence[int]) -> set[int]:
        """Those of ``user_ids`` who played a duel from the server ``guild_id`` (its members, then): its
        challenger, and its opponent unless they played from another home (across servers, by code)."""
        if not user_ids:
            return set()
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.execute_fetchall(
            "SELECT m.challenger_id AS user_id FROM matches m JOIN homes h ON h.match_id = m.id"
            " WHERE h.guild_id = ? AND (h.player IS NULL OR h.player = 'p1')"
            f" AND m.challenger_id IN ({marks})"
            " UNION SELECT m.opponent_id AS user_id FROM matches m JOIN homes h ON h.match_id = m.id"
            " WHERE h.guild_id = ? AND (h.player IS NULL OR h.player = 'p2')"
            f" AND m.opponent_id IN ({marks})",
            (guild_id, *user_ids, guild_id, *user_ids),
        )
        return {row["user_id"] for row in rows}

    async def history_of(self, game_id: int) -> list[tuple[int, MuSigma, MuSigma]]:
        """(user, before, after) for both players of a rated game."""
        rows = await self.db.execute_fetchall(
            "SELECT user_id, mu_before, sigma_before, mu, sigma FROM rating_history WHERE game_id = ?"
            " ORDER BY id",
            (game_id,),
        )
        return [
            (row["user_id"], (row["mu_before"], row["sigma_before"]), (row["mu"], row["sigma"]))
            for row in rows
        ]

    async def game_counts(self) -> dict[str, int]:
        """Games by status, across every server (for /cardia about)."""
        rows = await self.db.execute_fetchall("SELECT status, COUNT(*) AS n FROM games GROUP BY status")
        return {row["status"]: row["n"] for row in rows}
