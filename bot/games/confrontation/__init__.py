"""Confrontation (issue #14): secret activation sequences, the reserve and refusals, on the table in centimetres.
Its folder builds `GAME`, the one thing the host reads of it (docs/adding-a-game.md)."""

from pathlib import Path

from bot.engine import BenchDef, GameDef, TableBench
from renderers.confrontation import RENDERER

from . import bench
from .game import CONFRONTATION

GAME = GameDef(
    rules=CONFRONTATION,
    label="Confrontation",
    words=("conf", "confede"),
    command="conf",
    render=RENDERER,
    bench=BenchDef(table=TableBench(figures=bench.figures, sample_views=bench.sample_views)),
    corpus=Path(__file__).with_name("rules.yaml"),
)

__all__ = ["GAME"]
