"""Card, hero and deck data: YAML under `content/`, validated by pydantic at import.

Every problem in every file is collected before raising (`ContentError.problems`), so an author
fixing the data sees the whole list at once. The content is our own invention (D-ALT-20).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.engine.content import Names, Problems, entries, load_models, read_yaml

from .decks import deck_problems
from .printings import in_print, printed_id

CONTENT_DIR = Path(__file__).with_name("content")

Terrain = Literal["forest", "mountain", "water"]
TERRAINS: tuple[Terrain, ...] = ("forest", "mountain", "water")
CardType = Literal["character", "spell", "landmark"]
Keyword = Literal["cooldown", "defender", "eternal", "fleeting", "seasoned"]
Trigger = Literal["on_play", "at_noon", "at_dusk", "quick"]
EffectKind = Literal["draw", "boost", "status", "resupply", "ready_orb", "sabotage"]
Who = Literal["self", "target", "others_here", "hero_expedition"]
TargetKind = Literal["own_character", "foe_character", "foe_reserve"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Effect(_Frozen):
    """One step of an ability; `kind` names a function in the effect registry (effects.py; D-ALT-22).

    Features left out of our content (tokens, Gears, Gigantic, Scout, Tough...) are listed in D-ALT-18.
    """

    kind: EffectKind
    amount: int = Field(1, ge=1, le=5)
    who: Who = "self"
    status: Literal["anchored", "asleep"] | None = None

    @model_validator(mode="after")
    def _status_needs_name(self) -> Effect:
        if (self.kind == "status") != (self.status is not None):
            raise ValueError("a 'status' effect names exactly one status, other kinds none")
        return self


class Cost(_Frozen):
    """The cost of a quick action: its parts are paid together or not at all (1.2.5.c-d)."""

    exhaust_self: bool = False
    mana: int = Field(0, ge=0)


class Ability(_Frozen):
    trigger: Trigger
    from_: Literal["hand", "reserve", "any"] = Field("any", alias="from")
    condition: Literal["hero_behind"] | None = None
    cost: Cost | None = None
    text: Names
    effects: tuple[Effect, ...] = Field(min_length=1)

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class CardDef(_Frozen):
    id: str
    name: Names
    type: CardType
    subtype: str
    faction: str
    rarity: Literal["common", "rare", "unique"] = "common"
    cost: tuple[int, int]
    stats: tuple[int, int, int] = (0, 0, 0)
    keywords: tuple[Keyword, ...] = ()
    target: TargetKind | None = None
    abilities: tuple[Ability, ...] = ()
    #: The first edition without this printing (D-ALT-23): kept only for matches started before.
    retired: int | None = Field(None, ge=2)

    @property
    def hand_cost(self) -> int:
        return self.cost[0]

    @property
    def reserve_cost(self) -> int:
        return self.cost[1]

    def stat(self, terrain: str) -> int:
        return self.stats[TERRAINS.index(cast(Terrain, terrain))]

    @model_validator(mode="after")
    def _coherent(self) -> CardDef:
        if min(self.cost) < 0:
            raise ValueError("costs are never negative")
        if self.type != "character" and any(self.stats):
            raise ValueError("only Characters have statistics")
        if self.type != "spell" and ("cooldown" in self.keywords or "fleeting" in self.keywords):
            raise ValueError("cooldown and fleeting are spell keywords here")
        uses_target = any(e.who == "target" or e.kind == "sabotage" for a in self.abilities for e in a.effects)
        if uses_target != (self.target is not None):
            raise ValueError("a card has a 'target' exactly when one of its effects uses it")
        if self.target is not None and self.type != "spell":
            raise ValueError("only Spells choose targets")
        for a in self.abilities:
            if a.trigger == "quick" or a.condition:
                raise ValueError("quick actions and conditions are Hero-only here")
            if a.trigger in ("at_noon", "at_dusk") and self.type != "landmark":
                raise ValueError("'At Noon'/'At Dusk' abilities are on Landmarks and Heroes only")
            if self.type == "spell" and a.trigger != "on_play":
                raise ValueError("a Spell's ability resolves when it is played")
        return self


class HeroDef(_Frozen):
    id: str
    name: Names
    faction: str
    reserve_limit: int = Field(2, ge=0)
    landmark_limit: int = Field(2, ge=0)
    abilities: tuple[Ability, ...] = ()
    retired: int | None = Field(None, ge=2)

    @model_validator(mode="after")
    def _coherent(self) -> HeroDef:
        for a in self.abilities:
            if a.trigger == "on_play":
                raise ValueError("Heroes are not played")
            if a.trigger == "quick" and a.cost is None:
                raise ValueError("a quick action has a cost")
            if any(e.who in ("target", "others_here") or e.kind == "sabotage" for e in a.effects):
                raise ValueError("Hero abilities have no targets here")
        return self


class DeckDef(_Frozen):
    id: str
    name: Names
    hero: str
    cards: dict[str, int]
    #: The first edition that no longer deals this list (D-ALT-23): `<deck>_eN`, the list as it
    #: stood up to edition N, has `retired: N+1`.
    retired: int | None = Field(None, ge=2)


class Content(_Frozen):
    heroes: dict[str, HeroDef]
    cards: dict[str, CardDef]
    decks: dict[str, DeckDef]

    def edition(self, edition: int) -> Content:
        """The content a match of this edition plays (D-ALT-23, D-ALT-24): the printings in print then
        (an `_eN` printing from edition N on, until the edition its `retired` names) and each ready-made
        deck's list of that edition under the deck's id. The current edition's is what /carte shows and
        a new deck may hold."""
        return Content(
            heroes={k: h for k, h in self.heroes.items() if in_print(k, h.retired, edition)},
            cards={k: c for k, c in self.cards.items() if in_print(k, c.retired, edition)},
            decks={d: self.deck_list(d, edition) for d in dict.fromkeys(printed_id(k) for k in self.decks)},
        )

    def deck_list(self, deck_id: str, edition: int) -> DeckDef:
        """A ready-made deck as a match of this edition deals it: the earliest of its old lists still
        dealt then (`aube_e1`, `retired: 2`, for the first edition), else its current list."""
        old = [
            d
            for k, d in self.decks.items()
            if printed_id(k) == deck_id and k != deck_id and d.retired is not None and edition < d.retired
        ]
        return min(old, key=lambda d: d.retired or 0) if old else self.decks[deck_id]


def parse_content(cards_doc: Any, decks_doc: Any) -> Content:
    """Validate raw YAML documents with the kernel's loader; raise `ContentError` listing every problem."""
    problems = Problems()
    ids: set[str] = set()
    heroes = load_models(
        HeroDef, entries(cards_doc, "heroes", "cards.yaml", problems), "cards.yaml", problems, kind="hero", taken=ids
    )
    cards = load_models(
        CardDef, entries(cards_doc, "cards", "cards.yaml", problems), "cards.yaml", problems, kind="card", taken=ids
    )
    decks = load_models(
        DeckDef, entries(decks_doc, "decks", "decks.yaml", problems), "decks.yaml", problems, kind="deck"
    )
    content = Content(heroes=heroes, cards=cards, decks=decks)
    for deck in decks.values():
        problems += [f"decks.yaml: deck {deck.id!r}: {p}" for p in deck_problems(content, deck.hero, deck.cards)]
    problems.raise_if_any("Altered")
    return content


def load_content(directory: Path = CONTENT_DIR) -> Content:
    """Read `cards.yaml` and `decks.yaml` from `directory`."""
    problems = Problems()
    docs = [read_yaml(directory / name, problems) for name in ("cards.yaml", "decks.yaml")]
    problems.raise_if_any("Altered")
    return parse_content(*docs)


CONTENT = load_content()
