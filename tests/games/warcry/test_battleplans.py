"""Our victory conditions decide rule A's tiers (issue #29, item 3): « Combattant ciblé par les conditions
de victoire » comes before « Leader ennemi », and with « Têtes mises à prix » (D-WAR-26) the fighters it
names are not the leader, so the tier decides a target the next one would not."""

from __future__ import annotations

from bot.engine import SeatSpec
from bot.games.warcry import procedure, resolve
from bot.games.warcry.game import WARCRY
from tests.games.warcry.helpers import battle, dice, fighter


def test_bounties_mark_each_warbands_two_costliest_fighters_besides_the_leader_and_say_so() -> None:
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    done = WARCRY.setup(seats, {"victory": "primes"}, dice())
    state = done.state
    for seat in (0, 1):
        band = [f for f in state.fighters if f.owner == seat]
        marked = [f for f in band if f.marked]
        assert len(marked) == 2 and not any(f.p.leader for f in marked)
        cheapest_marked = min(f.p.points for f in marked)
        assert all(f.p.points <= cheapest_marked for f in band if not f.marked and not f.p.leader)
    said = [e for e in done.events if e.kind == "marked"]
    assert [e.params["seat"] for e in said] == [0, 1]
    assert [w["params"]["id"] for w in said[0].params["who"]] == [
        f.id for f in state.fighters if f.owner == 0 and f.marked
    ]


def test_a_the_fighter_the_victory_names_comes_before_the_leader() -> None:
    """« A-Déterminer la cible (par ordre de priorité) : … Combattant ciblé par les conditions de victoire,
    Leader ennemi … »: the marked Hurleuse far away is the target, not the leader next to the warband;
    without the bounty the leader would be."""
    fighters = [
        fighter("R1", "prevot", 15, 3),
        fighter("B1", "seigneur", 15, 6),
        fighter("B2", "hurleuse", 25, 19, marked=True),
    ]
    t = procedure.target(battle(fighters, victory="primes"), 1)
    assert t is not None and t.fighter == "B2" and procedure.TIERS[t.tier] == "marked"
    plain = [f.model_copy(update={"marked": False}) for f in fighters]
    t = procedure.target(battle(plain, victory="bornes"), 1)
    assert t is not None and t.fighter == "B1" and procedure.TIERS[t.tier] == "leader"


def test_the_side_that_took_down_more_bounty_points_wins() -> None:
    """After the fourth round, the most points of marked enemies taken down wins; a marked fighter
    taken down counts for the side that took it down."""
    s = battle(
        [
            fighter("B1", "seigneur", 15, 18, activated=True),
            fighter("B2", "hurleuse", 10, 18, activated=True, marked=True),
            fighter("R1", "prevot", 15, 3, activated=True),
        ],
        victory="primes",
        round_=4,
    )
    events: list = []  # type: ignore[type-arg]
    s = resolve.damage(s, "B2", 99, 1, events)
    assert s.sides[1].bounties == s.sides[1].taken_down > 0
    ended = resolve._end_round(s, events, dice(1, 2, 3, 4, 5, 6))
    assert ended.winners == (1,) and ended.reason == "bounties"


def test_the_battleplan_is_drawn_from_the_seed_unless_chosen_and_old_matches_keep_theirs() -> None:
    """A battle created without choosing plays a terrain layout, a deployment and a victory drawn at
    set-up (D-WAR-27): every one of the three layouts, three deployments and victories comes up; a
    choice made at creation stands; a match created before version 3 (its options without `plan`)
    draws as it did, on the flat table; one created before the draw (without `drawn`) draws nothing."""
    from bot.engine import Rng
    from bot.games.warcry.content import DEPLOYMENTS, LAYOUTS, VICTORIES
    from bot.games.warcry.game import VICTORIES_2

    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    options = WARCRY.validate_options({})
    assert options == {"drawn": True, "plan": 3}
    seen = set()
    for seed in range(60):
        done = WARCRY.setup(seats, options, Rng(seed))
        seen.add((done.state.layout, done.state.deployment, done.state.victory))
        assert done.events[0].kind == ("battleplan" if done.state.layout == "plaine" else "battleplan_layout")
    assert {la for la, _, _ in seen} == set(LAYOUTS) and len(LAYOUTS) >= 3
    assert {d for _, d, _ in seen} == set(DEPLOYMENTS) and len(DEPLOYMENTS) >= 3
    assert {v for _, _, v in seen} == set(VICTORIES) and len(VICTORIES) >= 4
    chosen = WARCRY.validate_options({"deployment": "coins", "victory": "primes", "layout": "remparts"})
    assert "drawn" not in chosen
    state = WARCRY.setup(seats, chosen, dice()).state  # no die rolled
    assert (state.layout, state.deployment, state.victory) == ("remparts", "coins", "primes")
    for seed in range(20):  # version 2's draw: the same dice, the same cards, the flat table
        old = WARCRY.setup(seats, {"drawn": True}, Rng(seed)).state
        rng = Rng(seed)
        expected = (sorted(DEPLOYMENTS)[rng.below(3)], VICTORIES_2[rng.below(4)])
        assert (old.layout, old.deployment, old.victory) == ("plaine", *expected)
    old = WARCRY.setup(seats, {}, dice()).state  # a match created before the draw: no die rolled
    assert (old.layout, old.deployment, old.victory) == ("plaine", "face_a_face", "bornes")


def test_every_deployment_sets_up_both_warbands_within_their_points() -> None:
    """Each deployment card has room on each terrain layout for every group of both warbands at the
    hardest difficulty, each fighter wholly within 3" of its group's point."""
    import itertools
    import math

    from bot.games.warcry.content import DEPLOYMENTS, LAYOUTS

    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    for deployment, layout in itertools.product(DEPLOYMENTS, LAYOUTS):
        options = {"deployment": deployment, "victory": "bornes", "difficulty": "difficile", "layout": layout}
        state = WARCRY.setup(seats, options, dice()).state
        assert state.layout == layout
        state, _ = resolve.apply(state, 0, procedure.split(state, 0), dice())
        state, _ = resolve.apply(state, 0, procedure.seeds(state), dice(*(list(range(1, 7)) * 8)))
        rng = dice(*([3] * 12), 1, 2, 3, 4, 5, 6)
        while state.phase == "deploy":
            seat = state.stack[-1].seats[0]
            state, _ = resolve.apply(state, seat, procedure.choose(state, seat), rng)
        for f in state.fighters:
            anchor = DEPLOYMENTS[deployment].point(f.owner, f.group)
            assert f.placed and math.dist(f.centre, anchor) + f.p.radius <= 3 * 254, (deployment, f.id)
