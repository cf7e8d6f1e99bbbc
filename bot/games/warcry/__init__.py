"""WarCry's solo mode « Pièges du destin » (issue #15): the player against a warband that follows the booklet's
procedure and says why, on a 30" × 22" table. Its folder builds `GAME`, the one thing the host reads of it
(docs/adding-a-game.md)."""

from pathlib import Path

from bot.engine import BenchDef, GameDef, TableBench
from renderers.warcry import RENDERER

from . import bench
from .game import WARCRY

GAME = GameDef(
    rules=WARCRY,
    label="WarCry solo",
    words=("war cry",),
    render=RENDERER,
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
