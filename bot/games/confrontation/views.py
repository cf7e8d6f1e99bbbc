"""What one seat may see of a Confrontation match (None: the public).

Secret until played: each side's sequence (its order and which card is in reserve). A seat sees its
own pile and reserve; the other sees how many cards remain, whether a card waits in reserve, the
reserve state and the refusals left. Everything on the table is public.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

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


class ConfView(BaseModel):
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


def build_view(state: ConfState, viewer: int | None) -> ConfView:
    sides = []
    top = state.stack[-1] if state.stack else None
    for s, side in enumerate(state.sides):
        mine = viewer == s
        seq = state.seq.sides[s] if state.seq is not None else None
        ordered = bool(side.pile) or (top is not None and top.kind == "sequence" and s in top.answers)
        sides.append(
            SideView(
                seat=s,
                name=side.name,
                warband=side.warband,
                lost=side.lost,
                ordered=ordered,
                pile_count=len(seq.pile) if seq is not None else len(side.pile),
                pile=(seq.pile if seq is not None else side.pile) if mine else None,
                has_reserve=seq is not None and seq.reserve is not None,
                reserve=seq.reserve if mine and seq is not None else None,
                reserve_state=seq.reserve_state() if seq is not None else "0/1",
                refusals=seq.refusals if seq is not None else 0,
            )
        )
    my_order = None
    if viewer is not None and top is not None and top.kind == "sequence" and viewer in top.answers:
        my_order = tuple(top.answers[viewer]["cards"])
    waiting = tuple(sorted(top.waiting())) if top is not None else ()
    return ConfView(
        viewer=viewer,
        scenario=state.scenario,
        turn=state.turn,
        phase=state.phase,
        stage=state.stage,
        sides=(sides[0], sides[1]),
        fighters=state.fighters,
        speaker=state.seq.speaker if state.seq is not None and not state.seq.over else None,
        tactic=state.tactic,
        played=state.seq.played if state.seq is not None else (),
        tour=state.tour,
        current=state.current,
        shot=state.shot,
        combats=state.combats,
        to_act=waiting,
        stack=tuple((d.kind, d.seats) for d in state.stack),
        my_order=my_order,
        last=state.last,
        last_path=state.last_path,
        winners=state.winners,
        reason=state.reason,
    )
