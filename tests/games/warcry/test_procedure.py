"""The solo procedure of « Pièges du destin », step by step, on drawn positions (research I.3 items
9–19): the target (A), the active fighter (B) and the action (C) it chooses, with the step it names.

Seat 1 (R…, Garde de Basalte) is the solo warband; seat 0 (B…, Lames de Cendre) the player's.
"""

from __future__ import annotations

import math

import pytest

from bot.games.warcry import board, procedure
from bot.games.warcry.actions import Attack, Disengage, Move, Use, Wait
from bot.games.warcry.rules import can_attack
from tests.games.warcry.helpers import active, battle, fighter, inch, play, why


# -- A: the target -------------------------------------------------------------------------------------
def test_a_an_uncontrolled_objective_comes_before_any_fighter() -> None:
    """« Objectif non contrôlé » heads the list, even with the enemy leader close by."""
    s = battle(
        [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 15, 6)],
        objectives=[(15, 11, None), (5, 5, 0)],
    )
    t = procedure.target(s, 1)
    assert t is not None and t.objective == 1


def test_a_then_an_objective_the_player_holds_and_never_one_of_its_own() -> None:
    """« Objectif contrôlé par la bande du joueur » next; an objective the solo side holds is no target."""
    s = battle(
        [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 15, 6)],
        objectives=[(15, 11, 1), (5, 5, 0)],
    )
    t = procedure.target(s, 1)
    assert t is not None and t.objective == 2


def test_a_then_the_fighter_the_victory_marks_then_the_leader() -> None:
    """« Combattant ciblé par les conditions de victoire », then « Leader ennemi »: with no objective,
    the enemy leader is the target even when a fighter is much closer."""
    fighters = [fighter("R1", "prevot", 15, 3), fighter("B1", "seigneur", 28, 20), fighter("B2", "maraudeur", 15, 6)]
    for victory in ("decapitation", "bornes"):
        s = battle(fighters, victory=victory)
        t = procedure.target(s, 1)
        assert t is not None and t.fighter == "B1", victory
    assert procedure.target(battle(fighters, victory="decapitation"), 1).tier == 2  # type: ignore[union-attr]
    assert procedure.target(battle(fighters, victory="bornes"), 1).tier == 3  # type: ignore[union-attr]


def test_a_a_fighter_not_yet_activated_before_one_that_has() -> None:
    """« Combattant ennemi non activé » before « activé », whatever the distance."""
    s = battle(
        [
            fighter("R1", "prevot", 15, 3),
            fighter("B2", "maraudeur", 15, 6, activated=True),
            fighter("B3", "maraudeur", 25, 18),
        ]
    )
    t = procedure.target(s, 1)
    assert t is not None and t.fighter == "B3"


def test_a_within_a_tier_the_closest_to_the_warband_then_to_a_second_of_its_fighters() -> None:
    """« Le plus proche de la bande »: both enemies are 3" from their nearest solo fighter; the tie goes to
    the one closer to a second solo fighter (research X0)."""
    s = battle(
        [
            fighter("R1", "porte_bouclier", 10, 10),
            fighter("R2", "porte_bouclier", 20, 10),
            fighter("R3", "porte_bouclier", 11, 5),
            fighter("B1", "maraudeur", 20, 13),
            fighter("B2", "maraudeur", 10, 13),
        ]
    )
    first = {fid: board.gap(s.fighter(fid), s.fighter(other)) for fid, other in (("B1", "R2"), ("B2", "R1"))}  # type: ignore[arg-type]
    assert first["B1"] == first["B2"]
    t = procedure.target(s, 1)
    assert t is not None and t.fighter == "B2"


# -- B: the active fighter -----------------------------------------------------------------------------------
def test_b_an_engaged_fighter_first_even_far_from_the_target() -> None:
    s = battle(
        [
            fighter("R1", "porte_bouclier", 5, 5),
            fighter("B1", "maraudeur", 5, 6.9),  # 0.64" apart: engaged
            fighter("R2", "prevot", 15, 9),
        ],
        objectives=[(15, 11, None)],
    )
    f, reason = procedure.active_fighter(s, 1)  # type: ignore[misc]
    assert f.id == "R1" and reason.step == "b_engaged"


def test_b_among_engaged_fighters_the_most_wounds_then_the_most_points() -> None:
    s = battle(
        [
            fighter("R1", "porte_bouclier", 5, 5),
            fighter("B1", "maraudeur", 5, 6.9),
            fighter("R2", "colosse", 20, 5),
            fighter("B2", "maraudeur", 20, 7.2),
        ],
    )
    f, reason = procedure.active_fighter(s, 1)  # type: ignore[misc]
    assert f.id == "R2" and reason.step == "b_engaged_heaviest"  # 26 wounds against 12


def test_b_otherwise_the_closest_to_the_target_and_on_a_tie_the_sturdiest() -> None:
    fighters = [
        fighter("R1", "porte_bouclier", 15, 7),
        fighter("R2", "prevot", 15, 3),
        fighter("B1", "maraudeur", 28, 20),
    ]
    f, reason = procedure.active_fighter(battle(fighters, objectives=[(15, 11, None)]), 1)  # type: ignore[misc]
    assert f.id == "R1" and reason.step == "b_closest"
    # the same distance (edge to edge) from the objective: the provost has more wounds
    tied = [
        fighter("R1", "porte_bouclier", 11.37, 11),
        fighter("R2", "prevot", 18.79, 11),
        fighter("B1", "maraudeur", 28, 20),
    ]
    f, reason = procedure.active_fighter(battle(tied, objectives=[(15, 11, None)]), 1)  # type: ignore[misc]
    assert f.id == "R2" and reason.step == "b_closest_heaviest"


# -- C1: abilities --------------------------------------------------------------------------------------
def test_c1_the_eligible_ability_with_the_most_dice_then_the_highest_value() -> None:
    """A wounded shieldbearer holding a triple of 5 and a double of 6: Inébranlable (a triple, the
    warband's own before the universal Répit) with the triple; the ability is not an action."""
    s = battle(
        [fighter("R1", "porte_bouclier", 10, 5, damage=4), fighter("B1", "maraudeur", 10, 14)],
        groups=((3, 5), (2, 6)),
    )
    s = active(s, "R1")
    use = procedure.act(s, 1)
    assert isinstance(use, Use) and (use.ability, use.tier, use.value) == ("inebranlable", 3, 5)
    assert use.why is not None and use.why.step == "c1_ability"
    after, events = play(s, 1, use)
    assert after.fighter("R1").damage == 1 and after.active.actions == 2  # type: ignore[union-attr]
    assert why(events) == "c1_ability"


def test_c1_an_ability_whose_effect_would_be_null_is_skipped() -> None:
    """An ability is played only when it would change something (X6): the shield wall when an enemy
    can reach the fighter; nothing for a crossbowman about to shoot."""
    s = battle(
        [fighter("R1", "porte_bouclier", 10, 5), fighter("B1", "maraudeur", 10, 6.9)],
        groups=((3, 5),),
    )
    s = active(s, "R1")
    action = procedure.act(s, 1)
    # engaged: the shield wall is useful (an enemy threatens it), healing is not
    assert isinstance(action, Use) and action.ability == "mur_boucliers"
    # a crossbowman about to shoot: no melee, no move, no wound, no runemark for the shield wall
    shooter = active(
        battle([fighter("R1", "arbaletrier", 10, 5), fighter("B1", "maraudeur", 10, 15)], groups=((3, 5),)), "R1"
    )
    assert isinstance(procedure.act(shooter, 1), Attack)


# -- C2: objective defence ------------------------------------------------------------------------------
def test_c2_a_lone_defender_never_leaves_the_3_inches_of_its_objective() -> None:
    """Within 3" of an objective it holds alone, its move toward the target stops at the 3" rim."""
    fighters = [fighter("R1", "porte_bouclier", 15, 12), fighter("B1", "maraudeur", 15, 17.5)]
    s = active(battle(fighters, objectives=[(15, 11, 1)]), "R1")
    move = procedure.act(s, 1)
    assert isinstance(move, Move) and move.hold == 1
    after, _ = play(s, 1, move)
    r1 = after.fighter("R1")
    assert r1 is not None and board.gap_to_point(r1, (inch(15), inch(11))) <= inch(3)
    assert r1.y < inch(15)  # the full 3" would have reached 15
    # with a second fighter guarding the objective, nothing holds it back
    guarded = active(battle([*fighters, fighter("R2", "porte_bouclier", 13, 11)], objectives=[(15, 11, 1)]), "R1")
    move = procedure.act(guarded, 1)
    assert isinstance(move, Move) and move.hold is None


# -- C3: engaged --------------------------------------------------------------------------------------
def test_c3_engaged_with_the_target_in_attack_range_it_attacks_the_target() -> None:
    s = active(
        battle(
            [fighter("R1", "prevot", 10, 10), fighter("B1", "seigneur", 10, 11.7), fighter("B2", "maraudeur", 11.4, 10)]
        ),
        "R1",
    )
    action = procedure.act(s, 1)
    assert isinstance(action, Attack) and action.target == "B1" and action.why.step == "c3_attack_target"  # type: ignore[union-attr]


def test_c3_engaged_with_the_target_in_threat_range_it_disengages_toward_it() -> None:
    """The leader (the target) is 2.4" away, beyond the mace's 1" but within 4" + 1": a disengage to
    the point nearest it that is more than 1" from every enemy."""
    s = active(
        battle(
            [fighter("R1", "prevot", 10, 10), fighter("B2", "maraudeur", 10, 11.5), fighter("B1", "seigneur", 14, 10)]
        ),
        "R1",
    )
    action = procedure.act(s, 1)
    assert isinstance(action, Disengage) and action.why.step == "c3_disengage"  # type: ignore[union-attr]
    after, _ = play(s, 1, action)
    r1, b1, b2 = (after.fighter(i) for i in ("R1", "B1", "B2"))
    assert board.gap(r1, b2) > inch(1) and board.gap(r1, b1) > inch(1)  # type: ignore[arg-type]
    assert board.gap(r1, b1) < board.gap(s.fighter("R1"), b1)  # type: ignore[arg-type]
    assert math.dist(r1.centre, s.fighter("R1").centre) <= inch(3)  # type: ignore[union-attr]


def test_c3_engaged_with_the_target_out_of_reach_it_attacks_an_enemy_fighter() -> None:
    s = active(
        battle(
            [fighter("R1", "prevot", 10, 10), fighter("B2", "maraudeur", 10, 11.5), fighter("B1", "seigneur", 28, 20)]
        ),
        "R1",
    )
    action = procedure.act(s, 1)
    assert isinstance(action, Attack) and action.target == "B2" and action.why.step == "c3_attack_out_of_threat"  # type: ignore[union-attr]


# -- C4 and C5 ------------------------------------------------------------------------------------------
def test_c4_an_enemy_in_attack_range_is_attacked_the_most_wounds_first() -> None:
    """The target is an objective: « un combattant ennemi » is then the one with the most wounds."""
    s = battle(
        [fighter("R1", "arbaletrier", 10, 5), fighter("B1", "maraudeur", 10, 12), fighter("B2", "hurleuse", 12, 12)],
        objectives=[(25, 5, None)],
    )
    action = procedure.act(active(s, "R1"), 1)
    assert isinstance(action, Attack) and action.target == "B2" and action.weapon == 0
    assert action.why.step == "c4_attack"  # type: ignore[union-attr]


def test_c4_attack_range_reads_the_standard_rules_minimum_range_included() -> None:
    """Q9: 1.9" away the crossbow (3"–14") cannot shoot and the dagger (1") cannot reach: not in attack
    range, so the crossbowman moves on the enemy (C5)."""
    s = active(battle([fighter("R1", "arbaletrier", 10, 5), fighter("B1", "maraudeur", 10, 8)]), "R1")
    assert not can_attack(s, s.fighter("R1"), s.fighter("B1"))  # type: ignore[arg-type]
    action = procedure.act(s, 1)
    assert isinstance(action, Move) and action.why.step == "c5_range"  # type: ignore[union-attr]


def test_c5_a_move_on_a_threatening_enemy_stops_as_soon_as_it_is_in_attack_range() -> None:
    s = active(battle([fighter("R1", "porte_bouclier", 10, 5), fighter("B1", "maraudeur", 10, 8.5)]), "R1")
    move = procedure.act(s, 1)
    assert isinstance(move, Move) and move.stop == "B1" and move.why.step == "c5_range"  # type: ignore[union-attr]
    after, _ = play(s, 1, move)
    r1, b1 = after.fighter("R1"), after.fighter("B1")
    assert inch(0.74) <= board.gap(r1, b1) <= inch(1)  # type: ignore[arg-type]
    assert math.dist(r1.centre, s.fighter("R1").centre) < inch(3)  # type: ignore[union-attr]


# -- C6 and C7 ------------------------------------------------------------------------------------------
def test_c6_otherwise_it_moves_its_whole_move_toward_the_target_around_the_pit() -> None:
    """The pit lies between it and the objective: the shortest path goes around it (the booklet's
    « en contournant les terrains fatals »), for the full 3"."""
    s = active(
        battle(
            [fighter("R1", "porte_bouclier", 15, 3.5), fighter("B1", "maraudeur", 28, 20)], objectives=[(15, 11, None)]
        ),
        "R1",
    )
    move = procedure.act(s, 1)
    assert isinstance(move, Move) and move.why.step == "c6_full"  # type: ignore[union-attr]
    after, _ = play(s, 1, move)
    path = after.last_path
    assert board.length(path) >= inch(2.9)
    assert not any(board.in_deadly(p, s.fighter("R1").p.radius) for p in path)  # type: ignore[union-attr]


def test_c7_the_target_is_determined_again_after_each_action() -> None:
    """The leader is taken down by the first attack: the second action aims at the new target."""
    s = active(
        battle(
            [fighter("R1", "prevot", 10, 10), fighter("B1", "seigneur", 10, 11.7), fighter("B2", "maraudeur", 13.5, 10)]
        ),
        "R1",
    )
    first = procedure.act(s, 1)
    assert isinstance(first, Attack) and first.target == "B1"
    after, _ = play(s, 1, first, 6, 6, 6, 6)  # four criticals of 5: twenty wounds, the leader falls
    assert after.fighter("B1") is None and procedure.target(after, 1).fighter == "B2"  # type: ignore[union-attr]
    second = procedure.act(after, 1)
    assert getattr(second, "target", None) == "B2" or getattr(second, "stop", None) == "B2"


def test_the_procedure_waits_only_when_nothing_else_is_possible() -> None:
    """Walled in by its own fighters and the table's corner, the fighter cannot get closer: Wait. (Its
    neighbours touch it: with 0.14" between them, the exact walk of rules version 2 edges 0.17" closer.)"""
    s = active(
        battle(
            [
                fighter("R1", "porte_bouclier", 0.7, 0.7),
                fighter("R2", "porte_bouclier", 1.96, 0.7),
                fighter("R3", "porte_bouclier", 0.7, 1.96),
                fighter("R4", "porte_bouclier", 2.1, 2.1),
                fighter("B1", "maraudeur", 28, 20),
            ],
            objectives=[(15, 11, None)],
        ),
        "R1",
    )
    assert isinstance(procedure.act(s, 1), Wait)


def test_a_bonus_move_in_contact_is_given_up_and_the_bonus_attack_kept() -> None:
    """Rampage's bonus move while engaged could not leave the enemy (the 1" rule): the procedure gives
    it up, then takes the bonus attack (D-WAR-19). Found by the bench: the move it chose was refused."""
    from bot.games.warcry.rules import check

    s = battle([fighter("R1", "colosse", 10, 5), fighter("B1", "maraudeur", 10, 6.9)], groups=((4, 3),))
    s = active(s, "R1")
    s, _ = play(s, 1, Use(ability="rampage", tier=4, value=3))
    first = procedure.act(s, 1)
    assert isinstance(first, Wait) and first.why.step == "c_no_bonus_move"  # type: ignore[union-attr]
    s, _ = play(s, 1, first)
    second = procedure.act(s, 1)
    assert isinstance(second, Attack) and second.target == "B1"
    check(s, 1, second)


@pytest.mark.parametrize("seed", [1, 17, 23])
def test_the_procedure_only_ever_chooses_legal_actions_along_whole_battles(seed: int) -> None:
    """Both sides played by the procedure, every choice checked by the rules before it is applied."""
    from bot.engine import Rng, SeatSpec
    from bot.games.warcry.game import WARCRY
    from bot.games.warcry.rules import check

    rng = Rng(seed)
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    state = WARCRY.setup(seats, {"difficulty": "difficile"}, rng).state
    agent, steps = WARCRY.agent(), 0
    while WARCRY.outcome(state) is None:
        seat = min(WARCRY.to_act(state))
        action = agent.choose(WARCRY, WARCRY.view(state, seat), seat, rng)
        check(state, seat, action)
        state = WARCRY.apply(state, seat, action, rng).state
        steps += 1
    assert state.winners is not None and steps > 50


def test_items_9_10_13_the_booklets_definitions() -> None:
    """« Combattant ennemi » is the player's, « combattant ami » the solo side's; « engagé » is within 1"
    of an enemy; « portée menaçante » is Move plus the longest weapon's range."""
    close = battle([fighter("R1", "porte_bouclier", 10, 10), fighter("B1", "maraudeur", 10, 12.26)])
    apart = battle([fighter("R1", "porte_bouclier", 10, 10), fighter("B1", "maraudeur", 10, 12.4)])
    assert board.gap(close.fighter("R1"), close.fighter("B1")) <= inch(1)  # type: ignore[arg-type]
    assert board.engaged(close, close.fighter("R1")) and not board.engaged(apart, apart.fighter("R1"))  # type: ignore[arg-type]
    assert [e.id for e in board.enemies(close, close.fighter("R1"))] == ["B1"]  # type: ignore[arg-type]
    from bot.games.warcry.rules import threat

    crossbow = fighter("R1", "arbaletrier", 10, 10)
    assert threat(crossbow, inch(4 + 14)) and not threat(crossbow, inch(4 + 14) + 1)
