"""Palet, the host's test game of a puck placed anywhere on the board: its `GAME`."""

from bot.engine import GameDef
from renderers.palet import RENDERER

from .game import PALET

GAME = GameDef(rules=PALET, label="Palet", render=RENDERER)

__all__ = ["GAME"]
