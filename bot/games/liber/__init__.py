"""King of Liber: a card battle on three lines (rules: docs/rules/liber.md). Its folder builds `GAME`, the one
thing the host reads of it (docs/adding-a-game.md)."""

from pathlib import Path

from bot.engine import BenchDef, GameDef
from renderers.liber import RENDERER

from . import bench
from .game import LIBER

GAME = GameDef(
    rules=LIBER,
    label="King of Liber",
    words=("kol", "king of liber"),
    render=RENDERER,
    bench=BenchDef(playout_stats=bench.playout_stats, ai_vs_ai=bench.ai_vs_ai, balance_decks=bench.balance_decks),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
