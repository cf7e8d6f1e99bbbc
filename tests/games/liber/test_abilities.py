"""Rule "Capacité": one scenario per ability, plus the general ability rules (attacker first, once
per turn, same effect does not stack)."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.liber.abilities import force_of
from bot.games.liber.actions import Ability, Assign, Attack, Block, End, Play
from bot.games.liber.effects import income
from bot.games.liber.game import LIBER

from .helpers import act, attack, gpos, make_state

P, A, F = 0, 1, 2


def pv(state, pos) -> int | None:  # type: ignore[no-untyped-def]
    piece = state.piece(pos)
    return None if piece is None else piece.pv


def test_armure_reduces_each_damage_by_two() -> None:
    state = make_state({(0, F, 0): "brute", (1, F, 0): "garde_loyal"})
    assert pv(attack(state, (0, F, 0), (1, F, 0)).state, (1, F, 0)) == 2
    spell = make_state({(1, F, 0): "garde_loyal"}, phase="placement", hands=(["foudre_divine"], []), faith=(1, 0))
    assert pv(act(spell, 0, Play(card="foudre_divine", at=(1, F, 0))).state, (1, F, 0)) == 3


def test_artillerie_fires_from_the_plaine_at_the_front() -> None:
    state = make_state({(0, P, 0): "catapulte_os", (1, F, 0): "brute"})
    after = attack(state, (0, P, 0), (1, F, 0)).state
    assert pv(after, (1, F, 0)) == 0 or pv(after, (1, F, 0)) is None
    assert pv(after, (0, P, 0)) == 2  # the brute cannot reach the plaine: no riposte


def test_coup_fatal_destroys_a_wounded_blocker() -> None:
    """Decision D-LIB-05: it applies at the end of the combat even if the attacker fell in it."""
    state = make_state(
        {
            (0, F, 0): {"card": "milicien", "items": ["lame_maudite"]},
            (1, F, 0): "milicien",
            (1, F, 1): "seigneur_ombres",
        },
    )
    t = act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0)))
    blocked = act(t.state, 1, Block(blocker=(1, F, 1)))
    assert blocked.state.piece((1, F, 1)) is None  # 3 wounds of 6, then Coup fatal
    assert "fatal_blow" in [e.kind for e in blocked.events]
    # Unblocked, Coup fatal does nothing more.
    after = act(t.state, 1, Block()).state
    assert after.piece((1, F, 0)) is None and pv(after, (1, F, 1)) == 6


def test_defausse_discards_for_two_gold_once_per_turn() -> None:
    state = make_state({(0, P, 0): "esclave"}, phase="placement", hands=(["brute", "goule"], []), gold=(0, 0))
    after = act(state, 0, Ability(source=(0, P, 0), ability="defausse", card="brute")).state
    assert after.sides[0].gold == 2 and [after.cards[u] for u in after.sides[0].cemetery] == ["brute"]
    with pytest.raises(IllegalAction) as err:
        act(after, 0, Ability(source=(0, P, 0), ability="defausse", card="goule"))
    assert err.value.code == "liber.once_per_turn"


def test_deplacement_arrives_anywhere_without_surcharge() -> None:
    state = make_state(phase="placement", hands=(["eclaireur", "milicien"], []), gold=(2, 0))
    assert Play(card="eclaireur", at=(0, F, 0)) in LIBER.legal_actions(state, 0)
    assert Play(card="milicien", at=(0, F, 0)) not in LIBER.legal_actions(state, 0)  # 1 + 4 gold
    after = act(state, 0, Play(card="eclaireur", at=(0, F, 0))).state
    assert after.sides[0].gold == 0


def test_double_attaque_attacks_twice() -> None:
    state = make_state({(0, F, 0): "berserker", (1, F, 0): "milicien", (1, F, 1): "milicien"})
    s1 = attack(state, (0, F, 0), (1, F, 0)).state
    s2 = attack(s1, (0, F, 0), (1, F, 1)).state
    assert s2.piece((1, F, 1)) is None
    assert not [a for a in LIBER.legal_actions(s2, 0) if isinstance(a, Attack) and a.attacker == (0, F, 0)]


def test_encouragement_on_attack_only_and_does_not_stack() -> None:
    state = make_state({(0, F, 0): "brute", (0, F, 1): "capitaine", (1, F, 0): "milicien"})
    assert force_of(state, (0, F, 0), attacking=True) == 5
    assert force_of(state, (0, F, 1), attacking=True) == 4  # "les autres unités"
    assert force_of(state, (0, F, 0), defending=True) == 4
    both = make_state({(0, F, 0): "brute", (0, F, 1): "capitaine", (0, P, 0): "banniere"})
    assert force_of(both, (0, F, 0), attacking=True) == 5  # same effect twice counts once
    theirs = make_state({(1, F, 0): "brute", (1, F, 1): "capitaine"})  # not on their turn
    assert force_of(theirs, (1, F, 0), attacking=True) == 4


def test_empoisonnement_bites_each_turn_until_healed() -> None:
    state = make_state({(0, F, 0): "goule", (1, F, 0): "brute"}, decks=(["milicien"], ["milicien"]))
    s1 = attack(state, (0, F, 0), (1, F, 0)).state
    assert s1.piece((1, F, 0)).poisoned and pv(s1, (1, F, 0)) == 2  # type: ignore[union-attr]
    s2 = act(s1, 0, End()).state  # opponent's turn starts: poison bites
    assert s2.active == 1 and pv(s2, (1, F, 0)) == 1
    assert s2.sides[0].vp == 3  # 2 from the bite, 1 from the poison


def test_empoisonnement_needs_a_wound() -> None:
    state = make_state({(0, F, 0): "goule", (1, F, 0): "garde_loyal"})
    assert not attack(state, (0, F, 0), (1, F, 0)).state.piece((1, F, 0)).poisoned  # type: ignore[union-attr]


def test_entraver_returns_to_the_hand() -> None:
    state = make_state({(0, F, 0): "brute", (1, F, 0): "spectre"})
    after = attack(state, (0, F, 0), (1, F, 0)).state
    assert [after.cards[u] for u in after.sides[1].hand] == ["spectre"]
    assert after.sides[1].cemetery == [] and after.sides[0].faith == 1


def test_fanatique_doubles_victory_points() -> None:
    state = make_state({(0, F, 0): "fanatique", (1, F, 0): "brute"})
    assert attack(state, (0, F, 0), (1, F, 0)).state.sides[0].vp == 6


def test_furtivite_draws_no_riposte() -> None:
    state = make_state({(0, F, 0): "diablotin", (1, F, 0): "brute"})
    after = attack(state, (0, F, 0), (1, F, 0)).state
    assert pv(after, (0, F, 0)) == 1 and pv(after, (1, F, 0)) == 2


def test_invocateur_summons_tokens_that_vanish() -> None:
    state = make_state({(0, A, 0): "necromant", (1, F, 0): "brute"}, phase="placement", gold=(2, 0))
    after = act(state, 0, Ability(source=(0, A, 0), ability="invocateur", target=(0, P, 1))).state
    token = after.piece((0, P, 1))
    assert token is not None and token.kind == "token" and token.card == "squelette" and token.sick
    assert after.sides[0].gold == 0
    # Later the token dies: it is désinvoqué (no cemetery) but still gives faith.
    later = after.clone()
    later.put((0, P, 1), None)
    token.sick = False
    later.put((0, F, 1), token)
    later.active, later.phase = 1, "attack"
    dead = attack(later, (1, F, 0), (0, F, 1)).state
    assert dead.piece((0, F, 1)) is None and token.uid in dead.vanished and dead.sides[1].faith == 1
    assert token.uid not in dead.sides[0].cemetery


def test_honneur_du_guerrier_splits_damage_over_two_units() -> None:
    state = make_state({(0, F, 0): "maitre_armes", (1, F, 0): "milicien", (1, F, 1): "brute"})
    legal = [a for a in LIBER.legal_actions(state, 0) if isinstance(a, Attack) and a.target2 is not None]
    assert {a.split for a in legal if a.target == (1, F, 0) and a.target2 == (1, F, 1)} == {1, 2, 3}
    after = attack(state, (0, F, 0), (1, F, 0), target2=(1, F, 1), split=2).state
    assert after.piece((1, F, 0)) is None and pv(after, (1, F, 1)) == 2
    assert pv(after, (0, F, 0)) == 5 - 2 - 4 or after.piece((0, F, 0)) is None  # both strike back


def test_impatient_is_played_during_the_opponents_turn() -> None:
    state = make_state(
        {(0, F, 0): "brute"}, hands=(["milicien"], ["sentinelle", "milicien"]), gold=(0, 10), phase="attack"
    )
    window = act(state, 0, End()).state
    assert window.step == "response" and LIBER.to_act(window) == frozenset({1})
    legal = LIBER.legal_actions(window, 1)
    assert Play(card="sentinelle", at=(1, F, 0)) in legal
    assert not [a for a in legal if isinstance(a, Play) and a.card == "milicien"]
    with pytest.raises(IllegalAction) as err:
        act(window, 1, Play(card="milicien", at=(1, P, 0)))
    assert err.value.code == "liber.wrong_timing"
    after = act(window, 1, Play(card="sentinelle", at=(1, F, 0))).state
    assert after.piece((1, F, 0)).sick and after.sides[1].gold == 3  # type: ignore[union-attr]
    nxt = act(after, 1, End()).state  # pass: the turn ends, it is now seat 1's turn
    assert nxt.active == 1 and not nxt.piece((1, F, 0)).sick  # type: ignore[union-attr]


def test_initiative_strikes_first_and_two_cancel() -> None:
    state = make_state({(0, F, 0): "chevalier", (1, F, 0): "brute"})
    after = attack(state, (0, F, 0), (1, F, 0)).state
    assert after.piece((1, F, 0)) is None and pv(after, (0, F, 0)) == 5
    state = make_state({(0, F, 0): "chevalier", (1, F, 0): "chevalier"})
    after = attack(state, (0, F, 0), (1, F, 0)).state
    assert after.piece((1, F, 0)) is None and after.piece((0, F, 0)) is None
    # A defender with Initiative strikes first: the attacker dies before it hits.
    state = make_state({(0, F, 0): "milicien", (1, F, 0): "chevalier"})
    after = attack(state, (0, F, 0), (1, F, 0)).state
    assert after.piece((0, F, 0)) is None and pv(after, (1, F, 0)) == 5


def test_loyaute_shields_its_line_and_the_lines_behind() -> None:
    state = make_state({(0, F, 0): "lanceur_flammes", (1, F, 0): "garde_loyal", (1, F, 1): "brute", (1, A, 0): "brute"})
    targets = {a.target for a in LIBER.legal_actions(state, 0) if isinstance(a, Attack)}
    assert targets == {(1, F, 0)}
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Attack(attacker=(0, F, 0), target=gpos(1)))
    assert err.value.code == "liber.shielded_by_loyalty"
    behind = make_state({(0, F, 0): "lanceur_flammes", (1, F, 1): "brute", (1, A, 0): "garde_loyal"})
    targets = {a.target for a in LIBER.legal_actions(behind, 0) if isinstance(a, Attack)}
    assert targets == {(1, F, 1), (1, A, 0)}  # the front is ahead of the loyal unit


def test_paralysie_stops_attacks_and_defence_for_the_next_turn() -> None:
    state = make_state(
        {(0, F, 0): "basilic", (0, F, 1): "milicien", (1, F, 0): "brute"}, decks=(["milicien"], ["milicien"])
    )
    s1 = attack(state, (0, F, 0), (1, F, 0)).state
    brute = s1.piece((1, F, 0))
    assert brute is not None and brute.paralysis == 1
    s1b = attack(s1, (0, F, 1), (1, F, 0)).state
    assert pv(s1b, (0, F, 1)) == 2  # a paralysed unit cannot strike back
    s2 = act(s1, 0, End()).state
    assert s2.active == 1 and s2.phase == "placement"
    s2 = act(s2, 1, End()).state
    assert not [a for a in LIBER.legal_actions(s2, 1) if isinstance(a, Attack) and a.attacker == (1, F, 0)]
    s3 = act(act(s2, 1, End()).state, 0, End()).state if s2.step == "attack" else s2
    assert s3.piece((1, F, 0)).paralysis == 0  # type: ignore[union-attr]  # wore off at its turn's end


def test_producteur_adds_one_gold() -> None:
    state = make_state({(0, P, 0): "marchand", (0, P, 1): "marchand"}, gold=(0, 0))
    income(state, [], 0)
    assert state.sides[0].gold == 7


def test_ravage_splits_three_damage_on_arrival() -> None:
    state = make_state({(1, F, 0): "milicien", (1, F, 1): "brute"}, phase="placement", hands=(["seigneur_ombres"], []))
    s = act(state, 0, Play(card="seigneur_ombres", at=(0, P, 0))).state
    assert s.step == "ravage" and LIBER.to_act(s) == frozenset({0})
    assert {a.target for a in LIBER.legal_actions(s, 0)} == {(1, F, 0), (1, F, 1)}  # never the general
    s = act(s, 0, Assign(target=(1, F, 0))).state
    s = act(s, 0, Assign(target=(1, F, 0))).state
    assert s.piece((1, F, 0)) is None
    s = act(s, 0, Assign(target=(1, F, 1))).state
    assert s.phase == "placement" and pv(s, (1, F, 1)) == 3 and s.sides[0].vp == 3


def test_regroupement_adds_defensive_force_per_neighbour() -> None:
    state = make_state({(1, F, 1): "piquier", (1, F, 0): "milicien", (1, F, 2): "milicien", (0, F, 1): "brute"})
    assert force_of(state, (1, F, 1), defending=True) == 4
    assert force_of(state, (1, F, 1)) == 2
    after = attack(state, (0, F, 1), (1, F, 1)).state
    assert after.piece((0, F, 1)) is None  # 4 damage back on a 4-PV brute


def test_soin_heals_and_cures_at_end_of_turn() -> None:
    state = make_state(
        {(0, A, 0): "pretre", (0, F, 0): {"card": "brute", "pv": 2, "poisoned": True, "paralysis": 1}},
        phase="placement",
        decks=(["milicien"], ["milicien"]),
    )
    s = act(state, 0, Ability(source=(0, A, 0), ability="soin", target=(0, F, 0))).state
    s = act(s, 0, End()).state  # placement -> attack
    s = act(s, 0, End()).state  # attack -> end of turn (no response: empty hand)
    brute = s.piece((0, F, 0))
    assert brute is not None and brute.pv == 3 and not brute.poisoned and brute.paralysis == 0


def test_telekinesie_moves_any_unit_but_a_general() -> None:
    state = make_state({(0, A, 0): "mage_lion", (1, F, 0): "brute"}, phase="placement")
    legal = [a for a in LIBER.legal_actions(state, 0) if isinstance(a, Ability) and a.ability == "telekinesie"]
    assert all(a.target != gpos(1) and a.target != gpos(0) for a in legal)
    s = act(state, 0, Ability(source=(0, A, 0), ability="telekinesie", target=(1, F, 0), to=(1, A, 0))).state
    assert s.piece((1, A, 0)).card == "brute" and s.piece((1, F, 0)) is None  # type: ignore[union-attr]
    with pytest.raises(IllegalAction) as err:
        act(s, 0, Ability(source=(0, A, 0), ability="telekinesie", target=(1, A, 0), to=(1, F, 0)))
    assert err.value.code == "liber.once_per_turn"


def test_tir_reaches_two_lines() -> None:
    state = make_state({(0, F, 0): "archer", (1, F, 0): "milicien", (1, A, 0): "milicien"})
    targets = {a.target for a in LIBER.legal_actions(state, 0) if isinstance(a, Attack)}
    assert {(1, F, 0), (1, A, 0), gpos(1)} <= targets


def test_vol_is_wounded_only_by_flyers_and_shooters() -> None:
    state = make_state({(0, F, 0): "brute", (0, F, 1): "archer", (1, F, 0): "demon_aile"})
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0)))
    assert err.value.code == "liber.cannot_wound_flyer"
    assert Attack(attacker=(0, F, 1), target=(1, F, 0)) in LIBER.legal_actions(state, 0)
    flyer = make_state({(0, F, 0): "demon_aile", (1, F, 0): "brute"})
    after = attack(flyer, (0, F, 0), (1, F, 0)).state
    assert pv(after, (0, F, 0)) == 3 and after.piece((1, F, 0)) is None  # the brute cannot wound it


def test_abilities_are_once_per_turn_and_reset() -> None:
    from bot.games.liber.turn import end_turn

    state = make_state({(0, A, 0): "pretre", (0, F, 0): "brute"}, phase="placement", decks=(["milicien"], ["milicien"]))
    s = act(state, 0, Ability(source=(0, A, 0), ability="soin", target=(0, F, 0))).state
    assert Ability(source=(0, A, 0), ability="soin", target=(0, F, 0)) not in LIBER.legal_actions(s, 0)
    s = s.clone()
    end_turn(s, [])  # seat 1's turn
    end_turn(s, [])  # seat 0 again
    assert s.active == 0 and s.phase == "placement"
    assert Ability(source=(0, A, 0), ability="soin", target=(0, F, 0)) in LIBER.legal_actions(s, 0)
