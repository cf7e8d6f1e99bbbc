"""WarCry's table (research I.7, flat model v1): 30" × 22", obstacles that stop moves and sight and
give cover, a deadly pit the procedure walks around, distances between the closest points of bases.

Built on the shared table (bot/table: exact sight, shortest paths, stops). What WarCry adds: its
pieces, its ranges (1" engagement, 3" disengage and objectives), a walk along a path that stops where
the game says, and the points a disengage may reach. Matches begun before rules version 2 keep the
geometry they began with (legacy.py).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from bot.table import heights, paths, sight, stops
from bot.table.geometry import Base, Table, Terrain, distance2, edge_distance, overlaps, within
from bot.table.units import INCH, Measure, Point

from .content import HEIGHT, LAYOUTS, TWISTS, WIDTH
from .state import Fighter, WarState

MEASURE = Measure("in", WIDTH, HEIGHT, INCH)
ENGAGED = INCH  # within 1" (research I.2.7)
DISENGAGE = 3 * INCH
OBJECTIVE = 3 * INCH  # control and the procedure's objective defence
HIGH = 3 * INCH  # a drop this high hurts; a target this much above the attacker has cover (D-WAR-29, D-WAR-30)
STEP = INCH // 4  # deployment's grid; after a range is entered out of sight, the walk looks on by this step


@lru_cache(maxsize=8)
def table(layout: str = "plaine") -> Table:
    """The layout's pieces on the shared table: obstacles block moves and sight and give cover; a
    platform has a height (bot/table/heights.py) and blocks sight as WarCry says (`visible`)."""
    pieces = tuple(
        Terrain(
            t.id,
            t.points(),
            blocking=t.kind == "obstacle",
            impassable=t.kind == "obstacle",
            cover=t.kind == "obstacle",
            height=t.rise,
        )
        for t in LAYOUTS[layout]
        if t.kind != "deadly"
    )
    return Table(WIDTH, HEIGHT, pieces)


@lru_cache(maxsize=8)
def deadly(layout: str = "plaine") -> tuple[Polygon, ...]:
    return tuple(Polygon(t.points()) for t in LAYOUTS[layout] if t.kind == "deadly")


def level(state: WarState, f: Fighter | Point) -> int:
    """The height a fighter stands at: its platform's, else the floor (D-WAR-28)."""
    return heights.level(table(state.layout), f.centre if isinstance(f, Fighter) else f)


def base(f: Fighter) -> Base:
    return Base(f.id, f.owner, f.centre, f.p.radius)


def gap(a: Fighter, b: Fighter) -> int:
    """The distance between the closest points of two bases (research I.7.2)."""
    return edge_distance(base(a), base(b))


def gap_to_point(f: Fighter | Base, p: Point) -> int:
    """From a base to an objective's centre (objectives are measured to their centre)."""
    b = base(f) if isinstance(f, Fighter) else f
    return max(0, math.ceil(math.sqrt(distance2(b.centre, p))) - b.radius)


def enemies(state: WarState, f: Fighter) -> list[Fighter]:
    return [o for o in state.of(1 - f.owner)]


def engaged(state: WarState, f: Fighter) -> bool:
    return any(within(base(f), base(e), ENGAGED) for e in enemies(state, f))


def visible(state: WarState, a: Fighter, b: Fighter) -> bool:
    """A straight line from some point of one to some point of the other, through no obstacle and no
    other fighter (research I.2.3), exact to 0.1 mm (bot/table/sight.py; five lines before rules
    version 2); fighters within 1" always see each other (D-WAR-08)."""
    ba, bb = base(a), base(b)
    if within(ba, bb, ENGAGED):
        return True
    reach = max(ba.radius, bb.radius)
    near = tuple(
        base(o)
        for o in state.fighters
        if o.placed and o.id not in (a.id, b.id) and _to_segment(o.centre, ba.centre, bb.centre) <= o.p.radius + reach
    )
    if state.rules < 2:
        from . import legacy  # the old geometry builds on this module: imported when a match needs it

        return legacy._sight(ba, bb, near)
    return _sees(ba, bb, near, _walls(state.layout, max(level(state, a), level(state, b))))


def _walls(layout: str, above: int) -> tuple[Terrain, ...]:
    """What blocks a line between two fighters the higher of whom stands at `above`: every obstacle,
    and each platform taller than both (one looks over a platform no higher than oneself, D-WAR-30)."""
    tab = table(layout)
    return tuple(t for t in tab.terrain if t.blocking or (t.height > above and not t.impassable))


@lru_cache(maxsize=8192)
def _sees(a: Base, b: Base, others: tuple[Base, ...], walls: tuple[Terrain, ...]) -> bool:
    return sight.sees(a, b, walls, others)


def _to_segment(p: Point, a: Point, b: Point) -> float:
    """The distance from `p` to the segment between `a` and `b`: a base this near the line between two
    centres could stand in the way of a sight line."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    k = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.hypot(p[0] - a[0] - k * dx, p[1] - a[1] - k * dy)


def cover(state: WarState, attacker: Fighter, target: Fighter) -> bool:
    """+1 Toughness when the line between the two crosses an obstacle (research I.2.7; D-WAR-08), or a
    platform taller than both, or when the target stands 3" or more above the attacker (D-WAR-30), or
    further than the mist's reach under « Brume épaisse » (D-WAR-32)."""
    if within(base(attacker), base(target), ENGAGED):
        return False
    mist = TWISTS.get(state.twist)
    if mist is not None and mist.effect == "cover" and gap(attacker, target) > round(mist.reach * INCH):
        return True
    tab = table(state.layout)
    if tab.cover_between(base(attacker), base(target)):
        return True
    low, high = level(state, attacker), level(state, target)
    if high - low >= HIGH:
        return True
    line = LineString([attacker.centre, target.centre])
    return any(t.height > max(low, high) and t.polygon.intersects(line) for t in heights.platforms(tab))


# -- paths ----------------------------------------------------------------------------------------------
def shortest_path(
    state: WarState, f: Fighter, goal: Point, *, avoid_deadly: bool = True, around: tuple[Base, ...] = ()
) -> tuple[Point, ...]:
    """The shortest path of `f`'s centre to `goal` round obstacles, the pit when `avoid_deadly`, and the
    other fighters' bases (round corners, bot/table/paths.py), as points after the start; the goal
    itself when no path reaches (the walk then stops where the straight line is blocked). Before rules
    version 2, round the bases `around` only (legacy.py); before version 5, a goal beside a piece is
    reached only by an edge tangent at the piece's corner (`paths.shortest_path`'s `beside`)."""
    if state.rules < 2:
        from . import legacy  # the old geometry builds on this module: imported when a match needs it

        return legacy.shortest_path(f.centre, goal, f.p.radius, avoid_deadly=avoid_deadly, around=around)
    others = tuple(Base(o.id, -1, o.centre, o.p.radius) for o in state.fighters if o.placed and o.id != f.id)
    return _path(f.centre, goal, f.p.radius, avoid_deadly, others, state.layout, state.rules >= 5) or (goal,)


@lru_cache(maxsize=4096)
def _path(
    start: Point,
    goal: Point,
    radius: int,
    avoid_deadly: bool,
    others: tuple[Base, ...],
    layout: str = "plaine",
    beside: bool = True,
) -> tuple[Point, ...] | None:
    mover = Base("", 0, start, radius)
    shapes = deadly(layout) if avoid_deadly else ()
    return paths.shortest_path(table(layout), mover, goal, others, avoid=shapes, beside=beside)


def length(path: Sequence[Point]) -> int:
    return math.ceil(sum(math.dist(p, q) for p, q in itertools.pairwise(path)) - 1e-9)


def at_foot(state: WarState, p: Point) -> bool:
    """Whether a centre at `p` stands against a platform higher than where it stands (a move that
    could not pay the climb stops there, `heights.along`)."""
    here, spot = level(state, p), ShapelyPoint(p)
    return any(t.height > here and t.polygon.distance(spot) <= 2 for t in heights.platforms(table(state.layout)))


def cost(state: WarState, path: Sequence[Point]) -> int:
    """What a move along `path` spends of the Move: its length and each climb's height (D-WAR-28)."""
    return length(path) + heights.climbed(table(state.layout), path)


def walk(
    state: WarState,
    f: Fighter,
    path: Sequence[Point],
    budget: int,
    stop: tuple[Fighter, Callable[[Point], bool]] | None = None,
    clip: tuple[Point, int] | None = None,
) -> tuple[Point, ...]:
    """Advance along `path` (after `f`'s centre) at most `budget`, to the last point where the base
    overlaps nobody and stays on the table, stopping where it enters the attack range of `stop`'s
    enemy (its predicate says whether it may attack from there) or before leaving `clip` (a centre
    and a reach from the base, the procedure's objective defence). Each stop is solved exactly on the
    path (bot/table/stops.py). Returns the path walked (points after the start)."""
    if state.rules < 2:
        from . import legacy  # the old geometry builds on this module: imported when a match needs it

        return legacy.walk(state, f, path, budget, stop[1] if stop else None, clip)
    full = [f.centre, *path]
    r = f.p.radius
    ends = [heights.along(table(state.layout), full, budget)]  # a climb costs its height (D-WAR-28)
    ends += [e for o in state.fighters if o.placed and o.id != f.id
             if (e := stops.before_touching(full, o.centre, r + o.p.radius)) is not None]  # fmt: skip
    if (edge := _edge_stop(full, r)) is not None:
        ends.append(edge)
    if clip is not None and (out := stops.leaving(full, clip[0], clip[1] + r)) is not None:
        ends.append(out)
    end = min(ends, key=lambda s: _order(full, s))
    if stop is not None and (seen := _range_stop(full, f, stop, end)) is not None:
        end = seen
    walked = stops.truncate(full, end)
    return () if walked == (f.centre,) else walked


def _order(full: Sequence[Point], s: stops.Stop) -> tuple[int, int]:
    return (s.index, stops.distance2(full[s.index], s.point))


def _edge_stop(full: Sequence[Point], r: int) -> stops.Stop | None:
    """The last point before the base would leave the table."""
    box = (r, r, WIDTH - r, HEIGHT - r)
    for i, (p, q) in enumerate(itertools.pairwise(full)):
        if _in_box(q, box):
            continue
        n = max(1, abs(q[0] - p[0]), abs(q[1] - p[1]))
        lo, hi = 0, n  # p is in the box (the walk got here), q is not: halve between them
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _in_box(stops.point_at(p, q, mid, n), box):
                lo = mid
            else:
                hi = mid - 1
        return stops.Stop(i, stops.point_at(p, q, lo, n))
    return None


def _in_box(p: Point, box: tuple[int, int, int, int]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _range_stop(
    full: Sequence[Point], f: Fighter, stop: tuple[Fighter, Callable[[Point], bool]], end: stops.Stop
) -> stops.Stop | None:
    """Where the walk first may attack `stop`'s enemy, before `end`: at the exact point it enters a
    weapon's range when it may attack from there; else (out of sight there) looking on by `STEP`."""
    enemy, may_attack = stop
    limit = _order(full, end)
    entries = [
        e for w in f.p.weapons
        if (e := stops.entering(full, enemy.centre, w.reach + f.p.radius + enemy.p.radius)) is not None
    ]  # fmt: skip
    for e in sorted(entries, key=lambda e: _order(full, e)):
        if _order(full, e) > limit:
            break
        if may_attack(e.point):
            return e
        for i in range(e.index, end.index + 1):
            p, q = (e.point if i == e.index else full[i]), (end.point if i == end.index else full[i + 1])
            n = max(1, math.ceil(math.dist(p, q) / STEP))
            for k in range(1, n + 1):
                point = stops.point_at(p, q, k, n)
                if may_attack(point):
                    return stops.Stop(i, point)
    return None


def in_deadly(p: Point, radius: int, layout: str = "plaine") -> bool:
    return any(d.intersects(ShapelyPoint(p).buffer(radius * 0.5)) for d in deadly(layout))


def disengage_points(state: WarState, f: Fighter) -> list[Point]:
    """Where a disengage may end: within 3" in a straight line, more than 1" from every enemy, on the
    table, on no base, through no obstacle (research I.2.8). In each of 24 directions, the furthest
    such point, the whole 3" when it is free (a polar grid stopping at 2.976" before rules version 2)."""
    if state.rules < 2:
        from . import legacy  # the old geometry builds on this module: imported when a match needs it

        return legacy.disengage_points(state, f)
    out: list[Point] = []
    ok = _disengage_check(state, f)
    for k in range(24):
        a = 2 * math.pi * k / 24
        far = (f.x + math.trunc(DISENGAGE * math.cos(a)), f.y + math.trunc(DISENGAGE * math.sin(a)))
        n = max(abs(far[0] - f.x), abs(far[1] - f.y))
        for step in range(n, 0, -max(1, n // 48)):
            p = stops.point_at(f.centre, far, step, n)
            if ok(p):
                out.append(p)
                break
    return out


def disengage_ok(state: WarState, f: Fighter, to: Point) -> bool:
    return _disengage_check(state, f)(to)


def _disengage_check(state: WarState, f: Fighter) -> Callable[[Point], bool]:
    """Whether a disengage of `f` may end at a point, the other bases read once for all the points a
    search tries."""
    me, tab = base(f), table(state.layout)
    reach = DISENGAGE + me.radius + ENGAGED  # a base further than this is out of every end's way
    others = [b for b in (base(o) for o in state.fighters if o.placed and o.id != f.id) if _near(me, b, reach)]
    foes = [b for b in (base(e) for e in enemies(state, f)) if _near(me, b, reach)]

    def ok(to: Point) -> bool:
        moved = me.at(to)
        if not tab.inside(moved) or any(overlaps(moved, o) for o in others):
            return False
        if any(within(moved, e, ENGAGED) for e in foes):
            return False
        if heights.crosses(tab, (f.centre, to)):
            return False  # a disengage neither climbs nor jumps (research I.2.8; D-WAR-29)
        return _clear_line(f.centre, to, f.p.radius, state.layout)

    return ok


def _near(me: Base, o: Base, reach: int) -> bool:
    return math.dist(me.centre, o.centre) <= reach + o.radius


def _clear_line(p: Point, q: Point, radius: int, layout: str = "plaine") -> bool:
    """A straight move of a base of `radius` from p to q crosses no obstacle (round corners)."""
    swept = LineString([p, q]).buffer(radius - 1, quad_segs=8) if p != q else ShapelyPoint(p).buffer(radius - 1)
    return not any(t.impassable and t.prepared.intersects(swept) for t in table(layout).terrain)


def spots(
    anchor: Point, radii: Sequence[int], taken: Sequence[Base], toward: Point, layout: str = "plaine"
) -> list[Point]:
    """Places wholly within 3" of `anchor` for bases of `radii`, on no other base, the first ones
    nearest `toward` (a quarter-inch grid clipped to the disc; research X2)."""
    placed: list[Base] = list(taken)
    out: list[Point] = []
    for r in radii:
        candidates = []
        for i in range(-12, 13):
            for j in range(-12, 13):
                x, y = anchor[0] + i * STEP, anchor[1] + j * STEP
                if math.dist((x, y), anchor) + r > 3 * INCH:
                    continue
                candidates.append((x, y))
        candidates.sort(key=lambda p: (distance2(p, toward), p))
        for p in candidates:
            b = Base("?", 0, p, r)
            if table(layout).inside(b) and not any(overlaps(b, o) for o in placed) and not on_piece(p, r, layout):
                placed.append(b)
                out.append(p)
                break
        else:
            raise ValueError("no room around the deployment point")
    return out


def on_piece(p: Point, r: int, layout: str = "plaine") -> bool:
    """A base touching a piece (fighters deploy on the floor, clear of every piece). Only the pieces
    whose box comes within the base's reach are asked of shapely: the disc's polygon lies inside its
    own box, so a piece whose box is farther cannot meet it (the same answers, at a deployment's cost
    of a few comparisons where it was a polygon built and met with every piece)."""
    pieces = (*table(layout).terrain, *_deadly_pieces(layout))
    near = [t.polygon for t in pieces if not t.apart(p, p, r + 1)]
    if not near:
        return False
    disc = ShapelyPoint(p).buffer(r)
    return any(piece.intersects(disc) for piece in near)


@lru_cache(maxsize=8)
def _deadly_pieces(layout: str) -> tuple[Terrain, ...]:
    """The deadly pieces as terrain, for their boxes (`Terrain.apart`)."""
    return tuple(Terrain(t.id, t.points()) for t in LAYOUTS[layout] if t.kind == "deadly")
