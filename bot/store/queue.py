"""The queue's SQL (/cardia queue): one entry per waiting player. A pair leaves the queue in the
transaction that creates their match (``Storage.create_match``'s, with ``leaving``), which deletes both
entries and is rolled back unless it deleted both: a player is matched once, whatever processes race."""

from __future__ import annotations

import json
from typing import Any

from bot.store.connection import Connection, now
from bot.store.database import Database
from bot.store.rows import QUEUE_EXPIRED, QUEUE_KINDS_SQL, QUEUE_OFFER, QueueEntry, QueueLine, queue_entry


class QueueQueries(Connection[Any]):
    async def enqueue(self, entry: QueueEntry) -> None:
        """Put a player in the queue (again: their new entry replaces the old, and waits from now)."""
        async with self.transaction() as tx:
            await tx.db.execute("DELETE FROM queue WHERE user_id = ?", (entry.user_id,))
            await tx.db.execute(
                "INSERT INTO queue (user_id, user_name, guild_id, channel_id, deck, location, wins_needed,"
                " rated, rating, joined_at, offered_computer, home)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
                (
                    entry.user_id,
                    entry.user_name,
                    entry.guild_id,
                    entry.channel_id,
                    None if entry.deck is None else json.dumps(entry.deck),
                    entry.location,
                    entry.wins_needed,
                    int(entry.rated),
                    entry.rating,
                    entry.joined_at or now(),
                    entry.home,
                ),
            )

    async def dequeue(self, user_id: int) -> bool:
        """Take a player out of the queue; False if they were not in it."""
        async with self.transaction() as tx:
            cursor = await tx.db.execute("DELETE FROM queue WHERE user_id = ?", (user_id,))
            return bool(cursor.rowcount == 1)

    async def queued(self) -> list[QueueEntry]:
        """Every waiting player, the longest waiting first."""
        rows = await self.db.execute_fetchall("SELECT * FROM queue ORDER BY joined_at, user_id")
        return [queue_entry(row) for row in rows]

    async def queue_entry(self, user_id: int) -> QueueEntry | None:
        row = await self.db.fetch_one("SELECT * FROM queue WHERE user_id = ?", (user_id,))
        return None if row is None else queue_entry(row)

    async def note_offered_computer(self, entry: QueueEntry) -> bool:
        """Mark that entry as offered the computer, the offer due in its home; False if it left (or was
        replaced) meanwhile."""
        async with self.transaction() as tx:
            cursor = await tx.db.execute(
                "UPDATE queue SET offered_computer = 1 WHERE user_id = ? AND joined_at = ?"
                " AND offered_computer = 0",
                (entry.user_id, entry.joined_at),
            )
            if cursor.rowcount != 1:
                return False
            await _line_due(tx.db, QUEUE_OFFER, entry)
            return True

    async def expire(self, entry: QueueEntry) -> bool:
        """Take out an entry that waited too long (unless replaced meanwhile); True if it was."""
        async with self.transaction() as tx:
            cursor = await tx.db.execute(
                "DELETE FROM queue WHERE user_id = ? AND joined_at = ?", (entry.user_id, entry.joined_at)
            )
            if cursor.rowcount != 1:
                return False
            await _line_due(tx.db, QUEUE_EXPIRED, entry)
            return True

    async def due_lines(self, user_id: int | None = None) -> list[QueueLine]:
        """The queue's lines still due (of one player), in the order they were written."""
        query = (
            "SELECT id, kind, subject, detail, extra, created_at FROM due"
            f" WHERE done_at IS NULL AND kind IN {QUEUE_KINDS_SQL}"
        )
        values: tuple[int, ...] = ()
        if user_id is not None:
            query, values = query + " AND subject = ?", (user_id,)
        return [
            QueueLine(row["id"], row["kind"], row["subject"], row["detail"], row["extra"], row["created_at"])
            for row in await self.db.execute_fetchall(query + " ORDER BY id", values)
        ]


async def _line_due(db: Database, kind: str, entry: QueueEntry) -> None:
    """A line due in the player's home (its channel, and its server: 0 in a DM)."""
    await db.write(
        "INSERT INTO due (kind, subject, detail, extra, created_at) VALUES (?, ?, ?, ?, ?)",
        (kind, entry.user_id, entry.channel_id, entry.guild_id, now()),
    )
