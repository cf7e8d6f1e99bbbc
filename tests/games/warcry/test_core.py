"""The standard rules the solo mode relies on (research I.2), as the engine applies them: attacks and
the hit table, cover, take-downs, disengaging, the 1" rule of moves, waiting, objectives, the end of
the battle, and what only the solo side may do."""

from __future__ import annotations

import math

import pytest

from bot.engine import IllegalAction
from bot.games.warcry import board, resolve, rules
from bot.games.warcry.actions import Activate, Attack, Disengage, Move, Wait, Why
from bot.games.warcry.rules import check
from bot.table.paths import path_length
from tests.games.warcry.helpers import active, battle, fighter, inch, kinds, play


def _attack(attacker: str, target: str, *faces: int, at: tuple[float, float] = (10, 11.5)) -> tuple[int, list]:  # type: ignore[type-arg]
    s = battle([fighter("R1", attacker, 10, 10), fighter("B1", target, *at)])
    s = active(s, "R1")
    _, events = play(s, 1, Attack(target="B1"), *faces)
    hit = next(e for e in events if e.kind == "attack")
    return hit.params["damage"], events


@pytest.mark.parametrize(
    ("attacker", "target", "faces", "damage"),
    [
        ("colosse", "maraudeur", (3, 2, 6), 3 + 6),  # S6 > T4: 3+ hits (3 damage), a 6 is critical (6)
        ("prevot", "hurleuse", (4, 3, 5, 6), 2 + 2 + 2 + 5),  # S5 > T4
        ("hallebardier", "maraudeur", (4, 3, 6), 2 + 5),  # S4 = T4: 4+ hits
        ("porte_bouclier", "maraudeur", (4, 5, 6), 1 + 4),  # S3 < T4: only a 5 hits
    ],
)
def test_the_hit_table_and_critical_damage(attacker: str, target: str, faces: tuple[int, ...], damage: int) -> None:
    """Research I.2.7: S > T hits on 3–5, S = T on 4–5, S < T on 5; a 6 is a critical hit."""
    dealt, _ = _attack(attacker, target, *faces, at=(10, 11.3) if attacker not in ("colosse",) else (10, 11.6))
    assert dealt == damage


def test_cover_adds_one_to_toughness_across_an_obstacle() -> None:
    """The ruin (11–13, 13–15) between the crossbowman and its target: +1 Toughness, S4 = T4 → S4 < T5."""
    s = battle([fighter("R1", "arbaletrier", 12, 11), fighter("B1", "maraudeur", 12, 17)])
    assert board.cover(s, s.fighter("R1"), s.fighter("B1")) or not board.visible(s, s.fighter("R1"), s.fighter("B1"))  # type: ignore[arg-type]
    open_ = battle([fighter("R1", "arbaletrier", 20, 11), fighter("B1", "maraudeur", 20, 17)])
    assert not board.cover(open_, open_.fighter("R1"), open_.fighter("B1"))  # type: ignore[arg-type]


def test_a_fighter_whose_damage_reaches_its_wounds_is_taken_down_and_scores_its_points() -> None:
    s = battle(
        [fighter("R1", "colosse", 10, 10), fighter("B1", "coureur", 10, 11.6), fighter("B2", "maraudeur", 20, 20)]
    )
    after, events = play(active(s, "R1"), 1, Attack(target="B1"), 6, 6, 1)
    assert "taken_down" in kinds(events) and after.fighter("B1") is None
    assert after.sides[1].taken_down == 60


def test_the_last_fighter_taken_down_ends_the_battle() -> None:
    s = battle([fighter("R1", "colosse", 10, 10), fighter("B1", "coureur", 10, 11.6)])
    after, events = play(active(s, "R1"), 1, Attack(target="B1"), 6, 6, 1)
    assert after.winners == (1,) and after.reason == "annihilation" and kinds(events)[-1] == "over"


def test_within_1_inch_of_an_enemy_the_attack_must_target_one_of_them() -> None:
    s = battle(
        [fighter("R1", "arbaletrier", 10, 10), fighter("B1", "maraudeur", 10, 11.5), fighter("B2", "maraudeur", 10, 18)]
    )
    s = active(s, "R1")
    with pytest.raises(IllegalAction) as refused:
        check(s, 1, Attack(target="B2", weapon=0))
    assert refused.value.code == "warcry.must_fight_adjacent"
    check(s, 1, Attack(target="B1", weapon=1))  # the dagger, at the one in contact


def test_a_disengage_ends_more_than_1_inch_from_every_enemy_within_3_inches() -> None:
    s = active(battle([fighter("R1", "prevot", 10, 10), fighter("B1", "maraudeur", 10, 11.5)]), "R1")
    with pytest.raises(IllegalAction) as refused:
        check(s, 1, Disengage(to=(inch(10), inch(9.5))))
    assert refused.value.code == "warcry.still_engaged"
    with pytest.raises(IllegalAction):
        check(s, 1, Disengage(to=(inch(10), inch(6.5))))  # 3.5": too far
    check(s, 1, Disengage(to=(inch(10), inch(7.5))))
    free = active(battle([fighter("R1", "prevot", 10, 10), fighter("B1", "maraudeur", 10, 15)]), "R1")
    with pytest.raises(IllegalAction):
        check(free, 1, Disengage(to=(inch(10), inch(8))))


def test_a_move_that_starts_within_1_inch_of_an_enemy_ends_at_least_as_close() -> None:
    s = active(battle([fighter("B1", "maraudeur", 10, 10), fighter("R1", "porte_bouclier", 10, 11.5)], turn=0), "B1")
    with pytest.raises(IllegalAction) as refused:
        check(s, 0, Move(to=(inch(10), inch(8))))
    assert refused.value.code == "warcry.must_stay_close"
    check(s, 0, Move(to=(inch(10.9), inch(10.4))))  # sideways and closer


def test_a_move_out_of_reach_is_refused_with_the_nearest_reachable_point() -> None:
    s = active(battle([fighter("B1", "maraudeur", 5, 18), fighter("R1", "porte_bouclier", 25, 3)], turn=0), "B1")
    with pytest.raises(IllegalAction) as refused:
        check(s, 0, Move(to=(inch(5), inch(10))))
    assert refused.value.code == "warcry.cannot_reach" and refused.value.params.get("cell")
    after, events = play(s, 0, Move(to=(inch(5), inch(15))))
    assert after.fighter("B1").y == inch(15) and "moved" in kinds(events)  # type: ignore[union-attr]


def test_waiting_as_a_first_action_gives_one_more_activation_of_one_action() -> None:
    s = battle(
        [fighter("B1", "maraudeur", 5, 18), fighter("B2", "maraudeur", 8, 18), fighter("R1", "porte_bouclier", 25, 3)],
        turn=0,
    )
    s, _ = play(s, 0, Activate(fighter="B1"))
    s, events = play(s, 0, Wait())
    assert "waits" in kinds(events) and s.fighter("B1").waiting and not s.fighter("B1").activated  # type: ignore[union-attr]
    s, _ = play(s, 1, Activate(fighter="R1"))
    s, _ = play(s, 1, Wait(why=Why(step="c6_stuck")))  # R1 waits too (its first action)
    s, _ = play(s, 0, Activate(fighter="B1"))
    assert s.active is not None and s.active.actions == 1
    s, events = play(s, 0, Move(to=(inch(5), inch(16))))
    assert s.fighter("B1").activated  # type: ignore[union-attr]


def test_only_the_solo_warband_may_explain_its_choices() -> None:
    s = battle([fighter("B1", "maraudeur", 5, 18), fighter("R1", "porte_bouclier", 25, 3)], turn=0)
    with pytest.raises(IllegalAction) as refused:
        check(s, 0, Activate(fighter="B1", why=Why(step="b_engaged")))
    assert refused.value.code == "warcry.why_not_yours"


def test_objectives_go_to_the_side_with_more_fighters_within_3_inches_and_stay_held() -> None:
    s = battle(
        [
            fighter("B1", "maraudeur", 15, 12),
            fighter("B2", "maraudeur", 16, 12),
            fighter("R1", "porte_bouclier", 15, 9.5),
        ],
        objectives=[(15, 11, None)],
    )
    held = resolve.control(s, [])
    assert held.objectives[0].controller == 0
    gone = held.model_copy(update={"fighters": (s.fighter("R1"),)})
    assert resolve.control(gone, []).objectives[0].controller == 1
    tied = held.model_copy(update={"fighters": (s.fighter("R1"), s.fighter("B1"))})
    assert resolve.control(tied, []).objectives[0].controller == 0  # a tie changes nothing


def test_after_the_fourth_round_the_victory_decides_and_a_tie_plays_on() -> None:
    """« Cœur du champ »: the side holding the objective wins; nobody holding it, a fifth round."""
    fighters = [
        fighter("B1", "maraudeur", 15, 12, activated=True),
        fighter("R1", "porte_bouclier", 25, 3, activated=True),
    ]
    s = battle(fighters, objectives=[(15, 11, None)], victory="coeur", round_=4)
    ended = resolve._end_round(s, [], _dice(1, 2, 3, 4, 5, 6))
    assert ended.winners == (0,) and ended.reason == "final"
    far = battle(
        [fighter("B1", "maraudeur", 5, 20, activated=True), fighter("R1", "porte_bouclier", 25, 3, activated=True)],
        objectives=[(15, 11, None)],
        victory="coeur",
        round_=4,
    )
    events: list = []  # type: ignore[type-arg]
    more = resolve._end_round(far, events, _dice(1, 2, 3, 4, 5, 6))
    assert more.winners is None and more.round == 5 and "tied" in kinds(events)


def _dice(*faces: int):  # type: ignore[no-untyped-def]
    from tests.games.warcry.helpers import dice

    return dice(*faces)


def test_a_move_that_ends_in_the_pit_takes_impact_damage() -> None:
    """D-WAR-09: a player may walk into the pit (14–16, 6–8); ending there, a D6: 6 deals 3 damage."""
    s = active(battle([fighter("B1", "coureur", 15, 10.5), fighter("R1", "porte_bouclier", 25, 20)], turn=0), "B1")
    after, events = play(s, 0, Move(to=(inch(15), inch(7))), 6)
    assert "impact" in kinds(events) and after.fighter("B1").damage == 3  # type: ignore[union-attr]


def test_a_rampage_gives_a_bonus_move_then_a_bonus_attack() -> None:
    from bot.games.warcry.actions import Use

    s = battle(
        [fighter("R1", "colosse", 10, 5), fighter("B1", "maraudeur", 10, 9)],
        groups=((4, 3),),
    )
    s = active(s, "R1")
    s, _ = play(s, 1, Use(ability="charge_colosse", tier=4, value=3))
    assert s.active is not None and s.active.bonus == ("move", "attack") and s.active.actions == 2
    with pytest.raises(IllegalAction):
        check(s, 1, Attack(target="B1"))  # the move comes first
    s, _ = play(s, 1, Move(to=(inch(10), inch(9)), upto=True, stop="B1"))
    assert s.active.bonus == ("attack",) and board.gap(s.fighter("R1"), s.fighter("B1")) <= inch(1)  # type: ignore[union-attr, arg-type]
    s, _ = play(s, 1, Attack(target="B1"), 1, 1, 1)
    assert s.active.bonus == () and s.active.actions == 2  # type: ignore[union-attr]


def test_the_plain_is_flat_and_only_the_hoard_holds_treasure() -> None:
    """D-WAR-22: « La plaine », every battle's table before version 3, has obstacles and a pit, nothing
    to climb; the other layouts have platforms (D-WAR-28); only « Le butin » puts treasure on the table
    (D-WAR-31), the other victories objectives or none."""
    from bot.games.warcry.content import LAYOUTS, TERRAIN, VICTORIES

    assert {t.kind for t in TERRAIN} == {"obstacle", "deadly"} and LAYOUTS["plaine"] == TERRAIN
    assert all(any(t.kind == "platform" for t in pieces) for name, pieces in LAYOUTS.items() if name != "plaine")
    assert {v.scoring for v in VICTORIES.values()} == {"final", "rounds", "leaders", "bounties", "treasure"}
    assert [v.id for v in VICTORIES.values() if v.treasures] == ["butin"]


def test_a_move_that_stops_in_attack_range_stops_exactly_at_the_range() -> None:
    """003, C5: « dès qu'il rentre à portée d'attaque » (#25). A 1" sword between two 32 mm bases: the
    centres are then 1" + 2 × 16 mm = 574 units apart, so R1 (from y = 1270) stops at y = 2286 - 574."""
    s = active(battle([fighter("R1", "porte_bouclier", 10, 5), fighter("B1", "maraudeur", 10, 9)]), "R1")
    moved, _ = play(s, 1, Move(to=(inch(10), inch(9)), upto=True, stop="B1"))
    r1, b1 = moved.fighter("R1"), moved.fighter("B1")
    assert r1 is not None and b1 is not None
    assert r1.centre == (inch(10), inch(9) - 574) and board.gap(r1, b1) == inch(1)
    # a match begun under rules version 1 keeps its sampled walk: it went on 0.2" too far
    old, _ = play(s.model_copy(update={"rules": 1}), 1, Move(to=(inch(10), inch(9)), upto=True, stop="B1"))
    old_r1, old_b1 = old.fighter("R1"), old.fighter("B1")
    assert old_r1 is not None and old_b1 is not None and board.gap(old_r1, old_b1) < inch(0.9)


def test_a_move_that_holds_an_objective_stops_exactly_at_its_three_inches() -> None:
    """003, C2: a fighter defending an objective stops before leaving its 3" (measured from the base to
    the objective's centre): B1 (radius 160) stops 762 + 160 units below the objective, its 4" move
    not spent."""
    s = battle(
        [fighter("B1", "maraudeur", 10, 5), fighter("R1", "porte_bouclier", 25, 20)], objectives=[(10, 5, None)], turn=0
    )
    s = active(s, "B1")
    moved, _ = play(s, 0, Move(to=(inch(10), inch(15)), upto=True, hold=1))
    b1 = moved.fighter("B1")
    assert b1 is not None and b1.centre == (inch(10), inch(5) + 762 + 160)
    assert board.gap_to_point(b1, (inch(10), inch(5))) == board.OBJECTIVE


def test_a_disengage_may_use_its_whole_three_inches() -> None:
    """Research I.2.8 (#25): the points offered reach 3" in a straight line, no longer 2.976"."""
    s = active(battle([fighter("B1", "maraudeur", 10, 10), fighter("R1", "porte_bouclier", 10, 11.3)], turn=0), "B1")
    b1 = s.fighter("B1")
    assert b1 is not None and board.engaged(s, b1)
    points = board.disengage_points(s, b1)
    far = max(math.dist(p, b1.centre) for p in points)
    assert board.DISENGAGE - 1 <= far <= board.DISENGAGE
    assert all(rules.disengage_problem(s, b1, p) is None for p in points)
    old = board.disengage_points(s.model_copy(update={"rules": 1}), b1)
    assert max(math.dist(p, b1.centre) for p in old) < board.DISENGAGE - 5


def test_a_match_saved_before_the_exact_geometry_loads_and_plays_under_it() -> None:
    """#25: a snapshot without a rules version is of version 1 (sampled geometry); a new match is of the
    latest (5 since a path reaches a point beside a piece, #25), and no version past it is known."""
    from bot.engine import EngineError
    from bot.games.warcry.game import WARCRY

    s = battle([fighter("R1", "porte_bouclier", 10, 5), fighter("B1", "maraudeur", 10, 9)])
    data = WARCRY.dump_state(s)
    assert WARCRY.load_state(data).rules == 5
    assert WARCRY.load_state({k: v for k, v in data.items() if k != "rules"}).rules == 1
    assert WARCRY.at_rules(s, 1).rules == 1 and WARCRY.at_rules(s, 3).rules == 3
    with pytest.raises(EngineError):
        WARCRY.at_rules(s, 6)


def test_a_move_to_a_point_touching_a_ruin_goes_round_its_corner_since_version_5() -> None:
    """#25: a point touching a ruin's side lies between the ruin and the ring of corners the search bends
    at, so the last edge from the ruin's corner was dropped: a move there went round the wall to the south
    and back (21"). Since rules version 5 it rounds the ruin's corner (3.3"); a battle begun under 4
    replays its moves as they were played."""
    s = battle([fighter("B1", "maraudeur", 9.5, 14), fighter("R1", "porte_bouclier", 25, 5)])
    b1 = s.fighter("B1")
    assert b1 is not None and s.rules == 5
    ruin = next(t for t in board.table(s.layout).terrain if t.id == "ruine_ouest")
    goal = (3048, ruin.polygon.bounds[3] + b1.p.radius)  # touching the middle of its side
    path = board.shortest_path(s, b1, goal)
    assert path[-1] == goal and path_length([b1.centre, *path]) < inch(3.5)
    old = board.shortest_path(s.model_copy(update={"rules": 4}), b1, goal)
    assert old[-1] == goal and path_length([b1.centre, *old]) > inch(20)
