"""`check`: the one legality oracle of Colors of Magic. Every refusal names its rule for `/regle`."""

from __future__ import annotations

from typing import Any

from bot.engine import Refusals
from bot.table.geometry import Base, overlaps, within
from bot.table.units import INCH

from . import board, instants
from .actions import Activate, Attack, Cast, Disengage, Done, DuelCard, Move, Tap
from .changes import cost_after_discard
from .content import CARDS, Card
from .state import ColorsState, Figure

#: The /regle entry each refusal points to (a test checks every one exists).
RULES = {
    "activation": "colors.phase.activation",
    "creature": "colors.creature.activation",
    "movement": "colors.movement",
    "engagement": "colors.engagement",
    "disengage": "colors.disengage",
    "combat": "colors.combat",
    "melee": "colors.combat.melee",
    "ranged": "colors.combat.ranged",
    "sight": "colors.los.blocked",
    "cast": "colors.casting",
    "caster": "colors.keyword.channeling",
    "cost": "colors.casting.cost",
    "pact": "colors.decision.blood-pact",
    "summon": "colors.spell.creature",
    "range": "colors.casting.range-los",
    "instant": "colors.decision.stack",
    "duel": "colors.combat.duel",
    "setup": "colors.setup",
}


refuse = Refusals("colors", RULES)


def check(state: ColorsState, seat: int, action: Any) -> None:
    """The game's rules for an action the kernel let through (`BaseGame.check`: the match goes on,
    `seat` decides now, the action's kind answers the decision on top, see `ColorsGame.answers`)."""
    kind = state.stack[-1].kind
    if isinstance(action, Tap):
        _check_tap(state, seat, action)
    elif kind == "respond":
        _check_response(state, seat, action)
    elif kind == "duel":
        if isinstance(action, DuelCard) and action.card not in state.sides[seat].hand:
            raise refuse("not_in_hand", "duel")
    elif kind == "creature":
        _check_creature(state, seat, action)
    elif isinstance(action, Activate):  # the activation phase: one action per turn
        if _own(state, seat, action.figure).tapped:
            raise refuse("already_activated", "activation")
    elif isinstance(action, Cast):
        check_cast(state, seat, action)


def _own(state: ColorsState, seat: int, fid: str | None) -> Figure:
    fig = state.figure(fid) if fid is not None else None
    if fig is None or fig.owner != seat:
        raise refuse("no_such_figure", "activation")
    return fig


def _check_creature(state: ColorsState, seat: int, action: Any) -> None:
    """The active creature: one Movement and one Action, in either order."""
    fid = getattr(action, "figure", None)
    if fid != state.active:
        raise refuse("not_active", "activation")
    fig = _own(state, seat, fid)
    if isinstance(action, Done):
        return
    if isinstance(action, Move):
        if action.second:
            if fig.acted:
                raise refuse("action_used", "creature")
            if not fig.moved:
                raise refuse("move_first", "creature")
        elif fig.moved:
            raise refuse("move_used", "creature")
        if board.engaged_with(state, fig):
            raise refuse("engaged", "engagement")
        move_problem(state, fig, action.path, allowance=board.stat(state, fig, "move") * INCH)
        return
    if isinstance(action, Disengage):
        if fig.moved:
            raise refuse("move_used", "creature")
        if not board.engaged_with(state, fig):
            raise refuse("not_engaged", "disengage")
        move_problem(state, fig, action.path, allowance=board.stat(state, fig, "move") * INCH, leaving=True)
        return
    if isinstance(action, Attack):
        if fig.acted:
            raise refuse("action_used", "creature")
        target = state.figure(action.target)
        if target is None or not board.hostile(fig, target):
            raise refuse("no_target", "combat")
        if action.ranged:
            if board.stat(state, fig, "ranged") <= 0 and board.profile(fig).ranged <= 0:
                raise refuse("no_ranged", "ranged")
            if board.engaged_with(state, fig):
                raise refuse("ranged_engaged", "ranged")
            if not board.sees(state, fig, target):
                raise refuse("no_sight", "sight")
        elif not board.reach(state, fig, target):
            raise refuse("out_of_reach", "melee", reach=board.profile(fig).size * INCH)


def move_problem(
    state: ColorsState, fig: Figure, path: tuple[tuple[int, int], ...], *, allowance: int, leaving: bool = False
) -> None:
    """Refuse a path the table does not allow, saying why and where the nearest legal point is."""
    table = board.table(state.scenario)
    mover = board.base(fig)
    others = [board.base(o) for o in state.figures if o.id != fig.id]
    # neutrals are hostile to both sides: the table's "enemy" is any other side
    others = [Base(b.id, b.side if b.side == fig.owner else fig.owner + 1000, b.centre, b.radius) for b in others]
    if leaving:  # the creatures it leaves no longer stop it; new ones do ("de nouveau soumise")
        engaged = {o.id for o in board.engaged_with(state, fig)}
        enemies_for_stop = [b for b in others if b.side != fig.owner and b.id not in engaged]
    else:
        enemies_for_stop = [b for b in others if b.side != fig.owner]
    if not path:
        raise refuse("no_path", "movement")
    full = [fig.centre, *path]
    problem = table.move_problem(mover, full, others, allowance)
    if problem is None and enemies_for_stop:
        stop = table.engagement_stop(mover, full, enemies_for_stop, board.ENGAGEMENT)
        if stop is not None and stop != full[-1]:
            problem = "engaged_stop"
            raise refuse("engaged_stop", "engagement", x=stop[0], y=stop[1], cell=board.MEASURE.cell_of(stop))
    if problem is not None:
        near = (
            table.nearest_legal(
                mover, full[-1], others, allowance, engagement=board.ENGAGEMENT, stop_at=enemies_for_stop
            )
            or fig.centre
        )
        raise refuse(f"move_{problem}", "movement", x=near[0], y=near[1], cell=board.MEASURE.cell_of(near))


# -- casting ----------------------------------------------------------------------------------------
def _check_response(state: ColorsState, seat: int, action: Any) -> None:
    """In a window: no (more) instant, or an instant whose trigger the paused event meets."""
    if not isinstance(action, Cast):
        return
    window = state.window
    card = CARDS.get(action.card)
    if window is None or card is None or card.type != "instant":
        raise refuse("only_instants", "instant")
    if not instants.condition(state, seat, card, window):
        raise refuse("no_trigger", "instant")
    counter = card.effect is not None and card.effect.kind == "counter"
    if counter and state.rules >= 4:
        if action.spell not in instants.counter_aims(state, seat, card, window):
            raise refuse("counter_aim", "instant")
    elif action.spell is not None:
        raise refuse("counter_aim", "instant")
    if not counter and action.target not in instants.targets(state, seat, card, window):
        raise refuse("instant_target", "instant")
    check_cast(state, seat, action, instant=True)


def _check_tap(state: ColorsState, seat: int, action: Tap) -> None:
    """« sorts permanents activés »: an untapped permanent of one's own with an ability (rules version 4,
    D-COL-37), on one's turn or in a pause; it is not an action."""
    side = state.sides[seat]
    card = CARDS.get(action.card)
    usable = card is not None and card.effect is not None and card.effect.kind == "mana_tap"
    if state.rules < 4 or not usable or side.permanents.count(action.card) <= side.tapped.count(action.card):
        raise refuse("no_permanent", "cast")


def check_cast(state: ColorsState, seat: int, action: Cast, *, instant: bool = False) -> None:
    side = state.sides[seat]
    if action.card not in side.hand:
        raise refuse("not_in_hand", "cast")
    card = CARDS[action.card]
    if (card.type == "instant") != instant:
        raise refuse("instant_on_trigger" if not instant else "only_instants", "instant")
    caster = state.figure(action.caster)
    if caster is None or caster.owner != seat:
        raise refuse("no_caster", "caster")
    if not caster.wizard and not board.profile(caster).channeling:
        raise refuse("not_a_caster", "caster")
    if action.discard is not None:
        rest = list(side.hand)
        rest.remove(action.card)
        if action.discard not in rest:
            raise refuse("discard_not_in_hand", "cost")
    cost = cost_after_discard(card, action.discard)
    pact = 0
    seen: set[str] = set()
    for fid, wounds in action.pact:
        fig = state.figure(fid)
        if fig is None or fig.owner != seat or fid in seen or wounds < 1:
            raise refuse("bad_pact", "pact")
        if wounds > fig.pv:
            raise refuse("pact_too_much", "pact")
        seen.add(fid)
        pact += wounds
    if pact > cost:
        raise refuse("pact_over", "pact")
    if side.mana + pact < cost:
        raise refuse("no_mana", "cost", cost=cost, mana=side.mana)
    check_target(state, seat, caster, card, action)


def check_target(state: ColorsState, seat: int, caster: Figure, card: Card, action: Cast) -> None:
    reach = (card.range or 0) * INCH
    if card.type == "creature" or (card.effect is not None and card.effect.kind == "summon"):
        if action.at is None:
            raise refuse("needs_point", "summon")
        creature = card.creature or CARDS[card.effect.card or ""].creature  # type: ignore[union-attr]
        assert creature is not None
        new = Base("new", seat, action.at, creature.radius)
        problem = summon_problem(state, caster, new, reach)
        if problem:
            raise refuse(problem, "summon")
        return
    effect = card.effect
    assert effect is not None
    if effect.kind in ("draw", "aura", "counter", "mana_tap"):
        return
    target = state.figure(action.target or "")
    if target is None:
        raise refuse("needs_target", "cast")
    friendly = effect.kind in ("heal", "equip", "withdraw") or (effect.kind == "buff" and effect.amount > 0)
    if friendly and target.owner != seat:
        raise refuse("target_ally", "cast")
    if not friendly and target.owner == seat:
        raise refuse("target_enemy", "cast")
    if not within(board.base(caster), board.base(target), reach):
        raise refuse("out_of_range", "range", range=reach)
    if target.id != caster.id and not board.sees(state, caster, target):
        raise refuse("no_sight", "sight")


def summon_problem(state: ColorsState, caster: Figure, new: Base, reach: int) -> str | None:
    table = board.table(state.scenario)
    if not table.inside(new):
        return "summon_off_table"
    if not within(board.base(caster), new, reach):
        return "out_of_range"
    if any(t.impassable and t.polygon.intersects(new.shape()) for t in table.terrain):
        return "summon_in_terrain"
    if any(overlaps(new, board.base(o)) for o in state.figures):
        return "summon_on_figure"
    blockers = tuple(board.sight_blockers(state, caster))
    if not board.sight(state, board.base(caster), new, blockers):
        return "no_sight"
    return None
