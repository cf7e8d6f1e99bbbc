"""Seeded games between agents, for any game: the bench's loops and the playout tests (one toolkit).

`play` runs one game to the end with one agent per seat, each deciding from its seat's view; chance
comes from the game's own seeded generator, the agents from theirs. An `invariant(state)` callback
(card conservation, hidden-information checks) runs after every step when given.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import ANY, AnyGame, Outcome, Rng, SeatSpec

from .agents import RandomAgent, fallback_agent
from .search import Budget, SearchAgent

Invariant = Callable[[Any], None]
NAMES = ("Nord", "Sud", "Est", "Ouest")
MAX_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class Played:
    state: Any
    outcome: Outcome
    steps: int


def play(
    game: AnyGame,
    agents: Sequence[Any],
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    seat_options: Sequence[dict[str, Any]] | None = None,
    invariant: Invariant | None = None,
) -> Played:
    """One seeded game; `agents[i]` plays seat i (simultaneous decisions are answered lowest seat
    first) with `seat_options[i]` (its deck)."""
    rng = Rng(seed)
    think = Rng(seed ^ 0x5EED)
    seats = [
        SeatSpec(seat=i, name=NAMES[i], options=dict(seat_options[i]) if seat_options else {})
        for i in range(len(agents))
    ]
    state = game.setup(seats, game.validate_options(dict(options or {})), rng).state
    if invariant is not None:
        invariant(state)
    steps = 0
    while (outcome := game.outcome(state)) is None:
        seat = min(game.to_act(state))
        agent = agents[seat]
        if isinstance(agent, EngineRandom):
            action = agent.choose_on_state(game, state, seat, think)
        else:
            action = agent.choose(game, game.view(state, seat), seat, think)
        game.check(state, seat, action)  # as the service does: `apply` assumes `check` passed
        state = game.apply(state, seat, action, rng).state
        steps += 1
        if invariant is not None:
            invariant(state)
        if steps >= MAX_STEPS:
            raise AssertionError(f"{game.key}: no end after {steps} steps (seed {seed})")
    return Played(state, outcome, steps)


class EngineRandom:
    """A uniformly random player that reads the state directly: only for measuring an engine's speed
    (random playouts), never an AI seat, which always plays from its view."""

    def choose_on_state(self, game: AnyGame, state: Any, seat: int, rng: Rng) -> Any:
        choices = game.suggest(state, seat, ANY)
        return choices[rng.below(len(choices))].action


def _reason(outcome: Outcome) -> str:
    return outcome.reason.key.rsplit(".", 1)[-1]


def win_rate(game: AnyGame, agent: Any, opponent: Any, n: int, seed: int = 0) -> float:
    """`agent`'s share of wins over `n` seeded games, alternating seats (draws count as losses)."""
    wins = 0
    for i in range(n):
        seat = i % 2
        agents = (agent, opponent) if seat == 0 else (opponent, agent)
        wins += seat in play(game, agents, seed * 100_003 + i).outcome.winners
    return wins / n if n else 0.0


def agent_for(game: AnyGame, level: str = "normal") -> Any:
    """The game's agent at `level` without its wall-clock cap: the same games on any machine."""
    agent = fallback_agent(game, level)
    if isinstance(agent, SearchAgent):
        agent.budget = Budget(agent.budget.iterations, None, agent.budget.width)
    return agent


def ai_vs_random(game: AnyGame, n: int, seed: int = 0, level: str = "normal") -> float:
    return win_rate(game, agent_for(game, level), RandomAgent(), n, seed)


def series(
    game: AnyGame, agents: Sequence[Any], n: int, seed: int = 0, invariant: Invariant | None = None
) -> dict[str, Any]:
    """`n` seeded games: how they end, how long they last, how fast."""
    reasons: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    steps = 0
    start = time.perf_counter()
    for i in range(n):
        played = play(game, agents, seed * 100_003 + i, invariant=invariant)
        reasons[_reason(played.outcome)] += 1
        winners["draw" if not played.outcome.winners else str(played.outcome.winners[0])] += 1
        steps += played.steps
    elapsed = time.perf_counter() - start or 1e-9
    return {
        "games": n,
        "reasons": dict(reasons),
        "winners": dict(winners),
        "actions": steps,
        "mean_actions": round(steps / n, 1) if n else 0,
        "seconds": round(elapsed, 2),
        "games_per_s": round(n / elapsed, 1),
        "actions_per_s": round(steps / elapsed),
    }


def playout_stats(game: AnyGame, n: int, seed: int = 0, invariant: Invariant | None = None) -> dict[str, Any]:
    """Random against random on the state: the engine's speed (setup, suggest, apply) and how games end."""
    return series(game, (EngineRandom(), EngineRandom()), n, seed, invariant)


def ai_vs_ai(
    game: AnyGame, n: int, seed: int = 0, invariant: Invariant | None = None, level: str = "normal"
) -> dict[str, Any]:
    agent = agent_for(game, level)
    return series(game, (agent, agent), n, seed, invariant)


def mirror(
    game: AnyGame, agent: Any, decks: Sequence[str], n: int, seed: int = 0, invariant: Invariant | None = None
) -> dict[str, float]:
    """Each deck's share of wins when the same `agent` plays both seats over every pair of different
    decks, `n` games per pair with the seats swapped every other game (the seat's own advantage
    cancels out): the balance of the content."""
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for a, da in enumerate(decks):
        for db in decks[a + 1 :]:
            for i in range(n):
                pair = (da, db) if i % 2 == 0 else (db, da)
                played = play(
                    game,
                    (agent, agent),
                    seed * 100_003 + i,
                    seat_options=[{"deck": d} for d in pair],
                    invariant=invariant,
                )
                for s, d in enumerate(pair):
                    games[d] += 1
                    wins[d] += s in played.outcome.winners
    return {d: round(wins[d] / games[d], 3) if games[d] else 0.0 for d in decks}
