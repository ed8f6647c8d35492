"""Configuration from the environment (or a ``.env`` file), with the token kept secret."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.services.computer import BUDGET_MS

WEB_SECRET_MIN = 16  # the shortest key of the pages' links (web.settings takes it from here)


class Settings(BaseSettings):
    # Read from the environment by their variables' names; made in code (tests, benchmarks) by field name.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr | None = Field(default=None, validation_alias=AliasChoices("DISCORD_TOKEN"))
    # A SQLite file (the default), or a PostgreSQL server: postgresql://user:password@host/database.
    database: str = Field(default="cardia.db", min_length=1, validation_alias=AliasChoices("CARDIA_DATABASE"))
    # SQLite only: "normal" survives the bot's crash or kill (a power cut may undo its last commits),
    # "full" a power cut too, at a wait for the disk per commit (bot.store.connection.SYNCHRONOUS).
    sqlite_synchronous: Literal["normal", "full"] = Field(
        default="normal", validation_alias=AliasChoices("CARDIA_SQLITE_SYNCHRONOUS")
    )
    # PostgreSQL only: how many connections this process keeps open at most.
    database_pool: int = Field(
        default=10, ge=1, le=100, validation_alias=AliasChoices("CARDIA_DATABASE_POOL")
    )
    # Several processes: how many shards the bot has in all, and which of them this process runs
    # ("0,1" or "2-3"; all of them if unset). Each process answers and times its own shards' servers.
    shard_count: int | None = Field(default=None, ge=1, validation_alias=AliasChoices("CARDIA_SHARD_COUNT"))
    shard_ids: str | None = Field(default=None, validation_alias=AliasChoices("CARDIA_SHARD_IDS"))
    # Where /cardia is registered by --sync: one server (instant, for testing) or everywhere (global).
    sync_guild: int | None = Field(default=None, validation_alias=AliasChoices("CARDIA_SYNC_GUILD"))
    # Seconds between two scans of the duels' timers (reminders, claims, forfeits: bot.services.timers).
    timer_tick: float = Field(default=60.0, gt=0, validation_alias=AliasChoices("CARDIA_TIMER_TICK"))
    # The queue that finds an opponent (/cardia queue, bot.services.queue): seconds between two looks at
    # it, minutes a player waits before being offered the computer, and before leaving the queue.
    queue_tick: float = Field(default=15.0, gt=0, validation_alias=AliasChoices("CARDIA_QUEUE_TICK"))
    # Seconds between two looks at the tournaments (bot.ui.tournament_posts): a sign-up deadline come, a
    # channel left behind by a crash or a Discord failure.
    tournament_tick: float = Field(
        default=30.0, gt=0, validation_alias=AliasChoices("CARDIA_TOURNAMENT_TICK")
    )
    queue_computer_minutes: float = Field(
        default=5.0, gt=0, validation_alias=AliasChoices("CARDIA_QUEUE_COMPUTER_MINUTES")
    )
    queue_minutes: float = Field(default=60.0, gt=0, validation_alias=AliasChoices("CARDIA_QUEUE_MINUTES"))
    # The computer opponent: processes it thinks in (0: a thread of the bot's process), and the time in
    # milliseconds its decisions under way share (bot.services.computer).
    computer_workers: int = Field(
        default=1, ge=0, le=64, validation_alias=AliasChoices("CARDIA_COMPUTER_WORKERS")
    )
    computer_budget_ms: float | None = Field(
        default=BUDGET_MS, gt=0, validation_alias=AliasChoices("CARDIA_COMPUTER_BUDGET_MS")
    )
    # Reviews of finished games are searched in the computer's processes, one decision at a time: how many
    # of their decisions at once, in all (bot.services.reviews).
    review_workers: int = Field(
        default=1, ge=1, le=64, validation_alias=AliasChoices("CARDIA_REVIEW_WORKERS")
    )
    # The board and hand pictures are drawn in two processes of their own (else in threads of the bot's
    # process, where drawing would hold up its event loop: bot.services.pictures).
    picture_processes: bool = Field(default=True, validation_alias=AliasChoices("CARDIA_PICTURE_PROCESSES"))
    # A file the bot touches while healthy (python -m bot health reads it; the Dockerfile sets it).
    health_file: Path | None = Field(default=None, validation_alias=AliasChoices("CARDIA_HEALTH_FILE"))
    health_stale: float = Field(default=90.0, gt=0, validation_alias=AliasChoices("CARDIA_HEALTH_STALE"))
    # The web pages (cardia web, docs/web.md): where readers reach them, and the key of their links (the
    # same as the pages'). Without the address, nothing the bot shows links to them.
    web_url: str | None = Field(default=None, validation_alias=AliasChoices("CARDIA_WEB_URL"))
    web_secret: SecretStr | None = Field(default=None, validation_alias=AliasChoices("CARDIA_WEB_SECRET"))

    @field_validator("shard_ids")
    @classmethod
    def _shard_list(cls, value: str | None) -> str | None:
        if value is not None and not re.fullmatch(r"\s*\d+(-\d+)?(\s*,\s*\d+(-\d+)?)*\s*", value):
            raise ValueError('shard ids as "0,1" or "2-3"')
        return value

    @field_validator("web_url")
    @classmethod
    def _web_address(cls, value: str | None) -> str | None:
        if not value:
            return None  # set but empty (compose passes it so): no pages
        if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", value):
            raise ValueError("the pages' address, as https://host or https://host/path")
        return value

    @model_validator(mode="after")
    def _web_key(self) -> Settings:
        secret = "" if self.web_secret is None else self.web_secret.get_secret_value()
        if self.web_url is not None and len(secret) < WEB_SECRET_MIN:
            raise ValueError(f"CARDIA_WEB_URL needs CARDIA_WEB_SECRET, at least {WEB_SECRET_MIN} characters")
        return self

    def web_key(self) -> bytes | None:
        """The key of the pages' links, once the bot gives them (CARDIA_WEB_URL)."""
        if self.web_url is None or self.web_secret is None:
            return None
        return self.web_secret.get_secret_value().encode()

    @model_validator(mode="after")
    def _shards_in_range(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("CARDIA_SHARD_IDS needs CARDIA_SHARD_COUNT")
            wrong = [shard for shard in self.shards() or [] if shard >= self.shard_count]
            if wrong:
                raise ValueError(f"CARDIA_SHARD_IDS: shard {wrong[0]} of {self.shard_count} does not exist")
        return self

    def shards(self) -> list[int] | None:
        """This process's shard ids ("0,1", "2-3"), or None: every shard."""
        if self.shard_ids is None:
            return None
        ids: list[int] = []
        for part in self.shard_ids.split(","):
            low, _, high = part.strip().partition("-")
            ids += range(int(low), int(high or low) + 1)
        return sorted(set(ids))


def describe_error(error: ValidationError) -> str:
    """One line naming the setting to fix: ``CARDIA_TIMER_TICK=abc: Input should be a valid number``."""
    problems = []
    for problem in error.errors():
        where = problem.get("loc") or ()
        name = str(where[0]).upper() if where else "a setting"
        value = problem.get("input")
        secret = name in ("DISCORD_TOKEN", "CARDIA_WEB_SECRET")
        shown = "" if secret or not isinstance(value, str) else f"={value[:40]}"
        problems.append(f"{name}{shown}: {problem['msg']}")
    return "bad setting: " + "; ".join(problems)
