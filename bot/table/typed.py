"""Typed points, one reading and one answer for every table game (#25).

A player may type where a figure should go as a cell ("C7"), as coordinates ("12,5 8", "12.5; 8") or
as a figure's id or name ("B3", "Orc"): `wanted` reads all three (a cell first, as the board's grid
labels it, then the figures that text names). The answer is never a bare "no such choice":
`answer` offers the point itself when the rules accept a move there (straight, or along the way
the game proposes round what is in the way), else the nearest point they accept, with the rules'
own refusal as the reason, as one choice a click confirms; when none near enough is accepted,
the move asked itself, whose preview answers with the rules' reason (never "no such choice").

The nearest point is the one the refusal names when it names one (so the reason and the point
agree), else the nearest of a half-inch grid around the point typed, within the figure's reach.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Ask, Choice, IllegalAction, Text, txt
from bot.engine.choices import NO_LABEL
from bot.engine.names import fold

from .units import INCH, Measure, Point

STEP = INCH // 2  # the grid searched round a point typed
CHECKS = 24  # points of that grid the rules are asked about, nearest first, before giving up


@dataclass(frozen=True, slots=True)
class Named:
    """A figure a player may name instead of a point: its id and its names (in every language)."""

    id: str
    names: tuple[str, ...]
    centre: Point


@dataclass(frozen=True, slots=True)
class Answer:
    """What a typed point is answered with: a legal action, and why it is not the point typed (None
    when it is)."""

    action: Any
    why: Text | None
    legal: bool = True  # False: no point near enough is accepted; previewing the action says why


def wanted(measure: Measure, text: str, figures: Iterable[Named] = ()) -> list[tuple[Point, str | None]]:
    """The points `text` names, each with the figure it names (None for a cell or coordinates): the
    cell or the coordinates first, then each figure whose id or one of whose names is the text."""
    out: list[tuple[Point, str | None]] = []
    point = measure.parse_point(text)
    if point is not None:
        out.append((point, None))
    needle = fold(text)
    if needle:
        for f in figures:
            if needle == fold(f.id) or any(needle == fold(n) for n in f.names):
                out.append((f.centre, f.id))
    return out


def refusal(check: Callable[[Any], None]) -> Callable[[Any], IllegalAction | None]:
    """The rules' refusal of an action (`check` raises it), or None when they accept it."""

    def refused(action: Any) -> IllegalAction | None:
        try:
            check(action)
        except IllegalAction as e:
            return e
        return None

    return refused


def answer(
    point: Point,
    tries: Sequence[Callable[[Point], Any | None]],
    refused: Callable[[Any], IllegalAction | None],
    *,
    origin: Point,
    reach: int,
    inside: Callable[[Point], bool],
    plausible: Callable[[Any], bool] = lambda action: True,
) -> Answer | None:
    """The action answering a point typed: the first of `tries` (each makes the move to a point, or
    None) the rules accept at `point`; else the first one at the nearest point they accept, with the
    first refusal as the reason. The grid searched lies within `reach` of `origin` (no move ends
    further than its allowance) and `inside` the table. When no point near enough is accepted, the
    move asked, not legal: previewing it answers with the rules' reason. None when no try makes one.
    `plausible` turns a point of the grid down before the rules are asked (the table's own verdict,
    cheaper than a refusal that searches a point to name)."""
    first: tuple[Any, IllegalAction] | None = None
    for make in tries:
        action = make(point)
        if action is None:
            continue
        no = refused(action)
        if no is None:
            return Answer(action, None)
        first = first or (action, no)
    if first is None:
        return None
    asked, no = first
    named = _named_point(no)
    places = [named] if named is not None else []
    for p in [*places, *nearest_first(point, origin, reach, inside)][: CHECKS + len(places)]:
        if p in (point, origin):
            continue  # refused already, or no move at all
        for make in tries[:1]:  # the straight move: the grid is searched for the nearest end, not a way
            action = make(p)
            if action is not None and plausible(action) and refused(action) is None:
                if p == named or "cell" not in no.params:  # the refusal names this point, or none
                    return Answer(action, txt("table.typed.instead", reason=_reason(no)))
                return Answer(action, txt("table.typed.refused"))
    return Answer(asked, None, legal=False)


def nearest_first(point: Point, origin: Point, reach: int, inside: Callable[[Point], bool]) -> Iterator[Point]:
    """The points of the grid round `point` within `reach` of `origin` and inside the table, nearest
    to `point` first (ties by coordinates)."""
    lo_x = math.ceil((origin[0] - reach - point[0]) / STEP)
    hi_x = math.floor((origin[0] + reach - point[0]) / STEP)
    lo_y = math.ceil((origin[1] - reach - point[1]) / STEP)
    hi_y = math.floor((origin[1] + reach - point[1]) / STEP)
    grid = [(point[0] + i * STEP, point[1] + j * STEP) for i in range(lo_x, hi_x + 1) for j in range(lo_y, hi_y + 1)]
    near = [p for p in grid if (p[0] - origin[0]) ** 2 + (p[1] - origin[1]) ** 2 <= reach * reach and inside(p)]
    near.sort(key=lambda p: ((p[0] - point[0]) ** 2 + (p[1] - point[1]) ** 2, p))
    return iter(near)


def _named_point(refused: IllegalAction) -> Point | None:
    x, y = refused.params.get("x"), refused.params.get("y")
    return (x, y) if isinstance(x, int) and isinstance(y, int) else None


def _reason(refused: IllegalAction) -> Text:
    return txt(f"error.{refused.code}", **refused.params)


def refused_choices(answers: Iterable[Answer], ask: Ask, describe: Callable[[Any], Text]) -> list[Choice[Any]]:
    """The moves asked that no point near enough answers, as choices whose preview says the rules'
    reason (put after the legal ones: the first typed choice is one the rules accept)."""
    return [
        Choice(action=a.action, label=describe(a.action) if ask.labels else NO_LABEL, preview=True, matched=True)
        for a in answers
        if not a.legal
    ]
