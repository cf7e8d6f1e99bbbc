"""Colors of Magic's own figures for the bench (its section `== colors (table)`): the AI against a
random player over seeded games, its decision time, the time to
suggest a creature's moves and line-of-sight checks per second (the bench itself times the renders:
engines do not draw)."""

from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.ai import RandomAgent, arena
from bot.engine import Ask, Rng

from . import board
from .actions import Activate
from .game import COLORS


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0


def _game(seed: int) -> tuple[bool, list[float], str, int]:
    """One seeded game, the AI on seat seed % 2: (AI won, its decision times in ms, reason, rounds)."""
    times: list[float] = []
    agent = COLORS.agent()

    class Timed:
        def choose(self, game: Any, view: Any, seat: int, rng: Any) -> Any:
            start = time.perf_counter()
            action = agent.choose(game, view, seat, rng)
            times.append((time.perf_counter() - start) * 1000)
            return action

    me = seed % 2
    agents = (Timed(), RandomAgent()) if me == 0 else (RandomAgent(), Timed())
    played = arena.play(COLORS, agents, seed)
    assert played.outcome is not None
    return me in played.outcome.winners, times, str(played.state.reason), played.state.round


def ai_vs_random(games: int) -> dict[str, Any]:
    workers = max(1, min(os.cpu_count() or 1, 4))
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_game, range(1, games + 1), chunksize=4))
    times = [t for _, ts, _, _ in results for t in ts]
    reasons: dict[str, int] = {}
    for _, _, reason, _ in results:
        reasons[reason] = reasons.get(reason, 0) + 1
    return {
        "games": games,
        "win_rate": round(sum(won for won, *_ in results) / max(1, games), 3),
        "decision_ms_p50": _pct(times, 0.5),
        "decision_ms_p99": _pct(times, 0.99),
        "reasons": reasons,
        "rounds_mean": round(statistics.fmean(r for *_, r in results), 2) if results else 0.0,
    }


def _positions(seed: int, every: int = 3) -> list[Any]:
    states: list[Any] = []
    arena.play(COLORS, (RandomAgent(), RandomAgent()), seed, invariant=states.append)
    return states[::every]


def suggest_times(samples: int = 200) -> dict[str, float]:
    """Time to suggest the moves of a creature just activated (what a player's menu asks for)."""
    times: list[float] = []
    seed = 1
    while len(times) < samples and seed < 50:
        for state in _positions(seed):
            if not state.stack or state.stack[-1].kind != "act":
                continue
            seat = state.stack[-1].seats[0]
            mine = [f for f in state.figures if f.owner == seat and not f.tapped]
            if not mine:
                continue
            active = COLORS.apply(state, seat, Activate(figure=mine[0].id), Rng(1)).state
            start = time.perf_counter()
            COLORS.suggest(active, seat, Ask(kinds=("move", "disengage")))
            times.append((time.perf_counter() - start) * 1000)
        seed += 1
    return {"n": len(times), "p50_ms": _pct(times, 0.5), "p99_ms": _pct(times, 0.99)}


def sight_checks_per_second(pairs: int = 2000) -> float:
    states = _positions(2, 5)
    checks = []
    for state in states:
        figs = list(state.figures)
        checks += [(state, a, b) for a in figs for b in figs if a.owner != b.owner]
    checks = (checks * (pairs // max(1, len(checks)) + 1))[:pairs]
    start = time.perf_counter()
    for state, a, b in checks:
        board.sees(state, a, b)
    return round(len(checks) / (time.perf_counter() - start), 1)


def figures(games: int) -> dict[str, Any]:
    from bot.i18n.catalog import catalog

    catalog().add(COLORS.catalog)  # the game is not registered: its strings for the renders
    return {
        "ai_vs_random": ai_vs_random(games),
        "suggest_moves": suggest_times(),
        "sight_checks_per_s": sight_checks_per_second(),
    }


def sample_views(boards: int = 30) -> list[Any]:
    """Public views along a seeded match, for the bench's render figures."""
    return [COLORS.view(state, None) for state in _positions(3, 4)[:boards]]
