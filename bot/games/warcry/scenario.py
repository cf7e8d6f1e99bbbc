"""Choosing the battleplan at creation (`/partie nouvelle scenario:`, D-WAR-33): what a creator may fix
of the four cards a battle otherwise draws, and the lobby's line saying what was fixed.

A value is `part:card` pairs joined by commas (« victory:butin,twist:brume »), as the autocomplete
offers them; words typed instead (« butin brume ») are matched against the cards' names in both
languages. « random » fixes nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import Text, txt
from bot.i18n import t

from .content import DEPLOYMENTS, LAYOUTS, TWISTS, VICTORIES

#: The parts of a battleplan, in the order the lobby says them, with their cards' message keys.
PARTS: dict[str, tuple[str, ...]] = {
    "layout": tuple(sorted(LAYOUTS)),
    "deployment": tuple(sorted(DEPLOYMENTS)),
    "victory": tuple(sorted(VICTORIES)),
    "twist": tuple(sorted(TWISTS)),
}
RANDOM = "random"
MAX_CHOICES = 25  # Discord's limit for an autocomplete


def card_key(part: str, card: str) -> str:
    return f"warcry.{part}.{card}"


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def _words(typed: str) -> list[str]:
    return [w for w in _fold(typed).replace(",", " ").replace("·", " ").split() if len(w) >= 3]


def _matches(typed: str) -> dict[str, str]:
    """The first card of each part whose name (French or English) or id holds a typed word."""
    words = _words(typed)
    found: dict[str, str] = {}
    for part, cards in PARTS.items():
        for card in cards:
            names = {_fold(t(card_key(part, card), loc)) for loc in ("fr", "en")} | {card}
            if any(w in name for w in words for name in names):
                found[part] = card
                break
    return found


def parse(value: str) -> dict[str, str]:
    """The cards a `scenario:` value fixes; raises ValueError when it names none of ours."""
    value = value.strip()
    if not value or value == RANDOM:
        return {}
    if ":" in value:
        fixed: dict[str, str] = {}
        for pair in value.split(","):
            part, _, card = pair.strip().partition(":")
            if card not in PARTS.get(part, ()):
                raise ValueError(pair)
            fixed[part] = card
        return fixed
    found = _matches(value)
    if not found:
        raise ValueError(value)
    return found


def _value(fixed: Mapping[str, str]) -> str:
    return ",".join(f"{part}:{card}" for part, card in fixed.items()) or RANDOM


def _name(fixed: Mapping[str, str], locale: str) -> str:
    if not fixed:
        return t("warcry.scenario.random", locale)
    cards = " · ".join(t(card_key(part, card), locale) for part, card in fixed.items())
    rest = "" if len(fixed) == len(PARTS) else t("warcry.scenario.rest_random", locale)
    return f"{cards}{rest}"[:100]


def choices(typed: str, locale: str) -> list[tuple[str, str]]:
    """« Au hasard » first; then the cards named by what was typed together (several parts at once);
    then each card alone, the rest drawn, those matching what was typed first."""
    out: list[tuple[str, str]] = [(_name({}, locale), RANDOM)]
    together = _matches(typed)
    if len(together) > 1:
        out.append((_name(together, locale), _value(together)))
    words = _words(typed)
    singles = []
    for part, cards in PARTS.items():
        for card in cards:
            name = _name({part: card}, locale)
            hit = not words or any(w in _fold(name) or w in card for w in words)
            singles.append((0 if hit else 1, name, _value({part: card})))
    out += [(name, value) for _, name, value in sorted(singles, key=lambda s: s[0])]
    return out[:MAX_CHOICES]


def lines(options: Mapping[str, Any]) -> Sequence[Text]:
    """The lobby's line: the battleplan's cards chosen at creation, the rest drawn at set-up."""
    fixed = {part: options[part] for part in PARTS if options.get(part)}
    if not fixed:
        return (txt("warcry.scenario.lobby_random"),)
    cards = [txt(card_key(part, card)) for part, card in fixed.items()]
    key = "warcry.scenario.lobby_all" if len(fixed) == len(PARTS) else "warcry.scenario.lobby_some"
    return (txt(key, cards=cards),)
