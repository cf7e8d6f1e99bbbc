"""Colors of Magic, the first table game (issue #13). Its folder builds `GAME`, the one thing the host reads of it
(docs/adding-a-game.md)."""

from pathlib import Path

from bot.engine import BenchDef, GameDef, TableBench
from renderers.colors import RENDERER

from . import bench
from .game import COLORS

GAME = GameDef(
    rules=COLORS,
    label="Colors of Magic",
    words=("color", "colours", "com", "colors of magic"),
    render=RENDERER,
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
