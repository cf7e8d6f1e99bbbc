"""The one error mapper: every failure becomes a localized private answer.

Engine and service errors name their reason and, when there is one, the rule id; anything else is
logged with the match id and answered with an apology (the service guarantees nothing was half
applied: a step is one transaction).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.engine import EngineError, Text
from bot.i18n import catalog, localize, t
from bot.services import StaleVersion, StorageError

log = logging.getLogger("tavernier.errors")


class Unacknowledged(Exception):
    """Acknowledging an interaction failed (already logged): the handler stops, nothing to answer.
    It lives here, below `answers` and `components`, which both raise or catch it."""


@dataclass(frozen=True, slots=True)
class ErrorAnswer:
    text: str
    rule: str | None = None
    stale: bool = False


def explain(exc: BaseException, locale: str, *, match_id: str | None = None) -> ErrorAnswer:
    """Turn an exception into what the player reads."""
    if isinstance(exc, StaleVersion):
        return ErrorAnswer(t("error.stale_version", locale), stale=True)
    if isinstance(exc, StorageError):
        log.error("storage failed match=%s error=%s", match_id or "-", exc)
        if getattr(exc, "code", None) == "corrupt":  # the file was damaged: this and later moves are not confirmed
            return ErrorAnswer(t("error.storage_damaged", locale))
        # the write was one transaction that did not commit: nothing changed, say so plainly
        return ErrorAnswer(t("error.storage", locale))
    if isinstance(exc, EngineError):
        key = f"error.{exc.code}"
        params = {k: _param(v, locale) for k, v in exc.params.items()}
        if catalog().has(key, locale):
            text = t(key, locale, **params)
        else:
            text = t("error.generic_refusal", locale, code=exc.code)
        if exc.rule:
            text += "\n" + t("error.rule_ref", locale, rule=exc.rule)
        return ErrorAnswer(text, rule=exc.rule)
    log.error("unexpected error match=%s", match_id or "-", exc_info=exc)
    return ErrorAnswer(t("error.unexpected", locale))


def _param(value: object, locale: str) -> object:
    """Texts are localized; a list (every problem of a deck list) becomes one bullet per line."""
    if isinstance(value, Text):
        return localize(value, locale)
    if isinstance(value, list | tuple):
        return "".join(f"\n• {_param(v, locale)}" for v in value)
    return value
