"""`suggest` for WarCry: useful, already-checked choices for the player, their labels and previews.

Moves are offered toward each objective and each enemy (as far as the Move allows, stopping in attack
range of that enemy), in eight directions, and to any point typed ("C7", "12.5 8"); every one is
previewed with its path before Confirm.
"""

from __future__ import annotations

import math
from itertools import permutations
from typing import Any

from bot.engine import Ask, Choice, Preview, Text, txt
from bot.engine.choices import NO_LABEL
from bot.table import typed
from bot.table.geometry import Base
from bot.table.suggest import Candidate, accepts, offered
from bot.table.units import Point

from . import board, procedure, rules
from .actions import Activate, Attack, Deploy, Disengage, Move, Seeds, Split, Use, Wait, Wild
from .content import DEPLOYMENTS, PROFILES, abilities_of
from .dice import player_wild
from .state import Fighter, WarState


def raw_choices(state: WarState, seat: int, ask: Ask) -> list[tuple[Any, bool]]:
    """(action, typed) for the decision `seat` owes now, unchecked."""
    kind = state.stack[-1].kind
    if kind == "split":
        base = procedure.split(state, seat)
        typed_split = _typed_split(state, seat, ask.text)
        return ([(typed_split, True)] if typed_split else []) + [
            (base, False),
            (Split(dagger=base.hammer, shield=base.shield, hammer=base.dagger), False),
        ]
    if kind == "seeds":
        auto = procedure.seeds(state)
        out: list[tuple[Any, bool]] = [(auto, False)]
        out += [(Seeds(line=p), False) for p in permutations(auto.line) if p != auto.line][:3]
        typed = _typed_seeds(state, ask.text)
        return ([(typed, True)] if typed else []) + out
    if kind == "deploy":
        group = state.stack[-1].context["group"]
        own_edge = (board.MEASURE.width // 2, board.MEASURE.height if seat == 0 else 0)
        back = procedure.deploy(state, seat, group, toward=own_edge).model_copy(update={"formation": "back"})
        typed_deploy = _typed_deploy(state, seat, group, ask.text)
        return ([(typed_deploy, True)] if typed_deploy else []) + [
            (procedure.deploy(state, seat, group), False),
            (back, False),
        ]
    if kind == "wild":
        d = state.sides[seat].dice
        faces = sorted({v for _, v in d.groups} | {x for x in d.rolled if d.rolled.count(x) == 1}, reverse=True)
        out = [(Wild(use="single"), False)]
        out += [(Wild(use="raise", value=v), False) for v in faces if player_wild(d, "raise", v) is not None]
        return [*out, (Wild(use="keep"), False)]
    if kind == "activate":
        advice = _advice(state, seat, procedure.choose(state, seat))
        return [(advice, False)] + [
            (Activate(fighter=f.id), False) for f in procedure.heavier_first(rules.eligible(state, seat))
        ]
    return _acts(state, seat, ask)


def _refused_split(state: WarState, seat: int, ask: Ask) -> list[Choice[Any]]:
    """The player's own groups typed whole but against the rule (a group over half the warband, one
    fighter twice or none): offered as typed, to be previewed, so that the answer is the rule's own
    refusal and its reason (`rules.split_problem`) rather than « no such choice » (#29)."""
    if not state.stack or state.stack[-1].kind != "split" or not ask.wants("split"):
        return []
    typed = _typed_split(state, seat, ask.text)
    if typed is None or rules.split_problem(state, seat, typed) is None:
        return []
    label = describe(state, seat, typed) if ask.labels else NO_LABEL
    return [Choice(action=typed, label=label, group_key=None, preview=True, matched=True)]


def _advice(state: WarState, seat: int, action: Any) -> Any:
    """The booklet's choice, offered first; only the solo side's says why (the player's own needs not)."""
    return action if seat == 1 else action.model_copy(update={"why": None})


def _typed_seeds(state: WarState, text: str) -> Seeds | None:
    ids = [w.upper() for w in text.replace(",", " ").split()]
    solo = {f.id for f in state.fighters if f.owner == 1}
    if len(ids) == 3 and len(set(ids)) == 3 and set(ids) <= solo:
        return Seeds(line=(ids[0], ids[1], ids[2]))
    return None


def _ids(text: str) -> list[str]:
    return [w.upper() for w in text.replace(",", " ").split()]


def _typed_split(state: WarState, seat: int, text: str) -> Split | None:
    """The player's own groups, typed Dagger / Shield / Hammer: « B1 B4 / B2 B3 B5 / B6 » (« Le joueur
    compose les groupes de sa bande normalement »); the rules then check the sizes."""
    parts = text.split("/")
    if len(parts) != 3:
        return None
    mine = {f.id for f in state.fighters if f.owner == seat}
    groups = [tuple(_ids(part)) for part in parts]
    if not all(set(g) <= mine for g in groups):
        return None
    return Split(dagger=groups[0], shield=groups[1], hammer=groups[2])


def _typed_deploy(state: WarState, seat: int, group: str, text: str) -> Deploy | None:
    """A group placed as typed, pieces split by « / »: « B1 C7 » puts that fighter there, a point alone
    (« D8 », « 12,5 ; 8 ») is where the others stand as near as they may; the fighters not named are
    placed around the group's point (D-WAR-25). None when a piece names no fighter or point."""
    members = procedure.heavier_first([f for f in state.fighters if f.owner == seat and f.group == group])
    by_id = {f.id: f for f in members}
    fixed: dict[str, Point] = {}
    toward: Point | None = None
    for piece in (p.strip() for p in text.split("/")):
        if not piece:
            continue
        head, _, rest = piece.partition(" ")
        if head.upper() in by_id:
            point = board.MEASURE.parse_point(rest)
            if point is None:
                return None
            fixed[head.upper()] = point
        elif (point := board.MEASURE.parse_point(piece)) is not None:
            toward = point
        else:
            return None
    if not fixed and toward is None:
        return None
    anchor = DEPLOYMENTS[state.deployment].point(seat, group)
    taken = [board.base(o) for o in state.fighters if o.placed]
    taken += [Base(fid, seat, p, by_id[fid].p.radius) for fid, p in fixed.items()]
    rest_of = [f for f in members if f.id not in fixed]
    try:
        spots = board.spots(anchor, [f.p.radius for f in rest_of], taken, toward or anchor, state.layout)
    except ValueError:  # no room left around the point: the rules would refuse it anyway
        return None
    places = {**fixed, **{f.id: p for f, p in zip(rest_of, spots, strict=True)}}
    return Deploy(group=group, places=tuple((f.id, places[f.id]) for f in members))


def _acts(state: WarState, seat: int, ask: Ask) -> list[tuple[Any, bool]]:
    """The booklet's own choice first (what the solo procedure would do here), then the rest."""
    assert state.active is not None
    f = state.fighter(state.active.fighter)
    assert f is not None
    out: list[tuple[Any, bool]] = [(_advice(state, seat, procedure.act(state, seat)), False)]
    foes = board.enemies(state, f)
    for e in foes:
        for i in range(len(f.p.weapons)):
            out.append((Attack(target=e.id, weapon=i), False))
    for o in state.objectives:
        out.append((Move(to=o.centre, upto=True), False))
    if state.carried(f.id) is None:  # a chest on the ground to pick up (D-WAR-31)
        out += [(Move(to=c.centre, upto=True), False) for c in state.treasures if c.carrier is None]
    for e in sorted(foes, key=lambda e: board.gap(f, e))[:6]:
        out.append((Move(to=e.centre, upto=True, stop=e.id), False))
    reach = f.stat("move")
    for k in range(8):
        a = math.pi * k / 4
        out.append((Move(to=(f.x + round(reach * math.cos(a)), f.y + round(reach * math.sin(a))), upto=True), False))
    if board.engaged(state, f):
        points = board.disengage_points(state, f)
        for goal in [o.centre for o in state.objectives] + [(f.x, board.MEASURE.height if seat == 0 else 0)]:
            if points:
                best = min(points, key=lambda p: (math.dist(p, goal), p))
                out.append((Disengage(to=best), False))
    for ab in abilities_of(state.sides[seat].warband):
        for tier, value in sorted(set(state.sides[seat].dice.groups), reverse=True):
            if tier < ab.tier:
                continue
            if ab.effect in ("blast", "inspire"):
                for other in state.fighters:
                    out.append((Use(ability=ab.id, tier=tier, value=value, target=other.id), False))
            else:
                out.append((Use(ability=ab.id, tier=tier, value=value), False))
    out.append((Wait(), False))
    return out


def _typed_moves(state: WarState, seat: int, ask: Ask) -> list[typed.Answer]:
    """The point typed as a cell, coordinates or a fighter (typed.py): the move there, else to the
    nearest point the rules accept, saying why (the walk goes round what is in the way by itself)."""
    if not ask.text or not ask.wants("move") or state.active is None:
        return []
    if state.stack[-1].kind in ("split", "seeds", "deploy", "wild", "activate"):
        return []
    f = state.fighter(state.active.fighter)
    if f is None:
        return []
    named = [
        typed.Named(o.id, (PROFILES[o.profile].name.fr, PROFILES[o.profile].name.en), o.centre)
        for o in state.fighters
        if o.placed and o.id != f.id
    ]
    refused = typed.refusal(lambda action: rules.check(state, seat, action))
    reach = max(f.stat("move"), state.active.bonus_reach or 0)
    out = []
    for point, _who in typed.wanted(board.MEASURE, ask.text, named):
        answer = typed.answer(
            point, [lambda p: Move(to=p)], refused, origin=f.centre, reach=reach, inside=board.MEASURE.inside
        )
        if answer is not None:
            out.append(answer)
    return out


def suggestions(state: WarState, seat: int, ask: Ask) -> list[Choice[Any]]:
    if not state.stack or seat not in state.stack[-1].waiting():
        return []
    ends: set[tuple[int, int]] = set()

    def keep(c: Candidate) -> bool:
        """Two wishes that end on the same spot are one choice (unless typed)."""
        if not isinstance(c.action, Move):
            return True
        f = state.fighter(state.active.fighter) if state.active else None
        assert f is not None
        end = rules.move_path(state, f, c.action)[-1]
        if end in ends and not c.typed:
            return False
        ends.add(end)
        return True

    answers = _typed_moves(state, seat, ask)
    refused = typed.refused_choices(answers, ask, lambda action: describe(state, seat, action))
    accepted = [Candidate(a.action, a.why, typed=True) for a in answers if a.legal]
    return (
        _refused_split(state, seat, ask)
        + offered(
            [*accepted, *(Candidate(a, None, t) for a, t in raw_choices(state, seat, ask))],
            ask,
            ok=accepts(rules.check, state, seat),
            describe=lambda action: describe(state, seat, action),
            piece=lambda action: getattr(action, "fighter", None) or getattr(action, "target", None),
            previewed=lambda action: isinstance(action, Move | Disengage | Deploy),
            because="warcry.action.because",
            keep=keep,
        )
        + refused  # after the legal answers: the first typed choice is one the rules accept
    )


# -- labels and previews ------------------------------------------------------------------------------------
def _name(f: Fighter | None) -> Text:
    if f is None:
        return txt("warcry.target.none")
    return txt("warcry.fighter.name", profile=txt(f"warcry.profile.{f.profile}"), id=f.id)


def _names(state: WarState, ids: tuple[str, ...]) -> list[Text]:
    return [_name(state.fighter(i)) for i in ids]


def describe(state: WarState, seat: int, action: Any) -> Text:
    if isinstance(action, Split):
        return txt(
            "warcry.action.split",
            dagger=_names(state, action.dagger),
            shield=_names(state, action.shield),
            hammer=_names(state, action.hammer),
        )
    if isinstance(action, Seeds):
        return txt("warcry.action.seeds", line=_names(state, action.line))
    if isinstance(action, Deploy):
        if not action.formation:  # placed one by one: where each stands
            places = [
                txt("warcry.action.place", who=_name(state.fighter(fid)), cell=board.MEASURE.cell_of(p))
                for fid, p in action.places
            ]
            return txt("warcry.action.deploy_at", group=txt(f"warcry.group.{action.group}"), places=places)
        key = f"warcry.action.deploy_{action.formation}"
        return txt(key, group=txt(f"warcry.group.{action.group}"), n=len(action.places))
    if isinstance(action, Wild):
        return txt(f"warcry.action.wild_{action.use}", value=action.value)
    if isinstance(action, Activate):
        return txt("warcry.action.activate", who=_name(state.fighter(action.fighter)))
    f = state.fighter(state.active.fighter) if state.active else None
    if isinstance(action, Attack):
        weapon = txt(f"warcry.weapon.{f.profile}.{action.weapon}") if f else txt("warcry.target.none")
        return txt("warcry.action.attack", whom=_name(state.fighter(action.target)), weapon=weapon)
    if isinstance(action, Move) and f is not None:
        walked = rules.move_path(state, f, action)
        end = walked[-1] if walked else f.centre
        d = board.length([f.centre, *walked])
        if action.stop:
            return txt(
                "warcry.action.move_toward",
                whom=_name(state.fighter(action.stop)),
                cell=board.MEASURE.cell_of(end),
                d=d,
            )
        for o in state.objectives:
            if action.to == o.centre:
                return txt("warcry.action.move_objective", n=o.id, cell=board.MEASURE.cell_of(end), d=d)
        for c in state.treasures:
            if action.to == c.centre and c.carrier is None:
                return txt("warcry.action.move_treasure", n=c.id, cell=board.MEASURE.cell_of(end), d=d)
        return txt("warcry.action.move", cell=board.MEASURE.cell_of(end), d=d)
    if isinstance(action, Disengage):
        return txt("warcry.action.disengage", cell=board.MEASURE.cell_of(action.to))
    if isinstance(action, Wait):
        return txt("warcry.action.wait")
    if isinstance(action, Use):
        extra = _name(state.fighter(action.target)) if action.target else None
        key = "warcry.action.use_on" if extra is not None else "warcry.action.use"
        return txt(
            key, ability=txt(f"warcry.ability.{action.ability}"), value=action.value, tier=action.tier, whom=extra
        )
    return txt("warcry.action.unknown")


def preview(state: WarState, seat: int, action: Any) -> Preview | None:
    if isinstance(action, Deploy):
        return Preview(
            lines=(describe(state, seat, action),),
            overlay={"places": [[fid, list(p)] for fid, p in action.places]},
        )
    f = state.fighter(state.active.fighter) if state.active else None
    if f is None:
        return None
    if isinstance(action, Move):
        walked = rules.move_path(state, f, action)
        full = [f.centre, *walked]
        used = board.cost(state, full)
        lines = [txt("warcry.preview.distance", used=used, left=max(0, f.stat("move") - used))]
        moved = f.model_copy(update={"x": full[-1][0], "y": full[-1][1]})
        for e in board.enemies(state, f):
            if rules.can_attack(state, moved, e):
                lines.append(txt("warcry.preview.in_range", whom=_name(e)))
        if board.in_deadly(full[-1], f.p.radius, state.layout):
            lines.append(txt("warcry.preview.pit"))
        return Preview(
            lines=tuple(lines), overlay={"path": [list(p) for p in full], "figure": f.id, "reach": f.stat("move")}
        )
    if isinstance(action, Disengage):
        full = [f.centre, action.to]
        return Preview(
            lines=(describe(state, seat, action),),
            overlay={"path": [list(p) for p in full], "figure": f.id, "reach": board.DISENGAGE},
        )
    return None
