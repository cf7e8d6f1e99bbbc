"""Catalog lookup and localization of engine `Text`."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import yaml

from bot.engine.text import Text

log = logging.getLogger("tavernier.i18n")

SUPPORTED = ("fr", "en")
DEFAULT = "fr"


def normalize_locale(locale: str | None, default: str = DEFAULT) -> str:
    """Fold a Discord locale to one we translate to; unknown ones fall back to `default`."""
    if not locale:
        return default
    base = str(locale).split("-")[0].split("_")[0].lower()
    return base if base in SUPPORTED else default


class _SafeDict(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """Merged strings of the host and of every registered game."""

    def __init__(self) -> None:
        self._strings: dict[str, dict[str, str]] = {loc: {} for loc in SUPPORTED}

    def add(self, strings: Mapping[str, Mapping[str, str]]) -> None:
        for loc, table in strings.items():
            self._strings.setdefault(loc, {}).update({str(k): str(v) for k, v in table.items()})

    def has(self, key: str, locale: str = DEFAULT) -> bool:
        return key in self._strings.get(normalize_locale(locale), {})

    def get(self, key: str, locale: str) -> str | None:
        loc = normalize_locale(locale)
        value = self._strings.get(loc, {}).get(key)
        if value is None and loc != DEFAULT:
            value = self._strings[DEFAULT].get(key)
        return value

    def keys(self, locale: str) -> set[str]:
        return set(self._strings.get(normalize_locale(locale), {}))


@cache
def _host_strings() -> dict[str, dict[str, str]]:
    data = yaml.safe_load((Path(__file__).parent / "host.yaml").read_text(encoding="utf-8"))
    return {loc: dict(table) for loc, table in data.items()}


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    """The process-wide catalog: the host strings, plus games' catalogs as they register."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog()
        _CATALOG.add(_host_strings())
    from bot.engine.registry import games

    for game in games():
        marker = f"__loaded__.{game.key}"
        if not _CATALOG.has(marker):
            _CATALOG.add(getattr(game, "catalog", {}) or {})
            _CATALOG.add({loc: {marker: "1"} for loc in SUPPORTED})
    return _CATALOG


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """Translate `key`; a missing key shows the key itself (and logs once), never crashes."""
    loc = normalize_locale(locale)
    template = catalog().get(key, loc)
    if template is None:
        log.warning("missing translation key=%s locale=%s", key, loc)
        return key
    return _format(template, params)


def _format(template: str, params: Mapping[str, Any]) -> str:
    try:
        return Formatter().vformat(template, (), _SafeDict(params))
    except (ValueError, IndexError, KeyError):
        return template


SeatNamer = Callable[[int], str]


def localize(text: Text | str, locale: str | None, seat_name: SeatNamer | None = None) -> str:
    """Render an engine `Text`: nested texts are localized, seat parameters become names.

    Convention (documented for game authors): a parameter named `seat` or ending in `_seat`
    holds a seat number; a list parameter is joined with commas; booleans become yes/no.
    """
    if isinstance(text, str):
        return text
    loc = normalize_locale(locale)
    params = {k: _param(k, v, loc, seat_name) for k, v in text.params.items()}
    return t(text.key, loc, **params)


def _param(name: str, value: Any, locale: str, seat_name: SeatNamer | None) -> Any:
    if isinstance(value, Text):
        return localize(value, locale, seat_name)
    if isinstance(value, dict) and "key" in value and set(value) <= {"key", "params"}:
        return localize(Text.model_validate(value), locale, seat_name)
    if (name == "seat" or name.endswith("_seat")) and isinstance(value, int) and seat_name:
        return seat_name(value)
    if (name == "seats" or name.endswith("_seats")) and isinstance(value, list) and seat_name:
        return ", ".join(seat_name(int(v)) for v in value)
    if isinstance(value, bool):
        return t("common.yes" if value else "common.no", locale)
    if isinstance(value, list | tuple):
        return ", ".join(str(_param("", v, locale, seat_name)) for v in value)
    if value is None:
        return "—"
    return value
