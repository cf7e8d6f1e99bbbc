"""Instants and the stack (« Cas Spécial : Les Sorts Instantanés et la Pile »).

« Un événement en jeu ... remplit la condition de déclenchement d'un ou plusieurs sorts Instantanés.
L'action en cours est mise en pause » ; the active player adds its instants, then the inactive one;
« Les sorts sur la pile se résolvent un par un, en commençant par le dernier sort ajouté. Après la
résolution de chaque sort, les deux joueurs ont la possibilité d'ajouter de nouveaux sorts » ; then
« l'action qui avait été mise en pause reprend son cours » if it still can (D-COL-16, D-COL-18).

Who is asked depends on public facts only (D-COL-31): a seat is asked when one of its wizard's instants
that could still be in its hand (not every copy of it is in a public place) could answer now, were it
there: its trigger met, its target in range and sight of a caster, its cost payable by mana and a Blood
Pact that spares the wizard. A seat for whom no such instant could answer is answered "nothing" at once,
and the log says so. Asking only those who hold one would tell the table what they hold.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from bot.engine import RandomSource, decision, public
from bot.table.geometry import within

from . import board, legacy
from .actions import Cast
from .changes import card_text, cost_after_discard, figure_with, named, pay, side_with, wound
from .content import CARDS, WIZARDS, Card, codex_of, grimoire_of, tap_mana
from .state import ColorsState, Figure, Window

Events = list[Any]


#: The steps an instant whose trigger is met may miss, in the order they are checked (`standing`).
MISSES = ("played", "range", "sight", "cost")


def condition(state: ColorsState, seat: int, card: Card, window: Window) -> bool:
    """Whether the window's event meets `card`'s trigger for `seat` (public facts only): as version 1 read
    it (legacy.py), narrowed since version 2 for the wizard's neighbourhood and the counter; since version
    4 a counter may answer an enemy instant already on the pile, and a spell's wounds are an event."""
    trigger = card.trigger or ""
    counter = card.effect is not None and card.effect.kind == "counter"
    if state.rules >= 4 and counter and trigger == "enemy_casts":
        return bool(counter_aims(state, seat, card, window))
    if state.rules >= 4 and trigger == "spell_wounds_ally":  # D-COL-37
        hurt = window.resume.get("wounded", []) if window.event == "spell_damage" else []
        return window.actor != seat and any(owner == seat for _, owner in hurt)
    met = legacy.condition(state, seat, trigger, window)  # the reading both versions share
    if not met or state.rules < 2:
        return met
    mover = state.figure(window.subject)
    if trigger == "enemy_ends_move_near_wizard":  # « within the instant's range of it » (D-COL-31)
        wizard = state.wizard_of(seat)
        reach = (card.range or 0) * board.INCH
        return mover is not None and wizard is not None and within(board.base(wizard), board.base(mover), reach)
    if card.effect is not None and card.effect.kind == "heal":  # a creature that has lost PV (D-COL-35)
        healed = state.figure(aimed(window, card.id) or "")
        return healed is not None and healed.pv < board.profile(healed).pv
    if card.effect is not None and card.effect.kind == "withdraw":  # the enemy's spell aims at your creature
        aimed_at = state.figure(aimed(window, card.id) or "")
        return aimed_at is not None and aimed_at.owner == seat
    if counter and trigger in ("enemy_casts", "enemy_disengages"):  # a spell it can cancel, not cancelled yet
        paused = window.resume.get("cast")
        amount = card.effect.amount if card.effect is not None else 0
        return paused is not None and CARDS[paused["card"]].cost <= amount and not window.countered
    return True


def counter_aims(state: ColorsState, seat: int, card: Card, window: Window) -> list[int | None]:
    """What a counter may aim at (rules version 4, D-COL-37): None for the paused spell, when an enemy
    cast it and it can still be cancelled; n for the n-th instant on the pile (1: the first added), an
    enemy's, that it can cancel, not cancelled and not aimed at by a counter already there."""
    amount = card.effect.amount if card.effect is not None else 0
    out: list[int | None] = []
    paused = window.resume.get("cast")
    counters = [raw for _, raw in state.instants if CARDS[raw["card"]].effect.kind == "counter"]  # type: ignore[union-attr]
    aimed_at = {raw.get("spell") for raw in counters}
    caster_seat = window.resume.get("seat", window.actor)
    cancellable = paused is not None and caster_seat != seat and CARDS[paused["card"]].cost <= amount
    if cancellable and not window.countered and None not in aimed_at:
        out.append(None)
    for n, (owner, raw) in enumerate(state.instants, start=1):
        if owner != seat and CARDS[raw["card"]].cost <= amount and not raw.get("countered") and n not in aimed_at:
            out.append(n)
    return out


def targets(state: ColorsState, seat: int, card: Card, window: Window) -> list[str | None]:
    """The creatures an instant may aim at in this window. Before version 4, and for a heal or a step
    back, the one the card names (`aimed`); since version 4 a wound or a characteristic changed goes to
    any creature its effect may aim at, the player's choice (D-COL-37); the caster's range and sight are
    `rules.check_target`'s. The creature the trigger is about comes first."""
    effect = card.effect
    first = aimed(window, card.id)
    if state.rules < 4 or effect is None or effect.kind not in ("damage", "buff"):
        return [first]
    friendly = effect.kind == "buff" and effect.amount > 0
    fit = [f.id for f in state.figures if (f.owner == seat) == friendly]
    return sorted(fit, key=lambda fid: (fid != first, fid))


@cache
def _pool(wizard: str, rules: int) -> Counter[str]:
    """Every copy a wizard's grimoire and codex hold under rules version `rules` (never changed in place)."""
    return Counter(grimoire_of(WIZARDS[wizard], CARDS) + codex_of(WIZARDS[wizard], rules))


@cache
def _instants(wizard: str, rules: int) -> tuple[Card, ...]:
    """The instants among a wizard's cards, in id order: each pause reads them for both seats."""
    cards = sorted(set(_pool(wizard, rules)))
    return tuple(CARDS[c] for c in cards if CARDS[c].type == "instant")


def unseen(state: ColorsState, seat: int) -> Counter[str]:
    """The seat's cards that may be in its hand as far as the table can tell: its codex and grimoire less
    every copy in a public place (discard, exile, permanents, the table, the stack of instants)."""
    side = state.sides[seat]
    pool = _pool(side.wizard, state.rules)
    seen = Counter(side.discard) + Counter(side.exile) + Counter(side.permanents)
    for f in state.figures:
        if f.owner == seat:
            seen += Counter(f.items)
            if not f.wizard and not f.token:
                seen[f.card] += 1
    seen += Counter(raw["card"] for s, raw in state.instants if s == seat)
    return pool - seen


def standing(state: ColorsState, seat: int, window: Window) -> str | None:
    """What public facts say of `seat`'s answer to the window: None when no instant of its wizard's has
    its trigger met (the event does not concern it); "ask" when one could answer now, were it in hand;
    else why none can: "empty" (no card in hand), or the step the nearest one missed (MISSES)."""
    if state.rules < 2:  # version 1 asked on the pool alone and said nothing of those it did not ask
        return "ask" if legacy.might_respond(state, seat, window) else None
    triggered = [
        card for card in _instants(state.sides[seat].wizard, state.rules) if condition(state, seat, card, window)
    ]
    if not triggered:
        return None
    if not state.sides[seat].hand:
        return "empty"
    could = unseen(state, seat)
    misses = [_miss(state, seat, card, window, could) for card in triggered]
    if None in misses:
        return "ask"
    return MISSES[max(m for m in misses if m is not None)]


def holds_answer(state: ColorsState, seat: int, window: Window) -> bool:
    """Whether the seat's own hand holds an instant that could answer now (D-COL-38): its trigger met,
    its target in range and sight of a caster, its cost payable by mana, a discard or a Blood Pact that
    spares the wizard. It reads the hand: the host alone uses it, to answer "nothing" for the seat."""
    hand = Counter(state.sides[seat].hand)
    held = [CARDS[c] for c in sorted(hand) if CARDS[c].type == "instant"]
    return any(condition(state, seat, card, window) and _miss(state, seat, card, window, hand) is None for card in held)


def _miss(state: ColorsState, seat: int, card: Card, window: Window, could: Counter[str]) -> int | None:
    """None when `card`, were it in hand, could answer now; else the index in MISSES of the step it misses."""
    if could[card.id] <= 0:  # every copy is in a public place
        return 0
    casters = [f for f in state.figures if f.owner == seat and (f.wizard or board.profile(f).channeling)]
    if card.effect is not None and card.effect.kind != "counter":
        aims = [t for t in (state.figure(fid or "") for fid in targets(state, seat, card, window)) if t is not None]
        reach = (card.range or 0) * board.INCH
        pairs = [(c, t) for t in aims for c in casters if within(board.base(c), board.base(t), reach)]
        if not pairs:
            return 1
        if not any(c.id == t.id or board.sees(state, c, t) for c, t in pairs):
            return 2
    elif not casters:
        return 1
    return None if _payable(state, seat, card) else 3


def _payable(state: ColorsState, seat: int, card: Card) -> bool:
    """Mana, less 1 for a discard when another card is in hand, and a Blood Pact that spares the wizard
    (a pact that kills one's own wizard loses the match at once: nobody answers that way)."""
    side = state.sides[seat]
    cost = cost_after_discard(card, "another card" if len(side.hand) > 1 else None)
    blood = sum(_bleeds(f) for f in state.figures if f.owner == seat)
    return side.mana + untapped_mana(state, seat) + blood >= cost


def untapped_mana(state: ColorsState, seat: int) -> int:
    """The mana the seat's untapped permanents would give if tapped (rules version 4, D-COL-37)."""
    if state.rules < 4:
        return 0
    side = state.sides[seat]
    left = Counter(side.permanents) - Counter(side.tapped)
    return sum(tap_mana(c) * n for c, n in left.items())


def _bleeds(fig: Figure) -> int:
    return fig.pv - 1 if fig.wizard else fig.pv


def might_respond(state: ColorsState, seat: int, window: Window) -> bool:
    """Whether the seat is asked: an instant of its wizard's could answer now, were it in hand."""
    return standing(state, seat, window) == "ask"


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
    asking: tuple[int, ...] = ()
    for seat in _order(state, actor):
        why = standing(state, seat, window)
        if why == "ask":
            asking += (seat,)
        elif why is not None:  # the trigger is met, yet none of its instants could answer: "nothing", at once
            ev.append(public("no_answer", seat=seat, why={"key": f"colors.no_answer.{why}", "params": {}}))
    if not asking:
        from .resolve import resume_paused  # resolve.py opens the windows: the paused action goes on there

        return resume_paused(state, resume, False, rng, ev)
    ev.append(public("window", seats=list(asking), n=len(asking)))
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
        state = state.model_copy(update={"instants": rest})
        if raw.get("countered"):  # cancelled on the pile (D-COL-37): exiled, as a countered spell
            state = side_with(state, seat, exile=(*state.sides[seat].exile, raw["card"]))
            ev.append(public("exiled", seat=seat, card=card_text(raw["card"])))
        else:
            state = _resolve(state, seat, Cast.model_validate({k: v for k, v in raw.items() if k != "countered"}), ev)
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
        state = state.model_copy(update={"instants": (*state.instants, (seat, action.model_dump()))})
        return _ask_after(state, seat, window)
    state = state.model_copy(update={"window": window.model_copy(update={"asking": window.asking[1:]})})
    return _ask_next(state, rng, ev)


def _ask_after(state: ColorsState, seat: int, window: Window) -> ColorsState:
    """Since version 4, an instant the active player adds is an enemy's spell cast: the inactive player,
    whose turn to add comes next, is asked if it was not already and could now answer (D-COL-37)."""
    order = _order(state, window.actor)
    later = order[order.index(seat) + 1 :]
    new = tuple(s for s in later if s not in window.asking and might_respond(state, s, window))
    if state.rules < 4 or not new:
        return state
    return state.model_copy(update={"window": window.model_copy(update={"asking": (*window.asking, *new)})})


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
    if effect.kind == "counter" and action.spell is not None:
        return _counter_on_pile(state, seat, action.spell, effect.amount, card.id, ev)
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
    if effect.kind == "heal":
        healed = min(board.profile(target).pv, target.pv + effect.amount) - target.pv
        ev.append(public("healed", figure=target.id, who=named(target), n=healed))
        return figure_with(state, target.id, pv=target.pv + healed)
    if effect.kind == "withdraw":
        return _withdraw(state, target, window, card.id, effect.amount, ev)
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


def _counter_on_pile(state: ColorsState, seat: int, n: int, amount: int, card: str, ev: Events) -> ColorsState:
    """A counter aimed at the n-th instant of the pile: it is cancelled there, and exiled when its turn
    to resolve comes (it stays in its place so that the pile's numbers hold)."""
    if n > len(state.instants):
        ev.append(public("fizzles", card=card_text(card)))
        return state
    owner, raw = state.instants[n - 1]
    if owner == seat or raw.get("countered") or CARDS[raw["card"]].cost > amount:
        ev.append(public("fizzles", card=card_text(card)))
        return state
    ev.append(public("countered", card=card_text(raw["card"])))
    pile = list(state.instants)
    pile[n - 1] = (owner, {**raw, "countered": True})
    return state.model_copy(update={"instants": tuple(pile)})


def _withdraw(state: ColorsState, target: Figure, window: Window, card: str, inches: int, ev: Events) -> ColorsState:
    """Glissement: the creature steps `inches` straight away from the paused spell's caster, as far as
    the table lets it (terrain, other bases); where it stops is not a choice (the card says where)."""
    caster = state.figure((window.resume.get("cast") or {}).get("caster", ""))
    if caster is None or caster.centre == target.centre:
        ev.append(public("fizzles", card=card_text(card)))
        return state
    dx, dy = target.centre[0] - caster.centre[0], target.centre[1] - caster.centre[1]
    norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
    reach = inches * board.INCH
    goal = (round(target.centre[0] + dx / norm * reach), round(target.centre[1] + dy / norm * reach))
    others = [board.base(o) for o in state.figures if o.id != target.id]
    end = board.table(state.scenario).furthest_toward(board.base(target), goal, others, reach)
    d = board.table(state.scenario).path_cost([target.centre, end])
    ev.append(public("withdraws", figure=target.id, who=named(target), d=d, cell=board.MEASURE.cell_of(end)))
    state = figure_with(state, target.id, x=end[0], y=end[1])
    return state.model_copy(update={"last": (target.id,), "last_path": (target.centre, end)})


def target_for(state: ColorsState, card: str) -> str | None:
    """An instant's target in the open window (see `aimed`)."""
    return aimed(state.window, card)


def aimed(window: Window | None, card: str) -> str | None:
    """An instant's target: the creature its trigger is about (the attacked one for Peau de roche, the
    attacker for Retour de flamme's wound, the creature the enemy's spell aims at for Glissement)."""
    effect = CARDS[card].effect
    if window is None or effect is None or effect.kind == "counter":
        return None
    if effect.kind == "withdraw":
        paused = window.resume.get("cast") or {}
        return paused.get("target")
    if CARDS[card].trigger == "ally_attacked":
        return window.subject if effect.kind == "damage" else window.target
    if CARDS[card].trigger == "spell_wounds_ally":  # Représailles: the spell's caster (D-COL-37)
        return window.target
    return window.subject
