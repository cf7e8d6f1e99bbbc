"""A match's time: since when each seat is awaited, reminders, an optional clock, absences.

Pure (no I/O, no clock of its own): the service passes `now` (its clock port) and stores the result in
the match row with each step, so every deadline survives a restart and is applied once.

- Reminders: after `remind_after` seconds of waiting, then every `remind_every`, by DM.
- The clock (Board Game Arena's turn-based style): a bank of seconds per seat, charged for the time
  the game waited for that seat, plus `increment` each time its wait ends; at zero the seat loses, or
  the AI takes it over if the table chose that at creation.
- Absence: `/partie absence` pauses the seat's clock and reminders until a date (a few per month); the
  AI may play the seat meanwhile if its player asks.
- A nudge (`/partie rappel`) from the waiting side, at most once a day per seat.
- A judge's pause (`/partie trancher`) stops every clock and reminder of the match until resumed.

Every duration a player types has bounds (docs/play-by-post.md, "Time"): a clock nobody can notice
before it runs out, or a reminder every minute, is refused with the range; rows saved before the
bounds are clamped when read, and reminders are never sent closer than `MIN_REMIND` apart.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from .errors import ServiceError

DAY = 86_400.0
HOUR = 3_600.0
MINUTE = 60.0
#: Absences: at most this many starts in any 30 days, each from `MIN_ABSENCE` to `MAX_ABSENCE` long.
ABSENCES_PER_MONTH = 3
MIN_ABSENCE = HOUR
MAX_ABSENCE = 14 * DAY
NUDGE_EVERY = DAY
#: (least, most) seconds of what `/partie nouvelle` accepts: the bank of a clock, its increment (or
#: none), the reminders' delay. A joiner sees them in the lobby post before joining.
CLOCK_RANGE = (HOUR, 30 * DAY)
INCREMENT_RANGE = (MINUTE, 7 * DAY)
REMIND_RANGE = (HOUR, 30 * DAY)
MIN_REMIND = REMIND_RANGE[0]


class SeatTime(BaseModel):
    model_config = ConfigDict(extra="ignore")

    waiting_since: float | None = None
    bank: float | None = None  # seconds left on the seat's clock; None: no clock
    reminded: int = 0  # reminders sent during the current wait
    reminded_at: float | None = None  # when the last reminder went out (any wait)
    nudged_at: float | None = None  # last `/partie rappel` aimed at this seat
    absent_until: float | None = None
    ai_while_absent: bool = False
    absences: list[float] = []  # starts of this seat's absences (the last 30 days are kept)
    ai_took_over: bool = False  # its clock ran out and the table chose the AI


class Timers(BaseModel):
    model_config = ConfigDict(extra="ignore")

    remind_after: float = DAY
    remind_every: float = DAY
    clock: float | None = None  # the starting bank of every seat, in seconds
    increment: float = 0.0
    on_timeout: Literal["lose", "ai"] = "lose"
    seats: dict[int, SeatTime] = {}
    #: Since when a judge stopped the match's time (`/partie trancher`): no clock runs, no reminder goes.
    paused_at: float | None = None
    #: When a player last called the server's judges (`/partie arbitre`): at most one call per
    #: `judge.CALL_EVERY`, kept with the match so that a restart does not allow one more.
    judge_called_at: float | None = None

    @field_validator("remind_after", "remind_every")
    @classmethod
    def _not_a_flood(cls, value: float) -> float:
        """A row saved before the bounds (`rappel:1m`) reminds no more often than the minimum."""
        return max(float(value), MIN_REMIND)

    def seat(self, seat: int) -> SeatTime:
        found = self.seats.get(seat)
        if found is None:  # not `setdefault`: it would build (and validate) a default at every call
            found = self.seats[seat] = SeatTime(bank=self.clock)
        return found

    # -- as the game moves on ---------------------------------------------------------------------
    def step(
        self, before: set[int], after: set[int], actor: int | None, now: float, *, over: bool, forced: bool = False
    ) -> Timers:
        """The timers after a step that moved the seats to act from `before` to `after`. `forced`: the
        game answered for `actor` (a decision with one answer): they did not act, so their absence goes
        on and their wait ends without the increment (a move's, and they made none)."""
        # Each step copies the timers: a copy of each seat's scalars, not pydantic's deep copy, which cost
        # a sixth of an accepted action (#30). The lists are shared: no change appends to one in place.
        seats = {n: t.model_copy() for n, t in self.seats.items()}
        out = self.model_copy(update={"seats": seats})
        ran_until = now if self.paused_at is None else min(now, self.paused_at)
        for n in before | after | ({actor} if actor is not None else set()):
            t = out.seat(n)
            ends = n not in after or over
            if ends and t.waiting_since is not None:
                if t.bank is not None:
                    gain = 0.0 if forced and actor == n else out.increment
                    t.bank = max(0.0, t.bank - max(0.0, ran_until - t.waiting_since)) + gain
                t.waiting_since, t.reminded = None, 0
            if not over and n in after and t.waiting_since is None:
                t.waiting_since, t.reminded = max(now, t.absent_until or now), 0
            back = actor == n and not forced and not t.ai_while_absent
            if back and t.absent_until is not None and t.absent_until > now:
                t.absent_until = None  # they are back: playing ends the absence
        return out

    # -- what is due ------------------------------------------------------------------------------
    def left(self, seat: int, now: float) -> float | None:
        """Seconds left on a seat's clock now (None: no clock)."""
        t = self.seat(seat)
        if t.bank is None:
            return None
        if t.waiting_since is None or now <= t.waiting_since or self.paused_at is not None:
            return t.bank
        return t.bank - (now - t.waiting_since)

    def reminder_due(self, seat: int, now: float) -> bool:
        t = self.seat(seat)
        if t.waiting_since is None or self.absent(seat, now) or self.paused_at is not None:
            return False
        if t.reminded_at is not None and now - t.reminded_at < MIN_REMIND:
            return False
        return now >= t.waiting_since + self.remind_after + t.reminded * self.remind_every

    def absent(self, seat: int, now: float) -> bool:
        until = self.seat(seat).absent_until
        return until is not None and now < until

    def ai_plays(self, seat: int, now: float) -> bool:
        """Whether the AI plays this seat now (clock ran out with the AI chosen, or an absence with the AI)."""
        t = self.seat(seat)
        return t.ai_took_over or (t.ai_while_absent and self.absent(seat, now))

    # -- what players ask -------------------------------------------------------------------------
    def reminded(self, seat: int, now: float) -> Timers:
        """A reminder went out now. The count skips the periods that fell while nobody could send
        (the bot was down): one reminder catches up, not one per minute until the count does."""
        out = self.model_copy(deep=True)
        t = out.seat(seat)
        first = (t.waiting_since or now) + out.remind_after
        t.reminded = max(t.reminded + 1, int((now - first) // out.remind_every) + 1)
        t.reminded_at = now
        return out

    def nudge(self, seat: int, now: float) -> Timers:
        t = self.seat(seat)
        if t.nudged_at is not None and now - t.nudged_at < NUDGE_EVERY:
            raise ServiceError("nudge_too_soon", hours=max(1, round((t.nudged_at + NUDGE_EVERY - now) / HOUR)))
        out = self.model_copy(deep=True)
        out.seat(seat).nudged_at = now
        return out

    def go_away(self, seat: int, now: float, seconds: float, *, ai: bool) -> Timers:
        """Start an absence: the clock stops (what ran so far is charged) until `now + seconds`."""
        if seconds < MIN_ABSENCE or seconds > MAX_ABSENCE:
            raise ServiceError("absence_length", least=MIN_ABSENCE, most=MAX_ABSENCE)
        t = self.seat(seat)
        recent = [s for s in t.absences if now - s < 30 * DAY]
        if len(recent) >= ABSENCES_PER_MONTH:
            raise ServiceError("absence_limit", n=ABSENCES_PER_MONTH)
        out = self.model_copy(deep=True)
        t = out.seat(seat)
        if t.waiting_since is not None and now > t.waiting_since:
            ran_until = now if out.paused_at is None else min(now, out.paused_at)  # a judge's pause runs nothing
            if t.bank is not None:
                t.bank = max(0.0, t.bank - max(0.0, ran_until - t.waiting_since))
            t.waiting_since = now + seconds
        t.absent_until, t.ai_while_absent = now + seconds, ai
        t.absences = [*recent, now]
        return out

    def come_back(self, seat: int, now: float) -> Timers:
        out = self.model_copy(deep=True)
        t = out.seat(seat)
        if t.waiting_since is not None and t.waiting_since > now:
            t.waiting_since = now
        t.absent_until, t.ai_while_absent = None, False
        return out

    def pause(self, now: float) -> Timers:
        """A judge stops the match's time: what each awaited seat's clock ran so far is charged, and from
        now on no clock runs and no reminder goes until `resume`."""
        if self.paused_at is not None:
            raise ServiceError("judge_already_paused")
        out = self.model_copy(deep=True)
        for t in out.seats.values():
            if t.waiting_since is not None and now > t.waiting_since:
                if t.bank is not None:
                    t.bank = max(0.0, t.bank - (now - t.waiting_since))
                t.waiting_since = now
        out.paused_at = now
        return out

    def resume(self, now: float) -> Timers:
        """The time runs again from now: a wait begun during the pause counts from now too (an absence
        still under way keeps its own later start)."""
        if self.paused_at is None:
            raise ServiceError("judge_not_paused")
        out = self.model_copy(deep=True)
        for t in out.seats.values():
            if t.waiting_since is not None and t.waiting_since < now:
                t.waiting_since = now
        out.paused_at = None
        return out

    def hand_to_ai(self, seat: int) -> Timers:
        out = self.model_copy(deep=True)
        out.seat(seat).ai_took_over = True
        return out


DURATION = re.compile(r"\s*(\d+(?:[.,]\d+)?)\s*(j|d|h|m|min)?\s*", re.IGNORECASE)
UNITS = {"j": DAY, "d": DAY, "h": HOUR, "m": 60.0, "min": 60.0, None: DAY}


def parse_duration(text: str, bounds: tuple[float, float] | None = None, what: str = "duration") -> float:
    """ "3j", "3d", "12h", "1,5j" → seconds (a bare number is in days); a clear refusal otherwise.

    With `bounds`, a duration outside them is refused as `<what>_range` naming the range."""
    match = DURATION.fullmatch(text or "")
    if match is None:
        raise ServiceError("bad_duration", text=(text or "")[:20])
    value = float(match[1].replace(",", "."))
    unit = match[2].lower() if match[2] else None
    seconds = value * UNITS[unit]
    if seconds <= 0 or seconds > 365 * DAY:
        raise ServiceError("bad_duration", text=(text or "")[:20])
    if bounds is not None and not bounds[0] <= seconds <= bounds[1]:
        raise ServiceError(f"{what}_range", least=bounds[0], most=bounds[1])
    return seconds


def parse_clock(text: str) -> tuple[float, float]:
    """ "3j+1j" → (bank, increment) in seconds; "3j" or "3j+0" has no increment."""
    bank, _, increment = (text or "").partition("+")
    seconds = parse_duration(bank, CLOCK_RANGE, "clock")
    if increment.strip() in ("", "0"):
        return seconds, 0.0
    return seconds, parse_duration(increment, INCREMENT_RANGE, "increment")


def parse_remind(text: str) -> float:
    """`rappel:` of `/partie nouvelle`: at least an hour (a DM a minute is a flood), at most a month."""
    return parse_duration(text, REMIND_RANGE, "remind")
