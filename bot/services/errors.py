"""Errors the match service raises on purpose; codes name catalog lines (`error.<code>`)."""

from __future__ import annotations

from bot.engine import EngineError


class ServiceError(EngineError):
    """A request the host refuses (not a rules violation)."""


class StaleVersion(ServiceError):
    """The player acted on an outdated board: nothing was applied."""

    def __init__(self, current: int) -> None:
        super().__init__("stale_version", current=current)
        self.current = current
