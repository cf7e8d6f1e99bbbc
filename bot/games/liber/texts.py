"""Event parameters the host localizes: a `{"key", "params"}` dict is rendered as a catalog text
(bot/i18n/catalog.py), so card and line names reach players in their language."""

from __future__ import annotations

from typing import Any


def card_name(card_id: str) -> dict[str, Any]:
    return {"key": f"liber.card.{card_id}", "params": {}}


def line_name(line: int) -> dict[str, Any]:
    return {"key": f"liber.line.{line}", "params": {}}
