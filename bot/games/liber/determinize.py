"""A full state consistent with one seat's view, for an AI that must not see hidden cards (kernel.md §3).

Everything public is copied from the view. What the seat cannot see — the opponent's hand, the order
and contents of both draw piles — is dealt at random from the cards not seen yet: the deck's known
list (a prebuilt deck is public; a submitted list is not, and then any card of the game may be
there) minus every card on the board, in cemeteries, as gods or dropped objects, and in the viewer's
own hand. Card instances get fresh uids where the view shows none (hand and pile cards are named by
card id in every action, so an AI's legal moves are the same as in the true state).
"""

from __future__ import annotations

from typing import cast

from bot.engine import Decision, RandomSource, decision, shuffled

from .content import CURRENT_CARDS, DECKS
from .state import SLOTS, Combat, LiberState, Phase, Piece, PieceKind, Ravage, Result, Side
from .views import LiberView, SideView


def _pool(side: SideView) -> list[str]:
    """The cards this side may still hold in hand or pile: its deck list minus what is seen."""
    if side.deck_id is not None and side.deck_id in DECKS:
        pool = DECKS[side.deck_id].card_list()
    else:
        pool = [c.id for c in CURRENT_CARDS.values() if c.type not in ("general", "token")]
    seen = [p.card for p in side.pieces if p.kind != "general"] + [i for p in side.pieces for i in p.items]
    seen += list(side.cemetery) + list(side.dropped) + ([side.god] if side.god else []) + list(side.hand or ())
    for card in seen:
        if card in pool:
            pool.remove(card)
    return pool


def determinize(view: LiberView, rng: RandomSource) -> LiberState:
    cards: dict[int, str] = {}
    next_uid = 10_000
    for s in view.sides:
        for p in s.pieces:
            cards[p.uid] = p.card
            cards.update(zip(p.item_uids, p.items, strict=True))
        cards.update(zip(s.dropped_uids, s.dropped, strict=True))

    def fresh(card: str) -> int:
        nonlocal next_uid
        next_uid += 1
        cards[next_uid] = card
        return next_uid

    sides: list[Side] = []
    for s in view.sides:
        grid: list[Piece | None] = [None] * 15
        for p in s.pieces:
            grid[p.line * SLOTS + p.slot] = Piece(
                uid=p.uid,
                card=p.card,
                owner=p.owner,
                kind=cast(PieceKind, p.kind),
                pv=p.pv,
                sick=p.sick,
                poisoned=p.poisoned,
                paralysis=p.paralysis,
                attacks=p.attacks,
                riposted=p.riposted,
                blocked=p.blocked,
                moved=p.moved,
                healing=p.healing,
                used=list(p.used),
                items=list(p.item_uids),
            )
        unknown = shuffled(rng, _pool(s))
        hand_cards = list(s.hand) if s.hand is not None else unknown[: s.hand_count]
        if s.hand is None:
            unknown = unknown[s.hand_count :]
        deck_cards = (unknown + unknown * 3)[: s.deck_count] if unknown else []
        sides.append(
            Side(
                name=s.name,
                deck_id=s.deck_id,
                general=s.general,
                deck=[fresh(c) for c in deck_cards],
                hand=[fresh(c) for c in hand_cards],
                cemetery=[fresh(c) for c in s.cemetery],
                grid=grid,
                gold=s.gold,
                faith=s.faith,
                vp=s.vp,
                god=fresh(s.god) if s.god else None,
                dropped=list(s.dropped_uids),
                lieu_played=s.lieu_played,
                rally=s.rally,
            )
        )
    state = LiberState(
        sides=sides,
        cards=cards,
        first=view.first,
        active=view.active,
        round=view.round,
        phase=cast(Phase, view.phase_major or "placement"),
        next_uid=next_uid + 1,
        result=Result(winners=list(view.winners), reason=view.reason or "") if view.winners is not None else None,
    )
    if view.attack is not None:
        att, targets = view.attack
        attacker, victims = state.piece(att), [state.piece(t) for t in targets]
        if attacker is not None:
            state.combat = Combat(
                attacker=attacker.uid,
                targets=[v.uid for v in victims if v is not None],
                split=view.attack_split,
                designated=view.attack_designated,
            )
    elif view.stack and view.stack[-1][0] == "block":
        # the attacker died (or left) during the block window: the attack is still pending and only
        # fizzles when the block is answered, so keep a combat whose attacker is gone
        state.combat = Combat(attacker=-1, targets=[], split=view.attack_split, designated=view.attack_designated)
    if view.ravage_source is not None and view.ravage_seat is not None:
        state.ravage = Ravage(seat=view.ravage_seat, source=view.ravage_source, remaining=view.ravage_left)
    state.stack = _stack(view)
    return state


def _stack(view: LiberView) -> list[Decision]:
    """The open questions, as the view lists them (Liber's are never secret nor simultaneous)."""
    return [decision(kind, *seats) for kind, seats in view.stack]
