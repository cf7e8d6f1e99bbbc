"""What `/carte` shows of a card: its name and a few localized lines, as plain data."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class CardInfo(BaseModel):
    """A card of a game's content, ready to show: `lines` per locale (type, cost, stats, text)."""

    model_config = ConfigDict(frozen=True)

    id: str
    game: str
    name: dict[str, str]
    lines: dict[str, tuple[str, ...]]

    def name_for(self, locale: str) -> str:
        return self.name.get(locale) or self.name.get("fr") or self.id

    def lines_for(self, locale: str) -> tuple[str, ...]:
        return self.lines.get(locale) or self.lines.get("fr") or ()
