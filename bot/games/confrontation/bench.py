"""Confrontation's own figures for the bench (its section `== confrontation (table)`): the AI
against a random player over seeded games, its decision time, the time to suggest the choices of a
fighter being activated (what a player's menu asks for), a whole AI turn, and line-of-sight checks
per second (the bench itself times the renders: engines do not draw)."""

from __future__ import annotations

import time
from typing import Any

from bot.ai import RandomAgent, arena, table_figures
from bot.ai.table_figures import Timed, pct
from bot.engine import Ask

from . import board
from .content import WARBANDS
from .game import CONFRONTATION
from .suggest import suggestions


def ai_vs_random(games: int) -> dict[str, Any]:
    return table_figures.ai_vs_random(CONFRONTATION, games, "turn")


def suggest_times(samples: int = 200) -> dict[str, float]:
    """Time to list, labelled and checked, the choices of an exclusive or cumulative action, on the clock
    and on this thread's CPU (which other processes on a shared machine inflate far less)."""
    timings = table_figures.Timings()
    seed = 1
    while len(timings) < samples and seed < 50:
        positions = table_figures.positions(CONFRONTATION, seed)
        with table_figures.apart():
            for state in positions:
                if not state.stack or state.stack[-1].kind not in ("exclusive", "fighter"):
                    continue
                seat = min(state.stack[-1].waiting())
                with timings.timed():
                    suggestions(state, seat, Ask())
        seed += 1
    return timings.figures()


def turn_times(games: int = 10) -> dict[str, float]:
    """A whole turn between two AIs (every decision of both sides, and the engine's resolution)."""
    per_turn: list[float] = []
    for seed in range(1, games + 1):
        start = time.perf_counter()
        played = arena.play(CONFRONTATION, (CONFRONTATION.agent(), CONFRONTATION.agent()), seed)
        per_turn.append((time.perf_counter() - start) * 1000 / max(1, played.state.turn))
    return {"games": games, "p50_ms": pct(per_turn, 0.5), "max_ms": round(max(per_turn), 2)}


def sight_checks_per_second(pairs: int = 2000) -> float:
    """Uncached checks: the cache would otherwise answer every repeat."""
    checks = []
    for state in table_figures.positions(CONFRONTATION, 2, 5):
        checks += [(state, a, b) for a in state.fighters for b in state.fighters if a.owner != b.owner]
    checks = (checks * (pairs // max(1, len(checks)) + 1))[:pairs]
    board._sight.cache_clear()
    start = time.perf_counter()
    for i, (state, a, b) in enumerate(checks):
        if i % 64 == 0:
            board._sight.cache_clear()
        board.sees(state, a, b)
    return round(len(checks) / (time.perf_counter() - start), 1)


def figures(games: int) -> dict[str, Any]:
    timed = Timed(CONFRONTATION.agent())
    arena.play(CONFRONTATION, (timed, RandomAgent()), 1)  # warm the caches before the timed games
    return {
        "ai_vs_random": ai_vs_random(games),
        "suggest_choices": suggest_times(),
        "ai_turn": turn_times(),
        "sight_checks_per_s": sight_checks_per_second(),
    }


def balance_decks() -> list[str]:
    """The warbands: `bot/devtools/bench.py` then reports the search against the greedy player and a random one."""
    return sorted(WARBANDS)


def sample_views(boards: int = 30) -> list[Any]:
    """Public views along a seeded match, for the bench's render figures."""
    return [CONFRONTATION.view(state, None) for state in table_figures.positions(CONFRONTATION, 3, 4)[:boards]]
