"""Configuration from the environment (or a ``.env`` file), with the token kept secret."""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias=AliasChoices("DISCORD_TOKEN"))
    # A SQLite file (the default), or a PostgreSQL server: postgresql://user:password@host/database.
    database: str = Field(default="cardia.db", min_length=1, validation_alias=AliasChoices("CARDIA_DATABASE"))
    # PostgreSQL only: how many connections this process keeps open at most.
    database_pool: int = Field(
        default=10, ge=1, le=100, validation_alias=AliasChoices("CARDIA_DATABASE_POOL")
    )
    # Where /cardia is registered by --sync: one server (instant, for testing) or everywhere (global).
    sync_guild: int | None = Field(default=None, validation_alias=AliasChoices("CARDIA_SYNC_GUILD"))
    # Seconds between two scans of the duels' timers (reminders, claims, forfeits: bot.services.timers).
    timer_tick: float = Field(default=60.0, gt=0, validation_alias=AliasChoices("CARDIA_TIMER_TICK"))
    # A file the bot touches while healthy (python -m bot health reads it; the Dockerfile sets it).
    health_file: Path | None = Field(default=None, validation_alias=AliasChoices("CARDIA_HEALTH_FILE"))
    health_stale: float = Field(default=90.0, gt=0, validation_alias=AliasChoices("CARDIA_HEALTH_STALE"))


def describe_error(error: ValidationError) -> str:
    """One line naming the setting to fix: ``CARDIA_TIMER_TICK=abc: Input should be a valid number``."""
    problems = []
    for problem in error.errors():
        where = problem.get("loc") or ()
        name = str(where[0]).upper() if where else "a setting"
        value = problem.get("input")
        shown = "" if name == "DISCORD_TOKEN" or not isinstance(value, str) else f"={value[:40]}"
        problems.append(f"{name}{shown}: {problem['msg']}")
    return "bad setting: " + "; ".join(problems)
