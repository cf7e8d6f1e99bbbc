"""The decisions a King of Liber player takes, as frozen pydantic actions.

Positions are `(side, line, slot)` with lines 0 = plaine, 1 = arrière, 2 = front. Cards in hand are
named by card id (copies of a card are interchangeable), cards in play by position.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.engine import Action

from .state import Pos


class Play(Action):
    """Play a card from the hand. `at`: where a unit/lieu/enchantment goes, the unit an object
    equips, or the target of a spell; None for gods and untargeted spells."""

    kind: Literal["play"] = "play"
    card: str
    at: Pos | None = None


class Move(Action):
    """Move one of your units to another line (Decision D-LIB-09)."""

    kind: Literal["move"] = "move"
    frm: Pos
    to: Pos


class Ability(Action):
    """Use an activated ability: defausse, invocateur, soin, telekinesie, or the general's power."""

    kind: Literal["ability"] = "ability"
    source: Pos
    ability: Literal["defausse", "invocateur", "soin", "telekinesie", "general"]
    target: Pos | None = None
    to: Pos | None = None
    card: str | None = None


class Equip(Action):
    """Pay an object's cost to move it to another unit, or to take it back after its bearer died."""

    kind: Literal["equip"] = "equip"
    item: int
    to: Pos


class Attack(Action):
    """Declare one attack; with Honneur du guerrier, `target2` and `split` (damage to `target`)."""

    kind: Literal["attack"] = "attack"
    attacker: Pos
    target: Pos
    target2: Pos | None = None
    split: int | None = None


class Block(Action):
    """The defender's answer to a declared attack: a blocker, or None to let it through."""

    kind: Literal["block"] = "block"
    blocker: Pos | None = None


class Designate(Action):
    """Rule "Loyauté": « Si plusieurs unités au loyauté le défenseur choisit laquelle est attaquée en
    premier. » The defender names which of its loyal units receives the attack (D-LIB-20)."""

    kind: Literal["designate"] = "designate"
    target: Pos


class Assign(Action):
    """Assign one point of Ravage damage."""

    kind: Literal["assign"] = "assign"
    target: Pos


class Discard(Action):
    """End of turn: discard a card down to the hand limit."""

    kind: Literal["discard"] = "discard"
    card: str


class End(Action):
    """End the placement phase, the attack phase, or pass a response window."""

    kind: Literal["end"] = "end"


LiberAction = Annotated[
    Play | Move | Ability | Equip | Attack | Block | Designate | Assign | Discard | End, Field(discriminator="kind")
]
