"""The effect registry: each effect kind of the content maps to one function here.

Abilities are triggered on play (`on_play`, optionally only from hand or Reserve), at Noon, at
Dusk, or used as a Hero quick action. The kinds are exactly those the two decks use: draw, boost,
status, resupply, ready_orb, sabotage (D-ALT-22).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.engine import Event, RandomSource, private, public, shuffle

from .content import Ability, Effect
from .costs import ready_orb
from .labels import card_ref, ref
from .state import AlteredState, Obj


@dataclass
class Ctx:
    """Where an ability resolves: its controller, source, the expedition it joined, its target."""

    state: AlteredState
    seat: int
    rng: RandomSource
    events: list[Event]
    source: int | None = None  # uid of the card (None for a Hero)
    expedition: str | None = None
    target: int | None = None
    card: str = ""
    extra: dict[str, int] = field(default_factory=dict)


def refill_deck(state: AlteredState, seat: int, rng: RandomSource, events: list[Event]) -> None:
    """Empty deck: the discard pile is shuffled to form the new deck (v3.0; D-ALT-14).

    The cards get fresh uids so that a uid seen in the discard pile cannot identify a card later
    drawn and hidden in a hand or the Mana zone (D-ALT-15).
    """
    p = state.players[seat]
    if p.deck or not p.discard:
        return
    pile = [Obj(uid=state.next_uid + i, card=o.card) for i, o in enumerate(p.discard)]
    state.next_uid += len(pile)
    shuffle(rng, pile)
    p.deck, p.discard = pile, []
    events.append(public("deck_refilled", seat=seat, count=len(pile)))


def draw_cards(state: AlteredState, seat: int, count: int, rng: RandomSource, events: list[Event]) -> int:
    """Draw `count` cards (nothing happens for a card that cannot be drawn); returns the number drawn."""
    p = state.players[seat]
    drawn: list[str] = []
    for _ in range(count):
        refill_deck(state, seat, rng, events)
        if not p.deck:
            break
        obj = p.deck.pop(0)
        p.hand.append(obj)
        drawn.append(obj.card)
    if drawn:
        events.append(public("drew", seat=seat, count=len(drawn)))
        events.append(private([seat], "you_drew", cards=[card_ref(c) for c in drawn]))  # names, never ids
    return len(drawn)


def _characters(state: AlteredState, seat: int) -> list[tuple[list[Obj], int]]:
    out = []
    for zone in (state.players[seat].exp_hero, state.players[seat].exp_companion):
        out += [(zone, i) for i in range(len(zone))]
    return out


def _locate(state: AlteredState, uid: int) -> tuple[int, list[Obj], int] | None:
    for seat in (0, 1):
        for zone, i in _characters(state, seat):
            if zone[i].uid == uid:
                return seat, zone, i
    return None


def _who(ctx: Ctx, who: str) -> list[tuple[list[Obj], int]]:
    """The Characters an effect applies to, as (zone list, index) pairs."""
    p = ctx.state.players[ctx.seat]
    if who == "hero_expedition":
        return [(p.exp_hero, i) for i in range(len(p.exp_hero))]
    if who == "others_here" and ctx.expedition:
        zone = p.expedition(ctx.expedition)
        return [(zone, i) for i, o in enumerate(zone) if o.uid != ctx.source]
    uid = ctx.source if who == "self" else ctx.target
    found = _locate(ctx.state, uid) if uid is not None else None
    return [(found[1], found[2])] if found else []


def _boost(ctx: Ctx, effect: Effect) -> None:
    for zone, i in _who(ctx, effect.who):
        zone[i] = zone[i].model_copy(update={"boosts": zone[i].boosts + effect.amount})
        ctx.events.append(public("boosted", card=card_ref(zone[i].card), amount=effect.amount))


def _status(ctx: Ctx, effect: Effect) -> None:
    assert effect.status is not None
    for zone, i in _who(ctx, effect.who):
        zone[i] = zone[i].model_copy(update={effect.status: True})
        ctx.events.append(
            public("status_gained", card=card_ref(zone[i].card), status=ref(f"altered.status.{effect.status}"))
        )


def _draw(ctx: Ctx, effect: Effect) -> None:
    draw_cards(ctx.state, ctx.seat, effect.amount, ctx.rng, ctx.events)


def _resupply(ctx: Ctx, effect: Effect) -> None:
    """Resupply: the top card of the deck goes to the Reserve (face up, so public)."""
    p = ctx.state.players[ctx.seat]
    for _ in range(effect.amount):
        refill_deck(ctx.state, ctx.seat, ctx.rng, ctx.events)
        if not p.deck:
            return
        obj = p.deck.pop(0)
        p.reserve.append(obj.fresh())
        ctx.events.append(public("resupplied", seat=ctx.seat, card=card_ref(obj.card)))


def _ready_orb(ctx: Ctx, effect: Effect) -> None:
    done = ready_orb(ctx.state.players[ctx.seat], effect.amount)
    ctx.events.append(public("orb_readied", seat=ctx.seat, count=done))


def _sabotage(ctx: Ctx, effect: Effect) -> None:
    """Sabotage: discard up to one target card in the opposing Reserve."""
    foe = ctx.state.players[1 - ctx.seat]
    for i, obj in enumerate(foe.reserve):
        if obj.uid == ctx.target:
            del foe.reserve[i]
            foe.discard.append(obj.fresh())
            ctx.events.append(public("sabotaged", seat=1 - ctx.seat, card=card_ref(obj.card)))
            return


EFFECTS: dict[str, Callable[[Ctx, Effect], None]] = {
    "draw": _draw,
    "boost": _boost,
    "status": _status,
    "resupply": _resupply,
    "ready_orb": _ready_orb,
    "sabotage": _sabotage,
}


def resolve(ctx: Ctx, ability: Ability) -> None:
    """Resolve an ability's effects in order."""
    for effect in ability.effects:
        EFFECTS[effect.kind](ctx, effect)
