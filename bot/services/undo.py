"""Undo by consent: the player who just moved asks to take it back; the others accept or refuse.

Allowed while the move is the last step, drew no chance, revealed nothing to anyone, the mover
included (see `discloses`), and nobody acted since. Against the AI alone, the AI accepts. The undo is
a step of its own: the log keeps the move and its undo.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import REVEAL, AnyGame, Event, Rng, public

from .core import ServiceCore
from .errors import ServiceError
from .model import Applied, LiveMatch
from .replay import UNDO, rebuild


class UndoOps(ServiceCore):
    async def ask_undo(self, match_id: str, user_id: int) -> tuple[LiveMatch, list[int]]:
        """Record the request; returns the match and the seats that must answer (none: accepted)."""
        live, me = await self._playing(match_id, user_id)
        last = (await self.store.log(live.id, after=live.version - 2))[-1]
        if last.kind != "action" or last.seat != me.seat:
            raise ServiceError("undo_not_last")
        if last.draws:
            raise ServiceError("undo_chance")
        sealed = any(c.seq == last.seq or c.revealed_seq == last.seq for c in await self.store.commitments(live.id))
        if sealed:
            raise ServiceError("undo_hidden")
        entries = [e for e in await self.store.log(live.id) if e.seq < last.seq]
        before = rebuild(live.game, live.seats, live.rec.options, entries)
        events = [Event.model_validate(e) for e in last.events]
        if discloses(live.game, before, live.state, events, [s.seat for s in live.seats]):
            raise ServiceError("undo_hidden")
        live.undo_request = (last.seq, me.seat)
        return live, [s.seat for s in live.seats if s.seat != me.seat and not s.is_ai]

    async def answer_undo(self, match_id: str, user_id: int | None, seq: int, accept: bool) -> Applied | None:
        """An opponent (None: the AI) accepts or refuses; accepted, the move is taken back."""
        live = await self.get(match_id)
        request = live.undo_request
        if request is None or request[0] != seq or live.version != seq + 1:
            raise ServiceError("undo_expired")
        mover = request[1]
        if user_id is not None:
            me = live.seat_of(user_id)
            if me is None or me.seat == mover:
                raise ServiceError("undo_not_yours")
        live.undo_request = None
        if not accept:
            return None
        async with live.lock:
            if live.version != seq + 1 or live.rec.status != "active":
                raise ServiceError("undo_expired")
            entries = [e for e in await self.store.log(live.id) if e.seq < seq]
            state = rebuild(live.game, live.seats, live.rec.options, entries)
            assert live.rng is not None
            step = await self._commit_step(
                live,
                live.rec,
                state,
                Rng.from_state(live.rng.state()),
                kind=UNDO,
                seat=mover,
                events=(public("undone", seat=mover),),
                meta={"undoes": seq},
            )
            forced = await self._answer_forced(live)
            await live.delivery.acquire()
        return await self._deliver(live, step, *forced)


def discloses(game: AnyGame, before: Any, after: Any, events: Sequence[Event], seats: Sequence[int]) -> bool:
    """Whether a move told anyone, its mover included, something that taking it back would not
    make them forget: a private event (a card drawn from a sealed deck is one to the drawer), a
    REVEAL, a public event the game declares disclosing (a card turned from a hidden pile), or a
    change in what a seat alone knows (a card into or out of a hand). Taken back, such a move would
    let its mover fish: look, undo, and play knowing."""
    if any(not e.public or e.kind == REVEAL or e.kind in game.disclosing for e in events):
        return True
    return any(game.private_info(before, s) != game.private_info(after, s) for s in seats)
