"""Moves a menu offers round what is in the way (#25): the shortest path toward a goal, cut where the
allowance runs out or where the game says the move stops, as waypoints a move action carries.

A straight move toward a goal behind a rock stops at the rock; the shortest path (paths.py) goes round
it, friends passed and enemies walked round. `bent_toward` follows that path as far as the allowance
reaches (difficult terrain at its cost) and stops where the game stops it, and offers the path only
when it is legal as a whole and ends clearly nearer the goal than the straight move does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from . import paths, stops
from .geometry import Base, Table, distance2, segment_distance
from .units import INCH, Point

EFFORT = 40  # corners a menu's path search visits before giving up (a way round a rock needs a few)
GAIN = INCH  # a bent path is offered only when it ends at least this much nearer the goal


def furthest_toward(table: Table, mover: Base, target: Point, others: Sequence[Base], allowance: int) -> Point:
    """`Table.furthest_toward`, asked only about the bases near the line to `target`: its halving tests
    about ten points, each against every base, and they all lie on that line (to within a unit and a
    half), so a base further than both radii and 3 units from it is never ended on nor passed through
    (the same point, for fewer tests)."""
    margin = mover.radius + 3
    near = [o for o in others if segment_distance(o.centre, mover.centre, target) <= margin + o.radius]
    return table.furthest_toward(mover, target, near, allowance)


def bent_toward(
    table: Table,
    mover: Base,
    goal: Point,
    others: Sequence[Base],
    allowance: int,
    *,
    straight_end: Point,
    stop_within: int | None = None,
    short_of: int = 0,
) -> tuple[Point, ...] | None:
    """The waypoints (after the start) of a legal move along the shortest path toward `goal`, or None
    when the straight move to `straight_end` was not stopped short, or the path is straight or gains
    nothing on it. With `stop_within`, the move stops where it enters that range of an enemy (the
    game's engagement), `short_of` before it."""
    if straight_end == goal or table.path_cost([mover.centre, straight_end]) >= allowance - GAIN:
        return None  # the straight move reaches, or spends the allowance: nothing stopped it
    # the enemy the goal stands on is walked up to, not round: the move stops short of it anyway (`into`)
    way = paths.shortest_path(table, mover, goal, others, effort=EFFORT, into=True)
    if way is None or len(way) < 2:
        return None
    full = (mover.centre, *way)
    enemies = [o for o in others if o.side != mover.side]
    if stop_within is not None:
        stop = table.engagement_stop(mover, full, enemies, stop_within)
        if stop is not None:
            full = _cut_at(full, stop)
            if short_of:
                full = (full[0], *stops.truncate(full, stops.along(full, max(0, _length(full) - short_of))))
    route = _within_allowance(table, full, allowance)
    if route is None or len(route) < 2:
        return None
    if table.move_problem(mover, [mover.centre, *route], others, allowance) is not None:
        return None
    end = route[-1]
    if math.sqrt(distance2(end, goal)) > math.sqrt(distance2(straight_end, goal)) - GAIN:
        return None
    return route


def _within_allowance(table: Table, full: tuple[Point, ...], allowance: int) -> tuple[Point, ...] | None:
    """The path's points after the start up to where its cost reaches the allowance (difficult terrain
    at its cost): whole segments while they fit, then the last one halved on its integer steps."""
    spent = 0
    for i in range(1, len(full)):
        cost = table.path_cost([full[i - 1], full[i]])
        if spent + cost <= allowance:
            spent += cost
            continue
        p, q = full[i - 1], full[i]
        n = max(1, abs(q[0] - p[0]), abs(q[1] - p[1]))
        lo, hi, best = 0, n, 0
        while lo <= hi:
            mid = (lo + hi) // 2
            if spent + table.path_cost([p, stops.point_at(p, q, mid, n)]) <= allowance:
                best, lo = mid, mid + 1
            else:
                hi = mid - 1
        cut = (*full[1:i], stops.point_at(p, q, best, n))
        return tuple(x for k, x in enumerate(cut) if k == 0 or x != cut[k - 1]) or None
    return full[1:]


def _cut_at(full: tuple[Point, ...], point: Point) -> tuple[Point, ...]:
    """The path up to `point`, which lies on one of its segments (the first one it lies nearest)."""
    best_i, best_d = 0, math.inf
    for i in range(len(full) - 1):
        d = _off_segment(point, full[i], full[i + 1])
        if d < best_d - 1e-9:
            best_i, best_d = i, d
    return (*full[: best_i + 1], point)


def _off_segment(c: Point, p: Point, q: Point) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / length2))
    return math.hypot(p[0] + t * dx - c[0], p[1] + t * dy - c[1])


def _length(full: Sequence[Point]) -> int:
    return math.floor(paths.path_length(full))
