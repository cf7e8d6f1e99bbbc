"""`apply` for Confrontation: the turn's phases, the tours de parole, moves, shots, spells, wounds.

Pure: states in, states and events out, chance only from the injected source. The order of a turn
(D-CON-03): strategic phase (both sequences locked in secret, then the tactic roll), the activation
phase (tours de parole, V-A to V-D), the combat phase (combat.py), the mystic phase (mana), then the
next turn; six turns (D-CON-18).
"""

from __future__ import annotations

from typing import Any

from bot.engine import PHASE, RandomSource, decision, private, public

from . import board, combat, dice, rules, sequence
from .actions import (
    Cast,
    Declare,
    Declared,
    Dice,
    Disengage,
    Dive,
    Draw,
    Finish,
    Forgo,
    Lead,
    Order,
    Resolve,
    Shoot,
    Walk,
)
from .content import PROFILES, SPELLS, WARBANDS
from .effects import Events, _named_id, finish, hurt, named, profile_text, set_fighter, share
from .state import ConfState, Fighter, PendingShot, Side

TURNS = 6  # D-CON-18
#: The difficulty of a shot by range band (D-CON-14): short, medium, long.
SHOT_DIFFICULTY = (4, 6, 8)
STILL_BONUS = 1  # « tir immobile » (D-CON-15)
TARGET_BONUS = 2  # « Cible/+2 » (V-C-4)


_fighter = set_fighter


# -- set-up and turns -----------------------------------------------------------------------------------
def prefixes(warbands: list[str]) -> tuple[str, str]:
    """Fighter ids start with the warband's initial ("L3"); a mirror match uses A and B."""
    a, b = (w[0].upper() for w in warbands)
    return ("A", "B") if a == b else (a, b)


def opening(names: list[str], warbands: list[str], scenario: str) -> ConfState:
    """Both warbands deployed in their zones (D-CON-08), magicians with their Pouvoir in mana."""
    fighters: list[Fighter] = []
    for seat, band_id in enumerate(warbands):
        band = WARBANDS[band_id]
        profiles = [p for p in band.profiles for _ in range(p.count)]
        spots = board.deploy_points(scenario, seat, [p.radius for p in profiles])
        prefix = prefixes(warbands)[seat]
        for i, (p, (x, y)) in enumerate(zip(profiles, spots, strict=True)):
            fighters.append(Fighter(id=f"{prefix}{i + 1}", profile=p.id, owner=seat, x=x, y=y, mana=p.power))
    sides = (Side(name=names[0], warband=warbands[0]), Side(name=names[1], warband=warbands[1]))
    return ConfState(scenario=scenario, sides=sides, fighters=tuple(fighters))


def start_turn(state: ConfState, ev: Events) -> ConfState:
    """The strategic phase: each player orders its reference cards in secret (V-A-4: « Chacun prépare
    sa séquence d'activation », before the tactic roll)."""
    fresh = tuple(
        f.model_copy(
            update={
                "activated": False,
                "done": False,
                "exclusive": None,
                "target": None,
                "resolved": False,
                "walked": False,
                "shot": False,
                "still": True,
                "walk_after": False,
                "charged": False,
                "stunned": False,
                "shield": 0,
                "afraid": False,
                "dove": f.dove and state.rules < 2,  # it belonged to last turn's activation (D-CON-04)
            }
        )
        for f in state.fighters
    )
    sides = tuple(s.model_copy(update={"pile": ()}) for s in state.sides)
    ev.append(public(PHASE, phase={"key": "confrontation.phase.strategic", "params": {}}, turn=state.turn))
    return state.model_copy(
        update={
            "phase": "strategic",
            "stage": "draw",
            "fighters": fresh,
            "sides": sides,
            "seq": None,
            "tactic": None,
            "tour": (),
            "current": None,
            "combats": (),
            "stack": (decision("sequence", 0, 1, secret=True),),
        }
    )


def _lock_sequences(
    state: ConfState, piles: tuple[tuple[str, ...], tuple[str, ...]], rng: RandomSource, ev: Events
) -> ConfState:
    """Both sequences are locked: the tactic roll (1d6 + the best Discipline on the table, ties rolled
    again) names who gives the word."""
    sides = (state.sides[0].model_copy(update={"pile": piles[0]}), state.sides[1].model_copy(update={"pile": piles[1]}))
    best = tuple(max((PROFILES[f.profile].discipline for f in state.of(seat)), default=0) for seat in (0, 1))
    winner, rolls = sequence.tactic_roll(rng, (best[0], best[1]))
    for a, b in rolls:
        ev.append(public("tactic_roll", a=a, b=b, first=state.sides[0].name, second=state.sides[1].name))
    ev.append(public("tactic_won", seat=winner))
    return state.model_copy(
        update={"sides": sides, "phase": "lead", "tactic": winner, "stack": (decision("lead", winner),)}
    )


# -- apply ---------------------------------------------------------------------------------------------
def apply(state: ConfState, seat: int, action: Any, rng: RandomSource) -> tuple[ConfState, Events]:
    ev: Events = []
    state = state.model_copy(update={"last": (), "last_path": ()}) if not isinstance(action, Order) else state
    if isinstance(action, Order):
        state = _order(state, seat, action, rng, ev)
    elif isinstance(action, Lead):
        state = _lead(state, action, ev, rng)
    elif isinstance(action, Draw):
        state = _draw(state, seat, action, ev, rng)
    elif isinstance(action, Declare):
        state = _fighter(state, action.fighter, exclusive=action.what, target=action.target)
        f = state.fighter(action.fighter)
        assert f is not None
        params: dict[str, Any] = {
            "who": named(f),
            "what": {"key": f"confrontation.exclusive.{action.what}", "params": {}},
        }
        if action.target:
            ev.append(public("declared_at", target=_named_id(state, action.target), **params))
        else:
            ev.append(public("declared", **params))
        state = _ask_declare(state, seat, ev, rng) if state.rules >= 2 else state
    elif isinstance(action, Declared):
        ev.append(public("announced", seat=seat))  # the table reads who closed the announcements
        state = _after_declarations(state, seat, ev, rng)
    elif isinstance(action, Resolve | Forgo):
        state = _resolve_exclusive(state, seat, action, rng, ev)
    elif isinstance(action, Walk | Disengage | Shoot | Cast | Finish):
        state = _cumulative(state, seat, action, rng, ev)
    elif isinstance(action, Dive):
        state = _dive(state, action, rng, ev)
    elif isinstance(action, Dice):
        state = combat.allocate(state, seat, action.attack, rng, ev)
        if state.phase == "mystic":
            state = end_turn(state, ev)
    return state, ev


def _order(state: ConfState, seat: int, action: Order, rng: RandomSource, ev: Events) -> ConfState:
    top = state.stack[-1].answered(seat, action.dump())
    ev.append(public("sequence_locked", seat=seat, n=len(action.cards)))
    ev.append(private([seat], "your_sequence", cards=[profile_text(c) for c in action.cards]))
    if not top.complete:
        return state.model_copy(update={"stack": (*state.stack[:-1], top)})
    piles = tuple(tuple(top.answers[s]["cards"]) for s in (0, 1))
    return _lock_sequences(state, (piles[0], piles[1]), rng, ev)


def _lead(state: ConfState, action: Lead, ev: Events, rng: RandomSource) -> ConfState:
    seq = sequence.start((state.sides[0].pile, state.sides[1].pile), action.first)
    ev.append(public("lead", seat=state.tactic, first_seat=action.first))
    for s in (0, 1):
        if seq.sides[s].refusals:
            ev.append(public("refusals", seat=s, n=seq.sides[s].refusals))
    ev.append(public(PHASE, phase={"key": "confrontation.phase.activation", "params": {}}, turn=state.turn))
    return _ask_draw(state.model_copy(update={"phase": "activation", "seq": seq}), ev, rng)


def _ask_draw(state: ConfState, ev: Events, rng: RandomSource) -> ConfState:
    """A tour de parole opens: the speaker chooses among the choices of V-A, or, when the rules leave
    one (the top card, no reserve, no refusal), it is played without asking."""
    seq = state.seq
    assert seq is not None
    choices = sequence.legal(seq, seq.speaker)
    if len(choices) == 1 and state.rules >= 2:  # version 1 asked (a match keeps its rules)
        return _draw(state, seq.speaker, Draw(choice=choices[0]), ev, rng)
    return state.model_copy(update={"stage": "draw", "stack": (decision("draw", seq.speaker),)})


def _draw(state: ConfState, seat: int, action: Draw, ev: Events, rng: RandomSource) -> ConfState:
    assert state.seq is not None
    seq, played = sequence.apply(state.seq, seat, action.choice)
    state = state.model_copy(update={"seq": seq})
    reserve = seq.sides[seat].reserve_state()
    if action.choice == "reserve":
        ev.append(public("reserved", seat=seat, reserve=reserve))
        ev.append(private([seat], "reserved_card", card=profile_text(seq.sides[seat].reserve or "")))
    elif action.choice == "refuse":
        ev.append(public("refused", seat=seat, n=seq.sides[seat].refusals))
    else:
        ev.append(public("played", seat=seat, cards=[profile_text(c) for c in played], reserve=reserve))
    if not played:
        return _next_tour(state, ev, rng)
    activated = []
    fighters = []
    for f in state.fighters:
        if f.owner == seat and f.profile in played:
            # « Cible/+2 jusqu'à son activation du prochain tour » ends as it is activated
            f = f.model_copy(update={"activated": True, "covered": False})
            activated.append(f.id)
        fighters.append(f)
    state = state.model_copy(update={"fighters": tuple(fighters), "tour": played, "last": tuple(activated)})
    if not activated:  # « le joueur ne peut alors faire aucune action » (V-A-3, Note)
        ev.append(public("nobody_left", seat=seat))
        return _next_tour(state, ev, rng)
    return _ask_declare(state, seat, ev, rng)


def _ask_declare(state: ConfState, seat: int, ev: Events, rng: RandomSource) -> ConfState:
    """The announcements go on while a fighter of the tour may still announce an exclusive action;
    when none may, they are over without asking (V-B-1: there is nothing left to announce)."""
    if state.rules < 2:  # version 1 asked until the player closed them
        return state.model_copy(update={"stage": "declare", "stack": (decision("declare", seat),)})
    if rules.can_declare(state, seat):
        return state.model_copy(update={"stage": "declare", "stack": (decision("declare", seat),)})
    return _after_declarations(state, seat, ev, rng)


def _next_tour(state: ConfState, ev: Events, rng: RandomSource) -> ConfState:
    """The tour de parole ends: the word goes to whoever the sequence says, or the phase ends."""
    seq = state.seq
    assert seq is not None
    # a diver's obligation belongs to this activation: kept or lapsed, it ends with it (D-CON-04)
    fighters = tuple(
        f.model_copy(update={"done": True, "dove": f.dove and (f.profile not in state.tour or state.rules < 2)})
        if f.activated
        else f
        for f in state.fighters
    )
    state = state.model_copy(update={"fighters": fighters, "tour": (), "current": None, "shot": None})
    if state.winners is not None:
        return state.model_copy(update={"stack": ()})
    if seq.over:
        state = combat.start(state, rng, ev)
        return end_turn(state, ev) if state.phase == "mystic" else state
    return _ask_draw(state, ev, rng)


# -- exclusive actions (V-C) ---------------------------------------------------------------------------
def tour_fighters(state: ConfState, seat: int) -> list[Fighter]:
    return [f for f in state.of(seat) if f.activated and not f.done and f.profile in state.tour]


def _after_declarations(state: ConfState, seat: int, ev: Events, rng: RandomSource) -> ConfState:
    if any(f.exclusive is not None and not f.resolved for f in tour_fighters(state, seat)):
        return state.model_copy(update={"stage": "exclusive", "stack": (decision("exclusive", seat),)})
    return _to_cumulative(state, seat, ev, rng)


def _to_cumulative(state: ConfState, seat: int, ev: Events, rng: RandomSource) -> ConfState:
    if not any(f.exclusive is None for f in tour_fighters(state, seat)):
        return _next_tour(state, ev, rng)
    return state.model_copy(update={"stage": "cumulative", "current": None, "stack": (decision("fighter", seat),)})


def _move(state: ConfState, fid: str, path: tuple[tuple[int, int], ...], ev: Events, kind: str) -> ConfState:
    f = state.fighter(fid)
    assert f is not None
    end = path[-1]
    full = (f.centre, *path)
    state = _fighter(state, fid, x=end[0], y=end[1], still=False)
    used = board.table(state.scenario).path_cost(full)
    ev.append(public(kind, who=named(f), cell=board.measure(state.scenario).cell_of(end), d=used))
    return state.model_copy(update={"last": (*state.last, fid), "last_path": full})


def disengage_odds(state: ConfState, f: Fighter) -> tuple[int, int]:
    """VII-B is not in our document (D-CON-07): 1d6 + INI against 3 + the number of enemies touching it.
    Returns (the value added to the die, the difficulty)."""
    return PROFILES[f.profile].initiative - dice.penalty(f.wound, f.stunned), 3 + len(board.contacts(state, f))


def disengage(state: ConfState, f: Fighter, rng: RandomSource, ev: Events) -> bool:
    value, need = disengage_odds(state, f)
    roll = dice.test(rng, value)
    ok = roll.beats(need)
    ev.append(public("disengage", who=named(f), dice=list(roll.dice), total=roll.total, need=need, ok=ok))
    return ok


def courage(state: ConfState, f: Fighter, fear: int, rng: RandomSource, ev: Events) -> bool:
    """A courage test against a frightening creature (D-CON-17): 1d6 + COU ≥ its PEU. A fearsome
    fighter never tests."""
    p = PROFILES[f.profile]
    if p.fear > 0 or fear <= 0:
        return True
    roll = dice.test(rng, p.courage - dice.penalty(f.wound, f.stunned))
    ok = roll.beats(fear)
    ev.append(public("courage", who=named(f), dice=list(roll.dice), total=roll.total, need=fear, ok=ok))
    return ok


def _resolve_exclusive(
    state: ConfState, seat: int, action: Resolve | Forgo, rng: RandomSource, ev: Events
) -> ConfState:
    f = state.fighter(action.fighter)
    assert f is not None
    if isinstance(action, Forgo):
        ev.append(public("forgo", who=named(f)))
        state = _fighter(state, f.id, resolved=True, done=True)
        return _after_declarations(state, seat, ev, rng)
    what = f.exclusive or "run"
    target = state.fighter(f.target or "")
    moves = True
    if what == "charge" and target is not None:
        moves = courage(state, f, PROFILES[target.profile].fear, rng, ev)
    if what == "engage" and not board.free(state, f):
        moves = disengage(state, f, rng, ev)
    if moves:
        state = _move(state, f.id, action.path, ev, f"moved_{what}")
        if what == "cover":
            state = _fighter(state, f.id, covered=True, dove=False)
        if what == "charge" and target is not None:
            state = _fighter(state, f.id, charged=True)
            charger_fear = PROFILES[f.profile].fear
            if not courage(state, target, charger_fear, rng, ev):
                state = _fighter(state, target.id, afraid=True)
            state = state.model_copy(update={"last": (*state.last, target.id)})
    else:
        ev.append(public("action_lost", who=named(f)))
    state = _fighter(state, f.id, resolved=True, done=True)
    return _after_declarations(state, seat, ev, rng)


# -- cumulative actions (V-D) ----------------------------------------------------------------------------
def _cumulative(state: ConfState, seat: int, action: Any, rng: RandomSource, ev: Events) -> ConfState:
    fid = action.fighter
    if state.current is not None and state.current != fid:  # moving on ends the other's activation (V-D)
        state = _fighter(state, state.current, done=True)
    state = state.model_copy(update={"current": fid})
    f = state.fighter(fid)
    assert f is not None
    if isinstance(action, Finish):
        ev.append(public("finished", who=named(f)))
        state = _fighter(state, fid, done=True)
    elif isinstance(action, Walk | Disengage):
        state = _fighter(state, fid, walked=True)
        if board.free(state, f) or disengage(state, f, rng, ev):
            state = _move(state, fid, action.path, ev, "walked")
        else:
            state = _fighter(state, fid, still=False)
    elif isinstance(action, Shoot):
        target = state.fighter(action.target)
        assert target is not None
        state = _fighter(state, fid, shot=True, walk_after=action.walk_after)
        pending = PendingShot(shooter=fid, target=target.id, walk_after=action.walk_after)
        if not target.activated and not target.dove and board.free(state, target):
            ev.append(public("aims", who=named(f), whom=named(target)))
            return state.model_copy(
                update={"shot": pending, "stack": (*state.stack, decision("dive", target.owner, figure=target.id))}
            )
        state = shoot(state, pending, rng, ev)
    elif isinstance(action, Cast):
        state = cast(state, f, action, rng, ev)
    return _after_cumulative(state, seat, ev, rng)


def _after_cumulative(state: ConfState, seat: int, ev: Events, rng: RandomSource) -> ConfState:
    if state.winners is not None:
        return state.model_copy(update={"stack": ()})
    cur = state.fighter(state.current or "")
    if cur is not None and not cur.done and not _can_act(cur):
        state = _fighter(state, cur.id, done=True)
    if not any(f.exclusive is None for f in tour_fighters(state, seat)):
        return _next_tour(state, ev, rng)
    return state.model_copy(update={"stack": (decision("fighter", seat),)})


def _can_act(f: Fighter) -> bool:
    """Whether a fighter has any cumulative action left (else its activation ends by itself)."""
    p = PROFILES[f.profile]
    can_walk = not f.walked and (not f.shot or f.walk_after)
    can_shoot = p.weapon is not None and not f.shot
    can_cast = any(SPELLS[s].mana <= f.mana for s in p.spells)
    return can_walk or can_shoot or can_cast


def _dive(state: ConfState, action: Dive, rng: RandomSource, ev: Events) -> ConfState:
    assert state.shot is not None
    pending = state.shot
    target = state.fighter(pending.target)
    assert target is not None
    if action.dive:  # D-CON-04: the dive protects against the shot that provoked it
        state = _fighter(state, target.id, dove=True, covered=True)
        ev.append(public("dives", who=named(target)))
    state = state.model_copy(update={"stack": state.stack[:-1], "shot": None})
    state = shoot(state, pending, rng, ev)
    shooter = state.fighter(pending.shooter)
    return _after_cumulative(state, shooter.owner if shooter else 0, ev, rng)


def shoot(state: ConfState, pending: PendingShot, rng: RandomSource, ev: Events) -> ConfState:
    """A shot (D-CON-14, D-CON-15): 1d6 + TIR against the difficulty of the range band, +2 against « Cible/+2 »,
    +1 per cover piece on the line; +1 to the roll for « tir immobile »; a hit rolls a wound at the
    weapon's Force."""
    f, target = state.fighter(pending.shooter), state.fighter(pending.target)
    assert f is not None and target is not None
    p = PROFILES[f.profile]
    assert p.weapon is not None
    band = p.weapon.band(board.distance(f, target))
    assert band is not None
    need = SHOT_DIFFICULTY[band] + (TARGET_BONUS if target.covered else 0) + board.cover(state, f, target)
    still = f.still and not pending.walk_after
    roll = dice.test(rng, p.aim - dice.penalty(f.wound, f.stunned) + (STILL_BONUS if still else 0))
    hit = roll.beats(need)
    ev.append(
        public("shot", who=named(f), whom=named(target), dice=list(roll.dice), total=roll.total, need=need, hit=hit)
    )
    state = state.model_copy(update={"last": (f.id, target.id)})
    if hit:
        state = hurt(state, target.id, p.weapon.strength, ev, rng)
    return state


def cast(state: ConfState, f: Fighter, action: Cast, rng: RandomSource, ev: Events) -> ConfState:
    """A mystic action (D-CON-19): the mana is spent, 1d6 + POU against the spell's difficulty."""
    spell = SPELLS[action.spell]
    state = _fighter(state, f.id, mana=f.mana - spell.mana)
    roll = dice.test(rng, PROFILES[f.profile].power - dice.penalty(f.wound, f.stunned))
    ok = roll.beats(spell.difficulty)
    target = state.fighter(action.target)
    assert target is not None
    ev.append(
        public(
            "cast",
            who=named(f),
            spell={"key": f"confrontation.spell.{spell.id}", "params": {}},
            whom=named(target),
            dice=list(roll.dice),
            total=roll.total,
            need=spell.difficulty,
            ok=ok,
        )
    )
    state = state.model_copy(update={"last": (f.id, target.id)})
    if not ok:
        return state
    if spell.strength:
        return hurt(state, target.id, spell.strength, ev, rng)
    return _fighter(state, target.id, shield=target.shield + spell.defense)


# -- end of a turn, end of the match ---------------------------------------------------------------------
def end_turn(state: ConfState, ev: Events) -> ConfState:
    """The mystic phase (D-CON-19: magicians recover their Pouvoir in mana, at most twice it), then the
    next turn, or the end after the sixth."""
    if state.winners is not None:
        return state
    ev.append(public(PHASE, phase={"key": "confrontation.phase.mystic", "params": {}}, turn=state.turn))
    fighters = tuple(
        f.model_copy(update={"mana": min(2 * PROFILES[f.profile].power, f.mana + PROFILES[f.profile].power)})
        for f in state.fighters
    )
    state = state.model_copy(update={"fighters": fighters, "combats": ()})
    if state.turn >= TURNS:
        return by_points(state, ev)
    return start_turn(state.model_copy(update={"turn": state.turn + 1}), ev)


def by_points(state: ConfState, ev: Events) -> ConfState:
    """After the sixth turn: the side that eliminated the larger part of the other's army wins."""
    lost = (share(state, 0), share(state, 1))
    if lost[0] == lost[1]:
        return finish(state, (), "points_draw", ev)
    return finish(state, ((1 if lost[0] > lost[1] else 0),), "points", ev)
