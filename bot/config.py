"""Settings from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    #: Secrets are `SecretStr`: never in a repr, a log line or an error message (read with get_secret_value)
    discord_token: SecretStr = Field(default=SecretStr(""), alias="DISCORD_TOKEN")
    database_path: str = Field(default="./data/tavernier.sqlite3", alias="DATABASE_PATH")
    #: PostgreSQL instead of the SQLite file: postgresql://user:password@host/database
    database_url: SecretStr = Field(default=SecretStr(""), alias="DATABASE_URL")
    dev_guild_id: int | None = Field(default=None, alias="DEV_GUILD_ID")
    default_locale: str = Field(default="fr", alias="DEFAULT_LOCALE")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    ai_delay: float = Field(default=1.0, alias="AI_DELAY", ge=0, le=30)
    #: A lobby nobody touched for this many hours is cancelled, its creator told, its thread archived (0: never)
    lobby_expiry_hours: float = Field(default=72.0, alias="LOBBY_EXPIRY_HOURS", ge=0, le=24 * 365)
    #: Several processes (Discord requires shards past 2,500 servers): this process's shard and how many
    shard_id: int | None = Field(default=None, alias="SHARD_ID", ge=0)
    shard_count: int | None = Field(default=None, alias="SHARD_COUNT", ge=1)

    @property
    def database(self) -> str:
        """Where the matches live: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url.get_secret_value() or self.database_path

    @field_validator("dev_guild_id", "shard_id", "shard_count", mode="before")
    @classmethod
    def _empty_is_none(cls, v: object) -> object:
        return None if v in ("", None) else v

    def shards(self) -> dict[str, Any]:
        """The bot's `shard_ids` and `shard_count` for this process (none: one process, every shard).
        The bot is an AutoShardedBot, which drops a `shard_id` and would then connect every shard in
        every process: it is given the list of its one shard."""
        if self.shard_count is None:
            return {}
        if self.shard_id is None or self.shard_id >= self.shard_count:
            raise ValueError("SHARD_ID must be set, from 0 to SHARD_COUNT - 1")
        return {"shard_ids": [self.shard_id], "shard_count": self.shard_count}

    @field_validator("default_locale")
    @classmethod
    def _locale(cls, v: str) -> str:
        v = v.split("-")[0].lower()
        if v not in ("fr", "en"):
            raise ValueError("DEFAULT_LOCALE must be fr or en")
        return v
