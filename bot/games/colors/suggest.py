"""`suggest` for Colors of Magic: useful, already-checked choices among infinitely many legal ones.

Moves: into contact with each enemy (the point where the path meets the 1" engagement), toward each
objective, the furthest point toward the enemy wizard, and the point a player typed ("C7", "12,5 8"),
or the nearest legal point to it. Casts: each card in hand on each target in range and sight, paid
from the pool, else with the discard, else with the Blood Pact of the sturdiest creatures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import Ask, Choice, Preview, Text, txt
from bot.table import paths, routes, typed
from bot.table.geometry import Base, within
from bot.table.suggest import Candidate, accepts, offered
from bot.table.units import INCH, Point

from . import board, instants, rules
from .actions import Activate, Attack, Cast, Disengage, Done, DuelCard, DuelPass, Move, NoResponse, Pass, Tap
from .content import CARDS, MONSTERS, SCENARIOS, WIZARDS
from .state import ColorsState, Figure


def suggestions(state: ColorsState, seat: int, ask: Ask) -> list[Choice[Any]]:
    if not state.stack or seat not in state.stack[-1].waiting():
        return []
    kind = state.stack[-1].kind
    raw: list[Any] = []
    if kind == "respond":
        raw = [NoResponse(), *_instants(state, seat), *_taps(state, seat)]
    elif kind == "duel":
        raw = [DuelPass(), *(DuelCard(card=c) for c in sorted(set(state.sides[seat].hand)))]
    elif kind != "creature":
        raw = [Pass()]
        raw += [Activate(figure=f.id) for f in state.figures if f.owner == seat and not f.tapped]
        raw += _casts(state, seat)
        raw += _taps(state, seat)
    answers = _typed_moves(state, seat, ask) if kind == "creature" else []
    typed_first = [Candidate(a.action, a.why, typed=True) for a in answers if a.legal]
    return offered(
        typed_first + _creature_actions(state, seat, ask) if kind == "creature" else [Candidate(a) for a in raw],
        ask,
        ok=_sparing(state, accepts(rules.check, state, seat)),
        describe=lambda action: describe(state, seat, action),
        piece=lambda action: getattr(action, "figure", None) or getattr(action, "card", None),
        previewed=lambda action: (
            isinstance(action, Move | Disengage) or (isinstance(action, Cast) and _warns(state, seat, action))
        ),
        because="colors.action.because",
    ) + typed.refused_choices(answers, ask, lambda action: describe(state, seat, action))


def _sparing(state: ColorsState, ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """The rules' verdict, a move the table refuses turned down first: the rules would refuse it too,
    after searching the nearest legal point to name in the refusal, which a menu never shows."""

    def check(action: Any) -> bool:
        if isinstance(action, Move | Disengage) and _table_refuses(state, action):
            return False
        return ok(action)

    return check


def _table_refuses(state: ColorsState, action: Move | Disengage) -> bool:
    """Whether rules.move_problem would refuse the path (the same table tests, without the search)."""
    fig = state.figure(action.figure)
    if fig is None or not action.path:
        return False
    table = board.table(state.scenario)
    others = [board.base(o) for o in state.figures if o.id != fig.id]
    others = [Base(b.id, b.side if b.side == fig.owner else fig.owner + 1000, b.centre, b.radius) for b in others]
    full = [fig.centre, *action.path]
    if table.move_problem(board.base(fig), full, others, board.stat(state, fig, "move") * INCH) is not None:
        return True
    engaged = {o.id for o in board.engaged_with(state, fig)} if isinstance(action, Disengage) else set()
    enemies = [b for b in others if b.side != fig.owner and b.id not in engaged]
    stop = table.engagement_stop(board.base(fig), full, enemies, board.ENGAGEMENT) if enemies else None
    return stop is not None and stop != full[-1]


def harm(state: ColorsState, seat: int, action: Cast) -> list[tuple[Figure, int]]:
    """What a cast would wound, as it resolves if nobody answers: the Blood Pact first, then the spell's
    wounds on its target and everything within its area, the caster's own side included. (figure,
    wounds), each at most its PV; the wizards first, the caster's own first."""
    wounds: dict[str, int] = {}
    for fid, n in action.pact:
        wounds[fid] = wounds.get(fid, 0) + n
    effect = CARDS[action.card].effect
    target = state.figure(action.target or "")
    alive = target is not None and wounds.get(target.id, 0) < target.pv
    if effect is not None and effect.kind == "damage" and target is not None and alive:
        reach = effect.area * INCH
        for f in state.figures:
            if f.id == target.id or (effect.area and within(board.base(f), board.base(target), reach)):
                wounds[f.id] = wounds.get(f.id, 0) + effect.amount
    hit = [(f, min(f.pv, wounds[f.id])) for f in state.figures if wounds.get(f.id, 0) > 0]
    return sorted(hit, key=lambda h: (not h[0].wizard, h[0].owner != seat, h[0].id))


def _warns(state: ColorsState, seat: int, action: Cast) -> bool:
    """A cast asks for Confirm when it would kill one of the caster's own creatures or wound its wizard
    (D-COL-15, D-COL-33)."""
    return any(f.owner == seat and (n >= f.pv or f.wizard) for f, n in harm(state, seat, action))


# -- creatures -------------------------------------------------------------------------------------
def _creature_actions(state: ColorsState, seat: int, ask: Ask) -> list[Candidate]:
    """The active creature's Done, attacks and moves (typed point first, each with why: a move proposed
    twice keeps its place, its last reason and whether it was ever typed)."""
    fig = state.figure(state.active or "")
    if fig is None:
        return []
    out: list[Candidate] = [Candidate(Done(figure=fig.id))]
    hostile = [o for o in state.figures if board.hostile(fig, o)]
    for o in sorted(hostile, key=lambda o: (board.distance(fig, o), o.id)):
        out.append(Candidate(Attack(figure=fig.id, target=o.id)))
        if board.profile(fig).ranged > 0:
            out.append(Candidate(Attack(figure=fig.id, target=o.id, ranged=True)))
    engaged = board.engaged_with(state, fig)
    allowance = board.stat(state, fig, "move") * INCH
    second = fig.moved and not fig.acted
    moves: dict[str, Candidate] = {}
    for way, reason, was_typed in destinations(state, fig, allowance, ask.text, leaving=bool(engaged)):
        move: Any = None
        if engaged and not fig.moved:
            move = Disengage(figure=fig.id, path=way)
        elif not fig.moved:
            move = Move(figure=fig.id, path=way)
        elif second:
            move = Move(figure=fig.id, path=way, second=True)
        if move is not None:
            key = move.model_dump_json()
            typed = was_typed or (key in moves and moves[key].typed)
            moves[key] = Candidate(move, reason, typed)
    return out + list(moves.values())


def _typed_moves(state: ColorsState, seat: int, ask: Ask) -> list[typed.Answer]:
    """The point typed as a cell, coordinates or a figure (typed.py): the active creature's move there,
    straight or round what is in the way, else to the nearest point the rules accept, saying why."""
    fig = state.figure(state.active or "")
    if fig is None or not ask.text or not (ask.wants("move") or ask.wants("disengage")):
        return []
    engaged = bool(board.engaged_with(state, fig))
    table = board.table(state.scenario)
    mover = board.base(fig)
    others = [board.base(o) for o in state.figures if o.id != fig.id]

    def move(path: tuple[Point, ...]) -> Any | None:
        if not fig.moved:
            return Disengage(figure=fig.id, path=path) if engaged else Move(figure=fig.id, path=path)
        return None if fig.acted else Move(figure=fig.id, path=path, second=True)

    def bent(p: Point) -> Any | None:
        way = paths.shortest_path(table, mover, p, others, effort=routes.EFFORT)
        return move(way) if way is not None and len(way) > 1 else None

    named = [typed.Named(o.id, _names(o.card), o.centre) for o in state.figures]
    refused = typed.refusal(lambda action: rules.check(state, seat, action))
    reach = board.stat(state, fig, "move") * INCH
    out = []
    for point, _who in typed.wanted(board.MEASURE, ask.text, [n for n in named if n.id != fig.id]):
        answer = typed.answer(
            point,
            [lambda p: move((p,)), bent],
            refused,
            origin=fig.centre,
            reach=reach,
            inside=board.MEASURE.inside,
            plausible=lambda action: not _table_refuses(state, action),
        )
        if answer is not None:
            out.append(answer)
    return out


def destinations(
    state: ColorsState, fig: Figure, allowance: int, text: str = "", *, leaving: bool = False
) -> list[tuple[tuple[Point, ...], Text | None, bool]]:
    """Where a creature may usefully go, each with why: the point typed (or the furthest toward it),
    contact with each enemy, cover behind each piece that hides it from the nearest enemy, each
    objective, and home when it disengages. (waypoints, reason, typed): a straight move, and the
    shortest path round what is in the way when that ends clearly nearer (#25)."""

    table = board.table(state.scenario)
    mover = board.base(fig)
    others = [board.base(o) for o in state.figures if o.id != fig.id]
    goals: list[tuple[Point, Text | None, bool]] = []
    typed = board.MEASURE.parse_point(text) if text else None
    if typed is not None:
        goals.append((typed, txt("colors.reason.typed"), True))
    enemies = sorted((o for o in state.figures if board.hostile(fig, o)), key=lambda o: (board.distance(fig, o), o.id))
    for o in enemies:
        goals.append((o.centre, txt("colors.reason.contact", figure=_fig_name(state, o.id)), False))
    scenario = SCENARIOS[state.scenario]
    if enemies:  # behind each cover piece, seen from the nearest enemy
        threat = enemies[0].centre
        for piece in scenario.terrain:
            if piece.kind not in ("forest", "ruins"):
                continue
            corners = piece.points()
            cx = sum(c[0] for c in corners) // len(corners)
            cy = sum(c[1] for c in corners) // len(corners)
            dx, dy = cx - threat[0], cy - threat[1]
            norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
            reach = max(abs(c[0] - cx) + abs(c[1] - cy) for c in corners) // 2 + mover.radius
            spot = (round(cx + dx / norm * reach), round(cy + dy / norm * reach))
            if board.MEASURE.inside(spot):
                goals.append((spot, txt("colors.reason.cover", terrain=txt(f"colors.terrain.{piece.id}")), False))
    for obj in scenario.objectives:
        goals.append((obj.point(), txt("colors.reason.objective", objective=txt(f"colors.objective.{obj.id}")), False))
    if leaving:
        home = scenario.deploy_point(0 if fig.centre[0] < board.SIZE // 2 else 1)
        goals.append((home, txt("colors.reason.away"), False))
    out: list[tuple[tuple[Point, ...], Text | None, bool]] = []
    seen: set[Point] = set()
    enemy_bases = [b for b in others if b.side != fig.owner]
    for goal, reason, was_typed in goals:
        end = routes.furthest_toward(table, mover, goal, others, allowance)
        stop = table.engagement_stop(mover, [fig.centre, end], enemy_bases, board.ENGAGEMENT) if not leaving else None
        if stop is not None:
            end = stop
        if end != fig.centre and end not in seen:
            seen.add(end)
            out.append(((end,), reason, was_typed))
        if stop is not None or (leaving and not was_typed):
            continue  # the straight move meets the enemy: nothing stands in its way
        stop_reach = None if leaving else board.ENGAGEMENT
        way = routes.bent_toward(table, mover, goal, others, allowance, straight_end=end, stop_within=stop_reach)
        if way is not None and way[-1] not in seen:
            seen.add(way[-1])
            out.append((way, reason, was_typed))
    return out


# -- casting ---------------------------------------------------------------------------------------
def _casts(state: ColorsState, seat: int) -> list[Cast]:
    side = state.sides[seat]
    casters = [f for f in state.figures if f.owner == seat and (f.wizard or board.profile(f).channeling)]
    out: list[Cast] = []
    for card_id in sorted(set(side.hand)):
        card = CARDS[card_id]
        if card.type == "instant":
            continue
        for caster in casters:
            for target, at in _targets(state, seat, caster, card_id):
                pay = _payment(state, seat, card_id, caster)
                if pay is not None:
                    discard, paid = pay
                    out.append(Cast(card=card_id, caster=caster.id, target=target, at=at, discard=discard, pact=paid))
                # the player chooses who pays the Blood Pact, the wizard included (previewed if fatal)
                for payer, pact in _pact_choices(state, seat, card_id):
                    out.append(Cast(card=card_id, caster=caster.id, target=target, at=at, pact=((payer, pact),)))
    return out


def _pact_choices(state: ColorsState, seat: int, card_id: str) -> list[tuple[str, int]]:
    """Each own creature that alone could pay what the pool lacks (no discard): (creature, wounds)."""
    short = CARDS[card_id].cost - state.sides[seat].mana
    if short <= 0:
        return []
    return [(f.id, short) for f in state.figures if f.owner == seat and f.pv >= short]


def _instants(state: ColorsState, seat: int) -> list[Cast]:
    """The instants in hand that answer the paused event, on each creature (or spell of the pile) they
    may aim at; `offered` keeps those `check` accepts (range, sight, cost)."""
    out: list[Cast] = []
    window = state.window
    casters = [f for f in state.figures if f.owner == seat and (f.wizard or board.profile(f).channeling)]
    for card_id in sorted(set(state.sides[seat].hand)):
        card = CARDS[card_id]
        if card.type != "instant" or window is None:
            continue
        counter = card.effect is not None and card.effect.kind == "counter"
        aims: list[tuple[str | None, int | None]] = (
            [(None, n) for n in instants.counter_aims(state, seat, card, window)]
            if counter and state.rules >= 4
            else [(t, None) for t in instants.targets(state, seat, card, window)]
        )
        for caster in casters:
            for target, spell in aims:
                pay = _payment(state, seat, card_id, caster)
                if pay is not None:
                    out.append(
                        Cast(card=card_id, caster=caster.id, target=target, spell=spell, discard=pay[0], pact=pay[1])
                    )
                for payer, pact in _pact_choices(state, seat, card_id):  # the wizard too, as for any spell
                    out.append(Cast(card=card_id, caster=caster.id, target=target, spell=spell, pact=((payer, pact),)))
    return out


def _taps(state: ColorsState, seat: int) -> list[Tap]:
    """Each untapped permanent with an ability, once (rules version 4, D-COL-37)."""
    side = state.sides[seat]
    left = [c for c in sorted(set(side.permanents)) if side.permanents.count(c) > side.tapped.count(c)]
    return [Tap(card=c) for c in left if state.rules >= 4 and CARDS[c].effect.kind == "mana_tap"]  # type: ignore[union-attr]


def _targets(state: ColorsState, seat: int, caster: Figure, card_id: str) -> list[tuple[str | None, Point | None]]:
    card = CARDS[card_id]
    effect = card.effect
    summon = card.type == "creature" or (effect is not None and effect.kind == "summon")
    if summon:
        spots: list[tuple[str | None, Point | None]] = []
        cells: set[str] = set()  # one spot per cell: a menu names a spot by its cell
        reach = (card.range or 0) * INCH
        for goal in [o.point() for o in SCENARIOS[state.scenario].objectives] + [
            e.centre for e in state.figures if e.owner != seat
        ]:
            spot = _toward(caster.centre, goal, reach)
            if board.MEASURE.cell_of(spot) not in cells:
                cells.add(board.MEASURE.cell_of(spot))
                spots.append((None, spot))
        return spots[:4]
    if effect is not None and effect.kind in ("draw", "aura", "mana_tap"):
        return [(None, None)]
    friendly = effect is not None and (
        effect.kind in ("heal", "equip") or (effect.kind == "buff" and effect.amount > 0)
    )
    return [(f.id, None) for f in state.figures if (f.owner == seat) == friendly]


def _toward(a: Point, b: Point, reach: int) -> Point:
    """The point `reach` along the way from `a` to `b` (or `b` when nearer)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = max(1, int((dx * dx + dy * dy) ** 0.5))
    if d <= reach:
        return b
    return (a[0] + dx * reach // d, a[1] + dy * reach // d)


def _payment(
    state: ColorsState, seat: int, card_id: str, caster: Figure
) -> tuple[str | None, tuple[tuple[str, int], ...]] | None:
    """The cheapest way to pay: the pool; else discard the weakest other card; else the Blood Pact of
    the sturdiest non-wizard creatures (never killing one: a killing pact is the player's own choice)."""
    side = state.sides[seat]
    card = CARDS[card_id]
    if side.mana >= card.cost:
        return None, ()
    rest = sorted((c for c in side.hand if c != card_id), key=lambda c: (CARDS[c].boost.initiative, c))
    if not rest and side.hand.count(card_id) > 1:
        rest = [card_id]
    discard = rest[0] if rest and card.cost > 1 else None
    cost = rules.cost_after_discard(card, discard)
    short = cost - side.mana
    if short <= 0:
        return discard, ()
    pact: list[tuple[str, int]] = []
    for f in sorted((f for f in state.figures if f.owner == seat and not f.wizard), key=lambda f: -f.pv):
        if short <= 0:
            break
        n = min(short, f.pv - 1)
        if n > 0:
            pact.append((f.id, n))
            short -= n
    return (discard, tuple(pact)) if short <= 0 else None


# -- labels and previews ----------------------------------------------------------------------------
def _names(card: str) -> tuple[str, ...]:
    """A figure's names in both languages (a creature's card, a wizard or a monster)."""
    found = CARDS.get(card) or WIZARDS.get(card) or MONSTERS.get(card)
    return (found.name.fr, found.name.en) if found is not None else ()


def _fig_name(state: ColorsState, fid: str | None) -> Text:
    fig = state.figure(fid or "")
    if fig is None:
        return txt("colors.figure.gone")
    return txt("colors.figure.name", card=txt(f"colors.card.{fig.card}"), id=fig.id)


def describe(state: ColorsState, seat: int, action: Any) -> Text:
    if isinstance(action, Pass):
        return txt("colors.action.pass")
    if isinstance(action, Activate):
        return txt("colors.action.activate", figure=_fig_name(state, action.figure))
    if isinstance(action, Done):
        return txt("colors.action.done", figure=_fig_name(state, action.figure))
    if isinstance(action, DuelPass):
        return txt("colors.action.duel_pass")
    if isinstance(action, NoResponse):
        return txt("colors.action.no_response")
    if isinstance(action, Tap):
        effect = CARDS[action.card].effect
        return txt("colors.action.tap", card=txt(f"colors.card.{action.card}"), n=effect.amount if effect else 0)
    if isinstance(action, DuelCard):
        card = CARDS[action.card]
        return txt("colors.action.duel_card", card=txt(f"colors.card.{card.id}"), n=card.boost.initiative)
    if isinstance(action, Attack):
        return txt(
            "colors.action.ranged" if action.ranged else "colors.action.melee",
            figure=_fig_name(state, action.figure),
            target=_fig_name(state, action.target),
        )
    if isinstance(action, Move | Disengage):
        end = action.path[-1]
        key = (
            "colors.action.disengage"
            if isinstance(action, Disengage)
            else ("colors.action.second_move" if action.second else "colors.action.move")
        )
        return txt(key, figure=_fig_name(state, action.figure), cell=board.MEASURE.cell_of(end))
    if isinstance(action, Cast):
        return _cast_label(state, action)
    return txt("colors.action.unknown")


def preview(state: ColorsState, seat: int, action: Any) -> Preview | None:
    if isinstance(action, Move | Disengage):
        fig = state.figure(action.figure)
        if fig is None:
            return None
        full = [fig.centre, *action.path]
        used = board.table(state.scenario).path_cost(full)
        left = board.stat(state, fig, "move") * INCH - used
        lines = [txt("colors.preview.distance", used=used, left=max(0, left))]
        if isinstance(action, Disengage):
            for o in board.engaged_with(state, fig):
                lines.append(txt("colors.preview.free_attack", figure=_fig_name(state, o.id)))
        moved = fig.model_copy(update={"x": full[-1][0], "y": full[-1][1]})
        moved_state = state.model_copy(update={"figures": tuple(moved if f.id == fig.id else f for f in state.figures)})
        for o in board.engaged_with(moved_state, moved):
            lines.append(txt("colors.preview.engages", figure=_fig_name(state, o.id)))
        return Preview(lines=tuple(lines), overlay={"path": [list(p) for p in full], "figure": fig.id})
    if isinstance(action, Cast):
        return Preview(lines=tuple(_harm_line(state, seat, f, n) for f, n in harm(state, seat, action)), overlay={})
    return None


def _cast_label(state: ColorsState, action: Cast) -> Text:
    """« Lancer Loup de cendre en G13 — 1 mana et 2 PV de Braise (A0) »: where, by whom when not the
    wizard, and what pays (mana, each creature's life, the discarded card), so no two casts read alike."""
    card = CARDS[action.card]
    caster = state.figure(action.caster)
    named = txt(f"colors.card.{card.id}")
    by = (
        txt("colors.action.cast_by", card=named, figure=_fig_name(state, action.caster))
        if caster and not caster.wizard
        else ""
    )
    pay = _payment_text(state, action)
    if action.spell is not None and action.spell <= len(state.instants):
        aimed = state.instants[action.spell - 1][1]["card"]
        return txt(
            "colors.action.cast_against",
            card=named,
            spell=txt(f"colors.card.{aimed}"),
            n=action.spell,
            by=by,
            pay=pay,
        )
    if action.target:
        return txt(
            "colors.action.cast_on",
            card=named,
            target=_fig_name(state, action.target),
            by=by,
            pay=pay,
        )
    if action.at:
        return txt(
            "colors.action.cast_at",
            card=named,
            cell=board.MEASURE.cell_of(action.at),
            by=by,
            pay=pay,
        )
    return txt("colors.action.cast", card=named, by=by, pay=pay)


def _payment_text(state: ColorsState, action: Cast) -> Text:
    """The mana, then each Blood Pact wound by creature, then the discarded card, as a list."""
    cost = rules.cost_after_discard(CARDS[action.card], action.discard)
    mana = cost - sum(n for _, n in action.pact)
    parts: list[Text] = [txt("colors.pay.mana", n=mana)] if mana > 0 else []
    parts += [txt("colors.pay.pact", n=n, figure=_fig_name(state, fid)) for fid, n in action.pact]
    if action.discard:
        parts.append(txt("colors.pay.discard", card=txt(f"colors.card.{action.discard}")))
    text = parts[-1]
    for i, part in enumerate(reversed(parts[:-1])):
        text = txt("colors.pay.and" if i == 0 else "colors.pay.comma", a=part, b=text)
    return text


def _harm_line(state: ColorsState, seat: int, fig: Figure, n: int) -> Text:
    name = _fig_name(state, fig.id)
    if n >= fig.pv and fig.wizard:
        return txt(
            "colors.preview.wizard_dies" if fig.owner == seat else "colors.preview.enemy_wizard_dies", figure=name
        )
    if n >= fig.pv:
        return txt("colors.preview.dies", figure=name, n=n)
    return txt("colors.preview.wounded", figure=name, n=n, pv=fig.pv - n)
