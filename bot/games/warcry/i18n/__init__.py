"""Player-facing strings of WarCry (French first, English), plus profile, weapon, ability and warband
names from the content."""

from __future__ import annotations

from pathlib import Path

from bot.engine.content import game_catalog, named_entries

from ..content import ABILITIES, DEPLOYMENTS, PROFILES, TWISTS, VICTORIES, WARBANDS


def load_catalog() -> dict[str, dict[str, str]]:
    def names(locale: str) -> dict[str, str]:
        out = {
            k: v for p in PROFILES.values() for k, v in named_entries(f"warcry.profile.{p.id}", p.name, locale).items()
        }
        out |= {
            f"warcry.weapon.{p.id}.{i}": w.name.get(locale) for p in PROFILES.values() for i, w in enumerate(p.weapons)
        }
        out |= {f"warcry.ability.{a.id}": a.name.get(locale) for a in ABILITIES.values()}
        out |= {f"warcry.deployment.{d.id}": d.name.get(locale) for d in DEPLOYMENTS.values()}
        out |= {f"warcry.victory.{v.id}": v.name.get(locale) for v in VICTORIES.values()}
        out |= {f"warcry.twist.{w.id}": w.name.get(locale) for w in TWISTS.values()}
        return out | {f"warcry.warband.{b.id}": b.name.get(locale) for b in WARBANDS.values()}

    return game_catalog(Path(__file__).parent, names)
