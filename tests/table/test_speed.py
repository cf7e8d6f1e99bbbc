"""The table's shortcuts answer exactly as the plain computations they spare (#25): the sampled sight,
a path's cost and a move's problem against the shapely-only versions they replaced, and the shortest
path with its obstacle map cached against one built afresh and against the search first written
(plain_paths.py), on random positions."""

from __future__ import annotations

import gc
import itertools
import math
import random
from collections.abc import Container

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from bot.table import geometry, heights, paths
from bot.table.geometry import Base, Table, Terrain, _crosses, within
from bot.table.units import INCH, Point

from . import plain_paths

R = INCH // 2


def _pieces(rng: random.Random) -> tuple[Terrain, ...]:
    out = []
    for i in range(5):
        x, y = rng.randint(2 * INCH, 20 * INCH), rng.randint(2 * INCH, 20 * INCH)
        w, h = rng.randint(INCH // 2, 4 * INCH), rng.randint(INCH // 2, 4 * INCH)
        kind = ("blocking", "difficult", "impassable")[i % 3]
        corners = ((x, y), (x + w, y + rng.randint(-INCH, h // 2)), (x + w, y + h), (x, y + h))
        out.append(Terrain(f"t{i}", corners, **{kind: True}))
    return tuple(out)


def _bases(rng: random.Random, n: int) -> list[Base]:
    return [
        Base(f"b{i}", i % 2, (rng.randint(R, 24 * INCH - R), rng.randint(R, 24 * INCH - R)), rng.choice((R, R + 60)))
        for i in range(n)
    ]


def _plain_sight(table: Table, a: Base, b: Base, others: list[Base]) -> bool:
    blockers = [t.polygon for t in table.sight_blockers()]
    blockers += [ShapelyPoint(o.centre).buffer(o.radius, quad_segs=16) for o in others if o.id not in (a.id, b.id)]
    if not blockers:
        return True
    for p in a.rim():
        for q in b.rim():
            line = LineString([p, q]) if p != q else ShapelyPoint(p)
            if not any(_crosses(line, g) for g in blockers):
                return True
    return False


def _plain_cost(table: Table, path: list[Point]) -> int:
    total = 0.0
    for p, q in itertools.pairwise(path):
        seg = LineString([p, q])
        total += seg.length
        for t in table.terrain:
            if t.difficult and t.polygon.intersects(seg):
                total += seg.intersection(t.polygon).length
    return math.ceil(total - 1e-9)


def _plain_swept_problem(table: Table, mover: Base, path: list[Point], others: list[Base]) -> str | None:
    for p, q in itertools.pairwise(path):
        swept = LineString([p, q]).buffer(mover.radius, quad_segs=8) if p != q else mover.at(p).shape()
        if any(t.impassable and t.polygon.intersects(swept) for t in table.terrain):
            return "impassable"
        for o in others:
            if o.side != mover.side and swept.intersection(o.shape()).area > 1.0:
                return "through_enemy"
    return None


def _plain_engagement_stop(mover: Base, path: list[Point], enemies: list[Base], reach: int) -> Point | None:
    if any(within(mover.at(path[0]), e, reach) for e in enemies):
        return None
    for p, q in itertools.pairwise(path):
        dx, dy = q[0] - p[0], q[1] - p[1]
        length2 = dx * dx + dy * dy
        if length2 == 0:
            continue
        first: float | None = None
        for e in enemies:
            limit = reach + mover.radius + e.radius + 2
            fx, fy = p[0] - e.centre[0], p[1] - e.centre[1]
            b = 2 * (fx * dx + fy * dy)
            c = fx * fx + fy * fy - limit * limit
            disc = b * b - 4 * length2 * c
            if disc < 0:
                continue
            t = max(0.0, (-b - math.sqrt(disc)) / (2 * length2))
            if t <= 1 and (first is None or t < first):
                first = t
        if first is None:
            continue
        steps = max(1, math.isqrt(length2))
        for i in range(max(1, math.floor(first * steps)), steps + 1):
            x, y = p[0] + dx * i // steps, p[1] + dy * i // steps
            if any(within(mover.at((x, y)), e, reach) for e in enemies):
                return (x, y)
    return None


def test_sight_cost_and_moves_answer_as_the_plain_shapely_computations() -> None:
    rng = random.Random(25)
    checked = {"engaged": 0, "sight": 0, "blocked": 0, "impassable": 0, "through_enemy": 0}
    for _ in range(60):
        table = Table(24 * INCH, 24 * INCH, _pieces(rng))
        bases = _bases(rng, 8)
        for a, b in itertools.combinations(bases[:5], 2):
            seen = table.line_of_sight(a, b, bases)
            assert seen == _plain_sight(table, a, b, bases)
            checked["sight"] += 1
            checked["blocked"] += not seen
        for mover in bases[:4]:
            others = [o for o in bases if o.id != mover.id]
            for _ in range(4):
                goal = (rng.randint(0, 24 * INCH), rng.randint(0, 24 * INCH))
                mid = ((mover.centre[0] + goal[0]) // 2 + rng.randint(-INCH, INCH), (mover.centre[1] + goal[1]) // 2)
                path = [mover.centre, mid, goal]
                assert table.path_cost(path) == _plain_cost(table, path)
                enemies = [o for o in others if o.side != mover.side]
                stop = table.engagement_stop(mover, path, enemies, INCH)
                assert stop == _plain_engagement_stop(mover, path, enemies, INCH)
                checked["engaged"] += stop is not None
                plain = _plain_swept_problem(table, mover, path, others)
                got = table.move_problem(mover, path, others, 10**6)
                if got in ("impassable", "through_enemy", None) and table.inside(mover.at(goal)):
                    assert (got if got in ("impassable", "through_enemy") else None) == plain
                    if plain is not None:
                        checked[plain] += 1
    # the random positions reach every answer, so each shortcut is exercised both ways
    assert min(checked.values()) > 20, checked


def test_a_cached_obstacle_map_finds_the_paths_of_one_built_afresh() -> None:
    rng = random.Random(52)
    found = 0
    for _ in range(12):
        table = Table(24 * INCH, 24 * INCH, _pieces(rng))
        bases = _bases(rng, 6)
        for mover in bases[:3]:
            others = [o for o in bases if o.id != mover.id]
            for _ in range(3):
                goal = (rng.randint(R, 24 * INCH - R), rng.randint(R, 24 * INCH - R))
                cached = paths.shortest_path(table, mover, goal, others)
                paths.clear_caches()
                fresh = paths.shortest_path(table, mover, goal, others)
                assert cached == fresh
                found += fresh is not None
    assert found > 20


def test_what_a_search_remembers_is_left_alone_by_the_garbage_collector() -> None:
    """A field's memories of edges and tangents, and a ground's of segments, hold only points, numbers and
    tuples of them: once the collector has seen them it stops following them, so a full collection in the
    bot's loop does not walk thousands of remembered edges (a key naming the field kept each one followed)."""
    rng = random.Random(8)
    table = Table(24 * INCH, 24 * INCH, _pieces(rng))
    bases = _bases(rng, 8)
    paths.clear_caches()
    goal = (20 * INCH, 20 * INCH)
    assert paths.shortest_path(table, bases[0], goal, bases[1:]) not in (None, (goal,))  # a bent path: edges asked
    memories = [paths._clears, paths._tangents, paths._segment_costs, paths._segment_clears]
    sizes = [len(known) for m in memories for known in m.values()]
    assert len(sizes) == len(memories) and min(sizes) > 0, sizes  # one field's and one ground's, each in use
    assert any(gc.is_tracked(known) for m in memories for known in m.values())  # new entries: followed at first
    gc.collect()
    gc.collect()  # a pair of points is let go one collection after its points
    assert not any(gc.is_tracked(known) for m in memories for known in m.values())


def _platforms(rng: random.Random) -> tuple[Terrain, ...]:
    """Pieces of `_pieces` and two platforms, one convex and one not (an L), to climb or go round."""
    x, y = rng.randint(3 * INCH, 16 * INCH), rng.randint(3 * INCH, 16 * INCH)
    box = ((x, y), (x + 3 * INCH, y), (x + 3 * INCH, y + 2 * INCH), (x, y + 2 * INCH))
    x, y = rng.randint(3 * INCH, 16 * INCH), rng.randint(3 * INCH, 16 * INCH)
    ell = ((x, y), (x + 4 * INCH, y), (x + 4 * INCH, y + INCH), (x + INCH, y + INCH), (x + INCH, y + 3 * INCH),
           (x, y + 3 * INCH))  # fmt: skip
    return (*_pieces(rng), Terrain("p0", box, height=INCH), Terrain("p1", ell, height=2 * INCH))


def _cluster(rng: random.Random, around: Point, n: int) -> list[Base]:
    """Enemies standing round a point, nearly touching: the pockets a goal may be walled in."""
    out = []
    for k in range(n):
        a = 2 * math.pi * k / n + rng.uniform(-0.2, 0.2)
        d = rng.randint(2 * R + 20, 2 * R + 120)
        out.append(Base(f"c{k}", 1, (around[0] + round(d * math.cos(a)), around[1] + round(d * math.sin(a))), R))
    return out


def test_the_search_finds_the_paths_of_the_plain_one_on_random_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search that remembers the terrain's edges and the corners' tangents, asks each edge alone and
    tells a walled-in goal at once answers as the search first written (plain_paths.py), with heights,
    difficult terrain, shapes avoided, enemies in clusters and a menu's effort; on a fresh map and on a
    warm one (where a corner's tangents are those an earlier goal's search kept)."""
    rng = random.Random(2536)
    found = {"bent": 0, "none": 0, "gave_up": 0, "climbs": 0, "walled_in": 0}
    walled = paths._Graph.walled_in

    def counting(graph: paths._Graph, budget: int, reached: Container[int]) -> bool:
        out = walled(graph, budget, reached)
        found["walled_in"] += out
        return out

    class Remembered(dict):  # counts the searches that find corners' tangents kept by an earlier one
        def get(self, key, default=None):  # type: ignore[no-untyped-def]
            out = super().get(key, default)
            found["tangents_kept"] += bool(out)
            return out

    found["tangents_kept"] = 0
    monkeypatch.setattr(paths._Graph, "walled_in", counting)
    monkeypatch.setattr(paths, "_tangents", Remembered())
    for n in range(24):
        table = Table(24 * INCH, 24 * INCH, _platforms(rng))
        pit = Polygon([(3 * INCH, 20 * INCH), (5 * INCH, 20 * INCH), (5 * INCH, 22 * INCH), (3 * INCH, 22 * INCH)])
        avoid = (pit,) if n % 2 else ()
        pocket = (rng.randint(4 * INCH, 20 * INCH), rng.randint(4 * INCH, 20 * INCH))
        bases = _bases(rng, 8) + _cluster(rng, pocket, rng.choice((3, 4, 5)))
        for mover in bases[:3]:
            others = [o for o in bases if o.id != mover.id]
            for effort in (None, 40, 3):
                for goal in ((rng.randint(R, 24 * INCH - R), rng.randint(R, 24 * INCH - R)), pocket):
                    if n % 3 == 0:
                        paths.clear_caches()
                    got = paths.shortest_path(table, mover, goal, others, avoid=avoid, effort=effort)
                    plain_paths.clear_caches()
                    assert got == plain_paths.shortest_path(table, mover, goal, others, avoid=avoid, effort=effort)
                    found["bent"] += got is not None and len(got) > 1
                    found["none"] += got is None
                    found["gave_up"] += got is None and effort == 3
                    found["climbs"] += got is not None and heights.climbed(table, [mover.centre, *got]) > 0
    assert min(found.values()) > 5, found


def test_warcry_paths_are_those_of_the_plain_search() -> None:
    """On WarCry's layouts (platforms, the pit avoided, every fighter a disc), fighters drawn at random."""
    from bot.games.warcry import board
    from bot.games.warcry.content import LAYOUTS

    rng = random.Random(29)
    bent = 0
    for layout in sorted(LAYOUTS):
        table, pit = board.table(layout), board.deadly(layout)
        for _ in range(6):
            placed = [Base(f"f{k}", -1, (rng.randint(R, table.width - R), rng.randint(R, table.height - R)),
                           rng.choice((R, R + 60))) for k in range(16)]  # fmt: skip
            mover = Base("m", 0, placed[0].centre, placed[0].radius)
            for goal in (placed[1].centre, (rng.randint(R, table.width - R), rng.randint(R, table.height - R))):
                paths.forget_positions()
                got = paths.shortest_path(table, mover, goal, placed[1:], avoid=pit)
                assert got == plain_paths.shortest_path(table, mover, goal, placed[1:], avoid=pit)
                bent += got is not None and len(got) > 1
    assert bent > 5


def _plain_furthest(table: Table, mover: Base, target: Point, others: list[Base], allowance: int) -> Point:
    """`furthest_toward` as first written: the rules' `move_problem` at each step of the halving."""
    lo, hi, best = 0, 1000, mover.centre
    dx, dy = target[0] - mover.centre[0], target[1] - mover.centre[1]
    while lo <= hi:
        mid = (lo + hi) // 2
        p = (mover.centre[0] + dx * mid // 1000, mover.centre[1] + dy * mid // 1000)
        if table.move_problem(mover, [mover.centre, p], others, allowance) is None:
            best, lo = p, mid + 1
        else:
            hi = mid - 1
    return best


def test_a_straight_move_is_judged_cheap_tests_first_as_the_rules_judge_it() -> None:
    """`straight_ok` (the table's edge, the length, the bases, then the terrain) says what `move_problem`
    says of every straight move, and the furthest point toward a target is the one its halving found."""
    rng = random.Random(2025)
    problems: dict[str | None, int] = {}
    for _ in range(30):
        table = Table(24 * INCH, 24 * INCH, _pieces(rng))
        bases = _bases(rng, 10)
        for mover in bases[:4]:
            others = [o for o in bases if o.id != mover.id]
            allowance = rng.choice((3, 6, 10)) * INCH
            for k in range(8):
                near = others[k].centre if k % 2 else mover.centre  # some moves end on a base
                reach = allowance if k % 2 else allowance + 2 * INCH
                p = (near[0] + rng.randint(-reach, reach) // (4 if k % 2 else 1), near[1] + rng.randint(-reach, reach))
                problem = table.move_problem(mover, [mover.centre, p], others, allowance)
                assert table.straight_ok(mover, p, others, allowance) == (problem is None)
                problems[problem] = problems.get(problem, 0) + 1
                assert table.furthest_toward(mover, p, others, allowance) == _plain_furthest(
                    table, mover, p, others, allowance
                )
    assert set(problems) == {None, "off_table", "too_far", "impassable", "through_enemy", "ends_on_base"}, problems
    assert min(problems.values()) >= 5, problems


def test_a_cost_measured_on_the_corners_is_shapelys_on_edges_corners_and_whole_numbers() -> None:
    """`path_cost` measures the part in difficult terrain by arithmetic (`inside_length`): on pieces and
    paths laid on a half-inch grid (segments along an edge, through a corner, ending on an edge, lengths
    that are whole numbers) and on random ones, it says what shapely's intersections say."""
    rng = random.Random(37)
    half = INCH // 2
    measured = left = 0
    for round_ in range(80):
        grid = round_ % 2 == 0
        pieces = []
        for i in range(4):
            x, y = rng.randint(2, 30) * half, rng.randint(2, 30) * half
            w, h = rng.randint(1, 6) * half, rng.randint(1, 6) * half
            slant = 0 if grid else rng.randint(-INCH, h // 4)
            corners = ((x, y), (x + w, y + slant), (x + w, y + h), (x + w // 2, y + h // 2 + 1), (x, y + h))
            pieces.append(Terrain(f"d{i}", corners if i % 2 else corners[:3] + corners[4:], difficult=True))
        table = Table(24 * INCH, 24 * INCH, tuple(pieces))
        for _ in range(25):
            if grid:
                path = [(rng.randint(0, 40) * half, rng.randint(0, 40) * half) for _ in range(3)]
                if rng.random() < 0.5:  # along a piece's edge, or from one of its corners
                    a = rng.choice(pieces).corners
                    path[0], path[1] = a[0], (a[1] if rng.random() < 0.5 else a[2])
                else:  # a 3-4-5 slope: whole lengths, outside and inside, that floats round either way
                    k = rng.randint(1, 8) * rng.choice((1, -1))
                    path[1] = (path[0][0] + 3 * k * half, path[0][1] + 4 * k * half)
            else:
                path = [(rng.randint(0, 24 * INCH), rng.randint(0, 24 * INCH)) for _ in range(3)]
            assert table.path_cost(path) == _plain_cost(table, path), path
            for t in pieces:
                for p, q in itertools.pairwise(path):
                    inside = geometry.inside_length(t.corners, p, q)
                    if inside is None:
                        left += 1
                    else:
                        measured += 1
                        assert abs(inside - LineString([p, q]).intersection(t.polygon).length) < 1e-7
    assert measured > 1000 and left > 50, (measured, left)


def test_a_segment_near_a_platform_meets_the_box_grown_round_its_hull() -> None:
    """`_cost` asks `_near_hull` only of the segments that meet `_reach`'s box: every segment `_near_hull`
    finds within a unit of a convex hull (sharp corners included, where that unit reaches furthest out)
    meets it, on random hulls and segments ending round their corners."""
    rng = random.Random(61)
    near = missed = 0
    for _ in range(300):
        x, y = rng.randint(100, 2000), rng.randint(100, 2000)
        points = [(x + rng.randint(-400, 400), y + rng.randint(-60, 60) * rng.choice((1, 8))) for _ in range(3)]
        shape = Polygon(points + [(x + rng.randint(-400, 400), y + rng.randint(-400, 400))] * rng.randint(0, 1))
        if shape.convex_hull.area < 1:
            continue
        hull = paths._hull(shape)
        box = paths._reach(hull)
        for _ in range(40):
            corner = rng.choice(hull)
            p = (corner[0] + rng.randint(-6, 6), corner[1] + rng.randint(-6, 6))
            q = (p[0] + rng.randint(-300, 300), p[1] + rng.randint(-300, 300)) if rng.random() < 0.5 else p
            if paths._near_hull(p, q, hull):
                near += 1
                assert geometry.meets_box(p, q, box), (hull, p, q)
            elif not geometry.meets_box(p, q, box):
                missed += 1
    assert near > 1000 and missed > 1000, (near, missed)


def _node_columns(graph: paths._Graph) -> tuple[np.ndarray, ...]:
    """Every node's x, y and offsets to its neighbours (none for the start and the goal): the field's
    columns with the start and the goal first."""
    (sx, sy), (gx, gy) = graph.points[:2]
    ends = [(float(sx), float(gx)), (float(sy), float(gy))] + [(0.0, 0.0)] * 4
    return tuple(np.concatenate([e, c]) for e, c in zip(ends, graph.field.columns, strict=True))


def _tangent_of(columns: tuple[np.ndarray, ...], i: int) -> np.ndarray:
    """Whether each node and i are tangent at both ends (each edge leaves both neighbours of its corner
    on one side), node by node as first written: the rule the search reads from products of matrices."""
    xs, ys, bx, by, ax, ay = columns
    x, y, bxi, byi, axi, ayi = (float(c[i]) for c in columns)
    dx, dy = xs - x, ys - y
    at_j = (dx * by - dy * bx) * (dx * ay - dy * ax) >= 0
    return at_j & ((dx * byi - dy * bxi) * (dx * ayi - dy * axi) >= 0)


def test_a_corners_tangents_are_its_own_test_read_in_one_product_and_from_the_start_and_the_goal() -> None:
    """`_Graph.tangent` takes a corner's row toward the other corners from one product of matrices for its
    block of corners (`_tangent_rows`) and its answer toward the start and the goal from their rows
    (`_Graph.reach`): on
    random positions with platforms, discs and a wall as long as a large table (the largest products),
    every corner's own test (`_tangent_of`, and whether they lie beside its sides) says the same."""
    rng = random.Random(77)
    checked = tangent = 0
    for n in range(8):
        wall = Terrain("w", ((100, 9000), (11_900, 9100), (11_900, 9400), (100, 9350)), impassable=True)
        table = Table(12_000 if n % 2 else 24 * INCH, 24 * INCH if n % 2 else 12_000, (*_platforms(rng), wall))
        bases = _bases(rng, 10)
        mover, others = bases[0], bases[1:]
        goal = (rng.randint(R, 24 * INCH - R), rng.randint(R, 24 * INCH - R))
        enemies = tuple(sorted((o.centre, o.radius) for o in others if o.side != mover.side))
        graph = paths._Graph(paths.View(paths._field(table, mover.radius, (), enemies)), mover.centre, goal)
        columns = _node_columns(graph)
        every = bytearray(b"\x01") * len(graph.points)
        for i in range(2, len(graph.points)):
            own = _tangent_of(columns, i)  # corner i's own test toward every node
            near = [paths._beside(tuple(c[[i]] for c in columns), p)[0] for p in graph.points[:2]]
            mine = [bool(own[k] or near[k]) for k in (0, 1)]
            assert [bool(graph.reach(k)[i]) for k in (0, 1)] == mine, i
            assert graph.tangent(i, every) == [k for k in (0, 1) if mine[k]] + [j for j in range(2, len(own)) if own[j]]
            checked += 1
            tangent += sum(mine)
    assert checked > 1000 and 0 < tangent < 2 * checked, (checked, tangent)


def test_a_rings_tangents_are_worked_out_together_and_the_grounds_in_blocks() -> None:
    """`Field.blocks`: each corner's block is a run of corners holding it, the blocks follow each other
    over every corner, a ring's corners share one block of their own (a path round a base turns at one
    after the next), and the ground's come BLOCK at most to a block."""
    rng = random.Random(78)
    rings = 0
    for _ in range(6):
        table = Table(24 * INCH, 24 * INCH, _platforms(rng))
        bases = _bases(rng, 10)
        enemies = tuple(sorted((o.centre, o.radius) for o in bases[1:] if o.side != bases[0].side))
        field = paths._field(table, bases[0].radius, (), enemies)
        index = field.corners[1]
        blocks = sorted(set(field.blocks))
        assert all(first <= i < last for i, (first, last) in enumerate(field.blocks))
        assert [first for first, _ in blocks] == [0, *(last for _, last in blocks[:-1])]
        assert blocks[-1][1] == len(index)
        for first, last in blocks:
            owners = set(index[first:last])
            if min(owners) < 0:
                assert len(owners) == 1 and index.count(index[first]) == last - first
                rings += 1
            else:
                assert 0 < last - first <= paths.BLOCK
    assert rings > 20, rings


def test_a_path_out_of_a_wood_may_bend_away_from_a_walls_corner() -> None:
    """Why the search does not leave the edges that turn away from a wall's corner: a taut path bends only
    toward the piece where every step costs its length, but a path out of a wood may be cheapest leaving
    it more squarely toward a wall's corner, then bending there the other way (a search that left such
    turns answered the straight line, further in the wood: 3645 rather than 3628)."""
    table = Table(6096, 6096, (
        Terrain("w0", ((2768, 2683), (3521, 2748), (3521, 3691), (3336, 3762), (2768, 3691)), impassable=True),
        Terrain("w1", ((3170, 2793), (3671, 2888), (3671, 3208), (3623, 3347), (3170, 3208)), impassable=True),
        Terrain("wood", ((1932, 23), (3022, 319), (3022, 1089), (2715, 1242), (1932, 1089)), difficult=True),
    ))  # fmt: skip
    mover, goal = Base("m", 0, (2292, 866), R), (4392, 3243)
    paths.clear_caches()
    got = paths.shortest_path(table, mover, goal)
    assert got == plain_paths.shortest_path(table, mover, goal) == ((3617, 2660), (3759, 2792), (4392, 3243))
    assert table.path_cost([mover.centre, *got]) < table.path_cost([mover.centre, goal])
    graph = paths._Graph(paths.View(paths._field(table, R, (), ())), mover.centre, goal)
    i = graph.points.index(got[0])
    assert 0 <= graph.terrain[i] < len(graph.field.ground.walls)  # a wall's corner
    (px, py), (x, y), (nx, ny) = mover.centre, got[0], got[1]
    dx, dy = x - px, y - py
    _, _, bx, by, ax, ay = _node_columns(graph)
    piece = dx * int(by[i]) - dy * int(bx[i])  # the side of start→corner its neighbours are on
    assert piece * (dx * int(ay[i]) - dy * int(ax[i])) > 0
    assert piece * (dx * (ny - y) - dy * (nx - x)) < 0  # the path turns to the other side


def _field_built_whole(field: paths.Field) -> tuple[paths.Corners, tuple[int, ...]]:
    """`Field.corners` as first written: every disc's tests against the ground and the other discs at once."""
    ground, discs = field.ground, field.discs

    def in_discs(points: np.ndarray) -> np.ndarray:
        xy = points.astype(np.float64).reshape(-1, 2)
        inside = np.zeros(len(xy), dtype=bool)
        if not discs or not len(xy):
            return inside
        centres = np.array([c for c, _ in discs], dtype=np.float64).reshape(-1, 2)
        outer = np.array([reach - paths.SLACK for _, reach in discs], dtype=np.float64)
        d = np.hypot(xy[:, None, 0] - centres[None, :, 0], xy[:, None, 1] - centres[None, :, 1])
        inside |= (d < outer * paths.APOTHEM - 1e-6).any(axis=1)
        for i, k in zip(*np.nonzero((d >= outer * paths.APOTHEM - 1e-6) & (d < outer + 1e-6)), strict=True):
            if not inside[i] and field.shape(k).contains(ShapelyPoint(xy[i])):
                inside[i] = True
        return inside

    hard, soft = ~in_discs(ground.walls.at), ~in_discs(ground.soft.at)
    rings = paths._circle_rings(discs)
    owners = np.repeat(np.arange(len(discs)), paths.SIDES)  # the disc each ring's corner is drawn round
    if len(rings):
        x0, y0, x1, y1 = ground.box
        xy = rings.at
        keep = (xy[:, 0] >= x0) & (xy[:, 0] <= x1) & (xy[:, 1] >= y0) & (xy[:, 1] <= y1)
        if ground.blocked is not None and keep.any():
            at = xy.astype(np.float64)
            keep[keep] = ~shapely.contains_xy(ground.blocked, at[keep, 0], at[keep, 1])
        if keep.any():
            keep[keep] = ~in_discs(xy[keep])
        rings, owners = rings.kept(keep), owners[keep]
    index = np.concatenate([np.flatnonzero(hard), -2 - owners, len(ground.walls) + np.flatnonzero(soft)])
    walls, soft_corners = ground.walls.kept(hard), ground.soft.kept(soft)
    joined = paths.Corners(
        np.concatenate([walls.at, rings.at, soft_corners.at]),
        np.concatenate([walls.before, rings.before, soft_corners.before]),
        np.concatenate([walls.after, rings.after, soft_corners.after]),
    )
    return joined, tuple(index.tolist())


def _edge_point(rng: random.Random) -> Point:
    """A point near a table's edge, where a cluster's rings run off the table."""
    return (rng.choice((INCH, 23 * INCH)), rng.randint(2 * INCH, 22 * INCH))


def _between_polygon_and_circle(field: paths.Field, points: np.ndarray) -> bool:
    """Whether a point lies between a disc's polygon and its circle, where shapely says if it is inside."""
    if not field.discs:
        return False
    centres = np.array([c for c, _ in field.discs], dtype=np.float64)
    outer = np.array([reach - paths.SLACK for _, reach in field.discs], dtype=np.float64)  # the polygons' radii
    d = np.hypot(points[:, None, 0] - centres[None, :, 0], points[:, None, 1] - centres[None, :, 1])
    return bool(((d >= outer * paths.APOTHEM - 1e-6) & (d < outer + 1e-6)).any())


def test_a_field_joined_from_remembered_discs_is_the_one_built_whole() -> None:
    """A menu searches toward each enemy with that enemy left out, so its fields differ by one disc:
    `Field.corners` joins what each disc does on the ground, remembered (`paths._pieces_of`). On random
    positions (walls, woods, platforms, enemies in clusters whose discs cover each other's corners) and on
    WarCry's layouts, fresh and warm, every field's corners, neighbours, order, dtype and indices are those
    of the field built whole, and its points are read from them."""
    from bot.games.warcry import board
    from bot.games.warcry.content import LAYOUTS

    rng = random.Random(4099)
    seen = {"remembered": 0, "walls_covered": 0, "soft_covered": 0, "rings_cut": 0, "off_ground": 0, "asked": 0}
    tables: list[tuple[Table, tuple[Polygon, ...]]] = [
        (Table(24 * INCH, 24 * INCH, _platforms(rng)), ()) for _ in range(8)
    ]
    tables += [(board.table(layout), tuple(board.deadly(layout))) for layout in sorted(LAYOUTS)]
    paths.forget_positions()
    for n, (table, avoid) in enumerate(tables):
        shapes = tuple(sorted(tuple(map(tuple, p.exterior.coords)) for p in avoid))
        pocket = (rng.randint(4 * INCH, 20 * INCH), rng.randint(4 * INCH, 20 * INCH))
        bases = _bases(rng, 10) + _cluster(rng, pocket, 5) + _cluster(rng, _edge_point(rng), 4)
        enemies = sorted((b.centre, b.radius) for b in bases if b.side == 1)
        for k in range(-1, len(enemies)):
            if n % 3 == 0 and k % 4 == 0:
                paths.forget_positions()
            before = len(paths._pieces)
            left = tuple(e for j, e in enumerate(enemies) if j != k)  # a menu's goal: that enemy left out
            field = paths._field(table, R, shapes, left)
            joined, index = field.corners
            seen["remembered"] += len(paths._pieces) - before < len(left)
            whole, whole_index = _field_built_whole(field)
            for a in ("at", "before", "after"):
                got, want = getattr(joined, a), getattr(whole, a)
                assert got.dtype == want.dtype == np.int64 and got.shape == want.shape
                assert np.array_equal(got, want), (n, k, a)
            assert index == whole_index
            assert field.points == [tuple(p) for p in whole.at.tolist()]
            assert all(isinstance(x, int) for p in field.points for x in p)
            seen["walls_covered"] += sum(0 <= i < len(field.ground.walls) for i in index) < len(field.ground.walls)
            soft_kept = sum(i >= len(field.ground.walls) for i in index)
            seen["soft_covered"] += soft_kept < len(field.ground.soft)
            rings = sum(i < 0 for i in index)
            on_ground = sum(p.end - p.start for p in paths._pieces_of(field.ground, field.discs))
            seen["rings_cut"] += rings < on_ground
            seen["off_ground"] += on_ground < paths.SIDES * len(field.discs)
            seen["asked"] += _between_polygon_and_circle(field, np.concatenate([whole.at, field.ground.walls.at]))
    paths.forget_positions()
    assert min(seen.values()) > 5, seen


def test_a_segment_is_remembered_by_ground_whatever_the_field_that_asked() -> None:
    """A menu's fields (one per goal) share their start and the bases' corners, so a segment's cost and
    whether it clears the terrain are remembered by ground (`_cost`, `_clear_of_ground`): on random tables
    with woods, platforms and walls they are the very floats and answers measured afresh (`_measure`,
    `_clear_of_walls`), asked through fields that differ by a disc; and a ground of another radius, whose
    keep-out is wider, has its own answers."""
    rng = random.Random(808)
    asked = {"wood": 0, "climb": 0, "blocked": 0, "kept": 0}
    for _ in range(10):
        table = Table(24 * INCH, 24 * INCH, _platforms(rng))
        ground = paths._ground(table, R, ())
        segments = []
        for _ in range(60):
            p = (rng.randint(R, 24 * INCH - R), rng.randint(R, 24 * INCH - R))
            q = (p[0] + rng.randint(-6 * INCH, 6 * INCH), p[1] + rng.randint(-6 * INCH, 6 * INCH))
            segments.append((p, q))
        for p, q in segments * 2:  # the second time, from memory
            before = len(paths._segment_costs.get(ground, ()))
            cost, clear = paths._cost(ground, p, q), paths._clear_of_ground(ground, p, q)
            asked["kept"] += len(paths._segment_costs[ground]) == before
            assert cost == paths._measure(ground, p, q)
            assert clear == paths._clear_of_walls(ground, p, q)
            asked["wood"] += cost > math.dist(p, q) and not heights.climbed(table, (p, q))
            asked["climb"] += heights.climbed(table, (p, q)) > 0
            asked["blocked"] += not clear
    assert min(asked.values()) > 20, asked
    # across a wall's corner, in the box of its keep-out: clear of it for a small base, not for a larger one
    wall = Terrain("w", ((1000, 1000), (2000, 1000), (2000, 1200), (1000, 1200)), impassable=True)
    table = Table(24 * INCH, 24 * INCH, (wall,))
    c = (2000 + R - 6, 1200 + R - 6)  # sqrt(2)·(R - 6) from the corner: more than R - 1, less than R + 59
    p, q = (c[0] - 40, c[1] + 40), (c[0] + 40, c[1] - 40)
    paths.forget_positions()
    small, large = paths._ground(table, R, ()), paths._ground(table, R + 60, ())
    assert geometry.meets_box(p, q, small.walls_boxes[0])
    assert paths._clear_of_ground(small, p, q) and (p, q) in paths._segment_clears[small]
    assert not paths._clear_of_ground(large, p, q)
    paths.forget_positions()


def _anywhere(rng: random.Random) -> Point:
    return (rng.randint(0, 24 * INCH), rng.randint(0, 24 * INCH))


def test_a_segment_read_from_its_wkb_is_shapelys_line_with_the_same_answers() -> None:
    """`paths._line` builds a segment from its WKB (faster than `LineString`): the same coordinates, type
    and dimension, so every answer the search asks of it is the same, bit for bit, on random segments
    through woods and walls, along their edges and through their corners."""
    rng = random.Random(919)
    crossed = 0
    for _ in range(20):
        pieces = _pieces(rng)
        for t in pieces:
            corners = t.corners
            for _ in range(20):
                p, q = ((rng.choice(corners) if rng.random() < 0.3 else _anywhere(rng)) for _ in range(2))
                if p == q:
                    continue
                line, plain = paths._line(p, q), LineString([p, q])
                assert line.geom_type == "LineString" and not line.has_z
                assert list(line.coords) == list(plain.coords) == [tuple(map(float, p)), tuple(map(float, q))]
                assert line.intersects(t.polygon) == plain.intersects(t.polygon)
                assert line.intersection(t.polygon).length == plain.intersection(t.polygon).length
                crossed += line.intersection(t.polygon).length > 0
    assert crossed > 100, crossed


def _in_each_measured(discs: list[tuple[Point, int]], points: np.ndarray) -> np.ndarray:
    """`paths._in_each` as first written: every distance measured (`hypot`), shapely between the circles."""
    xy = points.astype(np.float64)
    centres = np.array([c for c, _ in discs], dtype=np.float64)
    outer = np.array([reach - paths.SLACK for _, reach in discs], dtype=np.float64)
    d = np.hypot(xy[:, None, 0] - centres[None, :, 0], xy[:, None, 1] - centres[None, :, 1])
    inside = d < outer * paths.APOTHEM - 1e-6
    for i, k in zip(*np.nonzero((d >= outer * paths.APOTHEM - 1e-6) & (d < outer + 1e-6)), strict=True):
        inside[i, k] = paths._disc(discs[k][0], discs[k][1] - paths.SLACK).contains(ShapelyPoint(xy[i]))
    return inside


def test_a_point_is_in_a_disc_as_the_measured_test_says_near_its_polygon_and_far_from_it() -> None:
    """`_in_each` settles by squared distance the pairs two units or more from a disc's circles (inside its
    polygon's apothem, outside its radius) and measures the others as before: on points drawn round the
    polygon's sides and corners (within 3 units of both circles), inside and far away, every answer is
    the measured one."""
    rng = random.Random(3141)
    settled = measured = inside = asked = 0
    for _ in range(40):
        discs = [
            ((rng.randint(0, 6000), rng.randint(0, 6000)), rng.choice((2 * R, 2 * R + 60, R + 61))) for _ in range(6)
        ]
        points = []
        for (cx, cy), reach in discs:
            edge = reach - paths.SLACK
            for _ in range(60):
                a = rng.uniform(0, 2 * math.pi)
                r = rng.choice((rng.uniform(edge * paths.APOTHEM - 3, edge + 3), rng.uniform(0, 3 * edge)))
                points.append((round(cx + r * math.cos(a)), round(cy + r * math.sin(a))))
        xy = np.array(points, dtype=np.int64)
        got, want = paths._in_each(discs, xy), _in_each_measured(discs, xy)
        assert np.array_equal(got, want)
        centres = np.array([c for c, _ in discs], dtype=np.float64)
        outer = np.array([reach - paths.SLACK for _, reach in discs], dtype=np.float64)
        d = np.hypot(xy[:, None, 0] - centres[None, :, 0], xy[:, None, 1] - centres[None, :, 1])
        near = (d >= outer * paths.APOTHEM - 2) & (d < outer + 2)
        settled += int((~near).sum())
        measured += int(near.sum())
        inside += int(want.sum())
        asked += int(((d >= outer * paths.APOTHEM - 1e-6) & (d < outer + 1e-6)).sum())  # shapely's answer
    assert min(settled, measured, inside) > 500 and asked > 100, (settled, measured, inside, asked)


def test_a_field_is_the_one_built_whole_when_the_discs_memory_overflows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory of discs is forgotten once it would hold more than `PIECES`: a field that finds some of
    its discs remembered and the others not when that happens is still the one built whole, and the
    memory stays bounded."""
    monkeypatch.setattr(paths, "PIECES", 12)
    rng = random.Random(1212)
    paths.forget_positions()
    forgotten = 0
    for _ in range(20):
        table = Table(24 * INCH, 24 * INCH, _platforms(rng))
        enemies = sorted(
            (b.centre, b.radius) for b in _bases(rng, 16) + _cluster(rng, _anywhere(rng), 4) if b.side == 1
        )
        for k in range(4):  # a menu's goals, then a new enemy beside the ones remembered
            left = tuple(e for j, e in enumerate(enemies) if j != k)
            if k == 3:
                left = tuple(sorted((*left, (_anywhere(rng), R))))
            ground = paths._ground(table, R, ())
            missing = sum((ground, (c, r + R)) not in paths._pieces for c, r in set(left))  # a field's discs
            forgotten += 0 < missing < len(left) and len(paths._pieces) + missing > 12
            field = paths._field(table, R, (), left)
            joined, index = field.corners
            whole, whole_index = _field_built_whole(field)
            assert all(np.array_equal(getattr(joined, a), getattr(whole, a)) for a in ("at", "before", "after"))
            assert index == whole_index
            assert len(paths._pieces) <= max(12, len(left))
    paths.forget_positions()
    assert forgotten > 10, forgotten


def test_a_view_of_the_whole_field_searches_as_the_field_of_the_discs_searched_round() -> None:
    """A menu's searches toward each enemy (`into`: the enemy the goal stands on is walked up to) share one
    whole field, each seeing it with its enemy left out (`paths.View`). On random positions and WarCry's
    layouts, with enemies in clusters whose discs cover each other's corners: the corners a view searches
    are, in order, the field of the other discs' (the same points, ground corners and rings), and the
    search finds the same path, gives up at the same effort and says None where that field's does."""
    from bot.games.warcry import board
    from bot.games.warcry.content import LAYOUTS

    rng = random.Random(3131)
    seen = {"left": 0, "several_left": 0, "bent": 0, "none": 0, "dead": 0, "searched": 0}
    tables: list[tuple[Table, tuple[Polygon, ...]]] = [
        (Table(24 * INCH, 24 * INCH, _platforms(rng)), ()) for _ in range(6)
    ]
    tables += [(board.table(layout), tuple(board.deadly(layout))) for layout in sorted(LAYOUTS)]
    for n, (table, avoid) in enumerate(tables):
        paths.forget_positions()
        shapes = tuple(sorted(tuple(map(tuple, p.exterior.coords)) for p in avoid))
        pocket = (rng.randint(4 * INCH, 20 * INCH), rng.randint(4 * INCH, 20 * INCH))
        bases = _bases(rng, 10) + _cluster(rng, pocket, 5)
        mover = bases[0]
        others = bases[1:]
        enemies = tuple(sorted((o.centre, o.radius) for o in others if o.side != mover.side))
        whole = paths._field(table, mover.radius, shapes, enemies, True)
        goals = [o.centre for o in others if o.side != mover.side] + [pocket, _anywhere(rng)]
        for goal in goals:
            for effort in (None, 40):
                view_left = tuple(
                    k for k, (c, reach) in enumerate(whole.discs) if geometry.distance2(c, goal) <= reach * reach
                )
                kept = tuple(e for k, e in enumerate(enemies) if k not in view_left)
                own = paths._field(table, mover.radius, shapes, kept)
                view = paths.View(whole, view_left)
                alive = [k for k, b in enumerate(view.alive) if b]
                assert [whole.points[k] for k in alive] == own.points
                index, own_index = whole.corners[1], own.corners[1]
                assert [index[k] for k in alive if index[k] >= 0] == [i for i in own_index if i >= 0]
                assert [whole.discs[-2 - index[k]] for k in alive if index[k] < 0] == [
                    own.discs[-2 - i] for i in own_index if i < 0
                ]
                around = [
                    o
                    for o in others
                    if o.side == mover.side or geometry.distance2(o.centre, goal) > (o.radius + mover.radius) ** 2
                ]
                want = paths.shortest_path(table, mover, goal, around, avoid=avoid, effort=effort)
                got = paths.shortest_path(table, mover, goal, others, avoid=avoid, effort=effort, into=True)
                assert got == want, (n, goal, effort)
                seen["left"] += bool(view_left)
                seen["several_left"] += len(view_left) > 1
                seen["bent"] += got is not None and len(got) > 1
                seen["none"] += got is None
                seen["dead"] += len(alive) < len(whole.points)
                seen["searched"] += 1
    paths.forget_positions()
    assert min(seen.values()) > 5, seen


def test_an_edge_tangent_at_a_rings_corner_never_enters_the_disc_it_is_drawn_round() -> None:
    """`_Graph.clear` does not ask a ring's own disc about an edge between two corners (tangent at both):
    on random crowded positions, every such edge from a ring's corner stays out of that disc's keep-out as
    the disc test measures it (`_off_discs` with that disc alone)."""
    rng = random.Random(5150)
    checked = 0
    for _ in range(6):
        table = Table(24 * INCH, 24 * INCH, _platforms(rng))
        bases = _bases(rng, 10) + _cluster(rng, _anywhere(rng), 5)
        mover = bases[0]
        enemies = tuple(sorted((o.centre, o.radius) for o in bases[1:] if o.side != mover.side))
        field = paths._field(table, mover.radius, (), enemies)
        graph = paths._Graph(paths.View(field), mover.centre, _anywhere(rng))
        every = bytearray(b"\x01") * len(graph.points)
        for i in range(2, len(graph.points)):
            disc = -2 - graph.terrain[i]
            if disc < 0:
                continue  # a terrain corner
            alone = paths.View(field, tuple(k for k in range(len(field.discs)) if k != disc))
            for j in graph.tangent(i, every):
                if j >= 2:
                    assert paths._off_discs(alone, graph.points[i], graph.points[j]), (i, j)
                    checked += 1
    assert checked > 1000, checked
