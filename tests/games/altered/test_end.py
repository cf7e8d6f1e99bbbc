"""End of the game (v3.0, checked at the end of Night; D-ALT-12) and the Arena tiebreak."""

from __future__ import annotations

from bot.games.altered.actions import Pass
from bot.games.altered.game import ALTERED

from .helpers import act, cards, player, scenario


def _night(p0, p1, **kw):  # type: ignore[no-untyped-def]
    return act(scenario(p0.model_copy(update={"passed": True}), p1, turn=1, **kw), 1, Pass())


def test_meeting_expeditions_win_at_end_of_night() -> None:
    """Score = regions covered by both expeditions; 7 (they meet) beats 5."""
    p0 = player(exp_hero=cards("lancier_aube"), pos_hero=3, pos_companion=4)  # 3 + 3 = 6 -> 7
    p1 = player("B", "orvan", pos_hero=2, pos_companion=4)  # 5
    t = _night(p0, p1)
    assert t.state.phase == "over" and t.state.winner == 0
    out = ALTERED.outcome(t.state)
    assert out is not None and out.winners == (0,) and out.scores == {"0": 7, "1": 5}
    assert out.reason.key == "altered.outcome.met"
    assert ALTERED.to_act(t.state) == frozenset() and ALTERED.legal_actions(t.state, 0) == []


def test_no_victory_before_night_ends() -> None:
    """v3.0 checks victory only at the end of Night: meeting during Dusk waits for the Clean-up."""
    p0 = player(
        exp_hero=cards("lancier_aube"),
        pos_hero=3,
        pos_companion=4,
        reserve=cards("halte_camp", "halte_camp", "halte_camp"),
    )
    t = _night(p0, player("B", "orvan"))
    assert t.state.phase == "night" and ALTERED.outcome(t.state) is None
    state = t.state
    while state.phase == "night":
        state = act(state, 0, ALTERED.legal_actions(state, 0)[0]).state
    assert ALTERED.outcome(state) is not None and state.winner == 0


def test_crossing_beats_meeting() -> None:
    """Two moves in one Dusk can cross: 8 beats 7."""
    p0 = player(exp_hero=cards("lancier_aube"), exp_companion=cards("lancier_aube"), pos_hero=3, pos_companion=4)
    p1 = player("B", "orvan", exp_hero=cards("eclaireur_cretes"), pos_hero=4, pos_companion=4)
    t = _night(p0, p1)
    assert [p.score() for p in t.state.players] == [8, 7]
    assert t.state.winner == 0


def test_tie_at_seven_goes_to_the_arena_and_the_arena_decides() -> None:
    """7-7: tiebreak; at the next Dusk all Characters count, more terrains won wins."""
    p0 = player(exp_hero=cards("lancier_aube"), pos_hero=3, pos_companion=4)
    p1 = player("B", "orvan", exp_hero=cards("eclaireur_cretes"), pos_hero=4, pos_companion=4)
    # Seat 1's Scout loses to the Lancer, seat 1 stays at 7; seat 0 advances to 7.
    t = _night(p0, p1)
    s = t.state
    assert s.tiebreak and s.phase == "morning" and ALTERED.outcome(s) is None
    assert any(e.kind == "tiebreak" for e in t.events)
    arena = s.model_copy(update={"phase": "afternoon", "turn": 1})
    p0b = arena.players[0].model_copy(update={"passed": True, "exp_companion": cards("eclaireur_cretes")})
    arena = arena.model_copy(update={"players": [p0b, arena.players[1]]})
    t2 = act(arena, 1, Pass())  # seat 0: 1/1/1 in play (Reserve left out); seat 1: nothing
    assert t2.state.phase == "over" and t2.state.winner == 0


def test_arena_winner_by_terrains() -> None:
    p0 = player(exp_hero=cards("lancier_aube"), passed=True)  # 3/3/2
    p1 = player("B", "orvan", exp_companion=cards("guetteur_marais"))  # 0/2/3
    t = act(scenario(p0, p1, turn=1, tiebreak=True), 1, Pass())
    assert t.state.winner == 0 and ALTERED.outcome(t.state).reason.key == "altered.outcome.arena"  # type: ignore[union-attr]


def test_arena_equal_terrains_plays_another_day() -> None:
    p0 = player(exp_hero=cards("lancier_aube"), passed=True)  # 3/3/2
    p1 = player("B", "orvan", exp_hero=cards("lancier_aube"))
    t = act(scenario(p0, p1, turn=1, tiebreak=True), 1, Pass())
    assert t.state.phase == "morning" and t.state.tiebreak


def test_day_limit_decides_on_score_or_draws() -> None:
    """D-ALT-13: at the end of the last day's Night the higher score wins, equal scores draw."""
    t = _night(player(pos_hero=2), player("B", "orvan", pos_hero=1), day=30)
    assert t.state.winner == 0 and ALTERED.outcome(t.state).reason.key == "altered.outcome.day_limit"  # type: ignore[union-attr]
    t = _night(player(), player("B", "orvan"), day=30)
    out = ALTERED.outcome(t.state)
    assert out is not None and out.draw and out.winners == ()
