"""Catalog lookup and localization of engine `Text`."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

from bot.engine.content import FORM, load_yaml
from bot.engine.registry import games, revision
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
    data = load_yaml((Path(__file__).parent / "host.yaml").read_text(encoding="utf-8"))
    return {loc: dict(table) for loc, table in data.items()}


_CATALOG: Catalog | None = None
_SEEN = -1  # the registry's revision the catalog last looked at


def catalog() -> Catalog:
    """The process-wide catalog: the host strings, plus games' catalogs as they register. The registry is
    looked at again only when it changed: scanning it at every `t()` cost ~12 µs, 0.4 ms of a board."""
    global _CATALOG, _SEEN
    if _CATALOG is None:
        _CATALOG = Catalog()
        _CATALOG.add(_host_strings())
    if revision() != _SEEN:
        _SEEN = revision()
        for game in games():
            marker = f"__loaded__.{game.key}"
            if not _CATALOG.has(marker):
                _CATALOG.add(game.catalog)
                _CATALOG.add({loc: {marker: "1"} for loc in SUPPORTED})
    return _CATALOG


def game_name(key: str, locale: str | None = None) -> str:
    """A game's name as its players write it (its catalog's `<key>.name`); its key when it has none."""
    name = f"{key}.name"
    return t(name, locale) if catalog().has(name, normalize_locale(locale)) else key


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """Translate `key`; a missing key shows the key itself (and logs once), never crashes."""
    loc = normalize_locale(locale)
    template = catalog().get(key, loc)
    if template is None:
        log.warning("missing translation key=%s locale=%s", key, loc)
        return key
    return _format(template, params, loc)


def _format(template: str, params: Mapping[str, Any], locale: str = DEFAULT) -> str:
    try:
        return _TextFormatter(locale).vformat(template, (), _SafeDict(params))
    except (ValueError, IndexError, KeyError, TypeError):
        return template


#: Tenths of a millimetre per unit, for `{x:in}` and `{x:cm}` (bot/table/units.py).
_UNITS = {"in": 254, "cm": 100}
_VOWELS = set("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")  # no h: mute or aspirated is per word


class _TextFormatter(Formatter):
    """`str.format` plus the specs every catalog may use:

    - `{n:p:carte|cartes}`: the plural form of the locale for n (Babel's CLDR rules: French 0 and 1
      are singular, English 0 is plural); a third form is the CLDR "many" when given;
    - `{who:a:mis|mise}` (or `m|f|mp|fp`): the word that agrees with a name's gender and number in
      French (`Worded`, from the content's `Names.form`; « Hurleuse (B2) est mise hors de combat »);
    - `{game:de}`, `{x:le}`, `{x:que}`: French elision before a vowel ("d'Altered",
      "de King of Liber", "l'IA");
    - `{d:in}`, `{d:cm}`: a length in tenths of a millimetre shown in that unit with one decimal and
      the locale's decimal mark ("12,5" in French);
    - `{s:span}`: a duration in seconds in days, hours and minutes ("1 j 12 h", "1 d 12 h", "30 min").
    """

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("p:"):
            return _plural(value, format_spec[2:], self.locale)
        if format_spec.startswith("a:"):
            return _agree(value, format_spec[2:])
        if format_spec in ("de", "le", "que"):
            return _elide(format_spec, str(value))
        if format_spec in _UNITS and isinstance(value, int | float):
            return _length(value / _UNITS[format_spec], self.locale)
        if format_spec == "span" and isinstance(value, int | float):
            return _span(value, self.locale)
        return super().format_field(value, format_spec)


def _plural(value: Any, forms: str, locale: str) -> str:
    from babel import Locale

    options = forms.split("|")
    try:
        category = Locale.parse(locale).plural_form(abs(float(value)))
    except (TypeError, ValueError):
        category = "other"
    if category == "one":
        return options[0]
    if category == "many" and len(options) > 2:
        return options[2]
    return options[1] if len(options) > 1 else options[0]


#: Where each form's word stands in `{x:a:…}`: masculine, feminine, then their plurals.
_FORMS = {"m": 0, "f": 1, "mp": 2, "fp": 3}


def _agree(value: Any, forms: str) -> str:
    """The word of `forms` (« m|f » or « m|f|mp|fp ») that agrees with `value` (`Worded`); without plural
    forms, a plural value takes its gender's."""
    options = forms.split("|")
    index = _FORMS.get(getattr(value, "form", "m"), 0)
    return options[index if index < len(options) else index % 2]


def _elide(word: str, value: str) -> str:
    if value[:1] in _VOWELS:
        return f"{word[:-1]}'{value}"
    return f"{word} {value}"


def _length(value: float, locale: str) -> str:
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", ",") if locale == "fr" else text


def _span(seconds: float, locale: str) -> str:
    minutes = max(0, round(seconds / 60))
    days, rest = divmod(minutes, 1440)
    hours, minutes = divmod(rest, 60)
    parts = [(days, "j" if locale == "fr" else "d"), (hours, "h"), (minutes, "min")]
    return " ".join(f"{n} {unit}" for n, unit in parts if n) or "0 min"


SeatNamer = Callable[[int], str]


def localize(text: Text | str, locale: str | None, seat_name: SeatNamer | None = None) -> str:
    """Render an engine `Text`: nested texts are localized, seat parameters become names.

    Convention (documented for game authors): a parameter named `seat` or ending in `_seat`
    holds a seat number; a list parameter is joined as the locale writes a list (Babel: « forêt,
    montagne et eau », "forest, mountain, and water"); booleans become yes/no.
    """
    if isinstance(text, str):
        return text
    loc = normalize_locale(locale)
    params = {k: _param(k, v, loc, seat_name) for k, v in text.params.items()}
    out = t(text.key, loc, **params)
    head = _head(text.key, loc)
    form = catalog().get(text.key + FORM, loc) or (getattr(params[head], "form", "m") if head in params else "m")
    return out if form == "m" else Worded(out, str(form))


class Worded(str):
    """A localized text that is not masculine singular in French: its `form` (f, mp, fp) is what a
    sentence about it agrees with (`{who:a:mis|mise}`); a plain string is masculine singular."""

    form: str

    def __new__(cls, text: str, form: str = "m") -> Worded:  # the default lets pickle rebuild one
        out = super().__new__(cls, text)
        out.form = form
        return out


_HEADS: dict[tuple[str, str], str | None] = {}


def _head(key: str, locale: str) -> str | None:
    """The parameter a text's template opens with: a name built round another (« {profile} ({id}) »)
    takes that one's form, as « Hurleuse (B2) » is feminine because « Hurleuse » is."""
    known = (key, locale)
    if known not in _HEADS:
        template = catalog().get(key, locale)
        if template is None:
            return None  # not remembered: its game may register later
        fields = (name for _, name, _, _ in Formatter().parse(template) if name)
        _HEADS[known] = next(fields, None)
    return _HEADS[known]


def _join(items: list[str], locale: str) -> str:
    from babel.lists import format_list

    return format_list(items, locale=locale) if items else ""


def _param(name: str, value: Any, locale: str, seat_name: SeatNamer | None) -> Any:
    if isinstance(value, Text):
        return localize(value, locale, seat_name)
    if isinstance(value, dict) and "key" in value and set(value) <= {"key", "params"}:
        return localize(Text.model_validate(value), locale, seat_name)
    if (name == "seat" or name.endswith("_seat")) and isinstance(value, int) and seat_name:
        return seat_name(value)
    if (name == "seats" or name.endswith("_seats")) and isinstance(value, list) and seat_name:
        return _join([seat_name(int(v)) for v in value], locale)
    if isinstance(value, bool):
        return t("common.yes" if value else "common.no", locale)
    if isinstance(value, list | tuple):
        return _join([str(_param("", v, locale, seat_name)) for v in value], locale)
    if value is None:
        return "—"
    return value
