"""The reviews' and hints' SQL: each review made of a finished game, for one seat, kept as JSON text;
the decisions a hint was given for."""

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

    async def replace_review(self, game_id: int, seat: str, outdated: str, data: str) -> None:
        """Keep ``data`` instead of an ``outdated`` review (of an earlier version of the review); one
        replaced meanwhile by another process is kept instead (both are the same)."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "UPDATE reviews SET data = ? WHERE game_id = ? AND seat = ? AND data = ?",
                (data, game_id, seat, outdated),
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

    async def note_hint(self, game_id: int, seat: str, version: int) -> None:
        """A hint given for ``seat``'s decision number ``version`` (a second one for it counts once)."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "INSERT INTO hints (game_id, seat, version) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, seat, version) DO NOTHING",
                (game_id, seat, version),
            )

    async def hints_used(self, game_id: int) -> dict[str, int]:
        """How many of their decisions each player of a game asked a hint for."""
        rows = await self.db.execute_fetchall(
            "SELECT seat, COUNT(*) AS hints FROM hints WHERE game_id = ? GROUP BY seat", (game_id,)
        )
        used = {"p1": 0, "p2": 0}
        used.update({row["seat"]: int(row["hints"]) for row in rows})
        return used
