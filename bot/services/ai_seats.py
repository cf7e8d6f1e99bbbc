"""AI seats: each plays in a background task through the same submit path as people, from its seat's
view only (kernel.md §3: the agent never receives a state)."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

from bot.ai import RandomAgent, fallback_agent
from bot.engine import Rng

from .core import ServiceCore
from .errors import StaleVersion
from .model import LiveMatch

log = logging.getLogger("tavernier.matches")


@dataclass(slots=True)
class AiTurn:
    """When each part of an AI turn began: waiting for a thread, thinking, then saving and telling
    (the match's lock, the durable write, the delivery)."""

    live: LiveMatch
    seat: int
    version: int
    began: float
    thinking: float = 0.0
    chosen: float = 0.0

    def parts(self, done: float) -> dict[str, float]:
        thinking = self.thinking or self.began
        return {
            "waiting for a thread": thinking - self.began,
            "thinking": self.chosen - thinking,
            "saving and telling": done - self.chosen,
        }


class AiSeats(ServiceCore):
    _ai_tasks: dict[str, asyncio.Task[None]]
    #: The longest AI turn per game since start, in seconds (the benchmark reports it).
    ai_longest: dict[str, float]
    #: An AI turn longer than this is logged with its cause.
    ai_slow_s = 1.0

    def _schedule_ai(self, live: LiveMatch) -> None:
        if self.closed or live.id in self._ai_tasks:
            return
        if not self.ai_seat_numbers(live) & live.to_act():
            return
        task = asyncio.get_running_loop().create_task(self._ai_loop(live), name=f"tavernier-ai-{live.id}")
        self._ai_tasks[live.id] = task

    async def _ai_loop(self, live: LiveMatch) -> None:
        """Play while an AI seat must act. A failed move (the database refusing a write, a refusal) is
        retried after a growing delay; after the last one the seat waits for the next start-up, which
        schedules it again. A refused move is retried with a random legal choice, never the same one."""
        failures = 0
        try:
            while not self.closed:
                if not await self._lease(live.id):
                    return  # another process keeps this match; if it dies, the tick here takes over
                if self._known.get(live.id) is not live:
                    return  # its rows could not be read again: the match left this process
                ai_seats = sorted(self.ai_seat_numbers(live) & live.to_act())
                if not ai_seats:
                    return
                if self.ai_delay:
                    await asyncio.sleep(self.ai_delay)
                seat, version = ai_seats[0], live.version
                turn = AiTurn(live, seat, version, time.perf_counter())
                view = live.game.view(live.state, seat)
                action = await asyncio.to_thread(self._timed_choose, turn, view, failures)
                turn.chosen = time.perf_counter()
                try:
                    await self.submit_seat(live, seat, action, version, by_ai=True)
                    failures = 0
                    self._ai_turn_done(turn)
                except StaleVersion:
                    continue
                except Exception as exc:
                    failures += 1
                    if failures > len(self.ai_retry_delays):
                        log.error(
                            "AI seat gave up match=%s error=%s", live.id, getattr(exc, "code", type(exc).__name__)
                        )
                        return
                    log.warning("AI move failed, retrying match=%s attempt=%d", live.id, failures)
                    await asyncio.sleep(self.ai_retry_delays[failures - 1])
        except Exception:
            log.exception("AI seat crashed match=%s", live.id)
        finally:
            self._ai_tasks.pop(live.id, None)

    def _timed_choose(self, turn: AiTurn, view: Any, failures: int) -> Any:
        """`ai_choose` on a worker thread, noting when the thinking began (the wait for a free thread
        before it is not thinking)."""
        turn.thinking = time.perf_counter()
        return self.ai_choose(turn.live, view, turn.seat, turn.version, failures)

    def _ai_turn_done(self, turn: AiTurn) -> None:
        """An AI turn played: the longest per game is kept (the benchmark reports it), and one that took
        more than `ai_slow_s` is logged with where its time went."""
        took = time.perf_counter() - turn.began
        game = turn.live.rec.game
        self.ai_longest[game] = max(self.ai_longest.get(game, 0.0), took)
        if took > self.ai_slow_s:
            parts = turn.parts(time.perf_counter())
            cause = max(parts, key=lambda k: parts[k])
            log.warning(
                "slow AI turn match=%s game=%s seat=%d step=%d took=%.2fs cause=%s (%s)",
                turn.live.id,
                game,
                turn.seat,
                turn.version,
                took,
                cause,
                ", ".join(f"{k} {v:.2f}s" for k, v in parts.items()),
            )

    def ai_choose(self, live: LiveMatch, view: Any, seat: int, version: int, failures: int = 0) -> Any:
        """The game's agent on the seat's view (a random legal choice after a refusal); seeded per match,
        step and attempt, so a replayed decision is the same and a retried one is not."""
        rng = Rng((live.rec.seed * 1_000_003 + version * 31 + seat + failures * 7_919) & ((1 << 63) - 1))
        agent = fallback_agent(live.game, self.level_of(live, seat)) if failures == 0 else RandomAgent()
        return agent.choose(live.game, view, seat, rng)

    def level_of(self, live: LiveMatch, seat: int) -> str:
        """The seat's difficulty: the service's override, else the seat's own, else normal."""
        if self.ai_level is not None:
            return self.ai_level
        found = next((s for s in live.seats if s.seat == seat), None)
        return (found.ai_level if found is not None else None) or "normal"

    def _busy(self, match_id: str) -> bool:
        return match_id in self._ai_tasks

    def _forget_ai(self, match_id: str) -> None:
        task = self._ai_tasks.pop(match_id, None)
        if task is not None:
            task.cancel()

    async def wait_idle(self, timeout: float | None = None) -> None:
        """Wait until no AI seat is thinking (tests, the demo, shutdown)."""

        async def _drain() -> None:
            while self._ai_tasks:
                await asyncio.gather(*list(self._ai_tasks.values()), return_exceptions=True)

        await asyncio.wait_for(_drain(), timeout)
        await self.flush()

    def busy(self) -> bool:
        """Whether an AI seat is thinking or about to play."""
        return bool(self._ai_tasks)

    async def close(self) -> None:
        self.closed = True
        for task in list(self._ai_tasks.values()):
            task.cancel()
        await asyncio.gather(*list(self._ai_tasks.values()), return_exceptions=True)
        await self.flush()
        # Stopping cleanly: the other processes take these matches at once. Always asked of the database,
        # even with no lease on record here: a task cancelled while its lease was being written leaves
        # one in the database that this process never noted.
        try:
            await self.store.release_leases(self.holder)
        except Exception:  # the database is gone too: the leases expire by themselves
            log.warning("could not hand leases over holder=%s", self.holder)
        self._leases.clear()
