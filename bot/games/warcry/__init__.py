"""WarCry's solo mode « Pièges du destin » (issue #15): the player against a warband that follows the booklet's
procedure and says why, on a 30" × 22" table. Its folder builds `GAME`, the one thing the host reads of it
(docs/adding-a-game.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.engine import BenchDef, GameDef, TableBench

from . import bench
from .game import WARCRY

if TYPE_CHECKING:
    from renderers.renderer import Renderer


def _renderer() -> Renderer:
    # loaded when first drawn: renderers.warcry imports this package's modules (no circle at load time)
    from renderers.warcry import RENDERER

    return RENDERER


GAME = GameDef(
    rules=WARCRY,
    label="WarCry solo",
    words=("war cry",),
    render=_renderer,
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
