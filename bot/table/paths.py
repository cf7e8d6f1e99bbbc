"""Shortest paths of a round base on the table, around what it may not cross (#25).

A base of radius r may not put its centre within r of impassable terrain (or of any other shape the
game forbids, such as WarCry's pit) nor within r + r' of an enemy base of radius r'; friends may be
passed. So the centre moves among those shapes grown by r with ROUND corners, and a shortest path
bends only at them: a visibility graph over the vertices of each grown shape (a polygon drawn just
outside the rounded one, so a path along its sides never touches the piece), solved by A*, keeping
only the edges tangent at both ends. Inside difficult terrain a path costs double (`Table.path_cost`):
the corners of difficult pieces are nodes too, so a path may skirt a wood as well as cross it. A climb
onto a platform costs its height (heights.py), and a platform's corners are nodes too.

The path is exact in the sense that matters to the rules: every segment stays at least r - 0.1 mm
from what it avoids, and its length is within 1 % of the true shortest around rounded corners.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely import prepared
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from . import heights
from .geometry import Base, Table
from .units import Point

SIDES = 24  # sides of a grown circle: a path round it is at most 0.6 % longer than round the circle
SLACK = 1  # a unit: what a path may come nearer than the radius (the rules' tests allow it)


@dataclass(frozen=True)
class Node:
    """A vertex of a grown shape, with its neighbours on that shape (None: the start or the goal)."""

    at: Point
    before: Point | None = None
    after: Point | None = None


@dataclass(frozen=True)
class Field:
    """What a base of one radius meets on one table with one set of shapes in the way."""

    blocked: prepared.PreparedGeometry | None  # the centre may not enter it
    difficult: tuple[prepared.PreparedGeometry, ...]
    difficult_shapes: tuple[BaseGeometry, ...]
    nodes: tuple[Node, ...]
    climbs: Table | None = None  # the table, when it has platforms: climbing onto one costs its height


def shortest_path(
    table: Table,
    mover: Base,
    goal: Point,
    others: Sequence[Base] = (),
    *,
    avoid: Sequence[Polygon] = (),
) -> tuple[Point, ...] | None:
    """The cheapest path of `mover`'s centre to `goal` (the points after the start), around impassable
    terrain, the shapes `avoid` and the enemy bases among `others`; None when none reaches."""
    enemies = tuple(sorted((o.centre, o.radius) for o in others if o.side != mover.side and o.id != mover.id))
    shapes = tuple(sorted(tuple(map(tuple, p.exterior.coords)) for p in avoid))
    field = _field(table, mover.radius, shapes, enemies)
    return _search(table, field, mover.centre, goal)


def path_length(path: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in itertools.pairwise(path))


# -- the field ----------------------------------------------------------------------------------------
@lru_cache(maxsize=512)
def _field(
    table: Table,
    radius: int,
    shapes: tuple[tuple[tuple[float, float], ...], ...],
    enemies: tuple[tuple[Point, int], ...],
) -> Field:
    walls = [t.polygon for t in table.terrain if t.impassable] + [Polygon(s) for s in shapes]
    discs = [(c, r + radius) for c, r in enemies]
    keep_out: list[BaseGeometry] = [w.buffer(radius - SLACK, quad_segs=8) for w in walls]
    keep_out += [ShapelyPoint(c).buffer(reach - SLACK, quad_segs=8) for c, reach in discs]
    blocked = shapely.union_all(keep_out) if keep_out else None
    rings: list[list[Point]] = [_outer_ring(w, radius) for w in walls]
    rings += [_circle_ring(c, reach) for c, reach in discs]
    soft = [t.polygon for t in table.terrain if t.difficult]
    rings += [_outer_ring(s, 0) for s in soft]
    rings += [_corner_ring(t.polygon) for t in heights.platforms(table)]  # a path may skirt a climb
    nodes: list[Node] = []
    inside = _inside_box(table, radius)
    for ring in rings:
        for i, p in enumerate(ring):
            if not inside(p) or (blocked is not None and blocked.contains(ShapelyPoint(p))):
                continue
            nodes.append(Node(p, ring[i - 1], ring[(i + 1) % len(ring)]))
    return Field(
        prepared.prep(blocked) if blocked is not None else None,
        tuple(prepared.prep(s) for s in soft),
        tuple(soft),
        tuple(nodes),
        table if heights.platforms(table) else None,
    )


def _outer_ring(shape: Polygon, radius: int) -> list[Point]:
    """The corners of a polygon drawn just outside `shape` grown by `radius` with round corners."""
    if radius == 0:
        return [(round(x), round(y)) for x, y in list(shape.exterior.coords)[:-1]]
    out = radius / math.cos(math.pi / SIDES) + 2
    grown = shape.buffer(out, quad_segs=SIDES // 4, join_style="round").simplify(0)
    assert isinstance(grown, Polygon)  # a polygon grown outwards stays one polygon
    return [(round(x), round(y)) for x, y in list(grown.exterior.coords)[:-1]]


def _corner_ring(shape: Polygon) -> list[Point]:
    """The corners of `shape` drawn a few units outside it (square corners: one node each), so a path
    round a platform's corner passes beside it without climbing."""
    grown = shape.buffer(3, join_style="mitre").simplify(0)
    assert isinstance(grown, Polygon)
    return [(round(x), round(y)) for x, y in list(grown.exterior.coords)[:-1]]


def _circle_ring(centre: Point, reach: int) -> list[Point]:
    out = reach / math.cos(math.pi / SIDES) + 2
    return [
        (
            round(centre[0] + out * math.cos(2 * math.pi * k / SIDES)),
            round(centre[1] + out * math.sin(2 * math.pi * k / SIDES)),
        )
        for k in range(SIDES)
    ]


def _inside_box(table: Table, radius: int) -> Callable[[Point], bool]:
    def inside(p: Point) -> bool:
        return radius <= p[0] <= table.width - radius and radius <= p[1] <= table.height - radius

    return inside


# -- the search ---------------------------------------------------------------------------------------
def _search(table: Table, field: Field, start: Point, goal: Point) -> tuple[Point, ...] | None:
    if _clear(field, start, goal) and (field.climbs is None or not heights.climbed(field.climbs, (start, goal))):
        return (goal,)
    nodes = [Node(start), Node(goal), *field.nodes]
    at = np.array([n.at for n in nodes], dtype=np.int64)
    # a node's neighbours on its shape; the start and the goal have none (any edge is tangent there)
    before = np.array([n.before or n.at for n in nodes], dtype=np.int64) - at
    after = np.array([n.after or n.at for n in nodes], dtype=np.int64) - at
    best: dict[int, float] = {0: 0.0}
    prev: dict[int, int] = {}
    queue = [(math.dist(start, goal), 0.0, 0)]
    done = np.zeros(len(nodes), dtype=bool)
    while queue:
        _, d, i = heapq.heappop(queue)
        if i == 1:
            break
        if done[i]:
            continue
        done[i] = True
        for j in _tangent_edges(i, at, before, after, done):
            there = nodes[j].at
            step = _cost(field, nodes[i].at, there)
            if d + step >= best.get(j, math.inf) or not _clear(field, nodes[i].at, there):
                continue
            best[j], prev[j] = d + step, i
            heapq.heappush(queue, (d + step + math.dist(there, goal), d + step, j))
    if 1 not in prev:
        return None
    out = [1]
    while out[-1] != 0:
        out.append(prev[out[-1]])
    return tuple(nodes[i].at for i in reversed(out[:-1]))


def _tangent_edges(i: int, at: np.ndarray, before: np.ndarray, after: np.ndarray, done: np.ndarray) -> list[int]:
    """The nodes j an edge from node i may reach on a shortest path: tangent at both ends (a shortest
    path touches a corner along a line leaving both its neighbours on one side), all at once."""
    d = at - at[i]  # from i to each j
    at_j = (d[:, 0] * before[:, 1] - d[:, 1] * before[:, 0]) * (d[:, 0] * after[:, 1] - d[:, 1] * after[:, 0]) >= 0
    bi, ai = before[i], after[i]
    at_i = (d[:, 0] * bi[1] - d[:, 1] * bi[0]) * (d[:, 0] * ai[1] - d[:, 1] * ai[0]) >= 0
    ok = at_j & at_i & ~done
    ok[0] = ok[i] = False
    return [int(j) for j in np.flatnonzero(ok)]


def _clear(field: Field, p: Point, q: Point) -> bool:
    if field.blocked is None:
        return True
    line = LineString([p, q]) if p != q else ShapelyPoint(p)
    return not field.blocked.intersects(line)


def _cost(field: Field, p: Point, q: Point) -> float:
    """A segment's length, its part in difficult terrain counted twice, and the height it climbs."""
    d = math.dist(p, q)
    if field.climbs is not None and p != q:
        d += heights.climbed(field.climbs, (p, q))
    if not field.difficult or p == q:
        return d
    line = LineString([p, q])
    for prep, shape in zip(field.difficult, field.difficult_shapes, strict=True):
        if prep.intersects(line):
            d += line.intersection(shape).length
    return d
