"""The web server's settings, from the environment (or a ``.env`` file) like the bot's: the same
database settings, its address, and the secret its links are signed with."""

from __future__ import annotations

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.settings import WEB_SECRET_MIN as SECRET_MIN  # a link's signature is no stronger than its key


class WebSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    # The bot's database (CARDIA_DATABASE): a SQLite file, or postgresql://user:password@host/database.
    database: str = Field(default="cardia.db", min_length=1, validation_alias=AliasChoices("CARDIA_DATABASE"))
    database_pool: int = Field(
        default=10, ge=1, le=100, validation_alias=AliasChoices("CARDIA_DATABASE_POOL")
    )
    host: str = Field(default="127.0.0.1", min_length=1, validation_alias=AliasChoices("CARDIA_WEB_HOST"))
    port: int = Field(default=8080, ge=0, le=65535, validation_alias=AliasChoices("CARDIA_WEB_PORT"))
    # The key of every link's signature (web.signing): required, the same in every web process and in
    # the bot (which makes the links), and kept secret: whoever has it can make a link to any game.
    secret: SecretStr | None = Field(default=None, validation_alias=AliasChoices("CARDIA_WEB_SECRET"))
    # Seconds between two looks at the database for the games watched live (one query for them all).
    poll: float = Field(default=0.25, gt=0, le=5, validation_alias=AliasChoices("CARDIA_WEB_POLL"))

    # Requests a second one address may make, with bursts of CARDIA_WEB_BURST (0: no limit); beyond
    # them, 429. CARDIA_WEB_PROXIED: behind a proxy, the address is the last of X-Forwarded-For (the
    # one the proxy appended; the ones before it the client may have written itself).
    rate: float = Field(default=20.0, ge=0, validation_alias=AliasChoices("CARDIA_WEB_RATE"))
    burst: float = Field(default=120.0, ge=1, validation_alias=AliasChoices("CARDIA_WEB_BURST"))
    proxied: bool = Field(default=False, validation_alias=AliasChoices("CARDIA_WEB_PROXIED"))
    # Live streams one address may hold open at once (0: no limit); one more is refused, 429.
    streams: int = Field(default=16, ge=0, validation_alias=AliasChoices("CARDIA_WEB_STREAMS"))

    def key(self) -> bytes:
        """The signing key; ValueError in one line when it is missing or too short."""
        secret = "" if self.secret is None else self.secret.get_secret_value()
        if len(secret) < SECRET_MIN:
            raise ValueError(
                f"CARDIA_WEB_SECRET must be set to a secret of at least {SECRET_MIN} characters"
                " (the key of the pages' links; the same for the bot and every web process)"
            )
        return secret.encode()
