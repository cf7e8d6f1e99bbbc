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
