"""WarCry's own figures for the bench (its section `== warcry (table)`): the time of one decision of
the solo procedure (p50/p99, path finding included; target under 50 ms), of a whole activation of the
solo warband and of a whole battle, the shortest path's time, and the solo warband's share of wins
against the same procedure playing the player's side at each difficulty, per card of the battleplan:
each victory condition is played on every layout, deployment and twist in turn, and the wins are counted
by victory, layout, twist and deployment. The decision times are also
given per layout: the largest, with the most pieces to climb and go round, is the one to watch."""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.ai import table_figures
from bot.ai.table_figures import Timed, pct
from bot.engine import Rng, SeatSpec
from bot.table import paths

from . import board
from .content import DEPLOYMENTS, DIFFICULTY, LAYOUTS, TWISTS, VICTORIES
from .game import WARCRY

Result = tuple[list[float], list[float], float, int, str, dict[str, str], list[float]]
PARTS = ("victory", "layout", "twist", "deployment")


Job = tuple[int, str, str, str, str, str]  # seed, difficulty, layout, victory, twist, deployment


def _battle(job: Job) -> Result:
    """One seeded battle, the procedure on both sides: the solo side's decision times, the time of each
    of its activations, the battle's time, the winner (-1: a draw), why it ended, its battleplan, and the
    decisions' CPU times (this process's own, which a loaded machine inflates far less than the clock)."""
    seed, difficulty, layout, victory, twist, deployment = job
    solo = Timed(WARCRY.agent())
    player = WARCRY.agent()
    per_activation: list[float] = []
    cpu_times: list[float] = []
    current = [0.0]
    rng, think = Rng(seed), Rng(seed ^ 0x5EED)
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="IA")]
    cards = {"layout": layout, "victory": victory, "twist": twist, "deployment": deployment}
    options = WARCRY.validate_options({"difficulty": difficulty, **cards})
    state = WARCRY.setup(seats, options, rng).state
    plan = {part: str(getattr(state, part)) for part in PARTS}
    start = time.perf_counter()
    while WARCRY.outcome(state) is None:
        seat = min(WARCRY.to_act(state))
        view = WARCRY.view(state, seat)
        if seat == 1:
            cpu = time.process_time()
            action = solo.choose(WARCRY, view, seat, think)
            cpu_times.append((time.process_time() - cpu) * 1000)
            current[0] += solo.times[-1]
        else:
            action = player.choose(WARCRY, view, seat, think)
        before = state.active.fighter if state.active else None
        state = WARCRY.apply(state, seat, action, rng).state
        if (
            seat == 1
            and state.phase == "combat"
            and (state.active is None or state.active.fighter != before)
            and before
        ):
            per_activation.append(current[0])
            current[0] = 0.0
    total = (time.perf_counter() - start) * 1000
    winners = state.winners or ()
    return solo.times, per_activation, total, (winners[0] if winners else -1), str(state.reason), plan, cpu_times


def _wins(on: list[tuple[str, Result]]) -> dict[str, str]:
    """The solo side's wins out of its battles, at each difficulty."""
    return {
        level: f"{sum(1 for lv, r in on if lv == level and r[3] == 1)}/{sum(1 for lv, _ in on if lv == level)}"
        for level in DIFFICULTY
    }


def battles(games: int) -> dict[str, Any]:
    """`games` battles per difficulty and victory condition, the layouts, twists and deployments in turn."""
    layouts, twists, deployments = sorted(LAYOUTS), sorted(TWISTS), sorted(DEPLOYMENTS)
    jobs: list[Job] = [
        (
            seed,
            level,
            layouts[seed % len(layouts)],
            victory,
            twists[seed % len(twists)],
            deployments[seed // 2 % len(deployments)],
        )
        for victory in VICTORIES
        for level in DIFFICULTY
        for seed in range(1, games + 1)
    ]
    workers = max(1, min(os.cpu_count() or 1, 4))
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_battle, jobs, chunksize=2))
    played = [(job[1], r) for job, r in zip(jobs, results, strict=True)]
    decisions = [t for r in results for t in r[0]]
    activations = [t for r in results for t in r[1]]
    wins: dict[str, float] = {}
    for level in DIFFICULTY:
        mine = [r for lv, r in played if lv == level]
        wins[level] = round(sum(1 for r in mine if r[3] == 1) / max(1, len(mine)), 3)
    by_card = {
        part: {
            card: _wins([(lv, r) for lv, r in played if r[5][part] == card])
            for card in sorted({r[5][part] for r in results})
        }
        for part in PARTS
    }
    by_layout: dict[str, dict[str, Any]] = {}
    for layout in LAYOUTS:
        on = [(lv, r) for lv, r in played if r[5]["layout"] == layout]
        by_layout[layout] = {
            "pieces": len(LAYOUTS[layout]),
            "decision_ms_p99": pct([t for _, r in on for t in r[0]], 0.99),
            "decision_cpu_ms_p99": pct([t for _, r in on for t in r[6]], 0.99),
            "solo_wins_by_difficulty": _wins(on),
        }
    largest = max(LAYOUTS, key=lambda name: len(LAYOUTS[name]))
    return {
        "battles": len(results),
        "decision_ms_p50": pct(decisions, 0.5),
        "decision_ms_p99": pct(decisions, 0.99),
        "decision_ms_max": round(max(decisions), 2) if decisions else 0.0,
        "activation_ms_p50": pct(activations, 0.5),
        "activation_ms_p99": pct(activations, 0.99),
        "battle_ms_p50": pct([r[2] for r in results], 0.5),
        "solo_win_rate_by_difficulty": wins,
        "solo_wins_by_difficulty_per_card": by_card,
        "by_layout": by_layout,
        "largest_layout": largest,
        "decision_ms_p99_largest_layout": by_layout[largest]["decision_ms_p99"],
        "decision_cpu_ms_p99_largest_layout": by_layout[largest]["decision_cpu_ms_p99"],
    }


def path_times(samples: int = 300) -> dict[str, float]:
    """The shortest path of a fighter to an objective or an enemy around terrain and bases, with nothing
    of the position cached (the terrain's own obstacle map is built once per scenario, as in a match), on
    the clock and on this thread's CPU (which other processes on a shared machine inflate far less)."""
    timings = table_figures.Timings()
    positions = table_figures.positions_of(WARCRY, 2, 3)
    with table_figures.apart():
        for state in positions:
            if len(timings) >= samples:
                break
            if state.phase != "combat":
                continue
            placed = state.of(0) + state.of(1)
            for f in placed[:4]:
                centre = (board.MEASURE.width // 2, board.MEASURE.height // 2)
                for goal in [o.centre for o in state.objectives] or [centre]:
                    board._path.cache_clear()
                    paths.forget_positions()
                    with timings.timed():
                        board.shortest_path(state, f, goal)
    return timings.figures()


def figures(games: int) -> dict[str, Any]:
    return {"procedure": battles(max(1, min(games, 20) // 3)), "shortest_path": path_times()}


def sample_views(boards: int = 30) -> list[Any]:
    """Public views along a seeded battle, for the bench's render figures."""
    states = table_figures.positions_of(WARCRY, 3, 6)
    return [WARCRY.view(s, None) for s in states if s.phase == "combat"][:boards]
