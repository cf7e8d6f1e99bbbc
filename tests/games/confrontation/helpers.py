"""Positions drawn by hand for Confrontation's scenario tests: fighters where a test wants them, a
tour de parole opened on chosen cards, dice fixed when a test needs them."""

from __future__ import annotations

from typing import Any

from bot.engine import Rng, SeatSpec, decision
from bot.games.confrontation import sequence
from bot.games.confrontation.game import CONFRONTATION as GAME
from bot.games.confrontation.state import ConfState, Fighter
from bot.table.units import cms


def at(x: float, y: float) -> tuple[int, int]:
    return (cms(x), cms(y))


def fighter(fid: str, profile: str, owner: int, x: float, y: float, **kw: Any) -> Fighter:
    px, py = at(x, y)
    return Fighter(id=fid, profile=profile, owner=owner, x=px, y=py, **kw)


def new_match(seed: int = 1) -> ConfState:
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]
    return GAME.setup(seats, {}, Rng(seed)).state


def activation(
    fighters: list[Fighter], piles: tuple[tuple[str, ...], tuple[str, ...]], speaker: int = 0, **kw: Any
) -> ConfState:
    """The activation phase on these fighters and piles, `speaker` to draw."""
    base = new_match()
    return base.model_copy(
        update={
            "fighters": tuple(fighters),
            "phase": "activation",
            "stage": "draw",
            "seq": sequence.start(piles, speaker),
            "tactic": 0,
            "stack": (decision("draw", speaker),),
            **kw,
        }
    )


class Dice:
    """A random source that rolls the given d6 results in order (then 3s)."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def below(self, n: int) -> int:
        value = self.rolls.pop(0) if self.rolls else 3
        return (value - 1) % n


def act(state: ConfState, seat: int, action: Any, rng: Any = None) -> ConfState:
    GAME.check(state, seat, action)
    return GAME.apply(state, seat, action, rng or Rng(1)).state


def events(state: ConfState, seat: int, action: Any, rng: Any = None) -> tuple[ConfState, list[Any]]:
    GAME.check(state, seat, action)
    t = GAME.apply(state, seat, action, rng or Rng(1))
    return t.state, list(t.events)


def refused(state: ConfState, seat: int, action: Any) -> str:
    from bot.engine import EngineError

    try:
        GAME.check(state, seat, action)
    except EngineError as exc:
        return exc.code
    raise AssertionError(f"{action} was accepted")
