"""`apply` for WarCry: set-up (groups, the solo warband's groups by the dice, deployment), the hero
phase (dice, wild dice, initiative), the combat phase (activations, actions, abilities), the end of
each round (objectives, scoring) and of the battle.

Pure: states in, states and events out, chance only from the injected source. The solo warband's
actions carry the step of the procedure that chose them (`why`): it becomes a public line before the
action's own lines.
"""

from __future__ import annotations

from typing import Any

from bot.engine import PHASE, Event, RandomSource, decision, public
from bot.table import heights

from . import board, dice, groups
from .actions import Activate, Attack, Deploy, Disengage, Move, Seeds, Split, Use, Wait, Why, Wild
from .content import ABILITIES, BOUNTIES, GROUPS, TWISTS, VICTORIES, WARBANDS
from .rules import eligible, move_path
from .state import MAX_ROUNDS, ROUNDS, Active, Fighter, Mod, Objective, Side, Treasure, WarState

Events = list[Event]
BLAST_HIT = 4  # Embrasement: each die of 4+ deals 1 damage
IMPACT = ((6, 3), (4, 1))  # impact damage: a 6 deals 3, a 4 or 5 deals 1 (research I.2.6)


def named(f: Fighter) -> dict[str, Any]:
    return {"key": "warcry.fighter.name", "params": {"profile": profile_text(f.profile), "id": f.id}}


def profile_text(pid: str) -> dict[str, Any]:
    return {"key": f"warcry.profile.{pid}", "params": {}}


def set_fighter(state: WarState, fid: str, **update: Any) -> WarState:
    f = state.fighter(fid)
    assert f is not None, fid
    return state.model_copy(update={"fighters": state.replace(f.model_copy(update=update))})


# -- set-up ---------------------------------------------------------------------------------------------
def opening(
    names: list[str],
    warbands: list[str],
    difficulty: str,
    deployment: str,
    victory: str,
    layout: str = "plaine",
    twist: str = "",
) -> WarState:
    """Both warbands mustered (the solo side at its difficulty's points), not yet on the table."""
    fighters: list[Fighter] = []
    for seat, band_id in enumerate(warbands):
        band = WARBANDS[band_id]
        roster = band.roster("facile" if seat == 0 else difficulty)
        prefix = "B" if seat == 0 else "R"
        for i, pid in enumerate(roster):
            fighters.append(Fighter(id=f"{prefix}{i + 1}", profile=pid, owner=seat, order=i))
    if VICTORIES[victory].scoring == "bounties":
        fighters = _mark(fighters)
    objectives = tuple(Objective(id=i + 1, x=p[0], y=p[1]) for i, p in enumerate(VICTORIES[victory].points()))
    treasures = tuple(Treasure(id=i + 1, x=p[0], y=p[1]) for i, p in enumerate(VICTORIES[victory].chests()))
    return WarState(
        deployment=deployment,
        victory=victory,
        layout=layout,
        twist=twist,
        treasures=treasures,
        difficulty=difficulty,
        sides=(Side(name=names[0], warband=warbands[0]), Side(name=names[1], warband=warbands[1])),
        fighters=tuple(fighters),
        objectives=objectives,
        stack=(decision("split", 0),),
    )


def _mark(fighters: list[Fighter]) -> list[Fighter]:
    """« Têtes mises à prix »: each warband's fighters worth the most points besides its leader, then
    the first in the roster (D-WAR-26)."""
    marked: set[str] = set()
    for seat in (0, 1):
        band = sorted((f for f in fighters if f.owner == seat and not f.p.leader), key=lambda f: (-f.p.points, f.order))
        marked |= {f.id for f in band[:BOUNTIES]}
    return [f.model_copy(update={"marked": True}) if f.id in marked else f for f in fighters]


def marked_events(state: WarState) -> Events:
    """The bounties, said when the battle is set up: who is marked on each side."""
    return [
        public("marked", seat=seat, who=[named(f) for f in state.fighters if f.owner == seat and f.marked])
        for seat in (0, 1)
        if any(f.marked and f.owner == seat for f in state.fighters)
    ]


def apply(state: WarState, seat: int, action: Any, rng: RandomSource) -> tuple[WarState, Events]:
    ev: Events = []
    why: Why | None = getattr(action, "why", None)
    if why is not None:
        ev.append(public("why", line={"key": f"warcry.why.{why.step}", "params": why.params}))
    state = state.model_copy(update={"last": (), "last_path": ()})
    if isinstance(action, Split):
        state = _split(state, seat, action, ev)
    elif isinstance(action, Seeds):
        state = _seeds(state, action, ev, rng)
    elif isinstance(action, Deploy):
        state = _deploy(state, seat, action, ev, rng)
    elif isinstance(action, Wild):
        state = _wild(state, seat, action, ev, rng)
    elif isinstance(action, Activate):
        state = _activate(state, seat, action.fighter, ev)
    elif isinstance(action, Use):
        state = _use(state, seat, action, ev, rng)
    else:
        state = _act(state, seat, action, ev, rng)
    return state, ev


def _split(state: WarState, seat: int, action: Split, ev: Events) -> WarState:
    by = {fid: g for g in GROUPS for fid in getattr(action, g)}
    fighters = tuple(f.model_copy(update={"group": by[f.id]}) if f.id in by else f for f in state.fighters)
    ev.append(
        public("split", seat=seat, dagger=len(action.dagger), shield=len(action.shield), hammer=len(action.hammer))
    )
    return state.model_copy(update={"fighters": fighters, "stack": (decision("seeds", 0),)})


def _seeds(state: WarState, action: Seeds, ev: Events, rng: RandomSource) -> WarState:
    """The solo warband's groups by the line of three and the dice (D-WAR-01..03); then the priority
    roll and the order in which groups deploy (D-WAR-20)."""
    others = sorted(
        (f for f in state.fighters if f.owner == 1 and f.id not in action.line),
        key=lambda f: (-f.p.points, f.order),
    )
    built = groups.build(action.line, [f.id for f in others], rng, each_roll=state.rules < 2)
    ev.append(public("seeds", line=[named(_f(state, fid)) for fid in action.line]))
    for fid, face, outcome in built.rolls:
        if fid == "tie":
            ev.append(public("group_tie", face=face, where=_where(outcome)))
        elif fid == "shield":
            ev.append(public("shield_tie", face=face, where=_where(outcome)))
        elif outcome.startswith("overflow:"):
            ev.append(public("group_overflow", who=named(_f(state, fid)), where=_where(outcome.split(":")[1])))
        else:
            ev.append(public("group_roll", who=named(_f(state, fid)), face=face, where=_where(outcome)))
    by = {fid: g for g, members in built.groups.items() for fid in members}
    fighters = tuple(f.model_copy(update={"group": by[f.id]}) if f.owner == 1 else f for f in state.fighters)
    for g in GROUPS:
        ev.append(public("group_made", group=_group(g), who=[named(_f(state, fid)) for fid in built.groups[g]]))
    priority = dice.roll_off(rng)
    order = tuple((s, g) for g in GROUPS for s in (priority, 1 - priority))
    ev.append(public("priority", seat=priority))
    ev.append(public("deploy_phase"))  # before round 1: no round number, as the table's image says
    state = state.model_copy(update={"fighters": fighters, "priority": priority, "to_deploy": order, "phase": "deploy"})
    return _next_deploy(state)


def _f(state: WarState, fid: str) -> Fighter:
    f = state.fighter(fid)
    assert f is not None
    return f


def _where(line: str) -> dict[str, Any]:
    return {"key": f"warcry.line.{line}", "params": {}}


def _group(g: str) -> dict[str, Any]:
    return {"key": f"warcry.group.{g}", "params": {}}


def _next_deploy(state: WarState) -> WarState:
    if state.to_deploy:
        seat, g = state.to_deploy[0]
        return state.model_copy(update={"stack": (decision("deploy", seat, group=g),)})
    return state


def _deploy(state: WarState, seat: int, action: Deploy, ev: Events, rng: RandomSource) -> WarState:
    where = dict(action.places)
    fighters = tuple(
        f.model_copy(update={"x": where[f.id][0], "y": where[f.id][1], "placed": True}) if f.id in where else f
        for f in state.fighters
    )
    ev.append(public("deployed", seat=seat, group=_group(action.group), count=len(where)))
    state = state.model_copy(update={"fighters": fighters, "to_deploy": state.to_deploy[1:], "last": tuple(where)})
    if state.to_deploy:
        return _next_deploy(state)
    return _start_round(state, ev, rng)


# -- rounds ---------------------------------------------------------------------------------------------
def _start_round(state: WarState, ev: Events, rng: RandomSource) -> WarState:
    """The hero phase: the player rolls and spends its wild die before the solo side rolls (« Jets
    d'initiative »)."""
    n = state.round + 1
    mods = _twist_mods(state.twist, n)
    fighters = tuple(
        f.model_copy(update={"activated": False, "waiting": False, "ability_used": False, "mods": mods})
        for f in state.fighters
    )
    faces = [dice.d6(rng) for _ in range(dice.INITIATIVE_DICE)]
    mine = dice.group(faces).model_copy(update={"wild": 1 + state.sides[0].dice.wild})
    sides = (state.sides[0].model_copy(update={"dice": mine}), state.sides[1])
    ev.append(public(PHASE, round=n, phase={"key": "warcry.phase.hero", "params": {}}))
    ev.append(public("rolled", seat=0, faces=list(faces), singles=mine.singles, groups=_groups_text(mine.groups)))
    return state.model_copy(
        update={
            "round": n,
            "phase": "hero",
            "fighters": fighters,
            "sides": sides,
            "active": None,
            "passed": 0,
            "stack": (decision("wild", 0),),
        }
    )


def _twist_mods(twist: str, round_: int) -> tuple[Mod, ...]:
    """What the battleplan's twist gives every fighter of both warbands this round (D-WAR-32)."""
    tw = TWISTS.get(twist)
    if tw is None or not tw.on(round_):
        return ()
    assert tw.stat is not None
    return (Mod(stat=tw.stat, amount=tw.amount, melee=tw.melee, until="round"),)


def _groups_text(gs: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    return [{"key": f"warcry.dice.tier{t}", "params": {"value": v}} for t, v in gs] or [
        {"key": "warcry.dice.none", "params": {}}
    ]


def _wild(state: WarState, seat: int, action: Wild, ev: Events, rng: RandomSource) -> WarState:
    side = state.sides[seat]
    new = dice.player_wild(side.dice.model_copy(update={"wild": 0}), action.use, action.value)
    assert new is not None
    kept = side.dice.wild - 1 + (1 if action.use == "keep" else 0)
    new = new.model_copy(update={"wild": kept})
    ev.append(
        public(
            f"wild_{action.use}", seat=seat, value=action.value, singles=new.singles, groups=_groups_text(new.groups)
        )
    )
    sides = list(state.sides)
    sides[seat] = side.model_copy(update={"dice": new})
    state = state.model_copy(update={"sides": (sides[0], sides[1])})
    if action.use != "keep" and kept > 0:
        return state.model_copy(update={"stack": (decision("wild", seat),)})
    return _solo_roll(state, ev, rng)


def _solo_roll(state: WarState, ev: Events, rng: RandomSource) -> WarState:
    faces = [dice.d6(rng) for _ in range(dice.INITIATIVE_DICE)]
    rolled = dice.group(faces)
    ev.append(public("rolled", seat=1, faces=list(faces), singles=rolled.singles, groups=_groups_text(rolled.groups)))
    used, what = dice.solo_wild(rolled)
    ev.append(public(f"solo_wild_{what or 'none'}", seat=1, singles=used.singles, groups=_groups_text(used.groups)))
    sides = (state.sides[0], state.sides[1].model_copy(update={"dice": used}))
    a, b = sides[0].dice.singles, sides[1].dice.singles
    if a != b:
        first = 0 if a > b else 1
        ev.append(public("initiative", seat=first, a=max(a, b), b=min(a, b)))  # the winner's singles first
    else:
        first = dice.roll_off(rng)
        ev.append(public("initiative_tie", seat=first, a=a))
    ev.append(public(PHASE, round=state.round, phase={"key": "warcry.phase.combat", "params": {}}))
    state = state.model_copy(update={"sides": sides, "initiative": first, "turn": first, "phase": "combat"})
    return _next_turn(state, first, ev, rng)


def _next_turn(state: WarState, seat: int, ev: Events, rng: RandomSource) -> WarState:
    """`seat` activates next; a side with nobody left passes by itself; both out: the round ends."""
    for s in (seat, 1 - seat):
        if eligible(state, s):
            if s != seat:
                ev.append(public("passes", seat=seat))
            return state.model_copy(update={"turn": s, "active": None, "stack": (decision("activate", s),)})
    return _end_round(state, ev, rng)


def _activate(state: WarState, seat: int, fid: str, ev: Events) -> WarState:
    f = _f(state, fid)
    actions = 1 if f.waiting else 2
    ev.append(public("activates", who=named(f), actions=actions))
    return state.model_copy(
        update={
            "active": Active(fighter=fid, actions=actions, first=not f.waiting),
            "last": (fid,),
            "stack": (decision("act", seat, fighter=fid),),
        }
    )


# -- actions --------------------------------------------------------------------------------------------
def _act(state: WarState, seat: int, action: Any, ev: Events, rng: RandomSource) -> WarState:
    assert state.active is not None
    f = _f(state, state.active.fighter)
    active = state.active
    bonus = active.bonus[0] if active.bonus else None
    if isinstance(action, Wait):
        if bonus:
            ev.append(public("bonus_skipped", who=named(f)))
            return _after(state.model_copy(update={"active": active.model_copy(update={"bonus": ()})}), seat, ev, rng)
        if active.first and active.actions == 2:  # waiting: one more activation later (D-WAR-16)
            ev.append(public("waits", who=named(f)))
            return _end_activation(state, seat, ev, rng, waited=True)
        ev.append(public("waits_end", who=named(f)))
        return _end_activation(state, seat, ev, rng)
    if isinstance(action, Move):
        budget = active.bonus_reach if bonus == "move" and active.bonus_reach else None
        path = move_path(state, f, action, budget)
        end = path[-1]
        moved = board.length([f.centre, *path])
        state = set_fighter(state, f.id, x=end[0], y=end[1])
        state = state.model_copy(update={"last": (f.id,), "last_path": (f.centre, *path)})
        ev.append(public("moved", who=named(f), cell=board.MEASURE.cell_of(end), d=moved))
        state = _jump_impact(state, f.id, (f.centre, *path), ev, rng)
        if state.fighter(f.id) is not None:
            state = _pick_impact(state, f.id, path, ev, rng)
        state = pick_up(state, f.id, ev)
    elif isinstance(action, Disengage):
        state = set_fighter(state, f.id, x=action.to[0], y=action.to[1])
        state = state.model_copy(update={"last": (f.id,), "last_path": (f.centre, action.to)})
        ev.append(public("disengaged", who=named(f), cell=board.MEASURE.cell_of(action.to)))
        state = pick_up(state, f.id, ev)
    elif isinstance(action, Attack):
        state = attack(state, f, _f(state, action.target), action.weapon, ev, rng)
    if bonus:
        return _after(
            state.model_copy(update={"active": active.model_copy(update={"bonus": active.bonus[1:]})}), seat, ev, rng
        )
    return _after(
        state.model_copy(update={"active": active.model_copy(update={"actions": active.actions - 1, "first": False})}),
        seat,
        ev,
        rng,
    )


def pick_up(state: WarState, fid: str, ev: Events) -> WarState:
    """« Le butin » (D-WAR-31): a fighter that ends a move or a disengage within 1" of a treasure nobody
    carries, and carries none, picks it up (the nearest, then the lowest number)."""
    f = state.fighter(fid)
    if f is None or not state.treasures or state.carried(fid) is not None or state.winners is not None:
        return state
    near = [t for t in state.treasures if t.carrier is None and board.gap_to_point(f, t.centre) <= board.ENGAGED]
    if not near:
        return state
    chest = min(near, key=lambda t: (board.gap_to_point(f, t.centre), t.id))
    ev.append(public("treasure_taken", who=named(f), n=chest.id))
    taken = chest.model_copy(update={"carrier": fid})
    return state.model_copy(update={"treasures": tuple(taken if t.id == chest.id else t for t in state.treasures)})


def _jump_impact(state: WarState, fid: str, path: tuple[Any, ...], ev: Events, rng: RandomSource) -> WarState:
    """Each jump down of 3" or more along the move: impact damage (research I.2.6; D-WAR-29)."""
    for drop in heights.drops(board.table(state.layout), path):
        f = state.fighter(fid)
        if f is None or state.winners is not None:
            break  # taken down by an earlier drop
        if drop < board.HIGH:
            continue
        face = dice.d6(rng)
        amount = next((d for least, d in IMPACT if face >= least), 0)
        ev.append(public("jump_impact", who=named(f), face=face, damage=amount, h=f"{drop / board.INCH:g}"))
        state = damage(state, f.id, amount, 1 - f.owner, ev)
    return state


def _pick_impact(state: WarState, fid: str, path: tuple[Any, ...], ev: Events, rng: RandomSource) -> WarState:
    """A move that ends in the pit: impact damage (research I.2.6; D-WAR-09)."""
    f = _f(state, fid)
    if not board.in_deadly(f.centre, f.p.radius, state.layout):
        return state
    face = dice.d6(rng)
    amount = next((d for least, d in IMPACT if face >= least), 0)
    ev.append(public("impact", who=named(f), face=face, damage=amount))
    return damage(state, f.id, amount, 1 - f.owner, ev)


def _after(state: WarState, seat: int, ev: Events, rng: RandomSource) -> WarState:
    if state.winners is not None:
        return state
    active = state.active
    if active is None or state.fighter(active.fighter) is None:  # taken down during its own activation
        return _end_activation(state, seat, ev, rng, gone=True)
    if active.actions > 0 or active.bonus:
        return state.model_copy(update={"stack": (decision("act", seat, fighter=active.fighter),)})
    return _end_activation(state, seat, ev, rng)


def _end_activation(
    state: WarState, seat: int, ev: Events, rng: RandomSource, *, waited: bool = False, gone: bool = False
) -> WarState:
    active = state.active
    assert active is not None
    if not gone:
        f = _f(state, active.fighter)
        mods = tuple(m for m in f.mods if m.until == "round")
        state = set_fighter(state, f.id, activated=not waited, waiting=waited, mods=mods)
    if active.inspired is not None:
        other = state.fighter(active.inspired)
        if other is not None and not other.activated:
            ev.append(public("inspired", who=named(other)))
            return _activate(state.model_copy(update={"active": None}), seat, other.id, ev)
    return _next_turn(state.model_copy(update={"active": None}), 1 - seat, ev, rng)


def attack(state: WarState, f: Fighter, target: Fighter, index: int, ev: Events, rng: RandomSource) -> WarState:
    """Dice equal to Attacks against the target's Toughness (cover +1): hits and critical hits deal
    the weapon's damage (research I.2.7)."""
    w = f.p.weapons[index]
    attacks = w.attacks + sum(m.amount for m in f.mods if m.stat == "attacks" and (not m.melee or w.melee))
    strength = w.strength + sum(m.amount for m in f.mods if m.stat == "strength" and (not m.melee or w.melee))
    covered = board.cover(state, f, target)
    toughness = target.stat("toughness") + (1 if covered else 0)
    need = dice.hit_needed(strength, toughness)
    faces = [dice.d6(rng) for _ in range(attacks)]
    crits = sum(1 for x in faces if x == 6)
    hits = sum(1 for x in faces if need <= x < 6)
    amount = hits * w.hit + crits * w.crit
    ev.append(
        public(
            "attack",
            who=named(f),
            whom=named(target),
            weapon={"key": f"warcry.weapon.{f.profile}.{index}", "params": {}},
            faces=faces,
            need=need,
            hits=hits,
            crits=crits,
            damage=amount,
            cover=covered,
        )
    )
    state = state.model_copy(update={"last": (f.id, target.id)})
    return damage(state, target.id, amount, f.owner, ev)


def damage(state: WarState, fid: str, amount: int, by: int, ev: Events) -> WarState:
    f = _f(state, fid)
    if amount <= 0:
        return state
    total = f.damage + amount
    if total < f.p.wounds:
        return set_fighter(state, fid, damage=total)
    ev.append(public("taken_down", who=named(f)))
    chest = state.carried(fid)
    if chest is not None:  # dropped where its carrier stood (D-WAR-31)
        ev.append(public("treasure_dropped", who=named(f), n=chest.id, cell=board.MEASURE.cell_of(f.centre)))
        dropped = chest.model_copy(update={"carrier": None, "x": f.x, "y": f.y})
        state = state.model_copy(
            update={"treasures": tuple(dropped if t.id == chest.id else t for t in state.treasures)}
        )
    sides = list(state.sides)
    bounty = sides[by].bounties + (f.p.points if f.marked else 0)
    sides[by] = sides[by].model_copy(update={"taken_down": sides[by].taken_down + f.p.points, "bounties": bounty})
    state = state.model_copy(
        update={"fighters": tuple(o for o in state.fighters if o.id != fid), "sides": (sides[0], sides[1])}
    )
    if not state.of(f.owner):
        return finish(state, (1 - f.owner,), "annihilation", ev)
    return state


def _use(state: WarState, seat: int, action: Use, ev: Events, rng: RandomSource) -> WarState:
    assert state.active is not None
    f = _f(state, state.active.fighter)
    ab = ABILITIES[action.ability]
    paid = dice.pay(state.sides[seat].dice, action.tier, action.value)
    assert paid is not None
    sides = list(state.sides)
    sides[seat] = sides[seat].model_copy(update={"dice": paid})
    state = state.model_copy(update={"sides": (sides[0], sides[1])})
    state = set_fighter(state, f.id, ability_used=True)
    ev.append(
        public("ability", who=named(f), ability={"key": f"warcry.ability.{ab.id}", "params": {}}, value=action.value)
    )
    active = state.active
    assert active is not None
    if ab.effect == "mod":
        assert ab.stat is not None
        f = _f(state, f.id)
        state = set_fighter(
            state, f.id, mods=(*f.mods, Mod(stat=ab.stat, amount=ab.amount, melee=ab.melee, until=ab.until))
        )
    elif ab.effect == "heal":
        f = _f(state, f.id)
        healed = min(f.damage, -(-action.value // 2) if ab.half else action.value)
        state = set_fighter(state, f.id, damage=f.damage - healed)
        ev.append(public("healed", who=named(f), amount=healed))
    elif ab.effect == "blast":
        target = _f(state, action.target or "")
        faces = [dice.d6(rng) for _ in range(action.value)]
        amount = sum(1 for x in faces if x >= BLAST_HIT)
        ev.append(public("blast", whom=named(target), faces=faces, damage=amount))
        state = state.model_copy(update={"last": (f.id, target.id)})
        state = damage(state, target.id, amount, seat, ev)
    elif ab.effect == "inspire":
        state = state.model_copy(update={"active": active.model_copy(update={"inspired": action.target})})
    elif ab.effect == "rampage":  # a bonus move then a bonus attack (D-WAR-19)
        reach = action.value * board.INCH if ab.by_value else 0
        state = state.model_copy(
            update={"active": active.model_copy(update={"bonus": ("move", "attack"), "bonus_reach": reach})}
        )
    if state.winners is not None:
        return state
    return state.model_copy(update={"stack": (decision("act", seat, fighter=f.id),)})


# -- end of a round and of the battle --------------------------------------------------------------------
def control(state: WarState, ev: Events) -> WarState:
    """At the end of each round, the side with more fighters within 3" of an objective controls it;
    control stays until the other side takes it (research I.2.12)."""
    objectives = []
    for o in state.objectives:
        near = [sum(1 for f in state.of(s) if board.gap_to_point(f, o.centre) <= board.OBJECTIVE) for s in (0, 1)]
        controller = o.controller
        if near[0] != near[1]:
            controller = 0 if near[0] > near[1] else 1
        if controller != o.controller:
            ev.append(public("control", seat=controller, objective=o.id))
        objectives.append(o.model_copy(update={"controller": controller}))
    return state.model_copy(update={"objectives": tuple(objectives)})


def _end_round(state: WarState, ev: Events, rng: RandomSource) -> WarState:
    """Objectives, scoring, and after the fourth round the winner or one more round (D-WAR-12)."""
    state = control(state, ev)
    v = VICTORIES[state.victory]
    if v.scoring == "rounds":
        sides = tuple(
            s.model_copy(update={"vp": s.vp + sum(1 for o in state.objectives if o.controller == i)})
            for i, s in enumerate(state.sides)
        )
        state = state.model_copy(update={"sides": sides})
        ev.append(public("score", a=state.sides[0].vp, b=state.sides[1].vp))
    if v.scoring == "treasure":  # the treasure each side carries now (D-WAR-31)
        carried = [sum(1 for t in state.treasures if t.carrier and _f(state, t.carrier).owner == s) for s in (0, 1)]
        sides = tuple(s.model_copy(update={"vp": carried[i]}) for i, s in enumerate(state.sides))
        state = state.model_copy(update={"sides": sides})
        ev.append(public("treasure_score", a=carried[0], b=carried[1]))
    if state.round >= ROUNDS:
        winner = _winner(state)
        if winner is not None:
            return finish(state, (winner,), v.scoring, ev)
        if state.round >= MAX_ROUNDS:
            a, b = state.sides[0].taken_down, state.sides[1].taken_down
            if a == b:
                return finish(state, (), "draw", ev)
            return finish(state, ((0 if a > b else 1),), "points", ev)
        ev.append(public("tied", round=state.round + 1))
    return _start_round(state, ev, rng)


def _winner(state: WarState) -> int | None:
    v = VICTORIES[state.victory]
    if v.scoring == "final":
        return state.objectives[0].controller
    if v.scoring in ("rounds", "treasure"):
        a, b = state.sides[0].vp, state.sides[1].vp
        if a != b or v.scoring == "rounds":
            return None if a == b else (0 if a > b else 1)
        a, b = state.sides[0].taken_down, state.sides[1].taken_down
        return None if a == b else (0 if a > b else 1)
    if v.scoring == "bounties":
        a, b = state.sides[0].bounties, state.sides[1].bounties
        if a != b:
            return 0 if a > b else 1
        a, b = state.sides[0].taken_down, state.sides[1].taken_down
        return None if a == b else (0 if a > b else 1)
    alive = [any(f.p.leader for f in state.of(s)) for s in (0, 1)]
    if alive[0] != alive[1]:
        return 0 if alive[0] else 1
    a, b = state.sides[0].taken_down, state.sides[1].taken_down
    return None if a == b else (0 if a > b else 1)


def finish(state: WarState, winners: tuple[int, ...], reason: str, ev: Events) -> WarState:
    ev.append(
        public("over", winners=list(winners), reason=reason, a=state.sides[0].taken_down, b=state.sides[1].taken_down)
    )
    return state.model_copy(update={"winners": winners, "reason": reason, "phase": "over", "stack": (), "active": None})
