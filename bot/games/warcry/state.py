"""The state of a WarCry solo battle: the fighters on the table, the dice of the hero phase, whose turn
it is, the fighter being activated, the objectives, the decision stack.

Frozen pydantic models (stored as JSON by the match service). Positions are integers in tenths of a
millimetre from the table's top-left corner. Seat 0 is the player (blue, the defender); seat 1 is the
warband the solo procedure plays (red, the attacker) — « Pièges du destin », Mise en place.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.engine import Decision
from bot.table.content import Standing
from bot.table.units import Point

from .content import PROFILES, Profile

ROUNDS = 4  # research I.2.5: the battle lasts four rounds
MAX_ROUNDS = 6  # tied: one more round and check again, then at most one more (D-WAR-12)


class Mod(BaseModel):
    """A characteristic raised by an ability until the end of the activation or of the round."""

    model_config = ConfigDict(frozen=True)
    stat: str
    amount: int
    melee: bool = False
    until: str = "activation"


class Fighter(Standing, BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str  # short and public: "B3" (blue) or "R5" (red)
    profile: str
    owner: int
    group: str = ""  # dagger, shield or hammer
    x: int = -1
    y: int = -1
    placed: bool = False
    damage: int = 0
    activated: bool = False  # its activation this round is over
    waiting: bool = False  # waited as its first action: one more activation of one action (I.2.8)
    ability_used: bool = False  # this round (the procedure's C1; a person's once per activation)
    mods: tuple[Mod, ...] = ()
    order: int = 0  # roster order (the last tie-break)
    marked: bool = False  # named by the victory condition (a bounty on its head, D-WAR-26)

    @property
    def p(self) -> Profile:
        return PROFILES[self.profile]

    def stat(self, name: str, *, melee: bool | None = None) -> int:
        base = {"move": self.p.move * 254, "toughness": self.p.toughness}.get(name, 0)
        bonus = sum(m.amount for m in self.mods if m.stat == name and (not m.melee or melee))
        return base + (bonus * 254 if name == "move" else bonus)


class Dice(BaseModel):
    """A side's dice for the round: its singles and its ability dice (tier 2, 3 or 4 and value)."""

    model_config = ConfigDict(frozen=True)
    rolled: tuple[int, ...] = ()
    singles: int = 0
    groups: tuple[tuple[int, int], ...] = ()  # (tier, value)
    wild: int = 0  # wild dice kept from earlier rounds (the player's only: the solo side never keeps one)


class Side(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str
    warband: str
    dice: Dice = Dice()
    vp: int = 0
    taken_down: int = 0  # points of enemy fighters it took down
    bounties: int = 0  # points of marked enemy fighters it took down (D-WAR-26)


class Objective(Standing, BaseModel):
    model_config = ConfigDict(frozen=True)
    id: int  # 1, 2, 3 as players name them
    x: int
    y: int
    controller: int | None = None


class Treasure(BaseModel):
    """A chest of « Le butin » (D-WAR-31): on the ground at (x, y), or carried by `carrier` (it moves with
    its carrier and is dropped where the carrier stood when taken down)."""

    model_config = ConfigDict(frozen=True)
    id: int  # 1, 2, 3 as players name them
    x: int
    y: int
    carrier: str | None = None

    @property
    def centre(self) -> Point:
        return (self.x, self.y)


class Active(BaseModel):
    """The fighter being activated: its actions left and what the abilities gave it."""

    model_config = ConfigDict(frozen=True)
    fighter: str
    actions: int = 2
    first: bool = True
    bonus: tuple[str, ...] = ()  # "move", "attack" (Rampage), owed before the next action
    bonus_reach: int = 0  # the bonus move's length when the ability sets it
    inspired: str | None = None  # activates right after this one (Inspiring presence)


class WarState(BaseModel):
    model_config = ConfigDict(frozen=True)

    deployment: str
    victory: str
    difficulty: str
    layout: str = "plaine"  # the terrain layout (content.LAYOUTS); every battle before version 3 had the flat one
    #: The rules version the match began under (`WarcryGame.rules_version`); a snapshot saved before the
    #: field existed is of version 1 (`WarcryGame.load_state`). Version 2 moves a group's excess once all
    #: the solo warband's fighters are rolled for (D-WAR-01) and
    #: the geometry is exact (#25). Version 3 draws a terrain layout among the battleplans, two of them
    #: with platforms to climb and jump down from (D-WAR-27 to D-WAR-30). Version 4 draws a twist
    #: (D-WAR-32) and « Le butin », whose treasure fighters carry (D-WAR-31); a battle of version 3 has
    #: neither. Version 5: a path reaches a point beside a piece from its corner (#25).
    rules: int = 5
    twist: str = ""  # the battleplan's twist (content.TWISTS); none before version 4
    treasures: tuple[Treasure, ...] = ()
    sides: tuple[Side, Side]
    fighters: tuple[Fighter, ...]
    objectives: tuple[Objective, ...] = ()
    phase: str = "setup"  # setup, deploy, hero, combat, over
    round: int = 0
    priority: int = 0  # won the priority roll: deploys first
    initiative: int = 0
    turn: int = 0  # whose turn it is to activate
    passed: int = 0  # passes in a row (two: the combat phase ends)
    active: Active | None = None
    to_deploy: tuple[tuple[int, str], ...] = ()  # (seat, group) still to set up, in order
    stack: tuple[Decision, ...] = ()
    last: tuple[str, ...] = ()  # fighters that acted or were hit by the last action
    last_path: tuple[Point, ...] = ()
    winners: tuple[int, ...] | None = None
    reason: str | None = None

    def fighter(self, fid: str) -> Fighter | None:
        return next((f for f in self.fighters if f.id == fid), None)

    def of(self, seat: int) -> list[Fighter]:
        return [f for f in self.fighters if f.owner == seat and f.placed]

    def carried(self, fid: str) -> Treasure | None:
        """The treasure `fid` carries, if any (D-WAR-31)."""
        return next((t for t in self.treasures if t.carrier == fid), None)

    def replace(self, new: Fighter) -> tuple[Fighter, ...]:
        return tuple(new if f.id == new.id else f for f in self.fighters)
