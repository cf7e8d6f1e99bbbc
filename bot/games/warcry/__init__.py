"""WarCry's solo mode « Pièges du destin » (issue #15): the player against a warband that follows the booklet's
procedure and says why, on a 30" × 22" table. Its folder builds `GAME`, the one thing the host reads of it
(docs/adding-a-game.md)."""

from __future__ import annotations

from bot.engine import BenchDef, GameDef, TableBench, drawn_by

from . import bench
from .game import WARCRY

GAME = GameDef(
    rules=WARCRY,
    render=drawn_by("renderers.warcry"),
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
)

__all__ = ["GAME"]
