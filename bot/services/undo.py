"""Undo by consent: the player who just moved asks to take it back; the others accept or refuse.

Allowed while the move is the last step (or only the forced answers it caused follow it: they go back
with it), drew no chance, revealed nothing to anyone, the mover included (see `discloses`), and nobody
acted since. Against the AI alone, the AI accepts. The undo is a step of its own: the log keeps the
move and its undo.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import REVEAL, AnyGame, Event, public
from bot.storage import LogEntry

from .core import ServiceCore
from .errors import ServiceError
from .model import Applied, LiveMatch
from .replay import UNDO, rebuild


class UndoOps(ServiceCore):
    async def ask_undo(self, match_id: str, user_id: int) -> tuple[LiveMatch, list[int]]:
        """Record the request; returns the match and the seats that must answer (none: accepted)."""
        live, me = await self._playing(match_id, user_id)
        entries = await self.store.log(live.id)
        move, followers = taken_back(entries)
        if move is None or move.kind != "action" or move.seat != me.seat:
            raise ServiceError("undo_not_last")
        steps = [move, *followers]
        if any(e.draws for e in steps):
            raise ServiceError("undo_chance")
        seqs = {e.seq for e in steps}
        commitments = await self.store.commitments(live.id)
        if any(c.seq in seqs or c.revealed_seq in seqs for c in commitments):
            raise ServiceError("undo_hidden")
        before = rebuild(live.game, live.seats, live.rec.options, [e for e in entries if e.seq < move.seq])
        events = [Event.model_validate(e) for step in steps for e in step.events]
        if discloses(live.game, before, live.state, events, [s.seat for s in live.seats]):
            raise ServiceError("undo_hidden")
        live.undo_request = (move.seq, me.seat, live.version)
        return live, [s.seat for s in live.seats if s.seat != me.seat and not s.is_ai]

    async def answer_undo(self, match_id: str, user_id: int | None, seq: int, accept: bool) -> Applied | None:
        """An opponent (None: the AI) accepts or refuses; accepted, the move is taken back."""
        live = await self.get(match_id)
        request = live.undo_request
        if request is None or request[0] != seq or live.version != request[2]:
            raise ServiceError("undo_expired")
        mover, version = request[1], request[2]
        if user_id is not None:
            me = live.seat_of(user_id)
            if me is None or me.seat == mover:
                raise ServiceError("undo_not_yours")
        live.undo_request = None
        if not accept:
            return None
        async with live.lock:
            if live.version != version or live.rec.status != "active":
                raise ServiceError("undo_expired")
            entries = [e for e in await self.store.log(live.id) if e.seq < seq]
            state = rebuild(live.game, live.seats, live.rec.options, entries)
            step, forced = await self._host_step(
                live, state=state, kind=UNDO, seat=mover, events=(public("undone", seat=mover),), meta={"undoes": seq}
            )
        return await self._deliver(live, step, *forced)


def taken_back(entries: Sequence[LogEntry]) -> tuple[LogEntry | None, list[LogEntry]]:
    """The move an undo would take back (the last step not answered at once by the game) and the forced
    answers after it, which it caused and which go back with it: a question with one answer, played for
    the other side, does not stop the mover from taking their move back."""
    followers: list[LogEntry] = []
    for entry in reversed(entries):
        if not (entry.kind == "action" and entry.meta.get("forced")):
            return entry, followers[::-1]
        followers.append(entry)
    return None, followers[::-1]


def discloses(game: AnyGame, before: Any, after: Any, events: Sequence[Event], seats: Sequence[int]) -> bool:
    """Whether a move told anyone, its mover included, something that taking it back would not
    make them forget: a private event (a card drawn from a sealed deck is one to the drawer), a
    REVEAL, a public event the game declares disclosing (a card turned from a hidden pile), or a
    change in what a seat alone knows (a card into or out of a hand). Taken back, such a move would
    let its mover fish: look, undo, and play knowing."""
    if any(not e.public or e.kind == REVEAL or e.kind in game.disclosing for e in events):
        return True
    return any(game.private_info(before, s) != game.private_info(after, s) for s in seats)
