"""Confrontation content of our own: two warbands, their mystic spells, one scenario (research §2.7).

Loaded from `content/warbands.yaml` and validated at import, every problem reported at once. Lengths
are centimetres in the file and tenths of a millimetre once loaded (bot/table/units.py). Each profile
is one reference card: playing it activates every fighter of the profile (V-B).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bot.engine.content import Names, Problems, entries, load_models, read_yaml
from bot.table.content import Outline
from bot.table.units import CM, cms

CONTENT_DIR = Path(__file__).parent / "content"
#: Base radii (D-CON-09): 25 mm for a man-sized fighter, 37.5 mm for a large creature.
BASE_RADIUS = {"medium": 125, "large": 188}


class Weapon(BaseModel):
    """A ranged weapon: the ends of its three range bands (cm) and its Force."""

    model_config = ConfigDict(frozen=True)
    short: float
    medium: float
    long: float
    strength: int

    def band(self, distance: int) -> int | None:
        """0, 1 or 2 for short, medium, long; None beyond."""
        for i, end in enumerate((self.short, self.medium, self.long)):
            if distance <= cms(end):
                return i
        return None


class Profile(BaseModel):
    """A reference card: MOU, INI, ATT/FOR, DEF/RES, TIR, COU or PEU, DIS, POU, size, count, cost."""

    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    move: float  # MOU, in cm
    initiative: int
    attack: int
    strength: int
    defense: int
    resilience: int
    courage: int = 0
    fear: int = 0  # PEU: a frightening creature (it never tests its own courage)
    discipline: int
    aim: int = 0  # TIR
    weapon: Weapon | None = None
    power: int = 0  # POU: a magician
    spells: tuple[str, ...] = ()
    size: Literal["medium", "large"] = "medium"
    dice: int = 1  # combat dice before the one per opponent (D-CON-12)
    count: int
    cost: int  # army points of one fighter

    @property
    def radius(self) -> int:
        return BASE_RADIUS[self.size]

    @property
    def mou(self) -> int:
        return cms(self.move)


class Warband(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    profiles: tuple[Profile, ...]

    def profile(self, pid: str) -> Profile:
        return next(p for p in self.profiles if p.id == pid)

    @property
    def cost(self) -> int:
        return sum(p.cost * p.count for p in self.profiles)


class Spell(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    mana: int
    range: float
    difficulty: int
    strength: int = 0  # a damaging spell: a wound roll of this Force
    defense: int = 0  # a protective spell: + this DEF until the end of the turn


class TerrainPiece(Outline):
    unit = CM
    id: str
    kind: Literal["wood", "rock", "ruins"]


class Scenario(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    width: float
    height: float
    deploy: float  # depth of each deployment zone along its edge
    terrain: tuple[TerrainPiece, ...] = ()


#: What each kind of terrain does (D-CON-10): woods slow and hide partly, rocks stop everything,
#: ruins give cover.
TERRAIN_RULES = {
    "wood": {"difficult": True, "cover": True},
    "rock": {"blocking": True, "impassable": True},
    "ruins": {"cover": True},
}


def _load() -> tuple[dict[str, Warband], dict[str, Spell], dict[str, Scenario]]:
    problems = Problems()
    doc = read_yaml(CONTENT_DIR / "warbands.yaml", problems)
    warbands = load_models(Warband, entries(doc, "warbands", "warbands.yaml", problems), "warbands.yaml", problems)
    spells = load_models(Spell, entries(doc, "spells", "warbands.yaml", problems), "warbands.yaml", problems)
    scenarios = load_models(Scenario, entries(doc, "scenarios", "warbands.yaml", problems), "warbands.yaml", problems)
    seen: set[str] = set()
    for band in warbands.values():
        for p in band.profiles:
            if p.id in seen:
                problems.append(f"warbands.yaml: profile id {p.id!r} used twice")
            seen.add(p.id)
            for s in p.spells:
                if s not in spells:
                    problems.append(f"warbands.yaml: {p.id}: unknown spell {s!r}")
            if (p.courage > 0) == (p.fear > 0):
                problems.append(f"warbands.yaml: {p.id}: a fighter has either courage or fear")
            if p.spells and not p.power:
                problems.append(f"warbands.yaml: {p.id}: spells without power")
    problems.raise_if_any("confrontation")
    return warbands, spells, scenarios


WARBANDS, SPELLS, SCENARIOS = _load()
PROFILES = {p.id: p for band in WARBANDS.values() for p in band.profiles}
#: Which warband each profile (reference card) belongs to.
BAND_OF = {p.id: band.id for band in WARBANDS.values() for p in band.profiles}

__all__ = ["BAND_OF", "CM", "PROFILES", "SCENARIOS", "SPELLS", "WARBANDS", "Profile", "Spell", "Warband"]
