"""Deck choice and deck-building validation (Complete Rules v3.0, constructed format; D-ALT-21).

A seat chooses a ready-made deck (`{"deck": "<id>"}`) or submits a list (`{"decklist": "<text>"}`):
one card per line as `<count> <name or id>`, the Hero as a line of its own (with or without a
count of 1). Problems are localized `Text`s, all returned together.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import TYPE_CHECKING

from bot.engine import Text, txt

from .labels import card_ref

if TYPE_CHECKING:
    from .content import Content

MIN_CARDS = 39
MAX_COPIES = 3
MAX_RARE = 15
MAX_UNIQUE = 3
NEUTRAL = "neutral"


def deck_problems(content: Content, hero: str | None, cards: dict[str, int]) -> list[Text]:
    """Every way a (hero, cards) list breaks the constructed deck-building rules."""
    problems: list[Text] = []
    hero_def = content.heroes.get(hero) if hero else None
    if hero is None:
        problems.append(txt("altered.deck.no_hero"))
    elif hero_def is None:
        problems.append(txt("altered.deck.unknown_card", name=hero))
    total = 0
    by_name: Counter[str] = Counter()
    rare = unique = 0
    for card_id, count in cards.items():
        card = content.cards.get(card_id)
        if card is None:
            problems.append(txt("altered.deck.unknown_card", name=card_id))
            continue
        if count < 1:
            problems.append(txt("altered.deck.bad_count", card=card_ref(card_id)))
            continue
        total += count
        by_name[card.name.fr] += count
        if card.rarity == "rare":
            rare += count
        elif card.rarity == "unique":
            unique += count
        if hero_def is not None and card.faction not in (hero_def.faction, NEUTRAL):
            problems.append(txt("altered.deck.wrong_faction", card=card_ref(card_id)))
    if total < MIN_CARDS:
        problems.append(txt("altered.deck.too_few", count=total, minimum=MIN_CARDS))
    for name, count in sorted(by_name.items()):
        if count > MAX_COPIES:
            problems.append(txt("altered.deck.too_many_copies", name=name, count=count, maximum=MAX_COPIES))
    if rare > MAX_RARE:
        problems.append(txt("altered.deck.too_many_rare", count=rare, maximum=MAX_RARE))
    if unique > MAX_UNIQUE:
        problems.append(txt("altered.deck.too_many_unique", count=unique, maximum=MAX_UNIQUE))
    return problems


def _norm(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


def parse_decklist(content: Content, text: str) -> tuple[str | None, dict[str, int], list[Text]]:
    """Read a pasted list: returns (hero id, {card id: count}, problems with the lines)."""
    index: dict[str, str] = {}
    for cid, card in content.cards.items():
        for key in (cid, card.name.fr, card.name.en):
            index[_norm(key)] = cid
    heroes: dict[str, str] = {}
    for hid, hero_def in content.heroes.items():
        for key in (hid, hero_def.name.fr, hero_def.name.en):
            heroes[_norm(key)] = hid
    hero: str | None = None
    cards: Counter[str] = Counter()
    problems: list[Text] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.match(r"^(\d+)\s*x?\s+(.+)$", line)
        count, name = (int(match.group(1)), match.group(2)) if match else (1, line)
        key = _norm(name)
        if key in heroes:
            if hero is not None or count != 1:
                problems.append(txt("altered.deck.one_hero", line=lineno))
            hero = hero or heroes[key]  # the first Hero line counts
        elif key in index:
            cards[index[key]] += count
        else:
            problems.append(txt("altered.deck.unknown_line", line=lineno, name=name[:40]))
    return hero, dict(cards), problems
