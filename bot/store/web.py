"""The web pages' store (``cardia web``, web/): the reads of the bot's store they need, and nothing that
writes. Several web processes may serve one database beside the bot: what changed, they learn here,
from the database (:meth:`WebQueries.versions`), never from the bot's memory."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite
import asyncpg

from bot.ids import storable
from bot.store import Storage
from bot.store.connection import MIGRATIONS, Connection, StorageError, _shown, is_postgres
from bot.store.database import Database, PostgresDatabase
from bot.store.sqlite import SqliteDatabase

#: A game's version as the live pages compare it: its status and how many decisions it holds.
Version = tuple[str, int]


def _no_writes(db: Database) -> Any:
    raise RuntimeError("the web pages write nothing to the database")


class WebQueries(Connection[Any]):
    async def versions(self, game_ids: Sequence[int]) -> dict[int, Version]:
        """Each game's version, in one query for every game watched in the process (a game that does
        not exist is left out)."""
        wanted = [game_id for game_id in game_ids if storable(game_id)]
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self.db.execute_fetchall(
            "SELECT g.id, g.status, (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) AS decisions"
            f" FROM games g WHERE g.id IN ({marks})",
            wanted,
        )
        return {row["id"]: (str(row["status"]), int(row["decisions"])) for row in rows}

    async def player_name(self, guild_id: int, user_id: int) -> str | None:
        """The name a player was last known by in a server (a match challenged or accepted there, a
        tournament signed up to); None for a stranger."""
        if not (storable(guild_id) and storable(user_id)):
            return None
        rows = await self.db.execute_fetchall(
            "SELECT name FROM ("
            " SELECT m.id AS n, CASE WHEN m.challenger_id = ? THEN m.challenger_name ELSE m.opponent_name END"
            " AS name FROM matches m WHERE m.guild_id = ? AND (m.challenger_id = ? OR m.opponent_id = ?)"
            " UNION ALL SELECT 0 AS n, p.user_name AS name FROM tournament_players p"
            " JOIN tournaments t ON t.id = p.tournament_id WHERE t.guild_id = ? AND p.user_id = ?"
            ") AS known ORDER BY n DESC LIMIT 1",
            (user_id, guild_id, user_id, user_id, guild_id, user_id),
        )
        return str(rows[0]["name"]) if rows else None

    async def shared_reviews(self, game_id: int) -> list[str]:
        """The seats whose review of the game its player shared."""
        rows = await self.db.execute_fetchall(
            "SELECT seat FROM reviews WHERE game_id = ? AND shared_at IS NOT NULL ORDER BY seat", (game_id,)
        )
        return [str(row["seat"]) for row in rows]

    async def tournament_versions(self, tournament_ids: Sequence[int]) -> dict[int, Version]:
        """Each tournament's version: its status and round, and how many of its players and results
        there are (a withdrawal counts among the results it gives)."""
        wanted = [tournament_id for tournament_id in tournament_ids if storable(tournament_id)]
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self.db.execute_fetchall(
            "SELECT t.id, t.status, t.round,"
            " (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id)"
            " + (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id AND p.withdrawn = 1)"
            " AS players,"
            " (SELECT COUNT(*) FROM tournament_games g WHERE g.tournament_id = t.id AND g.result IS NOT NULL)"
            " AS results"
            f" FROM tournaments t WHERE t.id IN ({marks})",
            wanted,
        )
        return {
            row["id"]: (f"{row['status']}:{row['round']}", int(row["players"]) * 10_000 + int(row["results"]))
            for row in rows
        }


class WebStore(WebQueries, Storage):
    """The bot's store as the web pages open it: they read a game, its match and its decisions, a
    player's finished games and rating, a tournament; any transaction is refused, and the database
    itself is opened read only. The bot creates and migrates it: a missing or unmigrated one is
    refused (:class:`StorageError`, one line), never made."""

    @classmethod
    async def open(cls, target: str | Path, pool_size: int = 10, synchronous: Any = "normal") -> WebStore:
        if is_postgres(target):
            return cls(await _open_postgres(str(target), pool_size), _no_writes)
        return cls(await _open_sqlite(Path(target)), _no_writes)


def _unmigrated(shown: str, version: int) -> StorageError:
    wanted = len(MIGRATIONS["sqlite"])
    return StorageError(
        f"the database {shown} is not the bot's (schema {version} of {wanted}): start the bot on it first"
    )


async def _open_sqlite(path: Path) -> Database:
    if not path.is_file():
        raise StorageError(f"no database at {path}: start the bot on it first (the pages only read it)")
    # mode=ro: nothing can be written through these connections, whatever a query says.
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    try:
        direct = sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as error:
        raise StorageError(f"cannot open the database {path}: {error}") from None
    try:
        direct.row_factory = sqlite3.Row
        direct.execute("PRAGMA busy_timeout = 0")
        version = direct.execute("PRAGMA user_version").fetchone()[0]
        if version < len(MIGRATIONS["sqlite"]):
            raise _unmigrated(str(path), version)
        db = await aiosqlite.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as error:
        direct.close()
        raise StorageError(f"cannot use the database {path}: {error}") from None
    except StorageError:
        direct.close()
        raise
    db.row_factory = sqlite3.Row
    await db.execute("PRAGMA busy_timeout = 5000")
    return SqliteDatabase(db, direct)


async def _open_postgres(url: str, pool_size: int) -> Database:
    try:
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=pool_size,
            command_timeout=30,
            server_settings={"default_transaction_read_only": "on"},
        )
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
        raise StorageError(f"cannot open the database {_shown(url)}: {error}") from None
    try:
        async with pool.acquire() as connection:
            known = await connection.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            version = (
                (await connection.fetchval("SELECT MAX(version) FROM schema_version") or 0) if known else 0
            )
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        await pool.close()
        raise StorageError(f"cannot use the database {_shown(url)}: {error}") from None
    if version < len(MIGRATIONS["postgresql"]):
        await pool.close()
        raise _unmigrated(_shown(url), version)
    return PostgresDatabase(pool)
