"""Ports: how the service tells the outside world (Discord, the demo, tests) what happened."""

from __future__ import annotations

from typing import Protocol

from bot.storage import MatchRecord

from .model import Applied, LiveMatch


class Notifier(Protocol):
    """Called outside the state lock, in order, once the change is durable."""

    async def lobby_changed(self, match: LiveMatch) -> None: ...
    async def applied(self, match: LiveMatch, step: Applied) -> None: ...
    async def cancelled(self, match: LiveMatch) -> None: ...
    async def broken(self, match: MatchRecord) -> None: ...


class NullNotifier:
    """For tools and tests that only need the service."""

    async def lobby_changed(self, match: LiveMatch) -> None:
        return None

    async def applied(self, match: LiveMatch, step: Applied) -> None:
        return None

    async def cancelled(self, match: LiveMatch) -> None:
        return None

    async def broken(self, match: MatchRecord) -> None:
        return None
