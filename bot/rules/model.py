"""Data model of the rules reference.

Entries are authored as YAML (see ``docs/rules/lookup.md``) and validated here, so a
malformed entry fails at load time (and in CI) instead of in front of players.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Locale = Literal["fr", "en"]

#: A game's key; which games exist is what is registered (the loader checks each entry against the
#: game whose corpus it came from, `bot.rules.loader`).
GAME_PATTERN = r"^[a-z][a-z0-9_]*$"
ID_PATTERN = r"^[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+$"
#: Discord embed descriptions stop at 4096 characters; we keep a wide margin.
BODY_MAX = 2000
BODY_MIN = 80
TITLE_MAX = 90


class Localized(BaseModel):
    """A text in French (primary) and English."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fr: str
    en: str

    @field_validator("fr", "en")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("must not be empty")
        return value

    def get(self, locale: str) -> str:
        """Text for ``locale``; anything but English falls back to French."""
        return self.en if locale == "en" else self.fr


class LocalizedList(BaseModel):
    """Search terms per language (aliases, keywords)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fr: tuple[str, ...] = ()
    en: tuple[str, ...] = ()

    @field_validator("fr", "en", mode="before")
    @classmethod
    def _clean(cls, values: object) -> tuple[str, ...]:
        if not isinstance(values, list | tuple):
            raise ValueError("expected a list of terms")
        # YAML turns bare numbers (years, sizes) into ints: terms are always text.
        cleaned = tuple(str(v).strip() for v in values)
        if any(not v for v in cleaned):
            raise ValueError("empty term")
        return cleaned

    def all(self) -> tuple[str, ...]:
        return self.fr + self.en


class RuleEntry(BaseModel):
    """One rule, ability, keyword or house decision of one game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    game: str = Field(pattern=GAME_PATTERN)
    title: Localized
    body: Localized
    aliases: LocalizedList = LocalizedList()
    keywords: LocalizedList = LocalizedList()
    related: tuple[str, ...] = ()
    #: Where the rule comes from: "002 §Armure", "research A §3.3#4", ...
    source: str = Field(min_length=3)
    #: True when the documents are silent and this is our ruling.
    decision: bool = False
    #: The decisions of docs/rules/<game>.md this ruling states ("D-LIB-05"); internal, never shown.
    decisions: tuple[str, ...] = ()
    #: True when the entry describes a card (answers ``/carte``).
    card: bool = False

    @field_validator("title")
    @classmethod
    def _title_length(cls, value: Localized) -> Localized:
        for text in (value.fr, value.en):
            if len(text) > TITLE_MAX:
                raise ValueError(f"title longer than {TITLE_MAX} chars: {text!r}")
        return value

    @field_validator("body")
    @classmethod
    def _body_length(cls, value: Localized) -> Localized:
        for lang, text in (("fr", value.fr), ("en", value.en)):
            if not BODY_MIN <= len(text) <= BODY_MAX:
                raise ValueError(f"body.{lang} has {len(text)} chars, expected {BODY_MIN}-{BODY_MAX}")
        return value

    @model_validator(mode="after")
    def _id_matches_game(self) -> RuleEntry:
        if self.id.split(".", 1)[0] != self.game:
            raise ValueError(f"id {self.id!r} does not start with game {self.game!r}")
        if self.id in self.related:
            raise ValueError("an entry cannot be related to itself")
        return self

    def title_for(self, locale: str) -> str:
        return self.title.get(locale)

    def body_for(self, locale: str) -> str:
        return self.body.get(locale)
