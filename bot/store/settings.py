"""The server settings' SQL: one row per server that chose settings (the others have the defaults)."""

from __future__ import annotations

from typing import Any

from bot.store.connection import Connection, now
from bot.store.rows import (
    DEFAULTS,
    NO_PLAYER_SETTINGS,
    SETTINGS_COLUMNS,
    GuildSettings,
    Notify,
    PlayerSettings,
    guild_settings,
)


class SettingsQueries(Connection[Any]):
    async def player_settings(self, user_id: int) -> PlayerSettings:
        row = await self.db.fetch_one("SELECT * FROM player_settings WHERE user_id = ?", (user_id,))
        if row is None:
            return NO_PLAYER_SETTINGS
        return PlayerSettings(row["notify"], bool(row["dm_refused"]), row["language"], bool(row["dm_closed"]))

    async def save_notify(self, user_id: int, notify: Notify, language: str) -> None:
        """A player's choice (an upsert): a new choice also forgets a refused direct message."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "INSERT INTO player_settings (user_id, notify, dm_refused, language, updated_at)"
                " VALUES (?, ?, 0, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " dm_refused = 0, language = excluded.language, updated_at = excluded.updated_at",
                (user_id, notify, language, now()),
            )

    async def save_language(self, user_id: int, language: str) -> None:
        """The language of the player's Discord client, as last seen (their direct messages speak it)."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "INSERT INTO player_settings (user_id, language, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language,"
                " updated_at = excluded.updated_at",
                (user_id, language, now()),
            )

    async def save_dm_refused(self, user_id: int, refused: bool) -> None:
        """Discord refused a direct message to the player (or took one again)."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "UPDATE player_settings SET dm_refused = ?, updated_at = ? WHERE user_id = ?",
                (int(refused), now(), user_id),
            )

    async def save_dm_closed(self, user_id: int, closed: bool) -> None:
        """A duel's message to the player's DM was refused (or they were told so)."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "INSERT INTO player_settings (user_id, dm_closed, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed,"
                " updated_at = excluded.updated_at",
                (user_id, int(closed), now()),
            )

    async def settings(self, guild_id: int) -> GuildSettings:
        row = await self.db.fetch_one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return DEFAULTS if row is None else guild_settings(row)

    async def all_settings(self) -> dict[int, GuildSettings]:
        """Every server that chose settings."""
        rows = await self.db.execute_fetchall("SELECT * FROM guild_settings")
        return {row["guild_id"]: guild_settings(row) for row in rows}

    async def save_settings(self, guild_id: int, user_id: int, settings: GuildSettings) -> None:
        """Store a server's settings (an upsert), with who changed them and when."""
        values = [getattr(settings, name) for name in SETTINGS_COLUMNS]
        values = [int(v) if isinstance(v, bool) else v for v in values]  # booleans stored as 0/1
        columns = ", ".join(SETTINGS_COLUMNS)
        async with self.transaction() as tx:
            await tx.db.execute(
                f"INSERT INTO guild_settings (guild_id, {columns}, updated_by, updated_at)"
                f" VALUES (?, {', '.join('?' for _ in SETTINGS_COLUMNS)}, ?, ?)"
                f" ON CONFLICT (guild_id) DO UPDATE SET"
                f" {', '.join(f'{c} = excluded.{c}' for c in SETTINGS_COLUMNS)},"
                " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (guild_id, *values, user_id, now()),
            )

    async def note_once(self, guild_id: int, note: str) -> bool:
        """Whether ``note`` is to be said to this server now: True the first time only (racing processes
        included: the row is the proof it was said)."""
        async with self.transaction() as tx:
            cursor = await tx.db.execute(
                "INSERT INTO server_notes (guild_id, note, told_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, note) DO NOTHING",
                (guild_id, note, now()),
            )
            return bool(cursor.rowcount == 1)
