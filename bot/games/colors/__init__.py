"""Colors of Magic, the first table game (issue #13). Its folder builds `GAME`, the one thing the host reads of it
(docs/adding-a-game.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.engine import BenchDef, GameDef, TableBench

from . import bench
from .game import COLORS

if TYPE_CHECKING:
    from renderers.renderer import Renderer


def _renderer() -> Renderer:
    # loaded when first drawn: renderers.colors imports this package's modules (no circle at load time)
    from renderers.colors import RENDERER

    return RENDERER


GAME = GameDef(
    rules=COLORS,
    label="Colors of Magic",
    words=("color", "colours", "com", "colors of magic"),
    render=_renderer,
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
