"""1.2.5 Costs: never forced, paid in full or not at all, all parts together, mana = exhausting orbs."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.altered.actions import HeroAbility, Pass, PlayCard, SkipExpand
from bot.games.altered.game import ALTERED

from .helpers import act, cards, o, orbs, player, scenario


def test_1_2_5_a_cost_is_a_change_of_state_paid_to_play_a_card() -> None:
    """1.2.5.a/e: playing a 3-cost card exhausts three orbs; that change is the cost."""
    lancer = o("lancier_aube")
    state = scenario(player(hand=[lancer], mana=4))
    after = act(state, 0, PlayCard(uid=lancer.uid, expedition="hero")).state
    assert [x.exhausted for x in after.players[0].mana] == [True, True, True, False]
    assert all(not x.exhausted for x in state.players[0].mana)


def test_1_2_5_b_never_forced_to_pay() -> None:
    """1.2.5.b: every decision offers a way to pay nothing: Pass in the Afternoon, keep the hand in the Morning."""
    state = scenario(player(hand=cards("lancier_aube", "eclaireur_cretes"), mana=5))
    assert Pass() in ALTERED.legal_actions(state, 0)
    morning = scenario(player(hand=cards("lancier_aube")), phase="morning")
    assert SkipExpand() in ALTERED.legal_actions(morning, 0)


def test_1_2_5_c_a_cost_that_cannot_be_paid_in_full_is_not_paid_at_all() -> None:
    """1.2.5.c: two ready orbs cannot pay a cost of three: not offered, refused, nothing exhausted."""
    lancer = o("lancier_aube")
    state = scenario(player(hand=[lancer], mana=orbs(2, 2)))
    action = PlayCard(uid=lancer.uid, expedition="hero")
    assert action not in ALTERED.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(state, 0, action)
    assert err.value.code == "altered.cannot_pay" and err.value.rule == "altered.cost"
    assert [x.exhausted for x in state.players[0].mana] == [False, False, True, True]


def test_1_2_5_c_reserve_cost_counts_from_reserve() -> None:
    """The clarification: from the Reserve the Reserve cost is paid (Vétéran 3 from hand, 4 from Reserve)."""
    in_hand, in_reserve = o("veteran_pistes"), o("veteran_pistes")
    state = scenario(player(hand=[in_hand], reserve=[in_reserve], mana=3))
    legal = ALTERED.legal_actions(state, 0)
    assert PlayCard(uid=in_hand.uid, expedition="hero") in legal
    assert all(getattr(a, "uid", None) != in_reserve.uid for a in legal)


def test_1_2_5_d_all_parts_paid_together() -> None:
    """1.2.5.d: Orvan's quick action costs 'exhaust Orvan' and 1 mana: missing either part pays neither."""
    no_mana = scenario(player("A", "orvan", mana=orbs(0, 2)))
    assert HeroAbility() not in ALTERED.legal_actions(no_mana, 0)
    with pytest.raises(IllegalAction):
        ALTERED.check(no_mana, 0, HeroAbility())
    tired = scenario(player("A", "orvan", mana=2, hero_exhausted=True))
    assert HeroAbility() not in ALTERED.legal_actions(tired, 0)
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(tired, 0, HeroAbility())
    assert err.value.code == "altered.hero_exhausted"
    assert all(not x.exhausted for x in tired.players[0].mana)
    ok = act(scenario(player("A", "orvan", mana=2)), 0, HeroAbility()).state.players[0]
    assert ok.hero_exhausted and [x.exhausted for x in ok.mana] == [True, False]


def test_1_2_5_e_mana_cost_exhausts_that_many_orbs() -> None:
    """1.2.5.e / 3.2.9.f: a cost of X exhausts exactly X Mana Orbs (here 5 of 6)."""
    giant = o("geant_plateaux")
    after = act(scenario(player(hand=[giant], mana=6)), 0, PlayCard(uid=giant.uid, expedition="companion")).state
    assert sum(x.exhausted for x in after.players[0].mana) == 5


def test_zero_cost_and_exhausted_reserve_cards() -> None:
    """An exhausted Reserve card cannot be played, whatever the mana (v3.0 Reserve rule)."""
    tired = o("halte_camp", exhausted=True)
    state = scenario(player(reserve=[tired], mana=5))
    assert all(getattr(a, "uid", None) != tired.uid for a in ALTERED.legal_actions(state, 0))
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(state, 0, PlayCard(uid=tired.uid))
    assert err.value.code == "altered.reserve_exhausted"
