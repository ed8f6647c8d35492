"""The web pages' store (``cardia web``, web/): the reads of the bot's store they need, and nothing that
writes. Several web processes may serve one database beside the bot: what changed, they learn here,
from the database (:meth:`WebQueries.versions`), never from the bot's memory."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.ids import storable
from bot.store.connection import Connection
from bot.store.database import Database
from bot.store.duels import DuelQueries
from bot.store.records import RecordQueries
from bot.store.reviews import ReviewQueries
from bot.store.tournaments import TournamentQueries

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

    async def match_of_game(self, game_id: int) -> int | None:
        if not storable(game_id):
            return None
        row = await self.db.fetch_one("SELECT match_id FROM games WHERE id = ?", (game_id,))
        return None if row is None else int(row["match_id"])


class WebStore(WebQueries, DuelQueries, RecordQueries, ReviewQueries, TournamentQueries):
    """What the web pages read: a game, its match and its decisions, a player's finished games and
    rating, a tournament; opened like the bot's store (and migrated by it if the bot has not yet)."""

    @classmethod
    async def open(cls, target: str | Path, pool_size: int = 10) -> WebStore:
        return cls(await cls.connect(target, pool_size), _no_writes)
