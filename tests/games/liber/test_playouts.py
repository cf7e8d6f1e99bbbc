"""Seeded random playouts: they end without exception, conserve cards, keep hidden information
hidden, and `legal_actions` agrees with `apply` (every listed action applies; others are refused).

`bot/games/liber/bench.py: playout_stats(1000)` runs the long version for the bench.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from bot.engine import EngineError, Rng, SeatSpec, redact
from bot.games.liber.actions import Attack, Play
from bot.games.liber.bench import check_conservation
from bot.games.liber.game import LIBER
from bot.games.liber.state import LiberState

GAMES = 200
CHECK_EVERY = 7  # the full invariant checks on one step in seven keep the run short


def check_hidden(state: LiberState) -> None:
    """No hand content nor deck order of a seat in the other's view or the public view."""
    for owner in (0, 1):
        hidden_uids = set(state.sides[owner].hand) | set(state.sides[owner].deck)
        for viewer in (None, 1 - owner):
            view = LIBER.view(state, viewer)
            data = view.model_dump(mode="json")
            assert data["sides"][owner]["hand"] is None
            text = json.dumps(data)
            uids = set()
            for side in data["sides"]:
                for p in side["pieces"]:
                    uids.add(p["uid"])
                    uids.update(p["item_uids"])
                uids.update(side["dropped_uids"])
            assert not uids & hidden_uids
            assert 'deck": [' not in text
        own = LIBER.view(state, owner).model_dump(mode="json")
        assert sorted(own["sides"][owner]["hand"]) == sorted(state.cards[u] for u in state.sides[owner].hand)


def check_illegal_refused(state: LiberState, seat: int, legal: list, rng: Rng) -> None:
    """A few near-miss actions that are not listed must be refused by `check`."""
    probes = [
        Play(card="brute", at=(seat, 2, 4)),
        Play(card="sol"),
        Attack(attacker=(seat, 2, 0), target=(1 - seat, 1, 2)),
        Attack(attacker=(seat, 1, 2), target=(1 - seat, 1, 2)),
    ]
    for probe in probes:
        if probe in legal:
            continue
        try:
            LIBER.check(state, seat, probe)
        except EngineError:
            continue
        raise AssertionError(f"unlisted action applied: {probe}")
    other = 1 - seat
    for action in LIBER.legal_actions(state, seat)[:3]:
        try:
            LIBER.check(state, other, action)
        except EngineError:
            continue
        raise AssertionError("the seat not to act could act")


def playout(seed: int, *, checks: bool) -> LiberState:
    rng = Rng(seed)
    seats = [SeatSpec(seat=0, name="Nord"), SeatSpec(seat=1, name="Sud")]
    t = LIBER.setup(seats, {}, rng)
    state = t.state
    initial = set(state.cards)
    step = 0
    while LIBER.outcome(state) is None:
        (seat,) = tuple(LIBER.to_act(state))
        legal = LIBER.legal_actions(state, seat)
        assert legal, "a seat to act always has an action"
        assert len(set(legal)) == len(legal)
        action = legal[rng.below(len(legal))]
        before = LIBER.dump_state(state) if checks and step % CHECK_EVERY == 0 else None
        t = LIBER.apply(state, seat, action, rng)
        if before is not None:
            assert LIBER.dump_state(state) == before, "apply mutated its input"
            check_conservation(t.state, initial)
            check_hidden(t.state)
            check_illegal_refused(state, seat, legal, rng)
            json.dumps([e.model_dump(mode="json") for e in t.events])
            assert LIBER.load_state(json.loads(json.dumps(LIBER.dump_state(t.state)))) == t.state
            for e in redact(t.events, None):
                assert e.kind != "you_drew" and "cards" not in e.params
        state = t.state
        step += 1
        assert step < 5000
    check_conservation(state, initial)
    return state


def test_random_playouts_end_cleanly() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        state = playout(seed, checks=seed % 4 == 0)
        assert state.result is not None
        reasons[state.result.reason] += 1
    assert sum(reasons.values()) == GAMES


def test_state_round_trips_through_json() -> None:
    state = playout(7, checks=False)
    again = LIBER.load_state(json.loads(json.dumps(LIBER.dump_state(state))))
    assert again == state


def test_ai_against_ai_conserves_cards_and_hides_hands() -> None:
    """A seeded sample of the bench's 200 AI-against-AI games (`bench.ai_vs_ai`), with every check."""
    from bot.ai import arena, fallback_agent
    from bot.games.liber.bench import ai_vs_ai, conservation

    agent = fallback_agent(LIBER, "easy")
    for seed in range(500, 506):
        check = _both(conservation(), check_hidden)
        played = arena.play(LIBER, (agent, agent), seed, invariant=check)
        assert played.state.result is not None and played.steps < 5000
    stats = ai_vs_ai(2, 500, level="easy")
    assert stats["games"] == 2 and sum(stats["reasons"].values()) == 2


def _both(first: Callable[[LiberState], None], second: Callable[[LiberState], None]) -> Callable[[LiberState], None]:
    def check(state: LiberState) -> None:
        first(state)
        second(state)

    return check
