"""`suggest` for Confrontation: useful, already-checked choices, labels and previews.

Sequences: an advised order, the warband's order, each card on top of the advised order, and the order
a player types (numbers or names, the rest completed in the advised order). Moves: into contact with
each enemy for a charge or an engagement; for a walk, a run or a move to cover, toward each enemy
(stopping short of contact), behind each cover piece, back toward its own edge, and the typed point.
"""

from __future__ import annotations

import re
from typing import Any

from bot.engine import Ask, Choice, Preview, Text, txt
from bot.engine.names import fold
from bot.table import paths, routes
from bot.table import typed as typed_points
from bot.table.suggest import Candidate, accepts, offered
from bot.table.units import CM, Point

from . import board, dice, resolve, rules, sequence
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
from .content import PROFILES, SCENARIOS, SPELLS
from .state import ConfState, Fighter


def advised_order(state: ConfState, seat: int) -> tuple[str, ...]:
    """Shooters and magicians first (they act before the enemy closes in), then the fastest; the
    fighters nearest the enemy last among equals (they answer what the enemy did)."""
    cards = rules.cards_of(state, seat)

    def key(pid: str) -> tuple[int, float, str]:
        p = PROFILES[pid]
        ranged = 0 if (p.weapon is not None or p.power) else 1
        return (ranged, -p.move, pid)

    return tuple(sorted(cards, key=key))


def card_numbers(state: ConfState, seat: int) -> dict[str, int]:
    """Each card's number, the same wherever it is shown or typed: its place in the advised order (the
    first order a player is shown)."""
    return {c: i + 1 for i, c in enumerate(advised_order(state, seat))}


def parse_order(state: ConfState, seat: int, text: str) -> tuple[str, ...] | None:
    """An order typed as card numbers ("3 1 2") or names in French or English ("arb cap", "war sham"),
    completed in the advised order. A name of several words ("bête de guerre") is read whole first."""
    advised = advised_order(state, seat)
    tokens = [tok for tok in re.split(r"[\s,;>·.-]+", text.strip()) if tok]
    chosen: list[str] = []
    i = 0
    while i < len(tokens):
        pick, used = _pick(advised, chosen, tokens[i:])
        if pick is None:
            return None
        chosen.append(pick)
        i += used
    if not chosen:
        return None
    return tuple(chosen) + tuple(c for c in advised if c not in chosen)


def _pick(advised: tuple[str, ...], chosen: list[str], tokens: list[str]) -> tuple[str | None, int]:
    """The card the first tokens name, and how many tokens its name took (the longest that names one)."""
    if tokens[0].isdigit():
        n = int(tokens[0]) - 1
        pick = advised[n] if 0 <= n < len(advised) and advised[n] not in chosen else None
        return pick, 1
    for used in range(len(tokens), 0, -1):
        needle = fold(" ".join(tokens[:used]))
        if any(t.isdigit() for t in tokens[:used]):
            continue
        hits = [c for c in advised if c not in chosen and any(needle in name for name in _names(c))]
        if hits:
            return hits[0], used
    return None, 1


def _names(pid: str) -> tuple[str, ...]:
    name = PROFILES[pid].name
    return (fold(pid), fold(name.fr), fold(name.en))


def suggestions(state: ConfState, seat: int, ask: Ask) -> list[Choice[Any]]:
    if not state.stack or seat not in state.stack[-1].waiting():
        return []
    kind = state.stack[-1].kind
    raw: list[tuple[Any, Text | None, bool]] = []  # (action, why, typed)
    if kind == "sequence":
        advised = advised_order(state, seat)
        typed = parse_order(state, seat, ask.text) if ask.text else None
        if typed is not None:
            raw.append((Order(cards=typed), txt("confrontation.reason.typed"), True))
        raw.append((Order(cards=advised), txt("confrontation.reason.advised"), False))
        raw.append((Order(cards=tuple(rules.cards_of(state, seat))), txt("confrontation.reason.listed"), False))
        for c in advised[1:]:
            raw.append((Order(cards=(c, *(o for o in advised if o != c))), None, False))
    elif kind == "lead":
        raw = [(Lead(first=1 - seat), None, False), (Lead(first=seat), None, False)]
    elif kind == "draw":
        assert state.seq is not None
        raw = [(Draw(choice=c), None, False) for c in sequence.legal(state.seq, seat)]
    elif kind == "declare":
        raw = [(a, None, False) for a in _declarations(state, seat)]
    elif kind == "exclusive":
        raw = _exclusive_moves(state, seat, ask)
    elif kind == "fighter":
        raw = _cumulative(state, seat, ask)
    elif kind == "dive":
        raw = [(Dive(dive=True), None, False), (Dive(dive=False), None, False)]
    elif kind == "dice":
        raw = [(Dice(attack=k), None, False) for k in range(rules.max_dice(state, seat), -1, -1)]
    answers = _typed_moves(state, seat, ask, kind)
    typed_first = [Candidate(a.action, a.why, typed=True) for a in answers if a.legal]
    return offered(
        typed_first + [Candidate(action, why, typed) for action, why, typed in raw],
        ask,
        ok=accepts(rules.check, state, seat),
        describe=lambda action: describe(state, seat, action),
        piece=lambda action: getattr(action, "fighter", None),
        previewed=lambda action: isinstance(action, Resolve | Walk | Disengage | Order),
        because="confrontation.action.because",
    ) + typed_points.refused_choices(answers, ask, lambda action: describe(state, seat, action))


def _typed_moves(state: ConfState, seat: int, ask: Ask, kind: str) -> list[typed_points.Answer]:
    """The point typed as a cell, coordinates or a fighter (typed.py), for the fighter chosen (or the
    one under way, else the first that may move): its walk, run or cover move there, straight or round
    what is in the way, else to the nearest point the rules accept, saying why."""
    if not ask.text or kind not in ("exclusive", "fighter"):
        return []
    if kind == "exclusive":
        movers = [f for f in rules_tour(state, seat) if f.exclusive in ("walk", "run", "cover") and not f.resolved]
    else:
        movers = sorted(
            (f for f in rules_tour(state, seat) if f.exclusive is None), key=lambda f: f.id != state.current
        )
    movers = [f for f in movers if ask.piece in (None, f.id)]
    wanted = ask.wants("resolve") if kind == "exclusive" else (ask.wants("walk") or ask.wants("disengage"))
    if not movers or not wanted:
        return []
    f = movers[0]
    exclusive = f.exclusive

    def move(path: tuple[Point, ...]) -> Any:
        if exclusive is not None:
            return Resolve(fighter=f.id, path=path)
        return (Walk if board.free(state, f) else Disengage)(fighter=f.id, path=path)

    table = board.table(state.scenario)
    mover = board.base(f)
    others = [board.base(o) for o in state.fighters if o.id != f.id]

    def bent(p: Point) -> Any | None:
        way = paths.shortest_path(table, mover, p, others, effort=routes.EFFORT)
        return move(way) if way is not None and len(way) > 1 else None

    m = board.measure(state.scenario)
    named = [
        typed_points.Named(o.id, (PROFILES[o.profile].name.fr, PROFILES[o.profile].name.en), o.centre)
        for o in state.fighters
        if o.id != f.id
    ]
    refused = typed_points.refusal(lambda action: rules.check(state, seat, action))
    reach = rules.allowance(f, exclusive) if exclusive is not None else PROFILES[f.profile].mou
    out = []
    for point, _who in typed_points.wanted(m, ask.text, named):
        answer = typed_points.answer(
            point,
            [lambda p: move((p,)), bent],
            refused,
            origin=f.centre,
            reach=reach,
            inside=m.inside,
            plausible=lambda a: table.move_problem(mover, [f.centre, *a.path], others, reach) is None,
        )
        if answer is not None:
            out.append(answer)
    return out


# -- exclusive actions --------------------------------------------------------------------------------
def _declarations(state: ConfState, seat: int) -> list[Any]:
    out: list[Any] = [Declared()]
    enemies = [o for o in state.fighters if o.owner != seat]
    for f in rules_tour(state, seat):
        if f.exclusive is not None:
            continue
        for o in sorted(enemies, key=lambda o: (board.distance(f, o), o.id)):
            for what in ("charge", "engage"):
                # offered only when a move can carry it out, so that it is never given up at once
                if contact_point(state, f.model_copy(update={"exclusive": what}), o) is not None:
                    out.append(Declare(fighter=f.id, what=what, target=o.id))
        out.append(Declare(fighter=f.id, what="run"))
        out.append(Declare(fighter=f.id, what="cover"))
    return out


def rules_tour(state: ConfState, seat: int) -> list[Fighter]:
    return [f for f in state.of(seat) if rules.in_tour(state, f)]


def contact_point(state: ConfState, f: Fighter, target: Fighter) -> Point | None:
    """Where a straight charge or engagement toward `target` first touches it (None if it cannot)."""
    table = board.table(state.scenario)
    mover = board.base(f)
    allowance = rules.allowance(f, f.exclusive or "charge", board.free(state, f))
    toward = target.centre
    stop = table.engagement_stop(mover, [f.centre, toward], [board.base(target)], board.CONTACT)
    if stop is None:
        return None
    others = [board.base(o) for o in state.fighters if o.id != f.id]
    if table.move_problem(mover, [f.centre, stop], others, allowance) is not None:
        return None
    return stop


def contact_path(state: ConfState, f: Fighter, target: Fighter) -> tuple[Point, ...] | None:
    """The straight way into contact or, since rules version 2 (#25), the shortest path round the rocks
    and the enemies in the way when the straight line is blocked (None if neither is legal)."""
    spot = contact_point(state, f, target)
    if spot is not None:
        return (spot,)
    if state.rules < 2:
        return None
    way = board.path_to_contact(state, f, target)
    if way is None:
        return None
    others = [board.base(o) for o in state.fighters if o.id != f.id]
    allowance = rules.allowance(f, f.exclusive or "charge", board.free(state, f))
    problem = board.table(state.scenario).move_problem(board.base(f), [f.centre, *way], others, allowance)
    return way if problem is None else None


def _exclusive_moves(state: ConfState, seat: int, ask: Ask) -> list[tuple[Any, Text | None, bool]]:
    out: list[tuple[Any, Text | None, bool]] = []
    for f in rules_tour(state, seat):
        if f.exclusive is None or f.resolved:
            continue
        if f.exclusive in ("charge", "engage"):
            target = state.fighter(f.target or "")
            if target is not None:
                way = contact_path(state, f, target)
                if way is not None:
                    out.append((Resolve(fighter=f.id, path=way), None, False))
        else:
            reach = rules.allowance(f, f.exclusive)
            for way, why, typed in ways(state, f, reach, ask.text):
                out.append((Resolve(fighter=f.id, path=way), why, typed))
        out.append((Forgo(fighter=f.id), None, False))
    return out


def destinations(state: ConfState, f: Fighter, allowance: int, text: str = "") -> list[tuple[Point, Text | None, bool]]:
    """Where a walk, run or cover move may usefully end in a straight line, each with why (never
    touching an enemy)."""
    return [(way[-1], why, typed) for way, why, typed in ways(state, f, allowance, text, bent=False)]


def ways(
    state: ConfState, f: Fighter, allowance: int, text: str = "", *, bent: bool = True
) -> list[tuple[tuple[Point, ...], Text | None, bool]]:
    """The moves a menu offers for a walk, run or cover move, as waypoints, each with why: straight
    toward each goal and, when a rock or a fighter is in the way, along the shortest path round it
    (#25), a centimetre short of contact as the straight one."""
    table = board.table(state.scenario)
    m = board.measure(state.scenario)
    mover = board.base(f)
    others = [board.base(o) for o in state.fighters if o.id != f.id]
    enemies = [board.base(o) for o in state.fighters if o.owner != f.owner]
    goals: list[tuple[Point, Text | None, bool]] = []
    typed = m.parse_point(text) if text else None
    if typed is not None:
        goals.append((typed, txt("confrontation.reason.typed"), True))
    foes = sorted((o for o in state.fighters if o.owner != f.owner), key=lambda o: (board.distance(f, o), o.id))
    for o in foes[:4]:
        goals.append((o.centre, txt("confrontation.reason.toward", who=_name(o)), False))
    for piece in SCENARIOS[state.scenario].terrain:
        if piece.kind == "rock":
            continue
        pts = piece.points()
        cx, cy = sum(p[0] for p in pts) // len(pts), sum(p[1] for p in pts) // len(pts)
        goals.append(((cx, cy), txt(f"confrontation.reason.cover_{piece.id}"), False))
    lo, hi = board.deploy_zone(state.scenario, f.owner)
    goals.append(((f.x, (lo + hi) // 2), txt("confrontation.reason.back"), False))
    out: list[tuple[tuple[Point, ...], Text | None, bool]] = []
    seen: set[Point] = set()
    for goal, why, was_typed in goals:
        end = routes.furthest_toward(table, mover, goal, others, allowance)
        stop = table.engagement_stop(mover, [f.centre, end], enemies, CM)  # a centimetre short of contact
        if stop is not None:
            end = routes.furthest_toward(table, mover, stop, others, allowance)
            back = _short_of(f.centre, end, CM)
            end = back
        if end != f.centre and end not in seen:
            seen.add(end)
            out.append(((end,), why, was_typed))
        if not bent or stop is not None:
            continue
        way = routes.bent_toward(table, mover, goal, others, allowance, straight_end=end, stop_within=CM, short_of=CM)
        if way is not None and way[-1] not in seen:
            seen.add(way[-1])
            out.append((way, why, was_typed))
    return out


def _short_of(a: Point, b: Point, by: int) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = max(1, int((dx * dx + dy * dy) ** 0.5))
    if d <= by:
        return a
    return (a[0] + dx * (d - by) // d, a[1] + dy * (d - by) // d)


# -- cumulative actions ---------------------------------------------------------------------------------
def _cumulative(state: ConfState, seat: int, ask: Ask) -> list[tuple[Any, Text | None, bool]]:
    out: list[tuple[Any, Text | None, bool]] = []
    fighters = [f for f in rules_tour(state, seat) if f.exclusive is None]
    if state.current is not None:  # the fighter under way first
        fighters.sort(key=lambda f: f.id != state.current)
    enemies = sorted((o for o in state.fighters if o.owner != seat), key=lambda o: o.id)
    friends = [o for o in state.fighters if o.owner == seat]
    for f in fighters:
        p = PROFILES[f.profile]
        if p.weapon is not None:
            for o in sorted(enemies, key=lambda o: (board.distance(f, o), o.id)):
                out.append((Shoot(fighter=f.id, target=o.id), None, False))
                if not f.walked:
                    out.append((Shoot(fighter=f.id, target=o.id, walk_after=True), None, False))
        for sid in p.spells:
            pool = enemies if SPELLS[sid].strength else friends
            for o in pool:
                out.append((Cast(fighter=f.id, spell=sid, target=o.id), None, False))
        move = Walk if board.free(state, f) else Disengage  # D-CON-07: disengaging is its own choice
        for way, why, typed in ways(state, f, p.mou, ask.text):
            out.append((move(fighter=f.id, path=way), why, typed))
        out.append((Finish(fighter=f.id), None, False))
    return out


# -- labels and previews -----------------------------------------------------------------------------------
def _name(f: Fighter | None) -> Text:
    if f is None:
        return txt("confrontation.fighter.gone")
    return txt("confrontation.fighter.name", profile=txt(f"confrontation.profile.{f.profile}"), id=f.id)


def _order_items(state: ConfState, seat: int, cards: tuple[str, ...]) -> list[Text]:
    """The cards in this order, each with its own number (`card_numbers`), whatever its place."""
    number = card_numbers(state, seat)
    return [txt("confrontation.order.item", n=number.get(c, 0), card=txt(f"confrontation.profile.{c}")) for c in cards]


def describe(state: ConfState, seat: int, action: Any) -> Text:
    if isinstance(action, Order):
        return txt("confrontation.order.list", items=_order_items(state, seat, action.cards))
    if isinstance(action, Lead):
        if action.first == seat:
            return txt("confrontation.action.lead_keep")
        return txt("confrontation.action.lead_give", seat=action.first)
    if isinstance(action, Draw):
        seq = state.seq.sides[seat] if state.seq is not None else None
        top = txt(f"confrontation.profile.{seq.pile[0]}") if seq and seq.pile else ""
        res = txt(f"confrontation.profile.{seq.reserve}") if seq and seq.reserve else ""
        return txt(f"confrontation.action.draw_{action.choice}", top=top, reserve=res, n=seq.refusals if seq else 0)
    if isinstance(action, Declared):
        return txt("confrontation.action.declared")
    if isinstance(action, Declare):
        f = state.fighter(action.fighter)
        return txt(
            f"confrontation.action.declare_{action.what}",
            who=_name(f),
            whom=_name(state.fighter(action.target or "")),
        )
    if isinstance(action, Disengage):
        f = state.fighter(action.fighter)
        cell = board.measure(state.scenario).cell_of(action.path[-1])
        return txt("confrontation.action.disengage", who=_name(f), cell=cell, pct=_odds(state, f))
    if isinstance(action, Resolve | Walk):
        f = state.fighter(action.fighter)
        cell = board.measure(state.scenario).cell_of(action.path[-1])
        what = f.exclusive if isinstance(action, Resolve) and f is not None else "walk"
        return txt(f"confrontation.action.move_{what}", who=_name(f), cell=cell)
    if isinstance(action, Forgo):
        return txt("confrontation.action.forgo", who=_name(state.fighter(action.fighter)))
    if isinstance(action, Shoot):
        return txt(
            "confrontation.action.shoot_walk" if action.walk_after else "confrontation.action.shoot",
            who=_name(state.fighter(action.fighter)),
            whom=_name(state.fighter(action.target)),
        )
    if isinstance(action, Cast):
        return txt(
            "confrontation.action.cast",
            who=_name(state.fighter(action.fighter)),
            spell=txt(f"confrontation.spell.{action.spell}"),
            whom=_name(state.fighter(action.target)),
            mana=SPELLS[action.spell].mana,
        )
    if isinstance(action, Finish):
        return txt("confrontation.action.finish", who=_name(state.fighter(action.fighter)))
    if isinstance(action, Dive):
        return txt("confrontation.action.dive_yes" if action.dive else "confrontation.action.dive_no")
    if isinstance(action, Dice):
        return txt("confrontation.action.dice", n=action.attack, d=rules.max_dice(state, seat) - action.attack)
    return txt("confrontation.action.unknown")


def _odds(state: ConfState, f: Fighter | None) -> int:
    """The chance, in percent, that `f` disengages (D-CON-07)."""
    if f is None:
        return 0
    return round(100 * dice.chance(*resolve.disengage_odds(state, f)))


def preview(state: ConfState, seat: int, action: Any) -> Preview | None:
    if isinstance(action, Order):
        items = _order_items(state, seat, action.cards)
        return Preview(lines=(txt("confrontation.preview.order"), *items), overlay={})
    if isinstance(action, Resolve | Walk | Disengage):
        f = state.fighter(action.fighter)
        if f is None:
            return None
        full = [f.centre, *action.path]
        what = f.exclusive if isinstance(action, Resolve) else "walk"
        allowance = rules.allowance(f, what or "walk", board.free(state, f))
        used = board.table(state.scenario).path_cost(full)
        lines = [txt("confrontation.preview.distance", used=used, left=max(0, allowance - used))]
        if not board.free(state, f):
            _value, need = resolve.disengage_odds(state, f)
            lost = "engage" if isinstance(action, Resolve) else "walk"
            lines.append(txt(f"confrontation.preview.disengage_{lost}", need=need, pct=_odds(state, f)))
        moved = f.model_copy(update={"x": full[-1][0], "y": full[-1][1]})
        for o in state.fighters:
            if o.owner != f.owner and board.in_contact(moved, o):
                lines.append(txt("confrontation.preview.contact", whom=_name(o)))
        return Preview(
            lines=tuple(lines), overlay={"path": [list(p) for p in full], "figure": f.id, "reach": allowance}
        )
    return None
