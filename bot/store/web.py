"""The web pages' store (``cardia web``, web/): the reads of the bot's store they need, and nothing that
writes. Several web processes may serve one database beside the bot: what changed, they learn here,
from the database (:meth:`WebQueries.versions`), never from the bot's memory."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.ids import storable
from bot.store import Storage
from bot.store.connection import Connection
from bot.store.database import Database

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
    player's finished games and rating, a tournament; any transaction is refused. Opened like the bot's
    (and migrated by it if the bot has not yet)."""

    @classmethod
    async def open(cls, target: str | Path, pool_size: int = 10, synchronous: Any = "normal") -> WebStore:
        return cls(await cls.connect(target, pool_size), _no_writes)
