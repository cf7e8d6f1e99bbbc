"""The table's geometry, shared by Colors of Magic, Confrontation and WarCry (kernel.md §5).

Pure: integer coordinates in tenths of a millimetre (bot/table/units.py) in, integers and booleans
out; shapely does the polygon work. Everything a game asks of the table goes through here:

- distances between round bases are edge to edge, compared exactly on integers (`within`), so a
  "within 1"" never flickers with float rounding;
- line of sight from any point of one base to any point of another: the segments between fixed
  points of both bases (the centres and 16 points of each rim), blocked by blocking terrain and by the
  bases a game says block; cover is counted along the line between the centres;
- a move is a path of segments: its cost doubles inside difficult terrain, it never crosses impassable
  terrain or an enemy base, may pass through friends but not end on anyone, and stops where it enters
  an enemy's engagement range when the game says so;
- the furthest legal point toward a target within an allowance, and the nearest legal point to an
  illegal one, for suggestions, the AI and the "why not, and what instead" of a refused move.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from shapely import prepared
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from .units import Point

RIM_POINTS = 16
MEMORY = 4096  # answers a table remembers (`Table.answers`) before it forgets them all
GRAZE = 0.5  # half a unit: what a line may cut off a piece's edge or corner and still pass (sight.py)
TerrainKind = Literal["blocking", "difficult", "impassable", "cover", "open"]


@dataclass(frozen=True, slots=True)
class Base:
    """A figure on the table: a round base of `radius` at `centre`, on a `side`."""

    id: str
    side: int
    centre: Point
    radius: int

    def at(self, centre: Point) -> Base:
        return Base(self.id, self.side, centre, self.radius)

    def rim(self) -> list[Point]:
        """The centre and fixed points of the rim (the same every time: replays stay exact)."""
        cx, cy = self.centre
        out = [self.centre]
        for k in range(RIM_POINTS):
            a = 2 * math.pi * k / RIM_POINTS
            out.append((cx + round(self.radius * math.cos(a)), cy + round(self.radius * math.sin(a))))
        return out

    def shape(self) -> BaseGeometry:
        return _disc(self.centre, self.radius)


@lru_cache(maxsize=4096)
def _disc(centre: Point, radius: int) -> BaseGeometry:
    """A base's shape, built once per spot (shapely's shapes are immutable: sharing one is safe)."""
    return ShapelyPoint(centre).buffer(radius, quad_segs=16)


@dataclass(frozen=True)
class Terrain:
    """A terrain piece: a polygon (its corners, in order) and what it does."""

    id: str
    corners: tuple[Point, ...]
    blocking: bool = False  # blocks lines of sight
    difficult: bool = False  # movement through it costs double
    impassable: bool = False  # nothing moves through it
    cover: bool = False  # a line of sight through it gives cover
    height: int = 0  # above the floor; one that is not impassable is a platform to climb (heights.py)

    @cached_property
    def polygon(self) -> Polygon:
        return Polygon(self.corners)

    @cached_property
    def prepared(self) -> prepared.PreparedGeometry:
        return prepared.prep(self.polygon)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        return self.polygon.bounds

    def apart(self, p: Point, q: Point, margin: float = 0.0) -> bool:
        """Whether the segment p–q stays more than `margin` off the piece's bounding box: then it
        cannot meet the piece, nor come within `margin` of it (a cheap test that spares shapely most
        segments; callers give a margin, which covers the clipping's rounding)."""
        x0, y0, x1, y1 = self.bounds
        return not meets_box(p, q, (x0 - margin, y0 - margin, x1 + margin, y1 + margin))


def meets_box(p: Point, q: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment p–q meets `box` (x0, y0, x1, y1), clipped to it axis by axis. Floats round
    the clipping by far less than the margin callers add to the box, so a segment said to miss a box
    grown by that margin misses the box itself for certain."""
    x0, y0, x1, y1 = box
    px, qx = p[0], q[0]
    if (px < x0 and qx < x0) or (px > x1 and qx > x1):
        return False
    py, qy = p[1], q[1]
    if (py < y0 and qy < y0) or (py > y1 and qy > y1):
        return False
    lo, hi = 0.0, 1.0
    if px != qx:
        a, b = (x0 - px) / (qx - px), (x1 - px) / (qx - px)
        lo, hi = (a, b) if a < b else (b, a)
        lo, hi = max(lo, 0.0), min(hi, 1.0)
    if py != qy:
        a, b = (y0 - py) / (qy - py), (y1 - py) / (qy - py)
        if a > b:
            a, b = b, a
        lo, hi = max(lo, a), min(hi, b)
    return lo <= hi


def distance2(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def within(a: Base, b: Base, reach: int) -> bool:
    """Whether the bases are at most `reach` apart edge to edge (exact: integers only)."""
    limit = reach + a.radius + b.radius
    return limit >= 0 and distance2(a.centre, b.centre) <= limit * limit


def edge_distance(a: Base, b: Base) -> int:
    """Edge-to-edge distance, rounded up to the unit (touching or overlapping bases: 0)."""
    centres = math.isqrt(distance2(a.centre, b.centre))
    if centres * centres < distance2(a.centre, b.centre):
        centres += 1
    return max(0, centres - a.radius - b.radius)


def overlaps(a: Base, b: Base) -> bool:
    """Bases that would stand on each other (touching is allowed)."""
    limit = a.radius + b.radius
    return distance2(a.centre, b.centre) < limit * limit


@dataclass(frozen=True)
class Table:
    """A table of `width` × `height` with its terrain."""

    width: int
    height: int
    terrain: tuple[Terrain, ...] = ()

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """The fields' hash, taken once: a table keys the caches of most questions asked of it (a path
        search asks thousands), and hashing it walks every piece's corners."""
        return hash((self.width, self.height, self.terrain))

    def __getstate__(self) -> dict[str, object]:
        """What a copy carries: not the hash (a string's differs from one process to the next)."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @cached_property
    def difficult_pieces(self) -> tuple[Terrain, ...]:
        return tuple(t for t in self.terrain if t.difficult)

    @cached_property
    def impassable_pieces(self) -> tuple[Terrain, ...]:
        return tuple(t for t in self.terrain if t.impassable)

    @cached_property
    def has_heights(self) -> bool:
        """Whether a piece has a height (a platform, heights.py)."""
        return any(t.height for t in self.terrain)

    def inside(self, base: Base) -> bool:
        x, y = base.centre
        r = base.radius
        return r <= x <= self.width - r and r <= y <= self.height - r

    # -- line of sight and cover ------------------------------------------------------------------
    def sight_blockers(self) -> list[Terrain]:
        return [t for t in self.terrain if t.blocking]

    def sees(self, a: Base, b: Base, others: Iterable[Base] = ()) -> bool:
        """Some segment from a point of `a` to a point of `b` crosses the inside of no blocking terrain
        and no base of `others` (the bases the game says block sight), exact to 0.1 mm (sight.py)."""
        from .sight import sees  # sight.py builds on Base and Terrain, defined here

        return sees(a, b, self.sight_blockers(), others)

    def line_of_sight(self, a: Base, b: Base, others: Iterable[Base] = ()) -> bool:
        """The sight of the matches begun before the exact one (`sees`): segments between 17 fixed
        points of each base, so a line through a narrow gap or along an edge was missed.

        Each segment asks shapely only about the blockers it may meet (a disc whose centre is further
        from it than its radius, a piece whose bounding box it misses, cannot block it): same answers."""
        walls = self.sight_blockers()
        discs = [o for o in others if o.id not in (a.id, b.id)]
        if not walls and not discs:
            return True
        for p in a.rim():
            for q in b.rim():
                near: list[BaseGeometry] = [t.polygon for t in walls if not t.apart(p, q, 1e-6)]
                cuts = [(o, _disc_cut(o, p, q)) for o in discs if segment_distance(o.centre, p, q) <= o.radius + 1e-6]
                if any(cut is True for _, cut in cuts):
                    continue
                near += [o.shape() for o, cut in cuts if cut is None]
                if not near:
                    return True
                line = LineString([p, q]) if p != q else ShapelyPoint(p)
                if not any(_crosses(line, g) for g in near):
                    return True
        return False

    def cover_between(self, a: Base, b: Base) -> list[str]:
        """Cover terrain crossed by the line between the centres (not the piece the shooter stands in)."""
        line = LineString([a.centre, b.centre])
        here = ShapelyPoint(a.centre)
        return [t.id for t in self.terrain if t.cover and t.polygon.intersects(line) and not t.polygon.contains(here)]

    # -- movement ---------------------------------------------------------------------------------
    def path_cost(self, path: Sequence[Point]) -> int:
        """Length of a path of segments, the part inside difficult terrain counted twice and each climb
        onto a platform counted as its height (rounded up). The part inside a piece is measured by
        arithmetic on its corners (`inside_length`); a total that comes within `NEAR` of rounding up
        to another number is measured again by shapely, whose rounding the rules have always read."""
        total = self._flat_cost(path, exact=False)
        if abs(total - 1e-9 - round(total - 1e-9)) < NEAR:
            total = self._flat_cost(path, exact=True)
        return self._with_climbs(path, total)

    def _flat_cost(self, path: Sequence[Point], *, exact: bool) -> float:
        """The length, the part inside difficult terrain twice: by shapely when `exact`, else by
        arithmetic wherever the segment meets no corner and runs along no edge."""
        total = 0.0
        for p, q in itertools.pairwise(path):
            total += math.sqrt((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)  # as shapely's length, to the bit
            seg: LineString | None = None
            for t in self.difficult_pieces:
                if t.apart(p, q, 1e-6):
                    continue
                inside = None if exact else inside_length(t.corners, p, q)
                if inside is not None:
                    total += inside
                    continue
                seg = LineString([p, q]) if seg is None else seg
                if t.polygon.intersects(seg):
                    total += seg.intersection(t.polygon).length
        return total

    def _with_climbs(self, path: Sequence[Point], total: float) -> int:
        if self.has_heights:  # a climb onto a platform costs its height (heights.py)
            from .heights import climbed  # heights.py reads Table: a top-level import would be a circle

            total += climbed(self, path)
        return math.ceil(total - 1e-9)

    @cached_property
    def answers(self) -> dict[tuple[object, ...], object]:
        """What `move_problem`, `engagement_stop` and `furthest_toward` answered, by their arguments: a
        menu asks about a move it builds, the rules ask again about each move it offers (Colors twice),
        and a table is immutable, bases and points too, so the same arguments always get the same answer."""
        return {}

    def _remembered(self, key: tuple[object, ...], compute: Callable[[], object]) -> object:
        """The answer for `key`, computed once (arguments that cannot be hashed are never remembered)."""
        try:
            return self.answers[key]
        except KeyError:
            pass
        except TypeError:
            return compute()
        if len(self.answers) >= MEMORY:
            self.answers.clear()
        out = self.answers[key] = compute()
        return out

    def move_problem(
        self,
        mover: Base,
        path: Sequence[Point],
        others: Iterable[Base],
        allowance: int,
        *,
        engagement: int | None = None,
    ) -> str | None:
        """Why a move along `path` (from the mover's centre) is not legal, or None.

        Codes: `too_far`, `off_table`, `impassable`, `through_enemy`, `ends_on_base`, `engaged_stop`
        (the path goes on after entering an enemy's engagement range, when `engagement` is given).
        Remembered (`answers`): the menus and the rules ask about the same moves.
        """
        path, others = tuple(path), tuple(others)
        key = ("move", mover, path, others, allowance, engagement)
        answer = self._remembered(
            key, lambda: self.plain_move_problem(mover, path, others, allowance, engagement=engagement)
        )
        return answer  # type: ignore[return-value]

    def plain_move_problem(
        self,
        mover: Base,
        path: Sequence[Point],
        others: Iterable[Base],
        allowance: int,
        *,
        engagement: int | None = None,
    ) -> str | None:
        """`move_problem`, computed."""
        if not path or path[0] != mover.centre:
            path = [mover.centre, *path]
        end = mover.at(path[-1])
        if not self.inside(end):
            return "off_table"
        if self.path_cost(path) > allowance:
            return "too_far"
        others = [o for o in others if o.id != mover.id]
        for p, q in itertools.pairwise(path):
            if _hits_impassable(self.impassable_pieces, mover, p, q):
                return "impassable"
            for o in others:
                if o.side != mover.side and _through(mover, p, q, o):
                    return "through_enemy"
        if any(overlaps(end, o) for o in others):
            return "ends_on_base"
        if engagement is not None:
            stop = self.engagement_stop(mover, path, [o for o in others if o.side != mover.side], engagement)
            if stop is not None and stop != path[-1]:
                return "engaged_stop"
        return None

    def engagement_stop(self, mover: Base, path: Sequence[Point], enemies: Sequence[Base], reach: int) -> Point | None:
        """`plain_engagement_stop`, remembered (`answers`): a menu and the rules ask about the same moves."""
        path, enemies = tuple(path), tuple(enemies)
        key = ("stop", mover, path, enemies, reach)
        answer = self._remembered(key, lambda: self.plain_engagement_stop(mover, path, enemies, reach))
        return answer  # type: ignore[return-value]

    def plain_engagement_stop(
        self, mover: Base, path: Sequence[Point], enemies: Sequence[Base], reach: int
    ) -> Point | None:
        """The first point of the path where the mover comes within `reach` of an enemy.

        Solved per segment and enemy (where the centre's distance to the enemy's centre first equals
        `reach` + both radii), then nudged along the segment to the first integer point that is
        `within` by the exact test, so the answer never depends on float rounding.
        """
        if any(within(mover.at(path[0]), e, reach) for e in enemies):
            return None  # already engaged: leaving is the game's business (disengage)
        for p, q in itertools.pairwise(path):
            dx, dy = q[0] - p[0], q[1] - p[1]
            length2 = dx * dx + dy * dy
            if length2 == 0:
                continue
            spans: list[tuple[float, float]] = []
            for e in enemies:
                # a rounded point lies within 1.5 units of the line: solve with that much slack, then walk
                limit = reach + mover.radius + e.radius + 2
                fx, fy = p[0] - e.centre[0], p[1] - e.centre[1]
                b = 2 * (fx * dx + fy * dy)
                c = fx * fx + fy * fy - limit * limit
                disc = b * b - 4 * length2 * c
                if disc < 0:
                    continue
                t = max(0.0, (-b - math.sqrt(disc)) / (2 * length2))
                if t <= 1:
                    spans.append((t, (-b + math.sqrt(disc)) / (2 * length2)))
            if not spans:
                continue
            steps = max(1, math.isqrt(length2))
            # only the steps inside some enemy's slack circle may be within: the others are skipped
            start = max(1, math.floor(min(t for t, _ in spans) * steps))
            for i in _steps_in(spans, steps, start):
                x = p[0] + dx * i // steps
                y = p[1] + dy * i // steps
                if any(within(mover.at((x, y)), e, reach) for e in enemies):
                    return (x, y)
        return None

    def furthest_toward(self, mover: Base, target: Point, others: Sequence[Base], allowance: int) -> Point:
        """`plain_furthest_toward`, remembered (`answers`): a menu asks it again of a figure whose
        surroundings have not changed (Colors, more than half of its halvings)."""
        others = tuple(others)
        key = ("furthest", mover, target, others, allowance)
        answer = self._remembered(key, lambda: self.plain_furthest_toward(mover, target, others, allowance))
        return answer  # type: ignore[return-value]

    def plain_furthest_toward(self, mover: Base, target: Point, others: Sequence[Base], allowance: int) -> Point:
        """The furthest legal straight move toward `target` within `allowance` (the start if none)."""
        lo, hi = 0, 1000
        best = mover.centre
        dx, dy = target[0] - mover.centre[0], target[1] - mover.centre[1]
        while lo <= hi:
            mid = (lo + hi) // 2
            p = (mover.centre[0] + dx * mid // 1000, mover.centre[1] + dy * mid // 1000)
            if self.straight_ok(mover, p, others, allowance):
                best, lo = p, mid + 1
            else:
                hi = mid - 1
        return best

    def straight_ok(self, mover: Base, p: Point, others: Sequence[Base], allowance: int) -> bool:
        """Whether `move_problem` accepts the straight move to `p` (the same tests, the cheap ones first:
        the table's edge, the length, the bases it would end on or pass through, and only then the
        terrain; `path_cost` only adds to the length, from the same square root)."""
        (sx, sy), (x, y), r = mover.centre, p, mover.radius
        if not (r <= x <= self.width - r and r <= y <= self.height - r):
            return False  # off the table (`inside`)
        if math.sqrt((x - sx) ** 2 + (y - sy) ** 2) - 1e-9 > allowance:
            return False  # too far whatever the terrain adds
        enemies = []
        x0, x1, y0, y1 = min(sx, x), max(sx, x), min(sy, y), max(sy, y)
        for o in others:
            if o.id == mover.id:
                continue
            (ox, oy), limit = o.centre, r + o.radius
            if (x - ox) ** 2 + (y - oy) ** 2 < limit * limit:
                return False  # ends on it (`overlaps`)
            # an enemy more than a unit beyond both radii from the move's box cannot be passed through
            limit += 1
            if o.side != mover.side and x0 - limit <= ox <= x1 + limit and y0 - limit <= oy <= y1 + limit:
                enemies.append(o)
        if any(_through(mover, mover.centre, p, o) for o in enemies):
            return False
        return (
            not _hits_impassable(self.impassable_pieces, mover, mover.centre, p)
            and self.path_cost([mover.centre, p]) <= allowance
        )

    def nearest_legal(
        self,
        mover: Base,
        wanted: Point,
        others: Sequence[Base],
        allowance: int,
        *,
        step: int = 127,
        engagement: int | None = None,
        stop_at: Sequence[Base] | None = None,
    ) -> Point | None:
        """The legal destination closest to `wanted`, searched on rings of `step` (half an inch). With
        `engagement`, a point the move would stop short of (entering the engagement range of one of
        `stop_at`, by default every enemy) is not legal either: what is offered is never refused."""
        for ring in range(0, 200):
            candidates = _ring(wanted, ring, step)
            legal = [p for p in candidates if self._straight_ok(mover, p, others, allowance, engagement, stop_at)]
            if legal:
                return min(legal, key=lambda p: (distance2(p, wanted), p))
        return None

    def _straight_ok(
        self,
        mover: Base,
        p: Point,
        others: Sequence[Base],
        allowance: int,
        engagement: int | None,
        stop_at: Sequence[Base] | None,
    ) -> bool:
        path = [mover.centre, p]
        if not self.straight_ok(mover, p, others, allowance):
            return False
        if engagement is None:
            return True
        enemies = [o for o in others if o.side != mover.side] if stop_at is None else list(stop_at)
        stop = self.plain_engagement_stop(mover, path, enemies, engagement)  # a ring's points: not remembered
        return stop is None or stop == p


def _steps_in(spans: list[tuple[float, float]], steps: int, start: int) -> list[int]:
    """The steps i from `start` to `steps`, in order, with t0 * steps - 2 <= i <= t1 * steps + 2 for
    some span (t0, t1): each span's run of steps, merged (the same floats as testing each i)."""
    runs = sorted((max(start, math.ceil(t0 * steps - 2)), min(steps, math.floor(t1 * steps + 2))) for t0, t1 in spans)
    out: list[int] = []
    for lo, hi in runs:
        out.extend(range(max(lo, out[-1] + 1 if out else lo), hi + 1))
    return out


def _ring(centre: Point, ring: int, step: int) -> list[Point]:
    if ring == 0:
        return [centre]
    cx, cy = centre
    out = []
    for i in range(-ring, ring + 1):
        for j in (-ring, ring):
            out += [(cx + i * step, cy + j * step), (cx + j * step, cy + i * step)]
    return sorted(set(out))


NEAR = 1e-6  # far more than the floats' rounding of a table's lengths (below 1e-9), far less than a unit
TOUCH = 1e-9  # a cut this near a segment's end or an edge's corner is left to shapely


def inside_length(corners: Sequence[Point], p: Point, q: Point) -> float | None:
    """The length of the segment p–q inside the polygon of `corners`, from where it cuts the edges, or
    None when the segment touches a corner, ends on an edge or runs along one: there the boundary's
    share is shapely's to say. Elsewhere the answer is the true length to the floats' rounding."""
    if p == q:
        return 0.0
    px, py = p
    rx, ry = q[0] - px, q[1] - py
    cuts = [0.0, 1.0]
    n = len(corners)
    for i in range(n):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % n]
        sx, sy = bx - ax, by - ay
        den = rx * sy - ry * sx
        wx, wy = ax - px, ay - py
        if abs(den) <= TOUCH * math.hypot(rx, ry) * math.hypot(sx, sy):
            if abs(wx * ry - wy * rx) <= NEAR * math.hypot(rx, ry) and _overlap(p, q, (ax, ay), (bx, by)):
                return None  # along the edge (or nearly)
            continue
        t = (wx * sy - wy * sx) / den
        u = (wx * ry - wy * rx) / den
        if u < -TOUCH or u > 1 + TOUCH or t < -TOUCH or t > 1 + TOUCH:
            continue
        if u < TOUCH or u > 1 - TOUCH or t < TOUCH or t > 1 - TOUCH:
            return None  # through a corner, or an end on the edge
        cuts.append(t)
    cuts.sort()
    inside = 0.0
    for t0, t1 in itertools.pairwise(cuts):
        mid = (t0 + t1) / 2
        if _in_polygon(corners, px + rx * mid, py + ry * mid):
            inside += t1 - t0
    return inside * math.sqrt(rx * rx + ry * ry)


def _overlap(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether the boxes of two (nearly collinear) segments meet, within NEAR."""
    return not (
        max(p[0], q[0]) < min(a[0], b[0]) - NEAR
        or min(p[0], q[0]) > max(a[0], b[0]) + NEAR
        or max(p[1], q[1]) < min(a[1], b[1]) - NEAR
        or min(p[1], q[1]) > max(a[1], b[1]) + NEAR
    )


def _in_polygon(corners: Sequence[Point], x: float, y: float) -> bool:
    """Even-odd test of a point off the boundary (the middle of a stretch between two cuts)."""
    inside = False
    n = len(corners)
    for i in range(n):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % n]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def segment_distance(c: Point, p: Point, q: Point) -> float:
    """The distance from point c to the segment p–q (floats: callers keep a margin)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / length2))
    return math.hypot(p[0] + t * dx - c[0], p[1] + t * dy - c[1])


INNER = math.cos(math.pi / 64)  # a base's shape (16 segments a quarter) holds the circle of this share


def _disc_cut(o: Base, p: Point, q: Point) -> bool | None:
    """Whether the segment p–q crosses the base's shape over more than a unit (`_crosses`), when the
    circles around and inside that polygon settle it; None when only shapely can say."""
    if p == q:
        return None
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    outer = _chord(o.centre, float(o.radius), p, dx, dy, length)
    if outer <= 1.0 - 1e-6:
        return False
    inner = _chord(o.centre, o.radius * INNER, p, dx, dy, length)
    return True if inner > 1.0 + 1e-6 else None


def _chord(c: Point, r: float, p: Point, dx: float, dy: float, length: float) -> float:
    """The length of the segment from p (direction dx, dy, of `length`) inside the circle (c, r)."""
    ux, uy = dx / length, dy / length
    fx, fy = p[0] - c[0], p[1] - c[1]
    mid = -(fx * ux + fy * uy)
    off2 = fx * fx + fy * fy - mid * mid
    if off2 >= r * r:
        return 0.0
    half = math.sqrt(r * r - off2)
    return max(0.0, min(length, mid + half) - max(0.0, mid - half))


def _swept(mover: Base, p: Point, q: Point) -> BaseGeometry:
    """What the base covers going from p to q (the shape every move has been judged by)."""
    return LineString([p, q]).buffer(mover.radius, quad_segs=8) if p != q else mover.at(p).shape()


SWEPT_INNER = math.cos(math.pi / 32)  # the swept shape (8 segments a quarter) holds this share of its radius


def _hits_impassable(terrain: Sequence[Terrain], mover: Base, p: Point, q: Point) -> bool:
    """Whether the swept base meets an impassable piece. The swept shape lies within the radius of the
    segment and holds everything within SWEPT_INNER of it, so a piece further than the radius (its
    bounding box first) or nearer than that inner share is settled by its distance to the segment;
    only a piece in between asks for the swept shape (same answers)."""
    swept: BaseGeometry | None = None
    seg: BaseGeometry | None = None
    for t in terrain:
        if not t.impassable or t.apart(p, q, mover.radius + 1e-6):
            continue
        seg = (LineString([p, q]) if p != q else ShapelyPoint(p)) if seg is None else seg
        gap = t.polygon.distance(seg)
        if gap > mover.radius + 1e-6:
            continue
        if gap < mover.radius * SWEPT_INNER - 1e-6:
            return True
        swept = _swept(mover, p, q) if swept is None else swept
        if t.polygon.intersects(swept):
            return True
    return False


def _through(mover: Base, p: Point, q: Point, enemy: Base) -> bool:
    """Whether the swept base overlaps the enemy's by more than a unit of area; both shapes lie within
    their radii, so bases further apart than both radii need no shapely test (same answers). Both hold
    the discs of their inner radii, so bases nearer than those less 2 units overlap by a lens of at
    least 2·√(inner radius) units of area (more than one when the radii are 10 or more: no test either)."""
    gap = segment_distance(enemy.centre, p, q)
    if gap > mover.radius + enemy.radius + 1e-6:
        return False
    inner = mover.radius * SWEPT_INNER, enemy.radius * INNER
    if min(inner) >= 10 and gap < inner[0] + inner[1] - 2:
        return True
    return _swept(mover, p, q).intersection(enemy.shape()).area > 1.0


def _crosses(line: BaseGeometry, shape: BaseGeometry) -> bool:
    """A line crosses a shape when it goes through its inside (grazing an edge does not block)."""
    if not line.intersects(shape):
        return False
    return line.intersection(shape).length > 1.0 if hasattr(line, "length") else shape.contains(line)
