"""Time in a match: reminders, clocks that run out, absences, nudges (bot/services/timers.py).

The bot calls `tick` every minute and once at start-up (a clock that ran out while it was down is
applied then, once: the timeout is a step, version-checked like any other). Tests move their clock
and call `tick`; nothing here sleeps.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging

from bot.engine import Concede, Outcome, Rng, public, txt

from .core import ServiceCore
from .errors import ServiceError
from .model import Applied, LiveMatch
from .timers import Timers

log = logging.getLogger("tavernier.time")


def _out_of_time(timers: Timers, seat: int, now: float) -> bool:
    left = timers.left(seat, now)
    return left is not None and left <= 0 and not timers.absent(seat, now)


class TimeOps(ServiceCore):
    def timers(self, live: LiveMatch) -> Timers:
        return live.timers

    def ai_seat_numbers(self, live: LiveMatch) -> set[int]:
        """Seats the AI plays now: AI seats, and people whose clock ran out or who are away with the AI."""
        timers, now = live.timers, self._clock()
        return {s.seat for s in live.seats if s.is_ai or (live.rec.timers and timers.ai_plays(s.seat, now))}

    async def _save_timers(self, live: LiveMatch, timers: Timers) -> None:
        async with live.lock:
            rec = dataclasses.replace(live.rec, timers=timers.model_dump(mode="json"))
            await self._save_match(live, rec)

    async def tick(self) -> int:
        """Apply what is due now in every active match; returns how many things were done. Matches are
        found from their rows (`_due_now`): only those with something due, and those already loaded,
        are looked at."""
        done = await self._expire_lobbies()
        due = set(await self._due_now())
        resident = {m.id for m in self._live.values() if m.rec.status == "active"}
        for match_id in sorted(due | resident):
            try:
                live = await self.get(match_id)
                if live.rec.status == "active":
                    done += await self._tick_match(live)
            except ServiceError:
                continue  # broken (marked and told by `get`) or gone
            except Exception:
                log.exception("time keeping failed match=%s", match_id)
        try:
            done += await self.notifier.dms_due()  # players who left the table since the game waits for them
        except Exception:
            log.exception("owed DMs failed")
        return done

    async def _expire_lobbies(self) -> int:
        """Cancel the lobbies nobody touched for `lobby_ttl`: each one's creator is told in its thread,
        and the thread is archived. A lobby touched meanwhile (read again under its lock) stays."""
        if self.lobby_ttl is None:
            return 0
        cutoff = self._clock() - self.lobby_ttl
        done = 0
        for match_id in await self.store.lobbies_untouched_since(cutoff):
            try:
                live = await self.get(match_id)
                async with live.lock:
                    if live.rec.status != "lobby" or live.rec.updated_at >= cutoff:
                        continue
                    await self._save_match(live, dataclasses.replace(live.rec, status="cancelled"))
            except ServiceError:
                continue  # broken (marked and told by `get`), gone, or changed by another process
            self._retire(live)
            log.info("lobby expired match=%s idle_hours=%.0f", match_id, self.lobby_ttl / 3600)
            await self.notifier.lobby_expired(live)
            done += 1
        return done

    async def _due_now(self, *, ai_only: bool = False) -> list[str]:
        """The active matches with something to do now, read from the index of rows (who is awaited,
        the timers, the AI seats), never by loading a match: an AI seat to play (its own, or a person
        it plays while away or out of time), and unless `ai_only` an absence that ended, a clock run
        out or a reminder due. The index is parsed in slices so that the event loop never waits long."""
        now = self._clock()
        out: list[str] = []
        for i, (match_id, to_act_raw, timers_raw, ai_raw) in enumerate(await self.store.active_index()):
            if i and i % 250 == 0:
                await asyncio.sleep(0)
            try:
                to_act = [int(x) for x in json.loads(to_act_raw)]
                timers = Timers.model_validate(json.loads(timers_raw or "{}"))
            except (ValueError, TypeError):
                out.append(match_id)  # loading it will mark it broken and say so
                continue
            ai = {int(x) for x in ai_raw.split(",")} if ai_raw else set()
            if any(seat in ai or timers.ai_plays(seat, now) for seat in to_act) or (
                not ai_only
                and (
                    any(t.absent_until is not None and t.absent_until <= now for t in timers.seats.values())
                    or any(_out_of_time(timers, seat, now) or timers.reminder_due(seat, now) for seat in to_act)
                )
            ):
                out.append(match_id)
        return out

    async def _tick_match(self, live: LiveMatch) -> int:
        if not await self._lease(live.id):
            return 0  # another process keeps this match's time
        now = self._clock()
        done = 0
        timers = self.timers(live)
        for seat, t in sorted(timers.seats.items()):
            if t.absent_until is not None and t.absent_until <= now:
                await self._save_timers(live, self.timers(live).come_back(seat, now))
                await self.notifier.timer_news(live, "time.back", seat)
                done += 1
        for seat in sorted(live.to_act()):
            record = live.seat(seat)
            timers = self.timers(live)
            if record.is_ai or timers.ai_plays(seat, now):
                continue
            left = timers.left(seat, now)
            if left is not None and left <= 0 and not timers.absent(seat, now):
                await self._out_of_time(live, seat)
                return done + 1
            if record.user_id and timers.reminder_due(seat, now):
                await self._save_timers(live, timers.reminded(seat, now))  # saved first: a crash never repeats it
                await self.notifier.remind(live, seat, None)
                done += 1
        self._schedule_ai(live)
        return done

    async def _out_of_time(self, live: LiveMatch, seat: int) -> None:
        """A seat's clock ran out: it loses, or the AI takes it over, as the table chose at creation."""
        timers = self.timers(live)
        if timers.on_timeout == "ai":
            await self._save_timers(live, timers.hand_to_ai(seat))
            await self.notifier.timer_news(live, "time.ai_takes_over", seat)
            self._schedule_ai(live)
            return
        async with live.lock:
            if live.rec.status != "active" or seat not in live.to_act():
                return
            step = await self._timeout_step(live, seat)
            forced = await self._answer_forced(live)
            await live.delivery.acquire()
        await self._deliver(live, step, *forced)

    async def _timeout_step(self, live: LiveMatch, seat: int) -> Applied:
        others = tuple(s.seat for s in live.seats if s.seat != seat)
        assert live.rng is not None
        return await self._commit_step(
            live,
            live.rec,
            live.state,
            Rng.from_state(live.rng.state()),
            kind="timeout",
            seat=seat,
            action=Concede(),
            events=(public("timed_out", seat=seat),),
            forced_outcome=Outcome(winners=others, reason=txt("outcome.timeout", seat=seat)),
        )

    # -- what players ask -------------------------------------------------------------------------
    async def nudge(self, match_id: str, user_id: int) -> list[int]:
        """`/partie rappel`: a seated player who waits reminds the seats the game waits for (once a day)."""
        live, me = await self._playing(match_id, user_id)
        waiting = [s for s in sorted(live.to_act()) if not live.seat(s).is_ai and s != me.seat]
        if me.seat in live.to_act() or not waiting:
            raise ServiceError("nudge_nobody")
        timers, now = self.timers(live), self._clock()
        for seat in waiting:
            timers = timers.nudge(seat, now)
        await self._save_timers(live, timers)
        for seat in waiting:
            await self.notifier.remind(live, seat, me.seat)
        return waiting

    async def go_away(self, match_id: str, user_id: int, seconds: float, *, ai: bool) -> float:
        """`/partie absence`: pause my clock and reminders (or let the AI play for me) until a date."""
        live, me = await self._playing(match_id, user_id)
        now = self._clock()
        if seconds <= 0:
            await self._save_timers(live, self.timers(live).come_back(me.seat, now))
            await self.notifier.timer_news(live, "time.back", me.seat)
            return now
        timers = self.timers(live).go_away(me.seat, now, seconds, ai=ai)
        await self._save_timers(live, timers)
        until = now + seconds
        await self.notifier.timer_news(live, "time.away_ai" if ai else "time.away", me.seat, until=int(until))
        self._schedule_ai(live)
        return until
