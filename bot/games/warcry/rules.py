"""`check`: the one legality oracle of WarCry, and the rule predicates `apply`, the suggestions and the
solo procedure share (attack range, threat range, where a move ends). Every refusal names its rule."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from bot.engine import Refusals
from bot.table.geometry import Base, overlaps, within
from bot.table.units import INCH, Point

from . import board, legacy
from .actions import Activate, Attack, Deploy, Disengage, Move, Seeds, Split, Use, Wait, Wild
from .content import ABILITIES, DEPLOYMENTS, abilities_of
from .dice import player_wild
from .state import Fighter, WarState

#: The /regle entry each refusal points to (a test checks every one exists).
RULES = {
    "setup": "warcry.groups",
    "seeds": "warcry.decision.groups",
    "deploy": "warcry.decision.deployment",
    "wild": "warcry.joker",
    "activate": "warcry.rules.activation",
    "move": "warcry.rules.move",
    "attack": "warcry.rules.attack",
    "disengage": "warcry.rules.disengage",
    "ability": "warcry.rules.abilities",
    "why": "warcry.overview",
    "battleplan": "warcry.rules.battleplan",
}


refuse = Refusals("warcry", RULES)


# -- predicates -----------------------------------------------------------------------------------------
def weapon_problem(state: WarState, f: Fighter, target: Fighter, index: int, at: Point | None = None) -> str | None:
    """Why `f` (standing at `at` when given) may not attack `target` with weapon `index`, or None."""
    if index < 0 or index >= len(f.p.weapons):
        return "no_such_weapon"
    w = f.p.weapons[index]
    me = f if at is None else f.model_copy(update={"x": at[0], "y": at[1]})
    d = board.gap(me, target)
    if d > w.reach:
        return "out_of_range"
    if w.min_reach and d <= w.min_reach:
        return "too_close"
    close = [e for e in board.enemies(state, me) if within(board.base(me), board.base(e), board.ENGAGED)]
    if close and target.id not in {e.id for e in close}:
        return "must_fight_adjacent"
    if close and w.min_reach:
        return "too_close"
    if not board.visible(state, me, target):
        return "not_visible"
    return None


def can_attack(state: WarState, f: Fighter, target: Fighter, at: Point | None = None) -> bool:
    """« Portée d'attaque », read with the standard rules (Q9): some weapon may legally target it (what
    `weapon_problem` says of each weapon, the sight line drawn once for all of them)."""
    me = f if at is None else f.model_copy(update={"x": at[0], "y": at[1]})
    d = board.gap(me, target)
    weapons = [w for w in f.p.weapons if d <= w.reach and not (w.min_reach and d <= w.min_reach)]
    if not weapons:
        return False
    close = [e.id for e in board.enemies(state, me) if within(board.base(me), board.base(e), board.ENGAGED)]
    if close and (target.id not in close or all(w.min_reach for w in weapons)):
        return False
    return board.visible(state, me, target)


def threat(f: Fighter, distance: int) -> bool:
    """« Portée menaçante »: within MOVE plus the longest weapon range (distance only, Q9)."""
    return distance <= f.stat("move") + f.p.max_reach


def eligible(state: WarState, seat: int) -> list[Fighter]:
    """The fighters that may still activate this round (a waiting one once more)."""
    return [f for f in state.of(seat) if not f.activated]


#: The walks already found for a position (a menu checks, labels and previews each move it offers): keyed
#: by the state's identity, which the entry keeps alive so that the identity is not reused.
_WALKS: dict[tuple[int, str, str, int | None], tuple[WarState, tuple[Point, ...]]] = {}


def move_path(state: WarState, f: Fighter, action: Move, budget: int | None = None) -> tuple[Point, ...]:
    """Where a move goes: along the shortest path toward `to` (around obstacles, and the pit unless the
    player aims into it), at most the fighter's Move, stopping before any base, before leaving the
    objective it holds (`hold`) and, with `stop`, as soon as that enemy is in attack range."""
    key = (id(state), f.model_dump_json(), action.model_dump_json(include={"to", "upto", "stop", "hold"}), budget)
    known = _WALKS.get(key)
    if known is not None and known[0] is state:
        return known[1]
    if len(_WALKS) > 512:
        _WALKS.clear()
    walked = _walk(state, f, action, budget)
    _WALKS[key] = (state, walked)
    return walked


def _walk(state: WarState, f: Fighter, action: Move, budget: int | None) -> tuple[Point, ...]:
    into_pit = board.in_deadly(action.to, f.p.radius, state.layout)
    stop = None
    if action.stop is not None:
        enemy = state.fighter(action.stop)
        if enemy is not None:
            stop = (enemy, lambda p: can_attack(state, f, enemy, p))
    clip = None
    if action.hold is not None:
        obj = next((o for o in state.objectives if o.id == action.hold), None)
        if obj is not None:
            clip = (obj.centre, board.OBJECTIVE)
    allowance = f.stat("move") if budget is None else budget
    if state.rules >= 2:  # the path goes round every base already (#25)
        path = board.shortest_path(state, f, action.to, avoid_deadly=not into_pit)
        return board.walk(state, f, path, allowance, stop, clip)
    others = [board.base(o) for o in state.fighters if o.placed and o.id != f.id]
    around: tuple[Base, ...] = ()
    walked: tuple[Point, ...] = ()
    for _ in range(4):  # around the bases in the way, a few at a time (D-WAR-10)
        path = board.shortest_path(state, f, action.to, avoid_deadly=not into_pit, around=around)
        walked = board.walk(state, f, path, allowance, stop, clip)
        blocked = _blocking(f, walked, path, others, action.to, around)
        if not blocked:
            break
        around = (*around, *blocked)
    return walked


def _blocking(
    f: Fighter,
    walked: tuple[Point, ...],
    path: tuple[Point, ...],
    others: list[Base],
    goal: Point,
    around: tuple[Base, ...],
) -> tuple[Base, ...]:
    """The bases that stopped a walk short of its path (not the one at the goal, which it walks to)."""
    end = walked[-1] if walked else f.centre
    rest = LineString([end, *path[_next_index(path, end) :]]) if path else None
    if rest is None or rest.length < 2:
        return ()
    near = []
    for o in others:
        if o in around or math.dist(o.centre, goal) <= o.radius + f.p.radius + board.ENGAGED:
            continue
        if (
            rest.distance(ShapelyPoint(o.centre)) < o.radius + f.p.radius + 2
            and math.dist(o.centre, end) <= o.radius + f.p.radius + legacy.STEP * 2
        ):
            near.append(o)
    return tuple(near)


def _next_index(path: tuple[Point, ...], end: Point) -> int:
    """The first point of `path` not yet reached from `end` (the walk follows the path in order)."""
    best = 0
    for i, p in enumerate(path):
        if math.dist(p, end) < 1:
            best = i + 1
    return min(best, len(path) - 1) if best < len(path) else len(path) - 1


def disengage_problem(state: WarState, f: Fighter, to: Point) -> str | None:
    if not board.engaged(state, f):
        return "not_engaged"
    if math.dist(f.centre, to) > board.DISENGAGE:
        return "too_far"
    moved = Base(f.id, f.owner, to, f.p.radius)
    if not board.table().inside(moved):
        return "off_table"
    if any(overlaps(moved, board.base(o)) for o in state.fighters if o.placed and o.id != f.id):
        return "ends_on_base"
    if any(within(moved, board.base(e), board.ENGAGED) for e in board.enemies(state, f)):
        return "still_engaged"
    if state.rules < 2:
        grown, _ = legacy._obstacles(f.p.radius, False)
        if not legacy._clear(f.centre, to, grown):
            return "through_terrain"
    elif not board.disengage_ok(state, f, to):
        return "through_terrain"
    return None


def ability_problem(state: WarState, seat: int, f: Fighter, action: Use) -> str | None:
    ab = ABILITIES.get(action.ability)
    if ab is None or ab not in abilities_of(state.sides[seat].warband):
        return "no_such_ability"
    if not ab.allowed(f.p):
        return "runemark"
    if f.ability_used:
        return "ability_used"
    if action.tier < ab.tier or (action.tier, action.value) not in state.sides[seat].dice.groups:
        return "no_dice"
    engaged = board.engaged(state, f)
    if ab.not_engaged and engaged:
        return "engaged"
    if ab.effect == "heal" and f.damage == 0:
        return "unhurt"
    if ab.effect in ("blast", "inspire"):
        t = state.fighter(action.target or "")
        if t is None or not t.placed:
            return "no_target"
        if ab.effect == "blast" and (
            t.owner == seat or board.gap(f, t) > round(ab.reach * INCH) or not board.visible(state, f, t)
        ):
            return "bad_target"
        if ab.effect == "inspire" and (
            t.owner != seat or t.id == f.id or t.activated or board.gap(f, t) > round(ab.reach * INCH)
        ):
            return "bad_target"
    return None


def split_problem(state: WarState, seat: int, action: Split) -> str | None:
    """Each group at least one fighter, none above half the warband, the Shield at least a third
    (research I.2.4), every fighter in exactly one group."""
    mine = sorted(f.id for f in state.fighters if f.owner == seat)
    given = [*action.dagger, *action.shield, *action.hammer]
    if sorted(given) != mine:
        return "split_everyone"
    n = len(mine)
    sizes = (len(action.dagger), len(action.shield), len(action.hammer))
    if min(sizes) < 1 or max(sizes) > n // 2 or len(action.shield) < -(-n // 3):
        return "split_sizes"
    return None


def deploy_problem(state: WarState, seat: int, action: Deploy) -> str | None:
    if not state.to_deploy or state.to_deploy[0] != (seat, action.group):
        return "deploy_order"
    want = sorted(f.id for f in state.fighters if f.owner == seat and f.group == action.group)
    if sorted(fid for fid, _ in action.places) != want:
        return "deploy_everyone"
    anchor = DEPLOYMENTS[state.deployment].point(seat, action.group)
    placed = [board.base(o) for o in state.fighters if o.placed]
    for fid, p in action.places:
        f = state.fighter(fid)
        assert f is not None
        b = Base(fid, seat, p, f.p.radius)
        if math.dist(p, anchor) + f.p.radius > 3 * INCH:
            return "deploy_far"
        if (
            not board.table().inside(b)
            or board.on_piece(p, f.p.radius, state.layout)
            or any(overlaps(b, o) for o in placed)
        ):
            return "deploy_blocked"
        placed.append(b)
    return None


# -- check ----------------------------------------------------------------------------------------------
def check(state: WarState, seat: int, action: Any) -> None:
    """The game's rules for an action the kernel let through (`BaseGame.check`: the match goes on,
    `seat` decides now, the action's kind answers the decision on top, see `WarcryGame.answers`)."""
    why = getattr(action, "why", None)
    if why is not None and seat != 1:
        raise refuse("why_not_yours", "why")
    if isinstance(action, Split):
        if problem := split_problem(state, seat, action):
            raise refuse(problem, "setup")
        return
    if isinstance(action, Seeds):
        solo = {f.id for f in state.fighters if f.owner == 1}
        if len(set(action.line)) != 3 or not set(action.line) <= solo:
            raise refuse("seeds_three", "seeds")
        return
    if isinstance(action, Deploy):
        if problem := deploy_problem(state, seat, action):
            raise refuse(problem, "deploy")
        return
    if isinstance(action, Wild):
        if player_wild(state.sides[seat].dice, action.use, action.value) is None:
            raise refuse("wild_impossible", "wild")
        return
    if isinstance(action, Activate):
        f = state.fighter(action.fighter)
        if f is None or f.owner != seat or not f.placed:
            raise refuse("no_such_fighter", "activate")
        if f.activated:
            raise refuse("already_activated", "activate")
        return
    if state.active is None:
        raise refuse("not_now", "activate")
    f = state.fighter(state.active.fighter)
    assert f is not None
    bonus = state.active.bonus[0] if state.active.bonus else None
    if isinstance(action, Use):
        if bonus:
            raise refuse("bonus_first", "ability")
        if problem := ability_problem(state, seat, f, action):
            raise refuse(problem, "ability")
        return
    if isinstance(action, Wait):
        return
    if bonus == "move" and not isinstance(action, Move):
        raise refuse("bonus_move", "ability")
    if bonus == "attack" and not isinstance(action, Attack):
        raise refuse("bonus_attack", "ability")
    if isinstance(action, Move):
        budget = state.active.bonus_reach if bonus == "move" and state.active.bonus_reach else None
        if problem := move_problem(state, f, action, budget):
            raise refuse(problem, "move", **_nearest(state, f, action, budget))
        return
    if isinstance(action, Attack):
        target = state.fighter(action.target)
        if target is None or target.owner == seat or not target.placed:
            raise refuse("no_such_target", "attack")
        if problem := weapon_problem(state, f, target, action.weapon):
            raise refuse(problem, "attack")
        return
    if isinstance(action, Disengage) and (problem := disengage_problem(state, f, action.to)):
        raise refuse(problem, "disengage")


def move_problem(state: WarState, f: Fighter, action: Move, budget: int | None = None) -> str | None:
    if not board.MEASURE.inside(action.to):
        return "off_table"
    if action.stop is None and action.hold is None and not action.upto:
        walked = move_path(state, f, action, budget)
        if not walked or walked[-1] != action.to:
            return "cannot_reach"
    else:
        walked = move_path(state, f, action, budget)
        if not walked:
            return "cannot_move"
    # 1st edition: a fighter starting within 1" of an enemy ends at least as close to the nearest one
    foes = board.enemies(state, f)
    if foes and board.engaged(state, f):
        start = min(board.gap(f, e) for e in foes)
        moved = f.model_copy(update={"x": walked[-1][0], "y": walked[-1][1]})
        if min(board.gap(moved, e) for e in foes) > start:
            return "must_stay_close"
    return None


def _nearest(state: WarState, f: Fighter, action: Move, budget: int | None) -> dict[str, Any]:
    """For a refused move: the furthest point reachable toward the wish (the "what instead")."""
    walked = move_path(state, f, action.model_copy(update={"upto": True}), budget)
    if not walked:
        return {}
    return {"cell": board.MEASURE.cell_of(walked[-1]), "x": walked[-1][0], "y": walked[-1][1]}
