"""What both the turn sequence (resolve.py) and the instants (instants.py) do to a state: name a card
or a figure in an event, change a side or a figure, wound, end the match, pay a spell's cost. Apart so
that the instants need not import the turn sequence that opens their windows."""

from __future__ import annotations

from typing import Any

from bot.engine import Event, public

from .actions import Cast
from .content import CARDS, MONSTERS, Card
from .state import ColorsState, Figure

Events = list[Event]


def named(fig: Figure) -> dict[str, Any]:
    """A figure as log lines name it ("Orc (A6)"), localized by the host."""
    return {"key": "colors.figure.name", "params": {"card": card_text(fig.card), "id": fig.id}}


def card_text(card: str) -> dict[str, Any]:
    return {"key": f"colors.card.{card}", "params": {}}


def side_with(state: ColorsState, seat: int, **update: Any) -> ColorsState:
    """The state with the seat's side updated."""
    sides = list(state.sides)
    sides[seat] = sides[seat].model_copy(update=update)
    return state.model_copy(update={"sides": (sides[0], sides[1])})


def figure_with(state: ColorsState, fid: str, **update: Any) -> ColorsState:
    """The state with one figure updated."""
    return state.model_copy(
        update={"figures": tuple(f.model_copy(update=update) if f.id == fid else f for f in state.figures)}
    )


def finish(state: ColorsState, winners: tuple[int, ...], reason: str, ev: Events) -> ColorsState:
    ev.append(public("over", winners=list(winners), reason=reason))
    return state.model_copy(
        update={"phase": "over", "winners": winners, "reason": reason, "stack": (), "duel": None, "active": None}
    )


# -- damage ----------------------------------------------------------------------------------------
def wound(state: ColorsState, fid: str, n: int, ev: Events, *, by: int | None = None) -> ColorsState:
    """`n` wounds; a creature at 0 PV leaves the table (its artefacts to its owner's discard); a
    wizard's death ends the match at once (the last wizard standing wins)."""
    fig = state.figure(fid)
    if fig is None or n <= 0:
        return state
    pv = fig.pv - n
    ev.append(public("wounded", figure=fid, who=named(fig), n=n, pv=max(0, pv)))
    if pv > 0:
        return figure_with(state, fid, pv=pv)
    ev.append(public("died", figure=fid, who=named(fig)))
    state = state.model_copy(update={"figures": tuple(f for f in state.figures if f.id != fid)})
    if fig.owner not in (0, 1) and by in (0, 1) and fig.card in MONSTERS:
        vp = MONSTERS[fig.card].vp
        state = side_with(state, by, vp=state.sides[by].vp + vp)
        ev.append(public("monster_slain", seat=by, who=named(fig), vp=vp, total=state.sides[by].vp))
    if fig.owner in (0, 1):
        gone = [*fig.items] + ([] if fig.wizard or fig.token else [fig.card])
        if gone:
            state = side_with(state, fig.owner, discard=(*state.sides[fig.owner].discard, *gone))
    if fig.wizard and state.winners is None:
        alive = [s for s in (0, 1) if state.wizard_of(s) is not None]
        return finish(state, tuple(alive), "wizard", ev)
    return state


def cost_after_discard(card: Card, discard: str | None) -> int:
    """ "défausser une et une seule carte ... réduire le coût de 1", never below 1."""
    return max(1, card.cost - 1) if discard is not None and card.cost > 1 else card.cost


def pay(state: ColorsState, seat: int, action: Cast, ev: Events) -> ColorsState:
    """The card leaves the hand, the discarded card goes, the pool and the Blood Pact pay the cost."""
    card = CARDS[action.card]
    side = state.sides[seat]
    hand = list(side.hand)
    hand.remove(action.card)
    discard = list(side.discard)
    if action.discard is not None:
        hand.remove(action.discard)
        discard.append(action.discard)
    cost = cost_after_discard(card, action.discard)
    pact = sum(n for _, n in action.pact)
    state = side_with(state, seat, hand=tuple(hand), discard=tuple(discard), mana=side.mana - (cost - pact))
    ev.append(
        public(
            "cast",
            seat=seat,
            card=card_text(card.id),
            card_id=card.id,
            caster=action.caster,
            target=action.target,
            cost=cost,
            pact=pact,
            discarded=action.discard is not None,
        )
    )
    for fid, n in action.pact:  # Le Pacte de Sang: each wound is one mana (D-COL-15: it may kill)
        state = wound(state, fid, n, ev)
    return state
