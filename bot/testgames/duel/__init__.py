"""Duel, the host's test game of hidden hands and secret simultaneous choices: its `GAME`."""

from bot.engine import GameDef
from renderers.duel import RENDERER

from .game import DUEL

GAME = GameDef(rules=DUEL, label="Duel", render=RENDERER)

__all__ = ["GAME"]
