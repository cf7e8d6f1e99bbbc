"""MatchService: the only door to match state.

Every change takes the match's lock, checks the version and the seat, checks the action (`check`,
the one legality oracle), applies the engine, and appends to the log in one transaction before anyone
is told. Notifications go out in order (a second lock is taken before the state lock is released)
and AI seats play in background tasks through the very same path as people. The service is built from
one mixin per responsibility: `LobbyOps` (lobby.py), `MoveOps` (moves.py), `AiSeats` (ai_seats.py).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.storage import StorageUnavailable

from .ai_seats import AiSeats
from .core import ACTIVE
from .lobby import LobbyOps
from .model import LiveMatch
from .moves import MoveOps
from .preferences import PreferenceOps
from .ratings import RatingOps
from .review import ReviewOps
from .timekeeping import TimeOps
from .undo import UndoOps

log = logging.getLogger("tavernier.matches")


class MatchService(MoveOps, LobbyOps, AiSeats, PreferenceOps, TimeOps, UndoOps, RatingOps, ReviewOps):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._ai_tasks: dict[str, asyncio.Task[None]] = {}

    async def resume_all(self) -> list[LiveMatch]:
        """At start-up: load every lobby and active match, deliver what a crash left undelivered, and let
        AI seats that must act play. A match that cannot be loaded is marked broken, its thread told,
        logged once; every other match still loads."""
        out = []
        for rec in await self.store.matches_with_status(*ACTIVE):
            if rec.broken:
                continue
            try:
                live = await self.get(rec.id)
            except StorageUnavailable:
                raise
            except Exception as exc:
                reason = getattr(exc, "code", None) or type(exc).__name__
                log.error("cannot resume match=%s reason=%s", rec.id, reason)
                await self.store.mark_broken(rec.id, str(reason))
                await self.notifier.broken(rec)
                continue
            out.append(live)
        delivered = await self.redeliver()
        await self.rate_pending()
        for live in out:
            self._schedule_ai(live)
        log.info("resumed matches=%d redelivered=%d", len(out), delivered)
        return out
