"""King of Liber: a card battle on three lines (rules: docs/rules/liber.md). Its folder builds `GAME`, the one
thing the host reads of it (docs/adding-a-game.md)."""

from __future__ import annotations

from bot.engine import BenchDef, GameDef, drawn_by

from . import bench
from .game import LIBER

GAME = GameDef(
    rules=LIBER,
    render=drawn_by("renderers.liber"),
    bench=BenchDef(playout_stats=bench.playout_stats, ai_vs_ai=bench.ai_vs_ai, balance_decks=bench.balance_decks),
)

__all__ = ["GAME"]
