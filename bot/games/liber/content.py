"""Card pool and starter decks of King of Liber, loaded from YAML and validated at import.

Rules "Matériel" and "Les différentes cartes": a deck is 50 cards, at most 4 copies of a card, plus
one general. Every card is our own invention (see docs/rules/liber.md, decision D-LIB-29).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from bot.engine import Text, decklist, txt
from bot.engine.content import Names, Problems, entries, load_models, read_yaml

CONTENT_DIR = Path(__file__).parent / "content"
DECK_SIZE = 50
MAX_COPIES = 4

ABILITIES: tuple[str, ...] = (
    "armure",
    "artillerie",
    "coup_fatal",
    "defausse",
    "deplacement",
    "double_attaque",
    "encouragement",
    "empoisonnement",
    "entraver",
    "fanatique",
    "furtivite",
    "invocateur",
    "honneur",
    "impatient",
    "initiative",
    "loyaute",
    "paralysie",
    "producteur",
    "ravage",
    "regroupement",
    "soin",
    "telekinesie",
    "tir",
    "vol",
)

CardType = Literal["general", "unit", "object", "spell", "lieu", "god", "token", "faveur"]
SpellType = Literal["rituel", "enchantement", "ephemere"]
#: Effect kinds and the card types that may carry them (the registry lives in effects.py).
EFFECTS: dict[str, tuple[str, ...]] = {
    "rally": ("general",),
    "strike": ("general",),
    "gold_reserve": ("lieu",),
    "equip": ("object",),
    "encouragement": ("spell",),
    "heal": ("spell",),
    "damage": ("spell",),
    "paralyze": ("spell",),
    "sacrifice": ("spell",),
    "favour": ("god",),
    "heal_all": ("faveur",),
    "ember": ("faveur",),
}
#: Card types that are played from a hand (generals start in play; tokens/faveurs are created).
PLAYABLE = ("unit", "object", "spell", "lieu", "god")


class CardDef(BaseModel):
    """One card. Units read force / cost / pv; spells cost gold and faith; gods cost faith."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    type: CardType
    name: Names
    force: int = 0
    pv: int = 0
    cost: int = 0
    faith: int = 0
    abilities: tuple[str, ...] = ()
    subtype: SpellType | None = None
    effect: str | None = None
    amount: int = 0
    vp_cost: int = 0
    creates: str | None = None
    #: A printing kept only for matches started before its errata (docs/rules/liber.md D-LIB-38):
    #: never offered by /carte nor accepted in a deck list.
    retired: bool = False

    @model_validator(mode="after")
    def _coherent(self) -> CardDef:
        problems = [f"unknown ability {a!r}" for a in self.abilities if a not in ABILITIES]
        if self.effect is not None and self.type not in EFFECTS.get(self.effect, ()):
            problems.append(f"effect {self.effect!r} not allowed on a {self.type}")
        if (self.type == "spell") != (self.subtype is not None):
            problems.append("spells, and only spells, have a subtype")
        if self.type in ("unit", "general", "token") and (self.pv <= 0 or self.force < 0):
            problems.append("creatures need pv > 0 and force >= 0")
        if min(self.cost, self.faith, self.amount, self.vp_cost) < 0:
            problems.append("negative number")
        if ("invocateur" in self.abilities or self.effect == "favour") and not self.creates:
            problems.append("needs 'creates'")
        if not re.fullmatch(r"[a-z0-9_]+", self.id):
            problems.append("id must be lowercase ascii")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def is_creature(self) -> bool:
        return self.type in ("unit", "general", "token")


class DeckDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: Names
    general: str
    cards: dict[str, int]
    #: The list as it stood in an earlier edition (D-LIB-38), for matches started then.
    retired: bool = False

    def card_list(self) -> list[str]:
        return [cid for cid, n in self.cards.items() for _ in range(n)]


class Content(BaseModel):
    model_config = ConfigDict(frozen=True)

    cards: dict[str, CardDef]
    decks: dict[str, DeckDef]


def deck_problems(general: str | None, cards: list[str], pool: dict[str, CardDef]) -> list[Text]:
    """Rule "Matériel": 50 cards, at most 4 of a kind, one general; list every problem."""
    problems: list[Text] = []
    if general is None:
        problems.append(txt("liber.deck.no_general"))
    elif general not in pool:
        problems.append(txt("liber.deck.unknown_general", name=general))
    elif pool[general].type != "general":
        problems.append(txt("liber.deck.not_a_general", name=general))
    if len(cards) != DECK_SIZE:
        problems.append(txt("liber.deck.size", count=len(cards), size=DECK_SIZE))
    for cid, n in sorted(Counter(cards).items()):
        card = pool.get(cid)
        if card is None:
            problems.append(txt("liber.deck.unknown_card", name=cid))
            continue
        if card.type not in PLAYABLE:
            problems.append(txt("liber.deck.not_playable", name=card.name.fr))
        if n > MAX_COPIES:
            problems.append(txt("liber.deck.too_many", count=n, name=card.name.fr, max=MAX_COPIES))
    return problems


def printed_id(card_id: str) -> str:
    """The id a card is known by, whatever its edition ("brute_e2" → "brute"): lists keep working."""
    return re.sub(r"_e\d+$", "", card_id)


def parse_decklist(text: str, pool: dict[str, CardDef]) -> tuple[str | None, list[str], list[Text]]:
    """Read a text deck list with the kernel's parser (bot/engine/decklist.py): "4 archer", "4x Archer",
    "Archer x4"; the general on a line of its own ("Général : Aldric", or just its name). Names may be
    ids or the French or English names, accents and case ignored."""
    entries, problems = decklist.parse(text, labels={"general": "general", "général": "general"})
    index = decklist.name_index({c.id: (c.name.fr, c.name.en, printed_id(c.id)) for c in pool.values()})
    found, unknown = decklist.resolve(entries, index, lambda cid: txt(f"liber.card.{cid}"))
    problems += unknown
    general: str | None = None
    cards: list[str] = []
    for entry, cid in found:
        if entry.label == "general" or pool[cid].type == "general":
            if general is not None and general != cid:
                problems.append(txt("liber.deck.two_generals"))
            general = general or cid
            continue
        cards.extend([cid] * entry.count)  # bounded: the parser caps every count and the total
    return general, cards, problems


def load_content(directory: Path = CONTENT_DIR) -> Content:
    """Load and cross-check the pool and decks with the kernel's loader; every problem at once."""
    problems = Problems()
    card_docs = entries(read_yaml(directory / "cards.yaml", problems), None, "cards.yaml", problems)
    cards = load_models(CardDef, card_docs, "cards.yaml", problems, kind="card")
    for card in cards.values():
        if card.creates is not None and card.creates not in cards:
            problems.append(f"{card.id}: creates unknown card {card.creates!r}")
    deck_docs = entries(read_yaml(directory / "decks.yaml", problems), None, "decks.yaml", problems)
    decks = load_models(DeckDef, deck_docs, "decks.yaml", problems, kind="deck")
    for deck in decks.values():
        problems += [
            f"deck {deck.id}: {p.key} {p.params}" for p in deck_problems(deck.general, deck.card_list(), cards)
        ]
    problems.raise_if_any("King of Liber")
    return Content(cards=cards, decks=decks)


CONTENT = load_content()
CARDS = CONTENT.cards
DECKS = CONTENT.decks

#: The cards a new deck list may name: every printing but the retired ones.
CURRENT_CARDS = {cid: c for cid, c in CARDS.items() if not c.retired}
