"""What one viewer may see, built from the state as that viewer knows it (`hidden.SPEC`): hands are
shown to their owner only, the others see how many cards they hold; draw piles only as a count.

The view adds what the renderer and the AI read off the rules (a unit's force and abilities now).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.engine import Known, SeatView, carried, questions, view_of

from .abilities import abilities_of, force_of
from .content import CARDS
from .hidden import SPEC
from .rules import to_act
from .state import LiberState, Piece

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


class LiberView(SeatView[LiberState]):
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


def build_view(known: Known[LiberState]) -> LiberView:
    """The board of an information set (`SPEC.redact`): nothing the viewer may not see is in it."""
    state, viewer = known.state, known.viewer
    sides = []
    for seat, side in enumerate(state.sides):
        pieces = [_piece(state, pos, p) for pos, p in state.pieces(seat)]
        sides.append(
            carried(
                SideView,
                side,
                seat=seat,
                general_pv=next((p.pv for p in pieces if p.kind == "general"), 0),
                hand_count=len(side.hand),
                deck_count=len(side.deck),
                cemetery=tuple(state.cards[u] for u in side.cemetery),
                god=state.cards[side.god] if side.god is not None else None,
                dropped=tuple(state.cards[u] for u in side.dropped),
                dropped_uids=tuple(side.dropped),
                pieces=tuple(pieces),
                hand=tuple(sorted(state.cards[u] for u in side.hand)) if SPEC.sees("hand", seat, viewer) else None,
            )
        )
    attack = None
    if state.combat is not None:
        att = state.find(state.combat.attacker)
        targets = tuple(t for t in (state.find(u) for u in state.combat.targets) if t is not None)
        if att is not None:
            attack = (att, targets)
    combat, ravage = state.combat, state.ravage
    return view_of(
        LiberView,
        known,
        phase=state.step,
        to_act=tuple(sorted(to_act(state))),
        sides=tuple(sides),
        attack=attack,
        attack_split=combat.split if combat else None,
        attack_designated=combat.designated if combat else False,
        ravage_left=ravage.remaining if ravage else 0,
        ravage_source=ravage.source if ravage else None,
        ravage_seat=ravage.seat if ravage else None,
        phase_major=state.phase,
        stack=questions(state.stack),
        winners=tuple(state.result.winners) if state.result else None,
        reason=state.result.reason if state.result else None,
    )


def _piece(state: LiberState, pos: Pos, p: Piece) -> PieceView:
    """A card on the board with what the rules make of it now (its force, its abilities)."""
    return carried(
        PieceView,
        p,
        line=pos[1],
        slot=pos[2],
        force=force_of(state, pos, attacking=state.active == pos[0]) if p.creature else 0,
        max_pv=CARDS[p.card].pv,
        paralysed=p.paralysis > 0,
        items=tuple(state.cards[i] for i in p.items),
        item_uids=tuple(p.items),
        abilities=tuple(sorted(abilities_of(state, p))) if p.creature else (),
    )
