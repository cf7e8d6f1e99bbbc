"""A move's menu answers as before its shortcuts (#25): the bases remembered by figure, whether a fighter
is free remembered by state, the furthest straight move asked only about the bases near its line, and a
table's answers about a move remembered by all its arguments, each against the plain computation it
spares, and the whole menus of the bench's positions of Colors and Confrontation with every shortcut
undone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import table_figures
from bot.engine import Ask
from bot.games.colors import bench as colors_bench
from bot.games.colors import board as colors_board
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
    return table.plain_furthest_toward(mover, target, others, allowance)


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
        assert got == table.plain_furthest_toward(mover, target, others, allowance)
        stopped += got != table.plain_furthest_toward(mover, target, [], allowance)
    assert stopped > 30, stopped  # the bases near the line do stop moves


def _moves_asked(rng: random.Random) -> list[tuple[Any, ...]]:
    """Moves asked twice over with one argument changed: the same path by another mover, with other
    bases, another allowance or engagement; and the stops along them."""
    asked: list[tuple[Any, ...]] = []
    for _ in range(60):
        start = (rng.randint(2 * INCH, 22 * INCH), rng.randint(2 * INCH, 22 * INCH))
        path = [start, (rng.randint(0, 24 * INCH), rng.randint(0, 24 * INCH))]
        mover = Base("m", 0, start, R)
        bases = [Base(f"o{k}", k % 2, (rng.randint(0, 24 * INCH), rng.randint(0, 24 * INCH)), R) for k in range(6)]
        for who in (mover, Base("m", 1, start, R + 60)):
            for others in (bases, bases[:2]):
                for allowance in (4 * INCH, 12 * INCH):
                    for engagement in (None, INCH):
                        asked.append(("move", who, path, others, allowance, engagement))
                    asked.append(("furthest", who, path[1], others, allowance))
                enemies = [o for o in others if o.side != who.side]
                for reach in (INCH, 3 * INCH):
                    asked.append(("stop", who, path, enemies, reach))
    return asked


def _disagreements(asked: list[tuple[Any, ...]]) -> int:
    """How many answers of a fresh table's memory differ from the plain computation's."""
    wood = Terrain("w", ((8 * INCH, 8 * INCH), (12 * INCH, 8 * INCH), (12 * INCH, 13 * INCH)), difficult=True)
    rock = Terrain("r", ((14 * INCH, 4 * INCH), (16 * INCH, 4 * INCH), (15 * INCH, 7 * INCH)), impassable=True)
    table = Table(24 * INCH, 24 * INCH, (wood, rock))
    wrong = 0
    for what, who, path, others, *rest in asked:
        if what == "move":
            allowance, engagement = rest
            got = table.move_problem(who, path, others, allowance, engagement=engagement)
            wrong += got != table.plain_move_problem(who, path, others, allowance, engagement=engagement)
        elif what == "furthest":
            got = table.furthest_toward(who, path, others, rest[0])
            wrong += got != table.plain_furthest_toward(who, path, others, rest[0])
        else:
            got = table.engagement_stop(who, path, others, rest[0])
            wrong += got != table.plain_engagement_stop(who, path, others, rest[0])
    return wrong


def test_a_table_remembers_a_move_by_all_its_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same path (or target) asked with another mover, other bases, allowance, engagement or reach
    gets the plain computation's answer; a memory keyed by the mover and the path alone would not."""
    asked = _moves_asked(random.Random(2538))
    answers = {
        Table(24 * INCH, 24 * INCH).plain_move_problem(*a[1:5], engagement=a[5]) for a in asked if a[0] == "move"
    }
    assert {None, "too_far", "through_enemy", "ends_on_base", "engaged_stop"} <= answers, answers
    assert _disagreements(asked) == 0

    def forgetful(self: Table, key: tuple[Any, ...], compute: Any) -> Any:
        return self.answers.setdefault(key[:3], compute())

    monkeypatch.setattr(Table, "_remembered", forgetful)
    assert _disagreements(asked) > 0


def test_a_path_given_as_lists_is_answered_without_the_memory() -> None:
    """Points as lists cannot key the memory: they are answered by the plain computation, as before."""
    table = Table(24 * INCH, 24 * INCH)
    mover = Base("m", 0, (INCH, INCH), R)
    assert table.move_problem(mover, [[INCH, INCH], [30 * INCH, INCH]], [], 6 * INCH) == "off_table"  # type: ignore[list-item]
    assert table.answers == {}


def _colors_menus() -> list[list[Any]]:
    out = []
    for seed in (1, 2, 3):
        for active, seat in colors_bench.activated(seed):
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
    monkeypatch.setattr(Table, "move_problem", Table.plain_move_problem)
    monkeypatch.setattr(Table, "engagement_stop", Table.plain_engagement_stop)
    monkeypatch.setattr(Table, "furthest_toward", Table.plain_furthest_toward)
    plain = _colors_menus(), _conf_menus()
    assert fast == plain
    for menus in fast:  # each game's menus hold straight moves and moves round what is in the way
        moves = [row[0] for menu in menus for row in menu if hasattr(row[0], "path")]
        assert len(moves) > 300 and sum(len(move.path) > 1 for move in moves) > 5
