"""The table's geometry (kernel.md §5): exact distances, sight, cover, movement, suggestions."""

from __future__ import annotations

import math

from bot.table.geometry import Base, Table, Terrain, edge_distance, within
from bot.table.units import INCH

R = INCH // 2  # a 25 mm base is about 1" across: radius ~ half an inch


def inch(x: float, y: float) -> tuple[int, int]:
    return (round(x * INCH), round(y * INCH))


def square(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[int, int], ...]:
    return (inch(x0, y0), inch(x1, y0), inch(x1, y1), inch(x0, y1))


TABLE = Table(24 * INCH, 24 * INCH)


def test_edge_to_edge_distance_is_exact_on_integers() -> None:
    a = Base("a", 0, inch(5, 5), R)
    b = Base("b", 1, (inch(5, 5)[0] + 2 * R + INCH, inch(5, 5)[1]), R)  # exactly 1" apart, edge to edge
    assert edge_distance(a, b) == INCH
    assert within(a, b, INCH) and not within(a, b, INCH - 1)  # "within 1"" never flickers
    touching = b.at((a.centre[0] + 2 * R, a.centre[1]))
    assert edge_distance(a, touching) == 0 and within(a, touching, 0)


def test_blocking_terrain_hides_and_a_corner_still_shows() -> None:
    wall = Terrain("mur", square(11, 2, 13, 22), blocking=True)
    table = Table(24 * INCH, 24 * INCH, (wall,))
    a, b = Base("a", 0, inch(6, 12), R), Base("b", 1, inch(18, 12), R)
    assert not table.line_of_sight(a, b)
    peeking = b.at(inch(18, 22.8))  # beyond the wall's end: part of the base can be seen
    assert table.line_of_sight(a.at(inch(6, 22.8)), peeking)
    assert TABLE.line_of_sight(a, b)


def test_other_bases_block_sight_when_the_game_says_so() -> None:
    a, b = Base("a", 0, inch(2, 12), R), Base("b", 1, inch(20, 12), R)
    screen = [Base(f"s{i}", 1, inch(11, 12 + i * 0.9), R) for i in range(-3, 4)]
    assert TABLE.line_of_sight(a, b)
    assert not TABLE.line_of_sight(a, b, screen)
    assert TABLE.line_of_sight(a, b, screen[:1])  # one base alone leaves a gap


def test_cover_counts_what_the_line_crosses_but_not_where_the_shooter_stands() -> None:
    hedge = Terrain("haie", square(11, 10, 12, 14), cover=True)
    wood = Terrain("bois", square(1, 10, 4, 14), cover=True)
    table = Table(24 * INCH, 24 * INCH, (hedge, wood))
    shooter, target = Base("a", 0, inch(2, 12), R), Base("b", 1, inch(20, 12), R)
    assert table.cover_between(shooter, target) == ["haie"]


def test_difficult_terrain_costs_double_and_impassable_stops_the_move() -> None:
    mud = Terrain("boue", square(10, 0, 12, 24), difficult=True)
    lake = Terrain("lac", square(16, 8, 20, 16), impassable=True)
    table = Table(24 * INCH, 24 * INCH, (mud, lake))
    start = inch(8, 4)
    assert table.path_cost([start, inch(14, 4)]) == 6 * INCH + 2 * INCH  # 2" of mud counted twice
    mover = Base("m", 0, inch(14, 12), R)
    assert table.move_problem(mover, [inch(22, 12)], [], 10 * INCH) == "impassable"
    assert table.move_problem(mover, [inch(14, 18)], [], 6 * INCH) is None
    assert table.move_problem(mover, [inch(14, 19)], [], 6 * INCH) == "too_far"


def test_friends_may_be_passed_through_enemies_not_and_nobody_may_be_stood_on() -> None:
    mover = Base("m", 0, inch(4, 12), R)
    friend, enemy = Base("f", 0, inch(8, 12), R), Base("e", 1, inch(8, 12), R)
    assert TABLE.move_problem(mover, [inch(12, 12)], [friend], 10 * INCH) is None
    assert TABLE.move_problem(mover, [inch(12, 12)], [enemy], 10 * INCH) == "through_enemy"
    assert TABLE.move_problem(mover, [inch(8.5, 12)], [friend], 10 * INCH) == "ends_on_base"
    assert TABLE.move_problem(mover, [inch(30, 12)], [], 40 * INCH) == "off_table"


def test_a_move_stops_where_it_enters_an_enemys_engagement_range() -> None:
    mover, enemy = Base("m", 0, inch(4, 12), R), Base("e", 1, inch(12, 12), R)
    stop = TABLE.engagement_stop(mover, [mover.centre, inch(11, 12)], [enemy], INCH)
    assert (
        stop is not None
        and within(mover.at(stop), enemy, INCH)
        and not within(mover.at((stop[0] - 2, stop[1])), enemy, INCH)
    )
    assert TABLE.move_problem(mover, [inch(11, 12)], [enemy], 10 * INCH, engagement=INCH) == "engaged_stop"
    assert TABLE.move_problem(mover, [stop], [enemy], 10 * INCH, engagement=INCH) is None


def test_suggestions_go_as_far_as_allowed_and_find_the_nearest_legal_point() -> None:
    lake = Terrain("lac", square(10, 10, 14, 14), impassable=True)
    table = Table(24 * INCH, 24 * INCH, (lake,))
    mover = Base("m", 0, inch(2, 12), R)
    far = table.furthest_toward(mover, inch(22, 12), [], 6 * INCH)
    assert abs(far[0] - inch(8, 12)[0]) <= 2 and table.path_cost([mover.centre, far]) <= 6 * INCH
    blocked = table.furthest_toward(mover, inch(22, 12), [], 20 * INCH)
    assert blocked[0] + R <= inch(10, 0)[0] + 1  # stops at the lake's shore
    near = table.nearest_legal(mover.at(inch(9, 4)), inch(12, 12), [], 12 * INCH)
    assert near is not None and table.move_problem(mover.at(inch(9, 4)), [near], [], 12 * INCH) is None
    assert not lake.polygon.buffer(R - 1).contains(__import__("shapely").geometry.Point(near))


def test_the_engagement_stop_is_the_first_unit_step_within_reach() -> None:
    """The solved stop equals a walk of the path one unit at a time (the definition), on many paths."""
    import random

    rnd = random.Random(5)

    def walk(mover: Base, p: tuple[int, int], q: tuple[int, int], enemies: list[Base]) -> tuple[int, int] | None:
        steps = max(1, math.isqrt((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2))
        for i in range(1, steps + 1):
            x, y = p[0] + (q[0] - p[0]) * i // steps, p[1] + (q[1] - p[1]) * i // steps
            if any(within(mover.at((x, y)), e, INCH) for e in enemies):
                return (x, y)
        return None

    for _ in range(400):
        start = (rnd.randrange(0, 24 * INCH), rnd.randrange(0, 24 * INCH))
        end = (rnd.randrange(0, 24 * INCH), rnd.randrange(0, 24 * INCH))
        mover = Base("m", 0, start, R)
        enemies = [Base(f"e{i}", 1, (rnd.randrange(0, 24 * INCH), rnd.randrange(0, 24 * INCH)), R) for i in range(3)]
        if any(within(mover, e, INCH) for e in enemies):
            continue
        assert TABLE.engagement_stop(mover, [start, end], enemies, INCH) == walk(mover, start, end, enemies)


def test_tangent_bases_are_at_zero_and_do_not_overlap() -> None:
    """Hand-computed: two 1"-wide bases whose centres are 1" apart touch; a tenth of a millimetre
    closer they overlap, a tenth further they are 0.1 mm apart (rounded up to one unit)."""
    from bot.table.geometry import overlaps

    a, b = Base("a", 0, inch(5, 5), R), Base("b", 1, (inch(5, 5)[0] + 2 * R, inch(5, 5)[1]), R)
    assert edge_distance(a, b) == 0 and within(a, b, 0) and not overlaps(a, b)
    closer = b.at((b.centre[0] - 1, b.centre[1]))
    assert overlaps(a, closer)
    further = b.at((b.centre[0] + 1, b.centre[1]))
    assert edge_distance(a, further) == 1 and not within(a, further, 0)


def test_a_path_around_a_wall() -> None:
    """Hand-computed: a 1"-wide base at (4, 12) cannot go straight to (12, 12) through a wall from
    x = 7" to 9" and y = 8" to 16"; around it, by (6, 17.5) and (10, 17.5) — 1.45" from each corner,
    1.5" below the wall — it spends √(2² + 5.5²) × 2 + 4 = 15.70" and arrives."""
    wall = Terrain("wall", square(7, 8, 9, 16), blocking=True, impassable=True)
    table = Table(24 * INCH, 24 * INCH, (wall,))
    mover = Base("m", 0, inch(4, 12), R)
    assert table.move_problem(mover, [inch(12, 12)], [], 20 * INCH) == "impassable"
    around = [mover.centre, inch(6, 17.5), inch(10, 17.5), inch(12, 12)]
    assert table.move_problem(mover, around, [], 16 * INCH) is None
    assert table.path_cost(around) == math.ceil(2 * math.hypot(2 * INCH, 5.5 * INCH) + 4 * INCH)
    assert table.move_problem(mover, around, [], 15 * INCH) == "too_far"


def test_a_table_is_hashed_once_and_a_copy_carries_no_hash() -> None:
    """A table keys the caches of most questions asked of it, so its hash is taken once; a string's hash
    differs from one process to the next, so a pickled table (a process pool's) hashes afresh."""
    import pickle
    import subprocess
    import sys

    table = Table(24 * INCH, 24 * INCH, (Terrain("rock", ((0, 0), (INCH, 0), (INCH, INCH)), impassable=True),))
    assert hash(table) == hash((table.width, table.height, table.terrain))
    assert "_hash" in table.__dict__  # kept
    copied = pickle.loads(pickle.dumps(table))
    assert "_hash" not in copied.__dict__ and copied == table and hash(copied) == hash(table)
    fresh = (
        "import pickle, sys; t = pickle.load(sys.stdin.buffer); print(hash(t) == hash((t.width, t.height, t.terrain)))"
    )
    seed = {"PYTHONHASHSEED": "7"}  # most likely not this process's
    other_process = subprocess.run(
        [sys.executable, "-c", fresh],
        input=pickle.dumps(table),
        capture_output=True,
        env=seed,
    )
    assert other_process.stdout.strip() == b"True"
