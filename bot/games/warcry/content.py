"""WarCry content of our own (research I.8): two warbands with their abilities, the universal
abilities, three terrain layouts (the flat « plaine », two with platforms to climb, D-WAR-28), three
deployments, the victory conditions (one marks fighters, D-WAR-26; one puts treasure on the table,
D-WAR-31) and four twists (D-WAR-32).

Loaded from `content/warbands.yaml` and validated at import, every problem reported at once. Lengths
are inches in the file and tenths of a millimetre once loaded (bot/table/units.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bot.engine.content import Names, Problems, entries, load_models, read_yaml
from bot.table.content import Outline
from bot.table.units import INCH, Point, inches

CONTENT_DIR = Path(__file__).parent / "content"
WIDTH, HEIGHT = 30 * INCH, 22 * INCH
#: Points limits of the AI's warband by difficulty (« Constitution de la bande adverse »).
DIFFICULTY = {"facile": 1000, "equilibre": 1150, "difficile": 1250}
GROUPS = ("dagger", "shield", "hammer")


class Weapon(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: Names
    min_range: float = 0
    range: float
    attacks: int
    strength: int
    hit: int
    crit: int

    @property
    def reach(self) -> int:
        return inches(self.range)

    @property
    def min_reach(self) -> int:
        return inches(self.min_range)

    @property
    def melee(self) -> bool:
        """Range 3" or less (research I.2.7; Onslaught and our melee abilities)."""
        return self.range <= 3


class Profile(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    runemarks: tuple[str, ...] = ()
    move: int
    toughness: int
    wounds: int
    points: int
    base: int  # base diameter in mm
    count: int = 1  # in the core roster
    weapons: tuple[Weapon, ...]

    @property
    def radius(self) -> int:
        return self.base * 5  # mm diameter → radius in tenths of a millimetre

    @property
    def leader(self) -> bool:
        return "leader" in self.runemarks

    @property
    def max_reach(self) -> int:
        return max(w.reach for w in self.weapons)


class Ability(BaseModel):
    """An ability card: its dice (2 double, 3 triple, 4 quad), who may use it and what it does.

    Effects: `mod` (a characteristic raised until the end of the activation or of the round), `heal`
    (damage removed: the value, or half of it rounded up), `blast` (dice equal to the value at a visible
    enemy within `reach`, 1 damage per 4+), `inspire` (a friend within `reach` activates next),
    `rampage` (a bonus move, of the value in inches when `by_value`, then a bonus attack)."""

    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    tier: Literal[2, 3, 4]
    runemarks: tuple[str, ...] = ()  # any of these (empty: every fighter)
    effect: Literal["mod", "heal", "blast", "inspire", "rampage"]
    stat: Literal["move", "attacks", "strength", "toughness"] | None = None
    amount: int = 0
    melee: bool = False
    until: Literal["activation", "round"] = "activation"
    not_engaged: bool = False
    half: bool = False
    reach: float = 0
    by_value: bool = False

    def allowed(self, p: Profile) -> bool:
        return not self.runemarks or any(r in p.runemarks for r in self.runemarks)


class Warband(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    fighters: tuple[Profile, ...]
    reinforcements: dict[str, tuple[str, ...]] = {}
    abilities: tuple[Ability, ...] = ()

    def profile(self, pid: str) -> Profile:
        return next(p for p in self.fighters if p.id == pid)

    def roster(self, difficulty: str = "facile") -> list[str]:
        """Profile ids, one per fighter: the core, then the difficulty's reinforcements."""
        core = [p.id for p in self.fighters for _ in range(p.count)]
        return core + list(self.reinforcements.get(difficulty, ()))

    def points(self, roster: list[str]) -> int:
        return sum(self.profile(pid).points for pid in roster)


class TerrainPiece(Outline):
    """A piece of one of our terrain layouts: an obstacle (impassable, blocks sight, gives cover), the
    deadly pit, or a platform of `height` inches that a fighter climbs onto and jumps down from
    (D-WAR-28)."""

    unit = INCH
    id: str
    name: Names
    kind: Literal["obstacle", "deadly", "platform"]
    layout: str = "plaine"
    height: float = 0

    @property
    def rise(self) -> int:
        return inches(self.height)


class Deployment(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    blue: dict[str, tuple[float, float]]
    red: dict[str, tuple[float, float]]

    def point(self, seat: int, group: str) -> Point:
        x, y = (self.blue if seat == 0 else self.red)[group]
        return (inches(x), inches(y))


class Victory(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    objectives: tuple[tuple[float, float], ...] = ()
    treasures: tuple[tuple[float, float], ...] = ()
    #: final: hold the objective at the end; rounds: victory points each round; leaders: take down the
    #: enemy leader; bounties: take down more points of the enemy's marked fighters (its two worth the
    #: most besides the leader, D-WAR-26); treasure: carry more treasure at the end (D-WAR-31)
    scoring: Literal["final", "rounds", "leaders", "bounties", "treasure"]

    def points(self) -> tuple[Point, ...]:
        return tuple((inches(x), inches(y)) for x, y in self.objectives)

    def chests(self) -> tuple[Point, ...]:
        return tuple((inches(x), inches(y)) for x, y in self.treasures)


class Twist(BaseModel):
    """A twist of the battleplan (D-WAR-32): `mod` raises (or lowers) a characteristic of every fighter
    of both warbands for the round, in every round or only in `rounds`; `cover` gives cover to every
    target further than `reach` inches from its attacker."""

    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    effect: Literal["mod", "cover"]
    stat: Literal["move", "attacks"] | None = None
    amount: int = 0
    melee: bool = False
    rounds: tuple[int, ...] = ()  # empty: every round
    reach: float = 0

    def on(self, round_: int) -> bool:
        return self.effect == "mod" and (not self.rounds or round_ in self.rounds)


Loaded = tuple[
    dict[str, Warband],
    tuple[Ability, ...],
    tuple[TerrainPiece, ...],
    dict[str, Deployment],
    dict[str, Victory],
    dict[str, Twist],
]


#: How many fighters of each warband a bounty marks (« Têtes mises à prix », D-WAR-26).
BOUNTIES = 2


def _load() -> Loaded:
    problems = Problems()
    doc = read_yaml(CONTENT_DIR / "warbands.yaml", problems)
    f = "warbands.yaml"
    warbands = load_models(Warband, entries(doc, "warbands", f, problems), f, problems)
    universal = load_models(Ability, entries(doc, "universal", f, problems), f, problems)
    terrain = load_models(TerrainPiece, entries(doc, "terrain", f, problems), f, problems)
    deployments = load_models(Deployment, entries(doc, "deployments", f, problems), f, problems)
    victories = load_models(Victory, entries(doc, "victories", f, problems), f, problems)
    twists = load_models(Twist, entries(doc, "twists", f, problems), f, problems)
    for w in warbands.values():
        ids = {p.id for p in w.fighters}
        for level, extra in w.reinforcements.items():
            if level not in DIFFICULTY:
                problems.append(f"{f}: {w.id}: unknown difficulty {level!r}")
            for pid in extra:
                if pid not in ids:
                    problems.append(f"{f}: {w.id}: unknown reinforcement {pid!r}")
        for level, limit in DIFFICULTY.items():
            if level in w.reinforcements or level == "facile":
                total = w.points(w.roster(level)) if not problems else 0
                if total > limit:
                    problems.append(f"{f}: {w.id} at {level}: {total} points over {limit}")
        if sum(1 for p in w.fighters if p.leader and p.count) != 1:
            problems.append(f"{f}: {w.id}: exactly one leader")
    for piece in terrain.values():
        if (piece.kind == "platform") != (piece.height > 0):
            problems.append(f"{f}: {piece.id}: a platform and only a platform has a height")
    for d in deployments.values():
        for colour in (d.blue, d.red):
            if set(colour) != set(GROUPS):
                problems.append(f"{f}: {d.id}: a point for each of dagger, shield, hammer")
    for tw in twists.values():
        if (tw.effect == "mod") != (tw.stat is not None):
            problems.append(f"{f}: {tw.id}: a mod twist and only one names its characteristic")
    problems.raise_if_any("warcry")
    return warbands, tuple(universal.values()), tuple(terrain.values()), deployments, victories, twists


WARBANDS, UNIVERSAL, PIECES, DEPLOYMENTS, VICTORIES, TWISTS = _load()
#: The terrain layouts, each its pieces: « plaine » is the flat table every battle had before version 3.
LAYOUTS: dict[str, tuple[TerrainPiece, ...]] = {
    name: tuple(p for p in PIECES if p.layout == name) for name in dict.fromkeys(p.layout for p in PIECES)
}
TERRAIN = LAYOUTS["plaine"]
PROFILES: dict[str, Profile] = {p.id: p for w in WARBANDS.values() for p in w.fighters}
BAND_OF: dict[str, str] = {p.id: w.id for w in WARBANDS.values() for p in w.fighters}
ABILITIES: dict[str, Ability] = {a.id: a for w in WARBANDS.values() for a in w.abilities} | {a.id: a for a in UNIVERSAL}


def abilities_of(warband: str) -> tuple[Ability, ...]:
    """The warband's own abilities first, then the universal ones (Q15: warband before universal)."""
    return (*WARBANDS[warband].abilities, *UNIVERSAL)
