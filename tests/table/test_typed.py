"""One reading and one answer of a typed point for the three table games (#25, typed.py), on a table
whose rules are written here: a move is legal when it ends within 6" of the start."""

from __future__ import annotations

import math

from bot.engine import IllegalAction, txt
from bot.table import typed
from bot.table.units import INCH, Measure, Point

TABLE = Measure("in", 24 * INCH, 24 * INCH, INCH)
START = (2 * INCH, 2 * INCH)
REACH = 6 * INCH


def _check(to: Point) -> None:
    if math.dist(START, to) > REACH:
        raise IllegalAction("test.too_far", far=1)


def test_a_cell_coordinates_an_id_or_a_name_each_name_a_point() -> None:
    orc = typed.Named("B3", ("Orc des cavernes", "Cave orc"), (10 * INCH, 10 * INCH))
    assert typed.wanted(TABLE, "12,5 8", [orc]) == [((3175, 2032), None)]
    assert typed.wanted(TABLE, "cave ORC", [orc]) == [((10 * INCH, 10 * INCH), "B3")]
    assert typed.wanted(TABLE, "orc des cavernes", [orc]) == [((10 * INCH, 10 * INCH), "B3")]
    # "B3" is a cell of the grid and the orc's id: the cell first, as the board labels it
    assert typed.wanted(TABLE, "b3", [orc]) == [((INCH + 127, 2 * INCH + 127), None), ((10 * INCH, 10 * INCH), "B3")]
    assert typed.wanted(TABLE, "orc", [orc]) == []  # a part of a name names nothing


def test_a_point_in_reach_is_played_as_typed_and_one_out_of_reach_gets_the_nearest_with_why() -> None:
    refused = typed.refusal(_check)
    kw = {"origin": START, "reach": REACH, "inside": TABLE.inside}
    near = typed.answer((5 * INCH, 2 * INCH), [lambda p: p], refused, **kw)
    assert near == typed.Answer((5 * INCH, 2 * INCH), None)
    # 12" east of the start: the nearest point of the half-inch grid round it within 6" is 6" east
    far = typed.answer((14 * INCH, 2 * INCH), [lambda p: p], refused, **kw)
    assert far == typed.Answer(
        (8 * INCH, 2 * INCH), txt("table.typed.instead", reason=txt("error.test.too_far", far=1))
    )
    assert far is not None and _check(far.action) is None


def test_the_point_a_refusal_names_is_offered_first_and_no_point_near_enough_leaves_the_refusal() -> None:
    def named(to: Point) -> None:
        if to != (3 * INCH, 3 * INCH):
            raise IllegalAction("test.blocked", cell="C3", x=3 * INCH, y=3 * INCH)

    kw = {"origin": START, "reach": REACH, "inside": TABLE.inside}
    got = typed.answer((20 * INCH, 20 * INCH), [lambda p: p], typed.refusal(named), **kw)
    reason = txt("error.test.blocked", cell="C3", x=3 * INCH, y=3 * INCH)
    assert got == typed.Answer((3 * INCH, 3 * INCH), txt("table.typed.instead", reason=reason))

    def never(to: Point) -> None:
        raise IllegalAction("test.never")

    got = typed.answer((20 * INCH, 20 * INCH), [lambda p: p], typed.refusal(never), **kw)
    assert got == typed.Answer((20 * INCH, 20 * INCH), None, legal=False)  # previewing it says the rules' reason
