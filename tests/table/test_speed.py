"""The table's shortcuts answer exactly as the plain computations they spare (#25): the sampled sight,
a path's cost and a move's problem against the shapely-only versions they replaced, and the shortest
path with its obstacle map cached against one built afresh, on random positions."""

from __future__ import annotations

import heapq
import itertools
import math
import random

import numpy as np
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from bot.table import paths
from bot.table.geometry import Base, Table, Terrain, _crosses, within
from bot.table.units import INCH, Point

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


def _plain_segment_cost(field: paths.Field, p: Point, q: Point) -> float:
    """A segment's cost one shapely call at a time (what the search asked before it asked in bulk)."""
    d = math.dist(p, q)
    if p == q:
        return d
    line = LineString([p, q])
    for shape in field.ground.difficult_shapes:
        if shape.intersects(line):
            d += line.intersection(shape).length
    return d


def _plain_search(field: paths.Field, start: Point, goal: Point, effort: int | None) -> tuple[Point, ...] | None:
    """The search with each edge's cost and clearance asked one by one."""
    if not paths._clear(field, goal, goal):
        return None
    if paths._clear(field, start, goal):
        return (goal,)
    nodes = [paths.Node(start), paths.Node(goal), *field.nodes]
    at = np.array([n.at for n in nodes], dtype=np.int64)
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
        for j in paths._tangent_edges(i, at, before, after, done):
            step = _plain_segment_cost(field, nodes[i].at, nodes[j].at)
            if d + step < best.get(j, math.inf) and paths._clear(field, nodes[i].at, nodes[j].at):
                best[j], prev[j] = d + step, i
                heapq.heappush(queue, (d + step + math.dist(nodes[j].at, goal), d + step, j))
    if 1 not in prev:
        return None
    out = [1]
    while out[-1] != 0:
        out.append(prev[out[-1]])
    return tuple(nodes[i].at for i in reversed(out[:-1]))


def test_the_search_asking_in_bulk_finds_the_paths_of_one_asking_edge_by_edge() -> None:
    rng = random.Random(2536)
    found = {"bent": 0, "gave_up": 0, "through_difficult": 0}
    for _ in range(15):
        table = Table(24 * INCH, 24 * INCH, _pieces(rng))
        bases = _bases(rng, 8)
        for mover in bases[:3]:
            others = [o for o in bases if o.id != mover.id]
            enemies = tuple(sorted((o.centre, o.radius) for o in others if o.side != mover.side))
            field = paths._field(table, mover.radius, (), enemies)
            for effort in (None, 40, 3):
                goal = (rng.randint(R, 24 * INCH - R), rng.randint(R, 24 * INCH - R))
                got = paths.shortest_path(table, mover, goal, others, effort=effort)
                assert got == _plain_search(field, mover.centre, goal, effort)
                found["bent"] += got is not None and len(got) > 1
                found["gave_up"] += got is None and _plain_search(field, mover.centre, goal, None) is not None
                found["through_difficult"] += got is not None and table.path_cost([mover.centre, *got]) > math.ceil(
                    paths.path_length([mover.centre, *got])
                )
    assert min(found.values()) > 5, found
