"""Deck choice and deck-building validation (Complete Rules v3.0, constructed format; D-ALT-21).

A seat chooses a ready-made deck (`{"deck": "<id>"}`) or submits a list (`{"decklist": "<text>"}`):
read by the kernel's deck-list parser (one entry per line or `;`-separated, `3 Name`, `3x Name`,
`Name x3`), the Hero as a line of its own. Problems are localized `Text`s, all returned together.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bot.engine import Text, decklist, txt

from .labels import card_ref, card_text
from .printings import printed_id

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


def parse_decklist(content: Content, text: str) -> tuple[str | None, dict[str, int], list[Text]]:
    """Read a pasted list with the kernel's parser (bot/engine/decklist.py): returns (hero id, {card id:
    count}, problems). The Hero is a line of its own, with or without a count of 1."""
    entries, problems = decklist.parse(text, labels={"hero": "hero", "héros": "hero"})
    names: dict[str, tuple[str, ...]] = {
        cid: (c.name.fr, c.name.en, printed_id(cid)) for cid, c in content.cards.items()
    }
    names.update({hid: (h.name.fr, h.name.en, printed_id(hid)) for hid, h in content.heroes.items()})
    found, unknown = decklist.resolve(entries, decklist.name_index(names), card_text)
    problems += unknown
    hero: str | None = None
    cards: Counter[str] = Counter()
    for entry, ident in found:
        if ident in content.heroes:
            if hero is not None or entry.count != 1:
                problems.append(txt("altered.deck.one_hero", line=entry.line))
            hero = hero or ident  # the first Hero line counts
        else:
            cards[ident] += entry.count
    return hero, dict(cards), problems
