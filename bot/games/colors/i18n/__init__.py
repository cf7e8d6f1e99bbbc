"""Player-facing strings of Colors of Magic (French first, English), plus card and wizard names."""

from __future__ import annotations

from pathlib import Path

import yaml

from ..content import CARDS, MONSTERS, WIZARDS


def load_catalog() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for locale in ("fr", "en"):
        strings = yaml.safe_load((Path(__file__).parent / f"{locale}.yaml").read_text(encoding="utf-8"))
        for card in CARDS.values():
            strings[f"colors.card.{card.id}"] = card.name.get(locale)
        for wizard in WIZARDS.values():
            strings[f"colors.card.{wizard.id}"] = wizard.name.get(locale)
        for monster in MONSTERS.values():
            strings[f"colors.card.{monster.id}"] = monster.name.get(locale)
        out[locale] = strings
    return out
