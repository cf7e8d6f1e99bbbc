"""What cards do once they are paid for: placement, spells, objects, gods, faveurs and the activated
abilities (rule "Les différentes cartes" and "Capacité").

Legality is checked before (rules.py); these functions only mutate the cloned state.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Event, private, public

from .abilities import abilities_of, can_wound, max_pv, paralyse, ravage_targets
from .combat import remove_piece, settle_deaths, wound
from .content import CARDS
from .state import PLAINE, LiberState, Piece, Pos, Ravage
from .texts import card_name, line_name

RAVAGE_POINTS = 3


def surcharge(state: LiberState, seat: int, card: str, line: int) -> int:
    """Rule "Phase de Placement": +2 gold for the back line, +4 for the front; free on the first
    round for the second player, and with Déplacement (Decision D-LIB-11)."""
    if "deplacement" in CARDS[card].abilities:
        return 0
    if state.round == 1 and seat != state.first:
        return 0
    return (0, 2, 4)[line]


def take_from_hand(state: LiberState, seat: int, card: str) -> int:
    hand = state.sides[seat].hand
    for uid in hand:
        if state.cards[uid] == card:
            hand.remove(uid)
            return uid
    raise AssertionError("card checked in hand")


def place_unit(state: LiberState, ev: list[Event], seat: int, uid: int, pos: Pos) -> None:
    """A unit arrives with summoning sickness, even when paid to go forward (rule "Placement")."""
    card = CARDS[state.cards[uid]]
    kind = "token" if card.type == "token" else "unit"
    state.put(pos, Piece(uid=uid, card=card.id, owner=seat, kind=kind, pv=card.pv, sick=True))
    ev.append(public("placed", seat=seat, card=card_name(card.id), line=line_name(pos[1]), slot=pos[2] + 1))
    if "ravage" in card.abilities and state.result is None and ravage_targets(state, seat, state.piece(pos)):
        state.ravage = Ravage(seat=seat, source=uid, remaining=RAVAGE_POINTS)
        state.ask("ravage", seat)


def play_card(state: LiberState, ev: list[Event], seat: int, card_id: str, at: Pos | None, cost: int) -> None:
    """Pay and put a card into play (legality already checked)."""
    side = state.sides[seat]
    card = CARDS[card_id]
    uid = take_from_hand(state, seat, card_id)
    side.gold -= cost
    side.faith -= card.faith
    if card.type == "unit":
        assert at is not None
        place_unit(state, ev, seat, uid, at)
        return
    if card.type == "lieu" or (card.type == "spell" and card.subtype == "enchantement"):
        assert at is not None
        kind = "lieu" if card.type == "lieu" else "enchantment"
        state.put(at, Piece(uid=uid, card=card_id, owner=seat, kind=kind))
        if card.type == "lieu":
            side.lieu_played = True
        ev.append(public("placed", seat=seat, card=card_name(card_id), line=line_name(at[1]), slot=at[2] + 1))
        return
    if card.type == "object":
        assert at is not None
        bearer = state.piece(at)
        assert bearer is not None
        bearer.items.append(uid)
        ev.append(public("equipped", seat=seat, card=card_name(card_id), bearer=card_name(bearer.card)))
        return
    if card.type == "god":
        side.god = uid
        ev.append(public("god_invoked", seat=seat, card=card_name(card_id)))
        return
    ev.append(public("spell_cast", seat=seat, card=card_name(card_id)))
    SPELLS[card.effect or ""](state, ev, seat, uid, at)
    side.cemetery.append(uid)
    settle_deaths(state, ev)


# -- spells -----------------------------------------------------------------------------------------
def _damage(state: LiberState, ev: list[Event], seat: int, uid: int, at: Pos | None) -> None:
    assert at is not None
    wound(state, ev, at, CARDS[state.cards[uid]].amount, by=seat, source="spell")


def _heal(state: LiberState, ev: list[Event], seat: int, uid: int, at: Pos | None) -> None:
    assert at is not None
    heal(state, ev, at, CARDS[state.cards[uid]].amount)


def _paralyze(state: LiberState, ev: list[Event], seat: int, uid: int, at: Pos | None) -> None:
    assert at is not None
    piece = state.piece(at)
    assert piece is not None
    paralyse(state, piece)
    ev.append(public("paralysed", seat=piece.owner, card=card_name(piece.card)))


def _sacrifice(state: LiberState, ev: list[Event], seat: int, uid: int, at: Pos | None) -> None:
    """Rule "Les points de foi": a sacrificed creature gives the enemy no faith (D-LIB-25)."""
    assert at is not None
    remove_piece(state, ev, at, sacrificed=True)
    gold = CARDS[state.cards[uid]].amount
    state.sides[seat].gold += gold
    ev.append(public("gold_gained", seat=seat, amount=gold))


SPELLS: dict[str, Callable[[LiberState, list[Event], int, int, Pos | None], None]] = {
    "damage": _damage,
    "heal": _heal,
    "paralyze": _paralyze,
    "sacrifice": _sacrifice,
}

#: Where each spell effect may aim: "enemy"/"own" non-general creature, "plaine" slot, None.
SPELL_TARGETS: dict[str, str | None] = {
    "damage": "enemy",
    "paralyze": "enemy",
    "heal": "own",
    "sacrifice": "own",
    "encouragement": "plaine",
}


def heal(state: LiberState, ev: list[Event], pos: Pos, amount: int) -> None:
    piece = state.piece(pos)
    assert piece is not None
    gained = min(amount, max_pv(state, piece) - piece.pv)
    piece.pv += gained
    if gained:
        ev.append(public("healed", seat=piece.owner, card=card_name(piece.card), amount=gained, pv=piece.pv))


# -- activated abilities ----------------------------------------------------------------------------
def use_ability(
    state: LiberState,
    ev: list[Event],
    seat: int,
    source: Pos,
    ability: str,
    target: Pos | None,
    to: Pos | None,
    card: str | None,
) -> None:
    """Rule "Capacité": once per turn each (the mark is `Piece.used`)."""
    piece = state.piece(source)
    assert piece is not None
    side = state.sides[seat]
    piece.used.append(ability)
    if ability == "general":
        general = CARDS[piece.card]
        side.vp -= general.vp_cost
        ev.append(public("general_power", seat=seat, card=card_name(piece.card), vp=general.vp_cost))
        if general.effect == "rally":
            side.rally = True
        else:
            assert target is not None
            wound(state, ev, target, general.amount, by=seat, source="general")
    elif ability == "defausse":
        assert card is not None
        uid = take_from_hand(state, seat, card)
        side.cemetery.append(uid)
        side.gold += 2
        ev.append(public("discarded_for_gold", seat=seat, card=card_name(card), amount=2))
    elif ability == "invocateur":
        assert target is not None
        creator = CARDS[piece.card]
        side.gold -= creator.amount
        token = state.new_uid(creator.creates or "")
        place_unit(state, ev, seat, token, target)
    elif ability == "soin":
        assert target is not None
        healed = state.piece(target)
        assert healed is not None
        healed.healing = True
        ev.append(public("healing_marked", seat=seat, card=card_name(healed.card)))
    elif ability == "telekinesie":
        assert target is not None and to is not None
        moved = state.piece(target)
        state.put(target, None)
        state.put(to, moved)
        ev.append(
            public(
                "moved",
                seat=moved.owner if moved else seat,
                card=card_name(moved.card if moved else ""),
                line=line_name(to[1]),
                slot=to[2] + 1,
                telekinesis=True,
            )
        )
    settle_deaths(state, ev)


def equip(state: LiberState, ev: list[Event], seat: int, item: int, to: Pos) -> None:
    """Rule "Objets": pay its cost to move an object, or to take it back when its bearer died."""
    side = state.sides[seat]
    side.gold -= CARDS[state.cards[item]].cost
    if item in side.dropped:
        side.dropped.remove(item)
    else:
        for _pos, p in state.creatures(seat):
            if item in p.items:
                p.items.remove(item)
    bearer = state.piece(to)
    assert bearer is not None
    bearer.items.append(item)
    ev.append(public("equipped", seat=seat, card=card_name(state.cards[item]), bearer=card_name(bearer.card)))


# -- start-of-turn effects --------------------------------------------------------------------------
def favours_and_gods(state: LiberState, ev: list[Event], seat: int) -> None:
    """Rules "Dieu" and "Faveur": the god creates a faveur on the plaine each turn (if a place is
    free); faveurs act in the draw phase (Decision D-LIB-24). Their wounds score no VP."""
    side = state.sides[seat]
    if side.god is not None:
        creates = CARDS[state.cards[side.god]].creates
        free = state.free_slots(seat, PLAINE)
        if creates and free:
            uid = state.new_uid(creates)
            state.put((seat, PLAINE, free[0]), Piece(uid=uid, card=creates, owner=seat, kind="faveur"))
            ev.append(public("favour_created", seat=seat, card=card_name(creates)))
    for _pos, p in state.pieces(seat):
        if p.kind != "faveur":
            continue
        card = CARDS[p.card]
        if card.effect == "heal_all":
            for pos, c in state.creatures(seat):
                if c.kind != "general":
                    heal(state, ev, pos, card.amount)
        elif card.effect == "ember":  # a god's faveur is not a unit: it does not wound flyers (D-LIB-19)
            enemies = [
                (c.pv, pos) for pos, c in state.creatures(1 - seat) if c.kind != "general" and can_wound(state, None, c)
            ]
            if enemies:
                wound(state, ev, min(enemies)[1], card.amount, by=seat, source="god")
    settle_deaths(state, ev)


def income(state: LiberState, ev: list[Event], seat: int) -> None:
    """Rule "Phase de Pioche": 5 gold per réserve d'or (one of your own plus each Lieu, D-LIB-08),
    +1 per Producteur."""
    reserves = 1
    producers = 0
    for _pos, p in state.pieces(seat):
        card = CARDS[p.card]
        if p.kind == "lieu" and card.effect == "gold_reserve":
            reserves += card.amount
        elif p.creature and "producteur" in abilities_of(state, p):
            producers += 1
    amount = 5 * reserves + producers
    state.sides[seat].gold += amount
    ev.append(public("income", seat=seat, amount=amount, reserves=reserves, producers=producers))


def draw(state: LiberState, ev: list[Event], seat: int) -> None:
    """Draw the top card; an empty draw pile draws nothing (Decision D-LIB-12)."""
    side = state.sides[seat]
    if not side.deck:
        ev.append(public("deck_empty", seat=seat))
        return
    uid = side.deck.pop()
    side.hand.append(uid)
    ev.append(public("drew", seat=seat, count=1))
    ev.append(private([seat], "you_drew", card=card_name(state.cards[uid])))
