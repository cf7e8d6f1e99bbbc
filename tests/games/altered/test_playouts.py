"""Seeded random playouts: every legal action applies, games end, cards are conserved, and no
hidden information (hand, Mana faces, deck order, face-down regions) reaches another viewer."""

from __future__ import annotations

import json
import re

import pytest

from bot.engine import Rng, SeatSpec
from bot.games.altered.bench import ai_vs_random, playout_stats
from bot.games.altered.game import ALTERED, card_counts
from tests.support.agents import ai_move

from .helpers import hidden_uids

SEATS = (SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob"))
PRIVATE_KINDS = {"you_drew", "your_orb"}


def _uids_in(view_json: str) -> set[int]:
    return {int(m) for m in re.findall(r'"uid":(\d+)', view_json)}


def _check_views(state) -> None:  # type: ignore[no-untyped-def]
    secret = [hidden_uids(state, 0), hidden_uids(state, 1)]
    face_down = [i for i, r in enumerate(state.regions) if not r.revealed]
    for viewer in (0, 1, None):
        dumped = ALTERED.view(state, viewer).model_dump_json()
        seen = _uids_in(dumped)
        for seat in (0, 1):
            if viewer != seat:
                assert not seen & secret[seat], (viewer, seat)
        data = json.loads(dumped)
        for i in face_down:
            assert data["regions"][i]["terrains"] is None
        for seat, p in enumerate(data["players"]):
            if viewer != seat:
                assert p["hand"] is None and all(orb["card"] is None for orb in p["orbs"])
            assert "deck" not in p or isinstance(p["deck"], str)  # the deck id, never its order


def _random_game(seed: int) -> int:
    rng = Rng(seed)
    t = ALTERED.setup(SEATS, {}, rng)
    state, start = t.state, card_counts(t.state)
    steps = 0
    while ALTERED.outcome(state) is None:
        seat = min(ALTERED.to_act(state))
        legal = ALTERED.legal_actions(state, seat)
        assert legal, "a seat to act always has an action"
        action = legal[rng.below(len(legal))]
        assert ALTERED.parse_action(action.dump()) == action
        before = state.model_dump_json()
        t = ALTERED.apply(state, seat, action, rng)
        assert state.model_dump_json() == before, "apply must not mutate its input"
        state = t.state
        steps += 1
        assert card_counts(state) == start
        uids = [x.uid for p in state.players for x in p.all_cards()]
        assert len(uids) == len(set(uids))
        for e in t.events:
            if e.kind in PRIVATE_KINDS:
                assert e.to is not None and len(e.to) == 1
            json.dumps(e.params)
        _check_views(state)
        assert steps < 5000
    return steps


@pytest.mark.parametrize("block", range(4))
def test_random_playouts(block: int) -> None:
    """200 seeded random games in four blocks of 50."""
    for seed in range(block * 50, block * 50 + 50):
        _random_game(seed)


def test_state_round_trips_through_json() -> None:
    rng = Rng(7)
    state = ALTERED.setup(SEATS, {}, rng).state
    for _ in range(40):
        seat = min(ALTERED.to_act(state))
        state = ALTERED.apply(state, seat, ai_move(ALTERED, state, seat, rng), rng).state
    assert ALTERED.load_state(ALTERED.dump_state(state)) == state


def test_playouts_are_deterministic() -> None:
    assert playout_stats(5, seed=3)["actions"] == playout_stats(5, seed=3)["actions"]


def test_ai_only_plays_legal_moves_from_either_seat() -> None:
    rng = Rng(11)
    state = ALTERED.setup(SEATS, {}, rng).state
    while ALTERED.outcome(state) is None:
        seat = min(ALTERED.to_act(state))
        action = ai_move(ALTERED, state, seat, rng)
        assert action in ALTERED.legal_actions(state, seat)
        state = ALTERED.apply(state, seat, action, rng).state


def test_ai_beats_random_player() -> None:
    """At least 80% over 200 seeded games, the AI alternating seats."""
    assert ai_vs_random(200, seed=1, level="easy") >= 0.8


def test_ai_against_ai_games_end_and_conserve_cards() -> None:
    """A seeded sample of the bench's 200 AI-against-AI games; `_play` checks conservation each step."""
    from bot.games.altered.bench import ai_vs_ai

    stats = ai_vs_ai(8, seed=3, level="easy")
    assert stats["games"] == 8 and sum(stats["reasons"].values()) == 8
