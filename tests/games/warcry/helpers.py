"""Positions drawn for the WarCry tests: fighters placed in inches, dice chosen face by face."""

from __future__ import annotations

from typing import Any

from bot.engine import ReplayRng, decision
from bot.games.warcry import resolve
from bot.games.warcry.content import PROFILES
from bot.games.warcry.state import Active, Dice, Fighter, Objective, Side, WarState


def inch(x: float) -> int:
    return round(x * 254)


def fighter(fid: str, profile: str, x: float, y: float, **kw: Any) -> Fighter:
    owner = 0 if fid.startswith("B") else 1
    order = int(fid[1:]) - 1
    return Fighter(id=fid, profile=profile, owner=owner, x=inch(x), y=inch(y), placed=True, order=order, **kw)


def battle(
    fighters: list[Fighter],
    *,
    objectives: list[tuple[float, float, int | None]] = (),  # type: ignore[assignment]
    victory: str = "bornes",
    turn: int = 1,
    groups: tuple[tuple[int, int], ...] = (),
    round_: int = 1,
) -> WarState:
    """A combat phase under way: `turn` is to activate; the solo side (seat 1) holds `groups`."""
    objs = tuple(Objective(id=i + 1, x=inch(x), y=inch(y), controller=c) for i, (x, y, c) in enumerate(objectives))
    return WarState(
        deployment="face_a_face",
        victory=victory,
        difficulty="facile",
        sides=(Side(name="Alice", warband="cendre"), Side(name="IA", warband="basalte", dice=Dice(groups=groups))),
        fighters=tuple(fighters),
        objectives=objs,
        phase="combat",
        round=round_,
        turn=turn,
        stack=(decision("activate", turn),),
    )


def active(state: WarState, fid: str, actions: int = 2) -> WarState:
    f = state.fighter(fid)
    assert f is not None
    return state.model_copy(
        update={"active": Active(fighter=fid, actions=actions), "stack": (decision("act", f.owner, fighter=fid),)}
    )


def dice(*faces: int) -> ReplayRng:
    """A chance source that rolls exactly these d6 faces, in order."""
    return ReplayRng([(6, f - 1) for f in faces])


def play(state: WarState, seat: int, action: Any, *faces: int) -> tuple[WarState, list[Any]]:
    from bot.games.warcry.rules import check

    check(state, seat, action)
    new, events = resolve.apply(state, seat, action, dice(*faces))
    return new, events


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def why(events: list[Any]) -> str | None:
    return next((e.params["line"]["key"].split(".")[-1] for e in events if e.kind == "why"), None)


__all__ = ["PROFILES", "active", "battle", "dice", "fighter", "inch", "kinds", "play", "why"]
