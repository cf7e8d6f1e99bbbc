"""The figures every table game gives the bench (its section `== <game> (table)`): the AI against a
random player over seeded games in worker processes, and the percentiles of timed samples.

The game object itself goes to the workers: it pickles as a reference to its module and class."""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from bot.engine import AnyGame

from .agents import RandomAgent
from .arena import play


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0


@contextmanager
def apart() -> Iterator[None]:
    """What the process holds so far, out of the garbage collector's way while calls are timed: a seeded
    game's every position is the bench's, not a bot's (a bot holds each match's current position, and
    freezes what it loaded at start-up, bot/app.py), and each full collection during the calls would walk
    it. What the calls make is collected as in the bot."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


class Timings:
    """Calls timed on the clock and on this thread's CPU, which other processes on a shared machine
    inflate far less (`with timings.timed(): ...`); `figures` gives both percentiles, in ms, and the
    longest pause of the garbage collector inside one call (a full collection lands in a call at random:
    two of them make the p99 of 200 calls)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.collector: list[float] = []

    def __len__(self) -> int:
        return len(self.wall)

    @contextmanager
    def timed(self) -> Iterator[None]:
        paused = [0.0, 0.0]  # collector's time in this call, start of its current collection

        def collecting(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                paused[1] = time.perf_counter()
            else:
                paused[0] += time.perf_counter() - paused[1]

        gc.callbacks.append(collecting)
        try:
            start, cpu = time.perf_counter(), time.thread_time()
            yield
            self.wall.append((time.perf_counter() - start) * 1000)
            self.cpu.append((time.thread_time() - cpu) * 1000)
            self.collector.append(paused[0] * 1000)
        finally:
            gc.callbacks.remove(collecting)

    def figures(self) -> dict[str, float]:
        return {
            "n": len(self.wall),
            "p50_ms": pct(self.wall, 0.5),
            "p99_ms": pct(self.wall, 0.99),
            "cpu_ms_p50": pct(self.cpu, 0.5),
            "cpu_ms_p99": pct(self.cpu, 0.99),
            "gc_ms_max": round(max(self.collector, default=0.0), 2),
        }


class Timed:
    """An agent that records how long each of its decisions took, in milliseconds."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.times: list[float] = []

    def choose(self, game: Any, view: Any, seat: int, rng: Any) -> Any:
        start = time.perf_counter()
        action = self.agent.choose(game, view, seat, rng)
        self.times.append((time.perf_counter() - start) * 1000)
        return action


def _game(job: tuple[AnyGame, str, int]) -> tuple[bool, list[float], str, int]:
    """One seeded game, the AI on seat seed % 2: (AI won, its decision times, reason, rounds)."""
    game, rounds_attr, seed = job
    timed = Timed(game.agent())
    me = seed % 2
    agents = (timed, RandomAgent()) if me == 0 else (RandomAgent(), timed)
    played = play(game, agents, seed)
    return me in played.outcome.winners, timed.times, str(played.state.reason), getattr(played.state, rounds_attr)


def ai_vs_random(game: AnyGame, games: int, rounds_attr: str = "round") -> dict[str, Any]:
    """The AI against a random player over `games` seeded games, seats alternating."""
    workers = max(1, min(os.cpu_count() or 1, 4))
    jobs = [(game, rounds_attr, seed) for seed in range(1, games + 1)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_game, jobs, chunksize=4))
    times = [t for _, ts, _, _ in results for t in ts]
    return {
        "games": games,
        "win_rate": round(sum(won for won, *_ in results) / max(1, games), 3),
        "decision_ms_p50": pct(times, 0.5),
        "decision_ms_p99": pct(times, 0.99),
        "reasons": dict(Counter(reason for _, _, reason, _ in results)),
        "rounds_mean": round(statistics.fmean(r for *_, r in results), 2) if results else 0.0,
    }


def positions(game: Any, seed: int, every: int = 3) -> list[Any]:
    """States along a seeded game between random players, one in `every`."""
    states: list[Any] = []
    play(game, (RandomAgent(), RandomAgent()), seed, invariant=states.append)
    return states[::every]


def positions_of(game: Any, seed: int, every: int = 3) -> list[Any]:
    """States along a seeded game between the game's own agents (for games whose random player would
    wander: WarCry's procedure plays both sides), one in `every`."""
    states: list[Any] = []
    play(game, (game.agent(), game.agent()), seed, invariant=states.append)
    return states[::every]
