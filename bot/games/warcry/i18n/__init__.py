"""Player-facing strings of WarCry (French first, English), plus profile, weapon, ability and warband
names from the content."""

from __future__ import annotations

from pathlib import Path

import yaml

from ..content import ABILITIES, PROFILES, WARBANDS


def load_catalog() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for locale in ("fr", "en"):
        strings = yaml.safe_load((Path(__file__).parent / f"{locale}.yaml").read_text(encoding="utf-8"))
        for p in PROFILES.values():
            strings[f"warcry.profile.{p.id}"] = p.name.get(locale)
            for i, w in enumerate(p.weapons):
                strings[f"warcry.weapon.{p.id}.{i}"] = w.name.get(locale)
        for a in ABILITIES.values():
            strings[f"warcry.ability.{a.id}"] = a.name.get(locale)
        for b in WARBANDS.values():
            strings[f"warcry.warband.{b.id}"] = b.name.get(locale)
        out[locale] = strings
    return out
