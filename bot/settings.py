"""Configuration from the environment (or a ``.env`` file), with the token kept secret."""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias=AliasChoices("DISCORD_TOKEN"))
    database: Path = Field(default=Path("cardia.db"), validation_alias=AliasChoices("CARDIA_DATABASE"))
    # Where /cardia is registered by --sync: one server (instant, for testing) or everywhere (global).
    sync_guild: int | None = Field(default=None, validation_alias=AliasChoices("CARDIA_SYNC_GUILD"))
    # Seconds between two scans of the duels' timers (reminders, claims, forfeits: bot.timers).
    timer_tick: float = Field(default=60.0, gt=0, validation_alias=AliasChoices("CARDIA_TIMER_TICK"))
