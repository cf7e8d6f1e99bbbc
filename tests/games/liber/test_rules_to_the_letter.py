"""King of Liber read to the letter: Vol, Loyauté, a poisoned general, Terreur in the opponent's turn.

Each test quotes the passage of the rules document (King of Liber, §Capacité) it holds the engine to.
"""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.liber.actions import Ability, Assign, Attack, Block, Designate, End, Play
from bot.games.liber.game import LIBER

from .helpers import act, attack, gpos, make_state

P, A, F = 0, 1, 2


def refused(state, seat, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as err:
        LIBER.check(state, seat, action)
    return err.value.code


# « Vol : Ne peut être blesser que par des unités volantes ou des unités avec le tir. »
# « Artillerie : Permet d'avoir une portée de trois lignes » — a reach, not Tir.
def test_l1_artillerie_does_not_wound_a_flyer_nor_riposte_against_one() -> None:
    state = make_state({(0, F, 0): "catapulte_os", (1, F, 0): "demon_aile"})
    assert refused(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0))) == "liber.cannot_wound_flyer"
    flyer_attacks = make_state({(0, F, 0): "demon_aile", (1, F, 0): "catapulte_os"})
    after = attack(flyer_attacks, (0, F, 0), (1, F, 0)).state
    assert after.piece((0, F, 0)) is not None and after.piece((0, F, 0)).pv == 3  # no riposte
    shooter = make_state({(0, F, 0): "archer", (1, F, 0): "demon_aile"})
    LIBER.check(shooter, 0, Attack(attacker=(0, F, 0), target=(1, F, 0)))  # Tir wounds a flyer


# The same Vol sentence: a spell, a general's power, a god's faveur are not units with Vol or Tir; the
# Ravage points are dealt by the arriving unit (« Inflige 3 point de dommage […] quand l'unité arrive
# en jeu »).
def test_l2_spells_powers_ravage_and_braise_do_not_wound_flyers() -> None:
    spell = make_state(
        {(1, F, 0): "demon_aile"}, phase="placement", hands=(["foudre_divine"], []), faith=(3, 0), gold=(9, 9)
    )
    assert refused(spell, 0, Play(card="foudre_divine", at=(1, F, 0))) == "liber.cannot_wound_flyer"
    terror = make_state({(1, F, 0): "demon_aile"}, phase="placement", hands=(["terreur"], []), faith=(3, 0))
    LIBER.check(terror, 0, Play(card="terreur", at=(1, F, 0)))  # paralysing does not wound: allowed

    vharka = make_state({(1, F, 0): "demon_aile"}, phase="placement", generals=("vharka", "aldric"), vp=(5, 0))
    power = Ability(source=gpos(0), ability="general", target=(1, F, 0))
    assert refused(vharka, 0, power) == "liber.cannot_wound_flyer"

    only_flyers = make_state({(1, F, 0): "demon_aile"}, phase="placement", hands=(["seigneur_ombres"], []))
    placed = act(only_flyers, 0, Play(card="seigneur_ombres", at=(0, F, 1))).state
    assert placed.step != "ravage"  # nothing it can wound: no Ravage to assign
    mixed = make_state(
        {(1, F, 0): "demon_aile", (1, F, 1): "milicien"}, phase="placement", hands=(["seigneur_ombres"], [])
    )
    placed = act(mixed, 0, Play(card="seigneur_ombres", at=(0, F, 1))).state
    assert placed.step == "ravage"
    assert refused(placed, 0, Assign(target=(1, F, 0))) == "liber.cannot_wound_flyer"
    assert [a.target for a in LIBER.legal_actions(placed, 0)] == [(1, F, 1)]


def test_l2_braise_skips_a_flyer_when_it_looks_for_the_weakest_enemy() -> None:
    from bot.games.liber.turn import start_turn

    state = make_state({(0, P, 0): "braise", (1, F, 0): "demon_aile", (1, F, 1): "brute"}, phase="placement", active=1)
    state.sides[0].god = None
    events: list = []
    state.active = 0
    start_turn(state, events)
    assert state.piece((1, F, 0)).pv == 3 and state.piece((1, F, 1)).pv == 3


# « Loyauté : […] Si plusieurs unités au loyauté le défenseur choisit laquelle est attaqué en premier. »
def test_l3_the_defender_chooses_which_loyal_unit_is_attacked() -> None:
    state = make_state(
        {(0, A, 0): "archer", (0, F, 1): "milicien", (1, F, 0): "garde_loyal", (1, F, 4): "garde_loyal"},
        hands=([], ["terreur"]),
    )
    t = act(state, 0, Attack(attacker=(0, A, 0), target=(1, F, 0)))
    assert t.state.step == "block" and LIBER.to_act(t.state) == {1}
    choices = [a for a in LIBER.legal_actions(t.state, 1) if isinstance(a, Designate)]
    assert [a.target for a in choices] == [(1, F, 4)]
    named = act(t.state, 1, Designate(target=(1, F, 4)))
    assert "loyal_designated" in [e.kind for e in named.events]
    assert refused(named.state, 1, Designate(target=(1, F, 0))) == "liber.no_loyal_choice"  # once
    after = act(named.state, 1, Block()).state
    assert after.piece((1, F, 4)).pv == 4 - max(0, 2 - 2)  # Armure took the archer's 2
    assert after.piece((1, F, 0)).pv == 4
    alone = make_state({(0, F, 0): "brute", (1, F, 0): "garde_loyal", (1, F, 1): "milicien"}, hands=([], ["terreur"]))
    declared = act(alone, 0, Attack(attacker=(0, F, 0), target=(1, F, 0))).state
    assert declared.step == "block"
    assert not [a for a in LIBER.legal_actions(declared, 1) if isinstance(a, Designate)]  # one loyal unit: no choice


# « Empoisonnement : […] Cette dernière perdra 1 pv par tour, jusqu'à être soigner. » — « Soin : l'unité
# ciblé regagne 1 PV en fin de tour. Elle soigne aussi poison et paralysie. » The general is a unit.
def test_l4_soin_cures_a_poisoned_general() -> None:
    state = make_state({(0, P, 1): "pretre"}, phase="placement", general_pv=(15, None))
    state.at(gpos(0)).poisoned = True
    heal = Ability(source=(0, P, 1), ability="soin", target=gpos(0))
    assert heal in LIBER.legal_actions(state, 0)
    after = act(state, 0, heal).state
    while after.active == 0:
        (seat,) = tuple(LIBER.to_act(after))
        after = act(after, seat, End()).state
    general = after.piece(gpos(0))
    assert general.pv == 16 and not general.poisoned


# « Paralysie : l'unité est paralysé pour le tour de l'adversaire, et ne peut se défendre en cas
# d'attaque. » — « les éphémères (pouvant être lancer durant le tour de l'adversaire »
def test_l5_terreur_cast_in_the_owners_turn_holds_through_the_casters_next_turn() -> None:
    state = make_state({(0, F, 0): "chevalier", (1, F, 0): "brute"}, hands=([], ["terreur"]), faith=(0, 2), gold=(9, 9))
    t = act(state, 0, End())  # the end of Alice's attack phase: Bob's window
    assert LIBER.to_act(t.state) == {1}
    cast = act(t.state, 1, Play(card="terreur", at=(0, F, 0))).state
    assert cast.piece((0, F, 0)).paralysis
    state = cast
    while state.active == 0:
        (seat,) = tuple(LIBER.to_act(state))
        state = act(state, seat, End()).state
    assert state.piece((0, F, 0)).paralysis  # still paralysed in Bob's turn
    while state.step != "attack":
        state = act(state, 1, End()).state
    hit = attack(state, (1, F, 0), (0, F, 0)).state
    assert hit.piece((1, F, 0)).pv == 4  # no riposte from the paralysed Chevalier
    assert hit.piece((0, F, 0)).pv == 1
    assert not [a for a in LIBER.legal_actions(state, 0) if isinstance(a, Block)]


def test_the_log_says_who_attacks_what_with_what() -> None:
    from bot import games as game_folders
    from bot.engine import load_games
    from bot.i18n import localize

    load_games(game_folders)
    state = make_state({(0, F, 0): "brute", (1, F, 1): "milicien"})
    t = act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 1)))
    declared = next(e for e in t.events if e.kind == "attack_declared")
    from bot.engine import Text

    line = localize(
        Text(key="liber.event.attack_declared", params=declared.params), "fr", ("Alice", "Tavernier (IA)").__getitem__
    )
    assert line == "Alice attaque Milicien avec Brute."
