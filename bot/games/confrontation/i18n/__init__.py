"""Player-facing strings of Confrontation (French first, English), plus profile, spell and warband names."""

from __future__ import annotations

from pathlib import Path

import yaml

from ..content import PROFILES, SPELLS, WARBANDS


def load_catalog() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for locale in ("fr", "en"):
        strings = yaml.safe_load((Path(__file__).parent / f"{locale}.yaml").read_text(encoding="utf-8"))
        for p in PROFILES.values():
            strings[f"confrontation.profile.{p.id}"] = p.name.get(locale)
        for s in SPELLS.values():
            strings[f"confrontation.spell.{s.id}"] = s.name.get(locale)
        for w in WARBANDS.values():
            strings[f"confrontation.warband.{w.id}"] = w.name.get(locale)
        out[locale] = strings
    return out
