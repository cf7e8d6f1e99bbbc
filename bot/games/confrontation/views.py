"""What one seat may see of a Confrontation match (None: the public), built from the state as that
seat knows it (`hidden.SPEC`): a seat sees its own sequence and reserve; the other sees how many cards
remain, whether a card waits in reserve, the reserve state and the refusals left. The public fields
are the state's.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.engine import Known, SeatView, carried, questions, view_of
from bot.engine.decisions import waiting

from .hidden import SPEC
from .state import Combat, ConfState, Fighter, PendingShot


class SideView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    warband: str
    lost: int
    ordered: bool  # its sequence is locked this turn
    pile_count: int
    pile: tuple[str, ...] | None = None  # the viewer's own only
    has_reserve: bool = False
    reserve: str | None = None  # the viewer's own only
    reserve_state: str = "0/1"
    refusals: int = 0


class ConfView(SeatView[ConfState]):
    model_config = ConfigDict(frozen=True)

    viewer: int | None
    scenario: str
    turn: int
    phase: str
    stage: str
    sides: tuple[SideView, SideView]
    fighters: tuple[Fighter, ...]
    speaker: int | None
    tactic: int | None
    played: tuple[tuple[int, tuple[str, ...]], ...]  # the cards played this turn, in order
    tour: tuple[str, ...]
    current: str | None
    shot: PendingShot | None
    combats: tuple[Combat, ...]
    to_act: tuple[int, ...]
    stack: tuple[tuple[str, tuple[int, ...]], ...]  # (decision kind, seats), bottom first
    my_order: tuple[str, ...] | None = None  # the viewer's answer to the open sequence decision
    last: tuple[str, ...] = ()
    last_path: tuple[tuple[int, int], ...] = ()
    winners: tuple[int, ...] | None = None
    reason: str | None = None


def build_view(known: Known[ConfState]) -> ConfView:
    """The board of an information set (`SPEC.redact`): nothing the viewer may not see is in it."""
    state, viewer = known.state, known.viewer
    sides = []
    top = state.stack[-1] if state.stack else None
    for s, side in enumerate(state.sides):
        seq = state.seq.sides[s] if state.seq is not None else None
        ordered = bool(side.pile) or (top is not None and top.kind == "sequence" and s in top.answers)
        sides.append(
            carried(
                SideView,
                side,
                seat=s,
                ordered=ordered,
                pile_count=len(seq.pile) if seq is not None else len(side.pile),
                pile=(seq.pile if seq is not None else side.pile) if SPEC.sees("sequence pile", s, viewer) else None,
                has_reserve=seq is not None and seq.reserve is not None,
                reserve=seq.reserve if seq is not None and SPEC.sees("sequence reserve", s, viewer) else None,
                reserve_state=seq.reserve_state() if seq is not None else "0/1",
                refusals=seq.refusals if seq is not None else 0,
            )
        )
    my_order = None
    if viewer is not None and top is not None and top.kind == "sequence" and viewer in top.answers:
        my_order = tuple(top.answers[viewer]["cards"])
    return view_of(
        ConfView,
        known,
        sides=(sides[0], sides[1]),
        speaker=state.seq.speaker if state.seq is not None and not state.seq.over else None,
        played=state.seq.played if state.seq is not None else (),
        to_act=tuple(sorted(waiting(state.stack))),
        stack=questions(state.stack),
        my_order=my_order,
    )
