"""Where a move along a path stops, found exactly on the table's integers (a tenth of a millimetre).

A rule says "stop as soon as it is within range" (an attack range, an engagement range, the radius
around an objective, a charge's contact) or "stop before it leaves" (an objective it holds, its
allowance). Each is a circle around a point: the crossing of a segment with a circle is solved in
closed form, then settled on the first integer point of the segment (steps of at most one unit) for
which the exact integer test holds, so the answer never depends on float rounding and is never more
than a unit past the true crossing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .units import Point


@dataclass(frozen=True, slots=True)
class Stop:
    """A point of a path: `index` of the segment it lies on (0: from path[0] to path[1])."""

    index: int
    point: Point


def _steps(p: Point, q: Point) -> int:
    return max(1, abs(q[0] - p[0]), abs(q[1] - p[1]))


def point_at(p: Point, q: Point, k: int, n: int) -> Point:
    """The k-th of n steps from p to q, rounded toward p (so it never passes q)."""
    return (p[0] + (q[0] - p[0]) * k // n if q[0] >= p[0] else p[0] - (p[0] - q[0]) * k // n,
            p[1] + (q[1] - p[1]) * k // n if q[1] >= p[1] else p[1] - (p[1] - q[1]) * k // n)  # fmt: skip


def distance2(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def inside(p: Point, centre: Point, limit: int) -> bool:
    """Whether p is within `limit` of `centre` (integers: exact)."""
    return limit >= 0 and (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2 <= limit * limit


def entering(path: Sequence[Point], centre: Point, limit: int) -> Stop | None:
    """The first point of the path within `limit` of `centre` (the path's start counts); None when the
    path never comes that near."""
    if path and inside(path[0], centre, limit):
        return Stop(0, path[0])
    for i in range(len(path) - 1):
        p, q = path[i], path[i + 1]
        span = _span(p, q, centre, limit)
        if span is None:
            continue
        n = _steps(p, q)
        for k in range(span[0], span[1] + 1):
            point = point_at(p, q, k, n)
            if inside(point, centre, limit):
                return Stop(i, point)
    return None


def leaving(path: Sequence[Point], centre: Point, limit: int) -> Stop | None:
    """The last point of the path before it first goes beyond `limit` of `centre`; None when it never
    does (a path that starts beyond it stops at its start)."""
    if path and not inside(path[0], centre, limit):
        return Stop(0, path[0])
    for i in range(len(path) - 1):
        p, q = path[i], path[i + 1]
        if inside(q, centre, limit) and inside(p, centre, limit):
            continue  # a circle is convex: both ends inside, the whole segment is
        t = _last_root(p, q, centre, limit)
        n = _steps(p, q)
        k = min(n, math.ceil((t if t is not None else 0.0) * n) + 2)
        while k > 0 and not inside(point_at(p, q, k, n), centre, limit):
            k -= 1
        return Stop(i, point_at(p, q, k, n))
    return None


def before_touching(path: Sequence[Point], centre: Point, limit: int) -> Stop | None:
    """The last point before the path comes nearer than `limit` to `centre` (a base it may touch but
    not overlap); None when it never does."""
    for i in range(len(path) - 1):
        p, q = path[i], path[i + 1]
        span = _span(p, q, centre, limit)
        if span is None:
            continue
        n = _steps(p, q)
        for k in range(span[0], span[1] + 1):
            if _nearer(point_at(p, q, k, n), centre, limit):
                return Stop(i, point_at(p, q, max(0, k - 1), n))
    return None


def _nearer(p: Point, centre: Point, limit: int) -> bool:
    return (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2 < limit * limit


def along(path: Sequence[Point], allowance: int) -> Stop:
    """The point `allowance` along the path (its end when shorter), on the near side of the exact one."""
    left = allowance
    for i in range(len(path) - 1):
        p, q = path[i], path[i + 1]
        d2 = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2
        if d2 <= left * left:
            left -= math.isqrt(d2) + (0 if math.isqrt(d2) ** 2 == d2 else 1)
            if left < 0:
                left = 0
            continue
        n = _steps(p, q)
        k = min(n, math.floor(left / math.sqrt(d2) * n) + 2)
        while k > 0 and (point_at(p, q, k, n)[0] - p[0]) ** 2 + (point_at(p, q, k, n)[1] - p[1]) ** 2 > left * left:
            k -= 1
        return Stop(i, point_at(p, q, k, n))
    return Stop(max(0, len(path) - 2), path[-1])


def _roots(p: Point, q: Point, centre: Point, limit: int) -> tuple[float, float] | None:
    dx, dy = q[0] - p[0], q[1] - p[1]
    a = dx * dx + dy * dy
    if a == 0:
        return None
    fx, fy = p[0] - centre[0], p[1] - centre[1]
    b = 2 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - limit * limit
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    root = math.sqrt(disc)
    return ((-b - root) / (2 * a), (-b + root) / (2 * a))


def _span(p: Point, q: Point, centre: Point, limit: int) -> tuple[int, int] | None:
    """The steps of the segment (of `_steps`) that may lie within `limit`: those within `limit` + 1
    in floats, widened by two steps each way (the integer test settles the rest)."""
    roots = _roots(p, q, centre, limit + 1)
    if roots is None or roots[1] < 0 or roots[0] > 1:
        return None
    n = _steps(p, q)
    return max(0, math.floor(max(0.0, roots[0]) * n) - 2), min(n, math.ceil(min(1.0, roots[1]) * n) + 2)


def _last_root(p: Point, q: Point, centre: Point, limit: int) -> float | None:
    roots = _roots(p, q, centre, limit)
    if roots is None:
        return None
    return min(1.0, max(0.0, roots[1]))


def truncate(path: Sequence[Point], stop: Stop) -> tuple[Point, ...]:
    """The path up to `stop` (its points after the start, the stop last)."""
    out = [*path[1 : stop.index + 1], stop.point]
    return tuple(p for k, p in enumerate(out) if k == 0 or p != out[k - 1])
