"""Every line the solo warband posts says what happened (issue #29, item 4): the step of « Pièges du
destin » that chose the action and the fact that decided it, read on the same walk, range and tier as
the decision. Drawn positions for each case the issue found false, then whole battles whose every
line is checked against the position before and after its action."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bot.engine import Rng, SeatSpec
from bot.games.warcry import board, procedure
from bot.games.warcry.actions import Attack, Move
from bot.games.warcry.game import WARCRY
from bot.games.warcry.rules import can_attack, threat
from bot.games.warcry.state import WarState
from tests.games.warcry.helpers import active, battle, fighter, inch, play

EPS = procedure.EPS


def _moved(events: list[Any]) -> int:
    return next(e.params["d"] for e in events if e.kind == "moved")


# -- the cases the issue found -----------------------------------------------------------------------------
def test_c6_says_its_whole_move_only_when_it_moved_its_whole_move() -> None:
    """« 6-En approche : … MOUVEMENT vers la cible de sa distance maximale »: the line says « de tout son
    mouvement » for the full 3"; stopped on the objective it says so, and cut by the 3" of the objective
    it defends (« 2-Défense d'objectif : … en arrêtant tout déplacement … dans un rayon de 3" ») it says
    it defends it."""
    full = active(
        battle(
            [fighter("R1", "porte_bouclier", 15, 3.5), fighter("B1", "maraudeur", 28, 20)], objectives=[(15, 11, None)]
        ),
        "R1",
    )
    on_it = active(
        battle(
            [fighter("R1", "porte_bouclier", 15, 8.5), fighter("B1", "maraudeur", 28, 20)], objectives=[(15, 11, None)]
        ),
        "R1",
    )
    held = active(
        battle(
            [fighter("R1", "porte_bouclier", 15, 12), fighter("B1", "maraudeur", 28, 20)],
            objectives=[(15, 11, 1), (15, 20, None)],
        ),
        "R1",
    )
    steps = {}
    for name, s in (("full", full), ("on_it", on_it), ("held", held)):
        move = procedure.act(s, 1)
        assert isinstance(move, Move) and move.why is not None
        after, events = play(s, 1, move)
        steps[name] = (move.why.step, _moved(events), after.fighter("R1"))
    assert steps["full"][0] == "c6_full" and steps["full"][1] >= inch(3) - EPS
    assert steps["on_it"][0] == "c6_reached" and steps["on_it"][1] < inch(3) - EPS
    assert math.dist(steps["on_it"][2].centre, (inch(15), inch(11))) < EPS  # type: ignore[union-attr]
    assert steps["held"][0] == "c6_hold" and steps["held"][1] < inch(3) - EPS
    assert inch(3) - board.STEP < board.gap_to_point(steps["held"][2], (inch(15), inch(11))) <= inch(3)  # type: ignore[arg-type]


def test_c5_says_it_stops_in_attack_range_only_when_range_stopped_it() -> None:
    """« 5-Portée menaçante : … s'arrête dès qu'il rentre à portée d'attaque »: when the 3" of the
    objective it defends stop it first, the line says that, not « dès qu'il est à portée »."""
    lines = {}
    for y in (16, 17):
        s = active(
            battle(
                [fighter("R1", "porte_bouclier", 15, 12), fighter("B1", "maraudeur", 15, y)], objectives=[(15, 11, 1)]
            ),
            "R1",
        )
        move = procedure.act(s, 1)
        assert isinstance(move, Move) and move.why is not None and move.stop == "B1"
        after, _ = play(s, 1, move)
        lines[y] = (move.why.step, can_attack(after, after.fighter("R1"), after.fighter("B1")))  # type: ignore[arg-type]
    assert lines[16] == ("c5_range", True)
    assert lines[17] == ("c5_hold", False)


def test_c3_names_no_disengage_when_the_target_is_in_threat_range() -> None:
    """« 3-Engagé en combat : si la cible est à Portée menaçante, DÉSENGAGEMENT vers la cible si possible.
    Sinon, ATTAQUE sur un combattant ennemi »: surrounded, the leader 4" away is in threat range and no
    disengage is possible; the line says so instead of « la cible n'est pas à portée »."""
    s = active(
        battle(
            [
                fighter("R1", "prevot", 10, 10),
                fighter("B2", "maraudeur", 10, 11.5),
                fighter("B3", "maraudeur", 10, 8.5),
                fighter("B4", "maraudeur", 11.5, 10),
                fighter("B5", "maraudeur", 8.5, 10),
                fighter("B1", "seigneur", 14, 10),
            ]
        ),
        "R1",
    )
    r1, b1 = s.fighter("R1"), s.fighter("B1")
    assert r1 is not None and b1 is not None
    assert threat(r1, board.gap(r1, b1)) and not board.disengage_points(s, r1)
    action = procedure.act(s, 1)
    assert isinstance(action, Attack) and action.why is not None and action.why.step == "c3_attack_no_disengage"
    far = active(
        battle(
            [fighter("R1", "prevot", 10, 10), fighter("B2", "maraudeur", 10, 11.5), fighter("B1", "seigneur", 28, 20)]
        ),
        "R1",
    )
    action = procedure.act(far, 1)
    assert isinstance(action, Attack) and action.why is not None and action.why.step == "c3_attack_out_of_threat"


@pytest.mark.parametrize(
    ("objectives", "victory", "activated", "tier"),
    [
        ([(15, 11, None)], "bornes", False, "objective_free"),
        ([(15, 11, 0)], "bornes", False, "objective_theirs"),
        ([(15, 11, 1)], "decapitation", False, "marked"),
        ([(15, 11, 1)], "bornes", False, "leader"),
    ],
)
def test_a_the_line_names_the_tier_that_chose_the_target(
    objectives: list[tuple[float, float, int | None]], victory: str, activated: bool, tier: str
) -> None:
    """« A-Déterminer la cible » (par ordre de priorité): the target in every line carries its tier, and
    « le plus proche de la bande » when the tier held several."""
    s = battle(
        [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 15, 18), fighter("B2", "maraudeur", 5, 18)],
        objectives=objectives,
        victory=victory,
    )
    _, why = procedure.active_fighter(s, 1)  # type: ignore[misc]
    text = why.params["target"]
    assert text["key"] == "warcry.target.tier" and text["params"]["tier"]["key"] == f"warcry.tier.{tier}"
    no_leader = battle(
        [fighter("R1", "prevot", 15, 3), fighter("B2", "maraudeur", 15, 18), fighter("B3", "maraudeur", 5, 18)],
        objectives=[(15, 11, 1)],
    )
    t = procedure.target(no_leader, 1)
    assert t is not None and t.fighter == "B2" and t.text(no_leader)["key"] == "warcry.target.tier_closest"
    assert t.text(no_leader)["params"]["tier"]["key"] == "warcry.tier.fresh"


# -- whole battles: each line against its cause ----------------------------------------------------------
def _id(named: dict[str, Any]) -> str:
    return str(named["params"]["id"])


def _target_holds(state: WarState, seat: int, text: dict[str, Any]) -> None:
    """The target the line names is of the tier it names."""
    if text["key"] == "warcry.target.none":
        return
    tier = text["params"]["tier"]["key"].split(".")[-1]
    what = text["params"]["what"]
    if what["key"] == "warcry.target.objective":
        obj = next(o for o in state.objectives if o.id == what["params"]["n"])
        assert obj.controller == {"objective_free": None, "objective_theirs": 1 - seat}[tier]
        return
    if what["key"] == "warcry.target.treasure":  # a treasure on the ground (D-WAR-31)
        chest = next(c for c in state.treasures if c.id == what["params"]["n"])
        assert tier == "objective_free" and chest.carrier is None
        return
    f = state.fighter(_id(what))
    assert f is not None and f.owner == 1 - seat
    if tier == "marked":  # a bounty, the leader to behead, a treasure's carrier
        beheading = state.victory == "decapitation" and f.p.leader
        assert f.marked or beheading or state.carried(f.id) is not None
    elif tier == "leader":
        assert f.p.leader
    else:
        assert f.activated == (tier == "spent")


def _line_holds(before: WarState, seat: int, action: Any, after: WarState, events: list[Any]) -> str:
    """Check the facts one line states against the position before and after its action."""
    why = action.why
    p = why.params
    if "target" in p:
        _target_holds(before, seat, p["target"])
    step = why.step
    if not step.startswith(("c3_", "c4_", "c5_", "c6_")):
        return step
    f = before.fighter(before.active.fighter)  # type: ignore[union-attr]
    now = after.fighter(f.id) if f is not None else None
    assert f is not None
    if step in ("c3_attack_target", "c4_attack"):
        assert can_attack(before, f, before.fighter(action.target))  # type: ignore[arg-type]
    if step.startswith("c3_attack_") and step != "c3_attack_target":
        target = procedure.target(before, seat)
        assert target is not None and not (target.fighter and can_attack(before, f, before.fighter(target.fighter)))  # type: ignore[arg-type]
        in_threat = threat(f, procedure._d(before, f, target))
        assert in_threat == step.startswith("c3_attack_no_disengage") or step == "c3_attack_bonus"
    if isinstance(action, Move) and now is not None:
        d = board.cost(before, after.last_path)  # the Move it spent, a climb counted (D-WAR-28)
        budget = procedure._budget(before, f)
        # the whole Move spent is said unless the move came in range or reached its aim as it did
        # (`procedure._stopped` asks those first)
        if not step.endswith(("_range", "_reached")):
            assert (d >= budget - EPS) == (step.endswith("_full")), (step, d, budget)
        if step.startswith("c5_"):
            assert can_attack(after, now, after.fighter(action.stop)) == (step == "c5_range")  # type: ignore[arg-type]
        if step.endswith("_hold"):
            centre = next(o.centre for o in before.objectives if o.id == p["n"] == action.hold)
            assert inch(3) - board.STEP < board.gap_to_point(now, centre) <= inch(3)
        if step.endswith("_reached"):
            assert math.dist(now.centre, action.to) < EPS
        if step.startswith("c6_") and p["lead"]["key"] == "warcry.why.c6_lead":
            assert not any(threat(f, board.gap(f, e)) for e in board.enemies(before, f))
    return step


def _battle_lines(seed: int, options: dict[str, Any]) -> tuple[set[str], set[str]]:
    """A whole battle, both sides played by the procedure, each line checked against its cause: the
    steps and the targets' tiers (with « treasure » when a treasure was one) the lines named."""
    rng = Rng(seed)
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    state = WARCRY.setup(seats, options, rng).state
    agent, seen, tiers = WARCRY.agent(), set(), set()
    while WARCRY.outcome(state) is None:
        seat = min(WARCRY.to_act(state))
        action = agent.choose(WARCRY, WARCRY.view(state, seat), seat, rng)
        after = WARCRY.apply(state, seat, action, rng)
        if getattr(action, "why", None) is not None:
            seen.add(_line_holds(state, seat, action, after.state, list(after.events)))
            aim = action.why.params.get("target")
            if aim and aim["key"] != "warcry.target.none":
                tiers.add(aim["params"]["tier"]["key"].split(".")[-1])
                tiers |= {"treasure"} if aim["params"]["what"]["key"] == "warcry.target.treasure" else set()
        state = after.state
    return seen, tiers


@pytest.mark.parametrize("seed", [3, 11])
def test_each_line_of_a_whole_battle_states_its_cause(seed: int) -> None:
    """Both sides played by the procedure; before each action its line is checked against the position:
    the tier of the target, a move « de tout son mouvement » only of its whole Move, « à portée
    d'attaque » only in attack range, the 3" of a defended objective only at its rim."""
    seen, _ = _battle_lines(seed, {"difficulty": "difficile"})
    assert {"c6_full", "c5_range", "c4_attack"} <= seen, seen


@pytest.mark.parametrize(
    ("seed", "victory", "layout", "twist"),
    [(5, "butin", "hauteurs", "brume"), (7, "butin", "remparts", "boue"), (2, "primes", "plaine", "aube")],
)
def test_each_line_stays_true_under_the_battleplans_of_version_4(
    seed: int, victory: str, layout: str, twist: str
) -> None:
    """Issue #29 item 4 with the new cards: under « Le butin » a line naming a treasure names one nobody
    carries (« objectif non contrôlé »), and « combattant ciblé par les conditions de victoire » is a
    fighter carrying one (D-WAR-31) or a bounty (D-WAR-26); every other fact as in the test above."""
    options = WARCRY.validate_options(
        {"difficulty": "difficile", "victory": victory, "layout": layout, "twist": twist, "deployment": "face_a_face"}
    )
    seen, tiers = _battle_lines(seed, options)
    assert "marked" in tiers and "c4_attack" in seen, (seen, tiers)
    assert ("treasure" in tiers) == (victory == "butin"), tiers
