"""Confrontation (issue #14): secret activation sequences, the reserve and refusals, on the table in centimetres.
Its folder builds `GAME`, the one thing the host reads of it (docs/adding-a-game.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.engine import BenchDef, GameDef, TableBench

from . import bench
from .game import CONFRONTATION

if TYPE_CHECKING:
    from renderers.renderer import Renderer


def _renderer() -> Renderer:
    # loaded when first drawn: renderers.confrontation imports this package's modules (no circle at load time)
    from renderers.confrontation import RENDERER

    return RENDERER


GAME = GameDef(
    rules=CONFRONTATION,
    label="Confrontation",
    words=("conf", "confede"),
    command="conf",
    render=_renderer,
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
