"""Ports: how the service tells the outside world (Discord, the demo, tests) what happened."""

from __future__ import annotations

from typing import Protocol

from bot.storage import MatchRecord

from .model import Applied, LiveMatch


class Notifier(Protocol):
    """Called outside the state lock, in order, once the change is durable."""

    async def lobby_changed(self, live: LiveMatch) -> None: ...
    async def applied(self, live: LiveMatch, step: Applied) -> bool:
        """Deliver one step. False: the notifier holds it to post with the steps that follow (one post
        per turn); it then calls `MatchService.delivered` once it posted them. A held step stays in the
        outbox, so a crash re-delivers it."""
        ...

    async def flush_held(self, *, older_than: float | None = None) -> None:
        """Deliver every step held so far (after re-delivery at start-up, and at shutdown); with
        `older_than`, only those held that many seconds."""
        ...

    async def dms_due(self) -> int:
        """Tell the players the game waits for who were playing live then and have been away since (their
        `/preferences` minutes): each gets the DM they were spared; returns how many."""
        ...

    async def cancelled(self, live: LiveMatch) -> None: ...
    async def lobby_expired(self, live: LiveMatch) -> None:
        """A lobby nobody touched was cancelled (`lobby_ttl`): tell its creator, free its thread."""
        ...

    async def broken(self, match: MatchRecord) -> None: ...
    async def remind(self, live: LiveMatch, seat: int, by_seat: int | None) -> None:
        """Remind a seat the game waits for it (by the schedule, or nudged by another seat)."""
        ...

    async def timer_news(self, live: LiveMatch, key: str, seat: int, **params: object) -> None:
        """Tell the table something about time (an absence, a return, a clock run out)."""
        ...


class NullNotifier:
    """For tools and tests that only need the service."""

    async def lobby_changed(self, live: LiveMatch) -> None:
        return None

    async def applied(self, live: LiveMatch, step: Applied) -> bool:
        return True

    async def flush_held(self, *, older_than: float | None = None) -> None:
        return None

    async def dms_due(self) -> int:
        return 0

    async def cancelled(self, live: LiveMatch) -> None:
        return None

    async def lobby_expired(self, live: LiveMatch) -> None:
        return None

    async def broken(self, match: MatchRecord) -> None:
        return None

    async def remind(self, live: LiveMatch, seat: int, by_seat: int | None) -> None:
        return None

    async def timer_news(self, live: LiveMatch, key: str, seat: int, **params: object) -> None:
        return None
