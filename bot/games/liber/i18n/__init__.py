"""Player-facing strings of King of Liber (French first, English), plus the card names."""

from __future__ import annotations

from pathlib import Path

from bot.engine.content import game_catalog

from ..content import CARDS


def load_catalog() -> dict[str, dict[str, str]]:
    return game_catalog(
        Path(__file__).parent, lambda locale: {f"liber.card.{c.id}": c.name.get(locale) for c in CARDS.values()}
    )


CATALOG = load_catalog()
