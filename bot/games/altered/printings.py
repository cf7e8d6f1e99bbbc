"""Printings of a card across editions: an erratum's id carries the edition that printed it (`_eN`).

Apart from the content so that the deck rules (decks.py), which the content checks its decks with, can read ids.
"""

from __future__ import annotations

import re

#: The id suffix of a later edition's printing ("lancier_aube_e2").
ERRATA = re.compile(r"_e\d+$")


def printed_id(card_id: str) -> str:
    """The id a card is known by, whatever its edition: lists typing old ids keep working."""
    return ERRATA.sub("", card_id)


def in_print(card_id: str, retired: int | None, edition: int) -> bool:
    """Whether a printing is dealt in this edition: an `_eN` printing from edition N on (an id without
    suffix from the first), until the edition that retired it."""
    found = ERRATA.search(card_id)
    since = int(found.group()[2:]) if found else 1
    return since <= edition and (retired is None or edition < retired)
