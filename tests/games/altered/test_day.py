"""1.3.2 The day and the phase clarification: Morning, Noon, Afternoon, Dusk, Night."""

from __future__ import annotations

import pytest

from bot.engine import PHASE, IllegalAction, Rng
from bot.games.altered.actions import (
    CleanupDiscard,
    CleanupSacrifice,
    Expand,
    HeroAbility,
    Pass,
    PlayCard,
    SkipExpand,
)
from bot.games.altered.game import ALTERED

from .helpers import act, cards, new_game, o, orbs, player, scenario


def _phases(t) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.params["phase"]["key"].rsplit(".", 1)[1] for e in t.events if e.kind == PHASE]


def test_1_3_2_a_five_phases_in_order() -> None:
    """1.3.2.a: both pass -> Dusk, Night, next day's Morning; Expands -> Noon, Afternoon."""
    state = scenario(player(hand=cards("eclaireur_cretes")), player("B", "orvan", hand=cards("recrue_seuil")))
    t1 = act(state, 0, Pass())
    t2 = act(t1.state, 1, Pass())
    assert _phases(t2) == ["dusk", "night", "morning"]
    assert t2.state.day == 3 and ALTERED.phase(t2.state) == "3:morning"
    first = t2.state.first
    t3 = act(t2.state, first, SkipExpand())
    t4 = act(t3.state, 1 - first, SkipExpand())
    assert _phases(t4) == ["noon", "afternoon"]


def test_1_3_2_b_morning_first_player_passes_except_day_one() -> None:
    """1.3.2.b and clarification: the marker passes each Morning from day 2; day 1 has no Morning."""
    state = new_game(5)
    first = state.first
    for seat in (0, 1):
        for _ in range(3):
            state = ALTERED.apply(state, seat, ALTERED.legal_actions(state, seat)[0], Rng(1)).state
    assert state.day == 1 and state.phase == "afternoon" and state.first == first and state.turn == first
    state = act(state, first, Pass()).state
    state = act(state, 1 - first, Pass()).state
    assert state.day == 2 and state.phase == "morning" and state.first == 1 - first


def test_1_3_2_b_morning_prepare_draw_and_expand_order() -> None:
    """Prepare readies Hero, Characters, Landmarks, orbs and Reserve; each draws two; Expand in
    first-player order (here seat 1 is first on day 3), each at most one card."""
    p0 = player(
        hand=cards("eclaireur_cretes"),
        mana=orbs(0, 3),
        hero_exhausted=True,
        reserve=cards("halte_camp", exhausted=True),
        landmarks=cards("tour_de_guet", exhausted=True),
        exp_hero=cards("lancier_aube", exhausted=True, anchored=True),
    )
    p1 = player("B", "orvan", hand=cards("recrue_seuil"), mana=orbs(0, 2))
    state = scenario(p0, p1, first=0, turn=1, day=2)
    state = state.model_copy(
        update={"players": [state.players[0].model_copy(update={"passed": True}), state.players[1]]}
    )
    t = act(state, 1, Pass())
    s = t.state
    assert s.phase == "morning" and s.first == 1 and s.turn == 1
    p = s.players[0]
    assert not p.hero_exhausted and all(not x.exhausted for x in (*p.mana, *p.reserve, *p.landmarks, *p.exp_hero))
    assert [len(x.hand) for x in s.players] == [3, 3]
    assert [e.params["seat"] for e in t.events if e.kind == "drew"] == [1, 0]
    with pytest.raises(IllegalAction):
        ALTERED.check(s, 0, SkipExpand())
    card = s.players[1].hand[0]
    s = act(s, 1, Expand(uid=card.uid)).state
    assert s.turn == 0 and len(s.players[1].mana) == 3
    s = act(s, 0, SkipExpand()).state
    assert s.phase == "afternoon" and s.turn == 1


def test_1_3_2_c_noon_triggers_first_player_first() -> None:
    """1.3.2.c and clarification: only 'À Midi' abilities act at Noon, the first player's first."""
    p0 = player(hand=cards("eclaireur_cretes"), landmarks=cards("tour_de_guet"))
    p1 = player("B", "orvan", hand=cards("recrue_seuil"), landmarks=cards("etendard_seuil"))
    state = scenario(p0, p1, phase="morning", first=1, turn=0)
    t = act(state, 0, SkipExpand())
    triggered = [e.params["seat"] for e in t.events if e.kind == "triggered"]
    assert triggered == [1, 0]
    assert len(t.state.players[0].reserve) == 1  # Tour de guet: Resupply
    assert len(t.state.players[1].hand) == 2  # Étendard: draw


def test_1_3_2_d_alternate_turns_quick_actions_then_one_card() -> None:
    """1.3.2.d: quick actions do not end the turn; a card ends it; the other player goes next."""
    a, b = o("eclaireur_cretes"), o("pisteuse_agile")
    state = scenario(player(hand=[a, b], mana=orbs(2, 1)), player("B", "orvan", hand=cards("recrue_seuil"), mana=2))
    s = act(state, 0, HeroAbility()).state
    assert s.turn == 0 and s.players[0].hero_exhausted and all(not x.exhausted for x in s.players[0].mana)
    s = act(s, 0, PlayCard(uid=a.uid, expedition="hero")).state
    assert s.turn == 1
    assert ALTERED.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(s, 0, PlayCard(uid=b.uid, expedition="hero"))
    assert err.value.code == "not_your_turn"


def test_1_3_2_d_passing_is_final_and_the_other_keeps_playing() -> None:
    """1.3.2.d: once passed, no more turns that day; the other takes turns in a row; both passed ends it."""
    a, b = o("eclaireur_cretes"), o("eclaireur_cretes")
    state = scenario(player(hand=[a, b], mana=2), player("B", "orvan"))
    s = act(state, 0, PlayCard(uid=a.uid, expedition="hero")).state
    s = act(s, 1, Pass()).state
    assert s.turn == 0 and s.players[1].passed
    s = act(s, 0, PlayCard(uid=b.uid, expedition="companion")).state
    assert s.turn == 0 and s.phase == "afternoon"
    t = act(s, 0, Pass())
    assert t.state.phase == "morning" and "dusk" in _phases(t)


def test_1_3_2_e_dusk_reactions_resolve_before_progress() -> None:
    """Clarification (Dusk): 'Au Crépuscule' abilities first. Orvan is behind: its Hero Expedition's
    Characters gain a boost, and with it the 1/2/0 Recruit beats the 1/1/1 Scout: it advances."""
    p0 = player("A", "neree", exp_hero=cards("eclaireur_cretes"), pos_hero=1)
    p1 = player("B", "orvan", exp_hero=cards("recrue_seuil"), passed=True)
    state = scenario(p0, p1)
    t = act(state, 0, Pass())
    order = [e.kind for e in t.events if e.kind in ("triggered", "progress")]
    assert order[0] == "triggered"
    assert t.state.players[1].pos_hero == 1  # 2/3/1 beats 1/1/1 on the Hero region


def test_1_3_2_f_night_rest() -> None:
    """1.3.2.f Rest (read with v3.0, D-ALT-10): to Reserve; Fleeting discarded; Anchored/Asleep stay
    and lose the status; Eternal stays; Seasoned keeps boosts, others lose them."""
    plain, fleeting = o("lancier_aube", boosts=2), o("pisteuse_agile", fleeting=True)
    anchored, asleep = o("sentinelle_ancree", anchored=True, boosts=1), o("guetteur_marais", asleep=True)
    veteran, monk = o("veteran_pistes", boosts=2), o("moine_brumes")
    p0 = player(exp_hero=[plain, fleeting, veteran], passed=True)
    p1 = player("B", "orvan", exp_companion=[anchored, asleep, monk])
    t = act(scenario(p0, p1, turn=1), 1, Pass())
    a, b = t.state.players
    assert {x.uid: x.boosts for x in a.reserve} == {plain.uid: 0, veteran.uid: 2}
    assert [x.uid for x in a.discard] == [fleeting.uid] and a.exp_hero == []
    assert [x.uid for x in b.exp_companion] == [anchored.uid, asleep.uid, monk.uid]
    assert not any(x.anchored or x.asleep for x in b.exp_companion)
    assert b.exp_companion[0].boosts == 1


def test_1_3_2_f_night_cleanup_down_to_two() -> None:
    """1.3.2.f Clean-up: the owner chooses which Reserve cards to discard and Landmarks to
    sacrifice until two of each remain; choices in first-player order (D-ALT-11)."""
    p0 = player(
        reserve=cards("halte_camp", "halte_camp"),
        exp_hero=cards("lancier_aube"),
        landmarks=cards("tour_de_guet", "tour_de_guet", "tour_de_guet"),
        passed=True,
    )
    p1 = player("B", "orvan", exp_hero=cards("recrue_seuil", "recrue_seuil", "guetteur_marais"))
    t = act(scenario(p0, p1, turn=1, first=1), 1, Pass())
    s = t.state
    assert s.phase == "night" and s.turn == 1
    legal = ALTERED.legal_actions(s, 1)
    assert {type(x) for x in legal} == {CleanupDiscard} and len(legal) == 3
    s = act(s, 1, legal[0]).state
    assert s.turn == 0 and len(s.players[1].reserve) == 2
    legal = ALTERED.legal_actions(s, 0)
    assert sum(isinstance(x, CleanupSacrifice) for x in legal) == 3
    s = act(s, 0, next(x for x in legal if isinstance(x, CleanupDiscard))).state
    s = act(s, 0, next(x for x in ALTERED.legal_actions(s, 0) if isinstance(x, CleanupSacrifice))).state
    assert s.phase == "morning"
    assert len(s.players[0].reserve) == 2 and len(s.players[0].landmarks) == 2
    assert len(s.players[0].discard) == 2
