"""The seasons' SQL: a server's seasons (where each begins in the finish order of games) and each past
season's final leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.connection import Connection, now
from bot.store.database import Conflict, Database
from bot.store.rows import SEASON, SeasonRow, SeasonStanding


def _season(row: Any) -> SeasonRow:
    return SeasonRow(
        row["guild_id"],
        row["number"],
        row["started_at"],
        row["after_seq"],
        row["channel_id"],
    )


async def _starts(db: Database, guild_id: int) -> list[int]:
    rows = await db.execute_fetchall(
        "SELECT after_seq FROM seasons WHERE guild_id = ? AND number > 1 ORDER BY number", (guild_id,)
    )
    return [row["after_seq"] for row in rows]


class SeasonWrites:
    db: Database

    async def season_starts(self, guild_id: int) -> list[int]:
        """Where each of the server's seasons after the first begins in the finish order."""
        return await _starts(self.db, guild_id)


class SeasonQueries(Connection[Any]):
    async def season_starts(self, guild_id: int) -> list[int]:
        return await _starts(self.db, guild_id)

    async def seasons_of(self, guild_id: int) -> list[SeasonRow]:
        rows = await self.db.execute_fetchall(
            "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number", (guild_id,)
        )
        return [_season(row) for row in rows]

    async def current_seasons(self) -> list[SeasonRow]:
        """Each server's current season (of the servers that have seasons)."""
        rows = await self.db.execute_fetchall(
            "SELECT * FROM seasons s WHERE number ="
            " (SELECT MAX(number) FROM seasons WHERE guild_id = s.guild_id) ORDER BY guild_id"
        )
        return [_season(row) for row in rows]

    async def last_finish(self) -> int:
        """The latest place in the finish order (0: no game finished yet)."""
        row = await self.db.fetch_one("SELECT COALESCE(MAX(finish_seq), 0) AS seq FROM games")
        return int(row["seq"])

    async def begin_seasons(self, guild_id: int, channel_id: int | None, started_at: str) -> None:
        """The server's first season, if it has none: every game so far is in it."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "INSERT INTO seasons (guild_id, number, started_at, after_seq, channel_id)"
                " VALUES (?, 1, ?, 0, ?) ON CONFLICT (guild_id, number) DO NOTHING",
                (guild_id, started_at, channel_id),
            )

    async def next_season(
        self,
        guild_id: int,
        ending: int,
        after_seq: int,
        channel_id: int | None,
        standings: Sequence[SeasonStanding],
        started_at: str | None = None,
    ) -> bool:
        """Season ``ending`` is over (its final leaderboard ``standings``), the next begins after
        ``after_seq`` in the finish order; False if another process began it first."""
        try:
            async with self.transaction() as tx:
                await tx.db.execute(
                    "INSERT INTO seasons (guild_id, number, started_at, after_seq, channel_id)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (guild_id, ending + 1, started_at or now(), after_seq, channel_id),
                )
                await tx.db.write(  # its predecessor's end, to be announced in the server's channel
                    "INSERT INTO due (kind, subject, detail, created_at) VALUES (?, ?, ?, ?)",
                    (SEASON, guild_id, ending + 1, now()),
                )
                await tx.db.executemany(
                    "INSERT INTO season_standings (guild_id, season, place, user_id, user_name, rating, wins,"
                    " losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            guild_id,
                            ending,
                            s.place,
                            s.user_id,
                            s.user_name,
                            s.rating,
                            s.wins,
                            s.losses,
                            s.draws,
                        )
                        for s in standings
                    ],
                )
        except Conflict:
            return False
        return True

    async def season_standings(self, guild_id: int, season: int) -> list[SeasonStanding]:
        rows = await self.db.execute_fetchall(
            "SELECT place, user_id, user_name, rating, wins, losses, draws FROM season_standings"
            " WHERE guild_id = ? AND season = ? ORDER BY place",
            (guild_id, season),
        )
        return [
            SeasonStanding(
                r["place"], r["user_id"], r["user_name"], r["rating"], r["wins"], r["losses"], r["draws"]
            )
            for r in rows
        ]

    async def places_of(self, user_id: int, guild_id: int) -> list[tuple[int, int]]:
        """(season, place) of each past season of the server the player was ranked in."""
        rows = await self.db.execute_fetchall(
            "SELECT season, place FROM season_standings WHERE guild_id = ? AND user_id = ? ORDER BY season",
            (guild_id, user_id),
        )
        return [(row["season"], row["place"]) for row in rows]

    async def unannounced(self) -> list[SeasonRow]:
        """The seasons begun whose beginning (and the end of the one before) is not announced yet."""
        rows = await self.db.execute_fetchall(
            "SELECT s.* FROM seasons s JOIN due d ON d.subject = s.guild_id AND d.detail = s.number"
            " WHERE d.kind = ? AND d.done_at IS NULL ORDER BY s.guild_id, s.number",
            (SEASON,),
        )
        return [_season(row) for row in rows]

    async def note_announced(self, guild_id: int, number: int) -> bool:
        async with self.transaction() as tx:
            cursor = await tx.db.execute(
                "UPDATE due SET done_at = ? WHERE kind = ? AND subject = ? AND detail = ?"
                " AND done_at IS NULL",
                (now(), SEASON, guild_id, number),
            )
            return bool(cursor.rowcount == 1)
