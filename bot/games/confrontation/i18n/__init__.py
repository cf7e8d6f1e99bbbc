"""Player-facing strings of Confrontation (French first, English), plus profile, spell and warband names."""

from __future__ import annotations

from pathlib import Path

from bot.engine.content import game_catalog, named_entries

from ..content import PROFILES, SPELLS, WARBANDS


def load_catalog() -> dict[str, dict[str, str]]:
    def names(locale: str) -> dict[str, str]:
        out = {
            k: v
            for p in PROFILES.values()
            for k, v in named_entries(f"confrontation.profile.{p.id}", p.name, locale).items()
        }
        out |= {f"confrontation.spell.{s.id}": s.name.get(locale) for s in SPELLS.values()}
        return out | {f"confrontation.warband.{w.id}": w.name.get(locale) for w in WARBANDS.values()}

    return game_catalog(Path(__file__).parent, names)
