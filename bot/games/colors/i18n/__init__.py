"""Player-facing strings of Colors of Magic (French first, English), plus card and wizard names."""

from __future__ import annotations

from pathlib import Path

from bot.engine.content import game_catalog, named_entries

from ..content import CARDS, MONSTERS, WIZARDS, Card, Monster, Wizard


def load_catalog() -> dict[str, dict[str, str]]:
    def names(locale: str) -> dict[str, str]:
        named: list[Card | Wizard | Monster] = [*CARDS.values(), *WIZARDS.values(), *MONSTERS.values()]
        return {k: v for c in named for k, v in named_entries(f"colors.card.{c.id}", c.name, locale).items()}

    return game_catalog(Path(__file__).parent, names)
