"""Altered TCG: a pure engine for two players, with our own heroes and decks. Its folder builds `GAME`, the one
thing the host reads of it (docs/adding-a-game.md)."""

from pathlib import Path

from bot.engine import BenchDef, GameDef
from renderers.altered import RENDERER

from . import bench
from .game import ALTERED

GAME = GameDef(
    rules=ALTERED,
    label="Altered",
    render=RENDERER,
    bench=BenchDef(playout_stats=bench.playout_stats, ai_vs_ai=bench.ai_vs_ai, balance_decks=bench.balance_decks),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
