"""The engine's seeded generator: reproducible, serializable, recorded, replayable."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import ReplayRng, Rng, shuffled


def test_same_seed_same_draws() -> None:
    a, b = Rng(7), Rng(7)
    assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]
    assert [Rng(8).below(100) for _ in range(5)] != [Rng(7).below(100) for _ in range(5)]


def test_state_round_trip_continues_the_sequence() -> None:
    a = Rng(99)
    a.below(10)
    b = Rng.from_state(a.state())
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]


def test_draws_are_recorded_and_replayable() -> None:
    rng = Rng(3)
    deck = shuffled(rng, list(range(20)))
    draws = rng.take_draws()
    assert len(draws) == 19 and rng.draws == []
    replay = ReplayRng(draws)
    assert shuffled(replay, list(range(20))) == deck
    assert replay.exhausted


def test_replay_detects_divergence() -> None:
    replay = ReplayRng([(6, 2)])
    with pytest.raises(ValueError, match="mismatch"):
        replay.below(4)
    with pytest.raises(ValueError, match="more chance"):
        ReplayRng([]).below(3)


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=10**6))
def test_below_is_in_range(seed: int, n: int) -> None:
    assert 0 <= Rng(seed).below(n) < n


def test_roughly_uniform() -> None:
    rng = Rng(2024)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_bad_state_refused() -> None:
    with pytest.raises(ValueError):
        Rng(state=[0, 0, 0, 0])
