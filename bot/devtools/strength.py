"""The AI's figures for the bench: the search against the greedy player and against a random one,
decision times, and the balance of the content in mirror matches (same AI both sides, seats swapped).

Games are seeded and the search runs without its wall-clock cap, so the win rates are the same on any
machine; only the decision times depend on it. Games run in a process pool (one per core).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.ai import RandomAgent, arena
from bot.engine import get_game

#: (game, who plays each seat, seed, each seat's deck or None, whose decisions are timed)
Job = tuple[str, tuple[str, str], int, tuple[str | None, str | None], str]


def _agent(game: Any, who: str) -> Any:
    return RandomAgent() if who == "random" else arena.agent_for(game, who)


def _play(job: Job) -> tuple[tuple[int, ...], list[float]]:
    """One game: (winners, the decision times of the seats played by the timed agent, in ms)."""
    from bot import games
    from bot.engine import load_games

    load_games(games)
    key, whos, seed, decks, timed_who = job
    game = get_game(key)
    agents = [_agent(game, w) for w in whos]
    times: list[float] = []

    class Timed:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, g: Any, view: Any, seat: int, rng: Any) -> Any:
            start = time.perf_counter()
            action = self.inner.choose(g, view, seat, rng)
            times.append((time.perf_counter() - start) * 1000)
            return action

    timed = [Timed(a) if w == timed_who else a for a, w in zip(agents, whos, strict=True)]
    seat_options = [{"deck": d} if d else {} for d in decks]
    try:
        played = arena.play(game, timed, seed, seat_options=seat_options if any(decks) else None)
    except Exception as exc:  # name the game that failed: the pool's traceback does not
        raise RuntimeError(f"{key} seed {seed} ({' vs '.join(whos)}, decks {decks}): {exc!r}") from exc
    return tuple(played.outcome.winners), times


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def _run(jobs: list[Job], workers: int) -> list[tuple[tuple[int, ...], list[float]]]:
    if workers <= 1:
        return [_play(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_play, jobs, chunksize=1))


def duel(key: str, me: str, other: str, n: int, seed: int = 1, workers: int = 0) -> dict[str, Any]:
    """`me` against `other` over `n` seeded games, seats alternating: win rate and `me`'s decision times."""
    jobs: list[Job] = [
        (key, (me, other) if i % 2 == 0 else (other, me), seed * 100_003 + i, (None, None), me) for i in range(n)
    ]
    results = _run(jobs, workers or os.cpu_count() or 1)
    wins = sum(i % 2 in winners for i, (winners, _t) in enumerate(results))
    times = [t for _w, ts in results for t in ts]
    return {
        "games": n,
        "win_rate": round(wins / n, 3) if n else 0.0,
        "decision_ms_p50": _pct(times, 0.5),
        "decision_ms_p99": _pct(times, 0.99),
    }


def mirror(key: str, decks: list[str], level: str, n: int, seed: int = 1, workers: int = 0) -> dict[str, float]:
    """Each deck's share of wins over every pair of different decks, `n` games per pair, seats swapped."""
    jobs: list[Job] = []
    pairs: list[tuple[str, str]] = []
    for a, da in enumerate(decks):
        for db in decks[a + 1 :]:
            for i in range(n):
                pair = (da, db) if i % 2 == 0 else (db, da)
                pairs.append(pair)
                jobs.append((key, (level, level), seed * 100_003 + i, pair, level))
    results = _run(jobs, workers or os.cpu_count() or 1)
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for pair, (winners, _t) in zip(pairs, results, strict=True):
        for s, d in enumerate(pair):
            games[d] += 1
            wins[d] += s in winners
    return {d: round(wins[d] / games[d], 3) if games[d] else 0.0 for d in decks}
