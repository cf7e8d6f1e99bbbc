"""3.2.9 The Mana zone: private but visible, face down, orbs, owner looks at will, cycling, cost X."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction, Rng
from bot.games.altered.actions import CycleOrb, Expand, Pass, PlayCard
from bot.games.altered.game import ALTERED

from .helpers import act, cards, hidden_uids, leaked, o, orbs, player, scenario


def _with_faces():  # type: ignore[no-untyped-def]
    p1 = player("B", "orvan", mana=cards("colosse_seuil"))
    return scenario(player(mana=cards("geant_plateaux", "halte_camp")), p1)


def test_3_2_9_a_visible_zone_with_hidden_faces() -> None:
    """3.2.9.a: everyone sees how many orbs and which are exhausted, never the opponent's faces."""
    state = _with_faces()
    for viewer in (1, None):
        seat0 = ALTERED.view(state, viewer).players[0]
        assert seat0.mana_count == 2 and seat0.mana_ready == 2
        assert [orb.card for orb in seat0.orbs] == [None, None]
        assert "geant_plateaux" not in ALTERED.view(state, viewer).model_dump_json()
        assert not leaked(ALTERED.view(state, viewer), hidden_uids(state, 0))


def test_3_2_9_b_enters_face_down_not_revealed() -> None:
    """3.2.9.b: a card put into Mana from the hand is not revealed: the public event has no face,
    the owner alone gets it. It enters ready because the Expand step says so (D-ALT-03)."""
    card = o("geant_plateaux")
    state = scenario(player(hand=[card, o("halte_camp")]), phase="morning")
    t = act(state, 0, Expand(uid=card.uid))
    public_events = [e for e in t.events if e.public]
    assert "geant_plateaux" not in str([e.params for e in public_events])
    mine = [e for e in t.events if e.kind == "your_orb"]
    assert mine and mine[0].to == (0,) and mine[0].params["card"]["key"] == "altered.card.geant_plateaux"
    orb = t.state.players[0].mana[-1]
    assert orb.uid == card.uid and not orb.exhausted


def test_3_2_9_b_setup_orbs_are_ready() -> None:
    """Beginning of the game (v3.0): the three starting orbs are ready (D-ALT-02)."""
    from .helpers import new_game

    state = new_game(3)
    for seat in (0, 1):
        for _ in range(3):
            state = ALTERED.apply(state, seat, ALTERED.legal_actions(state, seat)[0], Rng(1)).state
    assert all(not x.exhausted for p in state.players for x in p.mana)
    assert [len(p.mana) for p in state.players] == [3, 3] and [len(p.hand) for p in state.players] == [3, 3]


def test_3_2_9_c_objects_in_mana_are_orbs() -> None:
    """3.2.9.c: a Character in the Mana zone is only an orb: no statistics count, it is not playable."""
    state = scenario(player(mana=cards("geant_plateaux", "geant_plateaux")))
    assert ALTERED.view(state, 0).players[0].expeditions[0].stats == {"forest": 0, "mountain": 0, "water": 0}
    assert all(not isinstance(a, PlayCard) for a in ALTERED.legal_actions(state, 0))


def test_3_2_9_d_owner_sees_own_faces_any_time() -> None:
    """3.2.9.d: the owner's view shows the faces, whatever the phase and whoever is to act."""
    state = _with_faces().model_copy(update={"turn": 1})
    faces = [orb.card.card for orb in ALTERED.view(state, 0).players[0].orbs]  # type: ignore[union-attr]
    assert faces == ["geant_plateaux", "halte_camp"]


def test_3_2_9_e_exhaust_an_orb_to_ready_another() -> None:
    """3.2.9.e: a quick action; the count of ready orbs stays the same and the turn goes on."""
    state = scenario(player(mana=orbs(1, 1)))
    assert CycleOrb() in ALTERED.legal_actions(state, 0)
    after = act(state, 0, CycleOrb()).state
    assert [x.exhausted for x in after.players[0].mana] == [True, False]
    assert after.turn == 0 and Pass() in ALTERED.legal_actions(after, 0)
    for board in (scenario(player(mana=orbs(2, 0))), scenario(player(mana=orbs(0, 2)))):
        assert CycleOrb() not in ALTERED.legal_actions(board, 0)
        with pytest.raises(IllegalAction) as err:
            ALTERED.check(board, 0, CycleOrb())
        assert err.value.code == "altered.cannot_cycle"


def test_3_2_9_f_cost_x_exhausts_x_orbs() -> None:
    """3.2.9.f: Brume matinale (3) exhausts exactly three of four orbs."""
    mist, foe = o("brume_matinale"), o("recrue_seuil")
    state = scenario(player(hand=[mist], mana=4), player("B", "orvan", exp_hero=[foe]))
    after = act(state, 0, PlayCard(uid=mist.uid, target=foe.uid)).state
    assert sum(x.exhausted for x in after.players[0].mana) == 3
