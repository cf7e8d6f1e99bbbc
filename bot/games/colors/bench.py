"""Colors of Magic's own figures for the bench (its section `== colors (table)`): the AI against a
random player over seeded games, its decision time, the time to
suggest a creature's moves and line-of-sight checks per second (the bench itself times the renders:
engines do not draw)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from bot.ai import RandomAgent, table_figures
from bot.ai.arena import play
from bot.engine import Ask, Rng
from bot.i18n.catalog import catalog
from bot.table.game import forget_suggestions

from . import board
from .actions import Activate
from .game import COLORS


def ai_vs_random(games: int) -> dict[str, Any]:
    return table_figures.ai_vs_random(COLORS, games, "round")


def pauses(games: int) -> dict[str, Any]:
    """Pauses for instants per match, and those put to the random player (the person at the table), over
    `games` seeded games of the AI against a random player, seats alternating (#27): asked by the engine,
    left to answer once the host answered the pauses public facts close (D-COL-36), and once it also
    answered those the person's hand holds nothing for (D-COL-38, `/preferences pile:` left as it is)."""
    opened = asked = public_left = hand_left = 0
    for seed in range(1, games + 1):
        me = seed % 2
        agents = (COLORS.agent(), RandomAgent()) if me == 0 else (RandomAgent(), COLORS.agent())
        before: list[Any] = [None]

        def count(state: Any, me: int = me, before: list[Any] = before) -> None:
            nonlocal opened, asked, public_left, hand_left
            opened += state.window is not None and before[0] is None
            before[0] = state.window
            person = 1 - me
            if not (state.stack and state.stack[-1].kind == "respond" and state.stack[-1].seats[0] == person):
                return
            asked += 1
            if COLORS.forced(state, person) is None:
                public_left += 1
                hand_left += COLORS.passed(state, person) is None

        play(COLORS, agents, seed, invariant=count)
    return {
        "games": games,
        "pauses_per_match": round(opened / games, 2),
        "person_asked_by_engine": round(asked / games, 2),
        "person_answers_public_facts": round(public_left / games, 2),
        "person_answers": round(hand_left / games, 2),
    }


def _positions(seed: int, every: int = 3) -> list[Any]:
    return table_figures.positions(COLORS, seed, every)


def activated(seed: int) -> Iterator[tuple[Any, int]]:
    """The positions of a seeded match where a creature was just activated, with the seat it belongs to
    (what a player's move menu is asked about)."""
    for state in _positions(seed):
        if not state.stack or state.stack[-1].kind != "act":
            continue
        seat = state.stack[-1].seats[0]
        mine = [f for f in state.figures if f.owner == seat and not f.tapped]
        if mine:
            yield COLORS.apply(state, seat, Activate(figure=mine[0].id), Rng(1)).state, seat


def suggest_times(samples: int = 200) -> dict[str, float]:
    """Time to suggest the moves of a creature just activated (what a player's menu asks for), on the
    clock and on this thread's CPU (which other processes on a shared machine inflate far less)."""
    timings = table_figures.Timings()
    seed = 1
    while len(timings) < samples and seed < 50:
        positions = list(activated(seed))
        with table_figures.apart():
            for active, seat in positions:
                forget_suggestions()  # a position met twice would be answered from memory
                with timings.timed():
                    COLORS.suggest(active, seat, Ask(kinds=("move", "disengage")))
        seed += 1
    return timings.figures()


def sight_checks_per_second(pairs: int = 2000) -> float:
    states = _positions(2, 5)
    checks = []
    for state in states:
        figs = list(state.figures)
        checks += [(state, a, b) for a in figs for b in figs if a.owner != b.owner]
    checks = (checks * (pairs // max(1, len(checks)) + 1))[:pairs]
    start = time.perf_counter()
    for state, a, b in checks:
        board._sight.cache_clear()  # uncached, as Confrontation's: the cache would answer every repeat
        board.sees(state, a, b)
    return round(len(checks) / (time.perf_counter() - start), 1)


def figures(games: int) -> dict[str, Any]:
    catalog().add(COLORS.catalog)  # the game is not registered: its strings for the renders
    return {
        "ai_vs_random": ai_vs_random(games),
        "pauses": pauses(min(games, 20)),
        "suggest_moves": suggest_times(),
        "sight_checks_per_s": sight_checks_per_second(),
    }


def sample_views(boards: int = 30) -> list[Any]:
    """Public views along a seeded match, for the bench's render figures."""
    return [COLORS.view(state, None) for state in _positions(3, 4)[:boards]]
