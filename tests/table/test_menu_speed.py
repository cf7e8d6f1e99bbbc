"""A move's menu answers as before its shortcuts (#25): the bases remembered by figure, whether a fighter
is free remembered by state, and the furthest straight move asked only about the bases near its line,
each against the plain computation it spares, and the whole menus of the bench's positions of Colors and
Confrontation with every shortcut undone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import table_figures
from bot.engine import Ask, Rng
from bot.games.colors import board as colors_board
from bot.games.colors.actions import Activate
from bot.games.colors.game import COLORS
from bot.games.confrontation import board as conf_board
from bot.games.confrontation.game import CONFRONTATION
from bot.games.confrontation.suggest import suggestions
from bot.table import routes
from bot.table.game import forget_suggestions
from bot.table.geometry import Base, Table, Terrain, within
from bot.table.units import INCH, Point

from ..games.confrontation.helpers import fighter, new_match

R = INCH // 2


def _plain_conf_base(f: Any) -> Base:
    return Base(f.id, f.owner, f.centre, conf_board.profile(f).radius)


def _plain_free(state: Any, f: Any) -> bool:
    mine = _plain_conf_base(f)
    return not any(o.owner != f.owner and within(mine, _plain_conf_base(o), conf_board.CONTACT) for o in state.fighters)


def _plain_colors_base(fig: Any) -> Base:
    return Base(fig.id, fig.owner, fig.centre, colors_board.profile(fig).radius)


def _plain_furthest(table: Table, mover: Base, target: Point, others: Any, allowance: int) -> Point:
    return table.furthest_toward(mover, target, others, allowance)


def test_a_fighter_copied_elsewhere_has_its_own_base_and_freedom() -> None:
    """The memories are keyed by the object and by what freedom depends on: a copy of a fighter moved
    into contact, asked about the same state, is engaged while the fighter itself stays free."""
    lion = fighter("L1", "epeiste", 0, 30, 40)
    foe = fighter("G1", "guerrier", 1, 30, 50)
    state = new_match().model_copy(update={"fighters": (lion, foe)})
    assert conf_board.free(state, lion) and conf_board.base(lion).centre == lion.centre
    touching = lion.model_copy(update={"y": foe.y - 2 * conf_board.profile(foe).radius})
    assert conf_board.base(touching).centre == touching.centre
    assert not conf_board.free(state, touching)
    assert conf_board.free(state, lion)
    assert conf_board.free(state, lion.model_copy(update={"exclusive": "run"}))  # the same place: still free


def test_the_furthest_straight_move_asked_about_the_near_bases_is_the_one_asked_about_all() -> None:
    """Bases drawn near the line to the target (grazing it within a few units, ended on, passed through,
    friends and enemies) and far from it: the point is the same as with every base."""
    rng = random.Random(2526)
    stopped = 0
    for _ in range(150):
        wood = Terrain("w", ((8 * INCH, 8 * INCH), (12 * INCH, 8 * INCH), (12 * INCH, 13 * INCH)), difficult=True)
        rock = Terrain("r", ((14 * INCH, 4 * INCH), (16 * INCH, 4 * INCH), (15 * INCH, 7 * INCH)), impassable=True)
        table = Table(24 * INCH, 24 * INCH, (wood, rock))
        start = (rng.randint(2 * INCH, 22 * INCH), rng.randint(2 * INCH, 22 * INCH))
        target = (rng.randint(0, 24 * INCH), rng.randint(0, 24 * INCH))
        mover = Base("m", 0, start, rng.choice((R, R + 60)))
        others = []
        for k in range(10):
            t = rng.random()
            on = (start[0] + round((target[0] - start[0]) * t), start[1] + round((target[1] - start[1]) * t))
            radius = rng.choice((R, R + 60))
            off = mover.radius + radius + rng.choice((-40, -3, -1, 0, 1, 2, 3, 4, 6, 300))
            dx, dy = target[1] - start[1], start[0] - target[0]  # across the line
            norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
            centre = (on[0] + round(dx / norm * off), on[1] + round(dy / norm * off))
            others.append(Base(f"o{k}", k % 2, centre, radius))
        allowance = rng.choice((3, 6, 10)) * INCH
        got = routes.furthest_toward(table, mover, target, others, allowance)
        assert got == table.furthest_toward(mover, target, others, allowance)
        stopped += got != table.furthest_toward(mover, target, [], allowance)
    assert stopped > 30, stopped  # the bases near the line do stop moves


def _colors_menus() -> list[list[Any]]:
    out = []
    for seed in (1, 2, 3):
        for state in table_figures.positions(COLORS, seed):
            if not state.stack or state.stack[-1].kind != "act":
                continue
            seat = state.stack[-1].seats[0]
            mine = [f for f in state.figures if f.owner == seat and not f.tapped]
            if not mine:
                continue
            active = COLORS.apply(state, seat, Activate(figure=mine[0].id), Rng(1)).state
            for ask in (Ask(kinds=("move", "disengage")), Ask(text="12 12")):
                forget_suggestions()
                out.append(_rows(COLORS.suggest(active, seat, ask)))
    return out


def _conf_menus() -> list[list[Any]]:
    out = []
    for seed in (1,):
        for state in table_figures.positions(CONFRONTATION, seed):
            if not state.stack or state.stack[-1].kind not in ("exclusive", "fighter", "declare"):
                continue
            seat = min(state.stack[-1].waiting())
            for ask in (Ask(), Ask(text="30 40")):
                out.append(_rows(suggestions(state, seat, ask)))
    return out


def _rows(choices: list[Any]) -> list[Any]:
    return [(c.action, c.label, c.group_key, c.preview, c.matched) for c in choices]


def test_the_menus_of_the_bench_positions_are_those_of_the_plain_computations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bench's positions of both games (its menus, and a typed point's), with the shortcuts and with
    the plain computations they replaced: the same choices, labels and order."""
    fast = _colors_menus(), _conf_menus()
    monkeypatch.setattr(colors_board, "base", _plain_colors_base)
    monkeypatch.setattr(conf_board, "base", _plain_conf_base)
    monkeypatch.setattr(conf_board, "free", _plain_free)
    monkeypatch.setattr(routes, "furthest_toward", _plain_furthest)
    plain = _colors_menus(), _conf_menus()
    assert fast == plain
    for menus in fast:  # each game's menus hold straight moves and moves round what is in the way
        moves = [row[0] for menu in menus for row in menu if hasattr(row[0], "path")]
        assert len(moves) > 300 and sum(len(move.path) > 1 for move in moves) > 5
