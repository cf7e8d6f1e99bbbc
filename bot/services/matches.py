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

from .advice import AdviceOps
from .ai_seats import AiSeats
from .errors import ServiceError
from .judge import JudgeOps
from .lobby import LobbyOps
from .model import LiveMatch
from .moves import MoveOps
from .preferences import PreferenceOps
from .ratings import RatingOps
from .review import ReviewOps
from .timekeeping import TimeOps
from .undo import UndoOps

log = logging.getLogger("tavernier.matches")


class MatchService(
    MoveOps, LobbyOps, AiSeats, PreferenceOps, TimeOps, UndoOps, RatingOps, ReviewOps, JudgeOps, AdviceOps
):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._ai_tasks: dict[str, asyncio.Task[None]] = {}
        self.ai_longest: dict[str, float] = {}

    async def resume_all(self) -> list[LiveMatch]:
        """At start-up: load only the matches that have something to do now — an AI seat to play (the
        AI's own or a person's it plays while they are away or out of time) — deliver what a crash left
        undelivered (with the forced answers a crash cut off), and let those AI seats play. Every other
        match stays a row until it is touched (#16: ten thousand matches start in seconds). A match that
        cannot be loaded is marked broken, its thread told, logged once; every other match still loads."""
        out = []
        for match_id in await self._due_now(ai_only=True):
            try:
                out.append(await self.get(match_id))
            except ServiceError:
                continue  # marked broken and told by `get`
        delivered = await self.redeliver()  # and the forced answers a crash cut off after a move
        await self.rate_pending()
        for live in out:
            await self.settle_forced(live)
            self._schedule_ai(live)
        log.info("resumed matches=%d redelivered=%d", len(out), delivered)
        return out
