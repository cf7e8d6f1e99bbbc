"""Advice: the game's AI proposes a move to a player and says why, from that player's view only.

An agent that can explain itself is an `Advisor`: `advise(game, view, seat, rng)` chooses as `choose` does
(the same view, the same deals) and returns the move with a sentence a player understands, built from
what the agent computed (the card it keeps, the threat it answers, WarCry's booklet step). A game's
reasoning about one move is an `Explains` (`reason(state, seat, action)`, on a state dealt from the
view): the search agent asks its game's spec for it. `reason` None: the game has nothing to say about
that move, and the host says what the move does instead (`bot/services/advice.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from bot.engine import AnyGame, RandomSource, Seat, Text


@dataclass(frozen=True, slots=True)
class Advice:
    """A proposed move and why (None: no sentence of the game's own for this move)."""

    action: Any
    reason: Text | None = None


@runtime_checkable
class Advisor(Protocol):
    """An agent that explains its choice. It receives its seat's view, never a state (kernel.md §3)."""

    def advise(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Advice | None: ...


@runtime_checkable
class Explains(Protocol):
    """A game's reason for one move of `seat`, on a state dealt from that seat's view."""

    def reason(self, state: Any, seat: Seat, action: Any) -> Text | None: ...


def explained(game: AnyGame, view: Any, seat: Seat, rng: RandomSource, action: Any, why: Explains) -> Advice | None:
    """`action` (what the agent chose on this view) with the game's reason, read on a fresh deal of the same
    view: the reason can name only what the seat sees, and never a guess at a hidden card as a fact."""
    if action is None:
        return None
    return Advice(action, why.reason(game.determinize(view, rng), seat, action))
