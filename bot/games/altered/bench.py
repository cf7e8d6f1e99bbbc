"""Seeded measurements for the bench and the slow tests: AI strength and random playouts."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from bot.engine import Rng

from .game import GAME_CLASS_SEATS, AlteredGame, card_counts

_GAME = AlteredGame()


def _play(seed: int, ai_seats: frozenset[int], check: bool = False) -> tuple[Any, int]:
    """One game; seats in `ai_seats` use the AI, the others pick uniformly among legal actions."""
    rng = Rng(seed)
    state = _GAME.setup(GAME_CLASS_SEATS, {}, rng).state
    start = card_counts(state) if check else None
    steps = 0
    while (out := _GAME.outcome(state)) is None:
        seat = min(_GAME.to_act(state))
        if seat in ai_seats:
            action = _GAME.agent().choose(_GAME, _GAME.view(state, seat), seat, rng)
        else:
            legal = _GAME.legal_actions(state, seat)
            action = legal[rng.below(len(legal))]
        state = _GAME.apply(state, seat, action, rng).state
        steps += 1
        if start is not None and card_counts(state) != start:
            raise AssertionError(f"card conservation broken at step {steps} (seed {seed})")
    return out, steps


def ai_vs_random(n: int, seed: int = 0) -> float:
    """The AI's win rate against a uniformly random player, alternating seats (draws count as losses)."""
    wins = 0
    for i in range(n):
        ai = i % 2
        out, _ = _play(seed * 100_003 + i, frozenset({ai}))
        wins += ai in out.winners
    return wins / n if n else 0.0


def playout_stats(n: int, seed: int = 0) -> dict[str, Any]:
    """Random-vs-random games: end reasons, length, and speed (actions and games per second)."""
    reasons: Counter[str] = Counter()
    steps = 0
    t0 = time.perf_counter()
    for i in range(n):
        out, k = _play(seed * 100_003 + i, frozenset(), check=True)
        reasons[out.reason.key.rsplit(".", 1)[1]] += 1
        steps += k
    dt = time.perf_counter() - t0 or 1e-9
    return {
        "games": n,
        "reasons": dict(reasons),
        "actions": steps,
        "seconds": round(dt, 3),
        "actions_per_s": round(steps / dt),
        "games_per_s": round(n / dt, 1),
    }


__all__ = ["ai_vs_random", "playout_stats"]


def ai_vs_ai(n: int, seed: int = 0) -> dict[str, Any]:
    """AI against AI, card conservation checked at every step: how games end, and how fast."""
    reasons: Counter[str] = Counter()
    steps = 0
    t0 = time.perf_counter()
    for i in range(n):
        out, k = _play(seed * 100_003 + i, frozenset({0, 1}), check=True)
        reasons[out.reason.key.rsplit(".", 1)[1]] += 1
        steps += k
    dt = time.perf_counter() - t0 or 1e-9
    return {
        "games": n,
        "reasons": dict(reasons),
        "actions": steps,
        "seconds": round(dt, 3),
        "games_per_s": round(n / dt, 1),
    }
