"""The state of a Confrontation match: fighters on the table, the sequences, the stage of the turn.

Frozen pydantic models (the match service stores them as JSON). Positions are integers in tenths of a
millimetre from the table's top-left corner (bot/table/units.py). A fighter's profile is its reference
card (content.PROFILES).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.engine import Decision
from bot.table.content import Standing

from .sequence import Sequence

#: Health states (research §2.3; D-CON-13): 0 unhurt, then light, serious and critical wounds.
WOUNDS = ("unhurt", "light", "serious", "critical")


class Fighter(Standing, BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str  # short and public: "L3"
    profile: str
    owner: int
    x: int
    y: int
    wound: int = 0  # index in WOUNDS
    stunned: bool = False  # « Sonné »: −1 to its tests until the end of the turn (D-CON-13)
    activated: bool = False  # its card was played this turn
    done: bool = False  # its activation is over
    exclusive: str | None = None  # the exclusive action it declared this turn
    target: str | None = None  # the enemy it charges or engages
    resolved: bool = False  # its exclusive action was resolved
    walked: bool = False
    shot: bool = False
    still: bool = True  # has not moved this activation (« tir immobile »)
    walk_after: bool = False  # announced a walk after its shot (V-D-3)
    charged: bool = False  # its charge succeeded this turn (an assault with the charge's bonus)
    covered: bool = False  # « Cible/+2 » until its activation next turn (V-C-4)
    dove: bool = False  # threw itself to cover: must move to cover when activated (V-C-4)
    mana: int = 0
    shield: int = 0  # + DEF until the end of the turn (Bouclier)
    afraid: bool = False  # failed a courage test against a charging fearsome creature: one die fewer


class Side(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    warband: str
    pile: tuple[str, ...] = ()  # the sequence chosen this turn, top first (never shown to the other side)
    lost: int = 0  # army points of its fighters eliminated


class Combat(BaseModel):
    """One combat of the combat phase (1 against N, D-CON-11): the fighters of each side, who won the
    initiative, and each side's dice in attack once chosen."""

    model_config = ConfigDict(frozen=True)

    fighters: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int  # won the initiative: attacks first, chooses its dice second
    attack: tuple[int | None, int | None] = (None, None)  # dice each fighter puts in attack, per side


class PendingShot(BaseModel):
    model_config = ConfigDict(frozen=True)

    shooter: str
    target: str
    walk_after: bool = False


class ConfState(BaseModel):
    model_config = ConfigDict(frozen=True)

    scenario: str
    #: The rules version the match began under (`ConfrontationGame.rules_version`); a snapshot saved
    #: before the field existed is of version 1 (`ConfrontationGame.load_state`).
    rules: int = 2
    turn: int = 1
    #: strategic (sequences), lead (the tactic winner gives the word), activation, combat, over
    phase: str = "strategic"
    #: within the activation phase: draw (a tour de parole starts), declare, exclusive, cumulative
    stage: str = "draw"
    sides: tuple[Side, Side]
    fighters: tuple[Fighter, ...] = ()
    seq: Sequence | None = None
    tactic: int | None = None  # winner of this turn's tactic roll
    tour: tuple[str, ...] = ()  # the cards played in this tour de parole
    current: str | None = None  # the fighter whose cumulative actions are under way
    shot: PendingShot | None = None  # a shot waiting for its target's « se jeter à couvert »
    combats: tuple[Combat, ...] = ()  # the combats still to resolve this turn, the current first
    stack: tuple[Decision, ...] = ()
    last: tuple[str, ...] = ()  # fighters the last step activated, moved or hit (highlighted)
    last_path: tuple[tuple[int, int], ...] = ()
    winners: tuple[int, ...] | None = None
    reason: str | None = None

    def fighter(self, fid: str) -> Fighter | None:
        return next((f for f in self.fighters if f.id == fid), None)

    def of(self, seat: int) -> list[Fighter]:
        return [f for f in self.fighters if f.owner == seat]

    def replace(self, *changed: Fighter) -> tuple[Fighter, ...]:
        by_id = {f.id: f for f in changed}
        return tuple(by_id.get(f.id, f) for f in self.fighters)
