"""Static ability queries: what a piece can do and how hard it hits (rule "Capacité").

"Le même effet ne peut se cumuler": each named effect counts once on a piece, whatever its sources
(card, object, enchantment): abilities are a set (Decision D-LIB-17).
"""

from __future__ import annotations

from .content import CARDS, CardDef
from .reach import ReachKind, in_reach, reach_kind
from .state import FRONT, SLOTS, LiberState, Piece, Pos

ARMOUR = 2  # rule "Armure": -2 per damage instance (Decision D-LIB-26)
#: Rule "Vol": « Ne peut être blessé que par des unités volantes ou des unités avec le tir. » Artillerie
#: is another ability (a longer reach), not Tir (D-LIB-19).
SHOOTERS = frozenset({"vol", "tir"})


def card_of(piece: Piece) -> CardDef:
    return CARDS[piece.card]


def abilities_of(state: LiberState, piece: Piece) -> frozenset[str]:
    """The card's abilities plus those granted by the objects it carries."""
    found = set(CARDS[piece.card].abilities)
    for item in piece.items:
        found.update(CARDS[state.cards[item]].abilities)
    return frozenset(found)


def kind_of(state: LiberState, piece: Piece) -> ReachKind:
    return reach_kind(abilities_of(state, piece))


def can_wound(state: LiberState, source: Piece | None, target: Piece) -> bool:
    """Rule "Vol": a flyer is wounded only by units with Vol or Tir (D-LIB-19). `source` None is
    anything that is not a unit (a spell, a god's faveur): it never wounds a flyer."""
    if "vol" not in abilities_of(state, target):
        return True
    return source is not None and bool(abilities_of(state, source) & SHOOTERS)


def reaches(state: LiberState, frm: Pos, to: Pos) -> bool:
    """Whether the piece at `frm` can attack, riposte against or block the piece at `to`."""
    piece = state.piece(frm)
    assert piece is not None
    side, enemy = frm[0], to[0]
    return in_reach(
        kind_of(state, piece),
        frm[1],
        to[1],
        not state.line_has_units(side, FRONT),
        not state.line_has_units(enemy, FRONT),
    )


def max_attacks(state: LiberState, piece: Piece) -> int:
    """Rule "Double attaque": one more attack each turn."""
    return 2 if "double_attaque" in abilities_of(state, piece) else 1


def side_has_effect(state: LiberState, side: int, effect: str, *, besides: int | None = None) -> bool:
    """Whether a side has a piece giving `effect` (an ability or an enchantment's effect)."""
    for _pos, p in state.pieces(side):
        if p.uid == besides:
            continue
        card = CARDS[p.card]
        if p.kind == "enchantment" and card.effect == effect:
            return True
        if p.creature and p.paralysis == 0 and effect in abilities_of(state, p):
            return True
    return False


def force_of(state: LiberState, pos: Pos, *, attacking: bool = False, defending: bool = False) -> int:
    """Force with objects, Encouragement (attacker's turn), the general's rally, Regroupement."""
    piece = state.piece(pos)
    assert piece is not None
    side = pos[0]
    force = CARDS[piece.card].force
    force += sum(CARDS[state.cards[i]].amount for i in piece.items)
    if attacking and state.active == side and side_has_effect(state, side, "encouragement", besides=piece.uid):
        force += 1
    if state.sides[side].rally:
        force += 1
    if defending and "regroupement" in abilities_of(state, piece):
        grid = state.sides[side].grid
        for slot in (pos[2] - 1, pos[2] + 1):
            if 0 <= slot < SLOTS:
                other = grid[pos[1] * SLOTS + slot]
                if other is not None and other.creature:
                    force += 1
    return force


def max_pv(state: LiberState, piece: Piece) -> int:
    return CARDS[piece.card].pv


def loyal_front(state: LiberState, side: int) -> int | None:
    """The most forward line holding a loyal unit of `side` (rule "Loyauté"), if any."""
    best: int | None = None
    for (_s, line, _slot), p in state.creatures(side):
        if p.kind != "general" and "loyaute" in abilities_of(state, p) and (best is None or line > best):
            best = line
    return best


def shielded_by_loyalty(state: LiberState, target: Pos) -> bool:
    """Rule "Loyauté": other troops on a loyal unit's line, or on the lines behind, cannot be fought.
    Loyal units on the most forward loyal line stay valid targets (Decision D-LIB-20)."""
    line = loyal_front(state, target[0])
    if line is None or target[1] > line:
        return False
    piece = state.piece(target)
    assert piece is not None
    return not (target[1] == line and piece.kind != "general" and "loyaute" in abilities_of(state, piece))


def ravager(state: LiberState) -> Piece | None:
    """The unit whose Ravage points are being assigned (None once it has left play)."""
    if state.ravage is None:
        return None
    pos = state.find(state.ravage.source)
    return state.piece(pos) if pos is not None else None


def ravage_targets(state: LiberState, seat: int, source: Piece | None) -> list[Piece]:
    """Enemy non-general creatures the Ravage of `source` can wound (a flyer only if it has Vol or Tir)."""
    return [p for _pos, p in state.creatures(1 - seat) if p.kind != "general" and can_wound(state, source, p)]


def paralyse(state: LiberState, piece: Piece) -> None:
    """Rule "Paralysie": paralysed until the end of its owner's next turn (D-LIB-18). The counter drops
    at the end of each of the owner's turns, so a Terreur cast during the owner's own turn (a response
    window) needs two: it must still hold through the caster's turn that follows."""
    piece.paralysis = 2 if piece.owner == state.active else 1
