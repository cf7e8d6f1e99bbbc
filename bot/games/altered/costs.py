"""Costs and Mana (1.2.5, 3.2.9).

A cost is never forced (1.2.5.b: every decision point also offers an action that pays nothing),
is paid in full or not at all (1.2.5.c) and all its parts at once (1.2.5.d): `pay` checks every
part before changing anything. A mana cost of X exhausts X Mana Orbs (1.2.5.e, 3.2.9.f). Orbs are
interchangeable for payment: the engine exhausts the first ready ones in zone order (D-ALT-07).
"""

from __future__ import annotations

from bot.engine import IllegalAction

from .content import CONTENT, CardDef
from .state import PlayerState


def play_cost(card: CardDef, zone: str) -> int:
    """Hand cost from the hand, Reserve cost from the Reserve (1.3.2 clarification, 'Jouer une carte')."""
    return card.hand_cost if zone == "hand" else card.reserve_cost


def ready_orbs(p: PlayerState) -> int:
    return sum(1 for o in p.mana if not o.exhausted)


def can_pay(p: PlayerState, mana: int, *, exhaust_hero: bool = False) -> bool:
    """Whether every part of the cost can be paid now (1.2.5.c)."""
    return ready_orbs(p) >= mana and not (exhaust_hero and p.hero_exhausted)


def pay(p: PlayerState, mana: int, *, exhaust_hero: bool = False) -> None:
    """Pay all parts of a cost together (1.2.5.c-e); nothing changes when any part is missing."""
    if exhaust_hero and p.hero_exhausted:
        raise IllegalAction("altered.hero_exhausted", rule="altered.cost")
    if ready_orbs(p) < mana:
        raise IllegalAction("altered.cannot_pay", rule="altered.cost", cost=mana, ready=ready_orbs(p))
    left = mana
    for i, orb in enumerate(p.mana):
        if left == 0:
            break
        if not orb.exhausted:
            p.mana[i] = orb.model_copy(update={"exhausted": True})
            left -= 1
    if exhaust_hero:
        p.hero_exhausted = True


def can_cycle(p: PlayerState) -> bool:
    """3.2.9.e needs a ready orb to exhaust and another, exhausted, orb to ready."""
    return any(o.exhausted for o in p.mana) and any(not o.exhausted for o in p.mana)


def cycle_orb(p: PlayerState) -> None:
    """3.2.9.e: exhaust a ready orb to ready an exhausted one (the count of ready orbs is unchanged)."""
    if not can_cycle(p):
        raise IllegalAction("altered.cannot_cycle", rule="altered.mana-zone")
    ready_i = next(i for i, o in enumerate(p.mana) if not o.exhausted)
    spent_i = next(i for i, o in enumerate(p.mana) if o.exhausted)
    p.mana[ready_i] = p.mana[ready_i].model_copy(update={"exhausted": True})
    p.mana[spent_i] = p.mana[spent_i].model_copy(update={"exhausted": False})


def ready_orb(p: PlayerState, count: int = 1) -> int:
    """Ready up to `count` exhausted orbs; returns how many were readied."""
    done = 0
    for i, orb in enumerate(p.mana):
        if done == count:
            break
        if orb.exhausted:
            p.mana[i] = orb.model_copy(update={"exhausted": False})
            done += 1
    return done


def card(card_id: str) -> CardDef:
    return CONTENT.cards[card_id]
