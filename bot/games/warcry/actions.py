"""What a WarCry player decides, one action kind per decision family.

- set-up: `Split` (the player's own Dagger, Shield and Hammer), `Seeds` (the three fighters of the
  solo warband lined up left, middle, right), `Deploy` (a group set up around its point);
- the hero phase: `Wild` (the player's wild die: a single more, a group raised, or kept);
- the combat phase: `Activate` a fighter (a side with none left passes by itself), then for each of its actions
  `Move`, `Attack`, `Disengage` or `Wait`, and at most once an `Use` of an ability.

An action of the solo warband may carry `why`: the step of the procedure that chose it, posted as a
public line so that the player can check the booklet (only the solo side may give one).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.engine import Action
from bot.table.units import Point


class Why(BaseModel):
    """A step of the solo procedure and what it found (a key under `warcry.why.` and its parameters)."""

    model_config = ConfigDict(frozen=True)
    step: str
    params: dict[str, Any] = {}


class Split(Action):
    kind: Literal["split"] = "split"
    dagger: tuple[str, ...]
    shield: tuple[str, ...]
    hammer: tuple[str, ...]


class Seeds(Action):
    kind: Literal["seeds"] = "seeds"
    line: tuple[str, str, str]  # left, middle, right


class Deploy(Action):
    kind: Literal["deploy"] = "deploy"
    group: str
    places: tuple[tuple[str, Point], ...]  # each fighter of the group and where it stands
    formation: Literal["", "forward", "back"] = ""  # how the suggestion placed them (its label)
    why: Why | None = None


class Wild(Action):
    kind: Literal["wild"] = "wild"
    use: Literal["single", "raise", "keep"]
    value: int = 0  # the face of the group raised (a single raised to a double: that single's face)


class Activate(Action):
    kind: Literal["activate"] = "activate"
    fighter: str
    why: Why | None = None


class Move(Action):
    kind: Literal["move"] = "move"
    to: Point
    upto: bool = False  # as far as the move allows toward `to` (else it must end exactly there)
    stop: str | None = None  # stop as soon as this enemy is in attack range (the solo procedure's C5)
    hold: int | None = None  # the objective it stays within 3" of (the solo procedure's C2)
    why: Why | None = None


class Attack(Action):
    kind: Literal["attack"] = "attack"
    target: str
    weapon: int = 0
    why: Why | None = None


class Disengage(Action):
    kind: Literal["disengage"] = "disengage"
    to: Point
    why: Why | None = None


class Wait(Action):
    kind: Literal["wait"] = "wait"
    why: Why | None = None


class Use(Action):
    kind: Literal["use"] = "use"
    ability: str
    value: int  # the face of the dice group paid with
    tier: int  # the group's tier (2, 3, 4)
    target: str | None = None  # a fighter, when the ability aims at one
    why: Why | None = None


WarAction = Annotated[
    Split | Seeds | Deploy | Wild | Activate | Move | Attack | Disengage | Wait | Use,
    Field(discriminator="kind"),
]
