"""i18n at the Discord edge: command localizations and the locale of each answer.

Command names and descriptions are French (the default); the translator supplies English for
Discord's `en-US` and `en-GB`. Private answers use the user's locale, public posts the server's.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import catalog, normalize_locale, t

ENGLISH = {discord.Locale.american_english, discord.Locale.british_english}


def ls(french: str, key: str) -> app_commands.locale_str:
    """A French command string with the catalog key of its translations."""
    return app_commands.locale_str(french, key=key)


class Translator(app_commands.Translator):
    """Serves English names and descriptions from the catalog; French is the default text."""

    def __init__(self, default_locale: str = "fr") -> None:
        self.default_locale = default_locale

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        key = string.extras.get("key")
        if not key or locale not in ENGLISH:
            return None
        return catalog().get(key, "en") if catalog().has(key, "en") else None


class Locales:
    """The locales that apply to one interaction."""

    def __init__(self, default: str) -> None:
        self.default = default

    def user(self, interaction: discord.Interaction) -> str:
        return normalize_locale(str(interaction.locale) if interaction.locale else None, self.default)

    def guild(self, interaction: discord.Interaction) -> str:
        loc = interaction.guild_locale if interaction.guild_id else interaction.locale
        return normalize_locale(str(loc) if loc else None, self.default)


def tr(interaction_locale: str, key: str, **params: Any) -> str:
    return t(key, interaction_locale, **params)
