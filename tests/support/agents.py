"""The AI as the host runs it: the seat's view in, an action out (never the state)."""

from __future__ import annotations

from typing import Any

from bot.ai import fallback_agent
from bot.engine import AnyGame, RandomSource, Seat


def ai_move(game: AnyGame, state: Any, seat: Seat, rng: RandomSource, level: str = "normal") -> Any:
    return fallback_agent(game, level).choose(game, game.view(state, seat), seat, rng)
