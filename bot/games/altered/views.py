"""What one viewer may see (3.2.9.a, d; D-ALT-16).

Hidden: the hand (its owner only), the faces of Mana Orbs (their owner only; others see the count
and which orbs are exhausted), the deck order (nobody) and face-down Tumult regions (nobody).
Everything else (expeditions, Reserve, Landmarks, discard pile, counts) is public.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel

from .content import CONTENT, TERRAINS
from .expeditions import expedition_stats, region_terrains
from .state import EXPEDITIONS, AlteredState, Obj


class CardView(BaseModel):
    uid: int
    card: str
    name: dict[str, str]
    type: str
    cost: tuple[int, int]
    stats: tuple[int, int, int] | None = None
    boosts: int = 0
    exhausted: bool = False
    fleeting: bool = False
    anchored: bool = False
    asleep: bool = False


class OrbView(BaseModel):
    exhausted: bool
    card: CardView | None = None  # the face, for its owner only


class ExpeditionView(BaseModel):
    kind: str
    position: int
    progress: int
    terrains: list[str]
    characters: list[CardView]
    stats: dict[str, int]


class PlayerView(BaseModel):
    seat: int
    name: str
    deck: str
    hero: str
    hero_name: dict[str, str]
    hero_exhausted: bool
    hand_count: int
    deck_count: int
    mana_count: int
    mana_ready: int
    orbs: list[OrbView]
    hand: list[CardView] | None = None
    reserve: list[CardView]
    landmarks: list[CardView]
    discard: list[CardView]
    expeditions: list[ExpeditionView]
    score: int
    passed: bool


class RegionView(BaseModel):
    index: int
    revealed: bool
    terrains: list[str] | None  # None while face down


class AlteredView(BaseModel):
    game: str = "altered"
    viewer: int | None
    day: int
    phase: str
    first_seat: int
    turn_seat: int | None
    to_act: list[int]
    tiebreak: bool
    winner_seat: int | None
    draw: bool
    regions: list[RegionView]
    players: list[PlayerView]
    max_days: int = 30
    last: list[int] = []  # the cards the last step played (highlighted)
    advanced: list[str] = []  # the expeditions the last Dusk moved, "seat:kind"


@lru_cache(maxsize=8192)
def card_view(obj: Obj) -> CardView:
    """Cached per (immutable) card object: views are rebuilt often and most cards do not change.
    Treat the result as read-only."""
    card = CONTENT.cards[obj.card]
    return CardView(
        uid=obj.uid,
        card=obj.card,
        name={"fr": card.name.fr, "en": card.name.en},
        type=card.type,
        cost=card.cost,
        stats=card.stats if card.type == "character" else None,
        boosts=obj.boosts,
        exhausted=obj.exhausted,
        fleeting=obj.fleeting,
        anchored=obj.anchored,
        asleep=obj.asleep,
    )


def build_view(state: AlteredState, viewer: int | None, to_act: frozenset[int]) -> AlteredView:
    players = []
    for seat, p in enumerate(state.players):
        own = viewer == seat
        hero = CONTENT.heroes[p.hero]
        exps = [
            ExpeditionView(
                kind=kind,
                position=p.position(kind),
                progress=p.progress(kind),
                terrains=list(region_terrains(state, seat, kind)),
                characters=[card_view(o) for o in p.expedition(kind)],
                stats=expedition_stats(p, kind),
            )
            for kind in EXPEDITIONS
        ]
        players.append(
            PlayerView(
                seat=seat,
                name=p.name,
                deck=p.deck_id,
                hero=p.hero,
                hero_name={"fr": hero.name.fr, "en": hero.name.en},
                hero_exhausted=p.hero_exhausted,
                hand_count=len(p.hand),
                deck_count=len(p.deck),
                mana_count=len(p.mana),
                mana_ready=sum(1 for o in p.mana if not o.exhausted),
                orbs=[OrbView(exhausted=o.exhausted, card=card_view(o) if own else None) for o in p.mana],
                hand=[card_view(o) for o in p.hand] if own else None,
                reserve=[card_view(o) for o in p.reserve],
                landmarks=[card_view(o) for o in p.landmarks],
                discard=[card_view(o) for o in p.discard],
                expeditions=exps,
                score=p.score(),
                passed=p.passed,
            )
        )
    regions = [
        RegionView(index=i, revealed=r.revealed, terrains=list(r.terrains) if r.revealed else None)
        for i, r in enumerate(state.regions)
    ]
    return AlteredView(
        viewer=viewer,
        day=state.day,
        phase=state.phase,
        first_seat=state.first,
        turn_seat=state.turn,
        to_act=sorted(to_act),
        tiebreak=state.tiebreak,
        winner_seat=state.winner,
        draw=state.draw,
        regions=regions,
        players=players,
        max_days=state.max_days,
        last=list(state.last),
        advanced=list(state.advanced),
    )


__all__ = ["TERRAINS", "AlteredView", "CardView", "ExpeditionView", "OrbView", "PlayerView", "RegionView", "build_view"]
