"""Shortest paths of a round base on the table, around what it may not cross (#25).

A base of radius r may not put its centre within r of impassable terrain (or of any other shape the
game forbids, such as WarCry's pit) nor within r + r' of an enemy base of radius r'; friends may be
passed. So the centre moves among those shapes grown by r with ROUND corners, and a shortest path
bends only at them: a visibility graph over the vertices of each grown shape (a polygon drawn just
outside the rounded one, so a path along its sides never touches the piece), solved by A*, keeping
only the edges tangent at both ends. Inside difficult terrain a path costs double (`Table.path_cost`):
the corners of difficult pieces, drawn a few units outside, are nodes too, so a path may skirt a wood as
well as cross it (the straight line is taken at once only when it costs its length). A climb
onto a platform costs its height (heights.py), and a platform's corners are nodes too.

The path is exact in the sense that matters to the rules: every segment stays at least r - 0.1 mm
from what it avoids, and its length is within 1 % of the true shortest around rounded corners.

What is built once and what for each search: the terrain's keep-out and corners depend only on the
table, the radius and the shapes avoided (`Ground`, one per scenario and radius), and so do the
edges between two terrain corners: each one's cost and whether it clears the terrain is remembered
there the first time a search asks. A search adds the bases' discs and their corners (`Field`), and
asks afresh only about the edges that touch them, the start or the goal. A goal walled in by bases
is found by walking back from it, not by exploring every corner.

What a position's searches share: a menu searches toward each enemy with that enemy left out (`into`).
Those searches share one whole field, which keeps every corner, each seeing it without the corners a field
of its own discs would not hold (`View`): the tangents worked out for one goal serve the next. What a
disc does on a ground (the corners it covers, its ring kept on the table and out of the walls) is
remembered by disc, and a field is joined from those pieces; a segment's cost and whether it clears the
terrain are remembered by ground and segment, whatever the discs.
Every answer is the one computed afresh (tests/table/test_speed.py); `forget_positions` forgets them.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
import struct
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from . import heights
from .geometry import Base, Table, distance2, meets_box
from .units import Point

SIDES = 24  # sides of a grown circle: a path round it is at most 0.6 % longer than round the circle
APOTHEM = math.cos(math.pi / 32)  # a disc's polygon (8 segments a quarter) holds this share of its radius
SLACK = 1  # a unit: what a path may come nearer than the radius (the rules' tests allow it)
PROBE = 32  # corners searched before asking whether the goal can be reached at all (`_Graph.walled_in`)
NEAR = 16  # units: a start or a goal this near a corner's side may lie between its piece and the ring drawn round it
MARGIN = 0.01  # what a box is taken larger by, so that a segment said to miss it misses it for certain
_COS = tuple(math.cos(2 * math.pi * k / SIDES) for k in range(SIDES))
_SIN = tuple(math.sin(2 * math.pi * k / SIDES) for k in range(SIDES))


@dataclass(frozen=True)
class Corners:
    """Corners of grown shapes as arrays a search reads in bulk: each corner, and the offsets from it to
    its neighbours on its shape ((0, 0) for the start and the goal: any edge is tangent there)."""

    at: np.ndarray  # (n, 2) int64
    before: np.ndarray  # (n, 2) int64
    after: np.ndarray  # (n, 2) int64

    @staticmethod
    def of(rings: Sequence[np.ndarray]) -> Corners:
        """The corners of closed rings, each an (n, 2) array of points in order."""
        if not rings:
            empty = np.zeros((0, 2), dtype=np.int64)
            return Corners(empty, empty, empty)
        at = np.concatenate(rings).astype(np.int64)
        before = np.concatenate([np.roll(r, 1, axis=0) for r in rings]).astype(np.int64) - at
        after = np.concatenate([np.roll(r, -1, axis=0) for r in rings]).astype(np.int64) - at
        return Corners(at, before, after)

    def __len__(self) -> int:
        return len(self.at)

    def kept(self, keep: np.ndarray) -> Corners:
        return Corners(self.at[keep], self.before[keep], self.after[keep])


@dataclass(frozen=True, eq=False)
class Ground:
    """What a base of one radius meets on one table whatever the bases: terrain and the shapes avoided
    (static for a scenario, so built once per table, radius and shapes), and the edges between its
    corners, remembered as searches ask for them."""

    blocked: BaseGeometry | None  # the centre may not enter it (prepared in place: vectorised tests)
    difficult_shapes: tuple[BaseGeometry, ...]  # prepared in place too
    difficult_boxes: tuple[tuple[float, float, float, float], ...]  # each difficult shape's box (`_boxes`)
    walls: Corners  # the corners of the grown walls and shapes, outside `blocked` and on the table
    soft: Corners  # the corners of difficult pieces and of platforms, likewise
    box: tuple[int, int, int, int]  # where a centre may stand on the table: (x0, y0, x1, y1)
    climbs: Table | None = None  # the table, when it has platforms: climbing onto one costs its height
    walls_boxes: tuple[tuple[float, float, float, float], ...] = ()  # each piece of `blocked`'s box (`_boxes`)
    hulls: tuple[tuple[Point, ...], ...] = ()  # each platform's convex hull, counter-clockwise (`_near_hull`)
    hull_boxes: tuple[tuple[float, float, float, float], ...] = ()  # what a segment near each hull meets (`_reach`)
    costs: dict[tuple[int, int], float] = field(default_factory=dict)  # of the edges between two corners
    clears: dict[tuple[int, int], bool] = field(default_factory=dict)  # whether they clear `blocked`

    def cost(self, a: int, b: int, p: Point, q: Point) -> float:
        """The cost of the edge from terrain corner a (at p) to b (at q), remembered."""
        known = self.costs.get((a, b))
        if known is None:
            known = self.costs[(a, b)] = _measure(self, p, q)
        return known

    def clear(self, a: int, b: int, p: Point, q: Point) -> bool:
        """Whether the edge from terrain corner a (at p) to b (at q) clears the terrain, remembered."""
        known = self.clears.get((a, b))
        if known is None:
            known = self.clears[(a, b)] = _clear_of_walls(self, p, q)
        return known


@dataclass(frozen=True, eq=False)
class Field:
    """What a base of one radius meets on one table with one set of shapes and bases in the way: the
    ground, and a disc of keep-out around each enemy base (kept apart from the ground's union so that
    only they are built for each position)."""

    ground: Ground
    discs: tuple[tuple[Point, int], ...]  # (centre, keep-out radius) of each enemy base
    whole: bool = False  # every corner kept, those inside a disc left to each search's view (`View`)
    alive: dict[tuple[int, ...], bytes] = field(default_factory=dict)  # `View.alive`, by the discs left out

    @cached_property
    def bounds(self) -> tuple[tuple[int, float, float, float, float], ...]:
        """Each disc's centre and the distances that settle a segment without shapely (`_off_discs`):
        nearer than the first, the segment enters the disc's polygon; further than the second, it misses.
        In the order of the centres' x (`by_x`)."""
        return tuple(
            sorted(
                ((k, float(c[0]), float(c[1]), (reach - SLACK) * APOTHEM - 1e-6, (reach - SLACK) + 1e-6)
                 for k, (c, reach) in enumerate(self.discs)),
                key=lambda b: b[1],
            )
        )  # fmt: skip

    @cached_property
    def by_x(self) -> tuple[list[float], float]:
        """The discs' centres' x in order (`bounds`) and the largest second distance: a segment's x range
        widened by it holds the centre of every disc the segment may come near."""
        return [b[1] for b in self.bounds], max((b[4] for b in self.bounds), default=0.0)

    @cached_property
    def columns(self) -> tuple[np.ndarray, ...]:
        """The corners' x, y and offsets to their neighbours (before x, y, after x, y) as float columns:
        each cross product a search takes of them is under 2^53, so exact, and so is the sign of a product
        of two."""
        corners = self.corners[0]
        return tuple(a[:, k].astype(np.float64) for a in (corners.at, corners.before, corners.after) for k in (0, 1))

    @cached_property
    def terms(self) -> np.ndarray:
        """The corners' terms of the tangency test (`_tangent_rows`), a row each: 1, x, y, x·by − y·bx, by,
        bx, x·ay − y·ax, ay, ax (integers far under 2^53, so exact floats)."""
        xs, ys, bx, by, ax, ay = self.columns
        return np.stack([np.ones_like(xs), xs, ys, xs * by - ys * bx, by, bx, xs * ay - ys * ax, ay, ax])

    @cached_property
    def beside(self) -> tuple[np.ndarray, np.ndarray]:
        """How far from the line of each corner's side before it and after it, as a cross product with
        that side, a point lies beside the corner (`_beside`)."""
        _, _, bx, by, ax, ay = self.columns
        return NEAR * np.hypot(bx, by), NEAR * np.hypot(ax, ay)

    @cached_property
    def blocks(self) -> list[tuple[int, int]]:
        """For each corner, the corners its tangents are worked out with (`_tangent_rows`): its ring's, as a
        path round a base turns at one corner of the ring after the next; or BLOCK of the ground's in a row."""
        index = self.corners[1]
        out: list[tuple[int, int]] = []
        for _, run in itertools.groupby(range(len(index)), lambda i: index[i] if index[i] < 0 else i // BLOCK):
            corners = list(run)
            out += [(corners[0], corners[-1] + 1)] * len(corners)
        return out

    @cached_property
    def points(self) -> list[Point]:
        at = self.corners[0].at
        return list(zip(at[:, 0].tolist(), at[:, 1].tolist(), strict=True))

    def shape(self, k: int) -> BaseGeometry:
        centre, reach = self.discs[k]
        return _disc(centre, reach - SLACK)

    @cached_property
    def corners(self) -> tuple[Corners, tuple[int, ...]]:
        """The corners a search may bend at, in the order walls, enemies, difficult pieces (A* breaks ties
        by it), and the index of each among the ground's corners (-2 - k for a corner of disc k's ring). Joined
        from what each disc does on the ground, remembered (`_pieces_of`): a menu's fields differ by one disc."""
        ground = self.ground
        pieces = _pieces_of(ground, self.discs)
        if self.whole:
            rings = _joined_rings(pieces)
            owners = np.repeat(np.arange(len(pieces)), [p.end - p.start for p in pieces])
            walls, soft_corners = ground.walls, ground.soft
            index = np.concatenate([np.arange(len(walls)), -2 - owners, len(walls) + np.arange(len(soft_corners))])
            return _joined(walls, rings, soft_corners), tuple(index.tolist())
        hard, soft = np.ones(len(ground.walls), dtype=bool), np.ones(len(ground.soft), dtype=bool)
        for piece in pieces:
            if len(piece.walls):
                hard[piece.walls] = False
            if len(piece.soft):
                soft[piece.soft] = False
        rings, owners = _rings_outside(self.discs, pieces)
        walls = ground.walls if hard.all() else ground.walls.kept(hard)
        soft_corners = ground.soft if soft.all() else ground.soft.kept(soft)
        index = np.concatenate([np.flatnonzero(hard), -2 - owners, len(ground.walls) + np.flatnonzero(soft)])
        return _joined(walls, rings, soft_corners), tuple(index.tolist())

    @cached_property
    def covers(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Of a whole field, `inside`, how many discs each corner lies in, and the disc each ring's corner is
        drawn round (-1: the ground's): what each search's view reads (`View.alive`)."""
        inside = self.inside
        index = np.array(self.corners[1], dtype=np.int64)
        return inside, inside.sum(axis=1), np.where(index < 0, -2 - index, -1)

    @cached_property
    def inside(self) -> np.ndarray:
        """Of a whole field (`whole`), whether each corner lies inside each disc (a row per corner, a column
        per disc): the ground's corners each disc covers (`_Piece`) and the rings' corners inside another
        disc (`_in_each`), the tests a field of fewer discs makes of its own."""
        corners, index = self.corners
        out = np.zeros((len(index), len(self.discs)), dtype=bool)
        walls = len(self.ground.walls)
        rings = np.flatnonzero(np.array(index, dtype=np.int64) < 0)
        soft = walls + len(rings)
        for k, piece in enumerate(_pieces_of(self.ground, self.discs)):
            out[piece.walls, k] = True
            out[soft + piece.soft, k] = True
        if len(rings):
            out[rings] = _in_each(self.discs, corners.at[rings])
        return out


class View:
    """A field as one search sees it: with the discs `left` out (a menu's move toward an enemy walks up to
    it, not round it). The corners of a whole field (`Field.whole`) that a field of the other discs would
    not hold are not searched (`alive`); the others keep their order, so the search takes the same steps
    and finds the same path as on that field, and a menu's searches share the whole field's tangents.
    Plain attributes: a search reads them for every edge."""

    def __init__(self, field: Field, left: tuple[int, ...] = ()) -> None:
        self.field = field
        self.left = left  # indices in field.discs
        self.ground = field.ground
        self.shape = field.shape
        self.bounds = field.bounds  # `Field.bounds` and `Field.by_x` of the discs searched round
        self.by_x = field.by_x
        if left:
            self.bounds = tuple(b for b in self.bounds if b[0] not in left)
            self.by_x = [b[1] for b in self.bounds], max((b[4] for b in self.bounds), default=0.0)

    @cached_property
    def alive(self) -> bytes:
        """A byte for each of the field's corners, 1 where the search may bend: a corner inside no disc
        searched round and on the ring of none left out (every corner of a field that is not whole).
        Remembered by the field for each set of discs left out (a menu's goals share them)."""
        field = self.field
        if not field.whole:
            return b"\x01" * len(field.points)
        known = field.alive.get(self.left)
        if known is None:
            inside, covers, owners = field.covers
            dead = covers > 0
            if self.left:
                dead = covers > inside[:, list(self.left)].sum(axis=1)
                for k in self.left:
                    dead |= owners == k
            known = field.alive[self.left] = (~dead).astype(np.uint8).tobytes()
        return known


def shortest_path(
    table: Table,
    mover: Base,
    goal: Point,
    others: Sequence[Base] = (),
    *,
    avoid: Sequence[Polygon] = (),
    effort: int | None = None,
    beside: bool = True,
    into: bool = False,
) -> tuple[Point, ...] | None:
    """The cheapest path of `mover`'s centre to `goal` (the points after the start), around impassable
    terrain, the shapes `avoid` and the enemy bases among `others`; None when none reaches, or when
    `effort` corners are searched without reaching (a menu's suggestion gives up; the rules never do).
    `beside`: a start or a goal beside a piece is reached from its corner (`_beside`); a game's matches
    begun before that replay without it. `into`: an enemy the goal is too near to pass (the enemy a move
    goes to contact) is walked up to, not round, as if it were not among `others`; a menu's searches from
    one position then share one field (`View`)."""
    enemies = tuple(sorted((o.centre, o.radius) for o in others if o.side != mover.side and o.id != mover.id))
    shapes = tuple(sorted(tuple(map(tuple, p.exterior.coords)) for p in avoid))
    field = _field(table, mover.radius, shapes, enemies, into)
    left: tuple[int, ...] = ()
    if into:
        left = tuple(k for k, (c, reach) in enumerate(field.discs) if distance2(c, goal) <= reach * reach)
    return _search(View(field, left), mover.centre, goal, effort, beside)


def clear_caches() -> None:
    """Forget every obstacle map (the bench times a path with nothing cached; the tests compare)."""
    _ground.cache_clear()
    forget_positions()


def forget_positions() -> None:
    """Forget the obstacle maps of positions, keeping the terrain's (built once per scenario)."""
    _field.cache_clear()
    _disc.cache_clear()
    _pieces.clear()
    _segment_costs.clear()
    _segment_clears.clear()
    _clears.clear()
    _tangents.clear()
    _weighed.clear()


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
    box = (radius, radius, table.width - radius, table.height - radius)
    bare = Ground(blocked, (), (), Corners.of([]), Corners.of([]), box)
    hard = _outside(bare, Corners.of([_outer_ring(w, radius) for w in walls]))
    platforms = heights.platforms(table)
    rings = [_corner_ring(s) for s in soft] + [_corner_ring(t.polygon) for t in platforms]  # skirt a wood, a climb
    corners = _outside(bare, Corners.of(rings))
    pieces = [] if blocked is None else list(getattr(blocked, "geoms", [blocked]))
    hulls = tuple(_hull(t.polygon) for t in platforms)
    return Ground(
        blocked,
        tuple(soft),
        _boxes(s.bounds for s in soft),
        hard,
        corners,
        box,
        table if platforms else None,
        _boxes(piece.bounds for piece in pieces),
        hulls,
        tuple(_reach(hull) for hull in hulls),
    )


def _hull(shape: Polygon) -> tuple[Point, ...]:
    """The corners of the shape's convex hull, counter-clockwise (the platform's own corners: integers)."""
    hull = shape.convex_hull
    assert isinstance(hull, Polygon)  # a platform has an area
    hull = orient(hull, 1.0)
    return tuple((round(x), round(y)) for x, y in list(hull.exterior.coords)[:-1])


def _reach(hull: tuple[Point, ...]) -> tuple[float, float, float, float]:
    """The box of every point a unit or less outside each side of the convex `hull` (`_near_hull`): the
    hull drawn a unit outside with sharp corners lies within its box grown by the furthest of those
    corners, 1 / sin(half the angle) from the hull's (and MARGIN more): a segment that misses it is
    near no side of the hull."""
    grow = 1.0
    for k, v in enumerate(hull):
        u, w = hull[k - 1], hull[(k + 1) % len(hull)]
        a, b = (u[0] - v[0], u[1] - v[1]), (w[0] - v[0], w[1] - v[1])
        angle = math.atan2(abs(a[0] * b[1] - a[1] * b[0]), a[0] * b[0] + a[1] * b[1])
        grow = max(grow, 1 / max(math.sin(angle / 2), 1e-9))
    xs, ys = [v[0] for v in hull], [v[1] for v in hull]
    out = grow + MARGIN
    return (min(xs) - out, min(ys) - out, max(xs) + out, max(ys) + out)


def _near_hull(p: Point, q: Point, hull: tuple[Point, ...]) -> bool:
    """Whether some point of the segment p–q comes within a unit of the convex `hull` (clipped by each
    side's half-plane, on integers but for the last division): one that does not has no stretch inside
    the platform, so climbs nothing there (heights.py)."""
    lo, hi = 0.0, 1.0
    for k, a in enumerate(hull):
        b = hull[k - 1]  # counter-clockwise: the inside is left of a→b taken backwards, so right of b→a
        ex, ey = a[0] - b[0], a[1] - b[1]
        f0 = ex * (p[1] - b[1]) - ey * (p[0] - b[0])  # > 0: p left of b→a, inside that side
        f1 = ex * (q[1] - b[1]) - ey * (q[0] - b[0])
        floor = -math.hypot(ex, ey)  # a unit outside the side's line
        if f0 < floor and f1 < floor:
            return False
        if f0 < floor:
            lo = max(lo, (floor - f0) / (f1 - f0))
        elif f1 < floor:
            hi = min(hi, (f0 - floor) / (f0 - f1))
        if lo > hi:
            return False
    return True


def _boxes(bounds: Iterable[tuple[float, float, float, float]]) -> tuple[tuple[float, float, float, float], ...]:
    """Bounding boxes taken MARGIN larger (`meets_box`)."""
    return tuple((x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN) for x0, y0, x1, y1 in bounds)


@lru_cache(maxsize=512)
def _field(
    table: Table,
    radius: int,
    shapes: tuple[tuple[tuple[float, float], ...], ...],
    enemies: tuple[tuple[Point, int], ...],
    whole: bool = False,
) -> Field:
    return Field(_ground(table, radius, shapes), tuple((c, r + radius) for c, r in enemies), whole)


@lru_cache(maxsize=4096)
def _disc(centre: Point, reach: int) -> BaseGeometry:
    return ShapelyPoint(centre).buffer(reach, quad_segs=8)


def _outside(ground: Ground, corners: Corners) -> Corners:
    """The corners on the table and out of the terrain's keep-out, each with its neighbours on its ring."""
    return corners.kept(_on_ground(ground, corners.at)) if len(corners) else corners


def _on_ground(ground: Ground, xy: np.ndarray) -> np.ndarray:
    """Which points lie on the table and out of `blocked` (point by point: the same answer whatever
    the points asked with it)."""
    x0, y0, x1, y1 = ground.box
    keep = (xy[:, 0] >= x0) & (xy[:, 0] <= x1) & (xy[:, 1] >= y0) & (xy[:, 1] <= y1)
    if ground.blocked is not None and keep.any():
        at = xy.astype(np.float64)
        keep[keep] = ~shapely.contains_xy(ground.blocked, at[keep, 0], at[keep, 1])
    return keep


class _Piece(NamedTuple):
    """What one enemy's disc does on one ground, whatever the other discs (`Field.corners` joins them):
    the ground's corners it covers, and its own ring of corners on the table and out of the terrain, rows
    start to end of the rings of the discs it was built with (a fresh field's rings are used whole)."""

    walls: np.ndarray  # indices of the ground's wall corners inside the disc
    soft: np.ndarray  # likewise among its corners of difficult pieces and platforms
    rings: np.ndarray  # (n, 6) int64: each corner kept by `_on_ground` and the offsets to its neighbours
    start: int
    end: int


PIECES = 4_096  # discs remembered with their ground (`_pieces_of`): a few megabytes, then forgotten
_pieces: dict[tuple[Ground, tuple[Point, int]], _Piece] = {}


def _pieces_of(ground: Ground, discs: tuple[tuple[Point, int], ...]) -> list[_Piece]:
    """Each disc's piece on the ground, those not remembered built together (a fresh field of many discs
    pays numpy's fixed cost once, as when the field was built whole); every test is point by point and
    disc by disc, so a piece is the same whatever discs it was built with."""
    known: dict[tuple[Point, int], _Piece] = {}  # read once: another thread may forget them meanwhile
    missing = []
    for disc in dict.fromkeys(discs):
        piece = _pieces.get((ground, disc))
        if piece is None:
            missing.append(disc)
        else:
            known[disc] = piece
    if missing:
        if len(_pieces) + len(missing) > PIECES:
            _pieces.clear()
        walls, soft = _covered(missing, ground.walls.at), _covered(missing, ground.soft.at)
        rings = _circle_rings(tuple(missing))
        keep = _on_ground(ground, rings.at)
        kept = np.concatenate([rings.at, rings.before, rings.after], axis=1)[keep]
        ends = np.cumsum(keep.reshape(-1, SIDES).sum(axis=1)).tolist()
        for k, (disc, start, end) in enumerate(zip(missing, [0, *ends[:-1]], ends, strict=True)):
            known[disc] = _pieces[(ground, disc)] = _Piece(walls[k], soft[k], kept, start, end)
    return [known[d] for d in discs]


def _covered(discs: list[tuple[Point, int]], points: np.ndarray) -> list[np.ndarray]:
    """The indices of the points inside each disc (`_in_each`), a list per disc (most are empty)."""
    rows, cols = np.nonzero(_in_each(discs, points))
    out = [_NONE] * len(discs)
    for k in set(cols.tolist()):
        out[k] = rows[cols == k]
    return out


_NONE = np.zeros(0, dtype=np.intp)


def _joined(walls: Corners, rings: np.ndarray, soft: Corners) -> Corners:
    """The corners in a search's order: the walls', the rings' (rows of `_Piece.rings`), the soft ones'."""
    return Corners(
        np.concatenate([walls.at, rings[:, 0:2], soft.at]),
        np.concatenate([walls.before, rings[:, 2:4], soft.before]),
        np.concatenate([walls.after, rings[:, 4:6], soft.after]),
    )


def _joined_rings(pieces: list[_Piece]) -> np.ndarray:
    """The pieces' rings in their order (`_Piece.rings`' rows; those built together used as they are)."""
    if not pieces:
        return np.zeros((0, 6), dtype=np.int64)
    whole, at = pieces[0].rings, 0
    for piece in pieces:
        if piece.rings is not whole or piece.start != at:
            break
        at = piece.end
    else:
        if at == len(whole):
            return whole
    return np.concatenate([p.rings[p.start : p.end] for p in pieces])


def _rings_outside(discs: tuple[tuple[Point, int], ...], pieces: list[_Piece]) -> tuple[np.ndarray, np.ndarray]:
    """The discs' rings joined in the discs' order (`_joined_rings`), without their corners inside any disc,
    and the disc each corner is drawn round."""
    owners = np.repeat(np.arange(len(pieces)), [p.end - p.start for p in pieces])
    return _off_each(discs, _joined_rings(pieces), owners)


def _off_each(
    discs: tuple[tuple[Point, int], ...], rings: np.ndarray, owners: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    inside = np.any(_in_each(discs, rings[:, :2]), axis=1)
    return (rings[~inside], owners[~inside]) if inside.any() else (rings, owners)


def _in_each(discs: Sequence[tuple[Point, int]], points: np.ndarray) -> np.ndarray:
    """Whether each point is inside each keep-out disc (a row per point, a column per disc): the disc's
    polygon lies within the circle of radius reach - SLACK and holds the one of its apothem, so only a
    point between the two asks shapely. The squared distances (exact: integers far under 2^53) settle
    every pair two units or more from those circles; the others ask shapely, a disc's together."""
    xy = points.astype(np.float64).reshape(-1, 2)
    if not len(discs) or not len(xy):
        return np.zeros((len(xy), len(discs)), dtype=bool)
    centres = np.array([c for c, _ in discs], dtype=np.float64).reshape(-1, 2)
    outer = np.array([reach - SLACK for _, reach in discs], dtype=np.float64)
    dx, dy = xy[:, None, 0] - centres[None, :, 0], xy[:, None, 1] - centres[None, :, 1]
    d2 = dx * dx + dy * dy
    inner = np.maximum(outer * APOTHEM - 2, 0.0)
    inside = d2 < inner * inner
    i, k = np.nonzero(~inside & (d2 < (outer + 2) * (outer + 2)))
    if not len(i):
        return inside
    d, edge = np.hypot(dx[i, k], dy[i, k]), outer[k]
    inside[i, k] = d < edge * APOTHEM - 1e-6
    band = (d >= edge * APOTHEM - 1e-6) & (d < edge + 1e-6)
    rows, cols = i[band], k[band]
    for col in set(cols.tolist()):  # each disc's points between its polygon and its circle, at once
        centre, reach = discs[col]
        at = rows[cols == col]
        inside[at, col] = shapely.contains_xy(_disc(centre, reach - SLACK), xy[at, 0], xy[at, 1])
    return inside


def _outer_ring(shape: Polygon, radius: int) -> np.ndarray:
    """The corners of a polygon drawn just outside `shape` grown by `radius` with round corners."""
    if radius == 0:
        return _rounded(list(shape.exterior.coords)[:-1])
    out = radius / math.cos(math.pi / SIDES) + 2
    grown = shape.buffer(out, quad_segs=SIDES // 4, join_style="round").simplify(0)
    assert isinstance(grown, Polygon)  # a polygon grown outwards stays one polygon
    return _rounded(list(grown.exterior.coords)[:-1])


def _corner_ring(shape: Polygon) -> np.ndarray:
    """The corners of `shape` drawn a few units outside it (square corners: one node each), so a path
    round a wood's or a platform's corner passes beside it without entering or climbing (on its edge,
    shapely counts the path as inside)."""
    grown = shape.buffer(3, join_style="mitre").simplify(0)
    assert isinstance(grown, Polygon)
    return _rounded(list(grown.exterior.coords)[:-1])


def _rounded(coords: Sequence[Sequence[float]]) -> np.ndarray:
    return np.array([(round(x), round(y)) for x, y in coords], dtype=np.int64).reshape(-1, 2)


def _circle_rings(discs: tuple[tuple[Point, int], ...]) -> Corners:
    """SIDES corners just outside the circle of `reach` round each disc's centre (Python's rounding,
    half to even, as numpy's `rint`, on the same products as one point at a time)."""
    if not discs:
        return Corners.of([])
    centres = np.array([c for c, _ in discs], dtype=np.float64)
    out = np.array([reach for _, reach in discs], dtype=np.float64) / math.cos(math.pi / SIDES) + 2
    xs = np.rint(centres[:, 0:1] + out[:, None] * np.array(_COS)[None, :])
    ys = np.rint(centres[:, 1:2] + out[:, None] * np.array(_SIN)[None, :])
    rings = np.stack([xs, ys], axis=2).astype(np.int64)  # (discs, SIDES, 2)
    before = np.roll(rings, 1, axis=1) - rings
    after = np.roll(rings, -1, axis=1) - rings
    return Corners(rings.reshape(-1, 2), before.reshape(-1, 2), after.reshape(-1, 2))


# -- the search ---------------------------------------------------------------------------------------
# What searches remember of a position, field by field (a menu searches toward several goals from one start
# among the same bases), and of segments, ground by ground (`_memory`).
EDGES = 20_000  # edges of positions remembered (`_Graph.clear`): a few megabytes, then forgotten
_clears: dict[object, dict[tuple[Point, Point], bool]] = {}  # by field, or field and discs left out (`View`)
TANGENTS = 4_000  # corners whose tangents toward a field's corners are remembered (`_Graph.tangent`): a few megabytes
BLOCK = 16  # the ground's corners whose tangents are worked out together (`Field.blocks`)
_tangents: dict[Field, dict[int, tuple[int, ...]]] = {}
FIELDS = 64  # fields whose corners' weights are remembered (`_weights`)
_weighed: dict[Field, np.ndarray] = {}


def _memory(store: dict[Any, dict[Any, Any]], owner: object, limit: int) -> dict[Any, Any]:
    """`owner`'s memory in `store`, begun when missing, and forgotten with the whole store once they hold
    `limit` answers (checked when a memory is begun; `_remember` bounds each). An owner is keyed by
    identity: one forgotten by `_field` or `_ground` stays alive here until then, so that no other takes
    its place. A memory holds points, numbers and tuples of them, which the garbage collector stops
    following once it has seen them (a key naming its owner would keep every entry in every full
    collection)."""
    known = store.get(owner)
    if known is None:
        if sum(map(len, list(store.values()))) >= limit:  # a copy: another thread's search may begin one
            store.clear()
        known = store[owner] = {}
    return known


def _remember(known: dict[Any, Any], limit: int, key: Any, value: Any) -> Any:
    """`value`, kept under `key` in a memory of at most `limit` answers (forgotten when full)."""
    if len(known) >= limit:
        known.clear()
    known[key] = value
    return value


def _weights(field: Field) -> np.ndarray:
    """Four rows of weights for each corner (an array (corners, 4, 9); a corner at x, y, its offsets (bx, by)
    to the corner before and (ax, ay) to the one after): times a corner's `terms` (`Field.terms`) they
    give the four cross products of the tangency test, at j
    (xj − x)·byj − (yj − y)·bxj and (xj − x)·ayj − (yj − y)·axj, at i (xj − x)·by − (yj − y)·bx and
    (xj − x)·ay − (yj − y)·ax. Worked out once per field, for all its corners."""
    known = _weighed.get(field)
    if known is None:
        xs, ys, bx, by, ax, ay = field.columns
        w = np.zeros((len(xs), 4, 9))
        w[:, 0, 3] = w[:, 1, 6] = 1.0
        w[:, 0, 4] = w[:, 1, 7] = -xs
        w[:, 0, 5] = w[:, 1, 8] = ys
        w[:, 2, 0], w[:, 2, 1], w[:, 2, 2] = -(xs * by - ys * bx), by, -bx
        w[:, 3, 0], w[:, 3, 1], w[:, 3, 2] = -(xs * ay - ys * ax), ay, -ax
        known = _weighed[field] = w
        if len(_weighed) > FIELDS:
            _weighed.clear()
    return known


def _tangent_rows(field: Field, first: int, last: int) -> list[tuple[int, ...]]:
    """For each corner from `first` to `last` (excluded), the nodes (corner + 2) an edge from it may reach
    on a shortest path: tangent at both ends (the edge leaves both neighbours of each corner on one side).
    The four cross products of each pair are taken from the corners' `terms` (`Field.terms`) in one product
    of matrices for the whole block: each is a sum of products of integers far under 2^53, so the same
    exact float whatever the order of the sums, and so are the signs of their products (both at least 0
    when the least of them is). A block costs little more than one corner: numpy's fixed cost per call is
    most of it, and a path round a base turns at one corner after the next."""
    m, n = last - first, len(field.points)
    cross = _weights(field)[first:last].transpose(1, 0, 2).reshape(4 * m, 9) @ field.terms  # 4 rows of m
    both = cross[:m] * cross[m : 2 * m]  # ≥ 0: tangent at j
    np.minimum(both, cross[2 * m : 3 * m] * cross[3 * m :], out=both)  # and at i
    found = np.flatnonzero(both >= 0)
    ends: list[int] = np.searchsorted(found, np.arange(1, m + 1) * n).tolist()
    nodes: list[int] = (found % n + 2).tolist()
    return [tuple(nodes[a:b]) for a, b in zip([0, *ends[:-1]], ends, strict=True)]


def _beside(columns: tuple[np.ndarray, ...], point: Point) -> np.ndarray:
    """Whether `point` lies within NEAR of the line of either side at each corner (x, y and offsets to
    its neighbours as columns). Such a start or goal may lie between the piece and the ring drawn round
    it (a charge's end beside a wood or a rock): the shortest edge from that corner to it bends inward,
    so is not tangent there, and is kept all the same (its clearance and cost are asked as any edge's).
    A search reads it from the products of its tangency test (`_Graph.reach`); this is the rule."""
    xs, ys, bx, by, ax, ay = columns
    dx, dy = point[0] - xs, point[1] - ys
    near_before = np.abs(dx * by - dy * bx) <= NEAR * np.hypot(bx, by)
    return near_before | (np.abs(dx * ay - dy * ax) <= NEAR * np.hypot(ax, ay))


class _Graph:
    """The visibility graph of one search: node 0 is the start, 1 the goal, then the field's corners."""

    def __init__(self, view: View, start: Point, goal: Point, beside: bool = True) -> None:
        field = view.field
        self.points: list[Point] = [start, goal, *field.points]
        self.terrain = (-1, -1, *field.corners[1])
        self.field = field
        self.view = view
        self.alive = b"\x01\x01" + view.alive  # the nodes searched (`View.alive`), a byte each
        self.beside = beside
        self._reach: list[bytes | None] = [None, None]
        self._ends: list[list[int] | None] = [None, None]
        owner = (field, view.left) if view.left else field  # what a view's edges clear depends on its discs
        self._clears: dict[tuple[Point, Point], bool] = _memory(_clears, owner, EDGES)
        self._tangents: dict[int, tuple[int, ...]] = _memory(_tangents, field, TANGENTS)

    def tangent(self, i: int, among: bytearray) -> list[int]:
        """The nodes j among `among` (1: may be reached) an edge from i may reach on a shortest path:
        tangent at both ends (it leaves both neighbours of each corner on one side). The test is the same
        from j to i (its products change sign twice), so a corner's answer toward the start and the goal
        is read from theirs. A corner's answer toward the other corners is the field's, kept for the next
        search of a menu (the same start and bases, another goal)."""
        if i < 2:
            return [j for j in self.ends(i) if among[j]]
        known = self._tangents.get(i)
        if known is None:
            known = self._rows(i)
        out = [j for j in known if among[j]]
        if among[1] and self.reach(1)[i]:
            out.insert(0, 1)
        if among[0] and self.reach(0)[i]:
            out.insert(0, 0)
        return out

    def _rows(self, i: int) -> tuple[int, ...]:
        """Node i's tangents toward the corners, worked out with those of its block of corners
        (`_tangent_rows`) and remembered for the field."""
        first, last = self.field.blocks[i - 2]
        for k, row in enumerate(_tangent_rows(self.field, first, last), start=first + 2):
            self._tangents.setdefault(k, row)
        return self._tangents[i]

    def reach(self, k: int) -> bytes:
        """Whether an edge from the start (k = 0) or the goal (1) to each node may be on a shortest path:
        tangent at both ends, or ending at a corner it lies beside (`_beside`); asked of every node at
        once the first time. The start and the goal have no neighbours on a shape, so any edge is tangent
        there and between them: only the corner's end is asked (the tangency test at j, the same
        floats as a corner's own test)."""
        known = self._reach[k]
        if known is None:
            x, y = self.points[k]
            xs, ys, bx, by, ax, ay = self.field.columns
            dx, dy = xs - x, ys - y
            before, after = dx * by - dy * bx, dx * ay - dy * ax
            tangent = before * after >= 0
            if self.beside:  # `_beside`: its cross products are these, negated exactly
                near_before, near_after = self.field.beside
                tangent |= (np.abs(before) <= near_before) | (np.abs(after) <= near_after)
            known = self._reach[k] = b"\x01\x01" + tangent.tobytes()  # one byte a node, 1 where it may
        return known

    def ends(self, k: int) -> list[int]:
        """The nodes `reach(k)` says an edge from the start (0) or the goal (1) may reach."""
        known = self._ends[k]
        if known is None:
            known = self._ends[k] = np.flatnonzero(np.frombuffer(self.reach(k), dtype=bool)).tolist()
        return known

    def cost(self, i: int, j: int) -> float:
        """The edge i→j's cost: between two terrain corners the ground's, else the segment's (`_cost`,
        remembered by ground: it depends on no base)."""
        a, b = self.terrain[i], self.terrain[j]
        p, q = self.points[i], self.points[j]
        if a >= 0 and b >= 0:
            return self.field.ground.cost(a, b, p, q)
        return _cost(self.field.ground, p, q)

    def clear(self, i: int, j: int) -> bool:
        """Whether the edge i→j clears every keep-out (the terrain's remembered by the ground between two
        corners, the whole answer for the field). An edge between two corners is tangent at both (`tangent`),
        so the disc a ring is drawn round is not asked of an edge from that ring's corner: the ring's polygon
        is convex and holds the disc's, so an edge leaving both neighbours of its corner on one side never
        enters it (the answer asked would be the same)."""
        p, q = self.points[i], self.points[j]
        known = self._clears.get((p, q))
        if known is None:
            a, b = self.terrain[i], self.terrain[j]
            if i < 2 or j < 2:
                known = _clear(self.view, p, q)
            elif a >= 0 and b >= 0:
                known = self.field.ground.clear(a, b, p, q) and _off_discs(self.view, p, q)
            else:  # tangent at a ring's corner, the edge stays out of the ring, so of its disc (`_off_discs`)
                known = _off_discs(self.view, p, q, -2 - a, -2 - b) and _clear_of_ground(self.field.ground, p, q)
            _remember(self._clears, EDGES, (p, q), known)
        return known

    def walled_in(self, budget: int, reached: Container[int]) -> bool:
        """Whether no path reaches the goal, found by walking the edges back from it: True when that walk
        ends within `budget` corners without meeting the start or a node the search has `reached` (a goal
        in a pocket of bases whose mouth no edge passes); False when it meets one or runs out (the search
        then goes on). True is a proof whatever the order of the walk, so the walk tests an edge only
        when it takes it, depth first: in the open it stops after a few edges, not after testing every
        edge of each corner."""
        unseen = bytearray(self.alive)
        unseen[1] = 0  # no edge leaves the goal
        todo = [(j, 1) for j in self.tangent(1, unseen)]
        while todo:
            j, k = todo.pop()
            if not unseen[j] or not self.clear(j, k):
                continue
            if j in reached:
                return False
            budget -= 1
            if budget < 0:
                return False
            unseen[j] = 0
            todo += [(i, j) for i in self.tangent(j, unseen)]
        return True


def _search(
    view: View, start: Point, goal: Point, effort: int | None = None, beside: bool = True
) -> tuple[Point, ...] | None:
    """A* from the start to the goal over the visibility graph, the straight line between two points as
    the bound. Once an edge has reached the goal, an edge whose every continuation would cost more than
    that is not tested: it would be searched after the goal (its bound is at least its length plus the
    rest), so it changes neither the path nor which corners are searched before the goal, nor a menu's
    effort, and an edge that ties is still tested."""
    if _clear(view, start, goal) and _cost(view.ground, start, goal) <= math.dist(start, goal):
        return (goal,)  # nothing in the way, no wood crossed, nothing climbed: nothing can do better
    if not _clear(view, goal, goal):
        return None  # the goal is in a keep-out: no last edge reaches it (without searching the whole graph)
    graph = _Graph(view, start, goal, beside)
    points, tangent, clear, cost = graph.points, graph.tangent, graph.clear, graph.cost
    dist, inf = math.dist, math.inf
    best: dict[int, float] = {0: 0.0}
    prev: dict[int, int] = {}
    queue = [(dist(start, goal), 0.0, 0)]
    open_ = bytearray(graph.alive)  # not searched yet
    searched = 0
    while queue:
        _, d, i = heapq.heappop(queue)
        if i == 1:
            break
        if not open_[i]:
            continue
        open_[i] = 0
        searched += 1
        if effort is not None:
            effort -= 1
            if effort < 0:
                return None
        # a menu's effort is the cap; a goal an edge already reached is not walled in (the walk back from it
        # takes the same edges, so would meet the start or run out)
        if searched == PROBE and effort is None and 1 not in best and graph.walled_in(PROBE // 2, best):
            return None
        here = points[i]
        for j in tangent(i, open_):
            there, known = points[j], best.get(j, inf)
            least = d + dist(here, there)  # a cost is never below the length
            if least >= known:
                continue  # this edge cannot do better
            rest = dist(there, goal)
            if least + rest > best.get(1, inf) or not clear(i, j):
                continue  # searched after the goal already reached (see above), or blocked
            step = d + cost(i, j)
            if step >= known:
                continue
            best[j], prev[j] = step, i
            heapq.heappush(queue, (step + rest, step, j))
    if 1 not in prev:
        return None
    out = [1]
    while out[-1] != 0:
        out.append(prev[out[-1]])
    return tuple(points[i] for i in reversed(out[:-1]))


_SEGMENT = struct.Struct("<BIIdddd").pack  # a two-point LineString in WKB: byte order, type 2, 2 points, x y x y


def _line(p: Point, q: Point) -> BaseGeometry:
    """The segment p–q as shapely's, read from its WKB: the same coordinates (integers, exact as doubles), so
    the same geometry and the same answers as `LineString([p, q])`, in under half its time."""
    return shapely.from_wkb(_SEGMENT(1, 2, 2, p[0], p[1], q[0], q[1])) if p != q else ShapelyPoint(p)


def _clear(view: View, p: Point, q: Point) -> bool:
    """Whether the segment p–q stays out of every keep-out."""
    return _off_discs(view, p, q) and _clear_of_ground(view.ground, p, q)


SEGMENTS = 20_000  # segments remembered by ground (`_cost`, `_clear_of_ground`): a few megabytes, then forgotten
_segment_costs: dict[Ground, dict[tuple[Point, Point], float]] = {}
_segment_clears: dict[Ground, dict[tuple[Point, Point], bool]] = {}


def _clear_of_ground(ground: Ground, p: Point, q: Point) -> bool:
    """`_clear_of_walls`, remembered by ground and segment when it asks shapely (a segment that misses
    every piece's box is answered at once): a menu's fields, one per goal, share the start and the bases'
    corners, and whether a segment clears the terrain depends on neither's discs."""
    if ground.blocked is None or not _meets_any(p, q, ground.walls_boxes):
        return True
    memory = _memory(_segment_clears, ground, SEGMENTS)
    known = memory.get((p, q))
    if known is None:
        known = _remember(memory, SEGMENTS, (p, q), not ground.blocked.intersects(_line(p, q)))  # `_clear_of_walls`
    return known


def _meets_any(p: Point, q: Point, boxes: tuple[tuple[float, float, float, float], ...]) -> bool:
    """Whether the segment meets one of the boxes (`meets_box`), those its own box misses ruled out first
    and in line: most segments a search asks about are far from every piece, and a call costs more than
    the four comparisons. A loop, not `any`: a generator costs about a microsecond."""
    lo_x, hi_x = (p[0], q[0]) if p[0] < q[0] else (q[0], p[0])
    lo_y, hi_y = (p[1], q[1]) if p[1] < q[1] else (q[1], p[1])
    for box in boxes:
        if hi_x < box[0] or lo_x > box[2] or hi_y < box[1] or lo_y > box[3]:
            continue
        if meets_box(p, q, box):
            return True
    return False


def _clear_of_walls(ground: Ground, p: Point, q: Point) -> bool:
    """Whether the segment misses `blocked`: at once when it misses every piece's box, else by shapely."""
    if ground.blocked is None:
        return True
    for box in ground.walls_boxes:
        if meets_box(p, q, box):
            return not ground.blocked.intersects(_line(p, q))
    return True


def _off_discs(view: View, p: Point, q: Point, skip: int = -1, also: int = -1) -> bool:
    """Whether the segment p–q stays out of every disc but discs `skip` and `also` (`_Graph.clear`): by its
    distance to the disc's centre, shapely only when that falls between the polygon's apothem and its radius.
    Only the discs whose centre's x lies within the furthest reach of the segment's are asked: the others are
    further than their radius."""
    px, py = float(p[0]), float(p[1])
    dx, dy = q[0] - px, q[1] - py
    length2 = (dx * dx + dy * dy) or 1.0  # a point: t is 0 whatever the divisor
    lo_x, hi_x = (p[0], q[0]) if p[0] < q[0] else (q[0], p[0])
    lo_y, hi_y = (p[1], q[1]) if p[1] < q[1] else (q[1], p[1])
    xs, reach = view.by_x
    bounds = view.bounds
    for n in range(bisect.bisect_left(xs, lo_x - reach), bisect.bisect_right(xs, hi_x + reach)):
        k, cx, cy, inner, outer = bounds[n]
        if k == skip or k == also or cx < lo_x - outer or cx > hi_x + outer or cy < lo_y - outer or cy > hi_y + outer:  # noqa: SIM109 (two comparisons, no tuple)
            continue  # further than the disc's radius from the segment's box, so from the segment
        t = ((cx - px) * dx + (cy - py) * dy) / length2
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        dist = math.hypot(px + t * dx - cx, py + t * dy - cy)
        if dist < inner or (dist <= outer and view.shape(k).intersects(_line(p, q))):
            return False
    return True


def _cost(ground: Ground, p: Point, q: Point) -> float:
    """`_measure`, remembered by ground and segment where woods make it dear (elsewhere a length and a
    climb, which heights.py remembers): a menu's fields, one per goal, share the start and the bases'
    corners, and a segment's cost depends on neither's discs."""
    if not ground.difficult_shapes:
        return _measure(ground, p, q)
    memory = _memory(_segment_costs, ground, SEGMENTS)
    known = memory.get((p, q))
    if known is None:
        known = _remember(memory, SEGMENTS, (p, q), _measure(ground, p, q))
    return known


def _measure(ground: Ground, p: Point, q: Point) -> float:
    """The segment's length, plus its length inside each difficult piece and what it climbs (only the
    pieces whose box the segment meets are asked)."""
    out = math.dist(p, q)
    if p == q:
        return out
    if ground.climbs is not None and _meets_any(p, q, ground.hull_boxes):
        for hull, box in zip(ground.hulls, ground.hull_boxes, strict=True):
            if meets_box(p, q, box) and _near_hull(p, q, hull):
                out += heights.climb(ground.climbs, p, q)  # a segment that passes by every platform climbs 0
                break
    if not ground.difficult_shapes:
        return out
    line: BaseGeometry | None = None
    for shape, box in zip(ground.difficult_shapes, ground.difficult_boxes, strict=True):
        if meets_box(p, q, box):
            line = _line(p, q) if line is None else line
            if shape.intersects(line):
                out += line.intersection(shape).length
    return out
