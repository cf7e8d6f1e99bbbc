"""Bench helpers: seeded playouts and the AI against a uniformly random player.

`playout_stats(n, seed)` plays random games to the end; `ai_vs_random(n, seed)` returns the AI's
win rate (the AI takes seat 0 in even games and seat 1 in odd ones).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.engine import Rng, SeatSpec

from . import GAME
from .state import LiberState

Policy = Callable[[LiberState, int, Rng], Any]


def zone_uids(state: LiberState) -> Counter[int]:
    """How many times each card uid stands in a zone (decks, hands, cemeteries, board, items, god)."""
    seen: Counter[int] = Counter()
    for side in state.sides:
        seen.update(side.deck)
        seen.update(side.hand)
        seen.update(side.cemetery)
        seen.update(side.dropped)
        if side.god is not None:
            seen[side.god] += 1
        for p in side.grid:
            if p is not None:
                seen[p.uid] += 1
                seen.update(p.items)
    return seen


def check_conservation(state: LiberState, initial: set[int]) -> None:
    """Every original card is in exactly one zone; created pieces (tokens, faveurs) are in play or
    vanished; nothing else exists. Raises AssertionError otherwise."""
    seen = zone_uids(state)
    if any(n != 1 for n in seen.values()):
        raise AssertionError(f"cards in two zones: {[u for u, n in seen.items() if n > 1]}")
    created = set(range(1000, state.next_uid))
    if set(seen) | set(state.vanished) != initial | created:
        raise AssertionError("a card was created or lost outside the rules")
    if set(state.vanished) & set(seen) or not set(state.vanished) <= created:
        raise AssertionError("a vanished piece is still somewhere, or an original card vanished")


def random_policy(state: LiberState, seat: int, rng: Rng) -> Any:
    legal = GAME.legal_actions(state, seat)
    return legal[rng.below(len(legal))]


def ai_policy(state: LiberState, seat: int, rng: Rng) -> Any:
    """The AI as the host runs it: from its seat's view only."""
    return GAME.agent().choose(GAME, GAME.view(state, seat), seat, rng)


def play_game(
    policies: tuple[Policy, Policy],
    seed: int,
    *,
    on_step: Callable[[LiberState], None] | None = None,
    check: bool = False,
) -> tuple[LiberState, int]:
    """Play one seeded game; returns the final state and the number of actions."""
    rng = Rng(seed)
    seats = [SeatSpec(seat=0, name="Nord"), SeatSpec(seat=1, name="Sud")]
    state = GAME.setup(seats, {}, rng).state
    initial = set(state.cards) if check else set()
    steps = 0
    while GAME.outcome(state) is None:
        (seat,) = tuple(GAME.to_act(state))
        action = policies[seat](state, seat, rng)
        state = GAME.apply(state, seat, action, rng).state
        steps += 1
        if check:
            check_conservation(state, initial)
        if on_step is not None:
            on_step(state)
    return state, steps


def ai_vs_random(n: int = 200, seed: int = 0) -> float:
    """The AI's win rate against a uniformly random player over `n` seeded games."""
    wins = 0
    for i in range(n):
        ai_seat = i % 2
        policies: tuple[Policy, Policy] = (ai_policy, random_policy) if ai_seat == 0 else (random_policy, ai_policy)
        state, _ = play_game(policies, seed + i)
        assert state.result is not None
        wins += ai_seat in state.result.winners
    return wins / n


def playout_stats(n: int = 1000, seed: int = 0) -> dict[str, Any]:
    """Random playouts: games/s, actions/s, how games end and how long they last."""
    start = time.perf_counter()
    reasons: Counter[str] = Counter()
    actions = 0
    rounds = 0
    for i in range(n):
        state, steps = play_game((random_policy, random_policy), seed + i, check=True)
        assert state.result is not None
        reasons[state.result.reason] += 1
        actions += steps
        rounds += state.round
    elapsed = time.perf_counter() - start
    return {
        "games": n,
        "seconds": round(elapsed, 2),
        "games_per_s": round(n / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "mean_actions": round(actions / n, 1),
        "mean_rounds": round(rounds / n, 1),
        "reasons": dict(reasons),
    }


def ai_vs_ai(n: int = 200, seed: int = 0, *, on_step: Callable[[LiberState], None] | None = None) -> dict[str, Any]:
    """AI against AI over `n` seeded games: how they end, how long they last, how fast."""
    start = time.perf_counter()
    reasons: Counter[str] = Counter()
    actions = 0
    for i in range(n):
        state, steps = play_game((ai_policy, ai_policy), seed + i, on_step=on_step, check=True)
        assert state.result is not None
        reasons[state.result.reason] += 1
        actions += steps
    elapsed = time.perf_counter() - start or 1e-9
    return {
        "games": n,
        "reasons": dict(reasons),
        "actions": actions,
        "seconds": round(elapsed, 2),
        "games_per_s": round(n / elapsed, 2),
    }
