"""What the search AI needs from King of Liber (bot/ai/search.py): the greedy player's pruned moves
and one-ply ranking, the greedy player as the rollout policy, the end of the opponent's turn as the
horizon, and the greedy evaluation squashed into a value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ai.search import GameSearch, logistic
from bot.engine import RandomSource

from .ai import choose, evaluate, pruned_legal, scored
from .state import LiberState

#: Evaluation points for one step of the logistic: about a creature and a half.
SCALE = 12.0


class LiberSearch(GameSearch):
    horizon = 60

    def candidates(self, state: LiberState, seat: int) -> list[Any]:
        return pruned_legal(state, seat)

    def ranked(self, state: LiberState, seat: int, moves: Sequence[Any], rng: RandomSource) -> list[Any]:
        return [a for _s, a in sorted(scored(self.game, state, seat, list(moves)), key=lambda p: -p[0])]

    def rollout(self, state: LiberState, seat: int, rng: RandomSource) -> Any:
        return choose(self.game, state, seat, rng)

    def settled(self, start: LiberState, state: LiberState) -> bool:
        """Once the same seat is active again in a later round: the turn played out, then the other's."""
        return state.active == start.active and state.round != start.round

    def value(self, state: LiberState, seat: int) -> float:
        return logistic(evaluate(state, seat), SCALE)
