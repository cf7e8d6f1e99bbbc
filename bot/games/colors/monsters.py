"""La Phase des monstres: the scenario's creatures act by the activation deck.

« Lorsqu'un monstre doit bouger ou attaquer, piochez une carte d'activation, et reportez vous à la
partie de la carte qui correspond à la taille du monstre » ; one card per action, the move first, then
the attack. A card showing the symbol of the scenario's special action triggers it. Ties between
targets never ask the first player: nearest, then fewest PV, then figure id (D-COL-10).
"""

from __future__ import annotations

from bot.engine import RandomSource, public, shuffled
from bot.table.geometry import Base, edge_distance

from . import board
from .content import ACTIVATION, MONSTERS, SCENARIOS, ActivationCard
from .state import ColorsState, Figure


def draw_activation(state: ColorsState, rng: RandomSource) -> tuple[ColorsState, ActivationCard]:
    """The top activation card; an empty deck is the shuffled discard."""
    deck, discard = list(state.monster_deck), list(state.monster_discard)
    if not deck:
        deck, discard = shuffled(rng, discard or sorted(ACTIVATION)), []
    card = deck.pop(0)
    state = state.model_copy(update={"monster_deck": tuple(deck), "monster_discard": (*discard, card)})
    return state, ACTIVATION[card]


def _rank(monster: Figure, other: Figure) -> tuple[int, int, str]:
    return (board.distance(monster, other), other.pv, other.id)


def move_goal(state: ColorsState, monster: Figure, target: str) -> tuple[int, int] | None:
    """Where an order sends the monster (None: it does not move)."""
    creatures = [f for f in state.figures if board.hostile(monster, f)]
    if target == "nearest_wizard":
        creatures = [f for f in creatures if f.wizard]
    if target in ("nearest", "nearest_wizard", "weakest") and creatures:
        return min(creatures, key=lambda f: _rank(monster, f)).centre
    if target == "objective":
        mine = board.base(monster)
        points = [o.point() for o in SCENARIOS[state.scenario].objectives]
        return min(points, key=lambda p: (edge_distance(mine, Base("o", -2, p, 0)), p))
    return None


def attack_target(state: ColorsState, monster: Figure, target: str) -> Figure | None:
    """Whom an order strikes among the creatures within its reach (None: nobody)."""
    if target == "none":
        return None
    near = [f for f in state.figures if board.hostile(monster, f) and board.reach(state, monster, f)]
    if target == "nearest_wizard":
        near = [f for f in near if f.wizard] or near
    if not near:
        return None
    if target == "weakest":
        return min(near, key=lambda f: (f.pv, board.distance(monster, f), f.id))
    return min(near, key=lambda f: _rank(monster, f))


def monster_move(state: ColorsState, monster: Figure, goal: tuple[int, int]) -> tuple[int, int]:
    """The furthest legal point toward `goal`, stopping on coming within 1" of a creature."""
    table = board.table(state.scenario)
    mover = board.base(monster)
    others = [board.base(o) for o in state.figures if o.id != monster.id]
    end = table.furthest_toward(mover, goal, others, board.profile(monster).move * board.INCH)
    stop = table.engagement_stop(mover, [monster.centre, end], others, board.ENGAGEMENT)
    return stop if stop is not None else end


def special_targets(state: ColorsState, monster: Figure) -> list[Figure]:
    special = MONSTERS[monster.card].special
    if special is None:
        return []
    mine = board.base(monster)
    return [
        f
        for f in state.figures
        if f.id != monster.id and edge_distance(mine, board.base(f)) <= special.radius * board.INCH
    ]


def steps_for(state: ColorsState) -> tuple[tuple[str, str], ...]:
    """Every monster on the table, in id order: its move, then its attack."""
    return tuple(
        (f.id, step)
        for f in sorted(state.figures, key=lambda f: f.id)
        if f.card in MONSTERS
        for step in ("move", "attack")
    )


def appeared(state: ColorsState, ev: list) -> ColorsState:
    """The scenario's monsters take their places at the set-up."""
    figures = list(state.figures)
    for i, m in enumerate(SCENARIOS[state.scenario].monsters, start=1):
        x, y = m.point()
        figures.append(Figure(id=f"N{i}", card=m.id, owner=-1, x=x, y=y, pv=m.profile.pv))
        ev.append(
            public(
                "monster_appears",
                figure=f"N{i}",
                card={"key": f"colors.card.{m.id}", "params": {}},
                cell=board.MEASURE.cell_of((x, y)),
            )
        )
    return state.model_copy(update={"figures": tuple(figures)})
