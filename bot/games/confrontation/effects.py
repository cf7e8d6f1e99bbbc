"""What several parts of a turn do to fighters: name them in the log, wound them, remove them, end the
match (shared by the activation phase's shots and spells and the combat phase's blows)."""

from __future__ import annotations

from typing import Any

from bot.engine import Event, RandomSource, public

from . import dice
from .content import PROFILES, WARBANDS
from .state import ConfState, Fighter

Events = list[Event]


def profile_text(pid: str) -> dict[str, Any]:
    return {"key": f"confrontation.profile.{pid}", "params": {}}


def named(f: Fighter) -> dict[str, Any]:
    """A fighter as log lines name it ("Épéiste (L2)"), localized by the host."""
    return {"key": "confrontation.fighter.name", "params": {"profile": profile_text(f.profile), "id": f.id}}


def _named_id(state: ConfState, fid: str) -> dict[str, Any]:
    f = state.fighter(fid)
    return named(f) if f is not None else {"key": "confrontation.fighter.gone", "params": {}}


def set_fighter(state: ConfState, fid: str, **update: Any) -> ConfState:
    f = state.fighter(fid)
    assert f is not None, fid
    return state.model_copy(update={"fighters": state.replace(f.model_copy(update=update))})


def hurt(state: ConfState, fid: str, strength: int, ev: Events, rng: RandomSource) -> ConfState:
    """A wound roll against `fid` and its result (D-CON-13); a fighter killed leaves the table."""
    f = state.fighter(fid)
    assert f is not None
    w = dice.wound_roll(rng, strength, PROFILES[f.profile].resilience)
    level = dice.new_level(f.wound, w.result)
    ev.append(
        public(
            "wound",
            whom=named(f),
            dice=list(w.dice),
            total=w.total,
            result={"key": f"confrontation.wound.{w.result}", "params": {}},
        )
    )
    if level is None:
        return eliminate(state, f, ev)
    if w.result == "stunned":
        return set_fighter(state, fid, stunned=True)
    return set_fighter(state, fid, wound=level)


def eliminate(state: ConfState, f: Fighter, ev: Events) -> ConfState:
    ev.append(public("killed", who=named(f)))
    sides = list(state.sides)
    sides[f.owner] = sides[f.owner].model_copy(update={"lost": sides[f.owner].lost + PROFILES[f.profile].cost})
    state = state.model_copy(
        update={"fighters": tuple(o for o in state.fighters if o.id != f.id), "sides": (sides[0], sides[1])}
    )
    if not state.of(f.owner):
        return finish(state, (1 - f.owner,), "annihilation", ev)
    return state


def share(state: ConfState, seat: int) -> float:
    """The part of a side's army eliminated (D-CON-18)."""
    return state.sides[seat].lost / WARBANDS[state.sides[seat].warband].cost


def finish(state: ConfState, winners: tuple[int, ...], reason: str, ev: Events) -> ConfState:
    ev.append(
        public(
            "over",
            winners=list(winners),
            reason=reason,
            first_seat=0,
            second_seat=1,
            a=round(100 * share(state, 1)),
            b=round(100 * share(state, 0)),
        )
    )
    return state.model_copy(update={"winners": winners, "reason": reason, "phase": "over", "stack": ()})
