"""What a Colors of Magic player can do: one action per turn of the activation phase, then duel cards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.engine import Action

Path = tuple[tuple[int, int], ...]


class Cast(Action):
    """Cast `card` from the hand. `target` names a creature, or `at` a point (summons); `pact` is the
    Blood Pact ((creature, wounds), ...) and `discard` the one card discarded for −1."""

    kind: Literal["cast"] = "cast"
    card: str
    caster: str
    target: str | None = None
    at: tuple[int, int] | None = None
    pact: tuple[tuple[str, int], ...] = ()
    discard: str | None = None
    #: A counter aimed at an instant already on the pile: its place there (1: the first added); None:
    #: the paused spell (rules version 4, D-COL-37).
    spell: int | None = None


class Tap(Action):
    """Tap a permanent of one's own for its ability (one mana); it stays tapped until the End phase."""

    kind: Literal["tap"] = "tap"
    card: str


class Activate(Action):
    kind: Literal["activate"] = "activate"
    figure: str


class Move(Action):
    """Move the active creature along `path` (its waypoints; the last one is where it stops).
    `second` spends its Action as a second Movement (D-COL-23)."""

    kind: Literal["move"] = "move"
    figure: str
    path: Path
    second: bool = False


class Disengage(Action):
    """Leave combat: every engaged hostile strikes first (free attacks), then the move."""

    kind: Literal["disengage"] = "disengage"
    figure: str
    path: Path


class Attack(Action):
    kind: Literal["attack"] = "attack"
    figure: str
    target: str
    ranged: bool = False


class Done(Action):
    """End the active creature's activation (what it did not use is lost)."""

    kind: Literal["done"] = "done"
    figure: str


class Pass(Action):
    """Pass for the rest of the activation phase (definitive)."""

    kind: Literal["pass"] = "pass"


class NoResponse(Action):
    """Add no (more) instant to the stack now."""

    kind: Literal["no_response"] = "no_response"


class DuelCard(Action):
    """Play one card face down in the duel (secret until the reveal)."""

    kind: Literal["duel_card"] = "duel_card"
    card: str


class DuelPass(Action):
    kind: Literal["duel_pass"] = "duel_pass"


ColorsAction = Annotated[
    Cast | Activate | Move | Disengage | Attack | Done | Pass | NoResponse | DuelCard | DuelPass | Tap,
    Field(discriminator="kind"),
]
