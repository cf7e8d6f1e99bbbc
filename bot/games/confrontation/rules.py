"""`check`: the one legality oracle of Confrontation. Every refusal names its rule for `/regle`."""

from __future__ import annotations

from typing import Any

from bot.engine import EngineError, Refusals

from . import board, sequence
from .actions import Declared, Disengage, Finish, Forgo, Shoot, Walk
from .content import PROFILES, SPELLS, WARBANDS
from .effects import named
from .state import ConfState, Fighter

#: The /regle entry each refusal points to (a test checks every one exists).
RULES = {
    "setup": "confrontation.decision.geometry",
    "strategic": "confrontation.activation-sequence",
    "lead": "confrontation.tactics-roll",
    "draw": "confrontation.speaking-turn",
    "reserve": "confrontation.reserve",
    "refusal": "confrontation.refusal",
    "announce": "confrontation.announcements",
    "charge": "confrontation.charge",
    "run": "confrontation.run",
    "engage": "confrontation.engage",
    "cover": "confrontation.cover-move",
    "walk": "confrontation.walk",
    "disengage": "confrontation.disengage",
    "shoot": "confrontation.shoot",
    "mystic": "confrontation.mystic",
    "movement": "confrontation.movement-potential",
    "combat": "confrontation.combat-phase",
}

#: The allowance of each move, as a multiple of MOU (V-C, V-D-1).
ALLOWANCE = {"charge": 2, "run": 2, "engage": 2, "cover": 1, "walk": 1}


refuse = Refusals("confrontation", RULES)


def own(state: ConfState, seat: int, fid: str) -> Fighter:
    f = state.fighter(fid)
    if f is None or f.owner != seat:
        raise refuse("no_such_fighter", "announce")
    return f


def cards_of(state: ConfState, seat: int) -> list[str]:
    """The reference cards a side orders this turn: every profile with a fighter left (D-CON-05)."""
    band = WARBANDS[state.sides[seat].warband]
    alive = {f.profile for f in state.of(seat)}
    return [p.id for p in band.profiles if p.id in alive]


def check(state: ConfState, seat: int, action: Any) -> None:
    """The game's rules for an action the kernel let through (`BaseGame.check`: the match goes on,
    `seat` decides now, the action's kind answers the decision on top, see `ConfrontationGame.answers`)."""
    kind = state.stack[-1].kind
    if kind == "sequence":
        if sorted(action.cards) != sorted(cards_of(state, seat)):
            raise refuse("order_all_cards", "strategic")
    elif kind == "lead":
        if action.first not in (0, 1):
            raise refuse("lead_first", "lead")
    elif kind == "draw":
        assert state.seq is not None
        if action.choice not in sequence.legal(state.seq, seat):
            rule = {"reserve": "reserve", "refuse": "refusal"}.get(action.choice, "draw")
            raise refuse(f"cannot_{action.choice}", rule)
    elif kind == "declare":
        _check_declare(state, seat, action)
    elif kind == "exclusive":
        _check_exclusive(state, seat, action)
    elif kind == "fighter":
        _check_cumulative(state, seat, action)
    elif kind == "dice" and not 0 <= action.attack <= max_dice(state, seat):
        raise refuse("dice_range", "combat", n=max_dice(state, seat))


# -- exclusive actions -------------------------------------------------------------------------------
def in_tour(state: ConfState, f: Fighter) -> bool:
    return f.activated and not f.done and f.profile in state.tour


def _check_declare(state: ConfState, seat: int, action: Any) -> None:
    if isinstance(action, Declared):
        for f in state.of(seat):
            if in_tour(state, f) and f.dove and f.exclusive is None and board.free(state, f):
                raise refuse("must_take_cover", "cover", fighter=named(f))
        return
    f = own(state, seat, action.fighter)
    if not in_tour(state, f):
        raise refuse("not_activated", "announce")
    if f.exclusive is not None:
        raise refuse("already_declared", "announce")
    if f.dove and action.what != "cover" and board.free(state, f):
        raise refuse("must_take_cover", "cover", fighter=named(f))
    declare_problem(state, f, action.what, action.target)


def can_declare(state: ConfState, seat: int) -> bool:
    """Whether a fighter of the tour may still announce an exclusive action that a move can carry out
    (else the announcements close by themselves, D-CON-20)."""
    from .suggest import contact_point  # suggest builds on these rules

    enemies = [o.id for o in state.fighters if o.owner != seat]
    for f in state.of(seat):
        if not in_tour(state, f) or f.exclusive is not None:
            continue
        options = [("run", None), ("cover", None)] + [(w, o) for o in enemies for w in ("charge", "engage")]
        for what, target in options:
            if f.dove and what != "cover" and board.free(state, f):
                continue
            try:
                declare_problem(state, f, what, target)
            except EngineError:
                continue
            enemy = state.fighter(target or "")
            if enemy is not None and contact_point(state, f.model_copy(update={"exclusive": what}), enemy) is None:
                continue
            return True
    return False


def declare_problem(state: ConfState, f: Fighter, what: str, target: str | None) -> None:
    """Refuse an exclusive action whose conditions the fighter does not meet now (V-C)."""
    free = board.free(state, f)
    if what in ("run", "cover"):
        if not free:
            raise refuse("not_free", what)
        if target is not None:
            raise refuse("no_target_needed", what)
        return
    enemy = state.fighter(target or "")
    if enemy is None or enemy.owner == f.owner:
        raise refuse("choose_enemy", what)
    if what == "charge":
        if not free:
            raise refuse("not_free", "charge")
        if board.distance(f, enemy) > 2 * board.profile(f).mou:
            raise refuse("charge_too_far", "charge", d=2 * board.profile(f).mou)
        if not board.sees(state, f, enemy):
            raise refuse("charge_unseen", "charge")
        reach_problem(state, f, enemy, 2 * board.profile(f).mou, "charge")
        return
    # engage (D-CON-06): only when a charge at that enemy is impossible
    allowance = ALLOWANCE["engage"] * board.profile(f).mou if free else board.profile(f).mou
    if board.distance(f, enemy) > allowance:
        raise refuse("charge_too_far", "engage", d=allowance)
    if free and board.sees(state, f, enemy):
        raise refuse("engage_could_charge", "engage")
    reach_problem(state, f, enemy, allowance, "engage")


def _path_problem(state: ConfState, f: Fighter, path: tuple[tuple[int, int], ...], allowance: int) -> str | None:
    others = [board.base(o) for o in state.fighters if o.id != f.id]
    return board.table(state.scenario).move_problem(board.base(f), [f.centre, *path], others, allowance)


def reach_problem(state: ConfState, f: Fighter, enemy: Fighter, allowance: int, rule: str) -> None:
    """Since rules version 2 (#25), a charge or an engagement is declared only when a legal path of at
    most `allowance` brings the fighter into contact (V-C-1 « Il doit également être possible de le
    placer au contact »): round the rocks and the enemies in the way, the wood at double cost. The
    refusal names the nearest point the fighter can reach toward its target, itself a legal move;
    the fighter has declared nothing, so it keeps its activation."""
    if state.rules < 2:
        return
    path = board.path_to_contact(state, f, enemy)
    if path is not None and _path_problem(state, f, path, allowance) is None:
        return
    m = board.measure(state.scenario)
    near = f.centre
    if path is not None:
        trimmed = board.furthest_along(state, f, path, allowance)
        if _path_problem(state, f, trimmed, allowance) is None:
            near = trimmed[-1]
    if near == f.centre:
        others = [board.base(o) for o in state.fighters if o.id != f.id]
        near = board.table(state.scenario).nearest_legal(board.base(f), enemy.centre, others, allowance) or f.centre
    raise refuse("no_path_to_contact", rule, target=enemy.id, d=allowance, x=near[0], y=near[1], cell=m.cell_of(near))


def _check_exclusive(state: ConfState, seat: int, action: Any) -> None:
    f = own(state, seat, action.fighter)
    if f.exclusive is None or f.resolved or not in_tour(state, f):
        raise refuse("nothing_to_resolve", "announce")
    if isinstance(action, Forgo):
        if f.dove and f.exclusive == "cover" and _can_take_cover(state, f):
            raise refuse("must_take_cover", "cover", fighter=named(f))  # V-C-4: « sera obligé » (D-CON-04)
        return
    exclusive_move_problem(state, f, action.path)


def _can_take_cover(state: ConfState, f: Fighter) -> bool:
    """Whether a legal move to cover exists (the diver may give up only a move the table forbids)."""
    from .suggest import destinations  # suggest builds on these rules

    for point, _why, _typed in destinations(state, f, allowance(f, "cover")):
        try:
            exclusive_move_problem(state, f, (point,))
        except EngineError:
            continue
        return True
    return False


def allowance(f: Fighter, what: str, free: bool = True) -> int:
    mou = board.profile(f).mou
    if what == "engage" and not free:
        return mou  # after disengaging (V-C-3)
    return ALLOWANCE[what] * mou


def exclusive_move_problem(state: ConfState, f: Fighter, path: tuple[tuple[int, int], ...]) -> None:
    what = f.exclusive or "run"
    free = board.free(state, f)
    target = state.fighter(f.target or "") if what in ("charge", "engage") else None
    if what in ("charge", "engage") and target is None:
        raise refuse("target_gone", what)
    move_problem(state, f, path, allowance=allowance(f, what, free), rule=what, contact=target)


def move_problem(
    state: ConfState,
    f: Fighter,
    path: tuple[tuple[int, int], ...],
    *,
    allowance: int,
    rule: str,
    contact: Fighter | None = None,
) -> None:
    """Refuse a path the table does not allow: too long, through an enemy, onto a base; a charge or an
    engagement that does not end touching its target; a walk, run or cover move that ends touching an
    enemy (V-C-2, V-D-1). Says why and, for a move too long, the nearest legal point."""
    if not path:
        raise refuse("no_path", "movement")
    table = board.table(state.scenario)
    mover = board.base(f)
    others = [board.base(o) for o in state.fighters if o.id != f.id]
    full = [f.centre, *path]
    problem = table.move_problem(mover, full, others, allowance)
    m = board.measure(state.scenario)
    if problem is not None:
        near = table.nearest_legal(mover, full[-1], others, allowance) or f.centre
        raise refuse(f"move_{problem}", "movement", cell=m.cell_of(near), x=near[0], y=near[1])
    end = f.model_copy(update={"x": full[-1][0], "y": full[-1][1]})
    touching = [o for o in state.fighters if o.owner != f.owner and o.id != f.id and board.in_contact(end, o)]
    if contact is not None:
        if contact.id not in {o.id for o in touching}:
            raise refuse("must_touch_target", rule, target=contact.id)
    elif touching:
        raise refuse("ends_in_contact", rule, target=touching[0].id)


# -- cumulative actions ------------------------------------------------------------------------------
def _check_cumulative(state: ConfState, seat: int, action: Any) -> None:
    f = own(state, seat, action.fighter)
    if not in_tour(state, f) or f.exclusive is not None:
        raise refuse("not_activated", "announce")
    if isinstance(action, Finish):
        return
    if isinstance(action, Walk | Disengage):
        engaged = not board.free(state, f)
        if isinstance(action, Walk) and engaged:
            raise refuse("walk_engaged", "disengage")  # D-CON-07: disengaging is its own choice
        if isinstance(action, Disengage) and not engaged:
            raise refuse("not_engaged", "disengage")
        if f.walked:
            raise refuse("walked", "walk")
        if f.shot and not f.walk_after:
            raise refuse("walk_not_announced", "walk")
        move_problem(state, f, action.path, allowance=board.profile(f).mou, rule="walk")
        return
    if isinstance(action, Shoot):
        shoot_problem(state, f, action.target)
        return
    cast_problem(state, f, action.spell, action.target)


def shoot_problem(state: ConfState, f: Fighter, target: str) -> None:
    p = board.profile(f)
    if p.weapon is None or p.aim <= 0:
        raise refuse("no_weapon", "shoot")
    if f.shot:
        raise refuse("shot_once", "shoot")
    if not board.free(state, f):
        raise refuse("shoot_engaged", "shoot")
    enemy = state.fighter(target)
    if enemy is None or enemy.owner == f.owner:
        raise refuse("choose_enemy", "shoot")
    if not board.sees(state, f, enemy):
        raise refuse("no_sight", "shoot")
    if p.weapon.band(board.distance(f, enemy)) is None:
        raise refuse("out_of_range", "shoot", d=round(p.weapon.long * 100))


def cast_problem(state: ConfState, f: Fighter, spell_id: str, target: str) -> None:
    p = board.profile(f)
    if spell_id not in p.spells:
        raise refuse("not_a_spell", "mystic")
    spell = SPELLS[spell_id]
    if f.mana < spell.mana:
        raise refuse("no_mana", "mystic", n=spell.mana, have=f.mana)
    other = state.fighter(target)
    if other is None:
        raise refuse("choose_target", "mystic")
    harmful = spell.strength > 0
    if harmful == (other.owner == f.owner):
        raise refuse("choose_enemy" if harmful else "choose_ally", "mystic")
    if spell.defense and other.shield:  # one Bouclier at a time: a second would add nothing (D-CON-19)
        raise refuse("already_shielded", "mystic", fighter=named(other))
    if other.id != f.id:
        if not board.sees(state, f, other):
            raise refuse("no_sight", "mystic")
        if board.distance(f, other) > round(spell.range * 100):
            raise refuse("spell_range", "mystic", d=round(spell.range * 100))


# -- combat --------------------------------------------------------------------------------------------
def combat_dice(state: ConfState, f: Fighter, opponents: int) -> int:
    """1 die + 1 per opponent in its combat (more for some creatures), one fewer when afraid (D-CON-12)."""
    return max(1, PROFILES[f.profile].dice + opponents - (1 if f.afraid else 0))


def max_dice(state: ConfState, seat: int) -> int:
    if not state.combats:
        return 0
    c = state.combats[0]
    opponents = len(c.fighters[1 - seat])
    return max(
        (combat_dice(state, f, opponents) for fid in c.fighters[seat] if (f := state.fighter(fid)) is not None),
        default=0,
    )
