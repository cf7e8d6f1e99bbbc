"""WarCry's table (research I.7, flat model v1): 30" × 22", obstacles that stop moves and sight and
give cover, a deadly pit the procedure walks around, distances between the closest points of bases.

Built on the shared table (bot/table). What WarCry adds: the shortest path around obstacles and the
pit (a visibility graph on the corners of the pieces grown by the base's radius, solved by Dijkstra),
a walk along it that stops where the game says, and the points a disengage may reach.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from bot.table.geometry import Base, Table, Terrain, distance2, edge_distance, overlaps, within
from bot.table.units import INCH, Measure, Point

from .content import HEIGHT, TERRAIN, WIDTH
from .state import Fighter, WarState

MEASURE = Measure("in", WIDTH, HEIGHT, INCH)
ENGAGED = INCH  # within 1" (research I.2.7)
DISENGAGE = 3 * INCH
OBJECTIVE = 3 * INCH  # control and the procedure's objective defence
STEP = INCH // 4  # the walk's sampling step (a base is never thinner than twice this)


@lru_cache(maxsize=1)
def table() -> Table:
    pieces = tuple(
        Terrain(
            t.id,
            t.points(),
            blocking=t.kind == "obstacle",
            impassable=t.kind == "obstacle",
            cover=t.kind == "obstacle",
        )
        for t in TERRAIN
    )
    return Table(WIDTH, HEIGHT, pieces)


@lru_cache(maxsize=1)
def deadly() -> tuple[Polygon, ...]:
    return tuple(Polygon(t.points()) for t in TERRAIN if t.kind == "deadly")


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
    other fighter (research I.2.3), tried on five lines: centre to centre, the two outer tangents and
    the two crossed ones (research I.7.2); fighters within 1" always see each other (D-WAR-08)."""
    if within(base(a), base(b), ENGAGED):
        return True
    others = tuple(base(o) for o in state.fighters if o.placed and o.id not in (a.id, b.id))
    near = tuple(o for o in others if _between(base(a), base(b), o))
    return _sight(base(a), base(b), near)


def _between(a: Base, b: Base, o: Base) -> bool:
    """A base that could stand in the way: near the segment between the two centres."""
    line = LineString([a.centre, b.centre])
    return line.distance(ShapelyPoint(o.centre)) <= o.radius + max(a.radius, b.radius)


def _lines(a: Base, b: Base) -> list[tuple[Point, Point]]:
    (ax, ay), (bx, by) = a.centre, b.centre
    d = math.dist(a.centre, b.centre) or 1.0
    nx, ny = -(by - ay) / d, (bx - ax) / d  # the unit normal to the line between the centres
    pa = [(round(ax + k * nx * a.radius), round(ay + k * ny * a.radius)) for k in (1, -1)]
    pb = [(round(bx + k * nx * b.radius), round(by + k * ny * b.radius)) for k in (1, -1)]
    return [(a.centre, b.centre), (pa[0], pb[0]), (pa[1], pb[1]), (pa[0], pb[1]), (pa[1], pb[0])]


@lru_cache(maxsize=8192)
def _sight(a: Base, b: Base, others: tuple[Base, ...]) -> bool:
    blockers = [t.prepared for t in table().terrain if t.blocking]
    shapes = [ShapelyPoint(o.centre).buffer(o.radius, quad_segs=4) for o in others]
    for p, q in _lines(a, b):
        line = LineString([p, q])
        if any(g.intersects(line) for g in blockers):
            continue
        if any(sh.intersects(line) for sh in shapes):
            continue
        return True
    return False


def cover(state: WarState, attacker: Fighter, target: Fighter) -> bool:
    """+1 Toughness when the line between the two crosses an obstacle (research I.2.7; D-WAR-08)."""
    if within(base(attacker), base(target), ENGAGED):
        return False
    return bool(table().cover_between(base(attacker), base(target)))


# -- paths --------------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _obstacles(radius: int, avoid_deadly: bool) -> tuple[tuple[Polygon, ...], tuple[Point, ...]]:
    """The pieces a base of `radius` cannot cross, grown by it, and the corners to walk around
    (pushed a little further out so that a path along a corner never touches the piece)."""
    grown: list[Polygon] = []
    corners: list[Point] = []
    shapes = [t.polygon for t in table().terrain if t.impassable]
    if avoid_deadly:
        shapes += list(deadly())
    for shape in shapes:
        grown.append(shape.buffer(radius, join_style="mitre", mitre_limit=2.0))
        outer = shape.buffer(radius + 8, join_style="mitre", mitre_limit=2.0)
        corners += [(round(x), round(y)) for x, y in list(outer.exterior.coords)[:-1]]
    inside = [c for c in corners if radius <= c[0] <= WIDTH - radius and radius <= c[1] <= HEIGHT - radius]
    return tuple(grown), tuple(inside)


def _clear(p: Point, q: Point, grown: Sequence[Polygon]) -> bool:
    line = LineString([p, q]) if p != q else ShapelyPoint(p)
    return not any(g.intersects(line) and g.intersection(line).length > 1.0 for g in grown)


def shortest_path(
    start: Point, goal: Point, radius: int, *, avoid_deadly: bool = True, around: tuple[Base, ...] = ()
) -> tuple[Point, ...]:
    """The shortest path of a base's centre from `start` to `goal` around obstacles (and the pit when
    `avoid_deadly`) and the bases `around`, as points after the start; the goal itself when nothing
    is in the way."""
    return _path(start, goal, radius, avoid_deadly, tuple(sorted((b.centre, b.radius) for b in around)))


def _around(radius: int, bases: tuple[tuple[Point, int], ...]) -> tuple[list[Polygon], list[Point]]:
    """Bases in the way as squares grown by the mover's radius (four corners each keep the graph small)."""
    grown: list[Polygon] = []
    corners: list[Point] = []
    for (x, y), r in bases:
        reach = radius + r
        grown.append(ShapelyPoint((x, y)).buffer(reach - 4, quad_segs=4))
        out = reach + 12
        corners += [(x - out, y - out), (x + out, y - out), (x + out, y + out), (x - out, y + out)]
    return grown, corners


@lru_cache(maxsize=4096)
def _path(
    start: Point, goal: Point, radius: int, avoid_deadly: bool, bases: tuple[tuple[Point, int], ...]
) -> tuple[Point, ...]:
    grown_t, corners_t = _obstacles(radius, avoid_deadly)
    grown_b, corners_b = _around(radius, bases)
    grown = [*grown_t, *grown_b]
    corners = [
        c for c in [*corners_t, *corners_b] if radius <= c[0] <= WIDTH - radius and radius <= c[1] <= HEIGHT - radius
    ]
    if _clear(start, goal, grown):
        return (goal,)
    nodes = [start, goal, *corners]
    best = {0: 0.0}
    prev: dict[int, int] = {}
    queue = [(0.0, 0)]
    while queue:
        d, i = heapq.heappop(queue)
        if i == 1:
            break
        if d > best.get(i, math.inf):
            continue
        for j in range(1, len(nodes)):
            if j == i or not _clear(nodes[i], nodes[j], grown):
                continue
            nd = d + math.dist(nodes[i], nodes[j])
            if nd < best.get(j, math.inf):
                best[j], prev[j] = nd, i
                heapq.heappush(queue, (nd, j))
    if 1 not in prev:
        return (goal,)  # walled in: straight, and the move's check will say why not
    out = [1]
    while out[-1] != 0:
        out.append(prev[out[-1]])
    return tuple(nodes[i] for i in reversed(out[:-1]))


def length(path: Sequence[Point]) -> int:
    return math.ceil(sum(math.dist(p, q) for p, q in itertools.pairwise(path)) - 1e-9)


def walk(
    state: WarState,
    f: Fighter,
    path: Sequence[Point],
    budget: int,
    stop: Callable[[Point], bool] | None = None,
    clip: tuple[Point, int] | None = None,
) -> tuple[Point, ...]:
    """Advance along `path` (after `f`'s centre) at most `budget`, to the last point where the base
    overlaps nobody, stopping at the first point where `stop` holds or before leaving `clip` (a
    centre and a reach from the base, the procedure's objective defence). Returns the path walked."""
    others = [base(o) for o in state.fighters if o.placed and o.id != f.id]
    me = base(f)
    walked: list[Point] = []
    here = f.centre
    left: float = budget
    for q in path:
        seg = math.dist(here, q)
        if seg == 0:
            continue
        steps = max(1, math.ceil(seg / STEP))
        for i in range(1, steps + 1):
            take = seg * i / steps
            if take > left + 1e-9:
                take = left
            p = (round(here[0] + (q[0] - here[0]) * take / seg), round(here[1] + (q[1] - here[1]) * take / seg))
            moved = me.at(p)
            if not table().inside(moved) or any(overlaps(moved, o) for o in others):
                return _done(walked)
            if clip is not None and gap_to_point(moved, clip[0]) > clip[1]:
                return _done(walked)
            walked.append(p)
            if stop is not None and stop(p):
                return _done(walked)
            if take >= left - 1e-9:
                return _done(walked)
        left -= seg
        here = q
    return _done(walked)


def _done(walked: list[Point]) -> tuple[Point, ...]:
    out: list[Point] = []
    for p in walked:
        if not out or p != out[-1]:
            out.append(p)
    # keep the corners only: points on a straight line between two others add nothing
    slim: list[Point] = []
    for p in out:
        if len(slim) >= 2 and _collinear(slim[-2], slim[-1], p):
            slim[-1] = p
        else:
            slim.append(p)
    return tuple(slim)


def _collinear(a: Point, b: Point, c: Point) -> bool:
    return abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) <= 254 * 2


def in_deadly(p: Point, radius: int) -> bool:
    return any(d.intersects(ShapelyPoint(p).buffer(radius * 0.5)) for d in deadly())


def disengage_points(state: WarState, f: Fighter) -> list[Point]:
    """Where a disengage may end: within 3" in a straight line, more than 1" from every enemy, on the
    table, on no base, through no obstacle (research I.2.8); a polar grid of quarter inches and 15°."""
    me = base(f)
    foes = [base(e) for e in enemies(state, f)]
    others = [base(o) for o in state.fighters if o.placed and o.id != f.id]
    grown, _ = _obstacles(me.radius, False)
    out: list[Point] = []
    for r in range(STEP, DISENGAGE + 1, STEP):
        for k in range(24):
            a = 2 * math.pi * k / 24
            p = (f.x + round(r * math.cos(a)), f.y + round(r * math.sin(a)))
            moved = me.at(p)
            if not table().inside(moved) or any(overlaps(moved, o) for o in others):
                continue
            if any(within(moved, e, ENGAGED) for e in foes):
                continue
            if not _clear(f.centre, p, grown):
                continue
            out.append(p)
    return out


def spots(anchor: Point, radii: Sequence[int], taken: Sequence[Base], toward: Point) -> list[Point]:
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
            if table().inside(b) and not any(overlaps(b, o) for o in placed) and not _on_piece(p, r):
                placed.append(b)
                out.append(p)
                break
        else:
            raise ValueError("no room around the deployment point")
    return out


def _on_piece(p: Point, r: int) -> bool:
    disc = ShapelyPoint(p).buffer(r)
    return any(t.polygon.intersects(disc) for t in table().terrain) or any(d.intersects(disc) for d in deadly())
