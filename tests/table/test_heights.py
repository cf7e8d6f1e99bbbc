"""Heights on the shared table (#25, item 4): a platform costs its height to climb onto and nothing to
jump down from; a move that cannot pay a climb stops at its foot. Answers computed by hand in inches
(1" = 254 units)."""

from __future__ import annotations

from bot.table import heights, paths
from bot.table.geometry import Base, Table, Terrain
from bot.table.units import INCH

# a platform 2" high from x = 4" to 6", across the whole height of a 10" × 4" table
PLATFORM = Terrain("p", ((4 * INCH, 0), (6 * INCH, 0), (6 * INCH, 4 * INCH), (4 * INCH, 4 * INCH)), height=2 * INCH)
TABLE = Table(10 * INCH, 4 * INCH, (PLATFORM,))
Y = 2 * INCH


def test_a_climb_costs_its_height_and_a_jump_down_only_its_length() -> None:
    """0" → 10" over the platform: 10" walked, 2" climbed at 4", the jump at 6" free: 12"."""
    path = [(0, Y), (10 * INCH, Y)]
    assert TABLE.path_cost(path) == 12 * INCH
    assert heights.climbed(TABLE, path) == 2 * INCH
    assert heights.drops(TABLE, path) == [2 * INCH]
    assert heights.level(TABLE, (5 * INCH, Y)) == 2 * INCH and heights.level(TABLE, (4 * INCH, Y)) == 0


def test_a_move_climbs_when_it_can_pay_and_stops_at_the_foot_when_it_cannot() -> None:
    """7": 4" to the foot, 2" up, 1" on top → 5". 5": at the foot after 4", 1" left < 2" → stays at 4"."""
    path = [(0, Y), (10 * INCH, Y)]
    assert heights.along(TABLE, path, 7 * INCH).point == (5 * INCH, Y)
    assert heights.along(TABLE, path, 5 * INCH).point == (4 * INCH, Y)
    # down from the platform: 1" to its edge, the drop free, 3" beyond → 4" of a 4" move reaches 9"
    assert heights.along(TABLE, [(5 * INCH, Y), (9 * INCH, Y)], 4 * INCH).point == (9 * INCH, Y)


def test_a_flat_table_walks_as_it_always_did() -> None:
    flat = Table(10 * INCH, 4 * INCH, ())
    path = [(0, Y), (10 * INCH, Y)]
    assert heights.along(flat, path, 7 * INCH).point == (7 * INCH, Y)
    assert flat.path_cost(path) == 10 * INCH


def test_a_shortest_path_goes_round_a_climb_when_that_is_cheaper() -> None:
    """A 1" square platform 3" high at the middle of the way: climbing it costs 3", going round its
    corner about 0.1" more than the straight 6": the path bends."""
    block = Terrain("b", ((5 * INCH, 15 * INCH // 10), (6 * INCH, 15 * INCH // 10), (6 * INCH, 25 * INCH // 10),
                          (5 * INCH, 25 * INCH // 10)), height=3 * INCH)  # fmt: skip
    table = Table(12 * INCH, 4 * INCH, (block,))
    mover = Base("m", 0, (2 * INCH, Y), 10)
    path = paths.shortest_path(table, mover, (9 * INCH, Y))
    assert path is not None and len(path) > 1
    assert heights.climbed(table, [mover.centre, *path]) == 0
    assert paths.path_length([mover.centre, *path]) < 7.3 * INCH


def test_colors_and_confrontation_keep_flat_tables() -> None:
    """D-COL-22 and D-CON-10: their documents give terrain no height, so no piece of theirs is a
    platform and their moves cost what they did."""
    from bot.games.colors import board as colors
    from bot.games.colors.content import SCENARIOS as COLORS
    from bot.games.confrontation import board as confrontation
    from bot.games.confrontation.content import SCENARIOS as CONFRONTATION

    tables = [colors.table(s) for s in COLORS] + [confrontation.table(s) for s in CONFRONTATION]
    assert tables and all(not heights.platforms(t) and not any(p.height for p in t.terrain) for t in tables)
