"""Line of sight exact to a tenth of a millimetre (bot/table/sight.py, #25): gaps, corners, edges, and a
brute-force reference on random slits and corners."""

from __future__ import annotations

import math
import random

from shapely.geometry import LineString

from bot.table.geometry import Base, Table, Terrain
from bot.table.sight import sees, sight_line
from bot.table.units import INCH

R = INCH // 2


def wall(*corners: tuple[int, int]) -> Terrain:
    return Terrain("w", tuple(corners), blocking=True)


def slit(low: int, high: int) -> tuple[Base, Base, list[Terrain]]:
    """Two bases 20" apart, a 4" thick wall between them with a slit from y = low to y = high."""
    a, b = Base("a", 0, (0, 0), R), Base("b", 1, (20 * INCH, 0), R)
    x0, x1 = 8 * INCH, 12 * INCH
    top = wall((x0, high), (x1, high), (x1, 5 * INCH), (x0, 5 * INCH))
    bottom = wall((x0, low), (x1, low), (x1, -5 * INCH), (x0, -5 * INCH))
    return a, b, [top, bottom]


def test_a_line_through_a_half_millimetre_gap_is_seen() -> None:
    a, b, walls = slit(37, 42)  # 0.5 mm, off the lines the old sampling tried
    line = sight_line(a, b, walls)
    assert line is not None and 37 <= line[0][1] <= 42 and 37 <= line[1][1] <= 42
    assert not Table(30 * INCH, 30 * INCH, tuple(walls)).line_of_sight(a, b)  # the sampled sight missed it
    assert not sees(*slit(37, 37))
    assert not sees(*slit(37, 36))


def test_a_line_running_along_an_edge_or_grazing_a_corner_is_seen() -> None:
    a, b = Base("a", 0, (0, 0), R), Base("b", 1, (20 * INCH, 0), R)
    # a wall whose lower edge lies on the bases' common tangent y = R, another 0.3 mm below it
    above = wall((4 * INCH, R), (16 * INCH, R), (16 * INCH, 6 * INCH), (4 * INCH, 6 * INCH))
    middle = wall((5 * INCH, -6 * INCH), (15 * INCH, -6 * INCH), (15 * INCH, R - 3), (5 * INCH, R - 3))
    line = sight_line(a, b, [above, middle])
    assert line is not None and R - 3 < line[0][1] <= R and R - 3 < line[1][1] <= R  # along the edge
    assert not Table(30 * INCH, 30 * INCH, (above, middle)).line_of_sight(a, b)  # the sampled sight: blocked
    # the only line left grazes the tip of a corner (above) and runs along an edge (below)
    low = wall((9 * INCH, -5 * INCH), (11 * INCH, -5 * INCH), (11 * INCH, R), (9 * INCH, R))
    for tip, seen in ((R, True), (R - 2, False)):
        corner = wall((10 * INCH, tip), (11 * INCH, R + INCH), (10 * INCH, 5 * INCH), (9 * INCH, R + INCH))
        assert sees(a, b, [corner, low]) is seen  # 0.2 mm into the line blocks it


def test_bases_in_the_way_block_and_a_tangent_one_does_not() -> None:
    a, b = Base("a", 0, (0, 0), R), Base("b", 1, (20 * INCH, 0), R)
    big = Base("o", 1, (10 * INCH, 0), R + 3)
    assert not sees(a, b, [], [big])
    tangent = Base("o", 1, (10 * INCH, 0), R)  # touches the two common tangents exactly
    assert sees(a, b, [], [tangent])


def _brute(a: Base, b: Base, walls: list[Terrain], n: int = 48) -> bool:
    """The reference: segments between many points of both bases, blocked when they cross the inside
    of a piece (DE-9IM: interiors meet)."""

    def points(base: Base) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = [(float(base.centre[0]), float(base.centre[1]))]
        for ring in (1.0, 0.5):
            for k in range(n):
                t = 2 * math.pi * k / n
                out.append(
                    (
                        base.centre[0] + ring * base.radius * math.cos(t),
                        base.centre[1] + ring * base.radius * math.sin(t),
                    )
                )
        return out

    return any(
        not any(LineString([p, q]).relate_pattern(w.polygon, "T********") for w in walls)
        for p in points(a)
        for q in points(b)
    )


def _random_slit(rng: random.Random) -> tuple[Base, Base, list[Terrain]]:
    """Two blocks at an angle with a gap of 0 to 3 mm between them, or one block whose corner juts in."""
    a = Base("a", 0, (0, rng.randint(-300, 300)), rng.choice([127, 160, 254]))
    b = Base("b", 1, (rng.randint(3000, 6000), rng.randint(-300, 300)), rng.choice([127, 160, 254]))
    x, w, y, gap = rng.randint(800, 2500), rng.randint(20, 400), rng.randint(-200, 200), rng.randint(0, 30)
    turn = rng.uniform(-0.3, 0.3)

    def block(y0: int, y1: int) -> Terrain:
        pts = [(x, y0), (x + w, y0), (x + w, y1), (x, y1)]
        c, s = math.cos(turn), math.sin(turn)
        return wall(
            *((round(x + (px - x) * c - (py - y) * s), round(y + (px - x) * s + (py - y) * c)) for px, py in pts)
        )

    if rng.random() < 0.25:  # a lone corner
        return a, b, [block(y, y + 3000)]
    return a, b, [block(y + gap, y + 3000), block(y - 3000, y)]


def test_sight_agrees_with_a_brute_force_reference_on_random_slits_and_corners() -> None:
    rng = random.Random(25)
    seen = blocked = sampled_wrong = 0
    for _ in range(120):
        a, b, walls = _random_slit(rng)
        line = sight_line(a, b, walls)
        if _brute(a, b, walls):
            assert line is not None  # the reference found a free segment: so must the exact sight
        if line is not None:
            seen += 1
            # its witness crosses no piece deeper than a tenth of a millimetre
            assert not any(LineString(line).relate_pattern(w.polygon.buffer(-1), "T********") for w in walls)
            assert math.dist(line[0], a.centre) <= a.radius + 0.01 and math.dist(line[1], b.centre) <= b.radius + 0.01
        else:
            blocked += 1
        sampled_wrong += Table(10**5, 10**5, tuple(walls)).line_of_sight(a, b) != (line is not None)
    assert seen > 20 and blocked > 20  # both answers are exercised
    assert sampled_wrong >= 3  # the 17-point sampling it replaces got these wrong
