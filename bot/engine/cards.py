"""What `/carte` shows of a card: its name and a few localized lines, as plain data."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from .content import LOCALES, Names


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


class Entry(Protocol):
    """An entry of a game's content shown by `/carte`: a card, a profile, a hero."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> Names: ...


E = TypeVar("E", bound=Entry)


def cards_of(game: str, entries: Iterable[E], lines: Callable[[E, str], tuple[str, ...]]) -> list[CardInfo]:
    """Every entry as `/carte` shows it, in every language: `lines(entry, locale)` writes its lines in one."""
    return [
        CardInfo(
            id=e.id,
            game=game,
            name={loc: e.name.get(loc) for loc in LOCALES},
            lines={loc: lines(e, loc) for loc in LOCALES},
        )
        for e in entries
    ]
