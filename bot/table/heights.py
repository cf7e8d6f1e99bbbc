"""Heights on the table (#25): pieces one may stand on, what climbing onto them costs and where a
figure jumps down from them.

A piece with a `height` that is not impassable is a platform: a figure whose base centre is inside it
stands at its height, and elsewhere on the floor (0). Platforms never overlap, so a straight segment
goes from the floor onto a platform and back, never from one platform to another. Walking a path, the
centre climbs the platform's height where it enters it (the climb counts against the move, like the
distance) and jumps down where it leaves it (only the horizontal distance counts; the game says what
a drop does). A game whose tables are flat has no platform, and nothing here changes its moves.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from shapely.geometry import Point as ShapelyPoint

from . import stops
from .geometry import Table, Terrain
from .units import Point


@dataclass(frozen=True, slots=True)
class Edge:
    """Where a path crosses a platform's edge: `index` of the segment, the horizontal distance from the
    path's start, the height climbed (> 0) or dropped (< 0), and the last point of the segment before
    the edge on the level it leaves (where a move that cannot climb stops)."""

    index: int
    at: float
    rise: int
    foot: Point


@lru_cache(maxsize=64)
def platforms(table: Table) -> tuple[Terrain, ...]:
    return tuple(t for t in table.terrain if t.height > 0 and not t.impassable)


@lru_cache(maxsize=64)
def _boxes(table: Table) -> tuple[tuple[Terrain, tuple[float, float, float, float]], ...]:
    """Each platform with its bounding box: most segments are far from every platform, and a test on
    four numbers spares them the polygon work (a path search asks for thousands)."""
    return tuple((t, t.polygon.bounds) for t in platforms(table))


def level(table: Table, p: Point) -> int:
    """The height a figure whose centre is at `p` stands at: its platform's, else the floor's (0). A
    centre on a platform's very edge is still on the floor."""
    here = ShapelyPoint(p)
    return max((t.height for t in platforms(table) if t.prepared.contains(here)), default=0)


def edges(table: Table, path: Sequence[Point]) -> list[Edge]:
    """Every platform edge the path crosses, in the order it crosses them."""
    out: list[Edge] = []
    done = 0.0
    for i, (p, q) in enumerate(itertools.pairwise(path)):
        length = math.dist(p, q)
        for t, t0, t1 in _crossings(table, p, q):
            if t0 * length > 0.5:  # enters: it did not start on the platform
                out.append(Edge(i, done + t0 * length, t.height, _before(t, p, q, t0, inside=False)))
            if t1 * length < length - 0.5:  # leaves: it does not end on the platform
                out.append(Edge(i, done + t1 * length, -t.height, _before(t, p, q, t1, inside=True)))
        done += length
    return sorted(out, key=lambda e: e.at)


def climbed(table: Table, path: Sequence[Point]) -> int:
    """The height the path climbs in all (what it costs beyond its length)."""
    return sum(climb(table, p, q) for p, q in itertools.pairwise(path))


def crosses(table: Table, path: Sequence[Point]) -> bool:
    """Whether the path climbs onto or jumps down from a platform anywhere."""
    for p, q in itertools.pairwise(path):
        length = math.dist(p, q)
        if any(t0 * length > 0.5 or t1 * length < length - 0.5 for _, t0, t1 in _crossings(table, p, q)):
            return True
    return False


@lru_cache(maxsize=65536)
def climb(table: Table, p: Point, q: Point) -> int:
    """What the segment p→q climbs (remembered: a path search asks for the same segments between the same
    corners)."""
    length = math.dist(p, q)
    return sum(t.height for t, t0, _ in _crossings(table, p, q) if t0 * length > 0.5)


def drops(table: Table, path: Sequence[Point]) -> list[int]:
    """The height of each jump down along the path, in order."""
    return [-e.rise for e in edges(table, path) if e.rise < 0]


def along(table: Table, path: Sequence[Point], allowance: int) -> stops.Stop:
    """Where a move of `allowance` along the path ends when each climb costs its height: at the foot of
    the first climb it can no longer pay (a figure never ends hanging on a wall), else where the
    distance left after the climbs runs out (`stops.along`)."""
    paid = 0
    for e in edges(table, path):
        if e.rise <= 0:
            continue
        if e.at > allowance - paid:
            break  # the distance runs out before this edge
        if e.at + e.rise > allowance - paid:
            return stops.Stop(e.index, e.foot)
        paid += e.rise
    return stops.along(path, allowance - paid)


def _crossings(table: Table, p: Point, q: Point) -> list[tuple[Terrain, float, float]]:
    """The stretches of p→q inside a platform (its inside, not its edge): the platform and where the
    stretch begins and ends, as fractions of the segment. Pure arithmetic on the platform's corners
    (a path search asks for thousands of segments)."""
    if p == q:
        return []
    out = []
    for t, box in _boxes(table):
        if not _meets(box, p, q):
            continue
        corners = t.corners
        cuts = {0.0, 1.0}
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            cut = _cut(p, q, a, b)
            if cut is not None:
                cuts.add(cut)
        ts = sorted(cuts)
        run: list[float] | None = None
        for t0, t1 in itertools.pairwise(ts):
            mid = ((t0 + t1) / 2, p[0] + (q[0] - p[0]) * (t0 + t1) / 2, p[1] + (q[1] - p[1]) * (t0 + t1) / 2)
            if _strictly_inside(corners, (mid[1], mid[2])):
                if run is None:
                    run = [t0, t1]
                else:
                    run[1] = t1
            elif run is not None:
                out.append((t, run[0], run[1]))
                run = None
        if run is not None:
            out.append((t, run[0], run[1]))
    return out


def _cut(p: Point, q: Point, a: Point, b: Point) -> float | None:
    """Where p→q meets the edge a→b, as a fraction of p→q (None: apart or parallel)."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    den = rx * sy - ry * sx
    if den == 0:
        return None
    t = ((a[0] - p[0]) * sy - (a[1] - p[1]) * sx) / den
    u = ((a[0] - p[0]) * ry - (a[1] - p[1]) * rx) / den
    return t if 0 <= t <= 1 and 0 <= u <= 1 else None


def _strictly_inside(corners: Sequence[Point], m: tuple[float, float]) -> bool:
    """Whether `m` is inside the polygon and more than half a unit from its edges."""
    x, y = m
    inside = False
    for a, b in zip(corners, [*corners[1:], corners[0]], strict=True):
        if _near_edge(a, b, m):
            return False
        if (a[1] > y) != (b[1] > y) and x < a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1]):
            inside = not inside
    return inside


def _near_edge(a: Point, b: Point, m: tuple[float, float]) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d2 = dx * dx + dy * dy
    k = 0.0 if d2 == 0 else max(0.0, min(1.0, ((m[0] - a[0]) * dx + (m[1] - a[1]) * dy) / d2))
    return (m[0] - a[0] - k * dx) ** 2 + (m[1] - a[1] - k * dy) ** 2 <= 0.25


def _meets(box: tuple[float, float, float, float], p: Point, q: Point) -> bool:
    """Whether the segment's bounding box meets `box` (a quick test before the polygon's)."""
    return not (
        max(p[0], q[0]) < box[0] or min(p[0], q[0]) > box[2] or max(p[1], q[1]) < box[1] or min(p[1], q[1]) > box[3]
    )


def _before(t: Terrain, p: Point, q: Point, frac: float, *, inside: bool) -> Point:
    """The last integer point of p→q before `frac` that is inside the piece (`inside`) or not."""
    n = max(1, abs(q[0] - p[0]), abs(q[1] - p[1]))
    k = min(n, max(0, math.floor(frac * n) + 1))
    while k > 0 and t.prepared.contains(ShapelyPoint(stops.point_at(p, q, k, n))) != inside:
        k -= 1
    return stops.point_at(p, q, k, n)
