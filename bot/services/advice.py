"""Advice (#31): a player asks the game's AI what to play, and why.

The AI answers from that player's view only, exactly as an AI seat plays (`game.view(state, seat)`, then
the game's agent at the service's level): it cannot read another seat's hidden information. Its chance
is derived from the match's seed, the step and the seat, and recorded in the log's step; asked again on
the same board, the answer is found again from that record and nothing more is logged (no fishing for
another answer, no log grown by a repeated click).

Rules of use: allowed in any match that would not be rated; in a rated one only if its creator allowed it
at creation (`ADVICE_OPTION` in the match's options). Each request is a step of the log of its own kind
(`ADVICE`, the state left alone; replay skips it), so the public journal says « X a demandé un conseil »
(never the advice: it may come from a hand), and a match where advice was asked is not rated
(`ratings.advised`). The step is committed only once the advice is found, on the board it was found on.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from bot.ai import fallback_agent
from bot.ai.advice import Advice, Advisor
from bot.engine import AnyGame, EngineError, Rng, Seat, public

from .core import ServiceCore
from .errors import ServiceError, StaleVersion
from .model import Applied, LiveMatch
from .ratings import rated_table
from .replay import ADVICE

log = logging.getLogger("tavernier.matches")

#: The match option (beside the game's own) by which a creator allows advice in a rated match.
ADVICE_OPTION = "advice"
#: Keeps the advice's chance apart from the AI seats' (`AiSeats.ai_choose`) on the same step.
SALT = 0x5EED_AD71CE


def allowed(live: LiveMatch) -> bool:
    """Advice is off in a match that would be rated, unless its creator allowed it at creation."""
    return bool(live.rec.options.get(ADVICE_OPTION)) or not rated_table(live)


def advice_seed(live: LiveMatch, seat: Seat) -> int:
    """The advice's chance on this board: the match's seed, the step and the seat."""
    return (live.rec.seed * 1_000_003 + live.version * 31 + seat + SALT) & ((1 << 63) - 1)


def advise(game: AnyGame, view: Any, seat: Seat, level: str, seed: int) -> Advice:
    """The game's agent on the seat's view: its move, and its reason when the agent explains itself."""
    rng = Rng(seed)
    agent = fallback_agent(game, level)
    found = agent.advise(game, view, seat, rng) if isinstance(agent, Advisor) else None
    if found is None:
        action = agent.choose(game, view, seat, Rng(seed))
        if action is None:
            raise EngineError("not_your_turn")
        found = Advice(action)
    return found


@dataclass(frozen=True, slots=True)
class Advised:
    """The advice given to one seat, and the log's step that records it was asked (None: asked again on the
    same board, the step already says so)."""

    live: LiveMatch
    seat: Seat
    advice: Advice
    step: Applied | None


class AdviceOps(ServiceCore):
    def advice_allowed(self, live: LiveMatch) -> bool:
        return allowed(live)

    async def advise(self, match_id: str, user_id: int) -> Advised:
        """The AI's move for the seat of `user_id`, who must act now; logged as asked, then delivered."""
        live = await self.get(match_id)
        record = live.seat_of(user_id)
        if record is None:
            raise ServiceError("not_seated")
        if live.rec.status != "active":
            raise ServiceError("match_not_active")
        seat = record.seat
        if seat not in live.to_act():
            raise EngineError("not_your_turn")
        if not allowed(live):
            raise ServiceError("advice_off")
        if live.version >= self.max_steps:
            raise ServiceError("too_many_steps")
        version, level = live.version, self.ai_level or "normal"
        last = (await self.store.log(live.id, after=version - 2))[-1]
        again = last.kind == ADVICE and last.seat == seat  # asked again on the same board: not logged twice
        seed = int(last.meta["advice"]["seed"]) if again else advice_seed(live, seat)
        view = live.game.view(live.state, seat)
        advice = await asyncio.to_thread(advise, live.game, view, seat, level, seed)
        async with live.lock:
            if live.rec.status != "active":
                raise ServiceError("match_not_active")
            if live.version != version:
                raise StaleVersion(live.version)
            live.game.check(live.state, seat, advice.action)  # never shown unless it can be played
            if again:
                return Advised(live, seat, advice, None)
            step, _ = await self._host_step(
                live,
                answer_forced=False,  # the board is the same: no decision is new
                kind=ADVICE,
                seat=seat,
                events=(public("advice_asked", seat=seat),),
                meta={"advice": {"level": level, "seed": seed}},
            )
        await self._deliver(live, step)
        log.info("advice given match=%s seat=%d step=%d", live.id, seat, step.seq)
        return Advised(live, seat, advice, step)
