"""1.3.2.e Dusk progress: the three conditions, at most one move, Tumult reveal, and the v3.0 readings."""

from __future__ import annotations

from bot.games.altered.actions import Pass
from bot.games.altered.expeditions import dusk_progress, winning_terrains

from .helpers import act, cards, hidden_regions, o, player, scenario


def _dusk(p0, p1, **kw):  # type: ignore[no-untyped-def]
    """Run the Afternoon's last pass and return the state after Dusk and Night."""
    p0 = p0.model_copy(update={"passed": True})
    return act(scenario(p0, p1, turn=1, **kw), 1, Pass())


def test_all_three_conditions_move_the_expedition_once() -> None:
    """A 3/3/2 Lancer against nothing wins all three terrains of the Hero region: one move only."""
    t = _dusk(player(exp_hero=cards("lancier_aube")), player("B", "orvan"))
    assert t.state.players[0].pos_hero == 1
    progress = [e.params for e in t.events if e.kind == "progress" and e.params["seat"] == 0]
    assert progress[0]["advanced"] and progress[0]["terrains"] == ["forest", "mountain", "water"]
    assert progress[0]["result"]["key"] == "altered.progress.advanced"


def test_condition_region_type_alone_blocks() -> None:
    """Region 1 is forest only: the Lookout's mountain 2 and water 3 beat the opponent and are
    positive, but are not of the region's type, so the expedition stays."""
    state = scenario(player(exp_hero=cards("guetteur_marais"), pos_hero=1), player("B", "orvan"))
    assert winning_terrains(state, 0, "hero") == []
    t = _dusk(player(exp_hero=cards("guetteur_marais"), pos_hero=1), player("B", "orvan"))
    assert t.state.players[0].pos_hero == 1


def test_condition_strictly_greater_alone_blocks() -> None:
    """Equal statistics in every terrain of a three-terrain region (positive, of the type): a tie
    is not enough, neither side moves."""
    t = _dusk(player(exp_hero=cards("lancier_aube")), player("B", "orvan", exp_hero=cards("lancier_aube")))
    assert [p.pos_hero for p in t.state.players] == [0, 0]


def test_condition_above_zero_alone_blocks() -> None:
    """0 beats a negative statistic but is not above zero. Our cards cannot make a sum negative,
    so the opposing Character carries a -2 modifier built directly (see D-ALT-08)."""
    minus = o("eclaireur_cretes", boosts=-2)  # 1/1/1 - 2 = -1 everywhere
    state = scenario(player(exp_hero=cards("guetteur_marais")), player("B", "orvan", exp_hero=[minus]))
    # forest 0 vs -1: of the type, strictly greater, but not > 0.
    assert "forest" not in winning_terrains(state, 0, "hero")
    state = scenario(player(exp_hero=[]), player("B", "orvan", exp_hero=[minus]))
    assert winning_terrains(state, 0, "hero") == []
    t = _dusk(player(), player("B", "orvan", exp_hero=[minus]))
    assert t.state.players[0].pos_hero == 0


def test_each_expedition_uses_its_own_region() -> None:
    """v3.0: X and the facing Y may stand in different regions; each checks its own terrains."""
    # Seat 0 stands on region 3 (mountain); seat 1 on the Hero region (all terrains).
    p0 = player(exp_hero=cards("guetteur_marais"), pos_hero=3)  # 0/2/3
    p1 = player("B", "orvan", exp_hero=cards("eclaireur_cretes"))  # 1/1/1
    state = scenario(p0, p1)
    assert winning_terrains(state, 0, "hero") == ["mountain"]
    assert winning_terrains(state, 1, "hero") == ["forest"]
    events: list = []
    dusk_progress(state, events)
    assert state.players[0].pos_hero == 4 and state.players[1].pos_hero == 1


def test_companion_expeditions_face_each_other_and_move_down() -> None:
    t = _dusk(player(exp_companion=cards("eclaireur_cretes")), player("B", "orvan"))
    assert t.state.players[0].pos_companion == 6 and t.state.players[0].pos_hero == 0


def test_moving_onto_a_face_down_tumult_card_reveals_it() -> None:
    """Clarification (Dusk): reaching a face-down Tumult card turns it face up (both halves)."""
    t = _dusk(player(exp_hero=cards("lancier_aube")), player("B", "orvan"), regions=hidden_regions())
    assert t.state.regions[1].revealed and t.state.regions[2].revealed and not t.state.regions[3].revealed
    assert any(e.kind == "tumult_revealed" for e in t.events)


def test_asleep_characters_do_not_count_and_boosts_do() -> None:
    """v3.0: Asleep Characters are left out of the sums; each boost adds one to every statistic."""
    p0 = player(exp_hero=[o("colosse_seuil", asleep=True), o("eclaireur_cretes", boosts=2)])  # 3/3/3
    p1 = player("B", "orvan", exp_hero=cards("lancier_aube"))  # 3/3/2
    state = scenario(p0, p1)
    assert winning_terrains(state, 0, "hero") == ["water"]
    assert winning_terrains(state, 1, "hero") == []


def test_defender_keeps_its_expedition_home() -> None:
    """v3.0 Defender: an Expedition with a Defender does not move forward at Dusk."""
    t = _dusk(player(exp_hero=cards("garde_pont")), player("B", "orvan"))
    assert t.state.players[0].pos_hero == 0
    ev = next(e for e in t.events if e.kind == "progress" and (e.params["seat"], e.params["expedition"]) == (0, "hero"))
    assert ev.params["defender"] and not ev.params["advanced"]


def test_moves_are_simultaneous() -> None:
    """All four decisions are taken before any counter moves."""
    p0 = player(exp_hero=cards("lancier_aube"), exp_companion=cards("lancier_aube"))
    p1 = player("B", "orvan", exp_hero=cards("colosse_seuil"))
    t = _dusk(p0, p1)
    a, b = t.state.players
    assert (a.pos_hero, a.pos_companion, b.pos_hero, b.pos_companion) == (0, 6, 1, 7)
