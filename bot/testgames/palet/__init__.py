"""Palet, the host's test game of a puck placed anywhere on the board: its `GAME`."""

from __future__ import annotations

from bot.engine import GameDef, drawn_by

from .game import PALET

GAME = GameDef(rules=PALET, render=drawn_by("renderers.palet"))

__all__ = ["GAME"]
