"""A server's judge: its administrators name a role; a player calls it to a match; a member with that
role (and nobody else) pauses the match's time, posts a ruling into the log, or takes the match back to
an earlier step (docs/reliability.md, "A judge's rewind").

A ruling and a rewind are steps of the log, through the one path of every change (`_commit_step`), so
they replay, reach the thread and enter the chain the thread checks. A rewind keeps every step in
between: the log says what was played, then that the judge took it back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from bot.engine import Rng, public, txt

from .core import ServiceCore
from .errors import ServiceError
from .model import Applied, LiveMatch
from .replay import REWIND, rebuild
from .timers import Timers

#: Whether a rewind keeps the chance drawn after the step it goes back to, or draws it again.
Chance = Literal["keep", "redraw"]
#: A match calls its judges at most once in this many seconds: a role pinged at every click is no call.
CALL_EVERY = 15 * 60.0
#: What a ruling may say, at most (it is a line of the log).
RULING_MAX = 500


@dataclass(frozen=True, slots=True)
class Judge:
    """Who acts as a judge: their Discord id, the roles they have on the server, their name as shown
    (made safe to show by the edge)."""

    user_id: int
    roles: frozenset[int]
    name: str


class JudgeOps(ServiceCore):
    # -- the server's setting -----------------------------------------------------------------------
    async def judge_role(self, guild_id: int | None) -> int | None:
        """The server's judge role, if its administrators named one."""
        if guild_id is None:
            return None
        role = (await self.store.guild_settings(guild_id)).get("judge_role")
        return int(role) if role else None

    async def set_judge_role(self, guild_id: int, role_id: int | None) -> None:
        """Name the server's judge role (None: no judge any more). The cog checks Manage Server."""
        settings = await self.store.guild_settings(guild_id)
        if role_id is None:
            settings.pop("judge_role", None)
        else:
            settings["judge_role"] = role_id
        await self.store.set_guild_settings(guild_id, settings)

    # -- a player calls ------------------------------------------------------------------------------
    async def call_judge(self, match_id: str, user_id: int) -> tuple[LiveMatch, int]:
        """A seated player of a match under way calls the judges: the match and the role to ping, at most
        once per `CALL_EVERY`."""
        live, _me = await self._playing(match_id, user_id)
        role = await self.judge_role(live.rec.guild_id)
        if role is None:
            raise ServiceError("judge_none")
        async with live.lock:
            timers = Timers.model_validate(live.rec.timers)
            now, last = self._clock(), timers.judge_called_at
            if last is not None and now - last < CALL_EVERY:
                raise ServiceError("judge_called", minutes=max(1, round((last + CALL_EVERY - now) / 60)))
            called = timers.model_copy(update={"judge_called_at": now})
            await self._save_match(live, dataclasses.replace(live.rec, timers=called.model_dump(mode="json")))
        return live, role

    # -- what only a judge may do ---------------------------------------------------------------------
    async def judging(self, match_id: str, judge: Judge) -> LiveMatch:
        """The match under way, if the judge has its server's judge role and does not play in it; else a
        refusal (its players and the server's administrators without the role included: judging is the
        role's, not a rank's, and nobody judges their own match)."""
        live = await self.get(match_id)
        role = await self.judge_role(live.rec.guild_id)
        if role is None:
            raise ServiceError("judge_none")
        if role not in judge.roles:
            raise ServiceError("judge_only")
        if live.seat_of(judge.user_id) is not None:
            raise ServiceError("judge_own_match")
        if live.rec.status != "active":
            raise ServiceError("match_not_active")
        return live

    async def pause_clock(self, match_id: str, judge: Judge, *, pause: bool) -> LiveMatch:
        """Stop (or start again) every clock and reminder of the match."""
        live = await self.judging(match_id, judge)
        async with live.lock:
            timers = Timers.model_validate(live.rec.timers)
            now = self._clock()
            changed = timers.pause(now) if pause else timers.resume(now)
            await self._save_match(live, dataclasses.replace(live.rec, timers=changed.model_dump(mode="json")))
        return live

    async def post_ruling(self, match_id: str, judge: Judge, text: str) -> Applied:
        """A ruling into the log, a step of its own (the engine's state untouched). The judge's name and
        `text` are shown as given: the edge makes them safe to show."""
        live = await self.judging(match_id, judge)
        if not text.strip():
            raise ServiceError("judge_empty_ruling")
        async with live.lock:
            self._still_active(live)
            step, _ = await self._host_step(
                live,
                answer_forced=False,  # the board is the same: no decision is new
                kind="ruling",
                events=(public("ruling", judge=judge.name, text=text[:RULING_MAX]),),
            )
        return await self._deliver(live, step)

    async def rewind(self, match_id: str, judge: Judge, to: int, chance: Chance) -> Applied:
        """Take the match back to the state after step `to`. `keep`: the generator goes back to where it
        was after that step, so the chance drawn since comes again for the same moves; `redraw`: a fresh
        seed, recorded in the step, draws it anew. Either way the step records its generator's state, so
        a replay needs nothing else. The commitments sealed in the steps taken back and still closed are
        withdrawn: never opened in the thread (a withdrawn secret answer would tell what a seat had chosen),
        their salt and value in the full log at the end like every other's."""
        live = await self.judging(match_id, judge)
        async with live.lock:
            self._still_active(live)
            if not 0 <= to < live.version - 1:
                raise ServiceError("judge_rewind_range", last=max(0, live.version - 2))
            entries = await self.store.log(live.id)
            state = rebuild(live.game, live.seats, live.rec.options, entries[: to + 1])
            if live.game.outcome(state) is not None:
                raise ServiceError("judge_rewind_range", last=max(0, live.version - 2))
            meta: dict[str, Any] = {"to": to, "chance": chance}
            if chance == "redraw":
                meta["seed"] = self._seed_source()
                rng = Rng(meta["seed"])
            else:
                rng = Rng.from_state(entries[to].rng_after)
            live.undo_request = None
            withdrawn = tuple(c for c in live.open_commitments if c.seq > to)
            step, forced = await self._host_step(
                live,
                state=state,
                rng=rng,
                kind=REWIND,
                events=(public("rewound", judge=judge.name, step=to, chance=txt(f"judge.chance_{chance}")),),
                meta=meta,
                withdrawn=withdrawn,
            )
        return await self._deliver(live, step, *forced)

    @staticmethod
    def _still_active(live: LiveMatch) -> None:
        """Checked again under the lock: the match may have ended while the judge typed."""
        if live.rec.status != "active":
            raise ServiceError("match_not_active")
