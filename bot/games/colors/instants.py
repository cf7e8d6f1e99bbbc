"""Instants and the stack (« Cas Spécial : Les Sorts Instantanés et la Pile »).

« Un événement en jeu ... remplit la condition de déclenchement d'un ou plusieurs sorts Instantanés.
L'action en cours est mise en pause » ; the active player adds its instants, then the inactive one;
« Les sorts sur la pile se résolvent un par un, en commençant par le dernier sort ajouté. Après la
résolution de chaque sort, les deux joueurs ont la possibilité d'ajouter de nouveaux sorts » ; then
« l'action qui avait été mise en pause reprend son cours » if it still can (D-COL-16, D-COL-18).

Who is asked depends on public facts only (D-COL-31): a seat is asked when its wizard's cards include
an instant with this trigger, it holds cards, and its mana and creatures could pay the cheapest such
instant. Asking only those who hold one would tell the table what they hold.
"""

from __future__ import annotations

from typing import Any

from bot.engine import RandomSource, decision, public

from . import board
from .actions import Cast
from .changes import card_text, figure_with, named, pay, side_with, wound
from .content import CARDS, WIZARDS, codex_of, grimoire_of
from .state import ColorsState, Window

Events = list[Any]


#: The event each trigger answers: a window opens on the event, for the triggers of that family.
EVENT_OF = {
    "enemy_ends_move_near_wizard": "move_end",
    "enemy_ends_move_near_ally": "move_end",
    "ally_attacks": "attack",
    "ally_attacked": "attack",
    "enemy_disengages": "disengage",
    "enemy_casts": "cast",
}
NEAR_ALLY = 3  # inches: Éboulis answers an enemy that ends its move this close to one of your creatures


def condition(state: ColorsState, seat: int, trigger: str, window: Window) -> bool:
    """Whether `trigger` is met for `seat` by the window's event (public facts only)."""
    if EVENT_OF.get(trigger) != window.event:
        return False
    if trigger == "ally_attacks":
        return window.actor == seat
    if trigger == "ally_attacked":
        target = state.figure(window.target or "")
        return target is not None and target.owner == seat
    if seat == window.actor:
        return False
    if trigger == "enemy_ends_move_near_ally":
        mover = state.figure(window.subject)
        return mover is not None and any(
            f.owner == seat and board.distance(f, mover) <= NEAR_ALLY * board.INCH for f in state.figures
        )
    return True  # near the wizard: the card's range from the wizard says it


def might_respond(state: ColorsState, seat: int, window: Window) -> bool:
    """From public facts: the seat's card pool has such an instant, it holds cards, it could pay."""
    if not state.sides[seat].hand:
        return False
    wizard = WIZARDS[state.sides[seat].wizard]
    costs = [
        CARDS[c].cost
        for c in set(grimoire_of(wizard, CARDS)) | set(codex_of(wizard))
        if CARDS[c].type == "instant" and condition(state, seat, CARDS[c].trigger or "", window)
    ]
    if not costs:
        return False
    blood = sum(f.pv for f in state.figures if f.owner == seat)
    return state.sides[seat].mana + blood >= max(1, min(costs) - 1)


def _order(state: ColorsState, actor: int) -> tuple[int, int]:
    """The active player first: whose turn it is, or the first-player token outside the activation."""
    active = state.turn if state.phase == "activation" else state.first
    return (active, 1 - active)


def open_window(
    state: ColorsState,
    event: str,
    actor: int,
    resume: dict[str, Any],
    rng: RandomSource,
    ev: Events,
    *,
    subject: str,
    target: str | None = None,
) -> ColorsState:
    """Pause for instants when someone might answer; otherwise go straight on."""
    window = Window(event=event, actor=actor, subject=subject, target=target, asking=(), resume=resume)
    asking = tuple(s for s in _order(state, actor) if might_respond(state, s, window))
    if not asking:
        from .resolve import resume_paused  # resolve.py opens the windows: the paused action goes on there

        return resume_paused(state, resume, False, rng, ev)
    ev.append(public("window", seats=list(asking)))
    return state.model_copy(
        update={
            "window": window.model_copy(update={"asking": asking}),
            "stack": (*state.stack, decision("respond", asking[0], event=event)),
        }
    )


def _ask_next(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """The seat that was asked is done: its question leaves the decision stack, and the pause goes on."""
    return _advance(state.model_copy(update={"stack": state.stack[:-1]}), rng, ev)


def _advance(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """Ask the next seat; with nobody left to ask, resolve the top of the stack and ask again (« Après la
    résolution de chaque sort, les deux joueurs ont la possibilité d'ajouter de nouveaux sorts »); with
    the stack empty, resume the paused action."""
    while True:
        window = state.window
        assert window is not None
        if window.asking:
            return state.model_copy(update={"stack": (*state.stack, decision("respond", window.asking[0]))})
        if not state.instants:
            from .resolve import resume_paused  # resolve.py opens the windows: the paused action goes on there

            return resume_paused(state.model_copy(update={"window": None}), window.resume, window.countered, rng, ev)
        (seat, raw), rest = state.instants[-1], state.instants[:-1]
        state = _resolve(state.model_copy(update={"instants": rest}), seat, Cast.model_validate(raw), ev)
        if state.winners is not None:
            return state.model_copy(update={"window": None, "instants": (), "stack": ()})
        window = state.window
        assert window is not None
        asking = tuple(s for s in _order(state, window.actor) if might_respond(state, s, window))
        state = state.model_copy(update={"window": window.model_copy(update={"asking": asking})})


def answer(state: ColorsState, seat: int, action: Any, rng: RandomSource, ev: Events) -> ColorsState:
    """An instant added to the stack (the same seat may add more), or no more from this seat."""
    window = state.window
    assert window is not None
    if isinstance(action, Cast):
        state = pay(state, seat, action, ev)
        ev.append(public("instant", seat=seat, card=card_text(action.card), n=len(state.instants) + 1))
        return state.model_copy(update={"instants": (*state.instants, (seat, action.model_dump()))})
    state = state.model_copy(update={"window": window.model_copy(update={"asking": window.asking[1:]})})
    return _ask_next(state, rng, ev)


def _resolve(state: ColorsState, seat: int, action: Cast, ev: Events) -> ColorsState:
    """One instant of the stack: its effect on the window's subject, then its card to the discard."""
    window = state.window
    assert window is not None
    card = CARDS[action.card]
    effect = card.effect
    assert effect is not None
    ev.append(public("instant_resolves", seat=seat, card=card_text(card.id)))
    state = side_with(state, seat, discard=(*state.sides[seat].discard, card.id))
    target = state.figure(action.target or "")
    if effect.kind == "counter":
        paused = window.resume.get("cast")
        if paused and CARDS[paused["card"]].cost <= effect.amount and not window.countered:
            ev.append(public("countered", card=card_text(paused["card"])))
            return state.model_copy(update={"window": window.model_copy(update={"countered": True})})
        ev.append(public("fizzles", card=card_text(card.id)))
        return state
    if target is None:  # « il peut arriver que l'action ne soit plus possible »
        ev.append(public("fizzles", card=card_text(card.id)))
        return state
    if effect.kind == "damage":
        return wound(state, target.id, effect.amount, ev, by=seat)
    if effect.kind == "buff" and effect.stat is not None:
        ev.append(
            public(
                "buffed",
                figure=target.id,
                who=named(target),
                stat={"key": f"colors.stat.{effect.stat}", "params": {}},
                n=effect.amount,
            )
        )
        return figure_with(state, target.id, buffs=(*target.buffs, (effect.stat, effect.amount)))
    return state


def target_for(state: ColorsState, card: str) -> str | None:
    """An instant's target: the creature its trigger is about (the attacked one for Peau de roche)."""
    window = state.window
    effect = CARDS[card].effect
    if window is None or effect is None or effect.kind == "counter":
        return None
    if CARDS[card].trigger == "ally_attacked":
        return window.target
    return window.subject
