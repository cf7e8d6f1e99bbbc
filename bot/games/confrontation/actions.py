"""What a Confrontation player decides, one action kind per decision family.

- the strategic phase: `Order` (the whole sequence, secret until each card is played);
- the tactic roll's winner: `Lead` (who has the word first);
- a tour de parole: `Draw` (one of the five choices of V-A);
- exclusive actions: `Declare` each, `Declared` to close the announces, then `Resolve` each (its
  move) or `Forgo` it when it cannot be carried out;
- cumulative actions: `Walk`, `Disengage` (the walk of a fighter in contact, after its roll), `Shoot`,
  `Cast`, `Finish`;
- a shot at a fighter not yet activated: its owner's `Dive` (« se jeter à couvert ») or not;
- the combat phase: `Dice` (how many combat dice each fighter of the combat puts in attack).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.engine import Action
from bot.table.units import Point

from .sequence import Choice

Exclusive = Literal["charge", "run", "engage", "cover"]


class Order(Action):
    kind: Literal["order"] = "order"
    cards: tuple[str, ...]  # top first


class Lead(Action):
    kind: Literal["lead"] = "lead"
    first: int


class Draw(Action):
    kind: Literal["draw"] = "draw"
    choice: Choice


class Declare(Action):
    kind: Literal["declare"] = "declare"
    fighter: str
    what: Exclusive
    target: str | None = None  # the enemy charged or engaged


class Declared(Action):
    kind: Literal["declared"] = "declared"


class Resolve(Action):
    kind: Literal["resolve"] = "resolve"
    fighter: str
    path: tuple[Point, ...]


class Forgo(Action):
    kind: Literal["forgo"] = "forgo"
    fighter: str


class Walk(Action):
    kind: Literal["walk"] = "walk"
    fighter: str
    path: tuple[Point, ...]


class Disengage(Action):
    """A fighter in contact tries to disengage and walk (D-CON-07): its own choice, never a walk's
    side effect, so the player sees the odds and that a failed roll loses the walk."""

    kind: Literal["disengage"] = "disengage"
    fighter: str
    path: tuple[Point, ...]


class Shoot(Action):
    kind: Literal["shoot"] = "shoot"
    fighter: str
    target: str
    walk_after: bool = False  # announced before the shot (V-D-3)


class Cast(Action):
    kind: Literal["cast"] = "cast"
    fighter: str
    spell: str
    target: str


class Finish(Action):
    kind: Literal["finish"] = "finish"
    fighter: str


class Dive(Action):
    kind: Literal["dive"] = "dive"
    dive: bool


class Dice(Action):
    kind: Literal["dice"] = "dice"
    attack: int


ConfAction = Annotated[
    Order | Lead | Draw | Declare | Declared | Resolve | Forgo | Walk | Disengage | Shoot | Cast | Finish | Dive | Dice,
    Field(discriminator="kind"),
]
