"""Colors of Magic, the first table game (issue #13). Its folder builds `GAME`, the one thing the host reads of it
(docs/adding-a-game.md)."""

from __future__ import annotations

from bot.engine import BenchDef, GameDef, TableBench, drawn_by

from . import bench
from .game import COLORS

GAME = GameDef(
    rules=COLORS,
    render=drawn_by("renderers.colors"),
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
)

__all__ = ["GAME"]
