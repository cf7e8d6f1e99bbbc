"""Altered TCG: a pure engine for two players, with our own heroes and decks. Its folder builds `GAME`, the one
thing the host reads of it (docs/adding-a-game.md)."""

from __future__ import annotations

from bot.engine import BenchDef, GameDef, drawn_by

from . import bench
from .game import ALTERED

GAME = GameDef(
    rules=ALTERED,
    render=drawn_by("renderers.altered"),
    bench=BenchDef(playout_stats=bench.playout_stats, ai_vs_ai=bench.ai_vs_ai, balance_decks=bench.balance_decks),
)

__all__ = ["GAME"]
