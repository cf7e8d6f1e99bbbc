"""Shortest paths of a round base and exact stops along a path (bot/table/paths.py, stops.py; #25),
against answers computed by hand."""

from __future__ import annotations

import math

from shapely.geometry import LineString

from bot.table.geometry import Base, Table, Terrain
from bot.table.paths import path_length, shortest_path
from bot.table.stops import along, before_touching, entering, leaving
from bot.table.units import INCH

R = INCH // 2


def inch(x: float, y: float) -> tuple[int, int]:
    return (round(x * INCH), round(y * INCH))


BLOCK = Terrain("bloc", (inch(10, 10), inch(14, 10), inch(14, 14), inch(10, 14)), impassable=True, blocking=True)
TABLE = Table(30 * INCH, 22 * INCH, (BLOCK,))


def test_the_crossing_point_of_a_range_on_a_straight_path() -> None:
    # an enemy of radius 0.5" at (10", 0"), a mover of 0.5": within 1" when the centres are 2" apart
    stop = entering([(0, 0), inch(20, 0)], inch(10, 0), 2 * INCH)
    assert stop is not None and stop.point == inch(8, 0)


def test_the_crossing_point_of_a_range_on_a_bent_path() -> None:
    # down x = 10" after the bend, 5" from (13", 6"): 3² + (y - 6)² = 5², so y = 2"
    stop = entering([(0, 0), inch(10, 0), inch(10, 10)], inch(13, 6), 5 * INCH)
    assert stop is not None and stop.index == 1 and stop.point == inch(10, 2)
    # at an angle: from (0, 0) toward (30", 40"), first within 34" of (40", 0"):
    # |(30t - 40, 40t)|² = 34²  =>  2500t² - 2400t + 444 = 0  =>  t = (2400 - √(2400² - 4·2500·444)) / 5000
    t = (2400 - math.sqrt(2400**2 - 4 * 2500 * 444)) / 5000
    stop = entering([(0, 0), inch(30, 40)], inch(40, 0), 34 * INCH)
    assert stop is not None
    assert abs(stop.point[0] - 30 * INCH * t) <= 1 and abs(stop.point[1] - 40 * INCH * t) <= 1
    assert (stop.point[0] - 40 * INCH) ** 2 + stop.point[1] ** 2 <= (34 * INCH) ** 2  # inside, exactly


def test_leaving_an_objective_and_touching_a_base_and_the_allowance() -> None:
    assert leaving([(0, 0), inch(10, 0)], (0, 0), 3 * INCH).point == inch(3, 0)
    stop = before_touching([(0, 0), inch(20, 0)], inch(10, 0), 2 * INCH)
    assert stop is not None and stop.point == inch(8, 0)  # touching, not overlapping
    assert along([(0, 0), inch(3, 4), inch(10, 4)], 6 * INCH).point == inch(4, 4)  # 5" then 1" of 6"


def test_a_base_rounds_a_corner_along_the_true_shortest_path() -> None:
    start, goal = inch(8, 9), inch(15, 16)
    path = shortest_path(TABLE, Base("m", 0, start, R), goal)
    assert path is not None and path[-1] == goal
    # by hand: tangent from each end to the circle of 0.5" round the corner (10", 14"), then its arc
    corner = (10.0, 14.0)
    legs = [math.dist(p, corner) for p in ((8, 9), (15, 16))]
    tangents = sum(math.sqrt(d * d - 0.25) for d in legs)
    turn = 2 * math.pi - math.acos(((8 - 10) * (15 - 10) + (9 - 14) * (16 - 14)) / (legs[0] * legs[1]))
    arc = (turn - sum(math.acos(0.5 / d) for d in legs)) * 0.5
    true = tangents + arc
    found = path_length([start, *path]) / INCH
    assert true - 0.001 <= found <= true + 0.05
    # and the base never comes nearer the block than its radius (a tenth of a millimetre of slack)
    for p, q in zip([start, *path], path, strict=False):
        assert BLOCK.polygon.distance(LineString([p, q])) >= R - 1


def test_friends_are_passed_enemies_are_walked_round_and_a_walled_in_goal_is_none() -> None:
    start, goal = inch(2, 5), inch(8, 5)
    friend = Base("f", 0, inch(5, 5), R)
    assert shortest_path(TABLE, Base("m", 0, start, R), goal, [friend]) == (goal,)
    enemy = Base("e", 1, inch(5, 5), R)
    path = shortest_path(TABLE, Base("m", 0, start, R), goal, [enemy])
    assert path is not None and len(path) > 1
    assert 6 * INCH < path_length([start, *path]) < 6 * INCH + 2 * INCH  # round a 1" disc, not far
    ring = [
        Base(f"e{k}", 1, (goal[0] + round(2 * INCH * math.cos(k / 2)), goal[1] + round(2 * INCH * math.sin(k / 2))), R)
        for k in range(13)
    ]
    assert shortest_path(TABLE, Base("m", 0, start, R), goal, ring) is None


def test_a_path_goes_round_a_wood_when_that_costs_less_than_crossing_it() -> None:
    """The straight line through a wood 4" wide costs 8 + 4 = 12" (`Table.path_cost`: difficult terrain
    counts double); round its corners, about 8.5". The search took the straight line whenever no
    impassable piece was in the way, and a wood's corners lay on its edge, so a path along it counted as
    inside: now they lie a few units outside (as a platform's), and the straight line is taken at once
    only when it costs its length."""
    wood = Terrain("bois", (inch(4, 4), inch(8, 4), inch(8, 6), inch(4, 6)), difficult=True)
    table = Table(30 * INCH, 22 * INCH, (wood,))
    start, goal = inch(2, 5), inch(10, 5)
    assert table.path_cost([start, goal]) == 12 * INCH
    path = shortest_path(table, Base("m", 0, start, R), goal)
    assert path is not None and path[-1] == goal
    # the corners it bends at lie 3 units (0.3 mm) outside the wood, both sides: within 0.05" of the true one
    assert table.path_cost([start, *path]) <= (2 * math.dist((2, 5), (4, 4)) + 4) * INCH + 6


def test_a_base_reaches_a_point_touching_a_rock_round_its_corner() -> None:
    """A goal touching a rock's side lies between the rock's keep-out and the ring of corners drawn just
    outside it, so the last edge from the corner bends inward and is not tangent there: the search
    dropped it and found no path at all. By hand: from (500, 1500), round the corner (1000, 2000) of a
    rock grown by R = 127 to (1500, 2127): a tangent of √(707.1² − 127²) = 695.6, an arc of 127 × 0.966
    = 122.7 and 500 along the side, 1318.3 units."""
    rock = Terrain("rocher", ((1000, 1000), (2000, 1000), (2000, 2000), (1000, 2000)), impassable=True)
    table = Table(30 * INCH, 22 * INCH, (rock,))
    start, goal = (500, 1500), (1500, 2000 + R)
    path = shortest_path(table, Base("m", 0, start, R), goal)
    assert path is not None and path[-1] == goal
    assert abs(path_length([start, *path]) - 1318.3) <= INCH / 20
