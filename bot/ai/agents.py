"""The simple agents: a uniformly random legal player, and a one-ply greedy player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import ANY, AnyGame, RandomSource, Rng, Seat


class RandomAgent:
    """Any suggested choice, uniformly (the benchmark's baseline and the host's fallback)."""

    def choose(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Any:
        state = game.determinize(view, rng)
        choices = list(game.suggest(state, seat, ANY))
        if not choices:
            return None
        return choices[rng.below(len(choices))].action


class GreedyAgent:
    """Try each suggested choice on a determinized state and keep the best by `evaluate`.

    `evaluate(game, state, seat)` scores a state from `seat`'s side. Ties are broken with the rng.
    """

    def __init__(self, evaluate: Callable[[AnyGame, Any, Seat], float]) -> None:
        self.evaluate = evaluate

    def choose(self, game: AnyGame, view: Any, seat: Seat, rng: RandomSource) -> Any:
        state = game.determinize(view, rng)
        choices = list(game.suggest(state, seat, ANY))
        if not choices:
            return None
        best: list[Any] = []
        best_score = float("-inf")
        for c in choices:
            after = game.apply(state, seat, c.action, Rng(rng.below(1 << 30) + 1)).state
            score = self.evaluate(game, after, seat)
            if score > best_score + 1e-9:
                best, best_score = [c.action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(c.action)
        return best[rng.below(len(best))]


_RANDOM = RandomAgent()


def fallback_agent(game: AnyGame, level: str = "normal") -> Any:
    """The game's own agent for this level, else the random one."""
    return game.agent(level) or _RANDOM
