"""The table of a Colors of Magic match, and the characteristics of its creatures as they stand.

Geometry is the shared table's (bot/table/geometry.py): round bases, edge-to-edge distances, line of
sight and cover, paths with difficult terrain at double cost. This module only says what Colors adds:
who is hostile, which bases block sight, the 1" engagement, reach by size.
"""

from __future__ import annotations

from functools import cache, lru_cache

from bot.table.geometry import Base, Table, Terrain, edge_distance, within
from bot.table.memory import ByObject
from bot.table.units import INCH, Measure

from .content import CARDS, MONSTERS, SCENARIOS, TERRAIN_RULES, WIZARDS, Profile
from .state import ColorsState, Figure

SIZE = 24 * INCH  # D-COL-09: 24"×24" (the document's "60cm x 60cm (2' x 2')")
MEASURE = Measure(unit="in", width=SIZE, height=SIZE, cell=INCH)
ENGAGEMENT = INCH  # "à 1 pouce ou moins d'une créature hostile"
CONTROL = INCH  # an objective is held by the creatures within 1" of it


@cache
def table(scenario: str) -> Table:
    pieces = tuple(Terrain(t.id, t.points(), **TERRAIN_RULES[t.kind]) for t in SCENARIOS[scenario].terrain)
    return Table(width=SIZE, height=SIZE, terrain=pieces)


def profile(fig: Figure) -> Profile:
    if fig.wizard:
        return WIZARDS[fig.card].profile
    if fig.card in MONSTERS:
        return MONSTERS[fig.card].profile
    creature = CARDS[fig.card].creature
    assert creature is not None, fig.card
    return creature


#: Each figure's base, by the figure object: a menu asks for the bases of the same figures hundreds of
#: times (#25).
_bases: ByObject[Figure, Base] = ByObject(4096)


def base(fig: Figure) -> Base:
    return _bases.get(fig, _base)


def _base(fig: Figure) -> Base:
    return Base(fig.id, fig.owner, fig.centre, profile(fig).radius)


def hostile(a: Figure, b: Figure) -> bool:
    """Opponents' creatures and the scenario's neutrals are hostile ("Créatures Hostiles")."""
    return a.owner != b.owner


def stat(state: ColorsState, fig: Figure, name: str) -> int:
    """A characteristic with its artefacts, the round's changes and its side's permanents (never below 0)."""
    value = getattr(profile(fig), name)
    for item in fig.items:
        effect = CARDS[item].effect
        if effect is not None and effect.stat == name:
            value += effect.amount
    value += sum(amount for key, amount in fig.buffs if key == name)
    if 0 <= fig.owner < len(state.sides):
        for card in state.sides[fig.owner].permanents:
            effect = CARDS[card].effect
            if effect is not None and effect.kind == "aura" and effect.stat == name:
                value += effect.amount
    return max(0, value)


def engaged_with(state: ColorsState, fig: Figure) -> list[Figure]:
    """The hostile creatures within 1" of `fig` (engagement is mutual, D-COL-09)."""
    mine = base(fig)
    return [o for o in state.figures if hostile(fig, o) and within(mine, base(o), ENGAGEMENT)]


def sight_blockers(state: ColorsState, viewer: Figure) -> list[Base]:
    """Bases that block the line of sight of `viewer`'s side: every creature but its allies (D-COL-22)."""
    return [base(o) for o in state.figures if o.owner != viewer.owner]


def sees(state: ColorsState, a: Figure, b: Figure) -> bool:
    return sight(state, base(a), base(b), tuple(sight_blockers(state, a)))


def sight(state: ColorsState, a: Base, b: Base, blockers: tuple[Base, ...]) -> bool:
    """Line of sight from base `a` to base `b` past `blockers`: exact since rules version 5 (D-COL-22,
    #25), sampled between 17 points of each base before."""
    return _sight(state.scenario, a, b, blockers, state.rules >= 5)


@lru_cache(maxsize=4096)
def _sight(scenario: str, a: Base, b: Base, blockers: tuple[Base, ...], exact: bool) -> bool:
    """Cached: menus, the pauses' reading and `check` ask the same question of the same table many times."""
    if exact:
        return table(scenario).sees(a, b, blockers)
    return table(scenario).line_of_sight(a, b, blockers)


def reach(state: ColorsState, a: Figure, b: Figure) -> bool:
    """Melee reach: the attacker's size in inches, edge to edge, inclusive (D-COL-09)."""
    return within(base(a), base(b), profile(a).size * INCH)


def distance(a: Figure, b: Figure) -> int:
    return edge_distance(base(a), base(b))


def cover(state: ColorsState, shooter: Figure, target: Figure) -> int:
    """Light cover elements between them (D-COL-21)."""
    return len(table(state.scenario).cover_between(base(shooter), base(target)))
