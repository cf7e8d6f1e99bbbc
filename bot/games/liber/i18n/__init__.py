"""Player-facing strings of King of Liber (French first, English), plus the card names."""

from __future__ import annotations

from pathlib import Path

import yaml

from ..content import CARDS

_DIR = Path(__file__).parent


def load_catalog() -> dict[str, dict[str, str]]:
    catalog: dict[str, dict[str, str]] = {}
    for locale in ("fr", "en"):
        data = yaml.safe_load((_DIR / f"{locale}.yaml").read_text(encoding="utf-8")) or {}
        strings = {str(k): str(v) for k, v in data.items()}
        for card in CARDS.values():
            strings[f"liber.card.{card.id}"] = getattr(card.name, locale)
        catalog[locale] = strings
    return catalog


CATALOG = load_catalog()
