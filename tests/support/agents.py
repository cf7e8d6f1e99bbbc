"""The AI as the host runs it: the seat's view in, an action out (never the state)."""

from __future__ import annotations

from typing import Any

from bot.ai.arena import agent_for
from bot.engine import AnyGame, RandomSource, Seat


def ai_move(game: AnyGame, state: Any, seat: Seat, rng: RandomSource, level: str = "easy") -> Any:
    """`level`'s move, reproducible (no wall-clock cap); the greedy player unless asked."""
    return agent_for(game, level).choose(game, game.view(state, seat), seat, rng)
