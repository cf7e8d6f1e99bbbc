"""The day (1.3.2 and the phase clarification): Morning, Noon, Afternoon, Dusk, Night.

The steps that need no decision run straight through; the flow stops where a player must choose
(setup Mana, Morning Expand, Afternoon turns, Night Clean-up). Each phase that begins emits the
kernel `PHASE` event so the host posts a fresh board.
"""

from __future__ import annotations

from bot.engine import PHASE, Event, RandomSource, private, public

from .content import CONTENT, Ability
from .effects import Ctx, draw_cards, resolve
from .expeditions import check_victory, cleanup_needed, dusk_progress, rest, tiebreak_dusk
from .labels import ref
from .state import MORNING_DRAW, AlteredState, Obj, Phase, PlayerState


def _phase(state: AlteredState, phase: Phase, events: list[Event]) -> None:
    state.phase = phase
    state.turn = None
    events.append(public(PHASE, phase=ref(f"altered.phase.{phase}"), day=state.day))


def _condition_holds(state: AlteredState, seat: int, ability: Ability) -> bool:
    """'Behind': fewer regions covered than the facing Hero Expedition (D-ALT-19); in the Arena
    (the tiebreak) nobody is ahead or behind."""
    if ability.condition == "hero_behind":
        if state.tiebreak:
            return False
        me, foe = state.players[seat], state.players[1 - seat]
        return me.progress("hero") < foe.progress("hero")
    return True


def run_triggers(state: AlteredState, trigger: str, rng: RandomSource, events: list[Event]) -> None:
    """'À Midi' / 'Au Crépuscule' reactions: the first player's resolve first (phase clarification).

    Sources are the Hero (in its zone) and Landmarks in play; order within a player is Hero, then
    Landmarks in the order they arrived (D-ALT-11).
    """
    for seat in (state.first, 1 - state.first):
        p = state.players[seat]
        sources: list[tuple[int | None, str, Ability]] = []
        sources += [(None, p.hero, a) for a in CONTENT.heroes[p.hero].abilities if a.trigger == trigger]
        for obj in list(p.landmarks):
            sources += [(obj.uid, obj.card, a) for a in CONTENT.cards[obj.card].abilities if a.trigger == trigger]
        for uid, card_id, ability in sources:
            if not _condition_holds(state, seat, ability):
                continue
            events.append(
                public(
                    "triggered",
                    seat=seat,
                    source=ref(f"altered.card.{card_id}"),
                    trigger=ref(f"altered.trigger.{trigger}"),
                )
            )
            resolve(Ctx(state=state, seat=seat, rng=rng, events=events, source=uid, card=card_id), ability)


def start_day_one(state: AlteredState, rng: RandomSource, events: list[Event]) -> None:
    """Day 1 begins at Noon: its Morning is skipped (v3.0 4.1; D-ALT-02)."""
    state.day = 1
    begin_noon(state, rng, events)


def begin_morning(state: AlteredState, rng: RandomSource, events: list[Event]) -> None:
    """1.3.2.b and clarification: succeed, prepare, draw two, then Expand in first-player order."""
    _phase(state, "morning", events)
    if state.day > 1:
        state.first = 1 - state.first
        events.append(public("first_player", seat=state.first))
    for p in state.players:
        prepare(p)
    events.append(public("prepared"))
    for seat in (state.first, 1 - state.first):
        draw_cards(state, seat, MORNING_DRAW, rng, events)
    state.turn = state.first
    _skip_empty_expand(state, rng, events)


def prepare(p: PlayerState) -> None:
    """Prepare: ready the Hero, Characters, Landmarks, Mana Orbs and Reserve cards (v3.0; D-ALT-01)."""
    p.hero_exhausted = False
    for zone in (p.mana, p.reserve, p.landmarks, p.exp_hero, p.exp_companion):
        for i, obj in enumerate(zone):
            if obj.exhausted:
                zone[i] = obj.model_copy(update={"exhausted": False})


def _skip_empty_expand(state: AlteredState, rng: RandomSource, events: list[Event]) -> None:
    """A player with an empty hand has nothing to put into Mana: their Expand is skipped."""
    while state.phase == "morning" and state.turn is not None and not state.players[state.turn].hand:
        expand_done(state, state.turn, rng, events)


def expand_done(state: AlteredState, seat: int, rng: RandomSource, events: list[Event]) -> None:
    """After a player's Expand choice: the other player's, then Noon."""
    if seat == state.first:
        state.turn = 1 - seat
        _skip_empty_expand(state, rng, events)
    else:
        begin_noon(state, rng, events)


def begin_noon(state: AlteredState, rng: RandomSource, events: list[Event]) -> None:
    """1.3.2.c: nothing happens unless 'À Midi' reactions trigger."""
    _phase(state, "noon", events)
    run_triggers(state, "at_noon", rng, events)
    begin_afternoon(state, events)


def begin_afternoon(state: AlteredState, events: list[Event]) -> None:
    """1.3.2.d: alternate turns from the first player until both have passed."""
    _phase(state, "afternoon", events)
    for p in state.players:
        p.passed = False
    state.turn = state.first


def end_turn(state: AlteredState, seat: int, rng: RandomSource, events: list[Event]) -> None:
    """After playing a card or passing: the other player goes unless they passed (1.3.2.d)."""
    other = 1 - seat
    if not state.players[other].passed:
        state.turn = other
    elif not state.players[seat].passed:
        state.turn = seat
    else:
        begin_dusk(state, rng, events)


def begin_dusk(state: AlteredState, rng: RandomSource, events: list[Event]) -> None:
    """1.3.2.e and clarification: 'Au Crépuscule' reactions first, then Progress."""
    _phase(state, "dusk", events)
    run_triggers(state, "at_dusk", rng, events)
    if state.tiebreak:
        tiebreak_dusk(state, events)
        if state.phase == "over":
            return
    else:
        dusk_progress(state, events)
    begin_night(state, rng, events)


def begin_night(state: AlteredState, rng: RandomSource, events: list[Event]) -> None:
    """1.3.2.f: Rest, then Clean-up (choices in first-player order), then the victory check."""
    _phase(state, "night", events)
    rest(state, events)
    next_cleanup(state, rng, events)


def next_cleanup(state: AlteredState, rng: RandomSource, events: list[Event]) -> None:
    for seat in (state.first, 1 - state.first):
        if cleanup_needed(state, seat):
            state.turn = seat
            return
    state.turn = None
    check_victory(state, events)
    if state.phase != "over":
        state.day += 1
        begin_morning(state, rng, events)


def put_in_mana(state: AlteredState, seat: int, uid: int, *, exhausted: bool, events: list[Event]) -> Obj:
    """3.2.9.b: the card enters face down (not revealed: its face goes only to its owner)."""
    p = state.players[seat]
    # Expand and the setup say 'ready' (v3.0), the default of 3.2.9.b being exhausted (D-ALT-03).
    index = next(i for i, o in enumerate(p.hand) if o.uid == uid)
    obj = p.hand.pop(index)
    orb = Obj(uid=obj.uid, card=obj.card, exhausted=exhausted)
    p.mana.append(orb)
    events.append(public("mana_put", seat=seat, orbs=len(p.mana)))
    events.append(private([seat], "your_orb", card=ref(f"altered.card.{obj.card}")))
    return orb
