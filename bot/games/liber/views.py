"""What one viewer may see (architecture: hidden information leaves only through views).

Hands are shown only to their owner; deck order and the uids of hidden cards are never shown.
The cemetery, the board, gold, faith and VP are public.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .abilities import abilities_of, force_of
from .content import CARDS
from .legality import to_act
from .state import LiberState

Pos = tuple[int, int, int]


class PieceView(BaseModel):
    model_config = ConfigDict(frozen=True)

    uid: int
    card: str
    kind: str
    owner: int
    line: int
    slot: int
    force: int = 0
    pv: int = 0
    max_pv: int = 0
    sick: bool = False
    poisoned: bool = False
    paralysed: bool = False
    attacks: int = 0
    riposted: bool = False
    #: Public marks of the turn (what the piece already did), kept so an AI can rebuild the state.
    paralysis: int = 0
    blocked: bool = False
    moved: bool = False
    healing: bool = False
    used: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    item_uids: tuple[int, ...] = ()
    abilities: tuple[str, ...] = ()


class SideView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    deck_id: str | None
    general: str
    general_pv: int
    gold: int
    faith: int
    vp: int
    hand_count: int
    deck_count: int
    cemetery: tuple[str, ...]
    god: str | None
    dropped: tuple[str, ...]
    dropped_uids: tuple[int, ...]
    pieces: tuple[PieceView, ...]
    hand: tuple[str, ...] | None = None
    lieu_played: bool = False
    rally: bool = False


class LiberView(BaseModel):
    """One viewer's board. `viewer=None` is the public board."""

    model_config = ConfigDict(frozen=True)

    game: str = "liber"
    viewer: int | None
    round: int
    first: int
    active: int
    phase: str
    to_act: tuple[int, ...]
    sides: tuple[SideView, ...]
    attack: tuple[Pos, tuple[Pos, ...]] | None = None
    attack_split: int | None = None
    attack_designated: bool = False
    ravage_left: int = 0
    ravage_source: int | None = None
    ravage_seat: int | None = None
    last: tuple[tuple[int, int, int], ...] = ()  # places the last action touched (highlighted)
    phase_major: str = ""
    #: The open questions, bottom first: (family, seats). Public: everyone sees who must answer what.
    stack: tuple[tuple[str, tuple[int, ...]], ...] = ()
    winners: tuple[int, ...] | None = None
    reason: str | None = None


def build_view(state: LiberState, viewer: int | None) -> LiberView:
    sides = []
    for seat, side in enumerate(state.sides):
        pieces = []
        general_pv = 0
        for pos, p in state.pieces(seat):
            if p.kind == "general":
                general_pv = p.pv
            card = CARDS[p.card]
            pieces.append(
                PieceView(
                    uid=p.uid,
                    card=p.card,
                    kind=p.kind,
                    owner=p.owner,
                    line=pos[1],
                    slot=pos[2],
                    force=force_of(state, pos, attacking=state.active == seat) if p.creature else 0,
                    pv=p.pv,
                    max_pv=card.pv,
                    sick=p.sick,
                    poisoned=p.poisoned,
                    paralysed=p.paralysis > 0,
                    attacks=p.attacks,
                    riposted=p.riposted,
                    paralysis=p.paralysis,
                    blocked=p.blocked,
                    moved=p.moved,
                    healing=p.healing,
                    used=tuple(p.used),
                    items=tuple(state.cards[i] for i in p.items),
                    item_uids=tuple(p.items),
                    abilities=tuple(sorted(abilities_of(state, p))) if p.creature else (),
                )
            )
        sides.append(
            SideView(
                seat=seat,
                name=side.name,
                deck_id=side.deck_id,
                general=side.general,
                general_pv=general_pv,
                gold=side.gold,
                faith=side.faith,
                vp=side.vp,
                hand_count=len(side.hand),
                deck_count=len(side.deck),
                cemetery=tuple(state.cards[u] for u in side.cemetery),
                god=state.cards[side.god] if side.god is not None else None,
                dropped=tuple(state.cards[u] for u in side.dropped),
                dropped_uids=tuple(side.dropped),
                pieces=tuple(pieces),
                hand=tuple(sorted(state.cards[u] for u in side.hand)) if viewer == seat else None,
                lieu_played=side.lieu_played,
                rally=side.rally,
            )
        )
    attack = None
    if state.combat is not None:
        att = state.find(state.combat.attacker)
        targets = tuple(t for t in (state.find(u) for u in state.combat.targets) if t is not None)
        if att is not None:
            attack = (att, targets)
    return LiberView(
        viewer=viewer,
        round=state.round,
        first=state.first,
        active=state.active,
        phase=state.step,
        to_act=tuple(sorted(to_act(state))),
        sides=tuple(sides),
        attack=attack,
        attack_split=state.combat.split if state.combat else None,
        attack_designated=state.combat.designated if state.combat else False,
        ravage_left=state.ravage.remaining if state.ravage else 0,
        ravage_source=state.ravage.source if state.ravage else None,
        ravage_seat=state.ravage.seat if state.ravage else None,
        last=tuple(state.last),
        phase_major=state.phase,
        stack=tuple((d.kind, d.seats) for d in state.stack),
        winners=tuple(state.result.winners) if state.result else None,
        reason=state.result.reason if state.result else None,
    )
