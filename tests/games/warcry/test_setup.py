"""Set-up and the hero phase of the solo mode (research I.3 items 1–8): the difficulty's points, the
solo warband's groups by the line of three and the dice, blue and red, the wild dice, the initiative."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bot.engine import IllegalAction, SeatSpec
from bot.games.warcry import dice, groups, resolve
from bot.games.warcry.actions import Seeds, Wild
from bot.games.warcry.content import DEPLOYMENTS, DIFFICULTY, WARBANDS
from bot.games.warcry.game import WARCRY
from bot.games.warcry.rules import check
from bot.games.warcry.state import WarState
from tests.games.warcry.helpers import battle, fighter
from tests.games.warcry.helpers import dice as faces


def _placed() -> WarState:
    """Two fighters a side on the table, before the first round."""
    return battle(
        [
            fighter("B1", "seigneur", 5, 18),
            fighter("B2", "maraudeur", 8, 18),
            fighter("R1", "prevot", 5, 4),
            fighter("R2", "porte_bouclier", 8, 4),
        ],
        round_=0,
    )


@pytest.mark.parametrize("difficulty", list(DIFFICULTY))
def test_item_1_the_solo_warband_fits_the_difficultys_points(difficulty: str) -> None:
    """« FACILE 1000 points, ÉQUILIBRÉ 1150, DIFFICILE 1250 »; the player keeps the usual 1000."""
    state = resolve.opening(["Alice", "IA"], ["cendre", "basalte"], difficulty, "face_a_face", "bornes")
    solo = sum(f.p.points for f in state.fighters if f.owner == 1)
    mine = sum(f.p.points for f in state.fighters if f.owner == 0)
    assert solo <= DIFFICULTY[difficulty] and mine <= 1000
    assert solo > DIFFICULTY[difficulty] - 100  # the difficulty shows: each level adds fighters
    with pytest.raises(IllegalAction):
        WARCRY.validate_options({"difficulty": "impossible"})


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_item_2_each_other_fighter_rolls_for_its_group(face: int) -> None:
    """« 1-2 : premier groupe (à gauche) ; 3-4 : second (au milieu) ; 5-6 : celui qui comprend le moins
    de figurines » — three groups of one: the tie for the fewest is rolled (Q2)."""
    built = groups.build(["a", "b", "c"], ["d"], faces(face, 6))
    where = next(g for g, members in built.groups.items() if "d" in members)
    if face <= 2:
        assert "a" in built.groups[where]
    elif face <= 4:
        assert "b" in built.groups[where]
    else:  # tie among the three: the second die (6) picks the right-hand group
        assert "c" in built.groups[where] and built.rolls[0][0] == "tie"


def test_item_3_a_group_over_half_the_warband_gives_its_excess_to_the_smallest() -> None:
    """« Si un groupe contient plus de la moitié des combattants de la bande, l'excédant est affecté au
    groupe avec le moins de combattants (tirez au dé en cas d'égalité). Lorsque toutes les figurines sont
    affectées, … » (D-WAR-01): the excess is moved once every fighter is rolled for, so a 5–6 rolled
    while the left group is over half still sees the middle and right groups tied at one."""
    # seven fighters, at most three a group; d, e, f roll 1 (left holds four), g rolls 5: middle and
    # right tie at one, the die (2) picks the middle; then the left gives f, its last, to the right
    built = groups.build(["a", "b", "c"], ["d", "e", "f", "g"], faces(1, 1, 1, 5, 2))
    assert built.rolls == [
        ("d", 1, "left"),
        ("e", 1, "left"),
        ("f", 1, "left"),
        ("tie", 2, "middle"),
        ("g", 5, "middle"),
        ("f", 0, "overflow:right"),
    ]
    assert built.groups == {"shield": ["a", "d", "e"], "dagger": ["b", "g"], "hammer": ["c", "f"]}


@pytest.mark.parametrize(("die", "where"), [(1, "middle"), (3, "middle"), (4, "right"), (6, "right")])
def test_item_3_the_excess_goes_to_the_smallest_group_a_tie_rolled(die: int, where: str) -> None:
    """« (tirez au dé en cas d'égalité) »: six fighters, the left holds four; the middle and right tie
    at one, a die among the two (1–3 the further left, 4–6 the further right, D-WAR-02)."""
    built = groups.build(["a", "b", "c"], ["d", "e", "f"], faces(1, 1, 1, die))
    assert built.rolls[-2:] == [("tie", die, where), ("f", 0, f"overflow:{where}")]
    assert built.groups["shield"] == ["a", "d", "e"]
    assert "f" in (built.groups["dagger"] if where == "middle" else built.groups["hammer"])


def test_item_3_under_rules_version_1_the_excess_moved_after_each_roll() -> None:
    """A battle begun under version 1 builds its groups as it did: f over half moves at once, so g's 5
    finds the right group alone the smallest."""
    built = groups.build(["a", "b", "c"], ["d", "e", "f", "g"], faces(1, 1, 1, 2, 5, 6), each_roll=True)
    assert built.rolls[2:] == [
        ("f", 1, "left"),
        ("tie", 2, "middle"),
        ("f", 0, "overflow:middle"),
        ("g", 5, "right"),
    ]


def test_a_battle_keeps_the_group_reading_it_began_under() -> None:
    """The set-up state is of the latest version (4); a snapshot without the field loads as version 1, and
    `at_rules(…, 1)` makes the seeds roll as version 1 did (its logged dice replay the same groups)."""
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    state = WARCRY.setup(seats, {"difficulty": "difficile"}, faces()).state
    assert state.rules == WARCRY.rules_version == 5
    assert WARCRY.load_state({k: v for k, v in WARCRY.dump_state(state).items() if k != "rules"}).rules == 1
    from bot.games.warcry import procedure

    state, _ = resolve.apply(state, 0, procedure.split(state, 0), faces())
    line = procedure.seeds(state)
    rolls = [1, 2] * 20  # 1 and 2 both go left; a tie die of 1 or 2 picks the first of two
    order = {}
    for version in (1, 2):
        _, events = resolve.apply(WARCRY.at_rules(state, version), 0, line, faces(*rolls))
        order[version] = [e.kind for e in events if e.kind in ("group_roll", "group_overflow")]
    # every other fighter goes left: version 1 moves each one past half at once, version 2 once all rolled
    assert order[1][-2:] == ["group_roll", "group_overflow"] and order[1].count("group_overflow") >= 2
    first = order[2].index("group_overflow")
    assert set(order[2][:first]) == {"group_roll"} and set(order[2][first:]) == {"group_overflow"}
    assert order[1].count("group_overflow") == order[2].count("group_overflow")


def test_item_4_the_biggest_group_is_the_shield_the_left_one_the_dagger_the_right_one_the_hammer() -> None:
    built = groups.build(["a", "b", "c"], ["d", "e", "f"], faces(3, 4, 1))
    assert built.groups["shield"] == ["b", "d", "e"]  # the middle group grew
    assert built.groups["dagger"] == ["a", "f"] and built.groups["hammer"] == ["c"]
    tie = groups.build(["a", "b", "c"], ["d", "e"], faces(1, 6, 6, 1))  # left and right tie at two
    assert len(tie.groups["shield"]) == 2 and tie.rolls[-1][0] == "shield"


def test_item_2_through_the_engine_every_roll_is_logged_and_the_groups_given() -> None:
    state = WARCRY.setup(
        [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")], {"difficulty": "facile"}, faces()
    ).state
    from bot.games.warcry import procedure

    split = procedure.split(state, 0)
    state, _ = resolve.apply(state, 0, split, faces())
    line = procedure.seeds(state)
    check(state, 0, line)
    with pytest.raises(IllegalAction):
        check(state, 0, Seeds(line=("R1", "R1", "R2")))
    rolls = [1, 3, 5, 6, 2] + list(range(1, 7)) * 6
    state, events = resolve.apply(state, 0, line, faces(*rolls))
    assert sum(1 for e in events if e.kind == "group_roll") == len(state.fighters) - 3 - len(
        split.dagger + split.shield + split.hammer
    )
    assert all(f.group for f in state.fighters)
    assert state.to_deploy and state.stack[-1].kind == "deploy"


def test_item_5_the_player_deploys_blue_and_the_solo_warband_red() -> None:
    state = WARCRY.setup([SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")], {}, faces()).state
    from bot.ai import arena
    from bot.games.warcry import procedure

    state, _ = resolve.apply(state, 0, procedure.split(state, 0), faces())
    state, _ = resolve.apply(state, 0, procedure.seeds(state), faces(*(list(range(1, 7)) * 8)))
    rng = faces(*([3] * 12), 1, 2, 3, 4, 5, 6)
    while state.phase == "deploy":
        seat = state.stack[-1].seats[0]
        state, _ = resolve.apply(state, seat, procedure.choose(state, seat), rng)
    d = DEPLOYMENTS[state.deployment]
    import math

    for f in state.fighters:
        anchor = d.point(f.owner, f.group)
        assert math.dist(f.centre, anchor) + f.p.radius <= 3 * 254, f.id
    assert arena is not None


def test_item_6_the_player_spends_its_wild_die_before_the_solo_warband_rolls() -> None:
    """« Il constitue ses dés d'aptitude et ses simples avant de passer au jet d'initiative de la bande
    adverse. »"""
    state = resolve._start_round(_placed(), [], faces(1, 2, 3, 4, 5, 5))
    assert state.stack[-1].kind == "wild" and state.stack[-1].seats == (0,)
    assert state.sides[1].dice.rolled == ()  # not rolled yet
    state, events = resolve.apply(state, 0, Wild(use="raise", value=5), faces(6, 6, 6, 1, 2, 3))
    assert state.sides[0].dice.groups == ((3, 5),)
    assert [e.kind for e in events][:2] == ["wild_raise", "rolled"]


def test_item_7_the_solo_wild_die_over_every_roll_of_six_dice() -> None:
    """« Augmenter un triple en quad ; un double en triple ; un simple en double », first applicable only,
    the highest face when several qualify, never kept — checked on all 46,656 rolls."""
    seen: Counter[str] = Counter()
    for roll in itertools.product(range(1, 7), repeat=6):
        before = dice.group(roll)
        after, what = dice.solo_wild(before)
        seen[what or "none"] += 1
        assert after.wild == 0
        triples = [g for g in before.groups if g[0] == 3]
        doubles = [g for g in before.groups if g[0] == 2]
        if triples:
            top = max(v for _, v in triples)
            assert what == "triple" and (4, top) in after.groups and after.singles == before.singles
        elif doubles:
            top = max(v for _, v in doubles)
            assert what == "double" and (3, top) in after.groups
        elif before.singles:
            top = max(f for f, c in Counter(roll).items() if c == 1)
            assert what == "single" and (2, top) in after.groups and after.singles == before.singles - 1
        else:  # a quad or more of every face rolled: nothing to raise
            assert what is None and after == before
    assert set(seen) == {"triple", "double", "single", "none"}


def test_the_players_wild_die_a_double_never_becomes_a_quad_and_may_be_kept() -> None:
    d = dice.group([2, 2, 2, 4, 4, 6])
    assert dice.player_wild(d, "raise", 2) is not None  # triple → quad
    raised = dice.player_wild(d, "raise", 4)
    assert raised is not None and (3, 4) in raised.groups
    quad = dice.group([3, 3, 3, 3, 1, 2])
    assert dice.player_wild(quad, "raise", 3) is None
    kept = dice.player_wild(d, "keep", 0)
    assert kept is not None and kept.wild == 1


def test_item_8_more_singles_takes_the_initiative_and_activates_first() -> None:
    state = resolve._start_round(_placed(), [], faces(1, 1, 2, 2, 3, 3))
    # Alice: three doubles, no single; with her wild die one more single. The solo side: six singles,
    # its wild die makes a double of one: five.
    state, events = resolve.apply(state, 0, Wild(use="single"), faces(1, 2, 3, 4, 5, 6))
    assert state.initiative == 1 and state.turn == 1 and state.stack[-1].kind == "activate"
    initiative = next(e for e in events if e.kind == "initiative")
    # « la bande avec le plus de simples prend l'initiative »: the line gives the winner's number first
    assert (initiative.params["seat"], initiative.params["a"], initiative.params["b"]) == (1, 5, 1)


def test_the_warbands_are_our_own_and_within_their_points() -> None:
    for band in WARBANDS.values():
        for level, limit in DIFFICULTY.items():
            assert band.points(band.roster(level)) <= limit


def test_the_ai_level_chosen_on_discord_is_the_difficulty() -> None:
    """D-WAR-23: `niveau:difficile` brings the 1250-point warband; no level, the balanced one."""
    assert WARCRY.ai_seat_options("hard") == {"difficulty": "difficile"}
    seats = [
        SeatSpec(seat=0, name="Alice"),
        SeatSpec(seat=1, name="IA", is_ai=True, options=WARCRY.validate_seat_options(WARCRY.ai_seat_options("hard"))),
    ]
    state = WARCRY.setup(seats, {}, faces()).state
    assert sum(f.p.points for f in state.fighters if f.owner == 1) == 1245
    plain = WARCRY.setup([SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")], {}, faces()).state
    assert sum(f.p.points for f in plain.fighters if f.owner == 1) == 1150


def _at_the_players_deployment() -> WarState:
    """Alice's groups typed as she wants them, the solo warband's rolled, up to her first group to set up."""
    from bot.engine import Ask
    from bot.games.warcry import procedure
    from bot.games.warcry.suggest import suggestions

    state = WARCRY.setup([SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")], {}, faces()).state
    typed = "B2 B3 B9 / B1 B8 B5 B6 / B4 B7 B10"
    chosen = suggestions(state, 0, Ask(kinds=("split",), text=typed))[0]
    assert chosen.matched and chosen.action.dagger == ("B2", "B3", "B9") and chosen.action.hammer == ("B4", "B7", "B10")
    state, _ = resolve.apply(state, 0, chosen.action, faces())
    assert {f.id for f in state.fighters if f.group == "shield" and f.owner == 0} == {"B1", "B8", "B5", "B6"}
    state, _ = resolve.apply(state, 0, procedure.seeds(state), faces(*(list(range(1, 7)) * 8)))
    rng = faces(*([3] * 12), 1, 2, 3, 4, 5, 6)
    while state.stack[-1].seats[0] != 0:
        state, _ = resolve.apply(state, 1, procedure.choose(state, 1), rng)
    return state


def test_the_player_forms_their_own_groups_and_places_each_fighter() -> None:
    """« Le joueur compose les groupes de sa bande normalement »: Alice types who goes in the Dagger,
    the Shield and the Hammer, then places a fighter on a typed point and the rest of the group near
    another, each wholly within 3" of the group's point (D-WAR-20, D-WAR-25), previewed before Confirm."""
    from bot.engine import Ask
    from bot.games.warcry import board
    from bot.games.warcry.suggest import suggestions

    state = _at_the_players_deployment()
    group = state.stack[-1].context["group"]
    assert group == "dagger"
    anchor = DEPLOYMENTS[state.deployment].point(0, group)
    here, there = board.MEASURE.cell_of(anchor), board.MEASURE.cell_of((anchor[0] + 500, anchor[1]))
    choice = suggestions(state, 0, Ask(kinds=("deploy",), text=f"B2 {here} / {there}"))[0]
    assert choice.matched and choice.preview
    places = dict(choice.action.places)
    assert set(places) == {"B2", "B3", "B9"} and places["B2"] == board.MEASURE.cell_centre(here)
    assert WARCRY.preview(state, 0, choice.action) is not None
    after, _ = resolve.apply(state, 0, choice.action, faces())
    import math

    for fid in ("B2", "B3", "B9"):
        f = after.fighter(fid)
        assert f is not None and f.placed and math.dist(f.centre, anchor) + f.p.radius <= 3 * 254
    # a point outside the zone, or a fighter of another group, is no choice
    assert not any(c.matched for c in suggestions(state, 0, Ask(kinds=("deploy",), text="B2 1 1")))
    assert not any(c.matched for c in suggestions(state, 0, Ask(kinds=("deploy",), text=f"B1 {here}")))
    # groups typed out of size (a Dagger over half the warband) are refused by the rules, with their
    # reason: the typed split is offered for a preview, which the rules refuse (#29)
    fresh = WARCRY.setup([SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")], {}, faces()).state
    too_big = "B1 B2 B3 B4 B5 B6 / B7 B8 / B9 B10"
    typed = suggestions(fresh, 0, Ask(kinds=("split",), text=too_big))[0]
    assert typed.matched and typed.preview
    with pytest.raises(IllegalAction) as refused:
        WARCRY.check(fresh, 0, typed.action)
    assert refused.value.code == "warcry.split_sizes"


def test_a_deployment_is_asked_without_searching_for_a_single_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two formations and a typed place are always on offer (D-WAR-25): after each step the host asked
    whether the next deployment had one answer, placing both formations (`board.spots`, ~20 ms) for nothing."""
    from bot.games.warcry import board

    state = _at_the_players_deployment()
    assert state.stack[-1].kind == "deploy" and WARCRY.to_act(state) == {0}

    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("a deployment's places were searched to find a single answer")

    monkeypatch.setattr(board, "spots", no_search)
    assert WARCRY.forced(state, 0) is None


def test_a_base_on_a_piece_is_found_as_when_every_piece_was_asked() -> None:
    """`board.on_piece` asks shapely only of the pieces whose box the base could reach: on every layout,
    at points on, beside and just off every piece, for the game's smallest and largest bases, it answers
    as the disc met with every piece did."""
    from shapely.geometry import Point as ShapelyPoint

    from bot.games.warcry import board
    from bot.games.warcry.content import LAYOUTS, WARBANDS

    radii = sorted({p.radius for band in WARBANDS.values() for p in band.fighters})
    seen = Counter[bool]()
    for layout in LAYOUTS:
        shapes = [t.polygon for t in board.table(layout).terrain] + list(board.deadly(layout))
        for shape, r in itertools.product(shapes, (radii[0], radii[-1])):
            x0, y0, x1, y1 = shape.bounds
            for x, y in itertools.product(
                (x0 - r - 2, x0 - r, x0 - r + 3, (x0 + x1) / 2, x1 + r - 3, x1 + r, x1 + r + 2),
                (y0 - r - 2, y0 - r, y0 - r + 3, (y0 + y1) / 2, y1 + r - 3, y1 + r, y1 + r + 2),
            ):
                disc = ShapelyPoint(x, y).buffer(r)
                every = any(s.intersects(disc) for s in shapes)
                assert board.on_piece((x, y), r, layout) == every, (layout, (x, y), r)
                seen[every] += 1
    assert seen[True] > 100 and seen[False] > 100  # both answers were asked, many times
