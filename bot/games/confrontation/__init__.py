"""Confrontation (issue #14): secret activation sequences, the reserve and refusals, on the table in centimetres.
Its folder builds `GAME`, the one thing the host reads of it (docs/adding-a-game.md)."""

from __future__ import annotations

from bot.engine import BenchDef, GameDef, TableBench, drawn_by

from . import bench
from .game import CONFRONTATION

GAME = GameDef(
    rules=CONFRONTATION,
    command="conf",
    render=drawn_by("renderers.confrontation"),
    bench=BenchDef(
        table=TableBench(figures=bench.figures, sample_views=bench.sample_views), balance_decks=bench.balance_decks
    ),
)

__all__ = ["GAME"]
