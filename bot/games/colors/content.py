"""Colors of Magic content: our two wizards, their codex, five schools and one scenario (all ours).

Loaded from `content/*.yaml` and validated at import with every problem reported at once. Coordinates
and lengths are in inches in the files and in tenths of a millimetre (bot/table/units.py) once loaded.
A card's `effect` is one of a closed set of kinds the engine implements (`EFFECT_KINDS`); the
decisions about our content are in docs/rules/colors.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from bot.engine.content import Names, Problems, entries, load_models, read_yaml
from bot.table.content import Outline
from bot.table.units import INCH, Point

CONTENT_DIR = Path(__file__).parent / "content"
GRIMOIRE_SIZE = 30
COPIES = 2  # every card of a codex or a school is there twice
#: Base diameters by size (D-COL-09), in tenths of a millimetre: 25, 40, 60 and 80 mm.
BASE_DIAMETER = {1: 250, 2: 400, 3: 600, 4: 800}

SpellType = Literal["creature", "ephemeral", "instant", "permanent", "artifact"]
Stat = Literal["move", "defense", "melee", "ranged"]
EFFECT_KINDS = ("damage", "heal", "draw", "buff", "equip", "aura", "summon", "counter", "withdraw", "mana_tap")
TRIGGERS = (
    "enemy_ends_move_near_wizard",
    "ally_attacked",
    "ally_attacks",
    "enemy_ends_move_near_ally",
    "enemy_disengages",
    "enemy_casts",
    "ally_ends_move",  # since rules version 3: your own creature ends its move (D-COL-35)
    "spell_wounds_ally",  # since rules version 4: an enemy's spell wounds your creature (D-COL-37)
)
#: The first rules version that added codex cards (`Wizard.codex_added`, D-COL-35).
CODEX_ADDED_IN = 3


class Profile(BaseModel):
    """A creature's characteristics: PV, Mouvement (inches), Défense, Mêlée, Distance, taille."""

    model_config = ConfigDict(frozen=True)
    pv: int
    move: int
    defense: int
    melee: int
    ranged: int = 0
    size: Literal[1, 2, 3, 4] = 1
    source: int = 0  # Source X: +X to its owner's Flux
    channeling: bool = False  # Canalisation: may be the caster of its owner's spells (D-COL-06)

    @property
    def radius(self) -> int:
        return BASE_DIAMETER[self.size] // 2


class Boost(BaseModel):
    """The "Boost de combat": initiative, and the wounds of its "en attaque" / "en défense" effects."""

    model_config = ConfigDict(frozen=True)
    initiative: int
    attack: int = 0
    defense: int = 0


class Effect(BaseModel):
    model_config = ConfigDict(frozen=True)
    #: withdraw: the creature the enemy's spell aims at steps `amount` inches straight away from its caster.
    #: mana_tap: a permanent its owner taps for `amount` mana, untapped at the End phase (D-COL-37).
    kind: Literal["damage", "heal", "draw", "buff", "equip", "aura", "summon", "counter", "withdraw", "mana_tap"]
    amount: int = 0
    stat: Stat | None = None
    area: int = 0  # inches around the target (0: the target only)
    card: str | None = None  # summon: the creature card
    count: int = 1


class Card(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    school: str
    type: SpellType
    cost: int
    range: int | None = None  # inches from the caster; None: no target
    creature: Profile | None = None
    effect: Effect | None = None
    trigger: str | None = None
    boost: Boost

    @model_validator(mode="after")
    def _coherent(self) -> Card:
        if (self.type == "creature") != (self.creature is not None):
            raise ValueError("a creature card, and only one, has a creature profile")
        if self.type != "creature" and self.effect is None:
            raise ValueError("a spell needs an effect")
        if (self.type == "instant") != (self.trigger is not None):
            raise ValueError("an instant, and only an instant, has a trigger")
        if self.trigger is not None and self.trigger not in TRIGGERS:
            raise ValueError(f"unknown trigger {self.trigger!r}")
        return self

    @property
    def targeted(self) -> bool:
        """Whether casting it names a target (a creature, or a point for a summon)."""
        return self.type in ("creature", "artifact") or (
            self.effect is not None and self.effect.kind in ("damage", "heal", "buff", "summon")
        )


class Wizard(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    element: str
    profile: Profile
    flux: int  # Flux de base, and the mana it may keep at the End phase (D-COL-01)
    codex: tuple[str, ...]
    schools: tuple[str, ...]
    #: Codex cards a match holds from a rules version on ({version: cards}): one begun before keeps its codex.
    codex_added: dict[int, tuple[str, ...]] = {}

    def added_after(self, rules: int) -> set[str]:
        """The codex cards a match begun under `rules` does not hold."""
        return {card for version, cards in self.codex_added.items() if version > rules for card in cards}


TerrainKind = Literal["forest", "ruins", "rock"]
#: What each kind of terrain does: forests slow and hide, ruins hide, rocks stop sight and feet.
TERRAIN_RULES: dict[str, dict[str, bool]] = {
    "forest": {"difficult": True, "cover": True},
    "ruins": {"cover": True},
    "rock": {"blocking": True, "impassable": True},
}


class TerrainPiece(Outline):
    unit = INCH
    id: str
    kind: TerrainKind


class Objective(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    at: tuple[float, float]
    kind: Literal["stone"]
    vp: int
    times: int

    def point(self) -> Point:
        return (round(self.at[0] * INCH), round(self.at[1] * INCH))


class Special(BaseModel):
    """An objective's special action, done when the drawn activation card shows its symbol."""

    model_config = ConfigDict(frozen=True)
    symbol: Literal["A", "B", "C"]
    wounds: int
    radius: int  # inches around the monster


class Monster(BaseModel):
    """A creature of the scenario: neutral, hostile to both sides, driven by the activation deck."""

    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    at: tuple[float, float]
    size: Literal["small", "medium", "big"]
    profile: Profile
    vp: int  # to the side whose creature kills it
    special: Special | None = None

    def point(self) -> Point:
        return (round(self.at[0] * INCH), round(self.at[1] * INCH))


class Scenario(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: Names
    deploy: tuple[tuple[float, float], tuple[float, float]]
    terrain: tuple[TerrainPiece, ...]
    objectives: tuple[Objective, ...]
    monsters: tuple[Monster, ...] = ()

    def deploy_point(self, corner: int) -> Point:
        x, y = self.deploy[corner]
        return (round(x * INCH), round(y * INCH))


MonsterTarget = Literal["nearest", "nearest_wizard", "weakest", "objective", "none"]


class MonsterOrder(BaseModel):
    """What one activation card tells a monster of one size: where to go, whom to strike, its boost."""

    model_config = ConfigDict(frozen=True)
    move: MonsterTarget
    attack: MonsterTarget
    initiative: int
    attack_wounds: int = 0


class ActivationCard(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    symbol: Literal["A", "B", "C"]
    small: MonsterOrder
    medium: MonsterOrder
    big: MonsterOrder

    def order(self, size: str) -> MonsterOrder:
        return {"small": self.small, "medium": self.medium, "big": self.big}[size]


def _load() -> tuple[dict[str, Card], dict[str, Wizard], dict[str, Scenario]]:
    problems = Problems()
    cards = load_models(
        Card,
        entries(read_yaml(CONTENT_DIR / "cards.yaml", problems), "cards", "cards.yaml", problems),
        "cards.yaml",
        problems,
        kind="card",
    )
    wizards = load_models(
        Wizard,
        entries(read_yaml(CONTENT_DIR / "wizards.yaml", problems), "wizards", "wizards.yaml", problems),
        "wizards.yaml",
        problems,
        kind="wizard",
    )
    scenarios = load_models(
        Scenario,
        entries(read_yaml(CONTENT_DIR / "scenario.yaml", problems), "scenarios", "scenario.yaml", problems),
        "scenario.yaml",
        problems,
        kind="scenario",
    )
    for wizard in wizards.values():
        for card in (*wizard.codex, *(c for cards in wizard.codex_added.values() for c in cards)):
            if card not in cards:
                problems.append(f"wizards.yaml: {wizard.id}: unknown codex card {card!r}")
        for school in wizard.schools:
            if not any(c.school == school for c in cards.values()):
                problems.append(f"wizards.yaml: {wizard.id}: unknown school {school!r}")
        if len(grimoire_of(wizard, cards)) != GRIMOIRE_SIZE:
            problems.append(f"wizards.yaml: {wizard.id}: the grimoire must hold {GRIMOIRE_SIZE} cards")
    for card_def in cards.values():
        if card_def.effect is not None and card_def.effect.kind == "summon" and card_def.effect.card not in cards:
            problems.append(f"cards.yaml: {card_def.id}: unknown summoned card {card_def.effect.card!r}")
    problems.raise_if_any("colors")
    return cards, wizards, scenarios


def grimoire_of(wizard: Wizard, cards: dict[str, Card]) -> list[str]:
    """The 30 cards of a wizard's grimoire: every card of its three schools, twice, in content order."""
    return [c.id for c in cards.values() if c.school in wizard.schools for _ in range(COPIES)]


def codex_of(wizard: Wizard, rules: int | None = None) -> list[str]:
    """The codex cards a match under rules version `rules` (None: the newest) holds, each twice."""
    added = [c for v, cards in sorted(wizard.codex_added.items()) if rules is None or v <= rules for c in cards]
    return [card for card in (*wizard.codex, *added) for _ in range(COPIES)]


def _activation() -> dict[str, ActivationCard]:
    problems = Problems()
    doc = read_yaml(CONTENT_DIR / "activation.yaml", problems)
    deck = load_models(
        ActivationCard, entries(doc, "cards", "activation.yaml", problems), "activation.yaml", problems, kind="card"
    )
    problems.raise_if_any("colors")
    return deck


CARDS, WIZARDS, SCENARIOS = _load()
ACTIVATION = _activation()
MONSTERS = {m.id: m for s in SCENARIOS.values() for m in s.monsters}


def tap_mana(card: str) -> int:
    """The mana a permanent gives when its owner taps it (0: it has no such ability; D-COL-37)."""
    effect = CARDS[card].effect
    return effect.amount if effect is not None and effect.kind == "mana_tap" else 0
