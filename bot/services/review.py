"""Reviewing a finished match step by step, and trying another line from any step against the AI."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

from bot.engine import Rng, public
from bot.i18n import t
from bot.storage import LogEntry, SeatRecord

from .core import ServiceCore
from .errors import ServiceError
from .model import LiveMatch
from .replay import rebuild, states_along
from .timers import Timers

#: Opens the new match's thread (and its first message) before anything of the match is posted.
Opened = Callable[[LiveMatch], Awaitable[None]]


class ReviewOps(ServiceCore):
    async def state_at(self, match_id: str, seq: int) -> tuple[LiveMatch, Any, LogEntry, int]:
        """A finished match's state after step `seq` (clamped), that step, and the last step's number."""
        live = await self.get(match_id)
        if live.rec.status != "finished":
            raise ServiceError("not_finished")
        entries = await self.store.log(live.id)
        seq = max(0, min(seq, len(entries) - 1))
        state = rebuild(live.game, live.seats, live.rec.options, entries[: seq + 1])
        return live, state, entries[seq], len(entries) - 1

    async def public_views(self, match_id: str) -> tuple[LiveMatch, list[tuple[int, Any]]]:
        """A finished match's public board (`view(state, None)`) after each of its steps, with the step's
        number: what its animated replay draws, so that nothing hidden can reach it. Rebuilt from the log
        in a worker thread (CPU work, a whole match)."""
        live = await self.get(match_id)
        if live.rec.status != "finished":
            raise ServiceError("not_finished")
        entries = await self.store.log(live.id)
        game, seats, options = live.game, live.seats, live.rec.options

        def views() -> list[tuple[int, Any]]:
            return [(seq, game.view(state, None)) for seq, state in states_along(game, seats, options, entries)]

        along = await asyncio.to_thread(views)
        return live, with_result(along, live.rec.outcome)

    async def try_from(
        self, match_id: str, seq: int, user_id: int, *, name: str, locale: str, opened: Opened | None = None
    ) -> LiveMatch:
        """`/partie essayer`: a new match against the AI from step `seq` of a finished one, seen from the
        seat the player had (seat 0 if they did not play): what that seat could not see is dealt again
        at random (the game's `determinize`), so knowing the old log gives nothing away. The start state
        is recorded in the set-up step, so the new match replays like any other.

        The match starts at once, unlike a lobby: `opened` gives it its thread after its set-up step is
        saved and before that step is delivered or the AI plays, or both would be posted to no thread (a
        practice the person starts showed no Play button). If `opened` fails (it cancels the match), nothing
        is posted and the AI never plays."""
        old, state, _entry, _last = await self.state_at(match_id, seq)
        if old.game.outcome(state) is not None:
            raise ServiceError("try_over")
        mine = old.seat_of(user_id)
        seat = mine.seat if mine is not None else 0
        seats = [
            SeatRecord(seat=s.seat, name=name, user_id=user_id, locale=locale, options=s.options)
            if s.seat == seat
            else SeatRecord(
                seat=s.seat, name=t("seat.by_ai", locale, name=s.name), is_ai=True, options=s.options, locale=locale
            )
            for s in old.seats
        ]
        rec = self._record_like(
            old.rec, created_by=user_id, locale=locale, timers=Timers().model_dump(mode="json", exclude={"seats"})
        )
        live = await self._create(rec, seats)
        async with live.lock:
            rng = Rng(rec.seed)
            start = old.game.determinize(old.game.view(state, seat), rng)
            step, forced = await self._host_step(
                live,
                base=dataclasses.replace(live.rec, status="active"),
                state=start,
                rng=rng,
                kind="setup",
                events=(public("tried_from", match=old.id, step=seq),),
                meta={"start": old.game.dump_state(start)},
            )
        if opened is not None:
            try:
                await opened(live)
            except BaseException:
                live.delivery.release()
                self.delivered(live.id, (forced or [step])[-1].seq)  # cancelled by then: nothing waits in the outbox
                raise
        await self._deliver(live, step, *forced)
        return live


def with_result(along: list[tuple[int, Any]], outcome: dict[str, Any] | None) -> list[tuple[int, Any]]:
    """The boards with the match's result on the last: a match that ended by a host step (a concession, a
    clock) leaves the engine's state as it was, whose board would still say who is to play."""
    winners = (outcome or {}).get("winners")
    if not along or winners is None:
        return along
    seq, last = along[-1]
    if "winners" not in type(last).model_fields or last.winners is not None:  # a card game's view; a result
        return along
    return [*along[:-1], (seq, last.model_copy(update={"winners": tuple(winners)}))]
