"""The state of a Colors of Magic match: figures on the table, each side's cards and mana, the duel.

Frozen pydantic models (the match service stores them as JSON). Positions are integers in tenths of a
millimetre from the table's top-left corner (bot/table/units.py).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.engine import Decision
from bot.table.content import Standing

NEUTRAL = -1  # the scenario's creatures: hostile to both sides


class Figure(Standing, BaseModel):
    """A creature on the table (wizards included: "Votre magicien est une créature")."""

    model_config = ConfigDict(frozen=True)

    id: str  # short and public: "B1" (Braise's first figure), shown on the table and in menus
    card: str  # the card (or wizard) it comes from
    owner: int
    x: int
    y: int
    pv: int
    wizard: bool = False
    token: bool = False  # summoned by an effect, not from a card: it goes nowhere when it dies
    tapped: bool = False  # activated this round
    moved: bool = False  # its Movement is used (this activation)
    acted: bool = False  # its Action is used (this activation)
    items: tuple[str, ...] = ()  # artefacts attached to it
    buffs: tuple[tuple[str, int], ...] = ()  # (characteristic, change) until the End phase


class Side(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    wizard: str
    mana: int = 0
    hand: tuple[str, ...] = ()  # the codex is part of the hand from the set-up (D-COL-17)
    deck: tuple[str, ...] = ()  # the grimoire, top first: never shown
    discard: tuple[str, ...] = ()
    exile: tuple[str, ...] = ()
    permanents: tuple[str, ...] = ()
    tapped: tuple[str, ...] = ()  # permanents tapped for their ability, until the End phase (D-COL-37)
    vp: int = 0
    passed: bool = False


class Duel(BaseModel):
    """A duel of face-down cards under way: the defender's controller plays or passes first."""

    model_config = ConfigDict(frozen=True)

    attacker: str
    defender: str
    ranged: bool = False
    cover: int = 0  # light cover elements between them (ranged only)
    free: bool = False  # a free attack against a creature that disengages
    cards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # face down, by seat
    turn: int  # the seat to play or pass
    passes: int = 0  # passes in a row; two end the duel
    #: A monster's part: the activation card it drew, whose boost it plays once (D-COL-02).
    monster_card: str | None = None


class Window(BaseModel):
    """A trigger paused the game (« L'action en cours est mise en pause »): who may still add instants,
    and what resumes once the stack is empty."""

    model_config = ConfigDict(frozen=True)

    event: str  # move_end, attack, disengage, cast or spell_damage (legacy.EVENT_OF)
    actor: int  # the seat whose creature or spell caused it (-1: a monster)
    subject: str  # the figure that moved, attacks or disengages, or the card being cast
    target: str | None = None  # the figure attacked
    asking: tuple[int, ...]  # the seats still to ask, in order (the active player first)
    resume: dict[str, Any]  # the paused action
    countered: bool = False


class ColorsState(BaseModel):
    model_config = ConfigDict(frozen=True)

    scenario: str
    #: The rules version the match began under (`ColorsGame.rules_version`); a snapshot saved before the
    #: field existed is of version 1 (`ColorsGame.load_state`).
    rules: int = 5
    round: int = 1
    phase: str = "activation"  # activation, over
    first: int = 0  # holder of the first-player token
    first_passer: int | None = None
    turn: int = 0  # whose turn it is in the activation phase
    sides: tuple[Side, Side]
    figures: tuple[Figure, ...] = ()
    counter: int = 0  # figures created so far (ids)
    objectives: dict[str, int] = {}  # times each objective can still be scored
    active: str | None = None  # the creature being activated
    duel: Duel | None = None
    duels: tuple[str, ...] = ()  # free attackers still to strike a disengaging creature
    pending_move: tuple[str, tuple[tuple[int, int], ...]] | None = None  # the disengage that waits
    stack: tuple[Decision, ...] = ()
    window: Window | None = None
    instants: tuple[tuple[int, dict[str, Any]], ...] = ()  # the Pile: (seat, the Cast), last on top
    monster_deck: tuple[str, ...] = ()  # the activation deck, top first: never shown
    monster_discard: tuple[str, ...] = ()
    monster_steps: tuple[tuple[str, str], ...] = ()  # (monster, "move" | "attack") still to resolve
    last: tuple[str, ...] = ()  # figures the last action moved, hit or created (highlighted)
    last_path: tuple[tuple[int, int], ...] = ()
    winners: tuple[int, ...] | None = None
    reason: str | None = None

    def figure(self, fid: str) -> Figure | None:
        return next((f for f in self.figures if f.id == fid), None)

    def wizard_of(self, seat: int) -> Figure | None:
        return next((f for f in self.figures if f.wizard and f.owner == seat), None)
