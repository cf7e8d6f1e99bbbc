"""Settings from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", alias="DISCORD_TOKEN")
    database_path: str = Field(default="./data/tavernier.sqlite3", alias="DATABASE_PATH")
    #: PostgreSQL instead of the SQLite file: postgresql://user:password@host/database
    database_url: str = Field(default="", alias="DATABASE_URL")
    dev_guild_id: int | None = Field(default=None, alias="DEV_GUILD_ID")
    default_locale: str = Field(default="fr", alias="DEFAULT_LOCALE")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    ai_delay: float = Field(default=1.0, alias="AI_DELAY", ge=0, le=30)

    @property
    def database(self) -> str:
        """Where the matches live: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_is_none(cls, v: object) -> object:
        return None if v in ("", None) else v

    @field_validator("default_locale")
    @classmethod
    def _locale(cls, v: str) -> str:
        v = v.split("-")[0].lower()
        if v not in ("fr", "en"):
            raise ValueError("DEFAULT_LOCALE must be fr or en")
        return v
