"""Localizable references inside event and error parameters.

The host localizes a parameter shaped `{"key": ..., "params": {...}}` (a nested `Text`), so card
names, statuses and phases stay JSON and are translated at the edge.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Text, txt


def ref(key: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params}


def card_ref(card_id: str) -> dict[str, Any]:
    return ref(f"altered.card.{card_id}")


def card_text(card_id: str) -> Text:
    """A card's name as a `Text` (menus, deck-list messages), where `card_ref` is an event parameter."""
    return txt(f"altered.card.{card_id}")
