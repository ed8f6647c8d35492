"""The timers' SQL: the waits of the games in progress, and marking a notice (a compare-and-set on the
wait it belongs to: once), with its entry due in the duel's homes."""

from __future__ import annotations

from typing import Any

from bot.store.connection import Connection, now
from bot.store.rows import Wait

_WAITS = """
    SELECT g.id AS game_id, g.match_id, m.guild_id, COALESCE(g.waiting_since, g.created_at) AS since,
           g.reminders_sent, g.claim_offered, m.computer, t.decision_hours,
           (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) AS actions
    FROM games g JOIN matches m ON m.id = g.match_id LEFT JOIN tournaments t ON t.id = m.tournament_id
    WHERE g.status = 'in_progress' AND m.status = 'active'
"""


class TimerQueries(Connection[Any]):
    async def waits(self, game_id: int | None = None) -> list[Wait]:
        """The games in progress of active matches (or one of them), with their current wait."""
        query: str = _WAITS
        values: tuple[int, ...] = ()
        if game_id is not None:
            query, values = _WAITS + " AND g.id = ?", (game_id,)
        rows = await self.db.execute_fetchall(query, values)
        return [
            Wait(
                game_id=row["game_id"],
                match_id=row["match_id"],
                guild_id=row["guild_id"],
                since_text=row["since"],
                actions=row["actions"],
                reminders_sent=row["reminders_sent"],
                claim_offered=bool(row["claim_offered"]),
                computer=row["computer"] is not None,
                decision_hours=row["decision_hours"],
            )
            for row in rows
        ]

    async def mark_notice(self, wait: Wait, reminders: int, claim: bool, kind: str | None) -> bool:
        """Record a notice, if the wait is still the one scanned (compare and set), and (``kind``: one of
        ``NOTICE_KINDS``) make it due in the duel's homes, in the same transaction."""
        async with self.transaction() as tx:  # its statements on its connection (PostgreSQL: a pool)
            cursor = await tx.db.execute(
                "UPDATE games SET reminders_sent = ?, claim_offered = ?"
                " WHERE id = ? AND status = 'in_progress' AND COALESCE(waiting_since, created_at) = ?"
                " AND reminders_sent = ? AND claim_offered = ?"
                " AND (SELECT COUNT(*) FROM actions a WHERE a.game_id = games.id) = ?",
                (
                    reminders,
                    int(claim),
                    wait.game_id,
                    wait.since_text,
                    wait.reminders_sent,
                    int(wait.claim_offered),
                    wait.actions,
                ),
            )
            changed: int = cursor.rowcount
            if changed == 1 and kind is not None:
                await tx.db.write(
                    "INSERT INTO due (kind, subject, detail, extra, created_at) VALUES (?, ?, ?, ?, ?)",
                    (kind, wait.match_id, wait.game_id, wait.actions, now()),
                )
            return changed == 1
