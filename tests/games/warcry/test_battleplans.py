"""Our victory conditions decide rule A's tiers (issue #29, item 3): « Combattant ciblé par les conditions
de victoire » comes before « Leader ennemi », and with « Têtes mises à prix » (D-WAR-26) the fighters it
names are not the leader, so the tier decides a target the next one would not."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import SeatSpec
from bot.games.warcry import procedure, resolve
from bot.games.warcry.game import WARCRY
from bot.games.warcry.state import Treasure, WarState
from tests.games.warcry.helpers import active, battle, dice, fighter, inch, kinds, play


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
    """A battle created without choosing plays a terrain layout, a deployment, a victory and a twist
    drawn at set-up (D-WAR-27, D-WAR-32): every one of the three layouts, three deployments, five
    victories and four twists comes up; a choice made at creation stands; a match created under version
    3 draws as it did, without a twist or « Le butin »; one created before version 3 (its options
    without `plan`) on the flat table; one created before the draw (without `drawn`) draws nothing."""
    from bot.engine import Rng
    from bot.games.warcry.content import DEPLOYMENTS, LAYOUTS, TWISTS, VICTORIES
    from bot.games.warcry.game import VICTORIES_2

    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    options = WARCRY.validate_options({})
    assert options == {"drawn": True, "plan": 4}
    seen = set()
    for seed in range(120):
        done = WARCRY.setup(seats, options, Rng(seed))
        seen.add((done.state.layout, done.state.deployment, done.state.victory, done.state.twist))
        assert done.events[0].kind == "battleplan_twist"
    assert {la for la, *_ in seen} == set(LAYOUTS) and len(LAYOUTS) >= 3
    assert {d for _, d, _, _ in seen} == set(DEPLOYMENTS) and len(DEPLOYMENTS) >= 3
    assert {v for _, _, v, _ in seen} == set(VICTORIES) and len(VICTORIES) >= 5
    assert {tw for *_, tw in seen} == set(TWISTS) and len(TWISTS) >= 4
    chosen = WARCRY.validate_options(
        {"deployment": "coins", "victory": "butin", "layout": "remparts", "twist": "brume"}
    )
    assert "drawn" not in chosen
    state = WARCRY.setup(seats, chosen, dice()).state  # no die rolled
    assert (state.layout, state.deployment, state.victory, state.twist) == ("remparts", "coins", "butin", "brume")
    for seed in range(20):  # version 3's draw: the same dice, the same cards, no twist
        old = WARCRY.setup(seats, {"drawn": True, "plan": 3}, Rng(seed)).state
        rng = Rng(seed)
        expected = (sorted(DEPLOYMENTS)[rng.below(3)], VICTORIES_2[rng.below(4)], sorted(LAYOUTS)[rng.below(3)])
        assert (old.deployment, old.victory, old.layout, old.twist) == (*expected, "")
    for seed in range(20):  # version 2's draw: the same dice, the same cards, the flat table
        old = WARCRY.setup(seats, {"drawn": True}, Rng(seed)).state
        rng = Rng(seed)
        expected = (sorted(DEPLOYMENTS)[rng.below(3)], VICTORIES_2[rng.below(4)])
        assert (old.layout, old.deployment, old.victory, old.twist) == ("plaine", *expected, "")
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


# -- rule A, each tier deciding a target under one of our battleplans ------------------------------------------
def _hoard(fighters: list[Any], chests: list[tuple[float, float, str | None]]) -> WarState:
    """A combat phase under « Le butin » with its chests on the ground or carried."""
    s = battle(fighters, victory="butin")
    return s.model_copy(
        update={
            "treasures": tuple(
                Treasure(id=i + 1, x=inch(x), y=inch(y), carrier=c) for i, (x, y, c) in enumerate(chests)
            )
        }
    )


def _tier_cases() -> list[tuple[str, str, WarState, str, str]]:
    """(tier, the booklet's line, the position, what the tier chooses, what would be chosen without the
    tier's candidates): the solo warband (R) has the Provost at the top, the player's leader (B1) is
    close to it, a Marauder (B2) further, a Hurleuse (B3) far away."""
    near = [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 15, 6)]
    return [
        (
            "objective_free",
            "Objectif non contrôlé",
            battle([*near, fighter("B2", "maraudeur", 5, 18)], objectives=[(15, 11, None)], victory="coeur"),
            "objective:1",
            "fighter:B1",
        ),
        (
            "objective_free",
            "Objectif non contrôlé (a treasure nobody carries, D-WAR-31)",
            _hoard([*near, fighter("B2", "maraudeur", 5, 18)], [(22, 11, None), (8, 11, "R1")]),
            "treasure:1",
            "fighter:B1",
        ),
        (
            "objective_theirs",
            "Objectif contrôlé par la bande du joueur",
            battle(
                [*near, fighter("B2", "maraudeur", 5, 18)],
                objectives=[(8, 11, 1), (15, 11, 1), (22, 11, 0)],
                victory="bornes",
            ),
            "objective:3",
            "fighter:B1",
        ),
        (
            "marked",
            "Combattant ciblé par les conditions de victoire (a treasure's carrier)",
            _hoard([*near, fighter("B3", "hurleuse", 25, 19)], [(25, 19, "B3")]),
            "fighter:B3",
            "fighter:B1",
        ),
        (
            "marked",
            "Combattant ciblé par les conditions de victoire (a bounty, D-WAR-26)",
            battle([*near, fighter("B3", "hurleuse", 25, 19, marked=True)], victory="primes"),
            "fighter:B3",
            "fighter:B1",
        ),
        (
            "leader",
            "Leader ennemi",
            battle([*near, fighter("B2", "maraudeur", 15, 8)], objectives=[(15, 11, 1)], victory="coeur"),
            "fighter:B1",
            "fighter:B2",
        ),
        (
            "fresh",
            "Combattant ennemi non activé",
            battle(
                [near[0], fighter("B2", "maraudeur", 15, 6, activated=True), fighter("B3", "hurleuse", 25, 19)],
                victory="primes",
            ),
            "fighter:B3",
            "fighter:B2",
        ),
        (
            "spent",
            "Combattant ennemi activé",
            battle(
                [
                    near[0],
                    fighter("B2", "maraudeur", 15, 6, activated=True),
                    fighter("B3", "hurleuse", 25, 19, activated=True),
                ],
                victory="butin",
            ),
            "fighter:B2",
            "",
        ),
    ]


def _named(t: procedure.Target | None) -> str:
    if t is None:
        return ""
    if t.objective is not None:
        return f"objective:{t.objective}"
    if t.treasure is not None:
        return f"treasure:{t.treasure}"
    return f"fighter:{t.fighter}"


def _without(state: WarState, tier: str) -> WarState:
    """The same position with the tier's candidates gone from rule A's list (objectives and treasure
    taken by the solo side, marks and carried treasure dropped off the table, the leader activated out of
    its own tier): what the next tier chooses."""
    if tier.startswith("objective"):
        return state.model_copy(
            update={
                "objectives": tuple(o.model_copy(update={"controller": 1}) for o in state.objectives),
                "treasures": tuple(c.model_copy(update={"carrier": "R1"}) for c in state.treasures),
            }
        )
    if tier == "marked":
        fighters = tuple(f.model_copy(update={"marked": False}) for f in state.fighters)
        return state.model_copy(update={"fighters": fighters, "treasures": ()})
    if tier == "leader":
        return state.model_copy(update={"fighters": tuple(f for f in state.fighters if not f.p.leader or f.owner)})
    if tier == "fresh":
        return state.model_copy(update={"fighters": tuple(f for f in state.fighters if f.owner or f.activated)})
    return state.model_copy(update={"fighters": tuple(f for f in state.fighters if f.owner)})


@pytest.mark.parametrize(
    ("tier", "line", "state", "chosen", "next_"),
    _tier_cases(),
    ids=[f"{case[0]}-{case[3]}" for case in _tier_cases()],
)
def test_a_each_tier_decides_a_target_the_next_one_would_not(
    tier: str, line: str, state: WarState, chosen: str, next_: str
) -> None:
    """« A-Déterminer la cible … (par ordre de priorité) »: under one of our battleplans each line of the
    list decides the target, named with its tier in the line of B, and the same position without that
    line's candidates has the solo warband go for something else."""
    t = procedure.target(state, 1)
    assert t is not None and procedure.TIERS[t.tier] == tier, line
    assert _named(t) == chosen, line
    found = procedure.active_fighter(state, 1)
    assert found is not None
    said = found[1].params["target"]["params"]["tier"]["key"]
    assert said == f"warcry.tier.{tier}", line
    assert _named(procedure.target(_without(state, tier), 1)) == next_, line


# -- « Le butin »: treasure carried by fighters (D-WAR-31) ----------------------------------------------------
def test_a_fighter_ending_a_move_within_1_inch_picks_up_a_treasure_carries_it_and_drops_it_when_taken_down() -> None:
    """A move that ends within 1" of a chest nobody carries picks it up (one per fighter); the chest goes
    where its carrier goes, and is dropped where the carrier stood when taken down."""
    from bot.games.warcry import board
    from bot.games.warcry.actions import Move

    s = _hoard(
        [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 5, 18), fighter("B2", "maraudeur", 20, 18)],
        [(10, 18, None), (9, 19, None)],  # both within 1" of where B1 stops, as near
    )
    s = active(s.model_copy(update={"turn": 0}), "B1")
    assert s.carried("B1") is None
    s, events = play(s, 0, Move(to=(inch(9), inch(18))), 5)
    b1 = s.fighter("B1")
    assert b1 is not None and all(board.gap_to_point(b1, c.centre) <= inch(1) for c in s.treasures)
    chest = s.carried("B1")
    assert chest is not None and chest.id == 1 and "treasure_taken" in kinds(events)
    assert next(c for c in s.treasures if c.id == 2).carrier is None  # one chest per fighter
    events = []
    s = resolve.damage(s, "B1", 99, 1, events)
    dropped = next(c for c in s.treasures if c.id == 1)
    assert dropped.carrier is None and dropped.centre == b1.centre and "treasure_dropped" in kinds(events)


def test_the_side_carrying_more_treasure_at_the_end_wins_the_hoard_then_the_points_taken_down() -> None:
    """At the end of each round each side's victory points are the chests it carries; after the fourth,
    more chests win, equal chests go to the points taken down (D-WAR-12)."""
    fighters = [
        fighter("B1", "seigneur", 15, 18, activated=True),
        fighter("R1", "prevot", 15, 3, activated=True),
        fighter("R2", "porte_bouclier", 20, 3, activated=True),
    ]
    s = _hoard(fighters, [(15, 18, "B1"), (15, 3, "R1"), (20, 3, "R2")]).model_copy(update={"round": 4})
    events: list[Any] = []
    ended = resolve._end_round(s, events, dice(1, 2, 3, 4, 5, 6))
    assert [side.vp for side in ended.sides] == [1, 2] and ended.winners == (1,) and ended.reason == "treasure"
    even = _hoard(fighters, [(15, 18, "B1"), (15, 3, "R1")]).model_copy(update={"round": 4})
    sides = (even.sides[0].model_copy(update={"taken_down": 85}), even.sides[1])
    ended = resolve._end_round(even.model_copy(update={"sides": sides}), [], dice(1, 2, 3, 4, 5, 6))
    assert [side.vp for side in ended.sides] == [1, 1] and ended.winners == (0,)


# -- the twists (D-WAR-32) -----------------------------------------------------------------------------------
def _round_start(twist: str, round_: int) -> WarState:
    s = battle([fighter("B1", "maraudeur", 15, 18), fighter("R1", "porte_bouclier", 15, 3)], round_=round_ - 1)
    return resolve._start_round(s.model_copy(update={"twist": twist}), [], dice(1, 2, 3, 4, 5, 6))


@pytest.mark.parametrize(
    ("twist", "round_", "more_move", "more_attacks"),
    [("", 1, 0, 0), ("boue", 2, -1, 0), ("fureur", 3, 0, 1), ("aube", 1, 2, 0), ("aube", 2, 0, 0), ("brume", 1, 0, 0)],
)
def test_each_twist_changes_every_fighter_for_the_rounds_it_names(
    twist: str, round_: int, more_move: int, more_attacks: int
) -> None:
    """« Sol détrempé » -1" of Move every round, « Soif de sang » +1 Attack in melee every round, « Assaut
    à l'aube » +2" of Move in the first round only; the other twists change no characteristic."""
    s = _round_start(twist, round_)
    assert s.round == round_
    for f in s.fighters:
        assert f.stat("move") == inch(f.p.move + more_move), (f.id, twist)
        assert sum(m.amount for m in f.mods if m.stat == "attacks" and m.melee) == more_attacks


def test_thick_mist_gives_cover_beyond_6_inches_only() -> None:
    """« Brume épaisse »: a target further than 6" from its attacker has cover (+1 Toughness)."""
    from bot.games.warcry import board

    far = battle([fighter("B1", "archer", 15, 18), fighter("R1", "porte_bouclier", 15, 10)])
    close = battle([fighter("B1", "archer", 15, 18), fighter("R1", "porte_bouclier", 15, 14)])
    for s, covered in ((far, True), (close, False)):
        b1, r1 = s.fighter("B1"), s.fighter("R1")
        assert b1 is not None and r1 is not None
        assert not board.cover(s, b1, r1)
        assert board.cover(s.model_copy(update={"twist": "brume"}), b1, r1) is covered


def test_the_players_menu_offers_a_walk_to_each_chest_on_the_ground_unless_the_fighter_carries_one() -> None:
    """D-WAR-31 on the player's side: « Vers le trésor 1 » is among the active fighter's moves while it
    carries nothing; once it carries a chest, none is offered (it could not pick another up), not even by
    the booklet's own choice offered first: for an active carrier a chest on the ground is no target."""
    from bot.engine import Ask
    from bot.games.warcry.actions import Move
    from bot.games.warcry.suggest import suggestions

    def walks(s: WarState) -> list[str]:
        keys = [c.label.key for c in suggestions(s, 0, Ask(kinds=("move",))) if isinstance(c.action, Move)]
        return [k for k in keys if k == "warcry.action.move_treasure"]

    fighters = [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 5, 18), fighter("B2", "maraudeur", 20, 18)]
    free = active(_hoard(fighters, [(10, 18, None)]).model_copy(update={"turn": 0}), "B1")
    assert walks(free) == ["warcry.action.move_treasure"]
    laden = active(_hoard(fighters, [(10, 18, None), (5, 18, "B1")]).model_copy(update={"turn": 0}), "B1")
    assert walks(laden) == []
    assert procedure.target(free, 0).treasure == 1  # type: ignore[union-attr]
    assert procedure.target(laden, 0).treasure is None  # type: ignore[union-attr]
    assert procedure.target(laden.model_copy(update={"active": None}), 0).treasure == 1  # type: ignore[union-attr]
