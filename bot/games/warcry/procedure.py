"""The solo procedure of « Pièges du destin », step by step, for the side it plays (research X0–X4).

Pure and deterministic: the same position gives the same choice, every tie settled by a written
chain (D-WAR-05, D-WAR-06). Each choice carries `why`, the step that decided it, for the public line.
The same procedure plays the player's side in the demo and the benchmark (without the lines).

- A (`target`): uncontrolled objective (a treasure nobody carries is one, D-WAR-31), objective held by
  the enemy, fighter targeted by the victory (a bounty, the leader under « Décapitation », an enemy
  carrying treasure), enemy leader, enemy not yet activated, enemy activated; within a tier, the closest
  to the warband (closest to one of its fighters, then to a second, and so on);
- B (`active_fighter`): an engaged fighter first, else the closest to the target; ties by the most
  wounds on the profile, then the most points;
- C (`act`): 1 ability, 2 objective defence, 3 engaged, 4 attack range, 5 threat range, 6 approach.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.table.units import INCH, Point

from . import board
from .actions import Activate, Attack, Deploy, Disengage, Move, Seeds, Split, Use, Wait, Why, Wild
from .content import DEPLOYMENTS, VICTORIES, Ability, abilities_of
from .dice import hit_needed
from .rules import ability_problem, can_attack, eligible, move_path, threat, weapon_problem
from .state import Fighter, WarState

EPS = INCH // 20  # 0.05": distances closer than this are equal (Q12)
TIERS = ("objective_free", "objective_theirs", "marked", "leader", "fresh", "spent")


@dataclass(frozen=True)
class Target:
    tier: int  # index in TIERS
    point: Point
    objective: int | None = None
    fighter: str | None = None
    among: int = 1  # how many of its tier there were: more than one, the closest to the warband won
    treasure: int | None = None  # a treasure on the ground (D-WAR-31)

    @property
    def spot(self) -> bool:
        """A place on the table (an objective or a treasure) rather than a fighter."""
        return self.objective is not None or self.treasure is not None

    def text(self, state: WarState) -> dict[str, Any]:
        """The target named with the tier of rule A that chose it (and « le plus proche » when the tier
        held several)."""
        if self.objective is not None:
            what = {"key": "warcry.target.objective", "params": {"n": self.objective}}
        elif self.treasure is not None:
            what = {"key": "warcry.target.treasure", "params": {"n": self.treasure}}
        else:
            f = state.fighter(self.fighter or "")
            if f is None:
                return {"key": "warcry.target.none", "params": {}}
            what = named(f)
        key = "warcry.target.tier_closest" if self.among > 1 else "warcry.target.tier"
        return {"key": key, "params": {"what": what, "tier": {"key": f"warcry.tier.{TIERS[self.tier]}", "params": {}}}}


def named(f: Fighter) -> dict[str, Any]:
    return {
        "key": "warcry.fighter.name",
        "params": {"profile": {"key": f"warcry.profile.{f.profile}", "params": {}}, "id": f.id},
    }


# -- X0: orderings ----------------------------------------------------------------------------------------
def heavier_first(fighters: Sequence[Fighter]) -> list[Fighter]:
    """Most wounds on the profile first (Q5), then most points, then roster order (D-WAR-05)."""
    return sorted(fighters, key=lambda f: (-f.p.wounds, -f.p.points, f.owner, f.order))


def _distances(state: WarState, seat: int, cand: Target) -> list[int]:
    band = state.of(seat)
    if cand.spot:
        return sorted(board.gap_to_point(g, cand.point) for g in band)
    other = state.fighter(cand.fighter or "")
    assert other is not None
    return sorted(board.gap(other, g) for g in band)


def closest_to_band(state: WarState, seat: int, cands: Sequence[Target]) -> Target:
    """« Le plus proche de la bande »: nearest to one of its fighters; equal (within 0.05") → nearest
    to a second one, and so on; then the lowest objective number or the heaviest fighter (D-WAR-06)."""
    dist = {id(c): _distances(state, seat, c) for c in cands}

    def cmp(a: Target, b: Target) -> int:
        for x, y in zip(dist[id(a)], dist[id(b)], strict=False):
            if x < y - EPS:
                return -1
            if y < x - EPS:
                return 1
        return -1 if _static(state, a) < _static(state, b) else 1

    return sorted(cands, key=functools.cmp_to_key(cmp))[0]


def _static(state: WarState, t: Target) -> tuple[int, int, int]:
    if t.objective is not None:
        return (0, t.objective, 0)
    if t.treasure is not None:
        return (0, 100 + t.treasure, 0)
    f = state.fighter(t.fighter or "")
    assert f is not None
    return (1, -f.p.wounds, -f.p.points * 100 + f.order)


# -- A: the target ---------------------------------------------------------------------------------------
def target(state: WarState, seat: int) -> Target | None:
    enemy = 1 - seat
    foes = state.of(enemy)
    tiers: list[list[Target]] = [[] for _ in TIERS]
    for o in state.objectives:
        if o.controller is None:
            tiers[0].append(Target(0, o.centre, objective=o.id))
        elif o.controller == enemy:
            tiers[1].append(Target(1, o.centre, objective=o.id))
    # a chest on the ground is an uncontrolled objective, but not for an active fighter that already
    # carries one and could not pick it up (D-WAR-31)
    laden = state.active is not None and state.carried(state.active.fighter) is not None
    if not laden:
        tiers[0] += [Target(0, c.centre, treasure=c.id) for c in state.treasures if c.carrier is None]
    scoring = VICTORIES[state.victory].scoring
    carriers = {c.carrier for c in state.treasures if c.carrier is not None}
    for f in foes:
        # « ciblé par les conditions de victoire »: a bounty, the leader to behead, a treasure's carrier
        if f.marked or (scoring == "leaders" and f.p.leader) or f.id in carriers:
            tiers[2].append(Target(2, f.centre, fighter=f.id))
        if f.p.leader:
            tiers[3].append(Target(3, f.centre, fighter=f.id))
        tiers[4 if not f.activated else 5].append(Target(4 if not f.activated else 5, f.centre, fighter=f.id))
    for tier in tiers:
        if tier:
            chosen = closest_to_band(state, seat, tier) if len(tier) > 1 else tier[0]
            return replace(chosen, among=len(tier))
    return None


def _d(state: WarState, f: Fighter, t: Target) -> int:
    if t.spot:
        return board.gap_to_point(f, t.point)
    other = state.fighter(t.fighter or "")
    return board.gap(f, other) if other is not None else 0


# -- B: the active fighter ----------------------------------------------------------------------------------
def active_fighter(state: WarState, seat: int) -> tuple[Fighter, Why] | None:
    ready = eligible(state, seat)
    if not ready:
        return None
    t = target(state, seat)
    engaged = [f for f in ready if board.engaged(state, f)]
    if engaged:
        f = heavier_first(engaged)[0]
        step = "b_engaged" if len(engaged) == 1 else "b_engaged_heaviest"
        return f, Why(step=step, params={"who": named(f)})
    if t is None:
        f = heavier_first(ready)[0]
        return f, Why(step="b_heaviest", params={"who": named(f)})
    near = min(_d(state, f, t) for f in ready)
    closest = [f for f in ready if _d(state, f, t) <= near + EPS]
    f = heavier_first(closest)[0]
    step = "b_closest" if len(closest) == 1 else "b_closest_heaviest"
    return f, Why(step=step, params={"who": named(f), "target": t.text(state)})


# -- C: one action -------------------------------------------------------------------------------------------
def pick_enemy(state: WarState, t: Target | None, among: Sequence[Fighter]) -> Fighter:
    """« Un combattant ennemi »: the target when it is one of them, else the most wounds, then points."""
    if t is not None and t.fighter is not None:
        for f in among:
            if f.id == t.fighter:
                return f
    return heavier_first(among)[0]


def _weapon(state: WarState, f: Fighter, e: Fighter) -> int:
    """The legal weapon that hits hardest on average against `e` (D-WAR-07)."""
    best, score = 0, -1.0
    for i, w in enumerate(f.p.weapons):
        if weapon_problem(state, f, e, i) is not None:
            continue
        need = hit_needed(w.strength, e.stat("toughness"))
        avg = w.attacks * ((6 - need) / 6 * w.hit + w.crit / 6)
        if avg > score:
            best, score = i, avg
    return best


def _held(state: WarState, f: Fighter) -> int | None:
    """C2: the closest objective within 3" that no other friendly fighter guards (Q6, Q7; D-WAR-11)."""
    mine = [g for g in state.of(f.owner) if g.id != f.id]
    held = [
        o
        for o in state.objectives
        if board.gap_to_point(f, o.centre) <= board.OBJECTIVE
        and not any(board.gap_to_point(g, o.centre) <= board.OBJECTIVE for g in mine)
    ]
    if not held:
        return None
    return min(held, key=lambda o: (board.gap_to_point(f, o.centre), o.id)).id


def act(state: WarState, seat: int) -> Any:
    """The active fighter's next action (or ability) by the procedure, with its step."""
    assert state.active is not None
    f = state.fighter(state.active.fighter)
    assert f is not None
    t = target(state, seat)
    bonus = state.active.bonus[0] if state.active.bonus else None
    if bonus is None and not f.ability_used:
        use = ability(state, seat, f, t)
        if use is not None:
            return use
    return _action(state, seat, f, t, only=bonus)


def _action(state: WarState, seat: int, f: Fighter, t: Target | None, only: str | None = None) -> Any:
    hold = _held(state, f)
    tt = t.text(state) if t is not None else {"key": "warcry.target.none", "params": {}}
    foes = board.enemies(state, f)
    if only == "move" and board.engaged(state, f):  # a bonus move would have to stay as close: none
        return Wait(why=Why(step="c_no_bonus_move", params={"who": named(f)}))
    if only != "move" and board.engaged(state, f):
        tf = state.fighter(t.fighter) if t is not None and t.fighter else None
        if tf is not None and can_attack(state, f, tf):
            return Attack(
                target=tf.id,
                weapon=_weapon(state, f, tf),
                why=Why(step="c3_attack_target", params={"who": named(f), "target": tt}),
            )
        # why the target is not attacked nor closed on: the step names the branch that failed
        because = "c3_attack_bonus" if only == "attack" else "c3_attack_out_of_threat"
        if only is None and t is not None and threat(f, _d(state, f, t)):
            to = _disengage_toward(state, f, t, hold)
            if to is not None:
                return Disengage(to=to, why=Why(step="c3_disengage", params={"who": named(f), "target": tt}))
            because = "c3_attack_no_disengage" if hold is None else "c3_attack_no_disengage_hold"
        legal = [e for e in foes if can_attack(state, f, e)]
        if legal:
            e = pick_enemy(state, t, legal)
            return Attack(
                target=e.id,
                weapon=_weapon(state, f, e),
                why=Why(step=because, params={"who": named(f), "whom": named(e), "target": tt, "n": hold or 0}),
            )
        return Wait(why=Why(step="c_nothing", params={"who": named(f)}))
    if only != "move":
        legal = [e for e in foes if can_attack(state, f, e)]
        if legal:
            e = pick_enemy(state, t, legal)
            return Attack(
                target=e.id,
                weapon=_weapon(state, f, e),
                why=Why(step="c4_attack", params={"who": named(f), "whom": named(e)}),
            )
        if only == "attack":
            return Wait(why=Why(step="c_no_bonus_attack", params={"who": named(f)}))
    # C5 even right after a disengage: the booklet read literally (D-WAR-17); the move stops when the
    # enemy it goes for is in attack range (D-WAR-13)
    threatened = [e for e in foes if threat(f, board.gap(f, e))]
    if threatened:
        e = pick_enemy(state, t, threatened)
        move = Move(to=e.centre, upto=True, stop=e.id, hold=hold)
        ending = _walk(state, f, move)
        if ending is not None:
            end, d = ending
            why = {"who": named(f), "whom": named(e), "d": d, "n": hold or 0}
            return move.model_copy(update={"why": Why(step=f"c5_{_stopped(state, f, move, end, d)}", params=why)})
    if t is not None:
        move = Move(to=t.point, upto=True, hold=hold)
        ending = _walk(state, f, move)
        if ending is not None:
            end, d = ending
            lead = (
                {"key": "warcry.why.c6_lead_stuck", "params": {"whom": named(pick_enemy(state, t, threatened))}}
                if threatened
                else {"key": "warcry.why.c6_lead", "params": {}}
            )
            why = {"lead": lead, "who": named(f), "target": tt, "d": d, "n": hold or 0}
            return move.model_copy(update={"why": Why(step=f"c6_{_stopped(state, f, move, end, d)}", params=why)})
    return Wait(why=Why(step="c6_stuck", params={"who": named(f)}))


def _budget(state: WarState, f: Fighter) -> int:
    """How far the move may go: a bonus move's own length, else the fighter's Move."""
    active = state.active
    if active is not None and active.bonus and active.bonus_reach:
        return active.bonus_reach
    return f.stat("move")


def _walk(state: WarState, f: Fighter, move: Move) -> tuple[Point, int] | None:
    """Where the move ends and how far it goes; None when it goes less than 0.05", no move (D-WAR-15)."""
    walked = move_path(state, f, move, _budget(state, f))
    d = board.cost(state, [f.centre, *walked]) if walked else 0  # a climb spends the Move too (D-WAR-28)
    return (walked[-1], d) if d >= EPS else None


def _stopped(state: WarState, f: Fighter, move: Move, end: Point, d: int) -> str:
    """What ended the move, read on its walked path (the line says it, D-WAR-15): « range » the enemy it
    goes for came in attack range (C5), « reached » it stands on its aim, « full » its whole Move,
    « climb » the foot of a platform it has no Move left to climb (D-WAR-28), « hold » the 3" of the
    objective it defends (C2), else « blocked » (a base in the way)."""
    enemy = state.fighter(move.stop) if move.stop is not None else None
    if enemy is not None and can_attack(state, f, enemy, end):
        return "range"
    if enemy is None and math.dist(end, move.to) < EPS:
        return "reached"
    if d >= _budget(state, f) - EPS:
        return "full"
    if board.at_foot(state, end):
        return "climb"
    if move.hold is not None:
        obj = next(o for o in state.objectives if o.id == move.hold)
        if board.gap_to_point(board.base(f).at(end), obj.centre) > board.OBJECTIVE - board.STEP:
            return "hold"
    return "blocked"


def _disengage_toward(state: WarState, f: Fighter, t: Target, hold: int | None) -> Point | None:
    """The disengage end nearest the target (open point 4: the nearest legal point, D-WAR-14), inside
    the held objective's 3" when it holds one."""
    points = board.disengage_points(state, f)
    if hold is not None:
        obj = next(o for o in state.objectives if o.id == hold)
        points = [p for p in points if board.gap_to_point(board.base(f).at(p), obj.centre) <= board.OBJECTIVE]
    if not points:
        return None
    if t.spot:
        return min(points, key=lambda p: (board.gap_to_point(board.base(f).at(p), t.point), p))
    other = state.fighter(t.fighter or "")
    assert other is not None
    return min(points, key=lambda p: (board.gap(f.model_copy(update={"x": p[0], "y": p[1]}), other), p))


# -- C1: abilities ----------------------------------------------------------------------------------------------
def _payments(state: WarState, seat: int, tier: int) -> list[tuple[int, int]]:
    """Dice of exactly the tier first, highest face first, then the smallest higher tier (Q15)."""
    groups = state.sides[seat].dice.groups
    exact = sorted((g for g in groups if g[0] == tier), key=lambda g: -g[1])
    higher = sorted((g for g in groups if g[0] > tier), key=lambda g: (g[0], -g[1]))
    return exact + higher


def ability(state: WarState, seat: int, f: Fighter, t: Target | None) -> Use | None:
    """The eligible ability with the most dice, then the highest value, whose effect is not null (X6;
    D-WAR-18)."""
    options: list[tuple[int, int, int, Ability, tuple[int, int]]] = []
    for i, ab in enumerate(abilities_of(state.sides[seat].warband)):
        if not ab.allowed(f.p):
            continue
        pay = _payments(state, seat, ab.tier)
        if pay:
            options.append((-ab.tier, -pay[0][1], i, ab, pay[0]))
    for *_, ab, (tier, value) in sorted(options, key=lambda o: o[:3]):
        aim = _useful(state, seat, f, t, ab, value)
        if aim is False:
            continue
        use = Use(ability=ab.id, tier=tier, value=value, target=aim if isinstance(aim, str) else None)
        if ability_problem(state, seat, f, use) is None:
            why = Why(
                step="c1_ability",
                params={"who": named(f), "ability": {"key": f"warcry.ability.{ab.id}", "params": {}}, "value": value},
            )
            return use.model_copy(update={"why": why})
    return None


def _useful(state: WarState, seat: int, f: Fighter, t: Target | None, ab: Ability, value: int) -> bool | str:
    """X6: whether the ability would do something now (a fighter id when it needs a target)."""
    foes = board.enemies(state, f)
    predicted = _action(state, seat, f, t)
    if ab.effect == "mod":
        if ab.stat == "move":
            return isinstance(predicted, Move) and not board.engaged(state, f)
        if ab.stat in ("attacks", "strength"):
            melee = any(w.melee for w in f.p.weapons)
            if isinstance(predicted, Attack):
                return f.p.weapons[predicted.weapon].melee
            return melee and isinstance(predicted, Move) and predicted.stop is not None
        return any(threat(e, board.gap(e, f)) for e in foes)  # toughness: someone can reach it
    if ab.effect == "heal":
        return f.damage > 0
    if ab.effect == "blast":
        near = [e for e in foes if board.gap(f, e) <= round(ab.reach * INCH) and board.visible(state, f, e)]
        return pick_enemy(state, t, near).id if near else False
    if ab.effect == "inspire":
        friends = [g for g in eligible(state, seat) if g.id != f.id and board.gap(f, g) <= round(ab.reach * INCH)]
        if not friends:
            return False
        engaged = [g for g in friends if board.engaged(state, g)]
        if engaged:
            return heavier_first(engaged)[0].id
        if t is None:
            return heavier_first(friends)[0].id
        closest = min(_d(state, g, t) for g in friends)
        return heavier_first([g for g in friends if _d(state, g, t) <= closest + EPS])[0].id
    if ab.effect == "rampage":
        reach = value * INCH if ab.by_value else f.stat("move")
        return any(board.gap(f, e) <= reach + f.p.max_reach for e in foes)
    return False


# -- set-up and the hero phase for a side the procedure plays ----------------------------------------------------
def seeds(state: WarState) -> Seeds:
    """Q1, the line offered first: the leader in the middle, the two highest in points either side
    (D-WAR-03)."""
    solo = heavier_by_points([f for f in state.fighters if f.owner == 1])
    leader = next(f for f in solo if f.p.leader)
    rest = [f for f in solo if f.id != leader.id][:2]
    return Seeds(line=(rest[0].id, leader.id, rest[1].id))


def heavier_by_points(fs: Sequence[Fighter]) -> list[Fighter]:
    return sorted(fs, key=lambda f: (-f.p.points, f.order))


def split(state: WarState, seat: int) -> Split:
    """Groups dealt by points, the Shield taking a third or more (the player's default split)."""
    mine = heavier_by_points([f for f in state.fighters if f.owner == seat])
    n = len(mine)
    shield_n = max(-(-n // 3), n - 2 * (n // 3))
    shield = [f.id for f in mine[:shield_n]]
    rest = [f.id for f in mine[shield_n:]]
    return Split(dagger=tuple(rest[0::2]), shield=tuple(shield), hammer=tuple(rest[1::2]))


def deploy(state: WarState, seat: int, group: str, toward: Point | None = None) -> Deploy:
    """X2: the group around its point, heaviest first, each as close as it may to the target."""
    anchor = DEPLOYMENTS[state.deployment].point(seat, group)
    members = heavier_first([f for f in state.fighters if f.owner == seat and f.group == group])
    if toward is None:
        t = target(state, seat) if state.of(seat) else None
        toward = t.point if t is not None else anchor
    taken = [board.base(o) for o in state.fighters if o.placed]
    places = board.spots(anchor, [f.p.radius for f in members], taken, toward, state.layout)
    why = Why(step="x2_deploy", params={"group": {"key": f"warcry.group.{group}", "params": {}}}) if seat == 1 else None
    return Deploy(
        group=group,
        places=tuple((f.id, p) for f, p in zip(members, places, strict=True)),
        formation="forward",
        why=why,
    )


def wild(state: WarState, seat: int) -> Wild:
    """The demo player's wild die: a single more (it keeps the initiative in reach)."""
    return Wild(use="single")


def choose(state: WarState, seat: int) -> Any:
    """The procedure's answer to whatever the side must decide now."""
    kind = state.stack[-1].kind
    if kind == "split":
        return split(state, seat)
    if kind == "seeds":
        return seeds(state)
    if kind == "deploy":
        return deploy(state, seat, state.stack[-1].context["group"])
    if kind == "wild":
        return wild(state, seat)
    if kind == "activate":
        found = active_fighter(state, seat)
        assert found is not None
        f, why = found
        return Activate(fighter=f.id, why=why)
    return act(state, seat)
