"""Per-server settings for duels played over days, chosen by server managers with ``/cardia settings``,
and the rules they set for new challenges: a cap on open duels per player, and whether a player's duels
may be in several channels at once.

No discord.py objects here; the rules are a :data:`bot.services.duels.ProposeCheck`
(:meth:`GuildSettingsStore.check_challenge`), added to ``Duels.propose_checks`` in ``bot/wiring.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, get_args

from pydantic import ValidationError

import text
from bot.services.duels import Counted, Refusal
from bot.store import SETTINGS_COLUMNS, Challenge, GuildSettings, Language, Storage, bounds
from text import tr


def validate(current: GuildSettings, changes: dict[str, Any]) -> GuildSettings:
    """``current`` with ``changes``, or a refusal naming the range a value is out of (the command's own
    ranges make this a second line of defence)."""
    unknown = set(changes) - set(SETTINGS_COLUMNS)
    if unknown:
        raise ValueError(f"unknown settings {sorted(unknown)}")
    try:
        return GuildSettings.model_validate({**current.model_dump(), **changes})
    except ValidationError as error:
        name = str(error.errors()[0]["loc"][0])
        low, high = bounds(name)
        raise Refusal("settings.out_of_range", name=name, low=f"{low:g}", high=f"{high:g}") from None


def option_description(name: str) -> str:
    """A setting's option in ``/cardia settings``: what it means, and its default."""
    field = GuildSettings.model_fields[name]
    default = field.default
    if isinstance(default, bool):
        shown = tr("settings.yes" if default else "settings.no")
    elif isinstance(default, str):
        shown = default
    else:
        shown = f"{default:g}"
    return tr("settings.option", meaning=tr(f"setting.{name}"), default=shown)


def settings_table() -> str:
    """The settings table of docs/players.md (tests/bot/test_duels_over_days.py checks that the document
    holds it)."""
    lines = ["| option | default | range | meaning |", "|---|---|---|---|"]
    for name, field in GuildSettings.model_fields.items():
        default = field.default
        if isinstance(default, bool):
            shown, allowed = ("yes" if default else "no"), "yes/no"
        elif isinstance(default, str):
            shown, allowed = default, "/".join(f"`{v}`" for v in get_args(Language))
        else:
            low, high = bounds(name)
            shown, allowed = f"{default:g}", f"{low:g}–{high:g}"
        lines.append(f"| `{name}` | {shown} | {allowed} | {field.description} |")
    return "\n".join(lines)


#: How long settings read from the database are trusted: another process sharing the database (a
#: PostgreSQL deployment) may change them; this process sees the change within this many seconds.
SETTINGS_FRESH = 60.0


class GuildSettingsStore:
    def __init__(self, storage: Storage, clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.clock = clock
        # Read for every public message (its language): kept a while once read, replaced when changed here.
        self._cache: dict[int, tuple[float, GuildSettings]] = {}

    async def get(self, guild_id: int) -> GuildSettings:
        cached = self._cache.get(guild_id)
        if cached is not None and self.clock() - cached[0] < SETTINGS_FRESH:
            return cached[1]
        settings = await self.storage.settings(guild_id)
        self._cache[guild_id] = (self.clock(), settings)
        return settings

    async def note_once(self, guild_id: int, note: str) -> bool:
        """Whether this note to the server's managers is new (noted now: never told again)."""
        return await self.storage.note_once(guild_id, note)

    async def language(self, guild_id: int, preferred_locale: object) -> str:
        """The language of the server's public messages: its setting, or (auto) its own preferred
        locale when there is a catalogue for it, else English."""
        chosen = (await self.get(guild_id)).language
        return text.language_of(preferred_locale) if chosen == "auto" else chosen

    async def all(self) -> dict[int, GuildSettings]:
        """Every server that chose settings (the others have :data:`DEFAULTS`)."""
        return await self.storage.all_settings()

    async def update(self, guild_id: int, user_id: int, **changes: Any) -> GuildSettings:
        """Change some settings of a server (the others keep their values); the new settings."""
        settings = validate(await self.storage.settings(guild_id), changes)
        await self.storage.save_settings(guild_id, user_id, settings)
        self._cache[guild_id] = (self.clock(), settings)
        return settings

    # --- the rules for new challenges -------------------------------------------------------------------

    async def check_challenge(self, challenge: Challenge) -> None:
        """Refuse a challenge that would give either player more open duels than the server allows, or
        (without cross-channel duels) open duels in two channels. The computer plays any number of duels
        anywhere: only its challenger is counted."""
        settings = await self.get(challenge.guild_id)
        named = challenge.computer is None and challenge.opponent[0] != 0  # 0: anyone given its code
        players = [challenge.challenger, challenge.opponent] if named else [challenge.challenger]
        for user_id, name in players:
            you = user_id == challenge.challenger[0]
            open_matches = await self.storage.open_matches(challenge.guild_id, user_id=user_id)
            if len(open_matches) >= settings.max_duels:
                key = "limit.max_duels_you" if you else "limit.max_duels_them"
                duels = Counted("duels", len(open_matches))
                raise Refusal(key, duels=duels, max=settings.max_duels, name=name)
            elsewhere = [m for m in open_matches if m.first_home.channel_id != challenge.home.channel_id]
            if not settings.cross_channel and elsewhere:
                key = "limit.one_channel_you" if you else "limit.one_channel_them"
                raise Refusal(key, channel=f"<#{elsewhere[0].first_home.channel_id}>", name=name)

    @staticmethod
    def language_in(settings: GuildSettings, preferred_locale: object) -> str:
        """The language ``settings`` give a server's public messages (as :meth:`language` says), for a
        caller that has read them already."""
        return text.language_of(preferred_locale) if settings.language == "auto" else settings.language


def describe(settings: GuildSettings) -> list[tuple[str, str]]:
    """The settings as (name, value) lines for people."""
    return [
        (
            tr("settings.decision"),
            tr("settings.decision_value", hours=text.hours_text(settings.decision_hours)),
        ),
        (
            tr("settings.reminder"),
            tr("settings.reminder_value", hours=text.hours_text(settings.reminder_hours))
            if settings.reminder_hours > 0
            else tr("settings.reminder_off"),
        ),
        (tr("settings.grace"), tr("settings.grace_value", hours=text.hours_text(settings.grace_hours))),
        (
            tr("settings.cross_channel"),
            tr("settings.cross_channel_yes" if settings.cross_channel else "settings.cross_channel_no"),
        ),
        (tr("settings.max_duels"), tr("settings.max_duels_value", n=settings.max_duels)),
        (tr("settings.language"), tr(f"settings.language.{settings.language}")),
        (tr("settings.images"), tr("settings.images_yes" if settings.images else "settings.images_no")),
        (tr("settings.threads"), tr("settings.threads_yes" if settings.threads else "settings.threads_no")),
        (
            tr("settings.web_pages"),
            tr("settings.web_pages_yes" if settings.web_pages else "settings.web_pages_no"),
        ),
        (
            tr("settings.seasons"),
            tr("settings.seasons_value", weeks=settings.season_weeks)
            if settings.season_weeks
            else tr("settings.seasons_off"),
        ),
    ]
