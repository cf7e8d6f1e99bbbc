"""What one viewer may see, built from the state as that viewer knows it (`hidden.SPEC`: the hand and
the faces of Mana Orbs to their owner only, the others see the count and which Orbs are exhausted;
decks and face-down Tumult regions as nothing but a count and a back).

The view adds what the renderer reads off the content (names, costs, stats) and the rules
(expedition stats, positions, scores).
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel

from bot.engine import Known, SeatView, carried, view_of

from .content import CONTENT, TERRAINS
from .expeditions import expedition_stats, region_terrains
from .hidden import SPEC
from .rules import to_act
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


class AlteredView(SeatView[AlteredState]):
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
    return carried(
        CardView,
        obj,
        name={"fr": card.name.fr, "en": card.name.en},
        type=card.type,
        cost=card.cost,
        stats=card.stats if card.type == "character" else None,
    )


def build_view(known: Known[AlteredState]) -> AlteredView:
    """The board of an information set (`SPEC.redact`): nothing the viewer may not see is in it."""
    state, viewer = known.state, known.viewer
    regions = [
        RegionView(index=i, revealed=r.revealed, terrains=list(r.terrains) if r.revealed else None)
        for i, r in enumerate(state.regions)
    ]
    return view_of(
        AlteredView,
        known,
        first_seat=state.first,
        turn_seat=state.turn,
        to_act=sorted(to_act(state)),
        winner_seat=state.winner,
        regions=regions,
        players=[_player(state, seat, viewer) for seat in range(len(state.players))],
    )


def _player(state: AlteredState, seat: int, viewer: int | None) -> PlayerView:
    p = state.players[seat]
    hero = CONTENT.heroes[p.hero]
    faces = SPEC.sees("mana", seat, viewer)
    return carried(
        PlayerView,
        p,
        seat=seat,
        deck=p.deck_id,
        hero_name={"fr": hero.name.fr, "en": hero.name.en},
        hand_count=len(p.hand),
        deck_count=len(p.deck),
        mana_count=len(p.mana),
        mana_ready=sum(1 for o in p.mana if not o.exhausted),
        orbs=[OrbView(exhausted=o.exhausted, card=card_view(o) if faces else None) for o in p.mana],
        hand=[card_view(o) for o in p.hand] if SPEC.sees("hand", seat, viewer) else None,
        reserve=[card_view(o) for o in p.reserve],
        landmarks=[card_view(o) for o in p.landmarks],
        discard=[card_view(o) for o in p.discard],
        expeditions=[_expedition(state, seat, kind) for kind in EXPEDITIONS],
        score=p.score(),
    )


def _expedition(state: AlteredState, seat: int, kind: str) -> ExpeditionView:
    p = state.players[seat]
    return ExpeditionView(
        kind=kind,
        position=p.position(kind),
        progress=p.progress(kind),
        terrains=list(region_terrains(state, seat, kind)),
        characters=[card_view(o) for o in p.expedition(kind)],
        stats=expedition_stats(p, kind),
    )


__all__ = ["TERRAINS", "AlteredView", "CardView", "ExpeditionView", "OrbView", "PlayerView", "RegionView", "build_view"]
