"""WarCry's geometry as matches begun before rules version 2 play it (#25): sight tried on five lines,
the shortest path round obstacles grown with square corners, a walk that samples the path every
0.248" (so a move that must stop on entering a range ends up to 0.2" too far) and disengage points
on a polar grid stopping at 2.976". A match keeps the rules it began under (docs/kernel.md, "Rules
versions"): its logged moves replay only under this geometry.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from bot.table.geometry import Base, overlaps, within
from bot.table.units import INCH, Point

from .board import DISENGAGE, ENGAGED, HEIGHT, WIDTH, base, deadly, enemies, gap_to_point, table
from .state import Fighter, WarState

STEP = INCH // 4  # the walk's sampling step (a base is never thinner than twice this)


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
