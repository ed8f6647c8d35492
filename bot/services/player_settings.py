"""Each player's own settings, across every server and duel: how they are told a duel waits for them
(``/cardia settings notify``: a ping where the duel is, a direct message, or neither).

No discord.py objects here: the pings themselves are ``bot.ui.pings``'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from bot.services.caching import Recent
from bot.store import Notify, PlayerSettings, Storage

#: How long a player's settings read from the database are trusted here: another process sharing the
#: database (PostgreSQL) may change them, and this process sees the change within this many seconds.
PLAYER_SETTINGS_FRESH = 60.0
PLAYERS_KEPT = 8192  # players whose settings are kept here (a duel's two players read them at each board)


class PlayerSettingsStore:
    def __init__(self, storage: Storage, clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.clock = clock
        self._cache: Recent[int, tuple[float, PlayerSettings]] = Recent(PLAYERS_KEPT)

    async def get(self, user_id: int) -> PlayerSettings:
        cached = self._cache.get(user_id)
        if cached is not None and self.clock() - cached[0] < PLAYER_SETTINGS_FRESH:
            return cached[1]
        settings = await self.storage.player_settings(user_id)
        self._cache.put(user_id, (self.clock(), settings))
        return settings

    async def of(self, user_ids: Iterable[int]) -> dict[int, PlayerSettings]:
        return {user_id: await self.get(user_id) for user_id in user_ids}

    async def choose(self, user_id: int, notify: Notify, language: str) -> PlayerSettings:
        """A player's choice, in their client's ``language`` (their direct messages speak it)."""
        await self.storage.save_notify(user_id, notify, language)
        settings = PlayerSettings(notify, False, language)
        self._cache.put(user_id, (self.clock(), settings))
        return settings

    async def seen_speaking(self, user_id: int, language: str) -> None:
        """The player's Discord client speaks ``language`` (a duel in direct messages is shown in it)."""
        if (await self.get(user_id)).language != language:
            await self.storage.save_language(user_id, language)
            self._cache.put(user_id, (self.clock(), await self.storage.player_settings(user_id)))

    async def dm_closed(self, user_id: int, closed: bool) -> None:
        """A duel's message to the player's DM was refused (they are told at their next interaction), or
        they were told so."""
        if (await self.get(user_id)).dm_closed == closed:
            return
        await self.storage.save_dm_closed(user_id, closed)
        self._cache.put(user_id, (self.clock(), await self.storage.player_settings(user_id)))

    async def dm_refused(self, user_id: int, refused: bool) -> None:
        """Discord refused a direct message to the player (they are pinged where the duel is meanwhile),
        or took one again after refusing."""
        await self.storage.save_dm_refused(user_id, refused)
        settings = await self.storage.player_settings(user_id)
        self._cache.put(user_id, (self.clock(), settings))
