"""The decisions a player can take; `legal_actions` (rules.py) enumerates them exactly."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.engine import Action


class SetupMana(Action):
    """Beginning of the game: put one of the six cards drawn into the Mana zone (three times).

    Not a committed secret: the faces are never revealed (3.2.9.a), and only the uid, which says
    nothing about the card, is logged (D-ALT-17).
    """

    kind: Literal["setup_mana"] = "setup_mana"
    uid: int


class Expand(Action):
    """Morning (1.3.2.b): put a card from hand face down into the Mana zone."""

    kind: Literal["expand"] = "expand"
    uid: int


class SkipExpand(Action):
    """Morning: keep the hand (the Mana step is optional)."""

    kind: Literal["skip_expand"] = "skip_expand"


class PlayCard(Action):
    """Afternoon (1.3.2.d): play a card from hand or Reserve; `expedition` for Characters, `target` for Spells."""

    kind: Literal["play"] = "play"
    uid: int
    expedition: Literal["hero", "companion"] | None = None
    target: int | None = None


class Pass(Action):
    """Afternoon: pass; the player takes no more turns this day (1.3.2.d)."""

    kind: Literal["pass"] = "pass"


class HeroAbility(Action):
    """A quick action of the Hero (1.3.2.d): does not end the turn (D-ALT-04)."""

    kind: Literal["hero_ability"] = "hero_ability"


class CycleOrb(Action):
    """3.2.9.e: exhaust a ready Mana Orb to ready an exhausted one (a quick action; D-ALT-04, D-ALT-07)."""

    kind: Literal["cycle_orb"] = "cycle_orb"


class CleanupDiscard(Action):
    """Night clean-up (1.3.2.f): discard a card from an over-full Reserve."""

    kind: Literal["cleanup_discard"] = "cleanup_discard"
    uid: int


class CleanupSacrifice(Action):
    """Night clean-up (1.3.2.f): sacrifice a Landmark beyond the limit."""

    kind: Literal["cleanup_sacrifice"] = "cleanup_sacrifice"
    uid: int


AlteredAction = Annotated[
    SetupMana | Expand | SkipExpand | PlayCard | Pass | HeroAbility | CycleOrb | CleanupDiscard | CleanupSacrifice,
    Field(discriminator="kind"),
]
