"""What the search AI needs from Altered (bot/ai/search.py): every legal move, the greedy player's
one-ply ranking, the greedy player as the rollout policy, the next day as the horizon (Dusk is when
expeditions move), and a value made of the expeditions' progress plus the greedy evaluation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ai.search import GameSearch, logistic
from bot.engine import RandomSource, Rng

from .ai import choose, evaluate
from .rules import legal_actions
from .state import AlteredState

#: One region of progress is worth this much of the greedy evaluation (3 per expedition about to move).
PROGRESS = 4.0
SCALE = 4.0


class AlteredSearch(GameSearch):
    horizon = 80

    def candidates(self, state: AlteredState, seat: int) -> list[Any]:
        return legal_actions(state, seat)

    def ranked(self, state: AlteredState, seat: int, moves: Sequence[Any], rng: RandomSource) -> list[Any]:
        """The greedy choice first, then the others by the evaluation one ply on."""
        own = choose(state, seat, rng)
        scratch = Rng(1)
        scores = {}
        for i, m in enumerate(moves):
            after = self.game.apply(state, seat, m, scratch).state
            scores[i] = evaluate(after, seat)
        order = sorted(range(len(moves)), key=lambda i: (moves[i] != own, -scores[i]))
        return [moves[i] for i in order]

    def rollout(self, state: AlteredState, seat: int, rng: RandomSource) -> Any:
        return choose(state, seat, rng)

    def settled(self, start: AlteredState, state: AlteredState) -> bool:
        return state.day != start.day

    def value(self, state: AlteredState, seat: int) -> float:
        if state.phase == "over" or state.winner is not None or state.draw:
            return 0.5 if state.winner is None else float(state.winner == seat)
        me, them = state.players[seat], state.players[1 - seat]
        return logistic(PROGRESS * (me.score() - them.score()) + evaluate(state, seat), SCALE)
