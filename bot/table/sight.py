"""Line of sight between two round bases, exact to a tenth of a millimetre (no sampling of the rims).

Sight exists when some straight segment from a point of one base to a point of the other goes through
the inside of no blocking piece and no blocking base. A segment that only grazes a corner or runs along
an edge is not blocked; the inside of a piece is taken `GRAZE` in from its edges, so a line through a
gap of 0.1 mm or more is seen.

Why it is exact: among the lines meeting both bases, the free ones form regions whose boundaries are
the lines touching one constraint (a corner of a piece, or tangent to a base). A region that is not
empty has a line touching two constraints at once (slide a free line sideways until it touches one,
then turn it about that one until it touches a second). So trying the common tangents of every pair
of constraints (a corner is a circle of radius 0) finds a free line whenever one exists.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import shapely
from shapely import prepared
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from .geometry import GRAZE, Base, Terrain
from .units import Point

FPoint = tuple[float, float]
Segment = tuple[FPoint, FPoint]
Circle = tuple[float, float, float]  # x, y, radius


def sees(a: Base, b: Base, walls: Iterable[Terrain], bases: Iterable[Base] = ()) -> bool:
    """Whether some segment from a point of `a` to a point of `b` is blocked by none of `walls` and
    none of `bases` (the bases the game says block sight; `a` and `b` themselves never do)."""
    return sight_line(a, b, walls, bases) is not None


def sight_line(a: Base, b: Base, walls: Iterable[Terrain], bases: Iterable[Base] = ()) -> Segment | None:
    """A segment from `a` to `b` that nothing blocks (the witness of `sees`), or None."""
    if _overlap(a, b):
        return (_f(a.centre), _f(a.centre))
    corridor = shapely.multipoints([*_disc_hull(a), *_disc_hull(b)]).convex_hull
    box = corridor.bounds  # what lies further from the box than a reach lies further from the corridor
    near_walls = _Solid.of(tuple(w for w in walls if _boxes_meet(w.bounds, box) and w.polygon.intersects(corridor)))
    near_bases = [
        o
        for o in bases
        if o.id not in (a.id, b.id)
        and _off_box(o.centre, box) < o.radius + 1e-6
        and corridor.distance(_pt(o.centre)) < o.radius
    ]
    ends = ((*_f(a.centre), float(a.radius)), (*_f(b.centre), float(b.radius)))

    def free(seg: Segment | None) -> bool:
        return seg is not None and _clear(seg, near_walls, near_bases)

    first = _segment_on(ends[0][:2], ends[1][:2], a, b)
    if free(first):
        return first
    circles: list[Circle] = [*ends]
    circles += [(o.centre[0], o.centre[1], float(o.radius)) for o in near_bases]
    if near_walls is not None:
        circles += [
            (x, y, 0.0)
            for x, y in near_walls.corners
            if _off_box((x, y), box) <= 1 + 1e-6 and corridor.distance(_pt((x, y))) <= 1
        ]
        circles += [(*p, 0.0) for p in near_walls.rim_crossings(a) + near_walls.rim_crossings(b)]
    for c1, c2 in itertools.combinations(circles, 2):
        for p, q in _tangents(c1, c2):
            seg = _segment_on(p, q, a, b)
            if free(seg):
                return seg
    return None


# -- segments -----------------------------------------------------------------------------------------
def _segment_on(p: FPoint, q: FPoint, a: Base, b: Base) -> Segment | None:
    """The part between the two bases of the line through p and q, when the line meets both."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    norm = math.hypot(dx, dy)
    if norm == 0:
        return None
    ux, uy = dx / norm, dy / norm
    if ux * (b.centre[0] - a.centre[0]) + uy * (b.centre[1] - a.centre[1]) < 0:
        ux, uy = -ux, -uy
    chord_a = _chord(p, (ux, uy), a)
    chord_b = _chord(p, (ux, uy), b)
    if chord_a is None or chord_b is None:
        return None
    t0, t1 = chord_a[1], chord_b[0]
    if t1 < t0:
        t1 = t0
    return ((p[0] + ux * t0, p[1] + uy * t0), (p[0] + ux * t1, p[1] + uy * t1))


def _chord(p: FPoint, u: FPoint, base: Base) -> tuple[float, float] | None:
    """Where the line p + t·u is inside the base: [t_in, t_out] (a tangent line counts, to 1e-6)."""
    fx, fy = p[0] - base.centre[0], p[1] - base.centre[1]
    mid = -(fx * u[0] + fy * u[1])
    off2 = fx * fx + fy * fy - mid * mid
    r2 = float(base.radius) ** 2
    if off2 > r2 + 1e-6 * max(1.0, r2):
        return None
    half = math.sqrt(max(0.0, r2 - off2))
    return (mid - half, mid + half)


@dataclass(frozen=True)
class _Solid:
    """The blocking pieces near the line, as one shape: pieces that touch or overlap block as one (no
    line slips between two pieces set edge to edge); its corners are the union's."""

    inside: prepared.PreparedGeometry
    corners: tuple[FPoint, ...]
    edges: tuple[tuple[FPoint, FPoint], ...]

    @staticmethod
    @lru_cache(maxsize=256)
    def of(walls: tuple[Terrain, ...]) -> _Solid | None:
        if not walls:
            return None
        union = shapely.union_all([w.polygon for w in walls])
        rings = [ring for poly in getattr(union, "geoms", [union]) for ring in (poly.exterior, *poly.interiors)]
        corners = tuple((float(x), float(y)) for ring in rings for x, y in list(ring.coords)[:-1])
        edges = tuple(((p[0], p[1]), (q[0], q[1])) for ring in rings for p, q in itertools.pairwise(ring.coords))
        return _Solid(prepared.prep(union.buffer(-GRAZE, join_style="mitre")), corners, edges)

    def rim_crossings(self, base: Base) -> list[FPoint]:
        """Where the edges cross a base's rim (a base is not meant to stand in a piece, but then a
        segment's end may slide along the rim into an edge)."""
        return [p for e in self.edges for p in _rim_crossings(e, base)]


def _clear(seg: Segment, walls: _Solid | None, bases: Sequence[Base]) -> bool:
    p, q = seg
    for o in bases:
        if _point_segment_distance(_f(o.centre), p, q) < o.radius - GRAZE:
            return False
    if walls is None:
        return True
    line = LineString([p, q]) if p != q else LineString([p, (p[0] + 1e-9, p[1])])
    return not walls.inside.intersects(line)


def _point_segment_distance(c: FPoint, p: FPoint, q: FPoint) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / length2))
    return math.hypot(p[0] + t * dx - c[0], p[1] + t * dy - c[1])


# -- tangents -----------------------------------------------------------------------------------------
def _tangents(c1: Circle, c2: Circle) -> list[Segment]:
    """The common tangent lines of two circles (a radius of 0 is a point), each as two of its points."""
    x1, y1, r1 = c1
    x2, y2, r2 = c2
    dx, dy = x2 - x1, y2 - y1
    d2 = dx * dx + dy * dy
    if d2 == 0:
        return []
    out: list[Segment] = []
    signs = [(1, 1), (1, -1)] if r1 or r2 else [(1, 1)]
    for s1, s2 in signs:
        # lines n·x = c with |n| = 1, n·c1 - c = s1·r1, n·c2 - c = s2·r2  =>  n·(c2 - c1) = s2·r2 - s1·r1
        k = s2 * r2 - s1 * r1
        h2 = d2 - k * k
        if h2 < -1e-9 * d2:
            continue
        h = math.sqrt(max(0.0, h2))
        for turn in (1, -1) if h > 0 else (1,):
            nx = (dx * k - turn * dy * h) / d2
            ny = (dy * k + turn * dx * h) / d2
            t1 = (x1 - s1 * r1 * nx, y1 - s1 * r1 * ny)  # the touching points
            t2 = (x2 - s2 * r2 * nx, y2 - s2 * r2 * ny)
            if t1 == t2:
                t2 = (t1[0] - ny, t1[1] + nx)
            out.append((t1, t2))
    if not r1 and not r2:
        out = [((x1, y1), (x2, y2))]
    return out


def _rim_crossings(edge: tuple[FPoint, FPoint], base: Base) -> list[FPoint]:
    cx, cy = base.centre
    r = float(base.radius)
    out: list[FPoint] = []
    for p, q in (edge,):
        dx, dy = q[0] - p[0], q[1] - p[1]
        a = dx * dx + dy * dy
        fx, fy = p[0] - cx, p[1] - cy
        bq = 2 * (fx * dx + fy * dy)
        c = fx * fx + fy * fy - r * r
        disc = bq * bq - 4 * a * c
        if a == 0 or disc < 0:
            continue
        for t in ((-bq - math.sqrt(disc)) / (2 * a), (-bq + math.sqrt(disc)) / (2 * a)):
            if 0 <= t <= 1:
                out.append((p[0] + t * dx, p[1] + t * dy))
    return out


# -- helpers ------------------------------------------------------------------------------------------
def _overlap(a: Base, b: Base) -> bool:
    limit = a.radius + b.radius
    return (a.centre[0] - b.centre[0]) ** 2 + (a.centre[1] - b.centre[1]) ** 2 <= limit * limit


_TURNS = tuple((math.cos(math.pi * k / 16), math.sin(math.pi * k / 16)) for k in range(32))


def _disc_hull(base: Base) -> list[FPoint]:
    """Points of a polygon just outside the base (its hull with the other base holds every segment)."""
    r = base.radius / math.cos(math.pi / 32) + 1
    cx, cy = base.centre
    return [(cx + r * c, cy + r * s) for c, s in _TURNS]


def _off_box(p: Point | FPoint, box: tuple[float, float, float, float]) -> float:
    """How far `p` lies from the box (0 inside): never more than from anything inside the box."""
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _f(p: Point) -> FPoint:
    return (float(p[0]), float(p[1]))


def _pt(p: Point | FPoint) -> ShapelyPoint:
    return ShapelyPoint(p)
