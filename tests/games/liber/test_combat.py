"""Rules "Résolution", "Attention" (one riposte per turn), blocks, "Les points de foi" and "Les
points de victoire"."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.liber.actions import Attack, Block, Play
from bot.games.liber.game import LIBER

from .helpers import act, attack, extra_cards, gpos, make_state

A, F = 1, 2


def test_worked_example_8_against_3() -> None:
    """The document's example: A deals 8 and takes 3, B deals 3 and takes 8: A stays with 7 of its
    10 PV for the following turns, B goes to the cemetery."""
    with extra_cards(
        {"id": "unit_a", "force": 8, "cost": 7, "pv": 10}, {"id": "unit_b", "force": 3, "cost": 3, "pv": 8}
    ):
        state = make_state({(0, F, 0): "unit_a", (1, F, 0): "unit_b"})
        after = attack(state, (0, F, 0), (1, F, 0)).state
        a = after.piece((0, F, 0))
        assert a is not None and a.pv == 7
        assert after.piece((1, F, 0)) is None
        assert [after.cards[u] for u in after.sides[1].cemetery] == ["unit_b"]
        assert after.sides[0].faith == 1  # one enemy creature killed
        assert after.sides[0].vp == 8  # 8 wounds to an enemy unit
        assert after.sides[1].vp == 3
        nxt = act(after, 0, __import__("bot.games.liber.actions", fromlist=["End"]).End()).state
        assert nxt.piece((0, F, 0)).pv == 7  # type: ignore[union-attr]  # damage stays


def test_a_unit_ripostes_only_once_per_turn() -> None:
    state = make_state({(0, F, 0): "brute", (0, F, 1): "brute", (1, F, 0): "fanatique"})
    after = attack(state, (0, F, 0), (1, F, 0)).state
    assert after.piece((0, F, 0)).pv == 1  # type: ignore[union-attr]
    assert after.piece((1, F, 0)) is None  # 4 force vs 3 PV
    # A fresh defender: first attack draws a riposte, second one does not.
    state = make_state({(0, F, 0): "milicien", (0, F, 1): "milicien", (1, F, 0): "garde_loyal"})
    s1 = attack(state, (0, F, 0), (1, F, 0)).state
    assert s1.piece((0, F, 0)) is None  # the guard's riposte (2) kills the militia
    s2 = attack(s1, (0, F, 1), (1, F, 0)).state
    assert s2.piece((0, F, 1)).pv == 2  # type: ignore[union-attr]  # no second riposte this turn


def test_riposte_resets_at_end_of_turn() -> None:
    from bot.games.liber.actions import End

    state = make_state({(0, F, 0): "milicien", (1, F, 0): "garde_loyal"}, hands=(["milicien"], ["milicien"]))
    s1 = attack(state, (0, F, 0), (1, F, 0)).state
    assert s1.piece((1, F, 0)).riposted  # type: ignore[union-attr]
    s2 = act(act(s1, 0, End()).state, 1, End()).state  # attack phase over, response passed
    assert s2.active == 1 and not s2.piece((1, F, 0)).riposted  # type: ignore[union-attr]


def test_blocker_takes_the_attack_and_strikes_back() -> None:
    state = make_state({(0, F, 0): "brute", (1, F, 0): "milicien", (1, F, 1): "garde_loyal"}, hands=([], ["milicien"]))
    t = act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 1)))
    assert t.state.step == "block" and LIBER.to_act(t.state) == frozenset({1})
    assert Block(blocker=(1, F, 0)) in LIBER.legal_actions(t.state, 1)
    assert Block(blocker=(1, F, 1)) not in LIBER.legal_actions(t.state, 1)  # the target itself
    after = act(t.state, 1, Block(blocker=(1, F, 0))).state
    assert after.piece((1, F, 0)) is None  # the blocker died
    assert after.piece((1, F, 1)).pv == 4  # type: ignore[union-attr]  # the original target is untouched
    assert after.piece((0, F, 0)).pv == 2  # type: ignore[union-attr]  # blocker's riposte


def test_blocker_must_reach_the_attacker() -> None:
    state = make_state(
        {(0, F, 0): "lanceur_flammes", (1, F, 0): "milicien", (1, 0, 0): "milicien"}, hands=([], ["milicien"])
    )
    t = act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0)))
    legal = LIBER.legal_actions(t.state, 1)
    assert Block(blocker=(1, 0, 0)) not in legal  # a melee unit on the plaine reaches nothing
    with pytest.raises(IllegalAction) as err:
        act(t.state, 1, Block(blocker=(1, 0, 0)))
    assert err.value.code == "liber.out_of_reach"


def test_general_can_be_attacked_and_its_wounds_give_no_vp() -> None:
    state = make_state({(0, F, 0): "brute"})  # enemy front empty: melee cas 2 reaches the back line
    after = attack(state, (0, F, 0), gpos(1)).state
    assert after.piece(gpos(1)).pv == 16  # type: ignore[union-attr]
    assert after.sides[0].vp == 0  # the general is not a unit for VP
    assert after.piece((0, F, 0)).pv == 1  # type: ignore[union-attr]  # Vharka strikes back with 3
    assert after.sides[1].vp == 0  # and a general's wounds give no VP


def test_general_attacks_without_scoring() -> None:
    state = make_state({(1, A, 0): "brute"})  # fronts empty: general (back) reaches enemy back line
    after = attack(state, gpos(0), (1, A, 0)).state
    assert after.piece((1, A, 0)).pv == 2  # type: ignore[union-attr]
    assert after.sides[0].vp == 0


def test_summoning_sickness_prevents_attacks() -> None:
    state = make_state({(0, F, 0): {"card": "brute", "sick": True}, (1, F, 0): "milicien"})
    assert not [a for a in LIBER.legal_actions(state, 0) if isinstance(a, Attack)]
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Attack(attacker=(0, F, 0), target=(1, F, 0)))
    assert err.value.code == "liber.summoning_sick"


def test_sacrificed_creature_gives_no_faith_and_no_vp() -> None:
    state = make_state({(0, F, 0): "brute"}, phase="placement", hands=(["sacrifice_rituel"], []), gold=(0, 0))
    after = act(state, 0, Play(card="sacrifice_rituel", at=(0, F, 0))).state
    assert after.piece((0, F, 0)) is None
    assert after.sides[1].faith == 0 and after.sides[1].vp == 0
    assert after.sides[0].gold == 5


def test_spell_wounds_score_vp_and_kills_give_faith() -> None:
    state = make_state({(1, F, 0): "brute"}, phase="placement", hands=(["foudre_divine"], []), faith=(1, 0))
    after = act(state, 0, Play(card="foudre_divine", at=(1, F, 0))).state
    assert after.sides[0].vp == 3 and after.sides[0].faith == 0  # 1 faith paid, no kill
    state = make_state({(1, F, 0): "milicien"}, phase="placement", hands=(["foudre_divine"], []), faith=(1, 0))
    after = act(state, 0, Play(card="foudre_divine", at=(1, F, 0))).state
    assert after.sides[0].vp == 2  # no overkill
    assert after.sides[0].faith == 1


def test_attacks_are_refused_with_stable_codes() -> None:
    state = make_state({(0, F, 0): "brute", (1, F, 0): "milicien"})
    with pytest.raises(IllegalAction) as err:
        act(state, 1, Attack(attacker=(1, F, 0), target=(0, F, 0)))
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Attack(attacker=(0, F, 1), target=(1, F, 0)))
    assert err.value.code == "liber.no_unit"
    after = attack(state, (0, F, 0), (1, F, 0)).state
    with pytest.raises(IllegalAction) as err:
        act(after, 0, Attack(attacker=(0, F, 0), target=gpos(1)))
    assert err.value.code == "liber.already_attacked"
