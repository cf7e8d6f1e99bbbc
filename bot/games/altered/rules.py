"""Legality and resolution of the player decisions: the single oracle and the `apply` handlers.

`legal_actions` lists exactly the actions `check` accepts (the kernel's opening, then `check` here),
each refusal with a stable error code, so a stale button or a hand-written action is refused with a
reason; `apply` assumes `check` passed.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Decision, Event, IllegalAction, RandomSource, decision, public

from .actions import (
    CleanupDiscard,
    CleanupSacrifice,
    CycleOrb,
    Expand,
    HeroAbility,
    Pass,
    PlayCard,
    SetupMana,
    SkipExpand,
)
from .content import CONTENT, Ability, CardDef
from .costs import can_cycle, can_pay, cycle_orb, pay, play_cost, ready_orbs
from .day import end_turn, expand_done, next_cleanup, put_in_mana, start_day_one
from .effects import Ctx, resolve
from .expeditions import cleanup_needed
from .labels import card_ref, ref
from .state import EXPEDITIONS, SETUP_ORBS, AlteredState, Obj

#: The rules-corpus entry explaining each phase (bot/games/altered/rules.yaml).
PHASE_RULES = {
    "setup": "altered.setup",
    "morning": "altered.phase.morning",
    "noon": "altered.phase.noon",
    "afternoon": "altered.phase.afternoon",
    "dusk": "altered.phase.dusk",
    "night": "altered.phase.night",
    "over": "altered.victory",
}


#: The decision family asked in each phase that stops for a choice.
PHASE_DECISIONS = {"setup": "setup_mana", "morning": "expand", "afternoon": "turn", "night": "cleanup"}


def _waiting(state: AlteredState) -> frozenset[int]:
    if state.phase == "setup":
        return frozenset(s for s in (0, 1) if len(state.players[s].mana) < SETUP_ORBS)
    if state.phase in ("morning", "afternoon", "night") and state.turn is not None:
        return frozenset({state.turn})
    return frozenset()


def sync_stack(state: AlteredState) -> None:
    """Put the question the flow stopped on at the top of the stack (setup Mana is simultaneous)."""
    seats = _waiting(state)
    state.stack = [decision(PHASE_DECISIONS[state.phase], *seats)] if seats else []


def to_act(state: AlteredState) -> frozenset[int]:
    """The top of the decision stack."""
    top: Decision | None = state.stack[-1] if state.stack else None
    return top.waiting() if top is not None else frozenset()


def hero_quick(state: AlteredState, seat: int) -> Ability | None:
    """The Hero's quick action, if it has one and its whole cost can be paid (1.2.5.c)."""
    p = state.players[seat]
    for ability in CONTENT.heroes[p.hero].abilities:
        cost = ability.cost
        if ability.trigger == "quick" and cost is not None and can_pay(p, cost.mana, exhaust_hero=cost.exhaust_self):
            return ability
    return None


def _targets(state: AlteredState, seat: int, card: CardDef) -> list[int | None]:
    """A Spell's legal targets; a Spell that needs a Character target cannot be played without one."""
    if card.target is None:
        return [None]
    if card.target == "foe_reserve":  # Sabotage: 'up to one' target
        return [o.uid for o in state.players[1 - seat].reserve] + [None]
    owner = state.players[seat if card.target == "own_character" else 1 - seat]
    return [o.uid for kind in EXPEDITIONS for o in owner.expedition(kind)]


def playable(state: AlteredState, seat: int) -> list[PlayCard]:
    """1.3.2.d / clarification: a card from hand (hand cost) or a ready card from Reserve (reserve cost)."""
    p = state.players[seat]
    out: list[PlayCard] = []
    mana = ready_orbs(p)
    for zone, objs in (("hand", p.hand), ("reserve", p.reserve)):
        for obj in objs:
            card = CONTENT.cards[obj.card]
            if (zone == "reserve" and obj.exhausted) or play_cost(card, zone) > mana:
                continue
            if card.type == "character":
                out += [PlayCard(uid=obj.uid, expedition=kind) for kind in EXPEDITIONS]
            elif card.type == "landmark":
                out.append(PlayCard(uid=obj.uid))
            else:
                out += [PlayCard(uid=obj.uid, target=t) for t in _targets(state, seat, card)]
    return out


def legal_actions(state: AlteredState, seat: int) -> list[Any]:
    if seat not in to_act(state):
        return []
    p = state.players[seat]
    if state.phase == "setup":
        return [SetupMana(uid=o.uid) for o in p.hand]
    if state.phase == "morning":
        return [*(Expand(uid=o.uid) for o in p.hand), SkipExpand()]
    if state.phase == "afternoon":
        actions: list[Any] = [*playable(state, seat)]
        if hero_quick(state, seat) is not None:
            actions.append(HeroAbility())
        if can_cycle(p):
            actions.append(CycleOrb())
        actions.append(Pass())
        return actions
    if state.phase == "night":
        hero = CONTENT.heroes[p.hero]
        out: list[Any] = []
        if len(p.reserve) > hero.reserve_limit:
            out += [CleanupDiscard(uid=o.uid) for o in p.reserve]
        if len(p.landmarks) > hero.landmark_limit:
            out += [CleanupSacrifice(uid=o.uid) for o in p.landmarks]
        return out
    return []


# -- check ------------------------------------------------------------------------------------------
def check(state: AlteredState, seat: int, action: object) -> None:
    """The game's rules for an action the kernel let through (`BaseGame.check`: the match goes on,
    `seat` decides now, the action's kind answers the phase's decision, see `AlteredGame.answers`).
    A property test checks the whole `check` against `legal_actions`."""
    p = state.players[seat]
    if isinstance(action, SetupMana):
        if not any(o.uid == action.uid for o in p.hand):
            raise IllegalAction("altered.not_in_hand", rule="altered.setup")
    elif isinstance(action, Expand):
        if not any(o.uid == action.uid for o in p.hand):
            raise IllegalAction("altered.not_in_hand", rule="altered.phase.morning")
    elif isinstance(action, PlayCard):
        _check_play(state, seat, action)
    elif isinstance(action, HeroAbility):
        if hero_quick(state, seat) is None:
            ability = next((a for a in CONTENT.heroes[p.hero].abilities if a.trigger == "quick"), None)
            if ability is None or ability.cost is None:
                raise IllegalAction("altered.no_quick_action", rule="altered.afternoon.quick-actions")
            if ability.cost.exhaust_self and p.hero_exhausted:
                raise IllegalAction("altered.hero_exhausted", rule="altered.cost")
            raise IllegalAction("altered.cannot_pay", rule="altered.cost", cost=ability.cost.mana, ready=ready_orbs(p))
    elif isinstance(action, CycleOrb):
        if not can_cycle(p):
            raise IllegalAction("altered.cannot_cycle", rule="altered.mana-zone")
    elif isinstance(action, CleanupDiscard | CleanupSacrifice):
        hero = CONTENT.heroes[p.hero]
        if isinstance(action, CleanupDiscard):
            if len(p.reserve) <= hero.reserve_limit:
                raise IllegalAction("altered.cleanup_not_needed", rule="altered.night.cleanup")
            if not any(o.uid == action.uid for o in p.reserve):
                raise IllegalAction("altered.not_in_reserve", rule="altered.night.cleanup")
        else:
            if len(p.landmarks) <= hero.landmark_limit:
                raise IllegalAction("altered.cleanup_not_needed", rule="altered.night.cleanup")
            if not any(o.uid == action.uid for o in p.landmarks):
                raise IllegalAction("altered.not_a_landmark", rule="altered.night.cleanup")


def _check_play(state: AlteredState, seat: int, action: PlayCard) -> None:
    p = state.players[seat]
    found = state.find(seat, action.uid)
    if found is None or found[0] not in ("hand", "reserve"):
        raise IllegalAction("altered.not_playable", rule="altered.afternoon.play-card")
    zone, obj = found
    card = CONTENT.cards[obj.card]
    if zone == "reserve" and obj.exhausted:
        raise IllegalAction("altered.reserve_exhausted", rule="altered.reserve")
    if card.type == "character":
        if action.expedition is None or action.target is not None:
            raise IllegalAction("altered.choose_expedition", rule="altered.afternoon.play-card")
    elif action.expedition is not None:
        raise IllegalAction("altered.no_expedition", rule="altered.afternoon.play-card")
    if card.type == "spell" and action.target not in _targets(state, seat, card):
        raise IllegalAction("altered.bad_target", rule="altered.playing-process")
    if card.type != "spell" and action.target is not None:
        raise IllegalAction("altered.bad_target", rule="altered.playing-process")
    cost = play_cost(card, zone)
    if ready_orbs(p) < cost:
        raise IllegalAction("altered.cannot_pay", rule="altered.cost", cost=cost, ready=ready_orbs(p))


# -- apply --------------------------------------------------------------------------------------------
def _take(objs: list[Obj], uid: int, code: str, rule: str) -> Obj:
    for i, obj in enumerate(objs):
        if obj.uid == uid:
            return objs.pop(i)
    raise IllegalAction(code, rule=rule)


def apply_action(state: AlteredState, seat: int, action: object, rng: RandomSource) -> list[Event]:
    """Mutate `state` (a clone) and return the events; the service called `check` first."""
    events: list[Event] = []
    state.last, state.advanced = [], []
    p = state.players[seat]
    if isinstance(action, SetupMana):
        put_in_mana(state, seat, action.uid, exhausted=False, events=events)
        if not _waiting(state):
            start_day_one(state, rng, events)
    elif isinstance(action, Expand | SkipExpand):
        if isinstance(action, Expand):
            put_in_mana(state, seat, action.uid, exhausted=False, events=events)
        else:
            events.append(public("expand_skipped", seat=seat))
        expand_done(state, seat, rng, events)
    elif isinstance(action, PlayCard):
        play_card(state, seat, action, rng, events)
        end_turn(state, seat, rng, events)
    elif isinstance(action, Pass):
        p.passed = True
        events.append(public("passed", seat=seat))
        end_turn(state, seat, rng, events)
    elif isinstance(action, HeroAbility):
        use_hero(state, seat, rng, events)
    elif isinstance(action, CycleOrb):
        cycle_orb(p)
        events.append(public("orb_cycled", seat=seat))
    elif isinstance(action, CleanupDiscard):
        obj = _take(p.reserve, action.uid, "altered.not_in_reserve", "altered.night.cleanup")
        events.append(public("cleanup_discarded", seat=seat, card=card_ref(obj.card)))
        _cleaned(state, seat, obj, rng, events)
    elif isinstance(action, CleanupSacrifice):
        obj = _take(p.landmarks, action.uid, "altered.not_a_landmark", "altered.night.cleanup")
        events.append(public("sacrificed", seat=seat, card=card_ref(obj.card)))
        _cleaned(state, seat, obj, rng, events)
    sync_stack(state)
    return events


def _cleaned(state: AlteredState, seat: int, obj: Obj, rng: RandomSource, events: list[Event]) -> None:
    state.players[seat].discard.append(obj.fresh())
    if not cleanup_needed(state, seat):
        next_cleanup(state, rng, events)


def use_hero(state: AlteredState, seat: int, rng: RandomSource, events: list[Event]) -> None:
    """A Hero quick action: pay every part of its cost together (1.2.5.c-d), then resolve."""
    p = state.players[seat]
    ability = next((a for a in CONTENT.heroes[p.hero].abilities if a.trigger == "quick"), None)
    if ability is None or ability.cost is None:
        raise IllegalAction("altered.no_quick_action", rule="altered.afternoon.quick-actions")
    pay(p, ability.cost.mana, exhaust_hero=ability.cost.exhaust_self)
    events.append(public("hero_ability", seat=seat, hero=card_ref(p.hero), mana=ability.cost.mana))
    resolve(Ctx(state=state, seat=seat, rng=rng, events=events, card=p.hero), ability)


def play_card(state: AlteredState, seat: int, action: PlayCard, rng: RandomSource, events: list[Event]) -> None:
    """Playing a card: declare, pay the whole cost, resolve (clarification 'Jouer une carte'; v3.0 5).

    From the Reserve a card gains Fleeting, except a Landmark (D-ALT-06). A Spell resolves, then goes
    to the Reserve (exhausted with Cooldown), or to the discard pile if Fleeting.
    """
    p = state.players[seat]
    _check_play(state, seat, action)  # the AI's trials come here without `check`
    state.last = [*state.last, action.uid]
    found = state.find(seat, action.uid)
    assert found is not None
    zone, obj = found
    card = CONTENT.cards[obj.card]
    cost = play_cost(card, zone)
    pay(p, cost)  # 1.2.5.c: refused whole when the orbs do not cover it
    _take(getattr(p, zone), obj.uid, "altered.not_playable", "altered.afternoon.play-card")
    fleeting = (zone == "reserve" and card.type != "landmark") or "fleeting" in card.keywords
    params = {"seat": seat, "card": card_ref(card.id), "source": ref(f"altered.zone.{zone}"), "cost": cost}
    if action.expedition:
        events.append(public("played", **params, expedition=ref(f"altered.expedition.{action.expedition}")))
    else:
        events.append(public("played_card", **params))
    ctx = Ctx(
        state=state,
        seat=seat,
        rng=rng,
        events=events,
        source=obj.uid,
        expedition=action.expedition,
        target=action.target,
        card=card.id,
    )
    if card.type == "character":
        assert action.expedition is not None
        # Golden rule's exception (D-ALT-10): counters a card kept in the Reserve (Seasoned boosts) stay
        # on it when it goes to a visible zone other than the discard pile.
        kept = obj.boosts if zone == "reserve" else 0
        p.expedition(action.expedition).append(Obj(uid=obj.uid, card=card.id, fleeting=fleeting, boosts=kept))
    elif card.type == "landmark":
        p.landmarks.append(Obj(uid=obj.uid, card=card.id))
    for ability in card.abilities:
        if ability.trigger == "on_play" and ability.from_ in ("any", zone):
            resolve(ctx, ability)
    if card.type == "spell":
        if fleeting:
            p.discard.append(Obj(uid=obj.uid, card=card.id))
        else:
            p.reserve.append(Obj(uid=obj.uid, card=card.id, exhausted="cooldown" in card.keywords))
