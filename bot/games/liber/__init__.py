"""King of Liber: a card battle on three lines (rules: docs/rules/liber.md). Its folder builds `GAME`, the one
thing the host reads of it (docs/adding-a-game.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.engine import BenchDef, GameDef

from . import bench
from .game import LIBER

if TYPE_CHECKING:
    from renderers.renderer import Renderer


def _renderer() -> Renderer:
    # loaded when first drawn: renderers.liber imports this package's modules (no circle at load time)
    from renderers.liber import RENDERER

    return RENDERER


GAME = GameDef(
    rules=LIBER,
    label="King of Liber",
    words=("kol", "king of liber"),
    render=_renderer,
    bench=BenchDef(playout_stats=bench.playout_stats, ai_vs_ai=bench.ai_vs_ai, balance_decks=bench.balance_decks),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
