"""The reviews' SQL: each review made of a finished game, for one seat, kept as JSON text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.connection import Connection, now


@dataclass(frozen=True, slots=True)
class StoredReview:
    data: str  # engine.review.review_data, as JSON
    shared: bool  # a player made it public


class ReviewQueries(Connection[Any]):
    async def review(self, game_id: int, seat: str) -> StoredReview | None:
        row = await self.db.fetch_one(
            "SELECT data, shared_at FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat)
        )
        return None if row is None else StoredReview(row["data"], row["shared_at"] is not None)

    async def save_review(self, game_id: int, seat: str, data: str) -> None:
        """Keep a review; one made meanwhile by another process is kept instead (both are the same)."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "INSERT INTO reviews (game_id, seat, data, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO NOTHING",
                (game_id, seat, data, now()),
            )

    async def share_review(self, game_id: int, seat: str) -> bool:
        """Mark a review shared; False if it already was (it is posted once)."""
        async with self.transaction() as tx:
            done = await tx.db.execute(
                "UPDATE reviews SET shared_at = ? WHERE game_id = ? AND seat = ? AND shared_at IS NULL",
                (now(), game_id, seat),
            )
        shared: bool = done.rowcount == 1
        return shared
