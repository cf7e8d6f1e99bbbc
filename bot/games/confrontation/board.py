"""The table of a Confrontation match, in centimetres, on the shared geometry (bot/table/geometry.py).

What Confrontation adds: contact is bases touching (1 mm of tolerance, D-CON-09), a fighter is
« libre de tout adversaire » when no enemy touches it, the bases of every other fighter block sight
except the viewer's own friends (as in Colors), and the deployment zones along the short edges.
"""

from __future__ import annotations

from functools import cache, lru_cache

from bot.table import paths, stops
from bot.table.geometry import Base, Table, Terrain, edge_distance, within
from bot.table.memory import ByObject
from bot.table.units import CM, Measure, Point, cms

from .content import PROFILES, SCENARIOS, TERRAIN_RULES, Profile
from .state import ConfState, Fighter

CONTACT = 10  # one millimetre: bases that touch, as a player measures them


@cache
def table(scenario: str) -> Table:
    sc = SCENARIOS[scenario]
    pieces = tuple(Terrain(t.id, t.points(), **TERRAIN_RULES[t.kind]) for t in sc.terrain)
    return Table(width=cms(sc.width), height=cms(sc.height), terrain=pieces)


@cache
def measure(scenario: str) -> Measure:
    sc = SCENARIOS[scenario]
    return Measure(unit="cm", width=cms(sc.width), height=cms(sc.height), cell=5 * CM)


def profile(f: Fighter) -> Profile:
    return PROFILES[f.profile]


#: Each fighter's base, by the fighter object (frozen, kept alive here so its id is not reused): a menu
#: asks for the bases of the same fighters thousands of times (#25).
_bases: ByObject[Fighter, Base] = ByObject(4096)
#: Whether each fighter is free, by the state object and the fighter's place: every check of a menu's
#: moves asks it again (#25).
_free: ByObject[ConfState, dict[tuple[str, int, int, int, str], bool]] = ByObject(64)


def base(f: Fighter) -> Base:
    return _bases.get(f, _base)


def _base(f: Fighter) -> Base:
    return Base(f.id, f.owner, f.centre, profile(f).radius)


def in_contact(a: Fighter, b: Fighter) -> bool:
    return within(base(a), base(b), CONTACT)


def contacts(state: ConfState, f: Fighter) -> list[Fighter]:
    """The enemies touching `f`."""
    return [o for o in state.fighters if o.owner != f.owner and in_contact(f, o)]


def free(state: ConfState, f: Fighter) -> bool:
    """« libre de tout adversaire »: no enemy in contact. Remembered for the state (the same object) and
    what of `f` it depends on: its side, place and profile (a copy declaring an action is the same)."""
    known = _free.get(state, lambda _: {})
    key = (f.id, f.owner, f.x, f.y, f.profile)
    answer = known.get(key)
    if answer is None:
        answer = known[key] = not contacts(state, f)
    return answer


def sees(state: ConfState, a: Fighter, b: Fighter) -> bool:
    """Line of sight, even partial (any rim point to any rim point), blocked by rocks and by the bases
    of every fighter but the viewer's friends."""
    blockers = tuple(base(o) for o in state.fighters if o.owner != a.owner and o.id != b.id)
    return _sight(state.scenario, base(a), base(b), blockers, state.rules >= 2)


@lru_cache(maxsize=4096)
def _sight(scenario: str, a: Base, b: Base, blockers: tuple[Base, ...], exact: bool) -> bool:
    """Cached: menus, the AI and `check` ask the same question of the same table many times. Exact
    since rules version 2 (#25); sampled before."""
    if exact:
        return table(scenario).sees(a, b, blockers)
    return table(scenario).line_of_sight(a, b, blockers)


def path_to_contact(state: ConfState, f: Fighter, enemy: Fighter) -> tuple[Point, ...] | None:
    """The shortest path of `f` (its points after its centre) to touching `enemy`, round the rocks and
    the other enemies, through its friends; None when none reaches (V-C-1 « le placer au contact »)."""
    mover = base(f)
    others = [base(o) for o in state.fighters if o.id not in (f.id, enemy.id)]
    path = paths.shortest_path(table(state.scenario), mover, enemy.centre, others)
    if path is None:
        return None
    full = [f.centre, *path]
    stop = stops.entering(full, enemy.centre, mover.radius + profile(enemy).radius + CONTACT)
    return stops.truncate(full, stop) if stop is not None else None


def furthest_along(state: ConfState, f: Fighter, path: tuple[Point, ...], allowance: int) -> tuple[Point, ...]:
    """`path` (after `f`'s centre) cut where its cost, difficult terrain counted twice, reaches
    `allowance` (by halving on the table's integers)."""
    tab = table(state.scenario)
    full = [f.centre, *path]
    for i in range(1, len(full)):
        if tab.path_cost(full[: i + 1]) <= allowance:
            continue
        p, q = full[i - 1], full[i]
        n = max(abs(q[0] - p[0]), abs(q[1] - p[1]))
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if tab.path_cost([*full[:i], stops.point_at(p, q, mid, n)]) <= allowance:
                lo = mid
            else:
                hi = mid - 1
        return (*full[1:i], stops.point_at(p, q, lo, n))
    return path


def distance(a: Fighter, b: Fighter) -> int:
    return edge_distance(base(a), base(b))


def cover(state: ConfState, shooter: Fighter, target: Fighter) -> int:
    """Cover pieces (woods, ruins) crossed by the line of fire (D-CON-14)."""
    return len(table(state.scenario).cover_between(base(shooter), base(target)))


def deploy_zone(state_scenario: str, seat: int) -> tuple[int, int]:
    """The y-range of a seat's deployment zone: seat 0 along the bottom edge, seat 1 along the top."""
    sc = SCENARIOS[state_scenario]
    depth, height = cms(sc.deploy), cms(sc.height)
    return (height - depth, height) if seat == 0 else (0, depth)


def deploy_points(scenario: str, seat: int, radii: list[int]) -> list[Point]:
    """Where each fighter starts (D-CON-08): in rows of six across its zone, the first row nearest the
    middle of the table, evenly spread."""
    width = cms(SCENARIOS[scenario].width)
    lo, hi = deploy_zone(scenario, seat)
    per_row, step = 6, 4 * CM
    out: list[Point] = []
    for i, r in enumerate(radii):
        row, col = divmod(i, per_row)
        n = min(per_row, len(radii) - row * per_row)
        x = width * (col + 1) // (n + 1)
        y = lo + r + CM + row * step if seat == 0 else hi - r - CM - row * step
        out.append((x, y))
    return out
