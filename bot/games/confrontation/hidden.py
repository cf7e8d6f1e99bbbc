"""What is hidden in Confrontation, and from whom (kernel.md, "Hidden information").

Secret until played: each side's sequence of reference cards, its order and which card waits in
reserve (V-A-4). A seat sees its own; the other sees how many cards remain, whether one waits in
reserve, the reserve's state and the refusals left. The sequence's answer is a secret decision: the
kernel hides it until both are in, and a deal gives the side that answered a random order. The cards
played and everything on the table are public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Decision, Hidden, RandomSource, Seat, Zone, shuffled

from .actions import Order
from .content import WARBANDS
from .rules import cards_of
from .state import ConfState


def _seat(owner: Seat | None) -> int:
    if owner is None:
        raise ValueError("every Confrontation zone belongs to a seat")
    return owner


def _lead_pile(state: ConfState, owner: Seat | None) -> tuple[str, ...]:
    """The sequence while the sides are led (no draw sequence under way), top first."""
    return state.sides[_seat(owner)].pile


def _put_lead_pile(state: ConfState, owner: Seat | None, cards: list[str], uids: list[int]) -> ConfState:
    sides = list(state.sides)
    sides[_seat(owner)] = sides[_seat(owner)].model_copy(update={"pile": tuple(cards)})
    return state.model_copy(update={"sides": (sides[0], sides[1])})


def _sequence(part: str) -> Zone[ConfState]:
    """The pile or the reserve (none or one card) of the side's draw sequence."""

    def read(state: ConfState, owner: Seat | None) -> tuple[str, ...]:
        if state.seq is None:
            return ()
        side = state.seq.sides[_seat(owner)]
        if part == "pile":
            return side.pile
        return (side.reserve,) if side.reserve is not None else ()

    def put(state: ConfState, owner: Seat | None, cards: list[str], uids: list[int]) -> ConfState:
        if state.seq is None:
            return state
        sides = list(state.seq.sides)
        value = tuple(cards) if part == "pile" else (cards[0] if cards else None)
        sides[_seat(owner)] = sides[_seat(owner)].model_copy(update={part: value})
        return state.model_copy(update={"seq": state.seq.model_copy(update={"sides": (sides[0], sides[1])})})

    return Zone(f"sequence {part}", "owner", read, put, ordered=True)


def _played(state: ConfState, owner: Seat | None) -> list[str]:
    played = state.seq.played if state.seq is not None else ()
    return [c for seat, cards in played if seat == owner for c in cards]


def _pool(state: ConfState, owner: Seat | None) -> Sequence[str]:
    """The reference cards of the warband's profiles with a fighter on the table or played this turn."""
    seat = _seat(owner)
    present = {f.profile for f in state.fighters if f.owner == seat} | set(_played(state, seat))
    return sorted(p.id for p in WARBANDS[state.sides[seat].warband].profiles if p.id in present)


def _order(state: ConfState, decision: Decision, seat: Seat, rng: RandomSource) -> dict[str, Any]:
    """A sequence the other side may have given: its reference cards in a random order."""
    return Order(cards=tuple(shuffled(rng, cards_of(state, seat)))).model_dump(mode="json")


SPEC: Hidden[ConfState] = Hidden(
    zones=(
        _sequence("reserve"),
        _sequence("pile"),
        Zone("led pile", "owner", _lead_pile, _put_lead_pile, ordered=True),
        Zone("played", "everyone", _played),
    ),
    pool=_pool,
    answer=_order,
)
