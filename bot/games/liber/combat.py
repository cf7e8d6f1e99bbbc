"""Wounds, deaths, combat resolution and the win conditions (rules "Combat", "Résolution", "Les
points de foi", "Les points de victoire", "Fin de partie").

All functions mutate the state they are given: `apply` hands them a clone.
"""

from __future__ import annotations

from typing import Literal

from bot.engine import Event, public

from .abilities import ARMOUR, abilities_of, can_wound, force_of, paralyse, reaches
from .content import CARDS
from .state import SLOTS, Combat, LiberState, Pos, Result
from .texts import card_name

Source = Literal["unit", "general", "spell", "object", "god", "poison", "ability"]
#: Rule "Les points de victoire": wounds from units, spells and objects score; not the general's or
#: a god's (faveurs are a god's, Decision D-LIB-24). Poison scores for its source (D-LIB-14).
SCORING = frozenset({"unit", "spell", "object", "poison", "ability"})
WIN_FAITH, WIN_VP, WIN_GOLD = 20, 40, 60


def wound(
    state: LiberState,
    ev: list[Event],
    pos: Pos,
    amount: int,
    *,
    by: int | None,
    source: Source,
    fanatic: bool = False,
) -> int:
    """Deal damage to a creature; Armure first, no overkill; score VP to `by` (rule "Armure").

    Returns the wounds actually taken. Death is settled later by `settle_deaths`.
    """
    piece = state.piece(pos)
    if piece is None or amount <= 0:
        return 0
    if source != "poison" and "armure" in abilities_of(state, piece):
        amount = max(0, amount - ARMOUR)
    dealt = min(amount, piece.pv)
    if dealt <= 0:
        return 0
    piece.pv -= dealt
    gained = 0
    if by is not None and by != piece.owner and piece.kind != "general" and source in SCORING:
        gained = dealt * (2 if fanatic else 1)
        state.sides[by].vp += gained
    ev.append(public("wounded", seat=piece.owner, card=card_name(piece.card), amount=dealt, pv=piece.pv, vp=gained))
    return dealt


def remove_piece(state: LiberState, ev: list[Event], pos: Pos, *, sacrificed: bool = False) -> None:
    """A creature leaves play: objects drop, tokens vanish, Entraver returns it to the hand, others go
    to the cemetery; the enemy gains 1 faith unless it was sacrificed (rule "Les points de foi")."""
    piece = state.piece(pos)
    assert piece is not None
    state.put(pos, None)
    side = state.sides[piece.owner]
    for item in piece.items:
        side.dropped.append(item)
        ev.append(public("item_dropped", seat=piece.owner, card=card_name(state.cards[item])))
    if piece.kind == "token":
        state.vanished.append(piece.uid)
        where = "vanished"
    elif piece.kind != "general" and "entraver" in CARDS[piece.card].abilities:
        side.hand.append(piece.uid)
        where = "hand"
    else:
        side.cemetery.append(piece.uid)
        where = "cemetery"
    faith = 0
    if not sacrificed and piece.creature:
        faith = 1
        state.sides[1 - piece.owner].faith += 1
    ev.append(
        public("died", seat=piece.owner, card=card_name(piece.card), where=where, faith=faith, sacrificed=sacrificed)
    )


def settle_deaths(state: LiberState, ev: list[Event]) -> None:
    """Every creature at 0 PV dies (state-based, Decision D-LIB-16)."""
    for side in (0, 1):
        for i, p in enumerate(state.sides[side].grid):
            if p is not None and p.creature and p.pv <= 0:
                remove_piece(state, ev, (side, i // SLOTS, i % SLOTS))
    check_win(state, ev)


def check_win(state: LiberState, ev: list[Event]) -> None:
    """Rule "Fin de partie": general killed, 20 faith, 40 VP, 60 gold; both at once is a draw."""
    if state.result is not None:
        return
    reasons: dict[int, str] = {}
    for seat in (0, 1):
        mine, other = state.sides[seat], state.sides[1 - seat]
        if not any(p is not None and p.kind == "general" for p in other.grid):
            reasons[seat] = "general"
        elif mine.faith >= WIN_FAITH:
            reasons[seat] = "faith"
        elif mine.vp >= WIN_VP:
            reasons[seat] = "vp"
        elif mine.gold >= WIN_GOLD:
            reasons[seat] = "gold"
    if not reasons:
        return
    if len(reasons) == 2:
        state.result = Result(winners=[], reason="draw")
    else:
        ((seat, reason),) = reasons.items()
        state.result = Result(winners=[seat], reason=reason)
    state.phase = "over"
    state.combat = None
    state.ravage = None
    state.stack = []
    ev.append(public("game_over", winner_seats=state.result.winners, reason=state.result.reason))


def resolve_attack(state: LiberState, ev: list[Event], combat: Combat, blocker: int | None) -> None:
    """Rule "Résolution": both sides strike at once (the worked example: 8 vs 3 leaves A at 7 of 10
    and sends B to the cemetery), unless one side has Initiative. Ripostes follow the reach tables
    and happen once per turn; Furtivité prevents them; Coup fatal, Empoisonnement and Paralysie
    apply after the exchange (attacker's abilities first: rule "Capacité")."""
    att_pos = state.find(combat.attacker)
    attacker = state.piece(att_pos) if att_pos else None
    if att_pos is None or attacker is None or attacker.paralysis > 0:
        ev.append(public("attack_fizzled", seat=state.active))
        return
    attacker.attacks += 1
    att_abil = abilities_of(state, attacker)
    force = force_of(state, att_pos, attacking=True)
    hits: list[tuple[Pos, int]] = []
    if blocker is not None:
        b_pos = state.find(blocker)
        if b_pos is not None:
            hits.append((b_pos, force))
            state.at(b_pos).blocked = True
    else:
        amounts = [force] if combat.split is None else [min(combat.split, force), max(0, force - combat.split)]
        for uid, amount in zip(combat.targets, amounts, strict=False):
            t_pos = state.find(uid)
            if t_pos is not None and reaches(state, att_pos, t_pos):
                hits.append((t_pos, amount))
    if not hits:
        ev.append(public("attack_fizzled", seat=state.active))
        return
    a_source: Source = "general" if attacker.kind == "general" else "unit"
    fanatic = "fanatique" in att_abil
    # Who strikes back: reach from the defender's side, once per turn, not paralysed, no Furtivité.
    strikes: list[tuple[int, Pos, Pos, int]] = []  # (step, from, to, amount)
    att_init = "initiative" in att_abil
    for d_pos, amount in hits:
        defender = state.piece(d_pos)
        assert defender is not None
        d_init = "initiative" in abilities_of(state, defender)
        if can_wound(state, attacker, defender):
            strikes.append((0 if att_init and not d_init else 1, att_pos, d_pos, amount))
        if (
            "furtivite" not in att_abil
            and defender.paralysis == 0
            and not defender.riposted
            and reaches(state, d_pos, att_pos)
            and can_wound(state, defender, attacker)
        ):
            defender.riposted = True
            d_force = force_of(state, d_pos, defending=True)
            strikes.append((0 if d_init and not att_init else 1, d_pos, att_pos, d_force))
            ev.append(public("riposte", seat=defender.owner, card=card_name(defender.card), amount=d_force))
    wounded: dict[int, int] = {}
    for step in (0, 1):
        # Strikes of one step are simultaneous: who may strike is fixed before any lands.
        ready = [(frm, to, amount) for s, frm, to, amount in strikes if s == step and _alive(state, frm)]
        for frm, to, amount in ready:
            src, dst = state.piece(frm), state.piece(to)
            if src is None or dst is None:
                continue
            source: Source = a_source if frm == att_pos else ("general" if src.kind == "general" else "unit")
            fan = fanatic if frm == att_pos else "fanatique" in abilities_of(state, src)
            dealt = wound(state, ev, to, amount, by=src.owner, source=source, fanatic=fan)
            if frm == att_pos:
                wounded[dst.uid] = wounded.get(dst.uid, 0) + dealt
    # After the exchange: the attacker's on-hit abilities.
    for d_pos, _amount in hits:
        defender = state.piece(d_pos)
        if defender is None or defender.pv <= 0 or not wounded.get(defender.uid):
            continue
        if "empoisonnement" in att_abil and not defender.poisoned:
            defender.poisoned = True
            ev.append(public("poisoned", seat=defender.owner, card=card_name(defender.card)))
        if "paralysie" in att_abil and defender.kind != "general":
            paralyse(state, defender)
            ev.append(public("paralysed", seat=defender.owner, card=card_name(defender.card)))
        if blocker is not None and "coup_fatal" in att_abil and reaches(state, att_pos, d_pos):
            ev.append(public("fatal_blow", seat=defender.owner, card=card_name(defender.card)))
            defender.pv = 0
    settle_deaths(state, ev)


def _alive(state: LiberState, pos: Pos) -> bool:
    piece = state.piece(pos)
    return piece is not None and piece.pv > 0
