"""The shortest path as first written (#25), kept as the reference the fast search must equal: each
corner a `Node`, every edge from a corner asked of shapely in bulk, nothing remembered between
searches but the terrain's obstacle map. `tests/table/test_speed.py` compares the two on random
positions: a faster search that answers differently on any of them is wrong.
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
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from bot.table import heights
from bot.table.geometry import Base, Table
from bot.table.units import Point

SIDES = 24  # sides of a grown circle: a path round it is at most 0.6 % longer than round the circle
NEAR = 16  # as paths.NEAR
APOTHEM = math.cos(math.pi / 32)  # a disc's polygon (8 segments a quarter) holds this share of its radius
SLACK = 1  # a unit: what a path may come nearer than the radius (the rules' tests allow it)


@dataclass(frozen=True)
class Node:
    """A vertex of a grown shape, with its neighbours on that shape (None: the start or the goal)."""

    at: Point
    before: Point | None = None
    after: Point | None = None


@dataclass(frozen=True)
class Ground:
    """What a base of one radius meets on one table whatever the bases: terrain and the shapes avoided
    (static for a scenario, so built once per table, radius and shapes)."""

    blocked: BaseGeometry | None  # the centre may not enter it (prepared in place: vectorised tests)
    difficult_shapes: tuple[BaseGeometry, ...]  # prepared in place too
    difficult_boxes: np.ndarray  # (x0, y0, x1, y1) of each difficult shape, one row each
    walls: tuple[Node, ...]  # the corners of the grown walls and shapes, outside `blocked` and on the table
    soft: tuple[Node, ...]  # the corners of difficult pieces and of platforms, likewise
    climbs: Table | None = None  # the table, when it has platforms: climbing onto one costs its height


@dataclass(frozen=True)
class Field:
    """What a base of one radius meets on one table with one set of shapes and bases in the way: the
    ground, and a disc of keep-out around each enemy base (kept apart from the ground's union so that
    only they are built for each position)."""

    ground: Ground
    discs: tuple[tuple[Point, int], ...]  # (centre, keep-out radius) of each enemy base
    disc_shapes: tuple[BaseGeometry, ...]
    nodes: tuple[Node, ...]  # in the order walls, enemies, difficult pieces (A* breaks ties by it)


def shortest_path(
    table: Table,
    mover: Base,
    goal: Point,
    others: Sequence[Base] = (),
    *,
    avoid: Sequence[Polygon] = (),
    effort: int | None = None,
) -> tuple[Point, ...] | None:
    """The cheapest path of `mover`'s centre to `goal` (the points after the start), around impassable
    terrain, the shapes `avoid` and the enemy bases among `others`; None when none reaches, or when
    `effort` corners are searched without reaching (a menu's suggestion gives up; the rules never do)."""
    enemies = tuple(sorted((o.centre, o.radius) for o in others if o.side != mover.side and o.id != mover.id))
    shapes = tuple(sorted(tuple(map(tuple, p.exterior.coords)) for p in avoid))
    field = _field(table, mover.radius, shapes, enemies)
    return _search(table, field, mover.centre, goal, effort)


def clear_caches() -> None:
    """Forget every obstacle map (the bench times a path with nothing cached; the tests compare)."""
    _ground.cache_clear()
    _field.cache_clear()
    _disc.cache_clear()


def forget_positions() -> None:
    """Forget the obstacle maps of positions, keeping the terrain's (built once per scenario)."""
    _field.cache_clear()
    _disc.cache_clear()


def path_length(path: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in itertools.pairwise(path))


# -- the field ----------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _ground(table: Table, radius: int, shapes: tuple[tuple[tuple[float, float], ...], ...]) -> Ground:
    walls = [t.polygon for t in table.terrain if t.impassable] + [Polygon(s) for s in shapes]
    keep_out = [w.buffer(radius - SLACK, quad_segs=8) for w in walls]
    blocked = shapely.union_all(keep_out) if keep_out else None
    if blocked is not None:
        shapely.prepare(blocked)
    soft = [t.polygon for t in table.terrain if t.difficult]
    for shape in soft:
        shapely.prepare(shape)
    hard = _outside(table, radius, blocked, (), [_outer_ring(w, radius) for w in walls])
    platforms = heights.platforms(table)
    rings = [_corner_ring(s) for s in soft] + [_corner_ring(t.polygon) for t in platforms]  # skirt a wood, a climb
    corners = _outside(table, radius, blocked, (), rings)
    return Ground(
        blocked,
        tuple(soft),
        np.array([s.bounds for s in soft], dtype=np.float64).reshape(-1, 4),
        tuple(hard),
        tuple(corners),
        table if platforms else None,
    )


@lru_cache(maxsize=512)
def _field(
    table: Table,
    radius: int,
    shapes: tuple[tuple[tuple[float, float], ...], ...],
    enemies: tuple[tuple[Point, int], ...],
) -> Field:
    ground = _ground(table, radius, shapes)
    discs = tuple((c, r + radius) for c, r in enemies)
    rings = [_circle_ring(c, reach) for c, reach in discs]
    shown = tuple(_disc(c, reach - SLACK) for c, reach in discs)
    hard = [n for n, o in zip(ground.walls, _in_discs(_xy(ground.walls), discs, shown), strict=True) if not o]
    soft = [n for n, o in zip(ground.soft, _in_discs(_xy(ground.soft), discs, shown), strict=True) if not o]
    round_bases = _outside(table, radius, ground.blocked, (discs, shown), rings)
    return Field(ground, discs, shown, tuple(hard + round_bases + soft))


def _xy(nodes: Sequence[Node]) -> np.ndarray:
    return np.array([n.at for n in nodes], dtype=np.float64).reshape(-1, 2)


@lru_cache(maxsize=4096)
def _disc(centre: Point, reach: int) -> BaseGeometry:
    return ShapelyPoint(centre).buffer(reach, quad_segs=8)


def _outside(
    table: Table,
    radius: int,
    blocked: BaseGeometry | None,
    discs: tuple[tuple[tuple[Point, int], ...], tuple[BaseGeometry, ...]] | tuple[()],
    rings: list[list[Point]],
) -> list[Node]:
    """The corners of `rings` on the table and in no keep-out, each with its neighbours on its ring."""
    inside = _inside_box(table, radius)
    nodes = [Node(p, ring[i - 1], ring[(i + 1) % len(ring)]) for ring in rings for i, p in enumerate(ring)]
    nodes = [n for n in nodes if inside(n.at)]
    if not nodes:
        return []
    xy = np.array([n.at for n in nodes], dtype=np.float64)
    out = np.zeros(len(nodes), dtype=bool)
    if blocked is not None:
        out |= shapely.contains_xy(blocked, xy[:, 0], xy[:, 1])
    if discs:
        out |= _in_discs(xy, *discs)
    return [n for n, o in zip(nodes, out, strict=True) if not o]


def _in_discs(xy: np.ndarray, discs: tuple[tuple[Point, int], ...], shapes: tuple[BaseGeometry, ...]) -> np.ndarray:
    """Which points are inside one of the keep-out discs: their polygons lie within the circle of
    radius reach - SLACK and hold the one of its apothem, so only a point between the two asks shapely."""
    inside = np.zeros(len(xy), dtype=bool)
    if not discs:
        return inside
    centres = np.array([c for c, _ in discs], dtype=np.float64)
    outer = np.array([reach - SLACK for _, reach in discs], dtype=np.float64)
    d = np.hypot(xy[:, None, 0] - centres[None, :, 0], xy[:, None, 1] - centres[None, :, 1])
    inside |= (d < outer * APOTHEM - 1e-6).any(axis=1)
    for i, k in zip(*np.nonzero((d >= outer * APOTHEM - 1e-6) & (d < outer + 1e-6)), strict=True):
        if not inside[i] and shapes[k].contains(ShapelyPoint(xy[i])):
            inside[i] = True
    return inside


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
def _search(
    table: Table, field: Field, start: Point, goal: Point, effort: int | None = None
) -> tuple[Point, ...] | None:
    straight = _costs(field, start, [goal], _segments(start, [goal]))[0]
    if _clear(field, start, goal) and straight <= math.dist(start, goal):
        return (goal,)
    if not _clear(field, goal, goal):
        return None  # the goal is in a keep-out: no last edge reaches it (without searching the whole graph)
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
        if effort is not None:
            effort -= 1
            if effort < 0:
                return None
        here = nodes[i].at
        reach = _tangent_edges(i, at, before, after, done)
        if not reach:
            continue
        ends = [nodes[j].at for j in reach]
        lines = _segments(here, ends)
        costs = _costs(field, here, ends, lines)
        better = [k for k, (j, step) in enumerate(zip(reach, costs, strict=True)) if d + step < best.get(j, math.inf)]
        free = _clear_many(field, here, [ends[k] for k in better], lines[better] if better else None)
        for k, ok in zip(better, free, strict=True):
            if not ok:
                continue
            j, step = reach[k], costs[k]
            best[j], prev[j] = d + step, i
            heapq.heappush(queue, (d + step + math.dist(nodes[j].at, goal), d + step, j))
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
    ok = at_j & at_i
    if i >= 2:  # the start or the goal near a side of corner i (`paths._beside`)
        ok[:2] |= _beside(at[:2] - at[i], before[i], after[i])
    else:
        ok |= _beside(at[i] - at, before, after)
    ok &= ~done
    ok[0] = ok[i] = False
    return [int(j) for j in np.flatnonzero(ok)]


def _beside(d: np.ndarray, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """Whether the offsets `d` from corners lie within NEAR of the line of either of their sides."""
    d, before, after = (np.asarray(a, dtype=np.float64).reshape(-1, 2) for a in (d, before, after))
    near_before = np.abs(d[:, 0] * before[:, 1] - d[:, 1] * before[:, 0]) <= NEAR * np.hypot(before[:, 0], before[:, 1])
    near_after = np.abs(d[:, 0] * after[:, 1] - d[:, 1] * after[:, 0]) <= NEAR * np.hypot(after[:, 0], after[:, 1])
    return near_before | near_after


def _clear(field: Field, p: Point, q: Point) -> bool:
    return _clear_many(field, p, [q])[0]


def _segments(p: Point, ends: list[Point]) -> np.ndarray:
    """The segments from p to each of `ends` as shapely geometries (a point where an end is p)."""
    q = np.array(ends, dtype=np.float64).reshape(-1, 2)
    starts = np.broadcast_to(np.array(p, dtype=np.float64), q.shape)
    lines = np.asarray(shapely.linestrings(np.stack([starts, q], axis=1)), dtype=object)
    same = (q[:, 0] == p[0]) & (q[:, 1] == p[1])
    if same.any():
        lines[same] = shapely.points(q[same])
    return lines


def _clear_many(field: Field, p: Point, ends: list[Point], lines: np.ndarray | None = None) -> list[bool]:
    """Whether each segment from p to one of `ends` stays out of every keep-out: the ground's in one
    vectorised test, each disc by its distance to the segment (shapely only when it falls between the
    polygon's apothem and its radius). `lines`: those segments already built (`_segments`)."""
    if not ends:
        return []
    q = np.array(ends, dtype=np.float64)
    ok = np.ones(len(ends), dtype=bool)
    if field.ground.blocked is not None:
        ok &= ~shapely.intersects(field.ground.blocked, _segments(p, ends) if lines is None else lines)
    if not field.discs:
        return ok.tolist()
    px, py = float(p[0]), float(p[1])
    dx, dy = (q[:, 0] - px)[:, None], (q[:, 1] - py)[:, None]
    length2 = dx * dx + dy * dy
    centres = np.array([c for c, _ in field.discs], dtype=np.float64)
    outer = np.array([reach - SLACK for _, reach in field.discs], dtype=np.float64)
    cx, cy = centres[None, :, 0], centres[None, :, 1]
    t = np.clip(((cx - px) * dx + (cy - py) * dy) / np.where(length2 == 0, 1.0, length2), 0.0, 1.0)
    dist = np.hypot(px + t * dx - cx, py + t * dy - cy)  # each segment (row) to each disc (column)
    ok &= (dist >= outer * APOTHEM - 1e-6).all(axis=1)  # nearer: the segment enters the polygon
    for i, k in zip(*np.nonzero(dist <= outer + 1e-6), strict=True):
        if not ok[i]:
            continue
        end = ends[i]
        line = LineString([p, end]) if end != p else ShapelyPoint(p)
        ok[i] = not field.disc_shapes[k].intersects(line)
    return ok.tolist()


def _costs(field: Field, p: Point, ends: list[Point], lines: np.ndarray) -> list[float]:
    """`_cost` of each segment from p to one of `ends` (built as `lines`), the terrain asked once for
    all of them: only the segments whose box meets a difficult piece's box are cut by it."""
    q = np.array(ends, dtype=np.float64).reshape(-1, 2)
    out = np.array([math.dist(p, end) for end in ends], dtype=np.float64)
    same = (q[:, 0] == p[0]) & (q[:, 1] == p[1])
    ground = field.ground
    if ground.climbs is not None:
        for k, end in enumerate(ends):
            if end != p:
                out[k] += heights.climbed(ground.climbs, (p, end))
    if not ground.difficult_shapes:
        return out.tolist()
    lo_x, hi_x = np.minimum(q[:, 0], p[0]), np.maximum(q[:, 0], p[0])
    lo_y, hi_y = np.minimum(q[:, 1], p[1]), np.maximum(q[:, 1], p[1])
    for shape, (x0, y0, x1, y1) in zip(ground.difficult_shapes, ground.difficult_boxes, strict=True):
        near = np.flatnonzero(~same & (hi_x >= x0) & (lo_x <= x1) & (hi_y >= y0) & (lo_y <= y1))
        if not len(near):
            continue
        cut = near[shapely.intersects(shape, lines[near])]
        if len(cut):
            out[cut] += shapely.length(shapely.intersection(lines[cut], shape))
    return out.tolist()
